"""A search handed to the SQLite worker thread is under way before its caller goes on.

Without the handoff the worker needs the GIL to take the job, and a loop busy with Python
gives it up only every switch interval: a read's search would start once the read ran out
of its own work instead of running alongside it (see ``HANDOFF_S`` in ``sqlite.py``).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime.errors import InvalidInput, StorageError
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal import sqlite as sqlite_journal
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.sqlite import SqliteJournal
from tests.helpers import utterance_draft

T0 = datetime(2024, 1, 1, tzinfo=UTC)
IDS = IdGenerator(seed=5)


@pytest.fixture
async def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[SqliteJournal]:
    """A journal with three indexed turns (1 and 3 say "kayak"), whose searches wait for
    the worker however slow the machine is (so no test depends on the timeout)."""
    monkeypatch.setattr(sqlite_journal, "HANDOFF_S", 60.0, raising=False)
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal")
    try:
        await j.append(
            [
                utterance_draft(IDS, "a", text, T0 + timedelta(seconds=i))
                for i, text in enumerate(["the kayak trip", "tea at noon", "a kayak lesson"])
            ]
        )
        await j.search("a", '"tea"', limit=5)  # moves the queued rows into the index
        yield j
    finally:
        await j.close()


async def _kayak(j: SqliteJournal) -> list[int]:
    return sorted(h.seq for h in await j.search("a", '"kayak"', limit=5))


def _spy(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """An event set when the worker thread enters the FTS5 search."""
    entered = threading.Event()
    original = FtsIndex.search

    def search(self: FtsIndex, *args: Any, **kwargs: Any) -> Any:
        entered.set()
        return original(self, *args, **kwargs)

    monkeypatch.setattr(FtsIndex, "search", search)
    return entered


async def test_the_worker_has_started_the_search_when_the_caller_goes_on(
    journal: SqliteJournal, monkeypatch: pytest.MonkeyPatch
) -> None:
    entered = _spy(monkeypatch)
    search = asyncio.ensure_future(_kayak(journal))
    await asyncio.sleep(0)  # the task's first step queues the search
    # Checked at once, holding the GIL: only a handoff lets the worker in before this.
    assert entered.is_set()
    assert await search == [1, 3]


async def test_a_search_queued_behind_other_work_does_not_hold_the_loop(
    journal: SqliteJournal,
) -> None:
    release = threading.Event()
    try:
        busy = asyncio.ensure_future(journal._in_thread(lambda c: release.wait(60.0)))
        await asyncio.sleep(0)  # the worker is now held by that job
        search = asyncio.ensure_future(_kayak(journal))
        t0 = time.monotonic()
        await asyncio.sleep(0)  # the search's first step: it must not wait for the worker
        assert time.monotonic() - t0 < 10.0
        assert not search.done()
        release.set()
        assert await busy is True
        assert await search == [1, 3]
    finally:
        release.set()


async def test_a_search_that_fails_on_the_worker_releases_the_caller_with_the_error(
    journal: SqliteJournal,
) -> None:
    def broken(self: FtsIndex, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("index unreadable")

    original = FtsIndex.search
    FtsIndex.search = broken  # type: ignore[method-assign]
    try:
        t0 = time.monotonic()
        with pytest.raises(RuntimeError, match="index unreadable"):
            await _kayak(journal)
        assert time.monotonic() - t0 < 10.0  # released by the failure, not by the timeout
    finally:
        FtsIndex.search = original  # type: ignore[method-assign]
    # A driver error in the query itself comes back as the project's own error.
    t0 = time.monotonic()
    with pytest.raises((StorageError, InvalidInput)):
        await journal.search("a", '"kayak', limit=5)
    assert time.monotonic() - t0 < 10.0
    assert await _kayak(journal) == [1, 3]
