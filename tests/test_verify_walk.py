"""verify's chain walk over SQLite reports exactly what the row-by-row reference reports.

The walk checks rows in bulk (``ChainWalker.feed_rows``, over ``chain_sql``'s query); these
tests tamper with stored rows in every way the table allows (including text that is not
UTF-8, a UTF-16 database, long header fields and a table rebuilt over ``json()``) and compare.
Nothing here measures time.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import blake3
import pytest

from nousmem.runtime.canonical import GENESIS, chain_hash
from nousmem.runtime.events import EventDraft
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal import chain_sql
from nousmem.runtime.journal.base import VerifyReport
from nousmem.runtime.journal.chain import (
    ChainWalker,
    ErasureLog,
    StoredRow,
    as_stored,
    row_header,
    seal,
    stored_row,
)
from nousmem.runtime.journal.chain_sql import undecodable_text_as_marker, walk_chain
from nousmem.runtime.journal.schema import DDL, SELECT_COLUMNS
from nousmem.runtime.payloads import ObservationPayload

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _chain(
    n: int,
    *,
    namespace: str = "ns",
    content: str = "event {}",
    causation: Sequence[str | None] = ("01CAUSE", None, None),
    seed: int = 3,
) -> list[StoredRow]:
    """``n`` honestly sealed rows; event ``i`` says ``content`` with ``i`` and is caused by
    ``causation[i % len(causation)]``."""
    ids = IdGenerator(seed=seed)
    drafts = [
        EventDraft(
            id=ids.new(T0 + timedelta(seconds=i)),
            namespace=namespace,
            kind="observation",
            occurred_at=T0 + timedelta(seconds=i),
            recorded_at=T0 + timedelta(seconds=i),
            payload=ObservationPayload(type="utterance", content=content.format(i), source="user"),
            causation_id=causation[i % len(causation)],
        )
        for i in range(n)
    ]
    return [stored_row(r) for r in seal(drafts, {})]


def _as_tuple(r: StoredRow) -> tuple[Any, ...]:
    return (
        r.namespace,
        r.seq,
        r.id,
        r.kind,
        r.occurred_at,
        r.recorded_at,
        r.causation_id,
        r.payload,
        r.payload_digest,
        r.prev_hash,
        r.hash,
        int(r.erased),
    )


# An erasure record lists the rows with an even seq, and one that was itself erased covers
# the rows before seq 3: erasing a row may then be accounted for or not.
_ERASURES = ErasureLog(frozenset(r.id for r in _chain(12)[1::2]), cover=3)


def _stored(rows: list[StoredRow], encoding: str = "UTF-8") -> sqlite3.Connection | None:
    """The rows in a journal table without its guarding triggers (None: not storable)."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"PRAGMA encoding = '{encoding}'")
    conn.executescript(DDL)
    for trigger in ("events_chain", "events_no_update", "events_no_delete"):
        conn.execute(f"DROP TRIGGER {trigger}")
    try:
        conn.executemany(
            f"INSERT INTO events ({SELECT_COLUMNS}) VALUES ({','.join('?' * 12)})",
            [_as_tuple(r) for r in rows],
        )
    except (sqlite3.IntegrityError, sqlite3.InterfaceError, OverflowError):
        conn.close()
        return None
    return conn


def _walk(conn: sqlite3.Connection, namespace: str, fast: bool) -> VerifyReport | str:
    """verify's walk (``fast``) or the row-by-row reference, over what the table holds."""
    index = {
        h: s
        for s, h in conn.execute("SELECT seq, hash FROM events WHERE namespace = ?", (namespace,))
    }
    walker = ChainWalker(namespace, index.get, _ERASURES)
    try:
        if fast:
            walk_chain(conn, namespace, walker)
        else:
            with undecodable_text_as_marker(conn):
                for r in conn.execute(
                    f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? ORDER BY seq",
                    (namespace,),
                ):
                    if not walker.feed(as_stored(r)):
                        break
    except Exception as exc:  # the reference may raise on hostile types; so must verify
        return f"{type(exc).__name__}: {exc}"
    return walker.report()


_ODD_VALUES: list[Any] = [None, 7, b"x", "", "2024-01-01T00:00:00.000000Z", True, 3.5]


def _tamper(rows: list[StoredRow], rng: random.Random) -> list[StoredRow]:
    rows = list(rows)
    i = rng.randrange(len(rows))
    how = rng.randrange(10)
    r = rows[i]
    if how == 0:
        del rows[i]
    elif how == 1 and i + 1 < len(rows):
        rows[i], rows[i + 1] = rows[i + 1], rows[i]
    elif how == 2:
        rows[i] = replace(r, payload=(r.payload or "") + " ")
    elif how == 3:
        rows[i] = replace(r, payload=None, erased=True)  # an erasure, recorded or not
    elif how == 4:
        field = rng.choice(["id", "kind", "occurred_at", "recorded_at", "causation_id"])
        rows[i] = replace(r, **{field: rng.choice(_ODD_VALUES)})
    elif how == 5:
        rows[i] = replace(r, seq=rng.choice([r.seq + 1, r.seq - 1, str(r.seq), True, 0]))
    elif how == 6:
        field = rng.choice(["prev_hash", "hash", "payload_digest"])
        rows[i] = replace(r, **{field: rng.choice([bytes(32), b"", "x", None])})
    elif how == 7:
        rows[i] = replace(r, namespace=rng.choice(["other", 5, None]))
    elif how == 8 and 0 < i < len(rows) - 1:
        # A row taken out and the next one sealed again onto the row before: every link
        # and hash holds, only the seq gives the gap away.
        rows[i : i + 2] = [_resealed(rows[i + 1], rows[i - 1].hash)]
    else:
        rows[i] = _resealed(r, rng.choice([GENESIS, bytes([1]) * 32]))  # a fork: sound alone
    return rows


def _resealed(r: StoredRow, prev: bytes) -> StoredRow:
    return replace(r, prev_hash=prev, hash=chain_hash(prev, row_header(r), r.payload_digest))


def test_verify_walk_reports_exactly_what_the_row_walker_reports() -> None:
    rows = _chain(12)
    conn = _stored(rows)
    assert conn is not None
    assert isinstance(ok := _walk(conn, "ns", fast=True), VerifyReport) and ok.ok
    assert ok.checked == 12
    rng = random.Random(5)
    seen: set[str] = set()
    compared = 0
    for _ in range(1500):
        tampered = _tamper(rows, rng)
        if rng.random() < 0.3:
            tampered = _tamper(tampered, rng)
        conn = _stored(tampered)
        if conn is None:
            continue
        fast, slow = _walk(conn, "ns", fast=True), _walk(conn, "ns", fast=False)
        conn.close()
        assert fast == slow
        compared += 1
        seen.add(fast.reason or "ok" if isinstance(fast, VerifyReport) else "raised")
    assert compared > 1000
    assert len(seen) >= 5  # the mutations really reached the different failure kinds


def _count_whole_rows(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The seqs of the rows the walk reads whole (hands to ``ChainWalker.feed``), in order."""
    whole: list[Any] = []
    real = ChainWalker.feed

    def feed(self: ChainWalker, r: StoredRow) -> bool:
        whole.append(r.seq)
        return real(self, r)

    monkeypatch.setattr(ChainWalker, "feed", feed)
    return whole


def test_a_walk_that_cannot_read_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    # A failed read is taken for text that is not UTF-8 and walked again with the marker;
    # anything else fails again there, and surfaces.
    conn = _stored(_chain(4))
    assert conn is not None
    monkeypatch.setattr(chain_sql, "_ROWS", "SELECT seq FROM no_such_table WHERE ?")
    assert str(_walk(conn, "ns", fast=True)).startswith("OperationalError: no such table")


def test_verify_walk_checks_ordinary_rows_without_reading_them_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bulk loop escapes text as the canonical encoder does (quotes, backslashes, control
    # characters; non-ASCII as it is) and knows the recorded erasures: no row goes to feed.
    odd = ["plain", 'q"uo\\te', "ünï €\u2028", "line\nbreak", "tab\there\x01\x7f", None]
    rows = _chain(20, namespace="nś/é", content="ünï {}", causation=odd, seed=4)
    rows[7] = replace(rows[7], payload=None, erased=True)
    conn = _stored(rows)
    assert conn is not None
    whole = _count_whole_rows(monkeypatch)
    walker = ChainWalker("nś/é", erasures=ErasureLog(frozenset({rows[7].id})))
    assert walk_chain(conn, "nś/é", walker) and walker.report().checked == 20
    assert whole == []


_SQLITE_HEADER = (
    "SELECT CAST(json_object('causation_id', causation_id, 'id', id, 'kind', kind,"
    " 'namespace', namespace, 'occurred_at', occurred_at, 'recorded_at', recorded_at,"
    " 'seq', seq) AS BLOB) FROM events WHERE seq = ?"
)


def _store_raw(conn: sqlite3.Connection, seq: int, field: str, raw: bytes, *, reseal: bool) -> None:
    """Store ``raw`` as ``field``'s text at ``seq``; ``reseal``: digest and hash follow it,
    over the bytes SQLite holds (as a forger would seal them)."""
    conn.execute(f"UPDATE events SET {field} = CAST(? AS TEXT) WHERE seq = ?", (raw, seq))
    if not reseal:
        return
    ((prev, digest),) = conn.execute(
        "SELECT prev_hash, payload_digest FROM events WHERE seq = ?", (seq,)
    )
    if field == "payload":
        digest = blake3.blake3(raw).digest()
    ((header,),) = conn.execute(_SQLITE_HEADER, (seq,))
    conn.execute(
        "UPDATE events SET payload_digest = ?, hash = ? WHERE seq = ?",
        (digest, blake3.blake3(prev + header + digest).digest(), seq),
    )


# Invalid UTF-8 of each kind: a stray continuation byte, a lone lead byte, an encoded
# surrogate, a byte UTF-8 never uses, a truncated four-byte sequence.
_INVALID = [b"ok \x80", b"\xc3 lone", b"\xed\xa0\x80", b"\xff", b"x\xf0\x9f\x98"]


@pytest.mark.parametrize("raw", _INVALID)
@pytest.mark.parametrize("reseal", [True, False])
@pytest.mark.parametrize("field", ["payload", "kind", "causation_id", "occurred_at"])
def test_text_that_is_not_utf8_is_named_not_accepted(raw: bytes, reseal: bool, field: str) -> None:
    # Only tampering stores such bytes. Sealed over them, SQLite's bytes hash to the stored
    # values, but no reader decodes the text to those bytes: verify names the row instead of
    # passing it or failing on it.
    conn = _stored(_chain(12))
    assert conn is not None
    if field == "payload":
        raw = b'{"content":"' + raw + b'"}'
    _store_raw(conn, 12, field, raw, reseal=reseal)
    fast, slow = _walk(conn, "ns", fast=True), _walk(conn, "ns", fast=False)
    assert fast == slow
    what = "payload" if field == "payload" else "header"
    assert fast == VerifyReport(
        namespace="ns",
        ok=False,
        checked=11,
        bad_seq=12,
        reason=f"{what} changed: "
        + ("the stored payload" if what == "payload" else "a stored header field")
        + " is not valid UTF-8",
    )


def test_a_utf16_database_verifies_and_names_a_row_sealed_over_its_bytes() -> None:
    # The chain is sealed over UTF-8 whatever the file's encoding: an honest UTF-16 journal
    # verifies, and a row sealed over the UTF-16 bytes SQLite holds is named.
    conn = _stored(_chain(6), encoding="UTF-16le")
    assert conn is not None
    assert conn.execute("PRAGMA encoding").fetchone()[0] == "UTF-16le"
    ok = _walk(conn, "ns", fast=True)
    assert isinstance(ok, VerifyReport) and ok.ok and ok.checked == 6
    # A forger seals the row over the bytes SQLite hands over (which are valid UTF-8: the
    # zero bytes of UTF-16 are ASCII NULs).
    conn.execute("UPDATE events SET kind = 'forged' WHERE seq = 6")
    ((prev, payload),) = conn.execute(
        "SELECT prev_hash, CAST(payload AS BLOB) FROM events WHERE seq = 6"
    )
    ((header,),) = conn.execute(_SQLITE_HEADER, (6,))
    assert b"f\x00o\x00r\x00" in header and b"\x00" in payload
    digest = blake3.blake3(payload).digest()
    conn.execute(
        "UPDATE events SET payload_digest = ?, hash = ? WHERE seq = 6",
        (digest, blake3.blake3(prev + header + digest).digest()),
    )
    bad = _walk(conn, "ns", fast=True)
    assert bad == _walk(conn, "ns", fast=False)
    assert isinstance(bad, VerifyReport) and bad.bad_seq == 6 and bad.checked == 5
    assert bad.reason is not None and bad.reason.startswith("payload changed")


@pytest.mark.parametrize("filler", ["y", "\x01"])
def test_a_long_header_field_is_walked(filler: str) -> None:
    rows = _chain(4)
    rows[0] = replace(rows[0], causation_id=filler * 150_000)
    for i in range(4):
        rows[i] = _resealed(rows[i], rows[i - 1].hash if i else GENESIS)
    conn = _stored(rows)
    assert conn is not None
    ok = _walk(conn, "ns", fast=True)
    assert isinstance(ok, VerifyReport) and ok.ok and ok.checked == 4
    rows[0] = replace(rows[0], causation_id=filler * 150_001)
    conn = _stored(rows)
    assert conn is not None
    assert _walk(conn, "ns", fast=True) == VerifyReport(
        namespace="ns",
        ok=False,
        checked=0,
        bad_seq=1,
        reason="header changed: hash does not match the stored header",
    )


def test_a_text_carrying_the_json_subtype_is_quoted_like_any_text() -> None:
    # A file rebuilt so that ``id`` is a generated column over json(): its value is the text
    # '"<id>"' with SQLite's JSON subtype, which json_object would copy unquoted, building
    # the honest row's header. The reference reads the quoted id: the header changed.
    conn = _stored(_chain(3))
    assert conn is not None
    conn.executescript(
        """
        ALTER TABLE events RENAME TO old;
        CREATE TABLE events (
            namespace TEXT NOT NULL, seq INTEGER NOT NULL, id_raw TEXT NOT NULL,
            id TEXT GENERATED ALWAYS AS (
                CASE WHEN seq = 3 THEN json(json_quote(id_raw)) ELSE id_raw END) VIRTUAL,
            kind TEXT NOT NULL, occurred_at TEXT NOT NULL, recorded_at TEXT NOT NULL,
            causation_id TEXT, payload TEXT, payload_digest BLOB NOT NULL,
            prev_hash BLOB NOT NULL, hash BLOB NOT NULL, erased INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (namespace, seq));
        INSERT INTO events (namespace, seq, id_raw, kind, occurred_at, recorded_at,
            causation_id, payload, payload_digest, prev_hash, hash, erased)
        SELECT namespace, seq, id, kind, occurred_at, recorded_at, causation_id, payload,
            payload_digest, prev_hash, hash, erased FROM old;
        """
    )
    assert conn.execute("SELECT id FROM events WHERE seq = 3").fetchone()[0].startswith('"')
    fast = _walk(conn, "ns", fast=True)
    assert fast == _walk(conn, "ns", fast=False)
    assert isinstance(fast, VerifyReport) and fast.bad_seq == 3 and fast.checked == 2
