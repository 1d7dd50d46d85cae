"""A read weighs its terms by how many observations hold them, as the lexical index holds
them: stemmed ("thinking" is "think"), split ("rock-climbing" is "rock" and "climb"), without
accents. Counted by spelling, a word the turns inflect looked rare, stayed in the query, and
its matches crowded a rare word's out of the ranked window."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.projections.lexical import tokens
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.fts_terms import fts_terms
from nousmem.runtime.journal.fts import FtsIndex, table_for
from nousmem.runtime.vocabulary import BATCH, Vocabulary

WORDS = [
    "think", "thinking", "thinks", "painting", "paints", "rock-climbing", "climbing",
    "café", "cafe", "caroline's", "incredibly", "us", "I'm", "kayak", "kayaks",
]  # fmt: skip


@pytest.mark.parametrize(
    ("word", "terms"),
    [
        ("thinking", ("think",)),
        ("thinks", ("think",)),
        ("rock-climbing", ("rock", "climb")),
        ("café", ("cafe",)),
        ("caroline's", ("carolin", "s")),
        ("us", ("us",)),  # FTS5 leaves words of one or two letters unstemmed
        ("incredibly", ("incred",)),
        ("", ()),
    ],
)
def test_a_word_has_the_terms_fts5_indexes_for_it(word: str, terms: tuple[str, ...]) -> None:
    assert fts_terms([word]) == {word: terms}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
        min_size=1,
        max_size=12,
    ),
    word=st.sampled_from(WORDS),
    cut=st.integers(0, 12),
)
def test_the_count_of_a_word_is_what_a_search_for_it_matches(
    texts: list[str], word: str, cut: int
) -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    FtsIndex().add(conn, [("ns", i + 1, f"e{i + 1}", t) for i, t in enumerate(texts)])
    vocab = Vocabulary()
    for i, t in enumerate(texts):
        vocab.add_observation(t, i + 1)
    (q,) = tokens(word) or [word]
    table = table_for("ns")
    matched = conn.execute(
        f"SELECT count(*) FROM {table} WHERE {table} MATCH ? AND rowid <= ?", (f'"{q}"', cut)
    ).fetchone()[0]
    counted = vocab.doc_frequency(q, cut)
    if len(fts_terms([q])[q]) == 1:
        assert counted == matched
    else:  # a phrase of several terms: at most the rows holding its rarest term
        assert counted >= matched


def test_observations_are_counted_at_the_next_question() -> None:
    vocab = Vocabulary()
    vocab.add_observation("I was thinking about painting", 1)
    vocab.add_observation("She thinks so", 2)
    assert vocab.seqs == {}  # folding asks the tokenizer nothing
    twin = Vocabulary()
    twin.add_observation("I was thinking about painting", 1)
    twin.add_observation("She thinks so", 2)
    assert [vocab.doc_frequency("think", s) for s in (0, 1, 2, None)] == [0, 1, 2, 2]
    assert vocab.pending == [] and twin.pending != []
    assert vocab == twin  # equal whichever has counted yet
    twin.add_observation("more paint", 3)
    assert vocab != twin


async def test_a_frequent_word_spelled_otherwise_no_longer_crowds_out_a_rare_one() -> None:
    """Twelve newer turns say "thinking"; one old turn says "painting". The question says
    "think": it is as common as the turns make it, too common for the postings budget, and
    the search looks for "painting" alone; counted by its spelling (none), "think" stayed,
    and the five newest matches ranked were all "thinking" turns."""
    config = {"retrieval": {"max_postings": 5, "rank_window": 5, "relaxed_min_hits": 0}}
    start = datetime(2024, 1, 1, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u", config=config) as rt:
        await rt.observe(
            {"content": "Hana took up oil painting at the studio.", "actor": "Hana",
             "occurred_at": start, "ref": "old"}
        )  # fmt: skip
        for i in range(12):
            await rt.observe(
                {"content": f"Hana was thinking about lunch option {i}.", "actor": "Hana",
                 "occurred_at": start + timedelta(days=1 + i), "ref": f"t{i}"}
            )  # fmt: skip
        assert rt._proj.doc_frequency("think") == 12
        ctx = await rt.query("What does Hana think about painting?", budget_tokens=400)
        assert ctx.plan["fts"] == '"painting"'
        assert any("old" in s.refs for s in ctx.snippets)


def test_observations_are_counted_a_batch_at_a_time() -> None:
    """Nothing waits long to be counted: a read after a bulk import finds at most one batch
    to count, and a process that only writes holds at most one batch of texts."""
    vocab = Vocabulary()
    for i in range(BATCH - 1):
        vocab.add_observation(f"thinking about option {i}", i + 1)
    assert len(vocab.pending) == BATCH - 1 and vocab.seqs == {}
    vocab.add_observation("thinks so", BATCH)
    assert vocab.pending == []
    assert len(vocab.seqs["think"]) == BATCH
    for i in range(3 * BATCH + 5):
        vocab.add_observation("painting", BATCH + 1 + i)
        assert len(vocab.pending) < BATCH
    assert vocab.doc_frequency("paints") == 3 * BATCH + 5
    assert vocab.doc_frequency("think", BATCH - 1) == BATCH - 1
