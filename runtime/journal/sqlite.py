"""SQLite journal through aiosqlite (the default backend): WAL, triggers, group commit.

This module is the single place where sqlite3/aiosqlite errors become nousmem errors.

Group commit: ``append`` queues its batch; when no transaction is in flight the queued
batches go to aiosqlite's worker thread at once as one ``BEGIN IMMEDIATE`` transaction, and
batches queued meanwhile form the next one. A bad batch fails alone: the group is written in
one go, and only if that fails is it redone with a savepoint per batch. Every caller is
resolved once the transaction has committed. The whole transaction runs as one call on the
worker thread, so a commit costs one thread hop however many statements it holds. The
worker-thread side of the transactions is ``sqlite_tx.py``; the reads are ``sqlite_reads.py``.

A group of one caller's batch commits on the event loop's thread instead, while the worker
is idle: at "normal" or "off" such a commit writes to the WAL in the OS's page cache (no
fsync) in less time than the two thread wake-ups of the hop take. It never waits there: if
another connection holds the write lock, the batch goes to the worker thread, which waits
for it. At "full" the commit also waits for the disk's sync, which stalls the loop that
long: it commits there only while such commits are quick on average (``inline_stall_ms``,
2 ms by default; on this project's machines ~0.4 ms, against ~0.2 ms for the two wake-ups).
When the running average (each commit weighing ``_STALL_WEIGHT``) goes over the budget, the
next ``_COOL_DOWN`` commits go to the worker thread before the loop tries again, so a slow
disk stalls the loop once in that many commits at most. An average, not each commit: a
disk whose syncs take 0.4 ms now and then takes 3-8 ms for one (37 in 10,000 here), and
sending 256 commits to the worker after each of those kept most commits off the loop.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from functools import partial
from typing import Literal, TypeVar

import aiosqlite

from nousmem.runtime.errors import (
    AppendOnlyViolation,
    ClosedError,
    JournalConflict,
    StorageError,
)
from nousmem.runtime.events import EventBase, EventDraft
from nousmem.runtime.journal.base import Guard, Journal
from nousmem.runtime.journal.chain import SealedRow, event_from_draft
from nousmem.runtime.journal.checkpoint import BACKSTOP_PAGES, Checkpointer
from nousmem.runtime.journal.planlock import PlanLock
from nousmem.runtime.journal.schema import init_schema
from nousmem.runtime.journal.scrub import finish_scrubs, scrub_pending
from nousmem.runtime.journal.sqlite_connect import (
    check_writable,
    connect,
    is_file_path,
    refuse_foreign,
    set_wal,
)
from nousmem.runtime.journal.sqlite_reads import SqliteReads
from nousmem.runtime.journal.sqlite_tx import Transactions
from nousmem.runtime.journal.vectors import SqliteVectors
from nousmem.runtime.logging import get_logger

T = TypeVar("T")
Durability = Literal["full", "normal", "off"]
_log = get_logger("nousmem.journal")
_MAX_GROUP = 512
# Commits sent to the worker once the loop's commits went over their budget on average.
_COOL_DOWN = 256
# The weight of each commit on the loop's thread in the running average of their times: a
# lone commit takes the average over the budget when it takes about 1 / _STALL_WEIGHT times
# the budget (16 ms of the default 2), a run of slow ones when they take more than it.
_STALL_WEIGHT = 1 / 8
# The longest the loop waits, with the GIL released, for an idle worker thread to start a
# job handed to it with a ``handoff`` event (a search). Without the wait, the worker needs
# the GIL to take the job and to run the Python before each statement, and a loop busy
# with Python hands it over only every ``sys.getswitchinterval()`` (5 ms): a read's search
# would start only once the loop ran out of its own work, not alongside it. The wait
# itself takes about 0.1-0.7 ms (the worker wakes and starts the statement).
HANDOFF_S = 0.002


def _translate(exc: BaseException) -> BaseException:
    if isinstance(exc, sqlite3.IntegrityError) or (
        isinstance(exc, sqlite3.DatabaseError) and "nousmem:" in str(exc)
    ):
        msg = str(exc)
        if "append-only" in msg:
            return AppendOnlyViolation(msg)
        if "chain conflict" in msg or "UNIQUE" in msg:
            return JournalConflict(msg)
        return StorageError(msg)
    if isinstance(exc, sqlite3.Error):
        return StorageError(f"sqlite: {exc}")
    return exc


# One caller's batch: its drafts, its guard (or None) and its future.
_Queued = tuple[list[EventDraft], Guard | None, "asyncio.Future[list[EventBase]]"]


class SqliteJournal(SqliteReads, SqliteVectors, Journal):
    """Journal in one SQLite file. Open with :meth:`open`."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        path: str,
        *,
        inline_commits: bool = False,
        busy_timeout_ms: int = 60_000,
        stall_budget_ms: float | None = None,
    ) -> None:
        self._db = db
        self.path = path
        # Whether a group of one may commit on the loop's thread (see the module docstring),
        # and for how long such a commit may hold the loop before commits leave it a while
        # (None: no limit, commits there never sync the disk).
        self._inline = inline_commits
        self._stall_budget_s = None if stall_budget_ms is None else stall_budget_ms / 1000
        self._cooling = 0  # commits left to send to the worker after slow ones here
        self._stall_avg_s = 0.0  # running average of the commits' times here
        self.slow_inline_commits = 0  # commits here that took the average over (tests read it)
        self._busy_ms = busy_timeout_ms
        self.inline_commits = 0  # transactions run on the loop's thread (tests read it)
        self._writer = Transactions()  # worker-thread side: transactions and the index
        self._checkpointer: Checkpointer | None = None
        self._queue: list[_Queued] = []
        self._busy = False  # a group is in flight on the worker thread
        self._idle: asyncio.Event | None = None  # set when the last group finished (close)
        self._closed = False
        self._closing: asyncio.Future[None] | None = None
        self._contended = False  # the last group held more than one caller's batch
        self.commits = 0  # transactions written; group commit shows as commits < appends
        self._plan_lock = PlanLock(path)
        self._jobs = 0  # calls of _in_thread on the worker's queue or under way

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        durability: Durability = "full",
        busy_timeout_s: float = 60.0,
        postings_in_memory: bool = False,
        inline_stall_ms: float | None = 2.0,
    ) -> SqliteJournal:
        """Open (creating if needed) a journal file with WAL and the given durability.
        ``postings_in_memory`` and ``inline_stall_ms``: see ``JournalConfig``."""
        path = os.fspath(path)
        check_writable(path)
        try:
            db = await connect(path, busy_timeout_s=busy_timeout_s)
        except sqlite3.Error as exc:
            raise _translate(exc) from exc
        try:
            await refuse_foreign(db)
            await set_wal(db, busy_timeout_s)
            await db.execute(f"PRAGMA synchronous={durability.upper()}")
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_s * 1000)}")
            # Whatever any write frees is zeroed: rows a later write moves off a page after
            # an erasure must leave no copy behind (many builds default to this; not all).
            await db.execute("PRAGMA secure_delete=ON")
            self = cls(
                db,
                path,
                inline_commits=durability != "full" or inline_stall_ms is not None,
                busy_timeout_ms=int(busy_timeout_s * 1000),
                stall_budget_ms=inline_stall_ms if durability == "full" else None,
            )
            self._writer.fts.in_memory = postings_in_memory
            await self._in_thread(init_schema)
            if is_file_path(path):
                await db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
                self._checkpointer = Checkpointer(path, durability, busy_timeout_s)
                self._writer.checkpoint_lock = self._checkpointer.lock
            w = self._writer
            # One attempt: a reader elsewhere holding the WAL must not stall every open.
            await self._in_thread(lambda c: finish_scrubs(c, w.fts, w.checkpoint_lock, 0.0))
        except BaseException as exc:
            # Not a journal (or not SQLite at all): release the worker thread before raising,
            # or the process would hang on exit.
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise _translate(exc) from exc
            raise
        return self

    async def _in_thread(
        self, fn: Callable[[sqlite3.Connection], T], *, handoff: threading.Event | None = None
    ) -> T:
        """Run ``fn(raw_connection)`` on aiosqlite's worker thread, as one queued call.

        Feeds aiosqlite's own queue (as its ``Connection._execute`` does; the version is
        pinned in pyproject.toml) because the public API would cost one thread hop per
        statement. ``handoff``: an event ``fn`` sets once it is under way; when the worker
        is idle, the loop waits for it (at most ``HANDOFF_S``) before going on. See
        :data:`HANDOFF_S` for why.
        """
        if self._closed:
            raise ClosedError("journal is closed")
        db = self._db
        if not db._running or db._connection is None:  # as Connection._execute checks
            raise ClosedError("journal connection is closed")
        fut: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        idle = self._jobs == 0 and not self._busy
        self._jobs += 1
        try:
            db._tx.put_nowait((fut, partial(fn, db._conn)))
            if handoff is not None and idle:
                handoff.wait(HANDOFF_S)
            return await fut
        except sqlite3.Error as exc:
            raise _translate(exc) from exc
        finally:
            self._jobs -= 1

    # -- writes -------------------------------------------------------------------------------

    async def append(
        self, drafts: Sequence[EventDraft], *, guard: Guard | None = None
    ) -> list[EventBase]:
        if self._closed:
            raise ClosedError("journal is closed")
        if not drafts:
            return []
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[list[EventBase]] = loop.create_future()
        self._queue.append((list(drafts), guard, fut))
        if not self._busy:
            self._busy = True
            if self._contended or self._inline:
                # Start the transaction at the next loop iteration, so that every producer
                # that is ready to run now joins this group. Where a group of one commits
                # on this thread, that iteration is also where other tasks get to run: a
                # loop of appends would otherwise never give them a turn.
                loop.call_soon(self._dispatch)
            else:  # a lone writer gains nothing by waiting an iteration
                self._dispatch()
        return await fut

    def _dispatch(self) -> None:
        """Hand the queued batches to the worker thread, as one transaction (or commit a
        lone batch here; see the module docstring).

        Runs on the event loop with ``_busy`` set. The job goes straight onto aiosqlite's
        queue (no task) and reports back through :meth:`_finish`, which the worker schedules
        on the loop itself (one loop iteration, not two, before the callers resume).
        """
        group, self._queue = self._queue[:_MAX_GROUP], self._queue[_MAX_GROUP:]
        self._contended = len(group) > 1
        loop = asyncio.get_running_loop()
        batches = [drafts for drafts, _, _ in group]
        guards = [guard for _, guard, _ in group]
        db = self._db
        if not db._running or db._connection is None:  # as Connection._execute checks
            self._finish(group, ClosedError("journal connection is closed"))
            return
        if len(group) == 1 and self._commit_here(group, batches, guards):
            return

        def job() -> None:  # on the worker thread
            outcome: list[list[SealedRow] | BaseException] | BaseException
            try:
                outcome = self._writer.commit_group(db._conn, batches, guards)
            except BaseException as exc:  # the whole transaction failed
                outcome = exc
            loop.call_soon_threadsafe(self._finish, group, outcome)

        # aiosqlite's own queue, as ``Connection._execute`` feeds it, but with no future: the
        # worker then schedules nothing itself (its queue items are ``(Future | None, fn)``),
        # and the job reports through _finish alone, one wake-up of the loop instead of two.
        db._tx.put_nowait((None, job))

    def _commit_here(
        self, group: list[_Queued], batches: list[list[EventDraft]], guards: list[Guard | None]
    ) -> bool:
        """Commit a lone batch on the loop's thread, if that may be done now; whether it was
        (see the module docstring). False leaves the batch to the worker thread."""
        # The worker must be idle (no group, no call and no reading of postings on its queue
        # or under way): this thread then uses the connection and the index's state alone.
        if not self._inline or self._jobs or self._loading:
            return False
        if self._cooling:
            self._cooling -= 1
            return False
        outcome: list[list[SealedRow] | BaseException] | BaseException | None
        start = time.perf_counter()
        try:
            outcome = self._writer.commit_group_now(
                self._db._conn, batches, guards, busy_timeout_ms=self._busy_ms
            )
        except BaseException as exc:
            outcome = exc
        if outcome is None:  # another connection holds the write lock
            return False
        self.inline_commits += 1
        took = time.perf_counter() - start
        budget = self._stall_budget_s
        if budget is not None:
            self._stall_avg_s += (took - self._stall_avg_s) * _STALL_WEIGHT
            if self._stall_avg_s > budget:
                # A slow disk: the loop stands still for its syncs. Let the worker wait for
                # the next ones, then see again whether the disk is quick. The average
                # restarts at the budget, so the first commit back decides: one over the
                # budget sends commits to the worker again at once.
                self._cooling = _COOL_DOWN
                self._stall_avg_s = budget
                self.slow_inline_commits += 1
                _log.debug("journal.inline_commit_slow", took_ms=round(took * 1000, 3))
        self._finish(group, outcome)
        if not isinstance(outcome, Exception) and isinstance(outcome, BaseException):
            raise outcome  # KeyboardInterrupt and its kind, once no caller hangs
        return True

    def _finish(
        self,
        group: list[_Queued],
        outcome: list[list[SealedRow] | BaseException] | BaseException,
    ) -> None:
        """On the loop: resolve the callers of a finished group, then start the next one."""
        if isinstance(outcome, BaseException):
            err = _translate(outcome)
            for *_, fut in group:
                if not fut.done():
                    fut.set_exception(err)
        else:
            self.commits += 1
            if self._checkpointer is not None:
                self._checkpointer.committed(sum(len(drafts) for drafts, _, _ in group))
            for (drafts, _, fut), res in zip(group, outcome, strict=True):
                if fut.done():
                    continue
                if isinstance(res, BaseException):
                    fut.set_exception(_translate(res))
                    continue
                try:
                    events = [event_from_draft(d, r) for d, r in zip(drafts, res, strict=True)]
                except Exception as exc:  # pragma: no cover - committed rows always build
                    fut.set_exception(exc)
                else:
                    fut.set_result(events)
        if self._queue:
            # Batches that arrived meanwhile form the next transaction, joined by those of
            # the callers just resolved, whose tasks resume before this runs and who
            # usually append again at once (else groups alternate between 1 and the rest).
            asyncio.get_running_loop().call_soon(self._dispatch)
            return
        self._busy = False
        if self._idle is not None:
            self._idle.set()
        if self._writer.fts.wanted:
            # After a commit (a read's trace is its last step), not after the search that
            # asked: queued then, the reading would hold up that read's own commit.
            self._load_postings()

    async def erase_and_append(
        self,
        namespace: str,
        event_ids: Sequence[str],
        drafts: Sequence[EventDraft],
        *,
        guard: Guard | None = None,
    ) -> tuple[list[int], list[EventBase]]:
        ids = list(dict.fromkeys(event_ids))
        batch = list(drafts)
        seqs, rows = await self._in_thread(
            lambda c: self._writer.erase_and_append(c, namespace, ids, batch, guard)
        )
        return seqs, [event_from_draft(d, r) for d, r in zip(batch, rows, strict=True)]

    async def reindex(
        self, namespace: str, docs: Sequence[tuple[str, int, str]], *, upto_seq: int | None = None
    ) -> None:
        await self._in_thread(lambda c: self._writer.reindex(c, namespace, docs, upto_seq))

    async def scrub_pending(self, namespace: str) -> bool:
        return await self._in_thread(lambda c: scrub_pending(c, namespace))

    def planning(self) -> AbstractAsyncContextManager[None]:
        return self._plan_lock.held()

    async def close(self) -> None:
        if self._closing is None:
            if self._closed:
                return
            while self._busy or self._queue:
                self._idle = asyncio.Event()
                await self._idle.wait()
            self._closed = True
            self._plan_lock.close()
            # A task of its own: a caller cancelled while it runs (``wait_for``, a task
            # group shutting down) leaves it running, and the next close() waits for it.
            # Cancelled midway, it would leave the connection and its thread open for good.
            self._closing = asyncio.ensure_future(self._release())
        await asyncio.shield(self._closing)

    async def _release(self) -> None:
        """Close the checkpointer, the connection and aiosqlite's worker thread."""
        if self._checkpointer is not None:
            await self._checkpointer.close()
        try:
            await self._db.close()
        except sqlite3.Error as exc:  # pragma: no cover - closing a broken handle
            _log.warning("close_failed", error=str(exc))
        # aiosqlite resolves the close before its worker thread has left its loop: a closed
        # journal holds no thread (a caller checking, or an interpreter exiting, sees none).
        worker = getattr(self._db, "_thread", None)
        if isinstance(worker, threading.Thread) and worker.is_alive():
            await asyncio.to_thread(worker.join, 10.0)
