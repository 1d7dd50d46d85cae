"""SQLite journal through aiosqlite (the default backend): WAL, triggers, group commit.

This module is the single place where sqlite3/aiosqlite errors become nousmem errors.

Group commit: concurrent ``append`` calls queue their batches; one drainer task writes all
queued batches in one ``BEGIN IMMEDIATE`` transaction (a savepoint each, so one bad batch
fails alone) and resolves every caller once the transaction has committed. The whole
transaction runs as one call on aiosqlite's worker thread, so a commit costs one thread hop
however many statements it holds.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Literal, TypeVar

import aiosqlite

from nousmem.runtime.canonical import parse_time
from nousmem.runtime.errors import AppendOnlyViolation, ClosedError, JournalConflict, StorageError
from nousmem.runtime.events import EventBase, EventDraft, build_event
from nousmem.runtime.journal.base import (
    ChainWalker,
    Head,
    Journal,
    SearchHit,
    StoredRow,
    VerifyReport,
    event_from_draft,
    seal,
)
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.schema import DDL, INSERT_EVENT, SCHEMA_VERSION, SELECT_COLUMNS
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


def _row(r: Sequence[Any]) -> StoredRow:
    return StoredRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], bool(r[11]))


def row_to_event(r: StoredRow) -> EventBase:
    return build_event(
        id=r.id,
        namespace=r.namespace,
        kind=r.kind,
        seq=r.seq,
        occurred_at=parse_time(r.occurred_at),
        recorded_at=parse_time(r.recorded_at),
        causation_id=r.causation_id,
        payload=r.payload,
        payload_digest=r.payload_digest,
        prev_hash=r.prev_hash,
        hash=r.hash,
        erased=r.erased,
    )


class SqliteJournal(Journal):
    """Journal in one SQLite file. Open with :meth:`open`."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._fts = FtsIndex()
        self._queue: list[tuple[list[EventDraft], asyncio.Future[list[EventBase]]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self._closed = False
        self.commits = 0  # transactions written; group commit shows as commits < appends

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
            db = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout_s)
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={durability.upper()}")
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_s * 1000)}")
            self = cls(db, path)
            await self._in_thread(self._init_schema)
        except sqlite3.Error as exc:
            raise _translate(exc) from exc
        return self

    @staticmethod
    def _init_schema(conn: sqlite3.Connection) -> None:
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

    async def append(self, drafts: Sequence[EventDraft]) -> list[EventBase]:
        if self._closed:
            raise ClosedError("journal is closed")
        if not drafts:
            return []
        fut: asyncio.Future[list[EventBase]] = asyncio.get_running_loop().create_future()
        self._queue.append((list(drafts), fut))
        if self._drainer is None or self._drainer.done():
            self._drainer = asyncio.create_task(self._drain())
        return await fut

    async def _drain(self) -> None:
        while self._queue:
            group, self._queue = self._queue[:_MAX_GROUP], self._queue[_MAX_GROUP:]
            batches = [drafts for drafts, _ in group]
            try:
                results = await self._in_thread(functools.partial(self._commit, batches=batches))
            except BaseException as exc:  # the whole transaction failed
                err = _translate(exc)
                for _, fut in group:
                    if not fut.done():
                        fut.set_exception(err)
                if isinstance(exc, asyncio.CancelledError):
                    raise
                continue
            self.commits += 1
            for (drafts, fut), res in zip(group, results, strict=True):
                if fut.done():
                    continue
                if isinstance(res, BaseException):
                    fut.set_exception(_translate(res))
                else:
                    fut.set_result(
                        [event_from_draft(d, r) for d, r in zip(drafts, res, strict=True)]
                    )

    def _commit(
        self, conn: sqlite3.Connection, *, batches: list[list[EventDraft]]
    ) -> list[list[StoredRow] | BaseException]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            heads: dict[str, tuple[int, bytes]] = {}
            for ns in {d.namespace for b in batches for d in b}:
                got = conn.execute(
                    "SELECT seq, hash FROM events WHERE namespace = ? ORDER BY seq DESC LIMIT 1",
                    (ns,),
                ).fetchone()
                if got is not None:
                    heads[ns] = (got[0], got[1])
            results: list[list[StoredRow] | BaseException] = []
            isolate = len(batches) > 1
            for i, drafts in enumerate(batches):
                saved = dict(heads)
                if isolate:
                    conn.execute(f"SAVEPOINT b{i}")
                try:
                    rows = seal(drafts, heads)
                    conn.executemany(
                        INSERT_EVENT,
                        [
                            (
                                r.namespace,
                                r.seq,
                                r.id,
                                r.kind,
                                r.occurred_at,
                                r.recorded_at,
                                r.causation_id,
                                r.payload,
                                r.payload_digest,
                                r.prev_hash,
                                r.hash,
                                0,
                            )
                            for r in rows
                        ],
                    )
                    self._fts.add(
                        conn,
                        [
                            (r.namespace, r.seq, r.id, d.doc)
                            for r, d in zip(rows, drafts, strict=True)
                            if d.doc
                        ],
                    )
                    if isolate:
                        conn.execute(f"RELEASE b{i}")
                    results.append(rows)
                except Exception as exc:
                    if not isolate:
                        raise
                    conn.execute(f"ROLLBACK TO b{i}")
                    conn.execute(f"RELEASE b{i}")
                    heads = saved
                    results.append(exc)
            conn.execute("COMMIT")
            return results
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            self._fts = FtsIndex()  # tables created in the rolled-back transaction are gone
            raise

    async def erase_and_append(
        self, namespace: str, event_ids: Sequence[str], drafts: Sequence[EventDraft]
    ) -> tuple[list[int], list[EventBase]]:
        ids = list(dict.fromkeys(event_ids))
        batch = list(drafts)

        def run(conn: sqlite3.Connection) -> tuple[list[int], list[StoredRow]]:
            # secure_delete zeroes freed space so erased text does not linger in the file.
            conn.execute("PRAGMA secure_delete=ON")
            conn.execute("BEGIN IMMEDIATE")
            try:
                seqs: list[int] = []
                for eid in ids:
                    got = conn.execute(
                        "SELECT seq, erased FROM events WHERE namespace = ? AND id = ?",
                        (namespace, eid),
                    ).fetchone()
                    if got is None or got[1]:
                        continue
                    conn.execute(
                        "UPDATE events SET payload = NULL, erased = 1"
                        " WHERE namespace = ? AND seq = ?",
                        (namespace, got[0]),
                    )
                    seqs.append(got[0])
                self._fts.remove(conn, namespace, seqs)
                rows = self._insert(conn, batch) if batch else []
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                self._fts = FtsIndex()
                raise
            if seqs:
                # Merge FTS segments so deleted tokens are dropped, then fold the WAL back.
                conn.execute("BEGIN IMMEDIATE")
                try:
                    self._fts.optimize(conn, namespace)
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("PRAGMA secure_delete=OFF")
            return seqs, rows

        seqs, rows = await self._in_thread(run)
        return seqs, [event_from_draft(d, r) for d, r in zip(batch, rows, strict=True)]

    def _insert(self, conn: sqlite3.Connection, drafts: list[EventDraft]) -> list[StoredRow]:
        heads: dict[str, tuple[int, bytes]] = {}
        for ns in {d.namespace for d in drafts}:
            got = conn.execute(
                "SELECT seq, hash FROM events WHERE namespace = ? ORDER BY seq DESC LIMIT 1",
                (ns,),
            ).fetchone()
            if got is not None:
                heads[ns] = (got[0], got[1])
        rows = seal(drafts, heads)
        conn.executemany(
            INSERT_EVENT,
            [
                (
                    r.namespace,
                    r.seq,
                    r.id,
                    r.kind,
                    r.occurred_at,
                    r.recorded_at,
                    r.causation_id,
                    r.payload,
                    r.payload_digest,
                    r.prev_hash,
                    r.hash,
                    0,
                )
                for r in rows
            ],
        )
        self._fts.add(
            conn,
            [(r.namespace, r.seq, r.id, d.doc) for r, d in zip(rows, drafts, strict=True) if d.doc],
        )
        return rows

    async def reindex(self, namespace: str, docs: Sequence[tuple[str, int, str]]) -> None:
        def run(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._fts.replace(conn, namespace, docs)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                self._fts = FtsIndex()
                raise

        await self._in_thread(run)

    # -- reads --------------------------------------------------------------------------------

    async def read(
        self,
        namespace: str,
        *,
        after_seq: int = 0,
        until_seq: int | None = None,
        kinds: Sequence[str] | None = None,
    ) -> AsyncIterator[EventBase]:
        last = after_seq
        kind_list = list(kinds) if kinds else None
        while True:
            sql = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? AND seq > ?"
            params: list[Any] = [namespace, last]
            if until_seq is not None:
                sql += " AND seq <= ?"
                params.append(until_seq)
            if kind_list:
                sql += f" AND kind IN ({','.join('?' * len(kind_list))})"
                params.extend(kind_list)
            sql += f" ORDER BY seq LIMIT {_PAGE}"
            page: list[Any] = await self._in_thread(_fetch_all(sql, params))
            for r in page:
                yield row_to_event(_row(r))
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
        return None if got is None else row_to_event(_row(got))

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

            walker = ChainWalker(namespace, lookup)
            cur = conn.execute(
                f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? ORDER BY seq",
                (namespace,),
            )
            for r in cur:
                if not walker.feed(_row(r)):
                    break
            return walker.report()

        return await self._in_thread(run)

    async def search(
        self, namespace: str, query: str, *, limit: int, max_seq: int | None = None
    ) -> list[SearchHit]:
        return await self._in_thread(
            lambda c: self._fts.search(c, namespace, query, limit=limit, max_seq=max_seq)
        )

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

    async def close(self) -> None:
        if self._closed:
            return
        if self._drainer is not None and not self._drainer.done():
            await self._drainer
        self._closed = True
        try:
            await self._db.close()
        except sqlite3.Error as exc:  # pragma: no cover - closing a broken handle
            _log.warning("close_failed", error=str(exc))
