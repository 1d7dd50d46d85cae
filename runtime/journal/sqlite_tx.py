"""The worker-thread side of the SQLite journal: whole transactions on a raw connection.

Each public method runs as one call on aiosqlite's worker thread (see ``sqlite.py``, which
queues it and translates the ``sqlite3`` errors raised here). The lexical index is written
in the same transactions (through its queue, ``lexqueue.py``), so it holds the only
``FtsIndex`` of the connection, and searches go through it too.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence

from nousmem.runtime.events import EventDraft
from nousmem.runtime.journal import lexqueue
from nousmem.runtime.journal.base import Guard, SearchHit, stale
from nousmem.runtime.journal.chain import SealedRow, seal
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.schema import INSERT_EVENT
from nousmem.runtime.journal.scrub import finish_scrubs, mark_scrub
from nousmem.runtime.journal.vectors import delete as delete_vectors


def read_heads(conn: sqlite3.Connection, namespaces: Iterable[str]) -> dict[str, tuple[int, bytes]]:
    """``namespace -> (seq, hash)`` of each chain's tip (absent for an empty namespace)."""
    heads: dict[str, tuple[int, bytes]] = {}
    for ns in namespaces:
        got = conn.execute(
            "SELECT seq, hash FROM events WHERE namespace = ? ORDER BY seq DESC LIMIT 1", (ns,)
        ).fetchone()
        if got is not None:
            heads[ns] = (got[0], got[1])
    return heads


def _guarded_event(conn: sqlite3.Connection, guard: Guard) -> tuple[int, str] | None:
    """The first event of a guarded kind past the guard (one index seek per kind)."""
    kinds = sorted(guard.kinds)
    marks = ",".join("?" * len(kinds))
    got = conn.execute(
        f"SELECT seq, kind FROM events WHERE namespace = ? AND kind IN ({marks}) AND seq > ?"
        " ORDER BY seq LIMIT 1",
        (guard.namespace, *kinds, guard.after_seq),
    ).fetchone()
    return None if got is None else (int(got[0]), str(got[1]))


class Transactions:
    """Transactions of one connection. Not thread-safe: one thread at a time (the worker
    thread, or the event loop's for :meth:`commit_group_now` while the worker is idle)."""

    def __init__(self) -> None:
        self.fts = FtsIndex(load_later=True)
        # Rows this connection queued since the queue last moved (an estimate: rolled-back
        # rows stay counted, and other processes' rows are not; it only paces the moves).
        self.queued = 0
        # Shared with the background checkpointer (checkpoint.py), whose passive checkpoint
        # would make an erasure's TRUNCATE checkpoint return "busy" and leave erased pages.
        self.checkpoint_lock = threading.Lock()

    def _forget_index_tables(self) -> None:
        # Tables created inside a rolled-back transaction are gone: the cache must not say
        # they exist.
        self.fts.reset()

    def commit_group(
        self,
        conn: sqlite3.Connection,
        batches: list[list[EventDraft]],
        guards: Sequence[Guard | None] | None = None,
    ) -> list[list[SealedRow] | BaseException]:
        """Write ``batches`` in one transaction; a failing batch fails alone.

        The group is first written in one go (one ``executemany`` for every row, one for the
        index). Only if that raises is the transaction rolled back and redone with a
        savepoint per batch, so the bad batch fails alone, exactly as if every batch had had
        its savepoint from the start (nothing of the first attempt was committed).
        """
        conn.execute("BEGIN IMMEDIATE")
        return self._commit_begun(conn, batches, guards)

    def commit_group_now(
        self,
        conn: sqlite3.Connection,
        batches: list[list[EventDraft]],
        guards: Sequence[Guard | None] | None,
        *,
        busy_timeout_ms: int,
    ) -> list[list[SealedRow] | BaseException] | None:
        """:meth:`commit_group` without waiting for the write lock: None, with nothing begun,
        when another connection holds it. ``busy_timeout_ms``: the connection's own busy
        timeout, which it has again on return."""
        conn.execute("PRAGMA busy_timeout=0")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY:
                return None
            raise
        finally:
            conn.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        return self._commit_begun(conn, batches, guards)

    def _commit_begun(
        self,
        conn: sqlite3.Connection,
        batches: list[list[EventDraft]],
        guards: Sequence[Guard | None] | None,
    ) -> list[list[SealedRow] | BaseException]:
        try:
            results: list[list[SealedRow] | BaseException]
            if len(batches) == 1:
                results = [self.write(conn, batches, guards)[0]]
            else:
                try:
                    results = list(self.write(conn, batches, guards))
                except Exception:
                    conn.execute("ROLLBACK")
                    self._forget_index_tables()
                    conn.execute("BEGIN IMMEDIATE")
                    results = self._write_isolated(conn, batches, guards)
            conn.execute("COMMIT")
            return results
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            self._forget_index_tables()
            raise

    def write(
        self,
        conn: sqlite3.Connection,
        batches: list[list[EventDraft]],
        guards: Sequence[Guard | None] | None = None,
    ) -> list[list[SealedRow]]:
        """Seal and insert every batch (inside the caller's transaction); all or nothing.

        A guarded batch is checked first (raising :class:`StaleHead`): inside the
        transaction, so nothing can be appended between the check and the insert.
        """
        for guard in guards or ():
            if guard is not None:
                stale(guard, _guarded_event(conn, guard))
        heads = read_heads(conn, {d.namespace for b in batches for d in b})
        sealed = [seal(drafts, heads) for drafts in batches]
        if len(sealed) == 1:
            conn.executemany(INSERT_EVENT, sealed[0])
        else:
            conn.executemany(INSERT_EVENT, [r for rows in sealed for r in rows])
        docs = [
            (r[0], r[1], r[2], d.doc)
            for drafts, rows in zip(batches, sealed, strict=True)
            for r, d in zip(rows, drafts, strict=True)
            if d.doc
        ]
        if docs:
            if self.queued + len(docs) >= lexqueue.FLUSH_ROWS:
                lexqueue.flush(conn, self.fts)
                self.fts.add(conn, docs)
                self.queued = 0
            else:
                lexqueue.enqueue(conn, self.fts, docs)
                self.queued += len(docs)
        return sealed

    def search(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        query: str,
        *,
        limit: int,
        max_seq: int | None,
        window: int | None,
        started: Callable[[], None] | None = None,
    ) -> list[SearchHit]:
        """Search the lexical index in one transaction, moving the queue into it first.

        A read transaction when the queue is empty; else one write transaction that moves
        the queue and searches, so no row committed before the search is missed.
        ``started``: see :meth:`FtsIndex.search`.
        """

        def search() -> list[SearchHit]:
            return self.fts.search(
                conn, namespace, query, limit=limit, max_seq=max_seq, window=window, started=started
            )

        conn.execute("BEGIN")
        try:
            if not lexqueue.queued_rows(conn):
                return search()
        finally:
            conn.execute("ROLLBACK")
        # The move holds no journal row: lost to a power cut, it leaves the rows queued, as
        # before it. So it skips the fsync that durability "full" gives a commit (the WAL
        # keeps it atomic; the next journal commit's fsync covers its frames).
        (sync,) = conn.execute("PRAGMA synchronous").fetchone()
        if sync > 1:
            conn.execute("PRAGMA synchronous=NORMAL")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                lexqueue.flush(conn, self.fts)
                hits = search()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                self._forget_index_tables()
                raise
        finally:
            if sync > 1:
                conn.execute(f"PRAGMA synchronous={sync}")
        self.queued = 0
        return hits

    def _write_isolated(
        self,
        conn: sqlite3.Connection,
        batches: list[list[EventDraft]],
        guards: Sequence[Guard | None] | None = None,
    ) -> list[list[SealedRow] | BaseException]:
        """One savepoint per batch: a batch that fails is rolled back alone.

        Index tables are created first, outside the savepoints: SQLite cannot commit a
        transaction after rolling back to a savepoint that created an FTS5 table
        ("SQL logic error"), which would make one bad batch fail the whole group.
        """
        for ns in {d.namespace for b in batches for d in b if d.doc}:
            self.fts.ensure(conn, ns)
        results: list[list[SealedRow] | BaseException] = []
        for i, drafts in enumerate(batches):
            conn.execute(f"SAVEPOINT b{i}")
            try:
                (rows,) = self.write(conn, [drafts], [guards[i]] if guards else None)
                conn.execute(f"RELEASE b{i}")
                results.append(rows)
            except Exception as exc:
                conn.execute(f"ROLLBACK TO b{i}")
                conn.execute(f"RELEASE b{i}")
                results.append(exc)
        return results

    def erase_and_append(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        ids: Sequence[str],
        batch: list[EventDraft],
        guard: Guard | None = None,
    ) -> tuple[list[int], list[SealedRow]]:
        """Null the payloads of ``ids``, delete their index rows and cached vectors, and append
        ``batch``, in one transaction (refused, raising StaleHead, when ``guard`` finds a
        later event)."""
        # secure_delete (on for the connection: see scrub.py) zeroes what this frees.
        conn.execute("BEGIN IMMEDIATE")
        try:
            if guard is not None:
                stale(guard, _guarded_event(conn, guard))
            # Queued text goes to the index first, where the erasure deletes it (and the
            # scrub's merge drops it from the segments).
            lexqueue.flush(conn, self.fts)
            self.queued = 0
            seqs: list[int] = []
            for eid in ids:
                got = conn.execute(
                    "SELECT seq, erased FROM events WHERE namespace = ? AND id = ?",
                    (namespace, eid),
                ).fetchone()
                if got is None or got[1]:
                    continue
                conn.execute(
                    "UPDATE events SET payload = NULL, erased = 1 WHERE namespace = ? AND seq = ?",
                    (namespace, got[0]),
                )
                seqs.append(got[0])
            self.fts.remove(conn, namespace, seqs)
            delete_vectors(conn, namespace, seqs)  # every model's, in this transaction
            if seqs:
                mark_scrub(conn, namespace)
            rows = self.write(conn, [batch])[0] if batch else []
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            self._forget_index_tables()
            raise
        # Merge the index so deleted tokens go, then fold the WAL back (this erasure's
        # scrub, and any an earlier process did not finish).
        finish_scrubs(conn, self.fts, self.checkpoint_lock)
        return seqs, rows

    def reindex(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        docs: Sequence[tuple[str, int, str]],
        upto_seq: int | None = None,
    ) -> None:
        """Replace a namespace's lexical index (its rows up to ``upto_seq``), in one
        transaction."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            # The docs were read before this transaction: another process may have erased
            # some of them since (its erasure removed them from the index, and its text
            # must not come back through this replacement).
            erased = {
                seq
                for (seq,) in conn.execute(
                    "SELECT seq FROM events WHERE namespace = ? AND erased = 1", (namespace,)
                )
            }
            if erased:
                docs = [d for d in docs if d[1] not in erased]
            lexqueue.drop(conn, namespace, upto_seq)  # the docs replace these rows too
            self.fts.replace(conn, namespace, docs, upto_seq)
            # A bulk load leaves the index in several large segments beside the replaced
            # rows' deletion markers. Merged into one (~0.5 s at 100k rows, ~5% of a
            # rebuild), a search reads fewer pages: ~20% faster at 100k events.
            self.fts.optimize(conn, namespace)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            self._forget_index_tables()
            raise
