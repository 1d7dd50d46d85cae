"""What an erasure does to the file after its transaction: no erased byte may stay on disk.

The erasure's transaction nulls payloads and deletes index rows, with ``secure_delete`` on
(as it is for every connection: a page freed by any later write is zeroed too, or copies
moved off it would linger). Two steps cannot be in that transaction: merging the lexical
index (FTS5 keeps deleted tokens in old segments until a merge) and truncating the WAL,
whose old frames still hold the erased pages. A marker row, written in the erasure's own
transaction, stays until both are done; whatever opens the journal next (or erases next)
finishes the job if the process died in between.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time

from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.logging import get_logger

__all__ = ["finish_scrubs", "mark_scrub"]

_PREFIX = "erasure_scrub:"
_log = get_logger("nousmem.journal")
_JITTER = random.Random()  # wait timing only


def mark_scrub(conn: sqlite3.Connection, namespace: str) -> None:
    """Record, inside the erasure's transaction, that ``namespace`` needs scrubbing."""
    conn.execute(
        "INSERT OR REPLACE INTO nousmem_meta(key, value) VALUES (?, '1')", (_PREFIX + namespace,)
    )


def _fold_wal(conn: sqlite3.Connection, lock: threading.Lock, wait_s: float) -> bool:
    """Checkpoint the whole WAL and truncate it. Another connection's checkpoint (this
    process's background one, another process's) makes SQLite refuse at once as busy:
    retried until ``wait_s`` has passed."""
    end = time.monotonic() + wait_s
    while True:
        with lock:
            busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        if not busy:
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.005 + 0.02 * _JITTER.random())


def finish_scrubs(
    conn: sqlite3.Connection, fts: FtsIndex, lock: threading.Lock, wait_s: float = 10.0
) -> list[str]:
    """Merge the index of every namespace marked for scrubbing, then fold the WAL; a marker
    goes only once both are done. Returns the namespaces scrubbed."""
    # A prefix test, not a key range: SQLite orders text by its UTF-8 bytes, so a namespace
    # starting past U+FFFF (an emoji) sorts after any "\uffff" bound.
    keys = [
        str(r[0])
        for r in conn.execute(
            "SELECT key FROM nousmem_meta WHERE substr(key, 1, ?) = ?", (len(_PREFIX), _PREFIX)
        )
    ]
    if not keys:
        return []
    for key in keys:
        conn.execute("BEGIN IMMEDIATE")
        try:
            fts.optimize(conn, key[len(_PREFIX) :])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    if not _fold_wal(conn, lock, wait_s):
        _log.warning("erasure_wal_not_folded", namespaces=[k[len(_PREFIX) :] for k in keys])
        return []
    # The deletions land in the WAL again; the next fold (any checkpoint) moves them on.
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany("DELETE FROM nousmem_meta WHERE key = ?", [(k,) for k in keys])
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return [k[len(_PREFIX) :] for k in keys]
