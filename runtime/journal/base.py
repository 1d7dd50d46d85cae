"""The abstract journal: an append-only, hash-linked event log with one chain per namespace.

A backend also keeps the lexical index (a projection) because the index rows of a batch must
commit in the same transaction as its events.
"""

from __future__ import annotations

import abc
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from nousmem.runtime.errors import StaleHead
from nousmem.runtime.events import EventBase, EventDraft


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
        """Walk the chain and report the first bad ``seq``.

        An erased row must be listed in the ``erased_ids`` of an intact ``erasure`` event of
        the namespace, or come before an erasure event that was itself erased (see
        :class:`~nousmem.runtime.journal.chain.ErasureLog`).
        """

    async def erase_payloads(self, namespace: str, event_ids: Sequence[str]) -> list[int]:
        """Null the payloads of these events and append nothing; returns the erased seqs.

        Without an ``erasure`` event listing them, :meth:`verify` reports these rows: the
        runtime erases with :meth:`erase_and_append` and its erasure record.
        """
        seqs, _ = await self.erase_and_append(namespace, event_ids, [])
        return seqs

    @abc.abstractmethod
    async def erase_and_append(
        self,
        namespace: str,
        event_ids: Sequence[str],
        drafts: Sequence[EventDraft],
        *,
        guard: Guard | None = None,
    ) -> tuple[list[int], list[EventBase]]:
        """Null these payloads and append ``drafts`` (the erasure record) in one transaction.

        Headers and payload digests stay, so the chain still verifies; the erased events'
        lexical index rows go too. Returns the erased seqs and the appended events. With
        ``guard``, nothing is done and :class:`~nousmem.runtime.errors.StaleHead` raised if
        an event of ``guard.kinds`` came after ``guard.after_seq`` (checked in the same
        transaction): what the erasure planned from may not be all there is.
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
    async def reindex(
        self, namespace: str, docs: Sequence[tuple[str, int, str]], *, upto_seq: int | None = None
    ) -> None:
        """Replace a namespace's lexical index with ``(event_id, seq, text)`` rows.

        ``upto_seq``: replace only the rows with ``seq <= upto_seq`` (the events the docs were
        read from), so rows of events appended meanwhile stay indexed.
        """

    @abc.abstractmethod
    async def namespaces(self) -> list[str]:
        """Every namespace with at least one event, sorted."""

    @abc.abstractmethod
    async def size_bytes(self) -> int:
        """Bytes used on disk (0 for in-memory backends)."""

    async def stored_bytes(self, namespace: str) -> int:
        """Bytes one namespace's journal rows take (headers and payloads, without index or
        page overhead; 0 for in-memory backends). Unlike :meth:`size_bytes`, it says nothing
        about other namespaces of the file."""
        return 0

    async def scrub_pending(self, namespace: str) -> bool:
        """True while an erasure of ``namespace`` has left erased bytes in the storage's
        files (a file backend whose log could not be folded yet because a reader held an
        old snapshot). The next erasure or open finishes the scrub. False for in-memory
        backends, which keep no copy."""
        return False

    def planning(self) -> AbstractAsyncContextManager[None]:
        """Held by a guarded write from its plan to its commit, so that writers of one
        journal take turns instead of refusing each other's plans (see
        ``runtime/journal/planlock.py``). Nothing to wait for by default: one process."""
        return nullcontext()

    @abc.abstractmethod
    async def close(self) -> None:
        """Flush and release resources; idempotent."""
