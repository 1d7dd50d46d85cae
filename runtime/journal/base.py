"""The abstract journal: an append-only, hash-linked event log with one chain per namespace.

A backend also keeps the lexical index (a projection) because the index rows of a batch must
commit in the same transaction as its events.
"""

from __future__ import annotations

import abc
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring
from typing import Any, NamedTuple

import blake3
from pydantic import BaseModel, ConfigDict

from nousmem.runtime.canonical import GENESIS, chain_hash, format_time, header_json, payload_digest
from nousmem.runtime.errors import StaleHead
from nousmem.runtime.events import EventBase, EventDraft, build_event


class Head(BaseModel):
    """The tip of one namespace's chain."""

    model_config = ConfigDict(frozen=True)

    namespace: str
    seq: int
    hash: str


class VerifyReport(BaseModel):
    """Result of walking a chain. ``bad_seq`` is the first row that fails, with ``reason``."""

    model_config = ConfigDict(frozen=True)

    namespace: str
    ok: bool
    checked: int
    bad_seq: int | None = None
    reason: str | None = None

    def __bool__(self) -> bool:
        return self.ok


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


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One lexical match: the event, its seq and a score where larger is better."""

    event_id: str
    seq: int
    score: float


class CachedVector(NamedTuple):
    """One cached dense vector: the event's ``seq``, the digest of what the model saw (see
    ``nousmem.runtime.dense_cache``) and the vector as little-endian float32 bytes."""

    seq: int
    digest: bytes
    vec: bytes


# A sealed row in ``INSERT_EVENT`` column order: namespace, seq, id, kind, occurred_at,
# recorded_at, causation_id, payload, payload_digest, prev_hash, hash, erased (always 0).
SealedRow = tuple[str, int, str, str, str, str, str | None, str, bytes, bytes, bytes, int]


def _as_stored(r: Sequence[Any]) -> StoredRow:
    """A raw row (``SELECT_COLUMNS`` order, ``erased`` optional) as a :class:`StoredRow`."""
    erased = bool(r[11]) if len(r) > 11 else False
    return StoredRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], erased)


class Guard(NamedTuple):
    """A governed write's precondition: no event of ``kinds`` after ``after_seq``."""

    namespace: str
    after_seq: int
    kinds: frozenset[str]


def stale(guard: Guard, found: tuple[int, str] | None) -> None:
    """Raise :class:`StaleHead` for the first guarded event found past the guard."""
    if found is not None:
        seq, kind = found
        raise StaleHead(
            f"namespace {guard.namespace!r} gained a {kind!r} event (seq {seq}) after seq"
            f" {guard.after_seq}, which this write was planned against"
        )


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


class ChainWalker:
    """Incremental chain verification; feed rows in ``seq`` order."""

    def __init__(self, namespace: str, lookup: Callable[[bytes], int | None] | None = None) -> None:
        self.namespace = namespace
        self.expected_seq = 1
        self.prev = GENESIS
        self.checked = 0
        self.failure: tuple[int, str] | None = None
        # Only consulted after a mismatch, to tell a reorder from a plain break.
        self._lookup = lookup or (lambda _h: None)

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
        if r.payload is not None and payload_digest(r.payload) != r.payload_digest:
            self.failure = (r.seq, "payload changed: digest does not match the stored payload")
            return False
        header = header_json(
            id=r.id,
            namespace=r.namespace,
            kind=r.kind,
            seq=r.seq,
            occurred_at=r.occurred_at,
            recorded_at=r.recorded_at,
            causation_id=r.causation_id,
        )
        if r.prev_hash != self.prev:
            other = self._lookup(r.prev_hash)
            if other is not None and other != r.seq - 1:
                self.failure = (r.seq, f"rows out of order: links to the row stored at seq {other}")
            else:
                self.failure = (r.seq, "chain broken: prev_hash does not match the previous row")
            return False
        if chain_hash(r.prev_hash, header, r.payload_digest) != r.hash:
            moved = any(
                chain_hash(
                    r.prev_hash,
                    header_json(
                        id=r.id,
                        namespace=r.namespace,
                        kind=r.kind,
                        seq=s,
                        occurred_at=r.occurred_at,
                        recorded_at=r.recorded_at,
                        causation_id=r.causation_id,
                    ),
                    r.payload_digest,
                )
                == r.hash
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
        self.prev = r.hash
        self.expected_seq += 1
        self.checked += 1
        return True

    def feed_rows(self, rows: Iterable[Sequence[Any]]) -> bool:
        """Check raw rows (``SELECT_COLUMNS`` order) in bulk; False at the first bad row.

        The fast loop does the same checks as :meth:`feed` on the raw values and assembles
        the header as :func:`header_json` does for plain ``str``/``int`` fields. It only ever
        accepts a row that :meth:`feed` accepts; any row it does not accept outright (a
        mismatch, an odd type, an exception) goes to :meth:`feed`, which names the failure
        or raises exactly as it would on its own.
        """
        expected = self.expected_seq
        prev = self.prev
        checked = self.checked
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
                    and (payload is None or b3(payload.encode("utf-8")).digest() == digest)
                ):
                    cause = r[6]
                    header = (
                        f'{{"causation_id":{"null" if cause is None else enc(cause)},'
                        f'"id":{enc(r[2])},"kind":{enc(r[3])},"namespace":{enc(r[0])},'
                        f'"occurred_at":{enc(r[4])},"recorded_at":{enc(r[5])},"seq":{seq!r}}}'
                    )
                    h = r[10]
                    ok = b3(prev + header.encode("utf-8") + digest).digest() == h
            except Exception:
                ok = False
            if ok:
                prev = h
                expected += 1
                checked += 1
                continue
            self.expected_seq, self.prev, self.checked = expected, prev, checked
            if not self.feed(_as_stored(r)):
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


class Journal(abc.ABC):
    """Storage backend interface. Every backend passes ``tests/journal_contract.py``."""

    @abc.abstractmethod
    async def append(
        self, drafts: Sequence[EventDraft], *, guard: Guard | None = None
    ) -> list[EventBase]:
        """Append a batch atomically (all or nothing) and return the committed events.

        Returns only once the batch is committed. Concurrent callers may share a transaction.
        With ``guard``, the batch is refused with :class:`~nousmem.runtime.errors.StaleHead`
        (nothing written) if the guarded namespace gained an event of a guarded kind after
        ``guard.after_seq``: the caller planned against projections that are now stale.
        """

    @abc.abstractmethod
    def read(
        self,
        namespace: str,
        *,
        after_seq: int = 0,
        until_seq: int | None = None,
        kinds: Sequence[str] | None = None,
    ) -> AsyncIterator[EventBase]:
        """Events of a namespace in ``seq`` order."""

    async def read_batches(
        self,
        namespace: str,
        *,
        after_seq: int = 0,
        until_seq: int | None = None,
        readers: Mapping[str, Callable[[str], Any]] | None = None,
    ) -> AsyncIterator[Iterable[EventBase]]:
        """Events of a namespace in ``seq`` order, a page at a time (to fold projections).

        Iterate each page once, before asking for the next. With ``readers`` (kind -> what
        to make of the stored payload JSON), events may carry their reader's result instead
        of the payload model, or, for kinds not listed, no payload (``erased`` as stored):
        only for callers that read no more than that.
        """
        page: list[EventBase] = []
        async for e in self.read(namespace, after_seq=after_seq, until_seq=until_seq):
            page.append(e)
            if len(page) == 2000:
                yield page
                page = []
        if page:
            yield page

    @abc.abstractmethod
    async def get(self, namespace: str, event_id: str) -> EventBase | None:
        """One event by id, or None (also None when it belongs to another namespace)."""

    @abc.abstractmethod
    async def locate(self, event_id: str) -> str | None:
        """The namespace holding ``event_id``, or None (used to enforce namespace walls)."""

    @abc.abstractmethod
    async def head(self, namespace: str) -> Head:
        """The last ``seq`` and hash of a namespace (seq 0 when empty)."""

    @abc.abstractmethod
    async def verify(self, namespace: str) -> VerifyReport:
        """Walk the chain and report the first bad ``seq``."""

    async def erase_payloads(self, namespace: str, event_ids: Sequence[str]) -> list[int]:
        """Null the payloads of these events (privacy erasure); returns the erased seqs."""
        seqs, _ = await self.erase_and_append(namespace, event_ids, [])
        return seqs

    @abc.abstractmethod
    async def erase_and_append(
        self, namespace: str, event_ids: Sequence[str], drafts: Sequence[EventDraft]
    ) -> tuple[list[int], list[EventBase]]:
        """Null these payloads and append ``drafts`` (the erasure record) in one transaction.

        Headers and payload digests stay, so the chain still verifies; the erased events'
        lexical index rows go too. Returns the erased seqs and the appended events.
        """

    @abc.abstractmethod
    async def search(
        self,
        namespace: str,
        query: str,
        *,
        limit: int,
        max_seq: int | None = None,
        window: int | None = None,
    ) -> list[SearchHit]:
        """Lexical search (FTS5 syntax for ``query``) over the index projection.

        The ``limit`` best hits by BM25 (ties by ``seq``) among rows with ``seq <= max_seq``;
        with ``window``, only the ``window`` newest matching rows are ranked.
        """

    @abc.abstractmethod
    async def load_vectors(
        self, namespace: str, model: str, *, after_seq: int = 0
    ) -> list[CachedVector]:
        """The dense vector cache's rows of ``model`` with ``seq > after_seq``, by ``seq``."""

    @abc.abstractmethod
    async def store_vectors(self, namespace: str, model: str, rows: Sequence[CachedVector]) -> None:
        """Insert or replace cached vectors. The cache is derived, outside the chain: rows of a
        seq that is not a live (unerased) event of ``namespace`` are skipped, and erasing an
        event deletes its rows of every model in the erasure's transaction."""

    @abc.abstractmethod
    async def reindex(self, namespace: str, docs: Sequence[tuple[str, int, str]]) -> None:
        """Replace a namespace's lexical index with ``(event_id, seq, text)`` rows."""

    @abc.abstractmethod
    async def namespaces(self) -> list[str]:
        """Every namespace with at least one event, sorted."""

    @abc.abstractmethod
    async def size_bytes(self) -> int:
        """Bytes used on disk (0 for in-memory backends)."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Flush and release resources; idempotent."""
