"""Folding the WAL back into the database file, off the writers' path.

SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past 1,000 pages:
that one caller waits while ~1,000 pages are copied into the database file and the file is
synced (4-5 ms on the benchmark machine, about once every 150 governed writes, ~8% of the
write path on average). Here the writer's automatic checkpoint is only a backstop at
:data:`BACKSTOP_PAGES`; a :class:`Checkpointer` runs ``PRAGMA wal_checkpoint(PASSIVE)`` on a
connection of its own, on a thread, every so many commits. A passive checkpoint takes no
lock writers or readers wait for, so commits go on while it copies.

The WAL is reused from its start only once every frame in it has been copied; commits made
while a checkpoint copies are left for a second, much shorter pass (up to
:data:`_PASSES`). If writers keep ahead of it, the backstop's own checkpoint then has
only the last few frames left to copy (it is refused, as "busy", while a background pass
runs, so writers that keep ahead of every pass can take the WAL somewhat past the backstop).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading

from nousmem.runtime.logging import get_logger

__all__ = ["BACKSTOP_PAGES", "Checkpointer"]

BACKSTOP_PAGES = 2_000
"""The writer connection's ``wal_autocheckpoint``: reached only if checkpoints fall behind."""

_EVERY_COMMITS = 100  # a governed write puts ~6 pages in the WAL: ~600 pages a checkpoint
_EVERY_EVENTS = 1_000  # group commits put fewer pages per event, more events per commit
_PASSES = 4

_log = get_logger("nousmem.journal")


class Checkpointer:
    """Background checkpoints of one journal file (a file path, not ``:memory:``)."""

    def __init__(self, path: str, durability: str, busy_timeout_s: float) -> None:
        # Resolved now: it connects later, and the process may have changed directory by
        # then (a relative path would name, and create, another file).
        self._path = os.path.realpath(path)
        self._durability = durability
        self._timeout = busy_timeout_s
        self._conn: sqlite3.Connection | None = None
        self._task: asyncio.Future[None] | None = None
        self._commits = 0
        self._events = 0
        self._closed = False
        self.runs = 0  # checkpoints run (tests and benchmarks read it)
        # Held while a checkpoint runs, on whichever connection: an erasure's TRUNCATE
        # checkpoint waits for a passive one rather than being refused as busy.
        self.lock = threading.Lock()

    def committed(self, events: int) -> None:
        """Count a commit of ``events`` events; start a checkpoint when enough have come."""
        self._commits += 1
        self._events += events
        if self._closed or self._task is not None:
            return
        if self._commits < _EVERY_COMMITS and self._events < _EVERY_EVENTS:
            return
        self._commits = self._events = 0
        self._task = asyncio.ensure_future(asyncio.to_thread(self._run))
        self._task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[None]) -> None:
        self._task = None
        if not task.cancelled() and task.exception() is not None:
            # A checkpoint that fails leaves the WAL to the backstop; the writes stand.
            _log.warning("checkpoint_failed", path=self._path, error=str(task.exception()))

    def _run(self) -> None:  # on a thread
        with self.lock:
            if self._conn is None:
                conn = sqlite3.connect(
                    self._path, isolation_level=None, timeout=self._timeout, check_same_thread=False
                )
                # The checkpoint syncs the database file as this connection's setting says.
                conn.execute(f"PRAGMA synchronous={self._durability.upper()}")
                self._conn = conn
            for _ in range(_PASSES):
                busy, log, done = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if busy or done >= log:
                    break
            self.runs += 1

    async def idle(self) -> None:
        """Wait for the running checkpoint, if any, to finish."""
        task = self._task
        if task is not None:
            # A checkpoint cannot be stopped midway; it is short (a few ms).
            await asyncio.wait([task])

    async def close(self) -> None:
        """Wait for a running checkpoint, then close the connection."""
        self._closed = True
        await self.idle()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await asyncio.to_thread(conn.close)
