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

__all__ = ["ERASURE_WAIT_S", "finish_scrubs", "mark_scrub", "scrub_pending"]

ERASURE_WAIT_S = 10.0
"""How long an erasure waits to fold the WAL (another checkpoint, a reader's snapshot)."""

_PREFIX = "erasure_scrub:"
_log = get_logger("nousmem.journal")
_JITTER = random.Random()  # wait timing only


def mark_scrub(conn: sqlite3.Connection, namespace: str) -> None:
    """Record, inside the erasure's transaction, that ``namespace`` needs scrubbing."""
    conn.execute(
        "INSERT OR REPLACE INTO nousmem_meta(key, value) VALUES (?, '1')", (_PREFIX + namespace,)
    )


def scrub_pending(conn: sqlite3.Connection, namespace: str) -> bool:
    """True while ``namespace``'s marker says an erasure's merge or WAL fold is not done."""
    got = conn.execute("SELECT 1 FROM nousmem_meta WHERE key = ?", (_PREFIX + namespace,))
    return got.fetchone() is not None


def _fold_wal(conn: sqlite3.Connection, lock: threading.Lock, wait_s: float) -> bool:
    """Checkpoint the whole WAL and truncate it, within about ``wait_s``.

    Another connection's checkpoint (this process's background one, another process's)
    makes SQLite refuse at once as busy: retried. A reader holding an old snapshot (a backup
    tool) makes it wait in the busy handler: bounded by ``wait_s`` too, not the
    connection's busy timeout, so that an open never stalls on someone else's reader.
    """
    end = time.monotonic() + wait_s
    saved = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
    conn.execute(f"PRAGMA busy_timeout={int(wait_s * 1000)}")
    try:
        while True:
            with lock:
                busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            if not busy:
                return True
            if time.monotonic() > end:
                return False
            time.sleep(0.005 + 0.02 * _JITTER.random())
    finally:
        conn.execute(f"PRAGMA busy_timeout={saved}")


def finish_scrubs(
    conn: sqlite3.Connection, fts: FtsIndex, lock: threading.Lock, wait_s: float | None = None
) -> list[str]:
    """Merge the index of every namespace marked for scrubbing, then fold the WAL; a marker
    goes only once both are done. Returns the namespaces scrubbed. ``wait_s`` bounds the
    wait for the fold (0 at open: one attempt; a marker left is tried again later)."""
    # A prefix test, not a key range: SQLite orders text by its UTF-8 bytes, so a namespace
    # starting past U+FFFF (an emoji) sorts after any "\uffff" bound.
    keys = [
        (str(r[0]), r[1] == "merged")
        for r in conn.execute(
            "SELECT key, value FROM nousmem_meta WHERE substr(key, 1, ?) = ?",
            (len(_PREFIX), _PREFIX),
        )
    ]
    if not keys:
        return []
    for key, merged in keys:
        if merged:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            fts.optimize(conn, key[len(_PREFIX) :])
            # Merged: a later attempt only has the WAL left to fold.
            conn.execute("UPDATE nousmem_meta SET value = 'merged' WHERE key = ?", (key,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            fts.reset()  # a table the merge created went with the rollback
            raise
    if not _fold_wal(conn, lock, ERASURE_WAIT_S if wait_s is None else wait_s):
        _log.warning("erasure_wal_not_folded", namespaces=[k[len(_PREFIX) :] for k, _ in keys])
        return []
    # The deletions land in the WAL again; the next fold (any checkpoint) moves them on.
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany("DELETE FROM nousmem_meta WHERE key = ?", [(k,) for k, _ in keys])
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return [k[len(_PREFIX) :] for k, _ in keys]
