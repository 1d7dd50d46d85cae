"""No erased byte stays in the journal's files: pages freed by later writes are zeroed too,
and an erasure's index merge and WAL truncation finish even if the process died between
its commit and them."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.journal.fts import FtsIndex

SECRET = "ZorblaxSecretKillQ"  # the porter stemmer leaves it whole in the index


def _files_holding(d: Path, needle: str) -> list[str]:
    out = []
    for f in sorted(os.listdir(d)):
        data = (d / f).read_bytes()
        if needle.encode() in data or needle.lower().encode() in data:
            out.append(f)
    return out


async def test_rows_moved_by_later_writes_leave_no_copy_of_erased_text(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    rt = await MemoryRuntime.open(db, namespace="user/alice")
    old = await rt.observe({"content": "an unrelated note", "actor": "Alice"})
    await rt.erase(event_ids=[old.id], reason="a first erasure on this connection")
    secret = await rt.observe({"content": f"My diagnosis is {SECRET}.", "actor": "Alice"})
    for i in range(60):  # pages split and cells move
        await rt.observe({"content": f"filler turn {i} " + "blah " * 10, "actor": "Alice"})
    receipt = await rt.erase(event_ids=[secret.id], reason="user asked")
    assert receipt.verified and receipt.storage_scrubbed
    await rt.close()
    assert _files_holding(tmp_path, SECRET) == []
    with sqlite3.connect(db) as plain:
        assert (
            plain.execute("SELECT count(*) FROM nousmem_meta WHERE key LIKE 'erasure%'").fetchone()[
                0
            ]
            == 0
        )


async def test_an_erasure_cut_short_after_its_commit_is_finished_at_the_next_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "memory.db"
    rt = await MemoryRuntime.open(db, namespace="a")
    ev = await rt.observe({"content": f"My diagnosis is {SECRET}.", "actor": "Alice"})
    for i in range(20):
        await rt.observe({"content": f"filler {i} " + "blah " * 20, "actor": "Alice"})

    class Died(BaseException):
        pass

    def die(self: FtsIndex, conn: object, namespace: str) -> None:
        raise Died  # as if the process were killed right after the erasure's commit

    with monkeypatch.context() as m:
        m.setattr(FtsIndex, "optimize", die)
        with pytest.raises(Died):
            await rt.erase(event_ids=[ev.id], reason="user asked")
    await rt.close()
    assert _files_holding(tmp_path, SECRET)  # the index still held the erased words
    rt = await MemoryRuntime.open(db, namespace="a")  # finishes the scrub
    try:
        assert (await rt.verify()).ok
        got = await rt.get(ev.id)
        assert got is not None and got.erased
    finally:
        await rt.close()
    assert _files_holding(tmp_path, SECRET) == []


async def test_a_namespace_named_past_the_basic_plane_is_scrubbed_too(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    async with MemoryRuntime.open(db, namespace="\U0001d49clice") as rt:  # mathematical A
        ev = await rt.observe({"content": f"My diagnosis is {SECRET}.", "actor": "Alice"})
        for i in range(20):
            await rt.observe({"content": f"filler {i} " + "blah " * 20, "actor": "Alice"})
        await rt.erase(event_ids=[ev.id], reason="user asked")
    assert _files_holding(tmp_path, SECRET) == []
    with sqlite3.connect(db) as plain:
        assert (
            plain.execute("SELECT count(*) FROM nousmem_meta WHERE key LIKE 'erasure%'").fetchone()[
                0
            ]
            == 0
        )


async def test_a_reader_holding_the_wal_delays_the_scrub_but_never_blocks_an_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from nousmem.runtime.journal import scrub

    monkeypatch.setattr(scrub, "ERASURE_WAIT_S", 0.2)
    db = tmp_path / "memory.db"
    rt = await MemoryRuntime.open(db, namespace="a")
    ev = await rt.observe({"content": f"My diagnosis is {SECRET}.", "actor": "Alice"})
    backup = sqlite3.connect(db, isolation_level=None)  # a backup tool's long read
    backup.execute("BEGIN")
    backup.execute("SELECT count(*) FROM events").fetchone()
    try:
        receipt = await rt.erase(event_ids=[ev.id], reason="user asked")
        # The receipt says the files still hold the erased bytes (it used to say nothing).
        assert receipt.verified and not receipt.storage_scrubbed
        assert "files scrubbed  NOT YET" in receipt.render()
        assert await rt.journal.scrub_pending("a") and not await rt.journal.scrub_pending("b")
        await rt.close()
        # The open tries the fold once and goes on (it used to wait out the busy timeout).
        again = await asyncio.wait_for(MemoryRuntime.open(db, namespace="b"), timeout=10)
        await again.close()
        with sqlite3.connect(db) as plain:
            assert (
                plain.execute(
                    "SELECT count(*) FROM nousmem_meta WHERE key LIKE 'erasure%'"
                ).fetchone()[0]
                == 1
            )
    finally:
        backup.execute("ROLLBACK")
        backup.close()
    reopened = await MemoryRuntime.open(db, namespace="a")  # the reader is gone: it finishes
    assert not await reopened.journal.scrub_pending("a")
    await reopened.close()
    assert _files_holding(tmp_path, SECRET) == []
