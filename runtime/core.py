"""RuntimeCore: the journal, the clock, the namespace wall and projection bookkeeping.

``MemoryRuntime`` (in ``runtime.py``) combines this core with the write path, the read path
and forgetting; each lives in its own module and sees the core's attributes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from pydantic import BaseModel

from nousmem.projections.models import Observation
from nousmem.runtime.clock import Clock, SystemClock
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.dense import DenseIndex
from nousmem.runtime.docrows import doc_text
from nousmem.runtime.errors import ClosedError, InvalidInput, PayloadTooLarge, StaleHead
from nousmem.runtime.events import EventDraft, kind_names
from nousmem.runtime.gate import ErasureGate
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.inputs import check_text, storable_time, utc_offset, validate_namespace
from nousmem.runtime.journal.base import Guard, Head, Journal, VerifyReport
from nousmem.runtime.logging import get_logger
from nousmem.runtime.observation_input import coerce_time, observation_payload, parse_observation
from nousmem.runtime.payloads import TimeRef
from nousmem.runtime.projector import FOLD_READERS, Projector
from nousmem.runtime.retry import GUARDED_RETRIES, backoff

T = TypeVar("T")


# InputConfig.max_future_skew_s "auto" with the wall clock: hosts' clocks differ a little.
AUTO_FUTURE_SKEW_S = 300.0


class _Shared:
    """State shared by every namespace view of one opened journal."""

    def __init__(self, journal: Journal, clock: Clock, ids: IdGenerator) -> None:
        self.journal = journal
        self.clock = clock
        self.ids = ids
        self.closed = False
        self.projectors: dict[str, Projector] = {}
        self.write_locks: dict[str, asyncio.Lock] = {}
        self.sync_locks: dict[str, asyncio.Lock] = {}
        self.erasure_gates: dict[str, ErasureGate] = {}
        self.extra_closers: list[Any] = []
        self.extractor: Any = None  # the configured provider's, for every namespace; None: rules
        # use_extractor() of one namespace (None: back to the rule extractor there). Per
        # namespace: another namespace's observations must not reach, nor be claimed by, it.
        self.extractors: dict[str, Any] = {}
        self.provider: Any = None  # an LLM planner for propose(), if configured
        self.dense: dict[str, DenseIndex] = {}  # namespace -> the dense channel's vectors


class RuntimeCore:
    """Holds the journal and one namespace's projections. Not constructed directly."""

    def __init__(self, shared: _Shared, namespace: str, config: RuntimeConfig) -> None:
        self._shared = shared
        self.namespace = validate_namespace(namespace)
        self.config = config
        self._log = get_logger("nousmem.runtime", namespace=namespace)
        if namespace not in shared.projectors:
            shared.projectors[namespace] = Projector(namespace, config)
            shared.write_locks[namespace] = asyncio.Lock()
            shared.sync_locks[namespace] = asyncio.Lock()
            shared.erasure_gates[namespace] = ErasureGate()
        self._proj = shared.projectors[namespace]
        self._write_lock = shared.write_locks[namespace]
        self._sync_lock = shared.sync_locks[namespace]
        self._erasure_gate = shared.erasure_gates[namespace]

    # -- plumbing ----------------------------------------------------------------------------

    @property
    def journal(self) -> Journal:
        return self._shared.journal

    @property
    def clock(self) -> Clock:
        return self._shared.clock

    def _check_open(self) -> None:
        if self._shared.closed:
            raise ClosedError("the runtime is closed")

    def _now(self, *, peek: bool = False) -> datetime:
        """The clock's time. ``peek``: a dry run's, the time the next write will read, from a
        clock that can tell it without moving on (``FixedClock.peek``)."""
        look = getattr(self.clock, "peek", None) if peek else None
        t = look() if callable(look) else self.clock.now()
        if not isinstance(t, datetime):
            raise InvalidInput(
                f"the clock returned {type(t).__name__}, not a datetime", field="clock"
            )
        if t.tzinfo is None or utc_offset(t, "clock") is None:
            raise InvalidInput("the clock returned a naive datetime", field="clock")
        return storable_time(t.astimezone(UTC), "clock")

    def _new_id(self, at: datetime) -> str:
        return self._shared.ids.new(at)

    def _draft(
        self,
        kind: str,
        payload: BaseModel,
        *,
        occurred_at: datetime,
        recorded_at: datetime,
        causation_id: str | None = None,
    ) -> EventDraft:
        return EventDraft(
            id=self._new_id(recorded_at),
            namespace=self.namespace,
            kind=kind,
            occurred_at=occurred_at,
            recorded_at=recorded_at,
            payload=payload,
            causation_id=causation_id,
            doc=doc_text(kind, payload, occurred_at),
        )

    def _check_size(self, draft: EventDraft, field: str) -> None:
        limit = self.config.input.max_payload_bytes
        size = len(draft.payload_json.encode("utf-8"))
        if size > limit:
            raise PayloadTooLarge(
                f"payload is {size} bytes; the limit is {limit} (InputConfig.max_payload_bytes)",
                field=field,
            )

    async def _commit(self, drafts: Sequence[EventDraft], guard: Guard | None = None) -> list[Any]:
        """Append drafts atomically, then fold them (and anything before them) into projections."""
        self._check_open()
        events = await self.journal.append(drafts, guard=guard)
        await self._sync(events)
        return events

    async def _commit_planned(
        self,
        plan: Callable[[], tuple[list[EventDraft], T]],
        kinds: frozenset[str],
        *,
        retries: int = GUARDED_RETRIES,
    ) -> tuple[list[Any], T]:
        """Plan and commit (the caller holds the write lock). The batch is guarded: if
        another process appended an event of ``kinds`` since this process last folded, the
        plan is stale, so fold and plan again (at most ``retries`` plans). No head check
        comes first (a storage round trip per write): the guard is checked inside the
        commit's own transaction."""
        async with self.journal.planning():  # other writers of the file wait their turn
            for attempt in range(1, retries + 1):
                # A fold may have met another process's erasure since the last refresh: a
                # plan must not read (and journal again) what it erased.
                await self._rebuild_while_needed()
                drafts, result = plan()
                if not drafts:
                    return [], result
                guard = Guard(self.namespace, self._proj.applied_seq, kinds)
                try:
                    return await self._commit(drafts, guard), result
                except StaleHead:
                    if attempt == retries:
                        raise
                    self._log.info("replanning", attempt=attempt)
                    await backoff(attempt)
                    await self._refresh(locked=True)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _sync(self, fresh: Sequence[Any] = ()) -> None:
        """Bring projections up to the journal: fold ``fresh`` events, reading any gap first.

        Another process (or another runtime on the same file) may have appended meanwhile;
        projections always fold in ``seq`` order, so live state equals a rebuild.
        """
        proj = self._proj
        for e in fresh:  # fast path: no await, so no other coroutine interleaves
            if e.seq == proj.applied_seq + 1:
                proj.apply(e)
        target = fresh[-1].seq if fresh else None
        if target is not None and proj.applied_seq >= target:
            return
        async with self._sync_lock:
            if target is not None and proj.applied_seq >= target:
                return
            async for page in self.journal.read_batches(
                self.namespace,
                after_seq=proj.applied_seq,
                until_seq=target,
                readers=FOLD_READERS,
            ):
                for e in page:
                    if e.seq == proj.applied_seq + 1:  # others may have folded it meanwhile
                        proj.apply(e)

    async def _refresh(self, *, locked: bool = False) -> None:
        """Catch up with appends made by other processes before a read or a write.

        An erasure another process made leaves its content in this process's projections
        until they are rebuilt from the journal, which happens here. ``locked``: the caller
        holds the write lock.
        """
        head = await self.journal.head(self.namespace)
        if head.seq > self._proj.applied_seq:
            await self._sync()
        if self._proj.needs_rebuild:
            if locked:
                await self._rebuild_while_needed()
            else:
                async with self._write_lock:
                    await self._rebuild_while_needed()

    async def _rebuild_while_needed(self) -> None:
        """Rebuild (the caller holds the write lock) until the projections hold nothing
        another process erased: an erasure committed while a rebuild read the journal
        leaves the fresh projections needing one again."""
        for _ in range(GUARDED_RETRIES):
            if not self._proj.needs_rebuild:
                return
            self._log.info("rebuilding after an erasure by another process")
            await self._rebuild_locked(reindex=False)

    # -- observations -------------------------------------------------------------------------

    def _coerce_time(self, value: datetime, field: str) -> datetime:
        """:func:`~.observation_input.coerce_time` under this runtime's input settings."""
        return coerce_time(value, field, self.config.input)

    def _parse_observation(self, obs: Observation | dict[str, Any]) -> Observation:
        """:func:`~.observation_input.parse_observation` for this namespace."""
        return parse_observation(obs, self.namespace, self.config.input)

    def _check_not_ahead(self, obs: Observation, recorded: datetime) -> None:
        """Refuse an ``occurred_at`` after the clock by more than the configured skew."""
        skew = self.config.input.max_future_skew_s
        if skew == "auto":
            skew = AUTO_FUTURE_SKEW_S if isinstance(self.clock, SystemClock) else None
        if skew is None or obs.occurred_at is None:
            return
        at = self._coerce_time(obs.occurred_at, "observation.occurred_at")
        if at > recorded + timedelta(seconds=skew):
            raise InvalidInput(
                f"{at.isoformat()} is after the runtime's clock ({recorded.isoformat()}) by"
                f" more than {skew:g} s: it has not happened yet (InputConfig.max_future_skew_s)",
                field="observation.occurred_at",
            )

    def _observation_draft(
        self, obs: Observation, times: Sequence[TimeRef] = (), *, recorded_at: datetime
    ) -> EventDraft:
        occurred = (
            self._coerce_time(obs.occurred_at, "observation.occurred_at")
            if obs.occurred_at is not None
            else recorded_at
        )
        payload = observation_payload(obs, times)
        draft = self._draft(
            "observation",
            payload,
            occurred_at=occurred,
            recorded_at=recorded_at,
        )
        self._check_size(draft, "observation")
        return draft

    @reads_dates
    async def observe(self, obs: Observation | dict[str, Any]) -> Any:
        """Record an observation as evidence only (no belief changes) and return its event.

        Content the risk gate quarantines (secrets, prompt injection) is recorded as a
        ``quarantined`` event instead, as a governed write records it.
        """
        self._check_open()
        parsed = self._parse_observation(obs)
        recorded = self._now()
        if parsed.occurred_at is None:
            parsed = parsed.model_copy(update={"occurred_at": recorded})
        self._check_not_ahead(parsed, recorded)
        draft = self._evidence_draft(parsed, recorded_at=recorded)
        # Not while an erasure of this process scans and erases: an observation committed
        # meanwhile could name what it erases and sit before its record, never scanned.
        await self._erasure_gate.enter_read()
        try:
            (event,) = await self._commit([draft])
        finally:
            self._erasure_gate.leave_read()
        self._log.debug("observed", seq=event.seq, event_id=event.id, kind=event.kind)
        return event

    def _evidence_draft(self, obs: Observation, *, recorded_at: datetime) -> EventDraft:
        """The one event :meth:`observe` records: the observation (the write path puts its
        risk gate here)."""
        return self._observation_draft(obs, self._time_refs(obs), recorded_at=recorded_at)

    def _time_refs(self, obs: Observation) -> list[TimeRef]:
        """Time expressions in the content, resolved against ``occurred_at`` (none by default)."""
        return []

    # -- journal access -----------------------------------------------------------------------

    async def events(
        self, after_seq: int = 0, kinds: Sequence[str] | None = None
    ) -> AsyncIterator[Any]:
        """Every event of this namespace after ``after_seq``, in order, optionally by kind."""
        self._check_open()
        if not isinstance(after_seq, int) or isinstance(after_seq, bool) or after_seq < 0:
            raise InvalidInput("must be a non-negative integer", field="after_seq")
        # SQLite integers are 64-bit; no seq is that large, so nothing comes after it.
        after_seq = min(after_seq, 2**63 - 1)
        if kinds is not None:
            kinds = kind_names(kinds)
        async for e in self.journal.read(self.namespace, after_seq=after_seq, kinds=kinds):
            yield e

    async def get(self, event_id: str) -> Any:
        """One event of this namespace by id, or None. Ids of other namespaces give None."""
        self._check_open()
        if not isinstance(event_id, str) or not event_id:
            raise InvalidInput("must be a non-empty string", field="event_id")
        check_text(event_id, "event_id")
        return await self.journal.get(self.namespace, event_id)

    async def head(self) -> Head:
        """The tip of this namespace's chain."""
        self._check_open()
        return await self.journal.head(self.namespace)

    async def verify(self) -> VerifyReport:
        """Walk this namespace's hash chain; reports the first bad ``seq`` and why."""
        self._check_open()
        return await self.journal.verify(self.namespace)

    async def rebuild(self) -> int:
        """Drop every projection of this namespace and refold it from the journal.

        Returns the number of events folded. The lexical index is rebuilt too.
        """
        self._check_open()
        async with self._write_lock:
            return await self._rebuild_locked()

    async def _rebuild_locked(self, *, reindex: bool = True) -> int:
        """:meth:`rebuild`, for a caller that holds the write lock.

        ``reindex=False`` after an erasure: its own transaction already took the erased rows
        out of the lexical index, which is otherwise what the journal says.
        """
        fresh = Projector(self.namespace, self.config)
        docs: list[tuple[str, int, str]] = []
        n = 0
        async for page in self.journal.read_batches(self.namespace, readers=FOLD_READERS):
            for e in page:
                fresh.apply(e)
                doc = fresh.doc_for(e)
                if doc:
                    docs.append((e.id, e.seq, doc))
                n += 1
        if reindex:
            # Only the rows of the events folded here: an observe() (which takes no write
            # lock) may have appended and indexed more meanwhile.
            await self.journal.reindex(self.namespace, docs, upto_seq=fresh.applied_seq)
        self._proj.replace_with(fresh)
        self._log.info("rebuilt", events=n)
        return n
