"""Opening a journal file: the checks before SQLite touches it, connecting through aiosqlite
(without leaving its worker thread to outlive the event loop), and WAL mode."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import threading
import time

import aiosqlite

from nousmem.runtime.errors import InvalidInput, StorageError

_JITTER = random.Random()  # retry timing only


def is_file_path(path: str) -> bool:
    """A database in a file of that name (not ``:memory:``, a temporary one or a URI)."""
    return path not in ("", ":memory:") and not path.startswith("file:")


async def connect(path: str, *, busy_timeout_s: float) -> aiosqlite.Connection:
    """An open aiosqlite connection in autocommit mode; raises what ``sqlite3`` raised.

    When the connect fails, aiosqlite stops the connection's worker thread, and the thread
    then resolves a future on this event loop. If the caller's ``asyncio.run`` has closed the
    loop by then, the thread prints "RuntimeError: Event loop is closed" with a traceback on
    stderr. So the error is raised only once the thread has finished.
    """
    # Not only the worker thread: an uncontended commit may run on the event loop's thread
    # while the worker is idle (SqliteJournal._dispatch), never both at once.
    db = aiosqlite.connect(
        path, isolation_level=None, timeout=busy_timeout_s, check_same_thread=False
    )
    worker = getattr(db, "_thread", db)
    if isinstance(worker, threading.Thread) and not worker.is_alive():
        # A runtime its owner never closed must not hang the interpreter's exit (which
        # joins every non-daemon thread before any finaliser runs). Only uncommitted work
        # can be lost that way, and no caller was told it was committed.
        worker.daemon = True
    try:
        await db
    except BaseException:
        # aiosqlite >= 0.22 runs a Thread of its own; before that the connection was one.
        if isinstance(worker, threading.Thread) and worker.is_alive():
            await asyncio.to_thread(worker.join)
        raise
    return db


async def set_wal(db: aiosqlite.Connection, busy_timeout_s: float) -> None:
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


def check_writable(path: str) -> None:
    """Refuse, naming the file, a journal this process cannot write: SQLite would fail with
    "attempt to write a readonly database" and leave read-only ``-wal``/``-shm`` files behind
    that break the next open even once the permission is back."""
    if path.startswith("file:"):
        # SQLite reads it as a URI: "file:x.db?mode=memory" would take writes and keep
        # none, "file:notes.db" write notes.db and then be "no journal" to the CLI.
        raise InvalidInput(
            "a SQLite URI (file:...) is not supported; give the journal file's path",
            field="path",
        )
    if not is_file_path(path):
        return
    real = os.path.realpath(path)
    folder = os.path.dirname(real) or "."
    # SQLite would only say "unable to open database file".
    if os.path.isdir(real):
        raise InvalidInput(f"{path} is a directory, not a journal file", field="path")
    if not os.path.isdir(folder):
        what = "is not a directory" if os.path.exists(folder) else "does not exist"
        raise InvalidInput(f"the directory {folder} {what} (for {path})", field="path")
    if os.path.exists(real) and not os.access(real, os.W_OK):
        raise StorageError(
            f"cannot write the journal file {path} (read-only); nousmem needs"
            " to write a journal it opens"
        )
    for ext in ("-wal", "-shm"):  # left read-only by an earlier failed open, say
        if os.path.exists(real + ext) and not os.access(real + ext, os.W_OK):
            raise StorageError(
                f"cannot write {path}{ext} (read-only), the journal's {ext[1:]} file"
            )
    beside = all(os.path.exists(real + ext) for ext in ("-wal", "-shm"))
    if not beside and os.path.isdir(folder) and not os.access(folder, os.W_OK | os.X_OK):
        raise StorageError(
            f"cannot write in {folder}, the journal's directory (SQLite keeps"
            " its write-ahead log beside the file)"
        )


async def refuse_foreign(db: aiosqlite.Connection) -> None:
    """Refuse another application's database before anything (WAL mode first) changes it;
    a new file, or an empty database, becomes a journal."""
    async with db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ) as cur:
        names = {str(r[0]) for r in await cur.fetchall()}
    if names and "nousmem_meta" not in names:
        raise StorageError(
            "this SQLite database has tables but is not a nousmem journal; open a new file"
            " or an existing journal"
        )
