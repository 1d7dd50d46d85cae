"""``verify``'s chain walk over SQLite, with SQLite assembling each row's hash input.

A row's checks need its payload as bytes and ``prev_hash || canonical header ||
payload_digest``. Building those in Python (decoding six text columns, escaping them into the
header, encoding it again) cost more than the hashing itself. SQLite's ``json_object`` writes
the header the canonical encoder writes for ordinary text (compact, keys in the order given,
which is the sorted order, non-ASCII as it is), and ``CAST ... AS BLOB`` hands over bytes
with no decode and re-encode.

A row the fast check does not accept outright (an erased payload, a field of another type,
any mismatch) is read whole and goes to :meth:`ChainWalker.feed`, which names the failure
exactly as it would on its own. The fast check never accepts a row ``feed`` rejects: the
stored hash was sealed over the canonical header, so a header text that differed from it
would not hash to the stored value.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

import blake3

from nousmem.runtime.errors import StorageError
from nousmem.runtime.journal.chain import ChainWalker, as_stored
from nousmem.runtime.journal.schema import SELECT_COLUMNS

# Only rows whose header fields have the types sealing gave them get a hash input; json_object
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
        THEN CAST(prev_hash || json_object(
                 'causation_id', causation_id, 'id', id, 'kind', kind,
                 'namespace', namespace, 'occurred_at', occurred_at,
                 'recorded_at', recorded_at, 'seq', seq) || payload_digest AS BLOB)
       END
FROM events WHERE namespace = ? ORDER BY seq
"""

_ALL_ROWS = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? ORDER BY seq"
_WHOLE_ROW = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? AND seq = ?"


def feed_prepared(walker: ChainWalker, rows: Iterable[Sequence[Any]], whole_row: Any) -> bool:
    """Check rows of :data:`PREPARED_ROWS` in order; False at the first bad row.

    ``whole_row(seq)`` returns that row in ``SELECT_COLUMNS`` order, for the rows the fast
    check passes on to :meth:`ChainWalker.feed`.
    """
    expected, prev, checked = walker.expected_seq, walker.prev, walker.checked
    b3 = blake3.blake3
    for seq, payload, digest, prev_hash, h, chained in rows:
        if (
            chained is not None
            and payload is not None
            and seq == expected
            and prev_hash == prev
            and b3(payload).digest() == digest
            and b3(chained).digest() == h
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

    try:
        cur = conn.execute(PREPARED_ROWS, (namespace,))
    except sqlite3.OperationalError as exc:
        if "no such function" not in str(exc):
            raise
        # An SQLite built without its JSON functions: every row takes the row walker.
        cur = conn.execute(_ALL_ROWS, (namespace,))
        try:
            return all(walker.feed(as_stored(row)) for row in cur)
        finally:
            cur.close()
    try:
        return feed_prepared(walker, cur, whole_row)
    finally:
        cur.close()
