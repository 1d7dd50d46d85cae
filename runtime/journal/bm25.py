"""BM25 over an FTS5 table as of a journal position: a read at seq P always ranks alike.

FTS5's own ``bm25()`` takes the number of rows, their mean length and each term's document
count from the whole table, so rows appended after P move the scores of a read at P (an
``as_of`` read, or the replay of a trace). Here every statistic is that of the rows with
``rowid <= P`` (rowid = seq):

- row lengths come from FTS5's own ``%_docsize`` table, kept in memory as prefix sums and
  extended as rows arrive (and dropped when rows are removed);
- phrase frequencies and document counts come from an ``fts5vocab`` 'instance' table (term,
  row, offset), for the query's phrases as FTS5's tokenizer stems them (through a scratch
  table with the same tokenizer), counting only rows ``<= P``.

The formula is FTS5's: per phrase of the query, in order,
``idf = ln((N - n + 0.5) / (n + 0.5))`` (1e-6 where that is not positive) times
``tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl))``, k1 = 1.2, b = 0.75. At the head
of the index the scores are FTS5's own (a test holds them to it).
"""

from __future__ import annotations

import bisect
import math
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

__all__ = ["K1", "PHRASE", "B", "PrefixLengths", "instance_vocab", "phrases", "scores"]

K1 = 1.2
B = 0.75
TOKENIZE = "porter unicode61 remove_diacritics 2"
_STEM = "temp.nousmem_stem"
_STEM_VOCAB = "temp.nousmem_stem_vocab"

PHRASE = re.compile(r'"([^"]*)"')
"""The quoted phrases of a query as ``fts_query`` writes it: ``"a" OR "b"``."""


def _varints(blob: bytes) -> list[int]:
    """The SQLite varints of ``blob`` (FTS5 writes a row's column sizes this way)."""
    out: list[int] = []
    value, i = 0, 0
    for byte in blob:
        i += 1
        if i == 9:
            out.append((value << 8) | byte)
            value, i = 0, 0
            continue
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            out.append(value)
            value, i = 0, 0
    return out


class PrefixLengths:
    """Token counts of one FTS5 table's rows, by rowid, with prefix sums."""

    def __init__(self, table: str) -> None:
        self.table = table
        self.rowids: list[int] = []
        self.cumulative: list[int] = []
        self.length: dict[int, int] = {}
        self._version: int | None = None
        self.resets = 0  # times rows removed elsewhere made it start again

    def extend(self, conn: sqlite3.Connection, newest: int | None = None) -> None:
        """Read the sizes of rows added since the last call (``newest``: the newest row,
        when the caller knows it; no statement is then run for none added).

        Rows this connection removes reset the table's lengths (``FtsIndex``). Rows another
        process removed (an erasure there) show as fewer rows than known, and rows it
        replaced (a rebuild there) as totals unlike FTS5's own: start again.
        """
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        if self._version is None or version == self._version:
            self._version = version
            if newest is None or not self.rowids or self.rowids[-1] < newest:
                self._read_new(conn)
            return
        # Another connection wrote: what is checked and read here is one snapshot, so rows
        # it appends meanwhile cannot look like a mismatch.
        own = not conn.in_transaction
        if own:
            conn.execute("BEGIN")
        try:
            if self.rowids:
                (known,) = conn.execute(
                    f"SELECT count(*) FROM {self.table}_docsize WHERE id <= ?",
                    (self.rowids[-1],),
                ).fetchone()
                if known != len(self.rowids):
                    self._restart()
            self._read_new(conn)
            totals = self._totals(conn)
            if totals is not None and totals != (len(self.rowids), self.total):
                self._restart()
                self._read_new(conn)
        finally:
            if own:
                conn.execute("COMMIT")
        self._version = version

    @property
    def total(self) -> int:
        """Tokens in every row known."""
        return self.cumulative[-1] if self.cumulative else 0

    def _restart(self) -> None:
        self.rowids, self.cumulative, self.length = [], [], {}
        self.resets += 1

    def _totals(self, conn: sqlite3.Connection) -> tuple[int, int] | None:
        """FTS5's own count of rows and of their tokens (its 'averages' record)."""
        got = conn.execute(f"SELECT block FROM {self.table}_data WHERE id = 1").fetchone()
        if got is None or not isinstance(got[0], bytes):
            return None
        values = _varints(got[0])
        return (values[0], sum(values[1:])) if values else None

    def _read_new(self, conn: sqlite3.Connection) -> None:
        last = self.rowids[-1] if self.rowids else 0
        total = self.cumulative[-1] if self.cumulative else 0
        for rowid, size in conn.execute(
            f"SELECT id, sz FROM {self.table}_docsize WHERE id > ? ORDER BY id", (last,)
        ):
            n = sum(_varints(size)) if isinstance(size, bytes) else 0  # every column
            total += n
            self.rowids.append(rowid)
            self.cumulative.append(total)
            self.length[rowid] = n

    def stats(self, max_seq: int | None) -> tuple[int, float]:
        """(rows, mean row length) among rows with ``rowid <= max_seq``."""
        n = len(self.rowids) if max_seq is None else bisect.bisect_right(self.rowids, max_seq)
        if n == 0:
            return 0, 0.0
        return n, self.cumulative[n - 1] / n


def phrases(conn: sqlite3.Connection, texts: Sequence[str]) -> list[tuple[str, ...]]:
    """Each text as FTS5's tokenizer makes it: its terms, stemmed, in order."""
    # Contentless, emptied with 'delete-all': deleted rows of a table with content leave
    # entries in its index, and a scratch table used for every read slowed down with them.
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_STEM}"
        f" USING fts5(text, content='', tokenize='{TOKENIZE}')"
    )
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_STEM_VOCAB}"
        " USING fts5vocab(temp, nousmem_stem, 'instance')"
    )
    clear = f"INSERT INTO {_STEM}(nousmem_stem) VALUES ('delete-all')"
    conn.execute(clear)
    conn.executemany(
        f"INSERT INTO {_STEM}(rowid, text) VALUES (?, ?)",
        [(i + 1, t) for i, t in enumerate(texts)],
    )
    found: dict[int, list[tuple[int, str]]] = {}
    for doc, offset, term in conn.execute(f"SELECT doc, offset, term FROM {_STEM_VOCAB}"):
        found.setdefault(int(doc), []).append((int(offset), str(term)))
    conn.execute(clear)
    return [tuple(t for _, t in sorted(found.get(i + 1, ()))) for i in range(len(texts))]


def instance_vocab(conn: sqlite3.Connection, table: str) -> str:
    """Name of ``table``'s ``fts5vocab`` 'instance' table (term, row, offset), made if needed."""
    name = f"temp.{table}_instances"
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {name} USING fts5vocab(main, {table}, 'instance')"
    )
    return name


def _hits(
    conn: sqlite3.Connection, vocab: str, phrase: tuple[str, ...], bound: int
) -> Mapping[int, int]:
    """Row -> occurrences of ``phrase`` (its terms at consecutive offsets), rows <= bound."""
    # Filtering and counting in Python: a GROUP BY (or a doc bound) in SQL sorts or
    # re-checks every instance and took twice as long.
    if len(phrase) == 1:
        rows = conn.execute(f"SELECT doc FROM {vocab} WHERE term = ?", (phrase[0],))
        return Counter(doc for (doc,) in rows if doc <= bound)
    where: list[dict[int, set[int]]] = []
    for term in phrase:
        at: dict[int, set[int]] = {}
        for doc, offset in conn.execute(f"SELECT doc, offset FROM {vocab} WHERE term = ?", (term,)):
            if doc <= bound:
                at.setdefault(doc, set()).add(offset)
        where.append(at)
    out: dict[int, int] = {}
    for doc in set.intersection(*(set(at) for at in where)):
        n = sum(all(o + i in where[i][doc] for i in range(1, len(phrase))) for o in where[0][doc])
        if n:
            out[doc] = n
    return out


def scores(
    conn: sqlite3.Connection,
    table: str,
    query: Sequence[tuple[str, ...]],
    matched: Iterable[int],
    max_seq: int | None,
    lengths: PrefixLengths,
) -> dict[int, float]:
    """BM25 of each ``matched`` rowid for the ``query`` phrases (as :func:`phrases` makes
    them, in query order), with the statistics of the rows ``<= max_seq``."""
    targets = set(matched)
    n_rows, avgdl = lengths.stats(max_seq)
    out = dict.fromkeys(targets, 0.0)
    if not targets or n_rows == 0:
        return out
    vocab = instance_vocab(conn, table)
    bound = max_seq if max_seq is not None else (1 << 62)
    norms: dict[int, float] = {}  # row -> k1 * (1 - b + b * dl / avgdl)
    for phrase in query:
        if not phrase:
            continue
        hits = _hits(conn, vocab, phrase, bound)
        if not hits:
            continue
        n = len(hits)
        idf = math.log((n_rows - n + 0.5) / (n + 0.5))
        if idf <= 0.0:  # as FTS5 does: a tiny positive idf stays as it is
            idf = 1e-6
        for doc in targets.intersection(hits):
            norm = norms.get(doc)
            if norm is None:
                norm = norms[doc] = K1 * (1.0 - B + B * lengths.length.get(doc, 0) / avgdl)
            tf = hits[doc]
            # FTS5's order of operations (fts5_aux.c), so the doubles are the same.
            out[doc] += idf * ((tf * (K1 + 1.0)) / (tf + norm))
    return out
