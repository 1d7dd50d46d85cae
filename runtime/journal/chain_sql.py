"""``verify``'s chain walk over SQLite: the rows in ``seq`` order, through
:meth:`ChainWalker.feed_rows`.

Text that is not valid UTF-8 makes the ``sqlite3`` module raise as it reads the row. Only an
edit of the file stores such text (every write goes through Python strings), so the walk
reads with the default text factory and, should a read fail, walks again reading such text
as :class:`Undecodable`, which the walker names ("payload changed: the stored payload is not
valid UTF-8"). Reading every walk that way would cost ~12% of an honest journal's walk.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from nousmem.runtime.journal.chain import ChainWalker, Undecodable
from nousmem.runtime.journal.schema import SELECT_COLUMNS

__all__ = ["undecodable_text_as_marker", "walk_chain"]

_ROWS = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? ORDER BY seq"


def _text_or_undecodable(raw: bytes) -> str | Undecodable:
    try:
        return raw.decode()  # the strict decoder the sqlite3 module reads text with
    except UnicodeDecodeError:
        return Undecodable(raw)


@contextmanager
def undecodable_text_as_marker(conn: sqlite3.Connection) -> Iterator[None]:
    """Read text that is not valid UTF-8 as :class:`Undecodable`, not as an exception."""
    before = conn.text_factory
    conn.text_factory = _text_or_undecodable
    try:
        yield
    finally:
        conn.text_factory = before


def walk_chain(conn: sqlite3.Connection, namespace: str, walker: ChainWalker) -> bool:
    """Walk ``namespace``'s rows on ``conn`` (inside the caller's read transaction)."""
    try:
        return _walk(conn, namespace, walker)  # the default text factory is the fastest
    except sqlite3.OperationalError:
        # Most likely text that is not UTF-8 (anything else fails again below): walk again
        # from the start, reading such text as a marker the walker names.
        walker.restart()
    with undecodable_text_as_marker(conn):
        return _walk(conn, namespace, walker)


def _walk(conn: sqlite3.Connection, namespace: str, walker: ChainWalker) -> bool:
    cur = conn.execute(_ROWS, (namespace,))
    try:
        return walker.feed_rows(cur)
    finally:
        cur.close()
