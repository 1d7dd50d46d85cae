"""What FTS5's tokenizer makes of a word: the terms the lexical index holds for it.

The index stems (``porter unicode61 remove_diacritics 2``): "thinking", "thinks" and
"think" are one term, "rock-climbing" is two ("rock", "climb"). A read's plan weighs its
terms by how many observations hold them, which must count what the index matches, not
one spelling of it. The tokenizer itself answers (:func:`~nousmem.runtime.journal.bm25.phrases`
on a private in-memory database), so the terms are FTS5's exactly; each word is asked once
per process.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable

from nousmem.runtime.journal.bm25 import phrases

__all__ = ["fts_terms"]

_MAX_CACHED = 1_000_000
"""Words remembered at most (then forgotten all at once): a bound on memory, not on speed."""

_lock = threading.Lock()
_cache: dict[str, tuple[str, ...]] = {}
_conn: sqlite3.Connection | None = None


def fts_terms(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Each distinct word -> its index terms in order (empty for a word of no term)."""
    global _conn
    wanted = list(dict.fromkeys(words))
    with _lock:
        new = [w for w in wanted if w not in _cache]
        if new:
            if len(_cache) + len(new) > _MAX_CACHED:
                _cache.clear()
            if _conn is None:
                _conn = sqlite3.connect(":memory:", check_same_thread=False)
            with _conn:  # one transaction for the scratch table's rows
                _cache.update(zip(new, phrases(_conn, new), strict=True))
        return {w: _cache[w] for w in wanted}
