"""Background checkpoints: the WAL is folded back into the database file off the writers' path."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nousmem.runtime.events import EventDraft
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal import sqlite as sqlite_journal
from nousmem.runtime.journal.checkpoint import BACKSTOP_PAGES, Checkpointer
from nousmem.runtime.journal.sqlite import SqliteJournal
from nousmem.runtime.payloads import ObservationPayload

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _draft(ids: IdGenerator, i: int) -> EventDraft:
    t = T0 + timedelta(seconds=i)
    text = f"observation number {i} about the garden and the weather " * 8
    return EventDraft(
        id=ids.new(t),
        namespace="a",
        kind="observation",
        occurred_at=t,
        recorded_at=t,
        payload=ObservationPayload(type="utterance", content=text, source="user"),
        doc=text,
    )


async def _settle(j: SqliteJournal) -> None:
    assert j._checkpointer is not None
    await j._checkpointer.idle()
    await asyncio.sleep(0)  # the done callback runs after the waiters resume


def _size(path: str | Path) -> int:
    return os.path.getsize(path)


async def test_the_writer_checkpoints_only_as_a_backstop(tmp_path: Path) -> None:
    j = await SqliteJournal.open(tmp_path / "b.db", durability="normal")
    try:
        auto = await j._in_thread(lambda c: c.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        assert auto == BACKSTOP_PAGES
    finally:
        await j.close()


async def test_the_wal_reaches_the_database_file_in_the_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With SQLite's own checkpoint out of reach, only the background one can move pages.
    monkeypatch.setattr(sqlite_journal, "BACKSTOP_PAGES", 1_000_000)
    path = tmp_path / "c.db"
    j = await SqliteJournal.open(path, durability="normal")
    ids = IdGenerator(seed=1)
    try:
        start = _size(path)
        for i in range(600):  # one transaction each, as sequential writers make them
            await j.append([_draft(ids, i)])
            if i % 100 == 99:
                # A pass still running when the next 100 commits are in only starts later:
                # on a loaded machine, one slow pass could otherwise take them all.
                await _settle(j)
        assert j._checkpointer is not None and j._checkpointer.runs >= 2
        # ~11 WAL pages a commit: 600 commits would leave the file at its first page.
        assert _size(path) > start + 500_000
        assert (await j.verify("a")).checked == 600
    finally:
        await j.close()
    assert j._checkpointer._conn is None


async def test_a_failing_checkpoint_is_logged_and_writes_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    calls = 0

    def broken(self: Checkpointer) -> None:
        nonlocal calls
        calls += 1
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Checkpointer, "_run", broken)
    j = await SqliteJournal.open(tmp_path / "f.db", durability="normal")
    ids = IdGenerator(seed=2)
    try:
        for i in range(250):
            await j.append([_draft(ids, i)])
            await asyncio.sleep(0)  # let a finished checkpoint report
        await _settle(j)
        assert calls == 2  # one per 100 commits: a failure does not stop later attempts
        failed = [r.getMessage() for r in caplog.records if "checkpoint_failed" in r.getMessage()]
        assert len(failed) == 2 and "disk I/O error" in failed[0]
        assert (await j.head("a")).seq == 250
        assert (await j.verify("a")).ok
    finally:
        await j.close()


async def test_close_waits_for_a_running_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Checkpointer._run
    finished: list[bool] = []

    def slow(self: Checkpointer) -> None:
        import time

        time.sleep(0.2)
        real(self)
        finished.append(True)

    monkeypatch.setattr(Checkpointer, "_run", slow)
    path = tmp_path / "w.db"
    j = await SqliteJournal.open(path, durability="normal")
    ids = IdGenerator(seed=3)
    for i in range(100):
        await j.append([_draft(ids, i)])
    assert j._checkpointer is not None and j._checkpointer._task is not None
    await j.close()
    assert finished == [True] and j._checkpointer._conn is None
    with sqlite3.connect(path) as plain:  # every row is in the file, the WAL folded back
        assert plain.execute("SELECT count(*) FROM events").fetchone()[0] == 100


async def test_a_journal_in_memory_has_no_checkpointer() -> None:
    j = await SqliteJournal.open(":memory:")
    try:
        assert j._checkpointer is None
        await j.append([_draft(IdGenerator(seed=4), 0)])
    finally:
        await j.close()


async def test_a_relative_path_still_names_the_journal_after_a_chdir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(home)
    j = await SqliteJournal.open("memory.db", durability="normal")
    ids = IdGenerator(seed=5)
    try:
        monkeypatch.chdir(elsewhere)  # before the checkpointer's first connection
        for i in range(100):
            await j.append([_draft(ids, i)])
        await _settle(j)
        assert j._checkpointer is not None and j._checkpointer.runs == 1
        assert list(elsewhere.iterdir()) == []  # no stray journal created here
        assert _size(home / "memory.db") > 100_000  # the pages reached the real file
    finally:
        await j.close()
