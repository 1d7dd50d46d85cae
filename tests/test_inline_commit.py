"""A lone append commits on the event loop's thread.

At "normal" or "off" such a commit writes to the WAL with no fsync, in less time than the
thread hop to the worker and back. It must never wait for a lock there: when another
connection holds the write lock, the batch goes to the worker thread, which waits for it.
At "full" it also waits for the disk's sync, so it commits there only while such commits
are quick on average (``inline_stall_ms``): slow ones send the next commits to the worker
for a while. See ``sqlite.py``'s docstring.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import ValidationError

from nousmem.runtime import MemoryRuntime, RuntimeConfig
from nousmem.runtime.errors import JournalConflict
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal import sqlite as sqlite_journal
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.sqlite import Durability, SqliteJournal
from nousmem.runtime.journal.sqlite_tx import Transactions
from tests.helpers import utterance_draft

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _spy_threads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ids of the threads that write rows, one per transaction."""
    seen: list[int] = []
    original = Transactions.write

    def write(self: Transactions, *args: Any, **kwargs: Any) -> Any:
        seen.append(threading.get_ident())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Transactions, "write", write)
    return seen


@pytest.mark.parametrize(
    ("durability", "stall", "on_loop"),
    [
        # A budget no sync comes near, even on a loaded machine (a sync over it would
        # send the next commits to the worker: the next test makes one slow on purpose).
        ("normal", 1000.0, True),
        ("off", 1000.0, True),
        ("full", 1000.0, True),
        ("full", None, False),  # the loop never waits for a sync
        ("normal", None, True),  # no sync to wait for
    ],
)
async def test_a_lone_append_commits_on_the_loop_thread(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    durability: Durability,
    stall: float | None,
    on_loop: bool,
) -> None:
    ids = IdGenerator(seed=1)
    j = await SqliteJournal.open(tmp_path / "j.db", durability=durability, inline_stall_ms=stall)
    try:
        seen = _spy_threads(monkeypatch)
        for i in range(5):
            (e,) = await j.append([utterance_draft(ids, "a", f"turn {i}", T0)])
            assert e.seq == i + 1
        loop_thread = threading.get_ident()
        assert [t == loop_thread for t in seen] == [on_loop] * 5
        assert j.inline_commits == (5 if on_loop else 0)
        report = await j.verify("a")
        assert report.ok and report.checked == 5
    finally:
        await j.close()
    # What was committed on the loop's thread is on disk for another connection.
    with sqlite3.connect(tmp_path / "j.db") as plain:
        assert plain.execute("SELECT count(*) FROM events").fetchone()[0] == 5


def _slow_syncs(monkeypatch: pytest.MonkeyPatch, sleeps: dict[int, float]) -> None:
    """Make the n-th commit on the loop's thread (from 1) take ``sleeps[n]`` seconds, as a
    disk that took that long to sync would.

    The journal's clock is replaced by one that moves only by those seconds: a real sync on
    a loaded machine can take several milliseconds, enough to tip an average that sits near
    the budget (which made this test fail at random in CI)."""
    original = Transactions.commit_group_now
    calls = 0
    now = 0.0

    def slow(self: Transactions, *args: Any, **kwargs: Any) -> Any:
        nonlocal calls, now
        calls += 1
        now += sleeps.get(calls, 0.0)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Transactions, "commit_group_now", slow)
    monkeypatch.setattr(sqlite_journal, "time", SimpleNamespace(perf_counter=lambda: now))


async def _threads_of_appends(
    j: SqliteJournal, monkeypatch: pytest.MonkeyPatch, n: int
) -> list[bool]:
    """Append ``n`` lone batches; for each, whether it committed on the loop's thread."""
    ids = IdGenerator(seed=4)
    seen = _spy_threads(monkeypatch)
    for i in range(n):
        (e,) = await j.append([utterance_draft(ids, "a", f"turn {i}", T0)])
        assert e.seq == i + 1
    assert (await j.verify("a")).ok
    loop_thread = threading.get_ident()
    return [t == loop_thread for t in seen]


T, W = True, False  # a commit on the loop's thread, one on the worker


@pytest.mark.parametrize(
    ("cool_down", "sleeps", "seen", "counts"),
    [
        # Twice the budget, once (an average of ~12.5 ms): a hiccup, not a slow disk.
        (3, {1: 0.1}, [T] * 5, (5, 0)),
        # Ten times the budget: the average goes over alone. The slow one on the loop, three
        # on the worker, then the loop's turn again.
        (3, {1: 0.5}, [T, W, W, W, T, T], (3, 1)),
        # Three syncs of 200 ms take the average over (47 ms after two, 66 after three);
        # back on the loop, the first commit is still over the budget (60 ms), which sends
        # the next ones to the worker again at once; then the disk is quick.
        (
            2,
            {1: 0.2, 2: 0.2, 3: 0.2, 4: 0.06},
            [T, T, T, W, W, T, W, W, T, T],
            (6, 2),
        ),
    ],
    ids=["one-hiccup", "one-very-slow", "slow-in-a-row"],
)
async def test_slow_syncs_on_the_loop_send_commits_to_the_worker_on_average(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cool_down: int,
    sleeps: dict[int, float],
    seen: list[bool],
    counts: tuple[int, int],
) -> None:
    # The budget is 50 ms; only the syncs made slow take any time on the journal's clock.
    # Commits weigh 1/8 each in the running average the budget applies to.
    j = await SqliteJournal.open(tmp_path / "j.db", durability="full", inline_stall_ms=50.0)
    monkeypatch.setattr(sqlite_journal, "_COOL_DOWN", cool_down)
    _slow_syncs(monkeypatch, sleeps)
    try:
        assert await _threads_of_appends(j, monkeypatch, len(seen)) == seen
        assert (j.inline_commits, j.slow_inline_commits) == counts
    finally:
        await j.close()


async def test_the_runtime_passes_the_stall_budget_on(tmp_path: Path) -> None:
    for stall, inline in ((1000.0, 3), (None, 0)):  # (a budget no sync comes near)
        config = {"journal": {"durability": "full", "inline_stall_ms": stall}}
        async with MemoryRuntime.open(
            tmp_path / f"r{inline}.db", namespace="n", config=config
        ) as rt:
            for i in range(3):
                await rt.observe({"content": f"turn {i}", "actor": "a"})
            journal = rt.journal
            assert isinstance(journal, SqliteJournal) and journal.inline_commits == inline


@pytest.mark.parametrize("bad", [0, -1.0, 5000, "fast"])
def test_a_stall_budget_out_of_range_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ValidationError, match="inline_stall_ms"):
        RuntimeConfig.model_validate({"journal": {"inline_stall_ms": bad}})


async def test_concurrent_appends_still_share_a_transaction_on_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = IdGenerator(seed=2)
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal")
    try:
        seen = _spy_threads(monkeypatch)
        before = j.commits
        await asyncio.gather(
            *(j.append([utterance_draft(ids, "a", f"c{i}", T0)]) for i in range(20))
        )
        assert j.commits == before + 1  # all twenty were ready: one group
        assert seen and seen[0] != threading.get_ident()  # a group goes to the worker
        assert j.inline_commits == 0
    finally:
        await j.close()


async def test_a_loop_of_appends_gives_other_tasks_their_turns(tmp_path: Path) -> None:
    ids = IdGenerator(seed=3)
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal")
    turns = 0
    stop = False

    async def ticker() -> None:
        nonlocal turns
        while not stop:
            turns += 1
            await asyncio.sleep(0)

    try:
        task = asyncio.ensure_future(ticker())
        await asyncio.sleep(0)
        start = turns
        for i in range(50):
            await j.append([utterance_draft(ids, "a", f"turn {i}", T0)])
        assert j.inline_commits == 50
        # Each append let the ticker run at least once (a commit on this thread that never
        # yielded would starve it).
        assert turns - start >= 50
        stop = True
        await task
    finally:
        await j.close()


async def test_a_held_write_lock_sends_the_commit_to_the_worker_without_stalling_the_loop(
    tmp_path: Path,
) -> None:
    ids = IdGenerator(seed=4)
    path = tmp_path / "j.db"
    j = await SqliteJournal.open(path, durability="normal", busy_timeout_s=30.0)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        await j.append([utterance_draft(ids, "a", "first", T0)])
        other.execute("BEGIN IMMEDIATE")  # another writer holds the lock
        task = asyncio.ensure_future(
            j.append([utterance_draft(ids, "a", "second", T0 + timedelta(seconds=1))])
        )
        ticks = 0
        loop = asyncio.get_running_loop()
        started = loop.time()
        while loop.time() - started < 0.3:
            ticks += 1
            await asyncio.sleep(0.01)
        # The loop kept running (a commit that waited here for the lock would have held it
        # for up to the 30 s busy timeout), and the append waits on the worker thread.
        assert ticks >= 10
        assert not task.done()
        other.execute("COMMIT")
        (second,) = await asyncio.wait_for(task, 30.0)
        assert second.seq == 2
        assert j.inline_commits == 1  # "first" only
        # The connection waits for the lock again as configured (the attempt's 0 is gone).
        timeout = await j._in_thread(lambda c: c.execute("PRAGMA busy_timeout").fetchone()[0])
        assert timeout == 30_000
        (third,) = await j.append([utterance_draft(ids, "a", "third", T0)])
        assert third.seq == 3 and j.inline_commits == 2
        assert (await j.verify("a")).checked == 3
    finally:
        other.close()
        await j.close()


async def test_a_failed_commit_on_the_loop_thread_leaves_nothing(tmp_path: Path) -> None:
    ids = IdGenerator(seed=5)
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal")
    try:
        (first,) = await j.append([utterance_draft(ids, "a", "first", T0)])
        dupe = utterance_draft(ids, "a", "dupe", T0, id=first.id)
        with pytest.raises(JournalConflict):
            await j.append([utterance_draft(ids, "a", "fine", T0), dupe])
        assert j.inline_commits == 2  # the failure came from a commit on the loop's thread
        assert (await j.head("a")).seq == 1
        assert await j.search("a", '"fine"', limit=5) == []
        (after,) = await j.append([utterance_draft(ids, "a", "after", T0)])
        assert after.seq == 2 and (await j.verify("a")).ok
    finally:
        await j.close()


async def test_a_commit_waits_for_the_reading_of_postings_on_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reading of postings is queued on the worker with no caller waiting for it; it
    uses the connection and the index's state that a commit changes."""
    ids = IdGenerator(seed=6)
    j = await SqliteJournal.open(tmp_path / "j.db", durability="normal")
    entered, release = threading.Event(), threading.Event()

    def load_wanted(self: FtsIndex, conn: sqlite3.Connection) -> None:
        entered.set()
        release.wait(30.0)

    try:
        await j.append([utterance_draft(ids, "a", "first", T0)])
        seen = _spy_threads(monkeypatch)
        monkeypatch.setattr(FtsIndex, "load_wanted", load_wanted)
        j._load_postings()
        assert await asyncio.to_thread(entered.wait, 30.0)
        task = asyncio.ensure_future(j.append([utterance_draft(ids, "a", "second", T0)]))
        await asyncio.sleep(0.05)
        assert not task.done()  # queued behind the reading, on the worker
        release.set()
        (second,) = await asyncio.wait_for(task, 30.0)
        assert second.seq == 2
        assert seen and seen[0] != threading.get_ident()
    finally:
        release.set()
        await j.close()
