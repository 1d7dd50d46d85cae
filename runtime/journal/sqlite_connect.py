"""Connecting through aiosqlite without leaving its worker thread to outlive the event loop."""

from __future__ import annotations

import asyncio
import threading

import aiosqlite


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
