"""Tamper tests: a hostile editor changes the SQLite file with plain sqlite3; verify() names it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime


async def _journal(path: Path, clock: FixedClock, n: int = 10) -> None:
    async with MemoryRuntime.open(path, namespace="ns", clock=clock) as rt:
        for i in range(n):
            await rt.observe({"content": f"event number {i}", "actor": "alice"})


def _edit(path: Path, *sql: str, drop_triggers: bool = True) -> None:
    conn = sqlite3.connect(path)
    if drop_triggers:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("DROP TRIGGER events_no_delete")
        conn.execute("DROP TRIGGER events_chain")
    for s in sql:
        conn.execute(s)
    conn.commit()
    conn.close()


def _layout(path: Path) -> tuple[str, str]:
    """The ``events`` table's DDL and the recorded schema version."""
    conn = sqlite3.connect(path)
    try:
        ddl, version = conn.execute(
            "SELECT (SELECT sql FROM sqlite_master WHERE name = 'events'),"
            " (SELECT value FROM nousmem_meta WHERE key = 'schema_version')"
        ).fetchone()
        return str(ddl), str(version)
    finally:
        conn.close()


async def _verify(path: Path) -> tuple[bool, int | None, str | None]:
    async with MemoryRuntime.open(path, namespace="ns") as rt:
        r = await rt.verify()
        return r.ok, r.bad_seq, r.reason


async def test_untouched_file_verifies(tmp_path: Path, clock: FixedClock) -> None:
    await _journal(tmp_path / "j.db", clock)
    assert await _verify(tmp_path / "j.db") == (True, None, None)


async def test_changed_payload_is_named(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock)
    _edit(p, "UPDATE events SET payload = replace(payload, 'number 4', 'number 9') WHERE seq = 5")
    ok, seq, reason = await _verify(p)
    assert (ok, seq) == (False, 5) and reason is not None and reason.startswith("payload changed")


async def test_changed_header_is_named(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock)
    _edit(p, "UPDATE events SET occurred_at = '2020-01-01T00:00:00.000000Z' WHERE seq = 7")
    ok, seq, reason = await _verify(p)
    assert (ok, seq) == (False, 7) and reason is not None and reason.startswith("header changed")


@pytest.mark.parametrize("kind", ["observation", "erasure"])
async def test_payload_that_is_not_utf8_is_named(
    tmp_path: Path, clock: FixedClock, kind: str
) -> None:
    # Stored bytes no reader can decode, even on a row that poses as an erasure record (those
    # are read before the walk): verify names the row instead of failing.
    p = tmp_path / "j.db"
    await _journal(p, clock)
    _edit(
        p,
        f"UPDATE events SET kind = '{kind}',"
        " payload = CAST(CAST(payload AS BLOB) || x'ff' AS TEXT) WHERE seq = 5",
    )
    ok, seq, reason = await _verify(p)
    assert (ok, seq) == (False, 5)
    assert reason == "payload changed: the stored payload is not valid UTF-8"


async def test_deleted_row_is_named(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock)
    _edit(p, "DELETE FROM events WHERE seq = 4")
    ok, seq, reason = await _verify(p)
    assert (ok, seq) == (False, 4) and reason is not None and reason.startswith("row missing")


async def test_reordered_rows_are_named(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock)
    _edit(
        p,
        "UPDATE events SET seq = 1000 WHERE seq = 3",
        "UPDATE events SET seq = 3 WHERE seq = 4",
        "UPDATE events SET seq = 4 WHERE seq = 1000",
    )
    ok, seq, reason = await _verify(p)
    assert (ok, seq) == (False, 3) and reason is not None and reason.startswith("rows out of order")


async def test_plain_sql_update_and_delete_fail(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock, n=3)
    conn = sqlite3.connect(p)
    for stmt in (
        "UPDATE events SET payload = '{}' WHERE seq = 1",
        "UPDATE events SET kind = 'x' WHERE seq = 2",
        "UPDATE events SET payload = NULL WHERE seq = 2",  # erasure must also set erased = 1
        "DELETE FROM events WHERE seq = 3",
        "DELETE FROM events",
        "INSERT INTO events SELECT namespace, 9, 'X', kind, occurred_at, recorded_at,"
        " causation_id, payload, payload_digest, prev_hash, hash, 0 FROM events WHERE seq = 1",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="nousmem"):
            conn.execute(stmt)
    conn.rollback()
    assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 3
    conn.close()
    assert (await _verify(p))[0]


async def test_erasure_is_the_one_allowed_update(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock, n=3)
    # The triggers let an erasure through, but one that appends no erasure event listing
    # the row is a silent deletion, and verify names it.
    _edit(p, "UPDATE events SET payload = NULL, erased = 1 WHERE seq = 2", drop_triggers=False)
    assert await _verify(p) == (False, 2, "payload erased without an erasure event")


async def test_a_nulled_payload_without_the_erased_flag_is_named(
    tmp_path: Path, clock: FixedClock
) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock, n=3)
    _edit(p, "UPDATE events SET payload = NULL WHERE seq = 3")
    assert await _verify(p) == (False, 3, "payload erased without an erasure event")


async def test_a_proper_erasure_verifies_and_its_record_cannot_be_stretched(
    tmp_path: Path, clock: FixedClock
) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock, n=4)
    async with MemoryRuntime.open(p, namespace="ns", clock=clock) as rt:
        first, *_ = [e.id async for e in rt.events()]
        receipt = await rt.erase(event_ids=[first], reason="privacy")
        assert receipt.verified and receipt.erased_seqs == (1,)
    assert await _verify(p) == (True, None, None)
    # Stretching the record to cover a second silent erasure breaks its digest, so it
    # vouches for nothing: the first row it no longer accounts for is named.
    _edit(
        p,
        "UPDATE events SET payload = NULL, erased = 1 WHERE seq = 3",
        f"UPDATE events SET payload = replace(payload, '\"{first}\"',"
        f" '\"{first}\",\"' || (SELECT id FROM events WHERE seq = 3) || '\"') WHERE seq = 5",
    )
    assert await _verify(p) == (False, 1, "payload erased without an erasure event")


async def test_a_version_1_file_without_rowid_keeps_working(
    tmp_path: Path, clock: FixedClock
) -> None:
    """Files made before schema 2 (``events`` WITHOUT ROWID) open, append, verify and still
    name tampering: the same statements serve both layouts."""
    from nousmem.runtime.journal.schema import DDL

    p = tmp_path / "v1.db"
    v1 = DDL.replace(
        "PRIMARY KEY (namespace, seq)\n);", "PRIMARY KEY (namespace, seq)\n) WITHOUT ROWID;"
    )
    assert v1 != DDL
    conn = sqlite3.connect(p)
    conn.executescript(
        "BEGIN;" + v1 + "INSERT INTO nousmem_meta VALUES ('schema_version', '1'); COMMIT;"
    )
    conn.close()
    await _journal(p, clock)
    async with MemoryRuntime.open(p, namespace="ns") as rt:
        await rt.observe_and_route({"content": "I moved to Lisbon.", "actor": "alice"})
        assert (await rt.verify()).ok
        ctx = await rt.query("Where did alice move?")
        assert "Lisbon" in ctx.to_prompt()
    ddl, version = _layout(p)
    # The layout is left as it was; the version rises to 3 (doc rows are queued now, and an
    # older nousmem would never index them).
    assert "WITHOUT ROWID" in ddl and version == "3"
    _edit(p, "UPDATE events SET payload = '{}' WHERE seq = 5")
    ok, seq, _ = await _verify(p)
    assert (ok, seq) == (False, 5)


async def test_new_files_use_a_rowid_table(tmp_path: Path, clock: FixedClock) -> None:
    p = tmp_path / "j.db"
    await _journal(p, clock, n=2)
    ddl, version = _layout(p)
    assert "WITHOUT ROWID" not in ddl and version == "3"
