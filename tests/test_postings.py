"""Reads at the head ranked from postings in memory return exactly FTS5's own ranking.

``FtsIndex.search`` ranks a ``"a" OR "b"`` query of one-term phrases from postings it holds
(``runtime/journal/postings.py``); every other query, and every read behind the head, runs
FTS5's ranked statement. The hits (ids, order and score doubles) must be the same either
way, whatever the rows, the window and what changed in the index since the postings were
read: rows appended, removed or replaced, by this connection or another.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal import postings
from nousmem.runtime.journal.base import SearchHit
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.sqlite import SqliteJournal
from tests.helpers import utterance_draft

NS = "n"
WORDS = ["fox", "foxes", "owl", "hare", "running", "runs", "garden", "rain", "blue", "river"]


def _fts5(conn: sqlite3.Connection, query: str, limit: int, window: int | None) -> list[SearchHit]:
    """FTS5's own ranked statement (the path the postings stand in for): the default."""
    return FtsIndex().search(conn, NS, query, limit=limit, max_seq=None, window=window)


def _add(index: FtsIndex, conn: sqlite3.Connection, texts: list[str], start: int = 1) -> None:
    index.add(conn, [(NS, start + i, f"e{start + i}", t) for i, t in enumerate(texts)])


def _query(words: list[str]) -> str:
    return " OR ".join(f'"{w}"' for w in words)


docs = st.lists(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join), min_size=1, max_size=40
)
queries = st.lists(st.sampled_from([*WORDS, "absent", "blue river"]), min_size=1, max_size=3)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=docs,
    words=queries,
    limit=st.integers(1, 12),
    window=st.one_of(st.none(), st.integers(1, 30)),
)
def test_the_hits_are_fts5s_own_for_any_rows_and_window(
    texts: list[str], words: list[str], limit: int, window: int | None
) -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    index = FtsIndex(in_memory=True)
    _add(index, conn, texts)
    query = _query(words)
    got = index.search(conn, NS, query, limit=limit, max_seq=None, window=window)
    assert got == _fts5(conn, query, limit, window)


def test_one_term_queries_are_ranked_from_postings() -> None:
    """The equality above must compare two paths: this query takes the postings' one."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    index = FtsIndex(in_memory=True)
    _add(index, conn, ["the fox runs", "an owl", "foxes and owls"])
    assert postings.single_terms(conn, '"fox" OR "owls"') == ["fox", "owl"]
    assert postings.single_terms(conn, '"blue river"') is None  # two terms: FTS5's path
    assert postings.single_terms(conn, '"fox" AND "owl"') is None
    index.search(conn, NS, '"fox" OR "owl"', limit=5, max_seq=None, window=None)
    held = index._postings[index.ensure(conn, NS)]
    assert held.upto == 3 and sorted(held._docs) == ["fox", "owl"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=docs,
    later=docs,
    removed=st.sets(st.integers(1, 40), max_size=5),
    replaced=st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
    words=queries,
    window=st.one_of(st.none(), st.integers(1, 30)),
)
def test_the_hits_stay_fts5s_after_rows_are_added_removed_and_replaced(
    first: list[str],
    later: list[str],
    removed: set[int],
    replaced: str,
    words: list[str],
    window: int | None,
) -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    index = FtsIndex(in_memory=True)
    _add(index, conn, first)
    query = _query(words)
    index.search(conn, NS, query, limit=8, max_seq=None, window=window)  # postings read
    _add(index, conn, later, start=len(first) + 1)
    assert index.search(conn, NS, query, limit=8, max_seq=None, window=window) == _fts5(
        conn, query, 8, window
    )
    index.remove(conn, NS, sorted(removed))
    assert index.search(conn, NS, query, limit=8, max_seq=None, window=window) == _fts5(
        conn, query, 8, window
    )
    kept = [r for (r,) in conn.execute(f"SELECT rowid FROM {index.ensure(conn, NS)}")]
    if kept:  # a row already known comes back with other words (a queue flush replaces)
        index.add(conn, [(NS, kept[0], f"e{kept[0]}", replaced)], replace=True)
        assert index.search(conn, NS, query, limit=8, max_seq=None, window=window) == _fts5(
            conn, query, 8, window
        )


def test_another_connections_changes_leave_the_hits_fts5s(tmp_path: Path) -> None:
    """Rows another process appends, erases or rewrites are seen at the next search."""
    path = tmp_path / "lex.db"
    mine = sqlite3.connect(path, isolation_level=None)
    mine.execute("PRAGMA journal_mode=WAL")
    other = sqlite3.connect(path, isolation_level=None)
    index, theirs = FtsIndex(in_memory=True), FtsIndex()
    _add(index, mine, ["fox fox owl", "owl hare", "the fox", "rain on the river", "fox"])
    query = '"fox" OR "owl"'

    def check() -> None:
        got = index.search(mine, NS, query, limit=10, max_seq=None, window=4)
        assert got == _fts5(mine, query, 10, 4)

    check()
    _add(theirs, other, ["owl owl owl", "a fox in the garden"], start=6)  # appended there
    check()
    theirs.remove(other, NS, [1, 6])  # erased there
    check()
    table = theirs.ensure(other, NS)
    # Rewritten there with as many rows as before (a rebuild with other text).
    other.execute("BEGIN")
    other.execute(f"DELETE FROM {table} WHERE rowid = 3")
    other.execute(
        f"INSERT INTO {table}(rowid, text, event_id) VALUES (3, 'owl fox hare fox', 'e3')"
    )
    other.execute("COMMIT")
    check()
    assert index.search(mine, NS, query, limit=10, max_seq=None, window=None) == _fts5(
        mine, query, 10, None
    )


def test_with_load_later_a_new_word_runs_fts5_and_its_postings_are_read_after() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    index = FtsIndex(in_memory=True, load_later=True)
    _add(index, conn, ["fox fox owl", "owl hare", "the fox", "rain", "fox"])
    query = '"fox" OR "owl"'
    first = index.search(conn, NS, query, limit=3, max_seq=None, window=None)
    assert first == _fts5(conn, query, 3, None)
    assert index.wanted and index.ensure(conn, NS) not in index._postings
    index.load_wanted(conn)
    assert not index.wanted
    held = index._postings[index.ensure(conn, NS)]
    assert held.missing(["fox", "owl"]) == []
    _add(index, conn, ["owl owl"], start=6)  # indexed after the postings were read
    assert index.search(conn, NS, query, limit=3, max_seq=None, window=None) == _fts5(
        conn, query, 3, None
    )
    assert held.upto == 6  # ranked from the postings, extended with the new row


async def test_the_sqlite_journal_reads_a_searched_words_postings_on_its_thread(
    tmp_path: Path,
) -> None:
    ids = IdGenerator(seed=5)
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    texts = ["fox fox owl", "owl hare", "the fox ran", "rain on the river", "fox"]
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal", postings_in_memory=True)
    try:
        await j.append(
            [utterance_draft(ids, NS, t, t0 + timedelta(seconds=i)) for i, t in enumerate(texts)]
        )
        query = '"fox" OR "owl"'
        first = await j.search(NS, query, limit=4)  # FTS5's statement: no postings yet
        fts = j._writer.fts
        assert fts.wanted and not j._loading
        # Read after the next commit (a read's trace), when the thread has nothing else.
        await j.append([utterance_draft(ids, NS, "rain", t0 + timedelta(seconds=9))])
        for _ in range(200):
            if not j._loading:
                break
            await asyncio.sleep(0.01)
        assert not fts.wanted and not j._loading
        assert fts._postings[fts.ensure(j._db._conn, NS)].missing(["fox", "owl"]) == []
        second = await j.search(NS, query, limit=4)  # from the postings
        fts.in_memory = False
        assert second == await j.search(NS, query, limit=4)
        assert {h.event_id for h in second} == {h.event_id for h in first}
    finally:
        await j.close()


QUESTIONS = [
    "Where does Alice work?",
    "What does Bob think about the river?",
    "Has Alice been to the garden?",
    "Who runs by the river in the rain?",
]


async def _contexts(path: Path, in_memory: bool) -> list[str]:
    config = {"journal": {"durability": "normal", "postings_in_memory": in_memory}}
    async with MemoryRuntime.open(path, namespace="n", config=config) as rt:
        assert rt.journal._writer.fts.in_memory is in_memory
        out = []
        for _ in range(2):  # the second round reads the postings the first one asked for
            for q in QUESTIONS:
                out.append((await rt.query(q, budget_tokens=300)).to_prompt())
        held = rt.journal._writer.fts._postings
        assert bool(held) is in_memory  # so the second round was ranked from them
        return out


async def test_a_runtime_reads_the_same_contexts_with_postings_in_memory(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="n") as rt:
        assert rt.journal._writer.fts.in_memory is False  # off unless asked for
        for i in range(80):
            who = ("Alice", "Bob")[i % 2]
            place = ("the river", "the garden", "Acme", "the market")[i % 4]
            await rt.observe({"content": f"I went to {place} in the rain, turn {i}.", "actor": who})
    assert await _contexts(path, True) == await _contexts(path, False)
    async with MemoryRuntime.memory(config={"journal": {"postings_in_memory": True}}) as rt:
        assert rt.journal._fts.in_memory is True


async def test_a_failed_reading_of_postings_leaves_searches_to_fts5(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = IdGenerator(seed=6)
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal", postings_in_memory=True)
    try:
        texts = ["fox fox owl", "owl hare", "the fox ran"]
        await j.append(
            [utterance_draft(ids, NS, t, t0 + timedelta(seconds=i)) for i, t in enumerate(texts)]
        )
        fts = j._writer.fts

        def broken(conn: sqlite3.Connection) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(fts, "load_wanted", broken)
        query = '"fox" OR "owl"'
        first = await j.search(NS, query, limit=3)
        await j.append([utterance_draft(ids, NS, "rain", t0 + timedelta(seconds=9))])
        for _ in range(200):
            if not j._loading:
                break
            await asyncio.sleep(0.01)
        assert not j._loading and not fts._postings  # failed, forgotten, not half-read
        again = await j.search(NS, query, limit=3)
        assert {h.event_id for h in again} == {h.event_id for h in first}
        fts.in_memory = False
        assert again == await j.search(NS, query, limit=3)
    finally:
        await j.close()
