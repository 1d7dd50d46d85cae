"""Traces of reads: ``trace``, ``replay_trace`` and ``after_turn``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import match_key
from nousmem.projections.retrieval import MemoryContext
from nousmem.projections.worldview import slot_kind_for
from nousmem.runtime.canonical import payload_digest
from nousmem.runtime.errors import InvalidInput, UnknownEvent
from nousmem.runtime.fingerprint import software_version
from nousmem.runtime.inputs import check_text
from nousmem.runtime.payloads import OutcomePayload, RetrievalPayload
from nousmem.runtime.query import ReadPoint
from nousmem.runtime.read import ReadPath


class ReplayReport(BaseModel):
    """What ``replay_trace`` found: is the context the same, and if not, why."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    trace_id: str
    as_of_seq: int
    identical: bool
    recorded_digest: str
    replayed_digest: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    explaining_events: tuple[dict[str, Any], ...] = ()
    context: MemoryContext
    present: MemoryContext | None = None
    present_added: tuple[str, ...] = ()
    present_removed: tuple[str, ...] = ()
    config_changed: bool | None = None
    """The read settings (or the dense embedder) differ from the recorded ones: a reason for
    a difference that no journal event explains. None: the trace predates the record."""
    version_changed: bool | None = None
    """The replaying nousmem version differs from the recording one (None: not recorded)."""
    recorded_version: str | None = None


class Traces(ReadPath):
    """``trace``, ``replay_trace`` and ``after_turn``."""

    async def trace(self, trace_id: str) -> Any:
        """The ``retrieval`` event of a read."""
        self._check_open()
        if not isinstance(trace_id, str) or not trace_id:
            raise InvalidInput("must be a non-empty string", field="trace_id")
        check_text(trace_id, "trace_id")
        e = await self.journal.get(self.namespace, trace_id)
        if e is None or e.kind != "retrieval":
            raise UnknownEvent(f"no trace {trace_id!r} in namespace {self.namespace!r}")
        return e

    async def replay_trace(self, trace_id: str, *, compare_present: bool = True) -> ReplayReport:
        """Re-run a recorded read at its recorded journal position and diff the result.

        With ``compare_present`` the same question also runs against the present journal, to
        show what changed since. Replays are not journaled.
        """
        e = await self.trace(trace_id)
        p = e.payload
        if p is None:
            raise UnknownEvent(f"trace {trace_id!r} was erased")
        await self._refresh()
        # The recorded plan is replayed as is: planning again would see entities named later.
        r = await self.engine.run(
            p.question,
            lens=p.lens,
            budget_tokens=p.budget_tokens,
            at=ReadPoint(seq=p.as_of_seq, time=p.as_of_time),
            k=p.k,
            trust=self.config.trust.trust,
            plan=QueryPlan.model_validate(p.plan),
        )
        ctx = self._context(r, p.question, p.lens, p.budget_tokens, trace_id)
        digest = payload_digest(ctx.to_prompt()).hex()
        setup = self._setup_digest()
        recorded = list(p.selected)
        now_ids = [s.id for s in r.snippets]
        added = tuple(i for i in now_ids if i not in recorded)
        removed = tuple(i for i in recorded if i not in now_ids)
        explain = await self._explain(p.as_of_seq, set(added) | set(removed), e.seq)
        present = None
        p_added: tuple[str, ...] = ()
        p_removed: tuple[str, ...] = ()
        if compare_present:
            head = self._proj.applied_seq
            rp = await self.engine.run(
                p.question,
                lens=p.lens,
                budget_tokens=p.budget_tokens,
                at=ReadPoint(seq=head),
                k=p.k,
                trust=self.config.trust.trust,
                actor=p.plan.get("actor"),
            )
            present = self._context(rp, p.question, p.lens, p.budget_tokens, None)
            pid = [s.id for s in rp.snippets]
            p_added = tuple(i for i in pid if i not in recorded)
            p_removed = tuple(i for i in recorded if i not in pid)
        return ReplayReport(
            trace_id=trace_id,
            as_of_seq=p.as_of_seq,
            identical=digest == p.context_digest and not added and not removed,
            recorded_digest=p.context_digest,
            replayed_digest=digest,
            added=added,
            removed=removed,
            explaining_events=tuple(explain),
            context=ctx,
            present=present,
            config_changed=None if p.config_digest is None else p.config_digest != setup,
            version_changed=None if p.version is None else p.version != software_version(),
            recorded_version=p.version,
            present_added=p_added,
            present_removed=p_removed,
        )

    async def _explain(
        self, as_of_seq: int, items: set[str], trace_seq: int
    ) -> list[dict[str, Any]]:
        """Events after the trace's position that can explain a difference: erasures,
        lifecycle and edge changes touching the differing items, and newly indexed events
        (what a read of the present may add)."""
        out: list[dict[str, Any]] = []
        async for ev in self.journal.read(self.namespace, after_seq=as_of_seq):
            if ev.seq == trace_seq or ev.kind in ("retrieval", "impact.assessed"):
                continue
            p = ev.payload
            touches = ev.id in items or (p is not None and getattr(p, "target", None) in items)
            if ev.kind == "erasure" or touches or ev.kind in ("observation", "belief.revised"):
                why = (
                    "erasure"
                    if ev.kind == "erasure"
                    else "touches a differing item"
                    if touches
                    else "new indexed evidence"
                )
                out.append({"seq": ev.seq, "id": ev.id, "kind": ev.kind, "why": why})
            if len(out) >= 50:
                break
        return out

    def _outcome_targets(self, trace: RetrievalPayload) -> list[str]:
        """Selected snippet ids, with each fact line expanded to the belief candidates it
        showed (the worldview keys utility by candidate id). A line of a slot that was
        conflicted at the read settled on no value, so it credits none."""
        out: list[str] = []
        as_of_seq = trace.as_of_seq
        conflicted: frozenset[str] | None = None
        for sid in trace.selected:
            if not sid.startswith("fact:"):
                out.append(sid)
                continue
            ekey, attr = sid[len("fact:") :].rsplit(".", 1)
            snap = self._proj.beliefs.snapshot(ekey, attr, as_of_seq=as_of_seq, deltas=False)
            if snap is None:
                continue
            if conflicted is None:
                conflicted = self._conflicted_slots(trace)
            if f"{slot_kind_for(attr)}:{ekey}.{attr}" in conflicted:
                continue
            values = list(snap.held) if snap.cardinality == "multi" else [snap.mode or ""]
            out += [f"{slot_kind_for(attr)}:{ekey}.{attr}#{match_key(v)}" for v in values if v]
        return out

    def _conflicted_slots(self, trace: RetrievalPayload) -> frozenset[str]:
        """The conflicted slot ids of the worldview the read saw (as of its position)."""
        wv = self._proj.worldview.snapshot(
            lens=trace.lens,
            beliefs=self._proj.beliefs,
            state_of=self.engine.read_states(
                ReadPoint(seq=trace.as_of_seq, time=trace.as_of_time),
                trace.as_of_time or self._proj.now(trace.as_of_seq),
            ),
            trust=self.config.trust.trust,
            as_of_seq=trace.as_of_seq,
            as_of_time=trace.as_of_time,
            now=trace.as_of_time or self._proj.now(trace.as_of_seq),
            entities=list(trace.plan.get("entities") or ()),
            expired=self.engine.expired_attribute,
        )
        return frozenset(s.id for s in wv.slots if s.status == "conflicted")

    async def after_turn(
        self,
        trace_id: str,
        outcome: Literal["success", "failure", "partial", "neutral"],
        feedback: str | None = None,
    ) -> Any:
        """Append outcome evidence for the memories a read selected (its snippets and the
        Worldview Snapshot lines it showed): success reinforces them (lifecycle and
        utility), failure penalises their utility."""
        self._check_open()
        if outcome not in ("success", "failure", "partial", "neutral"):
            raise InvalidInput("must be success, failure, partial or neutral", field="outcome")
        if feedback is not None and (not isinstance(feedback, str) or len(feedback) > 4000):
            raise InvalidInput("must be a string of at most 4000 characters", field="feedback")
        check_text(feedback, "feedback")
        await self._erasure_gate.enter_read()
        try:
            return await self._after_turn(trace_id, outcome, feedback)
        finally:
            self._erasure_gate.leave_read()

    async def _after_turn(self, trace_id: str, outcome: str, feedback: str | None) -> Any:
        # Inside the erasure gate: the targets come from a trace an erasure may be about to
        # erase, and the outcome record would name them again after its scan.
        e = await self.trace(trace_id)
        if e.payload is None:
            raise UnknownEvent(f"trace {trace_id!r} was erased")
        found = self._outcome_targets(e.payload)
        targets = tuple(dict.fromkeys([*found, *e.payload.worldview]))
        now = self._now()
        draft = self._draft(
            "outcome",
            OutcomePayload(trace_id=trace_id, outcome=outcome, feedback=feedback, targets=targets),
            occurred_at=self._proj.last_occurred_at or now,
            recorded_at=now,
            causation_id=trace_id,
        )
        (event,) = await self._commit([draft])
        return event
