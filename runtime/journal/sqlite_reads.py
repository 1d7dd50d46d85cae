"""The read side of :class:`~.sqlite.SqliteJournal` (a mixin): pages of events, single
events, the head, ``verify``'s chain walk, lexical search and sizes.

Every call runs on aiosqlite's worker thread through the journal's ``_in_thread``, which
translates driver errors (``sqlite.py`` is the one place that does).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import Any, TypeVar

import aiosqlite

from nousmem.runtime.events import EventBase
from nousmem.runtime.journal.base import Head, SearchHit, VerifyReport
from nousmem.runtime.journal.chain import ChainWalker, erasure_log
from nousmem.runtime.journal.chain_sql import undecodable_text_as_marker, walk_chain
from nousmem.runtime.journal.rows import PayloadReaders, events_from_rows, iter_events
from nousmem.runtime.journal.schema import SELECT_COLUMNS
from nousmem.runtime.journal.sqlite_tx import Transactions
from nousmem.runtime.logging import get_logger

T = TypeVar("T")
_log = get_logger("nousmem.journal")
_YIELDS = 1000  # times the reading of postings lets a queued job go first
_PAGE = 2000


def _fetch_all(sql: str, params: list[Any]) -> Callable[[sqlite3.Connection], list[Any]]:
    def run(conn: sqlite3.Connection) -> list[Any]:
        return conn.execute(sql, params).fetchall()

    return run


class SqliteReads:
    """Reads of :class:`~.sqlite.SqliteJournal`."""

    path: str
    _writer: Transactions  # holds the connection's lexical index
    _db: aiosqlite.Connection
    _closed: bool
    _loading = False  # a job reading postings is queued (see _load_postings)

    async def _in_thread(
        self, fn: Callable[[sqlite3.Connection], T], *, handoff: threading.Event | None = None
    ) -> T:
        raise NotImplementedError  # SqliteJournal's

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
                with undecodable_text_as_marker(conn):
                    erasures = erasure_log(
                        conn.execute(
                            "SELECT seq, payload, payload_digest FROM events"
                            " WHERE namespace = ? AND kind = 'erasure'",
                            (namespace,),
                        )
                    )
                walker = ChainWalker(namespace, lookup, erasures)
                walk_chain(conn, namespace, walker)
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
        started = threading.Event()

        def run(c: sqlite3.Connection) -> list[SearchHit]:
            # One transaction: its statements see one snapshot, so another process's
            # erasure between the match and the id lookup cannot take rows out from under it.
            try:
                return self._writer.search(
                    c,
                    namespace,
                    query,
                    limit=limit,
                    max_seq=max_seq,
                    window=window,
                    started=started.set,
                )
            finally:
                started.set()

        # The ranking statement runs without the GIL: started before the caller goes on, it
        # overlaps the caller's own work (a read works out its worldview meanwhile).
        return await self._in_thread(run, handoff=started)

    def _load_postings(self) -> None:
        """Queue the reading of the postings that searches asked for on the journal's
        thread, without waiting for it: those searches ran FTS5's ranked statement, and the
        next ones for these words use the postings. It gives way to any job queued behind
        it (at most :data:`_YIELDS` times), so that it runs when the thread is idle."""
        db = self._db
        if self._loading or self._closed or not db._running or db._connection is None:
            return
        self._loading = True
        fts, queue = self._writer.fts, db._tx
        yields = 0

        def job() -> None:  # on the worker thread
            nonlocal yields
            if queue.qsize() and yields < _YIELDS:
                yields += 1
                queue.put_nowait((None, job))
                return
            try:
                fts.load_wanted(db._conn)
            except Exception as exc:  # the next search for the words reads FTS5 again
                fts.reset()
                _log.warning("postings_not_loaded", error=repr(exc))
            finally:
                self._loading = False

        queue.put_nowait((None, job))

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
