"""What FTS5's tokenizer makes of a word: the terms the lexical index holds for it.

The index stems (``porter unicode61 remove_diacritics 2``): "thinking", "thinks" and
"think" are one term, "rock-climbing" is two ("rock", "climb"). A read's plan weighs its
terms by how many observations hold them, which must count what the index matches, not
one spelling of it. The tokenizer itself answers, through a scratch table in a private
in-memory database, so the terms are FTS5's exactly; each word is asked once per process.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable

from nousmem.runtime.journal.bm25 import TOKENIZE

__all__ = ["fts_terms"]

_MAX_CACHED = 1_000_000
"""Words remembered at most (then forgotten all at once): a bound on memory, not on speed."""

_lock = threading.Lock()
_cache: dict[str, tuple[str, ...]] = {}
_conn: sqlite3.Connection | None = None


def _connection() -> sqlite3.Connection:
    global _conn
    if _conn is None:
        conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        conn.execute(f"CREATE VIRTUAL TABLE words USING fts5(w, content='', tokenize='{TOKENIZE}')")
        conn.execute("CREATE VIRTUAL TABLE terms USING fts5vocab(words, 'instance')")
        _conn = conn
    return _conn


def fts_terms(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Each distinct word -> its index terms in order (empty for a word of no term)."""
    wanted = list(dict.fromkeys(words))
    with _lock:
        new = [w for w in wanted if w not in _cache]
        if new:
            if len(_cache) + len(new) > _MAX_CACHED:
                _cache.clear()
            conn = _connection()
            conn.execute("BEGIN")
            try:
                conn.executemany("INSERT INTO words(rowid, w) VALUES (?, ?)", enumerate(new, 1))
                found: dict[int, list[tuple[int, str]]] = {}
                for doc, offset, term in conn.execute("SELECT doc, offset, term FROM terms"):
                    found.setdefault(int(doc), []).append((int(offset), str(term)))
            finally:
                conn.execute("ROLLBACK")  # the table stays empty for the next words
            for i, w in enumerate(new, 1):
                _cache[w] = tuple(t for _, t in sorted(found.get(i, ())))
        return {w: _cache[w] for w in wanted}
