"""The hash chain: sealing drafts into rows, and walking stored rows to verify them.

``hash = blake3(prev_hash || canonical header || blake3(canonical payload))``, one chain per
namespace, ``seq`` from 1 without gaps. Both backends seal and verify with these.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring
from typing import Any, NamedTuple

import blake3

from nousmem.runtime.canonical import GENESIS, chain_hash, format_time, header_json, payload_digest
from nousmem.runtime.events import EventBase, EventDraft, build_event
from nousmem.runtime.journal.base import VerifyReport


@dataclass(frozen=True, slots=True)
class Undecodable:
    """A text column whose bytes are not valid UTF-8, as verify reads it (only tampering
    stores such text: every write goes through Python strings)."""

    raw: bytes


@dataclass(frozen=True, slots=True)
class StoredRow:
    """A journal row exactly as stored (used by verify and by backends)."""

    namespace: str
    seq: int
    id: str
    kind: str
    occurred_at: str
    recorded_at: str
    causation_id: str | None
    payload: str | None
    payload_digest: bytes
    prev_hash: bytes
    hash: bytes
    erased: bool


SealedRow = tuple[str, int, str, str, str, str, str | None, str, bytes, bytes, bytes, int]


def as_stored(r: Sequence[Any]) -> StoredRow:
    """A raw row (``SELECT_COLUMNS`` order, ``erased`` optional) as a :class:`StoredRow`."""
    erased = bool(r[11]) if len(r) > 11 else False
    return StoredRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], erased)


def seal(drafts: Sequence[EventDraft], heads: dict[str, tuple[int, bytes]]) -> list[SealedRow]:
    """Give drafts their ``seq`` and chain hash, advancing ``heads`` in place.

    Returns plain tuples that SQLite binds as they are (one object per event).
    """
    rows: list[SealedRow] = []
    append = rows.append
    for d in drafts:
        ns = d.namespace
        seq, prev = heads.get(ns, (0, GENESIS))
        seq += 1
        occurred = format_time(d.occurred_at)
        recorded = format_time(d.recorded_at)
        payload = d.payload_json
        digest = payload_digest(payload)
        header = header_json(
            id=d.id,
            namespace=ns,
            kind=d.kind,
            seq=seq,
            occurred_at=occurred,
            recorded_at=recorded,
            causation_id=d.causation_id,
        )
        h = chain_hash(prev, header, digest)
        append(
            (ns, seq, d.id, d.kind, occurred, recorded, d.causation_id, payload, digest, prev, h, 0)
        )
        heads[ns] = (seq, h)
    return rows


def row_header(r: StoredRow, seq: int | None = None) -> str:
    """The canonical header of a stored row (with another ``seq``, if given)."""
    return header_json(
        id=r.id,
        namespace=r.namespace,
        kind=r.kind,
        seq=r.seq if seq is None else seq,
        occurred_at=r.occurred_at,
        recorded_at=r.recorded_at,
        causation_id=r.causation_id,
    )


def stored_row(r: SealedRow) -> StoredRow:
    """The :class:`StoredRow` of a freshly sealed row."""
    return StoredRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], False)


def event_from_draft(d: EventDraft, row: SealedRow) -> EventBase:
    return build_event(
        id=d.id,
        namespace=d.namespace,
        kind=d.kind,
        seq=row[1],
        occurred_at=d.occurred_at,
        recorded_at=d.recorded_at,
        causation_id=d.causation_id,
        payload=d.payload,
        payload_digest=row[8],
        prev_hash=row[9],
        hash=row[10],
    )


_HEADER_TEXT = ("namespace", "id", "kind", "occurred_at", "recorded_at", "causation_id")
ERASED_UNRECORDED = "payload erased without an erasure event"


class ErasureLog(NamedTuple):
    """The erased rows a namespace's ``erasure`` events account for.

    ``listed``: the ids in the ``erased_ids`` of every erasure event whose payload is intact.
    ``cover``: the highest ``seq`` of an erasure event that was itself erased. Its list is
    gone, and an erasure only ever erases rows before its own, so every row before it may be
    one it erased: verify cannot tell those from a silent erasure and accepts them. The
    erased erasure event itself still needs a listing (or a later erased one), so such a
    hole always ends at a row that a readable erasure event accounts for.
    """

    listed: frozenset[str] = frozenset()
    cover: int = 0

    def accounts_for(self, event_id: Any, seq: Any) -> bool:
        return seq < self.cover or event_id in self.listed


NO_ERASURES = ErasureLog()


def erasure_log(rows: Iterable[Sequence[Any]]) -> ErasureLog:
    """The :class:`ErasureLog` of a namespace's erasure rows, ``(seq, payload, digest)``.

    A payload that does not match its digest vouches for nothing (the walk names that row).
    """
    listed: set[str] = set()
    cover = 0
    for seq, payload, digest in rows:
        if payload is None:
            cover = max(cover, seq)
            continue
        try:
            if payload_digest(payload) != digest:
                continue
            ids = json.loads(payload).get("erased_ids")
        except (TypeError, ValueError, AttributeError):
            continue
        if isinstance(ids, list):
            listed.update(i for i in ids if isinstance(i, str))
    return ErasureLog(frozenset(listed), cover)


class ChainWalker:
    """Incremental chain verification; feed rows in ``seq`` order.

    ``erasures`` says which erased rows an ``erasure`` event accounts for; with none given,
    every erased row is reported.
    """

    def __init__(
        self,
        namespace: str,
        lookup: Callable[[bytes], int | None] | None = None,
        erasures: ErasureLog = NO_ERASURES,
    ) -> None:
        self.namespace = namespace
        self.erasures = erasures
        self.expected_seq = 1
        self.prev = GENESIS
        self.checked = 0
        self.failure: tuple[int, str] | None = None
        # Only consulted after a mismatch, to tell a reorder from a plain break.
        self._lookup = lookup or (lambda _h: None)

    def restart(self) -> None:
        """Forget every row fed so far, to walk the chain again from ``seq`` 1."""
        self.expected_seq, self.prev, self.checked, self.failure = 1, GENESIS, 0, None

    def feed(self, r: StoredRow) -> bool:
        """Check one row; returns False (and records the failure) at the first bad row."""
        if r.seq != self.expected_seq:
            if r.seq > self.expected_seq:
                self.failure = (
                    self.expected_seq,
                    f"row missing: no row with seq {self.expected_seq}",
                )
            else:
                self.failure = (r.seq, "rows out of order: duplicate seq")
            return False
        if isinstance(r.payload, Undecodable):
            self.failure = (r.seq, "payload changed: the stored payload is not valid UTF-8")
            return False
        if r.payload is not None and payload_digest(r.payload) != r.payload_digest:
            self.failure = (r.seq, "payload changed: digest does not match the stored payload")
            return False
        if any(isinstance(getattr(r, f), Undecodable) for f in _HEADER_TEXT):
            self.failure = (r.seq, "header changed: a stored header field is not valid UTF-8")
            return False
        header = row_header(r)
        if r.prev_hash != self.prev:
            other = self._lookup(r.prev_hash)
            if other is not None and other != r.seq - 1:
                self.failure = (r.seq, f"rows out of order: links to the row stored at seq {other}")
            else:
                self.failure = (r.seq, "chain broken: prev_hash does not match the previous row")
            return False
        if chain_hash(r.prev_hash, header, r.payload_digest) != r.hash:
            moved = any(
                chain_hash(r.prev_hash, row_header(r, s), r.payload_digest) == r.hash
                for s in (r.seq - 1, r.seq + 1)
                if s > 0
            )
            reason = (
                "rows out of order: row carries another seq"
                if moved
                else ("header changed: hash does not match the stored header")
            )
            self.failure = (r.seq, reason)
            return False
        # After the hash check, so that the id and seq it goes by are the chain's own.
        if r.payload is None and not self.erasures.accounts_for(r.id, r.seq):
            self.failure = (r.seq, ERASED_UNRECORDED)
            return False
        self.prev = r.hash
        self.expected_seq += 1
        self.checked += 1
        return True

    def feed_rows(self, rows: Iterable[Sequence[Any]]) -> bool:
        """Check raw rows (``SELECT_COLUMNS`` order) in bulk; False at the first bad row.

        The fast loop does the same checks as :meth:`feed` on the raw values and assembles
        the header as :func:`header_json` does for plain ``str``/``int`` fields. It only ever
        accepts a row that :meth:`feed` accepts; any row it does not accept outright (a
        mismatch, an odd type, an :class:`Undecodable` text, an exception) goes to
        :meth:`feed`, which names the failure or raises exactly as it would on its own.
        """
        expected, prev, checked = self.expected_seq, self.prev, self.checked
        listed, cover = self.erasures
        enc = encode_basestring
        b3 = blake3.blake3
        for r in rows:
            ok = False
            try:
                seq = r[1]
                payload = r[7]
                digest = r[8]
                if (
                    type(seq) is int
                    and seq == expected
                    and r[9] == prev
                    and (
                        b3(payload.encode("utf-8")).digest() == digest
                        if payload is not None
                        else seq < cover or r[2] in listed
                    )
                ):
                    cause = r[6]
                    header = (
                        f'{{"causation_id":{"null" if cause is None else enc(cause)},'
                        f'"id":{enc(r[2])},"kind":{enc(r[3])},"namespace":{enc(r[0])},'
                        f'"occurred_at":{enc(r[4])},"recorded_at":{enc(r[5])},"seq":{seq!r}}}'
                    )
                    h = r[10]
                    ok = b3(prev + header.encode("utf-8") + digest).digest() == h
            except Exception:  # an odd value: feed names it
                ok = False
            if ok:
                prev = h
                expected += 1
                checked += 1
                continue
            self.expected_seq, self.prev, self.checked = expected, prev, checked
            if not self.feed(as_stored(r)):
                return False
            expected, prev, checked = self.expected_seq, self.prev, self.checked
        self.expected_seq, self.prev, self.checked = expected, prev, checked
        return True

    def report(self) -> VerifyReport:
        if self.failure is None:
            return VerifyReport(namespace=self.namespace, ok=True, checked=self.checked)
        return VerifyReport(
            namespace=self.namespace,
            ok=False,
            checked=self.checked,
            bad_seq=self.failure[0],
            reason=self.failure[1],
        )
