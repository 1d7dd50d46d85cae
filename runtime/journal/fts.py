"""The lexical index projection: one SQLite FTS5 table per namespace, rowid = seq.

Runs on a plain ``sqlite3.Connection`` so the SQLite backend can write it inside the journal
transaction (on aiosqlite's worker thread) and the in-memory backend can keep it in
``:memory:``. FTS5 indexes incrementally, so an append costs the same at any journal size.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence

import blake3

from nousmem.runtime.journal import bm25, postings
from nousmem.runtime.journal.base import SearchHit


def table_for(namespace: str) -> str:
    return "lex_" + blake3.blake3(namespace.encode("utf-8")).hexdigest()[:20]


class FtsIndex:
    """Per-namespace FTS5 tables on one connection. Not thread-safe: use from one thread."""

    def __init__(self, *, in_memory: bool = False, load_later: bool = False) -> None:
        """``in_memory``: rank reads at the head from postings in memory (see
        :mod:`~nousmem.runtime.journal.postings`). ``load_later``: a search that would first
        have to read postings (or row lengths) runs FTS5's ranked statement instead and
        leaves them for :meth:`load_wanted`, which the caller runs when its thread is free
        (the SQLite backend: after its next commit)."""
        self.in_memory = in_memory
        self.load_later = load_later
        self._wanted: dict[str, list[str]] = {}  # table -> terms searched, not yet read
        self._known: set[str] = set()
        self._ensured: dict[str, str] = {}  # namespace -> table, created on this connection
        self._lengths: dict[str, bm25.PrefixLengths] = {}  # table -> row sizes (BM25)
        self._postings: dict[str, postings.Postings] = {}  # table -> terms' rows (BM25)
        self._terms: dict[str, list[str] | None] = {}  # query -> its one-term phrases

    def reset(self) -> None:
        """Forget what this object knows of the tables (after a rollback, which may have
        taken a table it created with it)."""
        self._known.clear()
        self._ensured.clear()
        self._lengths.clear()
        self._postings.clear()

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

    def add(
        self,
        conn: sqlite3.Connection,
        rows: Iterable[tuple[str, int, str, str]],
        *,
        replace: bool = False,
    ) -> None:
        """Index ``(namespace, seq, event_id, text)`` rows (one statement per namespace);
        ``replace``: a row already indexed under the seq is replaced, not an error."""
        by_table: dict[str, list[tuple[int, str, str]]] = {}
        for ns, seq, event_id, text in rows:
            table = self.ensure(conn, ns)
            params = by_table.get(table)
            if params is None:
                by_table[table] = [(seq, text, event_id)]
            else:
                params.append((seq, text, event_id))
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        for table, params in by_table.items():
            held = self._postings.get(table)
            if replace and held is not None and min(p[0] for p in params) <= held.upto:
                self._forget(table)  # a row the postings know may change its text
            sql = f"{verb} INTO {table}(rowid, text, event_id) VALUES (?, ?, ?)"
            if len(params) == 1:
                conn.execute(sql, params[0])
            else:
                conn.executemany(sql, params)

    def remove(self, conn: sqlite3.Connection, namespace: str, seqs: Sequence[int]) -> None:
        table = self.ensure(conn, namespace)
        conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(s,) for s in seqs])
        self._forget(table)

    def _forget(self, table: str) -> None:
        """Drop what is held in memory of ``table``'s rows (some were removed or replaced)."""
        self._lengths.pop(table, None)
        self._postings.pop(table, None)

    def optimize(self, conn: sqlite3.Connection, namespace: str) -> None:
        """Merge the index into one segment, dropping every deleted entry for good."""
        table = self.ensure(conn, namespace)
        conn.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")

    def replace(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        docs: Sequence[tuple[str, int, str]],
        upto_seq: int | None = None,
    ) -> None:
        """Replace the rows (those with ``rowid <= upto_seq``, if given) with ``docs``."""
        table = self.ensure(conn, namespace)
        if upto_seq is None:
            conn.execute(f"DELETE FROM {table}")
        else:
            conn.execute(f"DELETE FROM {table} WHERE rowid <= ?", (upto_seq,))
        self._forget(table)
        conn.executemany(
            f"INSERT INTO {table}(rowid, text, event_id) VALUES (?, ?, ?)",
            [(seq, text, eid) for eid, seq, text in docs],
        )

    def _lengths_of(self, table: str) -> bm25.PrefixLengths:
        """``table``'s row lengths, kept once read (~0.1-0.2 s at 100k rows): reads behind
        the head and reads ranked from postings use them."""
        lengths = self._lengths.get(table)
        if lengths is None:
            lengths = self._lengths[table] = bm25.PrefixLengths(table)
        return lengths

    def _held(self, conn: sqlite3.Connection, table: str, newest: int) -> postings.Postings:
        """The table's postings, with its row lengths read up to row ``newest``."""
        lengths = self._lengths_of(table)
        lengths.extend(conn, newest)
        held = self._postings.get(table)
        if held is None or held.lengths is not lengths or not held.current():
            # None yet, or rows were removed elsewhere since these were read.
            held = self._postings[table] = postings.Postings(table, lengths)
        return held

    def _want(self, table: str, terms: list[str]) -> None:
        wanted = self._wanted.setdefault(table, [])
        wanted += [t for t in terms if t not in wanted]

    @property
    def wanted(self) -> bool:
        """Whether searches since the last :meth:`load_wanted` left terms to read."""
        return bool(self._wanted)

    def load_wanted(self, conn: sqlite3.Connection) -> None:
        """Read the postings (and the row lengths) that searches asked for with
        ``load_later``: the next search for those terms is ranked from them."""
        wanted, self._wanted = self._wanted, {}
        for table, terms in wanted.items():
            got = conn.execute(f"SELECT max(rowid) FROM {table}").fetchone()
            if got is None or got[0] is None:
                continue
            self._held(conn, table, int(got[0])).load(conn, terms, int(got[0]))

    def _ranked_in_memory(
        self,
        conn: sqlite3.Connection,
        table: str,
        query: str,
        limit: int,
        window: int | None,
        started: Callable[[], None] | None,
        newest: int,
    ) -> list[SearchHit] | None:
        """A read at the head ranked from postings (see :mod:`postings`), or None when the
        query is not one for them: FTS5's own ranked statement then runs."""
        if not self.in_memory:
            return None
        if query in self._terms:
            terms = self._terms[query]
        else:
            if len(self._terms) >= 4096:
                self._terms.clear()
            terms = self._terms[query] = postings.single_terms(conn, query)
        if terms is None:
            return None
        held = self._postings.get(table)
        if self.load_later and (held is None or held.missing(terms)):
            self._want(table, terms)
            return None
        held = self._held(conn, table, newest)
        if self.load_later and held.missing(terms):  # read again: rows were removed
            self._want(table, terms)
            return None
        held.load(conn, terms, newest)
        ranked: list[tuple[int, float]] = held.rank(terms, limit=limit, window=window)
        if started is not None:
            # Only now: the caller (see ``HANDOFF_S``) waits, without the GIL, until this is
            # called, so the ranking above (Python and numpy, ~1 ms) runs without waiting
            # for the GIL between its steps; FTS5's own statement needs no GIL to overlap.
            started()
        return _with_ids(conn, table, ranked)

    def search(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        query: str,
        *,
        limit: int,
        max_seq: int | None,
        window: int | None = None,
        started: Callable[[], None] | None = None,
    ) -> list[SearchHit]:
        """Best ``limit`` rows by BM25 (ties by rowid) with ``rowid <= max_seq``.

        BM25 uses the statistics of the rows ``<= max_seq`` only, so a read as of a journal
        position ranks the same whatever was appended after it: FTS5's ``bm25()`` when no
        row is newer, else ``bm25.scores`` (the same formula on the prefix).
        ``window``: rank only the ``window`` newest matching rows (finding them walks the
        doclists only), so a query on common words costs the same in a large index.
        ``started`` is called just before the statement that does most of the work (the
        caller may wait for it, then let that statement run alongside its own work).
        """
        table = table_for(namespace)
        if table not in self._known:
            exists = conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone()
            if exists is None:
                return []
            self._known.add(table)
        if window is not None and window < 1:
            raise ValueError("window must be at least 1")
        where = f"{table} MATCH ?"
        params: list[object] = [query]
        if max_seq is not None:
            where += " AND rowid <= ?"
            params.append(max_seq)
        newest = conn.execute(f"SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT 1").fetchone()
        if newest is None:
            return []
        if max_seq is None or max_seq >= newest[0]:
            # Nothing after max_seq: FTS5's own bm25() has the prefix's statistics, and it
            # computes the same doubles as bm25.scores (a test holds them equal), faster.
            # One statement: the window's oldest row bounds the ranked rows (with fewer
            # matches than the window, it bounds nothing), and no rowid crosses into Python.
            fast = self._ranked_in_memory(conn, table, query, limit, window, started, newest[0])
            if fast is not None:
                return fast
            ranked_where, ranked_params = where, list(params)
            if window is not None:
                ranked_where += (
                    f" AND rowid >= (SELECT coalesce(min(rowid), 0) FROM (SELECT rowid FROM"
                    f" {table} WHERE {where} ORDER BY rowid DESC LIMIT ?))"
                )
                ranked_params += [*params, window]
            if started is not None:
                started()
            rows = conn.execute(
                f"SELECT rowid, rank, event_id FROM {table} WHERE {ranked_where}"
                " ORDER BY rank, rowid LIMIT ?",
                (*ranked_params, limit),
            ).fetchall()
            # Already in order: best first, ties by rowid.
            return [SearchHit(eid, seq, -rank) for seq, rank, eid in rows]
        if started is not None:
            started()
        matched = [
            seq
            for (seq,) in conn.execute(
                f"SELECT rowid FROM {table} WHERE {where} ORDER BY rowid DESC LIMIT ?",
                (*params, -1 if window is None else window),
            )
        ]
        if not matched:
            return []
        lengths = self._lengths_of(table)
        lengths.extend(conn)
        query_phrases = bm25.phrases(conn, bm25.PHRASE.findall(query))
        score = bm25.scores(conn, table, query_phrases, matched, max_seq, lengths)
        ranked = sorted(matched, key=lambda seq: (-score[seq], seq))[:limit]
        return _with_ids(conn, table, [(seq, score[seq]) for seq in ranked])


def _with_ids(
    conn: sqlite3.Connection, table: str, ranked: Sequence[tuple[int, float]]
) -> list[SearchHit]:
    """``(rowid, score)`` rows, best first, as search hits with their event ids (a row gone
    since it was ranked is left out)."""
    if not ranked:
        return []
    marks = ",".join("?" * len(ranked))
    ids = dict(
        conn.execute(
            f"SELECT rowid, event_id FROM {table} WHERE rowid IN ({marks})", [r for r, _ in ranked]
        ).fetchall()
    )
    return [SearchHit(ids[r], r, s) for r, s in ranked if r in ids]
