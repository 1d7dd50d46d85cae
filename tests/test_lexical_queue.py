"""The SQLite lexical index's queue: doc rows wait in ``lex_queue`` and move into FTS5 in
batches, before any search, and before an erasure; no search ever misses a committed row."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.events import EventDraft
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal.fts import table_for
from nousmem.runtime.journal.lexqueue import FLUSH_ROWS
from nousmem.runtime.journal.sqlite import SqliteJournal
from tests.helpers import utterance_draft

T0 = datetime(2024, 1, 1, tzinfo=UTC)
IDS = IdGenerator(seed=11)


def _draft(ns: str, text: str, i: int = 0) -> EventDraft:
    return utterance_draft(IDS, ns, text, T0 + timedelta(seconds=i))


def _counts(path: Path, ns: str = "a") -> tuple[int, int]:
    """(rows in the queue, rows in the namespace's FTS5 table), read with plain sqlite3."""
    conn = sqlite3.connect(path)
    try:
        queued = conn.execute("SELECT count(*) FROM lex_queue").fetchone()[0]
        indexed = conn.execute(f"SELECT count(*) FROM {table_for(ns)}").fetchone()[0]
        return int(queued), int(indexed)
    finally:
        conn.close()


async def test_a_row_waits_in_the_queue_until_a_search_moves_it(tmp_path: Path) -> None:
    p = tmp_path / "j.db"
    j = await SqliteJournal.open(p, durability="normal")
    try:
        await j.append([_draft("a", "the quick brown fox")])
        assert _counts(p) == (1, 0)
        hits = await j.search("a", '"fox"', limit=5)
        assert [h.seq for h in hits] == [1]
        assert _counts(p) == (0, 1)
        assert j._writer.queued == 0
    finally:
        await j.close()


async def test_the_write_that_fills_the_queue_moves_it_in_its_own_transaction(
    tmp_path: Path,
) -> None:
    p = tmp_path / "j.db"
    j = await SqliteJournal.open(p, durability="normal")
    try:
        for i in range(FLUSH_ROWS - 1):
            await j.append([_draft("a", f"turn {i}", i)])
        assert _counts(p) == (FLUSH_ROWS - 1, 0)
        await j.append([_draft("a", "the last turn", FLUSH_ROWS)])
        assert _counts(p) == (0, FLUSH_ROWS)
        assert j.commits == FLUSH_ROWS  # no transaction of its own
        big = [_draft("a", f"batch {i}", 100 + i) for i in range(FLUSH_ROWS)]
        await j.append(big)  # a batch that fills it alone goes straight to the index
        assert _counts(p) == (0, 2 * FLUSH_ROWS)
    finally:
        await j.close()


async def test_another_connection_finds_rows_this_one_queued(tmp_path: Path) -> None:
    p = tmp_path / "j.db"
    writer = await SqliteJournal.open(p, durability="normal")
    reader = await SqliteJournal.open(p, durability="normal")
    try:
        await writer.append([_draft("a", "apples and pears", 1)])
        await writer.append([_draft("a", "pears only", 2)])
        assert [h.seq for h in await reader.search("a", '"pears"', limit=5, max_seq=1)] == [1]
        assert sorted(h.seq for h in await reader.search("a", '"pears"', limit=5)) == [1, 2]
        # The writer's next search finds the queue already moved.
        assert sorted(h.seq for h in await writer.search("a", '"pears"', limit=5)) == [1, 2]
    finally:
        await writer.close()
        await reader.close()


async def test_rows_queued_by_a_process_that_stopped_are_found_after_reopening(
    tmp_path: Path,
) -> None:
    p = tmp_path / "j.db"
    j = await SqliteJournal.open(p, durability="normal")
    await j.append([_draft("a", "left in the queue")])
    await j.close()
    assert _counts(p) == (1, 0)
    j = await SqliteJournal.open(p, durability="normal")
    try:
        assert [h.seq for h in await j.search("a", '"queue"', limit=5)] == [1]
    finally:
        await j.close()


async def test_a_reindex_replaces_queued_rows_up_to_its_position_and_keeps_later_ones(
    tmp_path: Path,
) -> None:
    p = tmp_path / "j.db"
    j = await SqliteJournal.open(p, durability="normal")
    try:
        events = await j.append([_draft("a", f"plum {i}", i) for i in range(3)])
        docs = [(e.id, e.seq, f"cherry {e.seq}") for e in events[:2]]
        await j.reindex("a", docs, upto_seq=2)
        assert [h.seq for h in await j.search("a", '"plum"', limit=5)] == [3]
        assert sorted(h.seq for h in await j.search("a", '"cherry"', limit=5)) == [1, 2]
    finally:
        await j.close()


async def test_erasing_a_queued_row_leaves_its_text_nowhere_on_disk(tmp_path: Path) -> None:
    secret = "QuorvendaleSecret"
    db = tmp_path / "memory.db"
    rt = await MemoryRuntime.open(db, namespace="n")
    kept = await rt.observe({"content": "a note to keep", "actor": "Alice"})
    gone = await rt.observe({"content": f"my code word is {secret}", "actor": "Alice"})
    assert _counts(db, "n")[0] == 2  # both still queued
    receipt = await rt.erase(event_ids=[gone.id], reason="user asked")
    assert receipt.verified and receipt.storage_scrubbed
    assert _counts(db, "n") == (0, 1)
    assert [h.event_id for h in await rt.journal.search("n", '"note"', limit=5)] == [kept.id]
    await rt.close()
    for name in sorted(os.listdir(tmp_path)):
        data = (tmp_path / name).read_bytes()
        assert secret.encode() not in data and secret.lower().encode() not in data, name


async def test_opening_an_older_file_raises_its_schema_version(tmp_path: Path) -> None:
    p = tmp_path / "j.db"
    j = await SqliteJournal.open(p, durability="normal")
    await j.close()
    with sqlite3.connect(p) as conn:
        conn.execute("DROP TABLE lex_queue")
        conn.execute("UPDATE nousmem_meta SET value = '2' WHERE key = 'schema_version'")
    j = await SqliteJournal.open(p, durability="normal")
    try:
        await j.append([_draft("a", "after the upgrade")])
        assert [h.seq for h in await j.search("a", '"upgrade"', limit=5)] == [1]
    finally:
        await j.close()
    with sqlite3.connect(p) as conn:
        got = conn.execute("SELECT value FROM nousmem_meta WHERE key = 'schema_version'")
        assert got.fetchone()[0] == "3"


async def test_the_queue_tolerates_a_writer_that_bypasses_it(tmp_path: Path) -> None:
    """An older nousmem that had the file open when this one raised its version erases and
    reindexes without knowing the queue: an event it erased is never indexed, and a row it
    indexed itself does not make the move fail (and every search with it)."""
    p = tmp_path / "j.db"
    j = await SqliteJournal.open(p, durability="normal")
    try:
        await j.append([_draft("a", "erased elsewhere", 1), _draft("a", "indexed elsewhere", 2)])
        with sqlite3.connect(p) as old:
            old.execute("UPDATE events SET payload = NULL, erased = 1 WHERE seq = 1")
            old.execute(
                f"INSERT INTO {table_for('a')}(rowid, text, event_id)"
                " SELECT seq, 'indexed elsewhere', id FROM events WHERE seq = 2"
            )
        assert await j.search("a", '"erased"', limit=5) == []
        assert [h.seq for h in await j.search("a", '"elsewhere"', limit=5)] == [2]
        assert _counts(p) == (0, 1)
    finally:
        await j.close()


def _segments(path: Path, ns: str) -> int:
    """FTS5 segments of the namespace's index (its ``_idx`` table has rows per segment)."""
    conn = sqlite3.connect(path)
    try:
        row = conn.execute(f"SELECT count(DISTINCT segid) FROM {table_for(ns)}_idx").fetchone()
        return int(row[0])
    finally:
        conn.close()


async def test_a_rebuild_leaves_the_lexical_index_in_one_segment_with_the_same_hits(
    tmp_path: Path,
) -> None:
    """A rebuild rewrites the index in one transaction: without a merge it would leave the
    old segments (their rows now deletion markers) beside the new one, for every later
    search to read through."""
    db = tmp_path / "memory.db"
    rt = await MemoryRuntime.open(db, namespace="n", config={"journal": {"durability": "normal"}})
    try:
        for i in range(3 * FLUSH_ROWS):
            await rt.observe(
                {"content": f"turn {i}: the {('fox', 'owl', 'hare')[i % 3]} ran", "actor": "A"}
            )
        before = {w: await rt.journal.search("n", f'"{w}"', limit=500) for w in ("fox", "ran")}
        assert _segments(db, "n") >= 1
        await rt.rebuild()
        assert _segments(db, "n") == 1
        after = {w: await rt.journal.search("n", f'"{w}"', limit=500) for w in ("fox", "ran")}
        assert after == before
        assert len(after["ran"]) == 3 * FLUSH_ROWS
    finally:
        await rt.close()
