"""The lexical index ranks as of a journal position: the statistics are the prefix's.

A search as of seq P on a longer index must equal the same search on an index that holds
only the rows up to P, and at the head it must equal FTS5's own ``bm25()``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.journal.bm25 import PrefixLengths, _varints, phrases, scores
from nousmem.runtime.journal.fts import FtsIndex, table_for
from nousmem.runtime.vocabulary import Vocabulary

WORDS = ["kayak", "kayaks", "lake", "tea", "pottery", "painting", "paints", "dog", "self-care"]
rows = st.lists(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join),
    min_size=1,
    max_size=25,
)
queries = st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True).map(
    lambda ws: " OR ".join(f'"{w}"' for w in ws)
)


def index(texts: list[str]) -> tuple[sqlite3.Connection, FtsIndex]:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    fts = FtsIndex()
    fts.add(conn, [("ns", i + 1, f"e{i + 1}", t) for i, t in enumerate(texts)])
    return conn, fts


def hits(
    conn: sqlite3.Connection,
    fts: FtsIndex,
    query: str,
    *,
    max_seq: int | None = None,
    window: int | None = None,
) -> list[tuple[int, float]]:
    found = fts.search(conn, "ns", query, limit=50, max_seq=max_seq, window=window)
    return [(h.seq, h.score) for h in found]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts=rows, extra=rows, query=queries, window=st.one_of(st.none(), st.integers(1, 30)))
def test_a_search_as_of_p_equals_the_search_on_the_first_p_rows(
    texts: list[str], extra: list[str], query: str, window: int | None
) -> None:
    long_conn, long_fts = index(texts + extra)
    short_conn, short_fts = index(texts)
    p = len(texts)
    assert hits(long_conn, long_fts, query, max_seq=p, window=window) == hits(
        short_conn, short_fts, query, max_seq=None, window=window
    )


@settings(max_examples=80, deadline=None)
@given(texts=rows, query=queries)
def test_the_prefix_formula_gives_fts5s_own_bm25_doubles(texts: list[str], query: str) -> None:
    """At the head the two paths must agree to the bit: a read made at the head (FTS5's
    bm25) is replayed later, when rows were appended, through ``bm25.scores``."""
    conn, _ = index(texts)
    table = table_for("ns")
    want = dict(
        conn.execute(
            f"SELECT rowid, -bm25({table}) FROM {table} WHERE {table} MATCH ?", (query,)
        ).fetchall()
    )
    lengths = PrefixLengths(table)
    lengths.extend(conn)
    query_phrases = phrases(conn, [p.strip('"') for p in query.split(" OR ")])
    got = scores(conn, table, query_phrases, want, None, lengths)
    assert got == want  # exact: same doubles, not approximately


def test_removed_rows_leave_the_statistics() -> None:
    conn, fts = index(["kayak lake", "kayak", "tea", "kayak kayak kayak"])
    before = hits(conn, fts, '"kayak"')
    fts.remove(conn, "ns", [4])
    short_conn, short_fts = index(["kayak lake", "kayak", "tea"])
    assert hits(conn, fts, '"kayak"') == hits(short_conn, short_fts, '"kayak"') != before


def test_rows_another_connection_removed_reset_the_lengths(tmp_path: object) -> None:
    path = f"{tmp_path}/f.db"
    mine = sqlite3.connect(path, isolation_level=None)
    fts = FtsIndex()
    fts.add(
        mine, [("ns", i + 1, f"e{i + 1}", t) for i, t in enumerate(["kayak", "kayak tea", "x"])]
    )
    first = hits(mine, fts, '"kayak"')
    other = sqlite3.connect(path, isolation_level=None)
    FtsIndex().remove(other, "ns", [3])  # another process erases a row
    other.close()
    fresh_conn, fresh_fts = index(["kayak", "kayak tea"])
    assert hits(mine, fts, '"kayak"') == hits(fresh_conn, fresh_fts, '"kayak"') != first


@pytest.mark.parametrize(
    ("blob", "values"),
    [
        (b"\x00", [0]),
        (b"\x7f\x00", [127, 0]),
        (b"\x81\x00", [128]),
        (b"\x83\x7f\x05", [511, 5]),
        (b"\xff" * 8 + b"\x01", [(2**56 - 1) << 8 | 1]),
        (b"", []),
    ],
)
def test_varints_as_fts5_writes_row_sizes(blob: bytes, values: list[int]) -> None:
    assert _varints(blob) == values


def test_prefix_lengths_count_rows_and_mean_length() -> None:
    conn, fts = index(["a b c", "d e", "f"])
    fts.search(conn, "ns", '"a"', limit=1, max_seq=None)
    lengths = PrefixLengths(table_for("ns"))
    lengths.extend(conn)
    assert lengths.stats(None) == (3, 2.0)
    assert lengths.stats(2) == (2, 2.5)
    assert lengths.stats(0) == (0, 0.0)


def test_the_vocabulary_answers_as_of_a_position() -> None:
    vocab = Vocabulary()
    vocab.add_entity("Alice Smith", 1)
    vocab.add_observation("Alice likes kayaks and kayaks", 1)
    vocab.add_observation("tea with Bob", 3)
    vocab.add_entity("Bob", 3)
    vocab.add_entity("Alice Smith", 5)  # named again: known since the first time
    vocab.add_observation("more kayaks", 6)
    assert vocab.entities_in(["alice", "Bob"]) == ["Alice Smith", "Bob"]
    assert vocab.entities_in(["alice", "Bob"], as_of_seq=2) == ["Alice Smith"]
    assert vocab.entities_in(["alice"], as_of_seq=0) == []
    assert [vocab.doc_frequency("kayaks", s) for s in (0, 1, 5, 6, None)] == [0, 1, 1, 2, 2]


async def test_the_projector_counts_observations_as_of_a_position() -> None:
    rt = await MemoryRuntime.memory(namespace="ns")
    try:
        seqs = [(await rt.observe({"content": f"kayak trip {i}"})).seq for i in range(3)]
        await rt.query("kayak")  # a retrieval event: no observation
        proj = rt._proj
        counts = [proj.observations_at(s) for s in (0, seqs[0], seqs[1], seqs[2], None)]
        assert counts == [0, 1, 2, 3, 3]
        assert [proj.doc_frequency("kayak", s) for s in (0, seqs[1], None)] == [0, 2, 3]
    finally:
        await rt.close()


async def test_a_read_as_of_a_time_ranks_in_the_journal_as_it_stood_then(
    tmp_path: Path,
) -> None:
    """Later-dated observations that match the question must not crowd an event-time
    read's evidence out of the lexical top-k, nor change the terms its query keeps."""
    from datetime import UTC, datetime, timedelta

    day0 = datetime(2024, 1, 1, 9, tzinfo=UTC)
    question = "Which lake did Alice go kayaking on?"
    async with MemoryRuntime.open(tmp_path / "t.db", namespace="u") as rt:
        await rt.observe(
            {
                "content": "We went kayaking at Tahoe with some friends.",
                "actor": "Alice",
                "occurred_at": day0,
            }
        )
        await rt.observe(
            {
                "content": "Bought new shoes.",
                "actor": "Alice",
                "occurred_at": day0 + timedelta(days=1),
            }
        )
        at = day0 + timedelta(days=2)
        live = await rt.query(question)  # the present is 2 January: what it found then
        then = (await rt.head()).seq
        for i in range(70):
            await rt.observe(
                {
                    "content": f"Kayaking on the lake {i}.",
                    "actor": "Alice",
                    "occurred_at": day0 + timedelta(days=30 + i),
                }
            )
        past = await rt.query(question, as_of=at)
        assert "Tahoe" in live.to_prompt()
        assert [s.text for s in past.snippets] == [s.text for s in live.snippets]
        trace = await rt.trace(past.trace_id)
        assert trace.payload.plan["rank_seq"] == then
        for _ in range(3):  # still the same after more of the future is written
            await rt.observe(
                {
                    "content": "Kayaking again on the lake.",
                    "actor": "Alice",
                    "occurred_at": day0 + timedelta(days=200),
                }
            )
        report = await rt.replay_trace(past.trace_id)
        assert report.identical


@given(
    st.lists(st.integers(min_value=0, max_value=30), min_size=0, max_size=40),
    st.integers(min_value=-1, max_value=31),
    st.integers(min_value=0, max_value=130),
)
def test_the_ranking_prefix_of_a_time_ends_before_the_first_later_observation(
    days: list[int], by: int, upto: int
) -> None:
    """Brute force: past the last observation (up to ``upto``) that occurred by the time,
    the prefix ends just before the next observation, or at ``upto`` when there is none."""
    from datetime import UTC, datetime, timedelta

    from nousmem.runtime.obs_times import ObservationTimes

    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    times = ObservationTimes()
    seqs = [3 * i + 1 for i in range(len(days))]  # other events between observations
    for seq, d in zip(seqs, days, strict=True):
        times.add(seq, t0 + timedelta(days=d))
    upto = min(upto, 3 * len(days) + 5)
    shown = [(s, d) for s, d in zip(seqs, days, strict=True) if s <= upto]
    by_then = [i for i, (_, d) in enumerate(shown) if d <= by]
    if not shown:
        want = upto
    elif not by_then:
        want = shown[0][0] - 1
    else:
        nxt = by_then[-1] + 1
        want = shown[nxt][0] - 1 if nxt < len(shown) else upto
    assert times.rank_seq(upto, t0 + timedelta(days=by)) == want
