"""FTS5's BM25 ranking of a read at the head, from postings held in memory.

FTS5's ``bm25()`` first counts every row of the index that holds each phrase of the query
(the phrase's IDF), however few rows the read's window leaves to rank: ~2.5-5 ms of a search
at 100k rows for two common words, growing with the journal. The ranking itself then reads
each ranked row's position lists and size.

For the queries reads make (``"a" OR "b" ...`` of one-term phrases) the same numbers are
cheap to hold: for each term, the rows that hold it and how often (loaded once from an
``fts5vocab`` 'instance' table, then extended with the rows indexed since), and each row's
length (:class:`~nousmem.runtime.journal.bm25.PrefixLengths`). :meth:`Postings.rank`
computes FTS5's formula in FTS5's order of operations, so the doubles, and the hits, are the
ones FTS5's ranked statement returns (a property test holds them equal), in ~1-2.5 ms
against ~6-12 ms at 100k rows.

A term's first use costs a read of its postings (~3-6 ms for 10,000 rows): the SQLite
backend runs FTS5's statement for that search and reads them after it, on the journal's
thread (``FtsIndex(load_later=True)``); the in-memory backend reads them at once. They are
then kept, with each row's length, for the life of the connection: at most ~16 bytes per
term per row (what FTS5's own index holds, without positions). Rows removed or replaced (an
erasure, a rebuild, here or in another process) drop them, to be read again.

A query of any other shape (a phrase of several terms, a prefix, ``AND``/``NOT``) and a
read behind the head take FTS5's own path.
"""

from __future__ import annotations

import math
import re
import sqlite3
from array import array
from collections import Counter

import numpy as np
import numpy.typing as npt

from nousmem.runtime.journal import bm25

__all__ = ["Postings", "single_terms"]

_OR_QUERY = re.compile(r'"[^"]*"(?: OR "[^"]*")*')


def single_terms(conn: sqlite3.Connection, query: str) -> list[str] | None:
    """The query's terms, in order, when it is ``"a" OR "b" ...`` and each phrase is one
    term as FTS5's tokenizer makes it; else None."""
    if not _OR_QUERY.fullmatch(query):
        return None
    terms = bm25.phrases(conn, bm25.PHRASE.findall(query))
    if any(len(t) != 1 for t in terms):
        return None
    return [t[0] for t in terms]


class Postings:
    """The rows of one FTS5 table that hold each term loaded so far, with the term's count
    in each, up to row :attr:`upto`; and the row lengths that go with them."""

    def __init__(self, table: str, lengths: bm25.PrefixLengths) -> None:
        self.table = table
        self.lengths = lengths
        self.upto = 0  # every loaded term's rows are known up to here
        self._resets = lengths.resets
        self._docs: dict[str, array[int]] = {}
        self._freq: dict[str, array[float]] = {}
        self._dl = np.zeros(1024)  # row length by rowid, for the rows of ``lengths``
        self._dl_rows = 0  # how many of ``lengths.rowids`` are in it

    def current(self) -> bool:
        """Whether the row lengths still describe the rows these postings were read from
        (another process removing rows makes them start again)."""
        return self._resets == self.lengths.resets

    def missing(self, terms: list[str]) -> list[str]:
        """The terms whose postings have not been read."""
        return [t for t in terms if t not in self._docs]

    def load(self, conn: sqlite3.Connection, terms: list[str], newest: int) -> None:
        """Bring the postings of ``terms`` up to row ``newest`` (the index's newest)."""
        if newest > self.upto and self._docs:
            self._extend(conn, newest)
        self.upto = max(self.upto, newest)
        missing = [t for t in dict.fromkeys(terms) if t not in self._docs]
        if not missing:
            return
        vocab = bm25.instance_vocab(conn, self.table)
        for term in missing:
            # One string from SQLite, parsed by numpy: ~3x faster than a row per instance.
            (listed,) = conn.execute(
                f"SELECT group_concat(doc, ' ') FROM {vocab} WHERE term = ?", (term,)
            ).fetchone()
            found = np.fromstring(listed or "", dtype=np.int64, sep=" ")
            rows, counts = np.unique(found[found <= self.upto], return_counts=True)
            self._docs[term] = array("q", rows.astype(np.int64).tobytes())
            self._freq[term] = array("d", counts.astype(np.float64).tobytes())

    def _extend(self, conn: sqlite3.Connection, newest: int) -> None:
        """Add the rows indexed after :attr:`upto` to every loaded term."""
        rows = conn.execute(
            f"SELECT rowid, text FROM {self.table} WHERE rowid > ? AND rowid <= ? ORDER BY rowid",
            (self.upto, newest),
        ).fetchall()
        texts = [t if isinstance(t, str) else "" for _, t in rows]
        for (rowid, _), terms in zip(rows, bm25.phrases(conn, texts), strict=True):
            for term, n in Counter(terms).items():
                docs = self._docs.get(term)
                if docs is not None:
                    docs.append(rowid)
                    self._freq[term].append(float(n))

    def _row_lengths(self) -> npt.NDArray[np.float64]:
        """Row lengths by rowid, brought up to those ``lengths`` knows (which only grows:
        when it starts again, :meth:`current` is false and these postings are dropped)."""
        known = self.lengths.rowids
        if self._dl_rows < len(known):
            last = known[-1]
            if last >= len(self._dl):
                grown = np.zeros(max(last + 1, 2 * len(self._dl)))
                grown[: len(self._dl)] = self._dl
                self._dl = grown
            fresh = known[self._dl_rows :]
            length = self.lengths.length
            self._dl[np.array(fresh, dtype=np.int64)] = [float(length[r]) for r in fresh]
            self._dl_rows = len(known)
        return self._dl

    def rank(self, terms: list[str], *, limit: int, window: int | None) -> list[tuple[int, float]]:
        """``(rowid, score)`` of the best ``limit`` rows, best first, ties by rowid, among
        the ``window`` newest rows holding any term: FTS5's ``ORDER BY rank, rowid``."""
        n_rows, avgdl = self.lengths.stats(self.upto)  # the rows these postings describe
        postings = [
            (np.frombuffer(self._docs[t], dtype=np.int64), np.frombuffer(self._freq[t]))
            for t in terms
        ]
        held = [docs[-window:] if window is not None else docs for docs, _ in postings]
        held = [d for d in held if len(d)]
        if not held or n_rows == 0:
            return []
        rows = np.unique(np.concatenate(held))
        if window is not None:
            rows = rows[-window:]
        dl = self._row_lengths()[rows]
        # FTS5's order of operations (fts5_aux.c), so that the doubles are the same.
        norm = bm25.K1 * (1 - bm25.B + bm25.B * dl / avgdl)
        score = np.zeros(len(rows))
        for docs, freq in postings:
            n = len(docs)
            if n == 0:
                continue
            idf = math.log((n_rows - n + 0.5) / (n + 0.5))
            if idf <= 0.0:
                idf = 1e-6
            at = np.minimum(np.searchsorted(docs, rows), n - 1)
            tf = np.where(docs[at] == rows, freq[at], 0.0)
            score = score + idf * ((tf * (bm25.K1 + 1.0)) / (tf + norm))
        if len(rows) > limit:
            floor = np.partition(score, len(score) - limit)[len(score) - limit]
            keep = np.flatnonzero(score >= floor)
            rows, score = rows[keep], score[keep]
        order = np.lexsort((rows, -score))[:limit]
        return [(int(rows[i]), float(score[i])) for i in order]
