"""SQLite journal through aiosqlite (the default backend): WAL, triggers, group commit.

This module is the single place where sqlite3/aiosqlite errors become nousmem errors.

Group commit: ``append`` queues its batch; when no transaction is in flight the queued
batches go to aiosqlite's worker thread at once as one ``BEGIN IMMEDIATE`` transaction, and
batches queued meanwhile form the next one. A bad batch fails alone: the group is written in
one go, and only if that fails is it redone with a savepoint per batch. Every caller is
resolved once the transaction has committed. The whole transaction runs as one call on the
worker thread, so a commit costs one thread hop however many statements it holds.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal, TypeVar

import aiosqlite

from nousmem.runtime.errors import AppendOnlyViolation, ClosedError, JournalConflict, StorageError
from nousmem.runtime.events import EventBase, EventDraft
from nousmem.runtime.journal.base import Guard, Head, Journal, SearchHit, VerifyReport
from nousmem.runtime.journal.chain import ChainWalker, SealedRow, erasure_log, event_from_draft
from nousmem.runtime.journal.checkpoint import BACKSTOP_PAGES, Checkpointer
from nousmem.runtime.journal.planlock import PlanLock
from nousmem.runtime.journal.rows import PayloadReaders, events_from_rows, iter_events
from nousmem.runtime.journal.schema import DDL, SCHEMA_VERSION, SELECT_COLUMNS
from nousmem.runtime.journal.scrub import finish_scrubs, scrub_pending
from nousmem.runtime.journal.sqlite_connect import connect, is_file_path
from nousmem.runtime.journal.sqlite_tx import Transactions
from nousmem.runtime.journal.vectors import SqliteVectors
from nousmem.runtime.logging import get_logger

T = TypeVar("T")
Durability = Literal["full", "normal", "off"]
_log = get_logger("nousmem.journal")
_PAGE = 2000
_MAX_GROUP = 512


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


def _fetch_all(sql: str, params: list[Any]) -> Callable[[sqlite3.Connection], list[Any]]:
    def run(conn: sqlite3.Connection) -> list[Any]:
        return conn.execute(sql, params).fetchall()

    return run


async def _wal(db: aiosqlite.Connection, busy_timeout_s: float) -> None:
    """Put the file in WAL mode, waiting out other processes opening it at the same time.

    Switching a new file to WAL needs it alone, and SQLite reports "database is locked" at
    once rather than through the busy handler when another connection is opening it too:
    several processes starting on one new file would fail. Retried until the busy timeout.
    """
    deadline = time.monotonic() + busy_timeout_s
    while True:
        try:
            async with db.execute("PRAGMA journal_mode") as cur:
                row = await cur.fetchone()
            if row is not None and str(row[0]).lower() == "wal":
                return
            await db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.005 + 0.02 * _JITTER.random())


# One caller's batch: its drafts, its guard (or None) and its future.
_JITTER = random.Random()  # retry timing only

_Queued = tuple[list[EventDraft], Guard | None, "asyncio.Future[list[EventBase]]"]


class SqliteJournal(SqliteVectors, Journal):
    """Journal in one SQLite file. Open with :meth:`open`."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._writer = Transactions()  # worker-thread side: transactions and the index
        self._checkpointer: Checkpointer | None = None
        self._queue: list[_Queued] = []
        self._busy = False  # a group is in flight on the worker thread
        self._idle: asyncio.Event | None = None  # set when the last group finished (close)
        self._closed = False
        self._contended = False  # the last group held more than one caller's batch
        self.commits = 0  # transactions written; group commit shows as commits < appends
        self._plan_lock = PlanLock(path)

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        durability: Durability = "full",
        busy_timeout_s: float = 60.0,
    ) -> SqliteJournal:
        """Open (creating if needed) a journal file with WAL and the given durability."""
        path = os.fspath(path)
        try:
            db = await connect(path, busy_timeout_s=busy_timeout_s)
        except sqlite3.Error as exc:
            raise _translate(exc) from exc
        try:
            await _wal(db, busy_timeout_s)
            await db.execute(f"PRAGMA synchronous={durability.upper()}")
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_s * 1000)}")
            # Whatever any write frees is zeroed: rows a later write moves off a page after
            # an erasure must leave no copy behind (many builds default to this; not all).
            await db.execute("PRAGMA secure_delete=ON")
            self = cls(db, path)
            await self._in_thread(self._init_schema)
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

    @staticmethod
    def _init_schema(conn: sqlite3.Connection) -> None:
        meta = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nousmem_meta'"
        ).fetchone()
        got = (
            conn.execute("SELECT value FROM nousmem_meta WHERE key = 'schema_version'").fetchone()
            if meta
            else None
        )
        if got is not None and (not str(got[0]).isdigit() or int(got[0]) > SCHEMA_VERSION):
            # Written by a newer nousmem: its rows may mean what this version cannot read,
            # and what this version would write may break them.
            raise StorageError(
                f"journal schema version {got[0]} is newer than this nousmem's"
                f" ({SCHEMA_VERSION}); upgrade nousmem to open it"
            )
        # executescript commits implicitly, so the script carries its own transaction.
        conn.executescript(
            "BEGIN IMMEDIATE;" + DDL + "INSERT OR IGNORE INTO nousmem_meta(key, value)"
            f" VALUES ('schema_version', '{SCHEMA_VERSION}'); COMMIT;"
        )

    async def _in_thread(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(raw_connection)`` on aiosqlite's worker thread, as one queued call.

        Uses aiosqlite's ``_execute`` hook (stable since 0.17; the version is pinned in
        pyproject.toml) because the public API would cost one thread hop per statement.
        """
        if self._closed:
            raise ClosedError("journal is closed")
        db = self._db
        try:
            return await db._execute(lambda: fn(db._conn))  # type: ignore[no-untyped-call,no-any-return]
        except sqlite3.Error as exc:
            raise _translate(exc) from exc

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
            if self._contended:
                # Producers are queueing up: start the transaction at the next loop
                # iteration, so that every one that is ready to run now joins this group.
                loop.call_soon(self._dispatch)
            else:  # a lone writer gains nothing by waiting an iteration
                self._dispatch()
        return await fut

    def _dispatch(self) -> None:
        """Hand the queued batches to the worker thread, as one transaction.

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

        def job() -> None:  # on the worker thread
            outcome: list[list[SealedRow] | BaseException] | BaseException
            try:
                outcome = self._writer.commit_group(db._conn, batches, guards)
            except BaseException as exc:  # the whole transaction failed
                outcome = exc
            loop.call_soon_threadsafe(self._finish, group, outcome)

        if not db._running or db._connection is None:  # as Connection._execute checks
            self._finish(group, ClosedError("journal connection is closed"))
            return
        # aiosqlite's own queue, as ``Connection._execute`` feeds it, but with no future: the
        # worker then schedules nothing itself (its queue items are ``(Future | None, fn)``),
        # and the job reports through _finish alone, one wake-up of the loop instead of two.
        db._tx.put_nowait((None, job))

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

    # -- reads --------------------------------------------------------------------------------

    def _page_query(
        self, namespace: str, until_seq: int | None, kinds: Sequence[str] | None
    ) -> Callable[[int], Callable[[sqlite3.Connection], list[Any]]]:
        """``fetch(after_seq)``: one page of rows, for :meth:`read` and :meth:`read_batches`."""
        sql = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? AND seq > ?"
        extra: list[Any] = []
        if until_seq is not None:
            sql += " AND seq <= ?"
            extra.append(until_seq)
        if kinds:
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            extra.extend(kinds)
        sql += f" ORDER BY seq LIMIT {_PAGE}"
        return lambda after: _fetch_all(sql, [namespace, after, *extra])

    async def read(
        self,
        namespace: str,
        *,
        after_seq: int = 0,
        until_seq: int | None = None,
        kinds: Sequence[str] | None = None,
    ) -> AsyncIterator[EventBase]:
        fetch = self._page_query(namespace, until_seq, list(kinds) if kinds else None)
        last = after_seq
        while True:
            page: list[Any] = await self._in_thread(fetch(last))
            for e in iter_events(page):
                yield e
            if len(page) < _PAGE:
                return
            last = page[-1][1]

    async def read_batches(
        self,
        namespace: str,
        *,
        after_seq: int = 0,
        until_seq: int | None = None,
        readers: PayloadReaders | None = None,
    ) -> AsyncIterator[Iterable[EventBase]]:
        # Each page is decoded as the caller folds it, one event at a time: decoding a page
        # up front kept some twenty thousand young objects alive at once, and the garbage
        # collector then spent a third of the fold walking them.
        fetch = self._page_query(namespace, until_seq, None)
        last = after_seq
        while True:
            page: list[Any] = await self._in_thread(fetch(last))
            if page:
                yield iter_events(page, readers=readers)
            if len(page) < _PAGE:
                return
            last = page[-1][1]

    async def get(self, namespace: str, event_id: str) -> EventBase | None:
        got = await self._in_thread(
            lambda c: c.execute(
                f"SELECT {SELECT_COLUMNS} FROM events WHERE id = ? AND namespace = ?",
                (event_id, namespace),
            ).fetchone()
        )
        return None if got is None else events_from_rows([got])[0]

    async def locate(self, event_id: str) -> str | None:
        got = await self._in_thread(
            lambda c: c.execute("SELECT namespace FROM events WHERE id = ?", (event_id,)).fetchone()
        )
        return None if got is None else str(got[0])

    async def head(self, namespace: str) -> Head:
        got = await self._in_thread(
            lambda c: c.execute(
                "SELECT seq, hash FROM events WHERE namespace = ? ORDER BY seq DESC LIMIT 1",
                (namespace,),
            ).fetchone()
        )
        if got is None:
            return Head(namespace=namespace, seq=0, hash=bytes(32).hex())
        return Head(namespace=namespace, seq=got[0], hash=got[1].hex())

    async def verify(self, namespace: str) -> VerifyReport:
        def run(conn: sqlite3.Connection) -> VerifyReport:
            def lookup(h: bytes) -> int | None:
                got = conn.execute(
                    "SELECT seq FROM events WHERE namespace = ? AND hash = ?", (namespace, h)
                ).fetchone()
                return None if got is None else int(got[0])

            # One read transaction: the erasure records and the walk must see the same
            # journal, or an erasure committed in between would look unrecorded.
            conn.execute("BEGIN")
            try:
                erasures = erasure_log(
                    conn.execute(
                        "SELECT seq, payload, payload_digest FROM events"
                        " WHERE namespace = ? AND kind = 'erasure'",
                        (namespace,),
                    )
                )
                walker = ChainWalker(namespace, lookup, erasures)
                cur = conn.execute(
                    f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? ORDER BY seq",
                    (namespace,),
                )
                try:
                    walker.feed_rows(cur)
                finally:
                    cur.close()
            finally:
                if conn.in_transaction:  # read only: nothing to keep
                    conn.execute("ROLLBACK")
            return walker.report()

        return await self._in_thread(run)

    async def search(
        self,
        namespace: str,
        query: str,
        *,
        limit: int,
        max_seq: int | None = None,
        window: int | None = None,
    ) -> list[SearchHit]:
        def run(c: sqlite3.Connection) -> list[SearchHit]:
            # One read transaction: its statements see one snapshot, so another process's
            # erasure between the match and the id lookup cannot take rows out from under it.
            c.execute("BEGIN")
            try:
                return self._writer.fts.search(
                    c, namespace, query, limit=limit, max_seq=max_seq, window=window
                )
            finally:
                c.execute("ROLLBACK")

        return await self._in_thread(run)

    async def namespaces(self) -> list[str]:
        rows = await self._in_thread(
            lambda c: c.execute("SELECT DISTINCT namespace FROM events ORDER BY 1").fetchall()
        )
        return [r[0] for r in rows]

    async def size_bytes(self) -> int:
        def size() -> int:
            total = 0
            for suffix in ("", "-wal"):
                try:
                    total += os.path.getsize(self.path + suffix)
                except OSError:
                    pass
            return total

        return await asyncio.to_thread(size)

    async def stored_bytes(self, namespace: str) -> int:
        sql = (
            "SELECT COALESCE(SUM(LENGTH(namespace) + LENGTH(id) + LENGTH(kind)"
            " + LENGTH(occurred_at) + LENGTH(recorded_at) + COALESCE(LENGTH(causation_id), 0)"
            " + COALESCE(LENGTH(CAST(payload AS BLOB)), 0) + LENGTH(payload_digest)"
            " + LENGTH(prev_hash) + LENGTH(hash) + 9), 0) FROM events WHERE namespace = ?"
        )
        rows = await self._in_thread(lambda c: c.execute(sql, (namespace,)).fetchall())
        return int(rows[0][0])

    async def scrub_pending(self, namespace: str) -> bool:
        return await self._in_thread(lambda c: scrub_pending(c, namespace))

    def planning(self) -> AbstractAsyncContextManager[None]:
        return self._plan_lock.held()

    async def close(self) -> None:
        if self._closed:
            return
        while self._busy or self._queue:
            self._idle = asyncio.Event()
            await self._idle.wait()
        self._closed = True
        self._plan_lock.close()
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
