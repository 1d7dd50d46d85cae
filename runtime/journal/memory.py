"""In-memory journal: the same contract as SQLite, for tests and ephemeral agents."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence

from nousmem.runtime.errors import ClosedError, JournalConflict
from nousmem.runtime.events import EventBase, EventDraft
from nousmem.runtime.journal.base import (
    CachedVector,
    Guard,
    Head,
    Journal,
    SearchHit,
    VerifyReport,
    stale,
)
from nousmem.runtime.journal.chain import (
    ChainWalker,
    StoredRow,
    erasure_log,
    event_from_draft,
    seal,
    stored_row,
)
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.rows import row_to_event


class MemoryJournal(Journal):
    """Rows in Python lists; the lexical index in an in-process ``:memory:`` FTS5 database."""

    def __init__(self, *, postings_in_memory: bool = False) -> None:
        self._postings_in_memory = postings_in_memory
        self._rows: dict[str, list[StoredRow]] = {}
        self._events: dict[str, list[EventBase]] = {}
        self._by_id: dict[str, tuple[str, int]] = {}
        self._fts_conn = sqlite3.connect(":memory:", isolation_level=None)
        self._fts = FtsIndex(in_memory=self._postings_in_memory)
        self._vectors: dict[str, dict[str, dict[int, CachedVector]]] = {}  # ns -> model -> seq
        self._closed = False

    def _check(self) -> None:
        if self._closed:
            raise ClosedError("journal is closed")

    async def append(
        self, drafts: Sequence[EventDraft], *, guard: Guard | None = None
    ) -> list[EventBase]:
        self._check()
        if not drafts:
            return []
        if guard is not None:
            later = self._events.get(guard.namespace, [])[guard.after_seq :]
            stale(guard, next(((e.seq, e.kind) for e in later if e.kind in guard.kinds), None))
        heads = {
            ns: (rows[-1].seq, rows[-1].hash)
            for ns in {d.namespace for d in drafts}
            if (rows := self._rows.get(ns))
        }
        # Everything that can fail happens before the first mutation: all or nothing.
        sealed = seal(drafts, heads)
        events = [event_from_draft(d, r) for d, r in zip(drafts, sealed, strict=True)]
        rows = [stored_row(r) for r in sealed]
        docs = [
            (r.namespace, r.seq, r.id, d.doc) for r, d in zip(rows, drafts, strict=True) if d.doc
        ]
        batch_ids: set[str] = set()
        for r in rows:
            if r.id in self._by_id or r.id in batch_ids:  # as SQLite's UNIQUE(id) refuses
                raise JournalConflict(f"duplicate event id {r.id}")
            batch_ids.add(r.id)
        self._fts_conn.execute("BEGIN")
        try:
            self._fts.add(self._fts_conn, docs)
            self._fts_conn.execute("COMMIT")
        except BaseException:
            self._fts_conn.execute("ROLLBACK")
            self._fts = FtsIndex(in_memory=self._postings_in_memory)
            raise
        for r, e in zip(rows, events, strict=True):
            self._rows.setdefault(r.namespace, []).append(r)
            self._events.setdefault(r.namespace, []).append(e)
            self._by_id[r.id] = (r.namespace, r.seq)
        return events

    async def read(
        self,
        namespace: str,
        *,
        after_seq: int = 0,
        until_seq: int | None = None,
        kinds: Sequence[str] | None = None,
    ) -> AsyncIterator[EventBase]:
        self._check()
        events = self._events.get(namespace, [])
        stop = len(events) if until_seq is None else min(until_seq, len(events))
        wanted = set(kinds) if kinds else None
        for e in events[after_seq:stop]:
            if wanted is None or e.kind in wanted:
                yield e

    async def get(self, namespace: str, event_id: str) -> EventBase | None:
        self._check()
        loc = self._by_id.get(event_id)
        if loc is None or loc[0] != namespace:
            return None
        return self._events[namespace][loc[1] - 1]

    async def locate(self, event_id: str) -> str | None:
        loc = self._by_id.get(event_id)
        return None if loc is None else loc[0]

    async def head(self, namespace: str) -> Head:
        rows = self._rows.get(namespace)
        if not rows:
            return Head(namespace=namespace, seq=0, hash=bytes(32).hex())
        return Head(namespace=namespace, seq=rows[-1].seq, hash=rows[-1].hash.hex())

    async def verify(self, namespace: str) -> VerifyReport:
        rows = self._rows.get(namespace, [])
        index = {r.hash: r.seq for r in rows}
        erasures = erasure_log(
            (r.seq, r.payload, r.payload_digest) for r in rows if r.kind == "erasure"
        )
        walker = ChainWalker(namespace, index.get, erasures)
        for r in rows:
            if not walker.feed(r):
                break
        return walker.report()

    async def erase_and_append(
        self,
        namespace: str,
        event_ids: Sequence[str],
        drafts: Sequence[EventDraft],
        *,
        guard: Guard | None = None,
    ) -> tuple[list[int], list[EventBase]]:
        self._check()
        if guard is not None:
            later = self._events.get(guard.namespace, [])[guard.after_seq :]
            stale(guard, next(((e.seq, e.kind) for e in later if e.kind in guard.kinds), None))
        # The append is the only step that can fail (a duplicate id): check it first.
        for d in drafts:
            if d.id in self._by_id:
                raise JournalConflict(f"duplicate event id {d.id}")
        seqs: list[int] = []
        for eid in dict.fromkeys(event_ids):
            loc = self._by_id.get(eid)
            if loc is None or loc[0] != namespace:
                continue
            i = loc[1] - 1
            old = self._rows[namespace][i]
            if old.erased:
                continue
            new = StoredRow(
                old.namespace,
                old.seq,
                old.id,
                old.kind,
                old.occurred_at,
                old.recorded_at,
                old.causation_id,
                None,
                old.payload_digest,
                old.prev_hash,
                old.hash,
                True,
            )
            self._rows[namespace][i] = new
            self._events[namespace][i] = row_to_event(new)
            seqs.append(old.seq)
        self._fts.remove(self._fts_conn, namespace, seqs)
        for cached in self._vectors.get(namespace, {}).values():
            for seq in seqs:
                cached.pop(seq, None)
        appended = await self.append(drafts) if drafts else []
        return seqs, appended

    async def search(
        self,
        namespace: str,
        query: str,
        *,
        limit: int,
        max_seq: int | None = None,
        window: int | None = None,
    ) -> list[SearchHit]:
        self._check()
        return self._fts.search(
            self._fts_conn, namespace, query, limit=limit, max_seq=max_seq, window=window
        )

    async def load_vectors(
        self, namespace: str, model: str, *, after_seq: int = 0
    ) -> list[CachedVector]:
        self._check()
        cached = self._vectors.get(namespace, {}).get(model, {})
        return [cached[s] for s in sorted(cached) if s > after_seq]

    async def store_vectors(self, namespace: str, model: str, rows: Sequence[CachedVector]) -> None:
        self._check()
        events = self._rows.get(namespace, [])
        live = [r for r in rows if 0 < r.seq <= len(events) and not events[r.seq - 1].erased]
        if live:
            cached = self._vectors.setdefault(namespace, {}).setdefault(model, {})
            cached.update((r.seq, CachedVector(r.seq, bytes(r.digest), bytes(r.vec))) for r in live)

    async def reindex(
        self, namespace: str, docs: Sequence[tuple[str, int, str]], *, upto_seq: int | None = None
    ) -> None:
        self._check()
        events = self._rows.get(namespace, [])
        # As the SQLite backend: the docs of events erased since they were read stay out.
        live = [d for d in docs if not (0 < d[1] <= len(events) and events[d[1] - 1].erased)]
        self._fts.replace(self._fts_conn, namespace, live, upto_seq)

    async def namespaces(self) -> list[str]:
        return sorted(ns for ns, rows in self._rows.items() if rows)

    async def size_bytes(self) -> int:
        return 0

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._fts_conn.close()

    # Test hook: lets the contract suite tamper with rows as a hostile editor would.
    def _tamper(self, namespace: str, index: int, row: StoredRow | None) -> None:
        if row is None:
            del self._rows[namespace][index]
        else:
            self._rows[namespace][index] = row
