"""The SQLite side of the dense vector cache (table ``dense_vectors``, see ``schema.py``).

The functions run on aiosqlite's worker thread like every other write, each in its own
small transaction, so a large first store never holds the write lock for long and appends
queued meanwhile run between its chunks. The cache is not durable data: its transactions
commit with ``synchronous=NORMAL`` (no fsync of their own; the journal's next commit syncs
them) and with ``secure_delete`` on, so a replaced vector leaves no bytes behind either.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from nousmem.runtime.journal.base import CachedVector

T = TypeVar("T")
CHUNK = 1024  # rows per transaction (store) or per worker-thread call (load)

# Plain "?" placeholders (namespace and seq given twice): numbered ones ("?1") with a
# sequence of parameters are deprecated since Python 3.12 and an error from 3.14.
_STORE = (
    "INSERT OR REPLACE INTO dense_vectors (namespace, seq, model, digest, vec)"
    " SELECT ?, ?, ?, ?, ? WHERE EXISTS"
    " (SELECT 1 FROM events WHERE namespace = ? AND seq = ? AND erased = 0)"
)


def load(
    conn: sqlite3.Connection, namespace: str, model: str, after_seq: int, limit: int
) -> list[CachedVector]:
    """Up to ``limit`` rows of ``model`` with ``seq > after_seq``, by ``seq``."""
    got = conn.execute(
        "SELECT seq, digest, vec FROM dense_vectors WHERE namespace = ? AND seq > ?"
        " AND model = ? ORDER BY seq LIMIT ?",
        (namespace, after_seq, model, limit),
    ).fetchall()
    # A hand-edited row of another type is handed on as empty bytes, which no digest or
    # vector matches: it is re-embedded and overwritten, never trusted, never an error.
    return [
        CachedVector(s, d if isinstance(d, bytes) else b"", v if isinstance(v, bytes) else b"")
        for s, d, v in got
        if type(s) is int
    ]


def store(
    conn: sqlite3.Connection, namespace: str, model: str, rows: Sequence[CachedVector]
) -> None:
    """Insert or replace ``rows`` in one transaction; rows of no live event are skipped
    (checked inside the transaction, so a concurrent erasure always wins)."""
    params = [(namespace, r.seq, model, r.digest, r.vec, namespace, r.seq) for r in rows]
    _relaxed(conn, lambda: conn.executemany(_STORE, params))


def delete(conn: sqlite3.Connection, namespace: str, seqs: Sequence[int]) -> None:
    """Delete the rows of ``seqs`` for every model (inside the caller's transaction)."""
    conn.executemany(
        "DELETE FROM dense_vectors WHERE namespace = ? AND seq = ?", [(namespace, s) for s in seqs]
    )


def _relaxed(conn: sqlite3.Connection, body: Callable[[], T]) -> T:
    """Run ``body`` in a transaction without an fsync of its own, with secure_delete on."""
    sync = int(conn.execute("PRAGMA synchronous").fetchone()[0])
    secure = int(conn.execute("PRAGMA secure_delete").fetchone()[0])
    conn.execute("PRAGMA secure_delete=ON")
    if sync > 1:  # FULL or EXTRA; NORMAL is crash-safe in WAL mode, it only may lose the tail
        conn.execute("PRAGMA synchronous=NORMAL")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            out = body()
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return out
    finally:
        conn.execute(f"PRAGMA synchronous={sync}")
        conn.execute(f"PRAGMA secure_delete={'FAST' if secure == 2 else secure}")


class SqliteVectors:
    """``load_vectors`` and ``store_vectors`` of :class:`SqliteJournal` (a mixin): chunked,
    through the journal's ``_in_thread``, which translates driver errors."""

    async def _in_thread(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        raise NotImplementedError  # SqliteJournal's

    async def load_vectors(
        self, namespace: str, model: str, *, after_seq: int = 0
    ) -> list[CachedVector]:
        out: list[CachedVector] = []
        while True:
            last = out[-1].seq if out else after_seq
            page = await self._in_thread(
                partial(load, namespace=namespace, model=model, after_seq=last, limit=CHUNK)
            )
            out += page
            if len(page) < CHUNK:
                return out

    async def store_vectors(self, namespace: str, model: str, rows: Sequence[CachedVector]) -> None:
        rows = list(rows)
        for i in range(0, len(rows), CHUNK):
            chunk = rows[i : i + CHUNK]
            await self._in_thread(partial(store, namespace=namespace, model=model, rows=chunk))
