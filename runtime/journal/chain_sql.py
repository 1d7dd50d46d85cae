"""``verify``'s chain walk over SQLite, with SQLite assembling each row's hash input.

A row's checks need its payload as bytes and its canonical header. Building those in Python
(decoding six text columns, escaping them into the header, encoding it again) cost more than
the hashing itself. SQLite's ``json_object`` writes the header as ``CAST ... AS BLOB`` bytes
with no decode and re-encode, and the payload comes as bytes the same way.

The fast check accepts a row only when the bytes it hashed are the bytes the row walker
(:meth:`ChainWalker.feed`, the reference) would hash. Three things make that so:

- the database stores text as UTF-8 (``PRAGMA encoding``); otherwise every row is read whole;
- the payload and header bytes are valid UTF-8, so the text the reference decodes encodes
  back to them (a row with invalid bytes is read whole, and the walker names it);
- this SQLite's ``json_object`` escapes every ASCII character as the canonical encoder does
  and copies every other byte as it is, which :func:`json_object_is_canonical` checks once
  per process. Then a header built from valid UTF-8 fields is byte-identical to the
  canonical header, and one built from invalid bytes is itself invalid UTF-8.

A row the fast check does not accept (an erased payload, a field of another type, any
mismatch) is read whole and goes to the walker, which names the failure exactly as it would
on its own. A header too long for SQLite to build stops the query; the walk then starts again
and reads every row whole.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import blake3

from nousmem.runtime.canonical import header_json
from nousmem.runtime.errors import StorageError
from nousmem.runtime.journal.chain import ChainWalker, Undecodable, as_stored
from nousmem.runtime.journal.schema import SELECT_COLUMNS

# Only rows whose header fields have the types sealing gave them get a header; json_object
# raises on a BLOB argument, and the walk must report such a row, not fail on it.
PREPARED_ROWS = """
SELECT seq,
       CASE WHEN typeof(payload) = 'text' THEN CAST(payload AS BLOB) END,
       payload_digest,
       prev_hash,
       hash,
       CASE WHEN typeof(seq) = 'integer' AND typeof(id) = 'text' AND typeof(kind) = 'text'
             AND typeof(namespace) = 'text' AND typeof(occurred_at) = 'text'
             AND typeof(recorded_at) = 'text' AND typeof(causation_id) IN ('text', 'null')
             AND typeof(prev_hash) = 'blob' AND typeof(payload_digest) = 'blob'
        THEN CAST(json_object(
                 'causation_id', causation_id, 'id', id, 'kind', kind,
                 'namespace', namespace, 'occurred_at', occurred_at,
                 'recorded_at', recorded_at, 'seq', seq) AS BLOB)
       END
FROM events WHERE namespace = ? ORDER BY seq
"""

# Every row read whole: for a database that is not UTF-8, or an SQLite whose json_object
# does not write the canonical header.
_SEQS_ONLY = "SELECT seq, NULL, NULL, NULL, NULL, NULL FROM events WHERE namespace = ? ORDER BY seq"
# (namespace, seq) is the table's primary key, so this is the one row the walk just saw.
_WHOLE_ROW = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? AND seq = ?"

# Every ASCII character, the line separators JavaScript escapes and JSON does not, a BOM, an
# astral character, and invalid sequences (a stray continuation byte, a lone lead byte, an
# encoded surrogate, a byte UTF-8 never uses).
_PROBE_TEXT = "".join(map(chr, range(128))) + "é\u2028\u2029\ufeff\U0001f600"
_PROBE_BYTES = (b"\x80", b"\xc3", b"\xed\xa0\x80", b"\xff")
_canonical_json_object: bool | None = None


def json_object_is_canonical(conn: sqlite3.Connection) -> bool:
    """Whether this SQLite's ``json_object`` writes headers byte for byte as canonical JSON.

    Checked once per process (the SQLite library is the process's); False also when the
    library has no JSON functions.
    """
    global _canonical_json_object
    if _canonical_json_object is None:
        expected = [
            header_json(
                id=_PROBE_TEXT,
                namespace="n",
                kind="k",
                seq=7,
                occurred_at="o",
                recorded_at="r",
                causation_id=None,
            ).encode()
        ] + [b'{"k":"a' + raw + b'b"}' for raw in _PROBE_BYTES]
        sql = (
            "SELECT CAST(json_object('causation_id', NULL, 'id', ?, 'kind', 'k',"
            " 'namespace', 'n', 'occurred_at', 'o', 'recorded_at', 'r', 'seq', 7) AS BLOB)"
        )
        try:
            got = [conn.execute(sql, (_PROBE_TEXT,)).fetchone()[0]] + [
                conn.execute(
                    "SELECT CAST(json_object('k', CAST(? AS TEXT)) AS BLOB)",
                    (b"a" + raw + b"b",),
                ).fetchone()[0]
                for raw in _PROBE_BYTES
            ]
        except sqlite3.OperationalError:
            got = []
        _canonical_json_object = got == expected
    return _canonical_json_object


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode()  # the strict decoder the sqlite3 module reads text with
    except UnicodeDecodeError:
        return False
    return True


def _text_or_undecodable(raw: bytes) -> str | Undecodable:
    try:
        return raw.decode()
    except UnicodeDecodeError:
        return Undecodable(raw)


@contextmanager
def undecodable_text_as_marker(conn: sqlite3.Connection) -> Iterator[None]:
    """Read text that is not valid UTF-8 as :class:`Undecodable`, not as an exception.

    A tampered row may hold such bytes; verify must name that row rather than fail on it.
    """
    before = conn.text_factory
    conn.text_factory = _text_or_undecodable
    try:
        yield
    finally:
        conn.text_factory = before


def feed_prepared(walker: ChainWalker, rows: Iterable[Sequence[Any]], whole_row: Any) -> bool:
    """Check rows of :data:`PREPARED_ROWS` in order; False at the first bad row.

    ``whole_row(seq)`` returns that row in ``SELECT_COLUMNS`` order, for the rows the fast
    check passes on to :meth:`ChainWalker.feed`.
    """
    expected, prev, checked = walker.expected_seq, walker.prev, walker.checked
    b3 = blake3.blake3
    for seq, payload, digest, prev_hash, h, header in rows:
        if (
            header is not None
            and payload is not None
            and seq == expected
            and prev_hash == prev
            and (payload.isascii() or _utf8(payload))
            and (header.isascii() or _utf8(header))
            and b3(payload).digest() == digest
            and b3(prev + header + digest).digest() == h
        ):
            prev = h
            expected += 1
            checked += 1
            continue
        walker.expected_seq, walker.prev, walker.checked = expected, prev, checked
        whole = whole_row(seq)
        if whole is None:  # the walk reads one snapshot: its own row cannot be gone
            raise StorageError(f"verify: the row at seq {seq!r} vanished during the walk")
        if not walker.feed(as_stored(whole)):
            return False
        expected, prev, checked = walker.expected_seq, walker.prev, walker.checked
    walker.expected_seq, walker.prev, walker.checked = expected, prev, checked
    return True


def walk_chain(conn: sqlite3.Connection, namespace: str, walker: ChainWalker) -> bool:
    """Walk ``namespace``'s rows on ``conn`` (inside the caller's read transaction)."""

    def whole_row(seq: Any) -> Any:
        return conn.execute(_WHOLE_ROW, (namespace, seq)).fetchone()

    fast = conn.execute("PRAGMA encoding").fetchone()[0] == "UTF-8" and json_object_is_canonical(
        conn
    )
    with undecodable_text_as_marker(conn):
        cur = conn.execute(PREPARED_ROWS if fast else _SEQS_ONLY, (namespace,))
        try:
            return feed_prepared(walker, cur, whole_row)
        except sqlite3.DataError:
            # json_object hit SQLite's length limit on some row's header (honest headers are
            # a few hundred bytes): the walk starts again, reading every row whole.
            walker.restart()
        finally:
            cur.close()
        cur = conn.execute(_SEQS_ONLY, (namespace,))
        try:
            return feed_prepared(walker, cur, whole_row)
        finally:
            cur.close()
