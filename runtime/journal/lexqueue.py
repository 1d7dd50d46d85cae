"""The lexical index's queue: doc rows committed with their events, indexed in batches.

FTS5 writes a new segment (and rewrites its structure record) in every transaction that
inserts into it: about 14 pages per commit, more than the events themselves, and ~100 us of a
sequential ``observe``. So a write puts its doc rows in ``lex_queue``, a plain table (one
page), in the events' own transaction, and the queue moves into the FTS5 tables

- in the transaction of the write that brings it to :data:`FLUSH_ROWS` rows (of this
  connection; the move takes every queued row, whichever process wrote it);
- before any search that finds it non-empty (in one write transaction with the search, so a
  search sees every doc row committed before it, whoever wrote it);
- at the start of an erasure's transaction, which then deletes the erased rows from the index.

The queue is part of the index projection and lives in the file, so a process that dies
leaves nothing unindexed: whatever searches next moves it. Every function runs inside the
caller's transaction on the worker thread.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from nousmem.runtime.journal.fts import FtsIndex

__all__ = ["FLUSH_ROWS", "drop", "enqueue", "flush", "queued_rows"]

FLUSH_ROWS = 64
"""Queued rows (written by this connection) that make a write move the queue to the index."""


def enqueue(
    conn: sqlite3.Connection, fts: FtsIndex, rows: Sequence[tuple[str, int, str, str]]
) -> None:
    """Queue ``(namespace, seq, event_id, text)`` rows.

    The namespace's FTS5 table is created here, in the rows' transaction, so moving them
    later never creates a table (inside a savepoint that would break the commit: see
    ``Transactions._write_isolated``).
    """
    for ns in {r[0] for r in rows}:
        fts.ensure(conn, ns)
    conn.executemany(
        "INSERT INTO lex_queue(namespace, seq, event_id, text) VALUES (?, ?, ?, ?)", rows
    )


def flush(conn: sqlite3.Connection, fts: FtsIndex) -> int:
    """Move every queued row of a live event into its namespace's index (rows of erased
    events are dropped); returns how many moved.

    Tolerant of writers that bypass the queue (an older nousmem that had the file open
    when this one raised its schema version): an event such a writer erased is not
    indexed, and a row such a reindex already indexed is replaced, not a constraint error
    that would keep the queue, and every search, failing.
    """
    rows = conn.execute(
        "SELECT q.namespace, q.seq, q.event_id, q.text FROM lex_queue AS q"
        " JOIN events AS e ON e.namespace = q.namespace AND e.seq = q.seq"
        " WHERE e.erased = 0 ORDER BY q.rowid"
    ).fetchall()
    if rows:
        fts.add(conn, rows, replace=True)
    conn.execute("DELETE FROM lex_queue")
    return len(rows)


def queued_rows(conn: sqlite3.Connection) -> int:
    """How many rows wait in the queue (every namespace's)."""
    return int(conn.execute("SELECT count(*) FROM lex_queue").fetchone()[0])


def drop(conn: sqlite3.Connection, namespace: str, upto_seq: int | None) -> None:
    """Forget ``namespace``'s queued rows (those with ``seq <= upto_seq``, if given): a
    reindex replaces them."""
    if upto_seq is None:
        conn.execute("DELETE FROM lex_queue WHERE namespace = ?", (namespace,))
    else:
        conn.execute(
            "DELETE FROM lex_queue WHERE namespace = ? AND seq <= ?", (namespace, upto_seq)
        )
