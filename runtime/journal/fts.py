"""The lexical index projection: one SQLite FTS5 table per namespace, rowid = seq.

Runs on a plain ``sqlite3.Connection`` so the SQLite backend can write it inside the journal
transaction (on aiosqlite's worker thread) and the in-memory backend can keep it in
``:memory:``. FTS5 indexes incrementally, so an append costs the same at any journal size.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

import blake3

from nousmem.runtime.journal.base import SearchHit


def table_for(namespace: str) -> str:
    return "lex_" + blake3.blake3(namespace.encode("utf-8")).hexdigest()[:20]


class FtsIndex:
    """Per-namespace FTS5 tables on one connection. Not thread-safe: use from one thread."""

    def __init__(self) -> None:
        self._known: set[str] = set()
        self._ensured: dict[str, str] = {}  # namespace -> table, created on this connection

    def ensure(self, conn: sqlite3.Connection, namespace: str) -> str:
        table = self._ensured.get(namespace)
        if table is not None:
            return table
        table = table_for(namespace)
        if table not in self._known:
            conn.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING fts5("
                "text, event_id UNINDEXED, tokenize='porter unicode61 remove_diacritics 2')"
            )
            self._known.add(table)
        self._ensured[namespace] = table
        return table

    def add(self, conn: sqlite3.Connection, rows: Iterable[tuple[str, int, str, str]]) -> None:
        """Index ``(namespace, seq, event_id, text)`` rows (one statement per namespace)."""
        by_table: dict[str, list[tuple[int, str, str]]] = {}
        for ns, seq, event_id, text in rows:
            table = self.ensure(conn, ns)
            params = by_table.get(table)
            if params is None:
                by_table[table] = [(seq, text, event_id)]
            else:
                params.append((seq, text, event_id))
        for table, params in by_table.items():
            sql = f"INSERT INTO {table}(rowid, text, event_id) VALUES (?, ?, ?)"
            if len(params) == 1:
                conn.execute(sql, params[0])
            else:
                conn.executemany(sql, params)

    def remove(self, conn: sqlite3.Connection, namespace: str, seqs: Sequence[int]) -> None:
        table = self.ensure(conn, namespace)
        conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(s,) for s in seqs])

    def optimize(self, conn: sqlite3.Connection, namespace: str) -> None:
        """Merge the index into one segment, dropping every deleted entry for good."""
        table = self.ensure(conn, namespace)
        conn.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")

    def replace(
        self, conn: sqlite3.Connection, namespace: str, docs: Sequence[tuple[str, int, str]]
    ) -> None:
        table = self.ensure(conn, namespace)
        conn.execute(f"DELETE FROM {table}")
        conn.executemany(
            f"INSERT INTO {table}(rowid, text, event_id) VALUES (?, ?, ?)",
            [(seq, text, eid) for eid, seq, text in docs],
        )

    def search(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        query: str,
        *,
        limit: int,
        max_seq: int | None,
        window: int | None = None,
    ) -> list[SearchHit]:
        """Best ``limit`` rows by BM25 (ties by rowid) with ``rowid <= max_seq``.

        ``window``: rank only the ``window`` newest matching rows. Finding where they start
        walks the doclists only (cheap); BM25 reads every ranked row's size, which is what
        makes a query on common words slow in a large index.
        """
        table = table_for(namespace)
        if table not in self._known:
            exists = conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone()
            if exists is None:
                return []
            self._known.add(table)
        where = f"{table} MATCH ?"
        params: list[object] = [query]
        if max_seq is not None:
            where += " AND rowid <= ?"
            params.append(max_seq)
        if window is not None:
            if window < 1:
                raise ValueError("window must be at least 1")
            start = conn.execute(
                f"SELECT rowid FROM {table} WHERE {where} ORDER BY rowid DESC LIMIT 1 OFFSET ?",
                (*params, window - 1),
            ).fetchone()
            if start is not None:
                where += " AND rowid >= ?"
                params.append(start[0])
        # Only rowid and rank while sorting: selecting a stored column would read it for
        # every match, not just for the hits kept.
        ranked = conn.execute(
            f"SELECT rowid, rank FROM {table} WHERE {where} ORDER BY rank, rowid LIMIT ?",
            (*params, limit),
        ).fetchall()
        if not ranked:
            return []
        marks = ",".join("?" * len(ranked))
        ids = dict(
            conn.execute(
                f"SELECT rowid, event_id FROM {table} WHERE rowid IN ({marks})",
                [seq for seq, _ in ranked],
            ).fetchall()
        )
        return [SearchHit(ids[seq], seq, -score) for seq, score in ranked]
