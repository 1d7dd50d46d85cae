"""Traces of reads: ``trace``, ``replay_trace`` and ``after_turn``."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from nousmem.policies.planner import QueryPlan
from nousmem.policies.risk import mask_secrets
from nousmem.projections.belief_models import match_key
from nousmem.projections.retrieval import MemoryContext
from nousmem.projections.worldview import slot_kind_for
from nousmem.runtime.canonical import payload_digest
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.errors import InvalidInput, StaleHead, UnknownEvent
from nousmem.runtime.fingerprint import software_version
from nousmem.runtime.inputs import check_flag, check_text
from nousmem.runtime.journal.base import Guard
from nousmem.runtime.payloads import OutcomePayload, RetrievalPayload
from nousmem.runtime.query import ReadPoint
from nousmem.runtime.read import ReadPath
from nousmem.runtime.replay_explain import Explainer, fact_line, rests_on


class ReplayReport(BaseModel):
    """What ``replay_trace`` found: is the context the same, and if not, why."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    trace_id: str
    as_of_seq: int
    as_of_time: datetime | None = None
    """The event-time bound of a read made as of a datetime (the present read keeps it)."""
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
    present_identical: bool | None = None
    """The present prompt's digest equals the recorded one (None: no present comparison).
    Snippet ids alone miss a fact or worldview line whose value changed."""
    present_digest: str | None = None
    present_worldview_added: tuple[str, ...] = ()
    """Candidate ids the present Worldview Snapshot shows as current and the read did not."""
    present_worldview_removed: tuple[str, ...] = ()
    present_changed: tuple[str, ...] = ()
    """Snippet ids in both the replay and the present read whose text differs (a fact line
    stating another value)."""
    present_explaining_events: tuple[dict[str, Any], ...] = ()
    """Like ``explaining_events``, for the present differences (``explaining_events``
    explains the replay at the recorded position)."""
    config_changed: bool | None = None
    """The read settings (or the dense embedder) differ from the recorded ones: a reason for
    a difference that no journal event explains. None: the trace predates the record."""
    version_changed: bool | None = None
    """The replaying nousmem version differs from the recording one (None: not recorded)."""
    recorded_version: str | None = None


OUTCOME_ATTEMPTS = 3
"""Plans an ``after_turn`` tries before it gives up with StaleHead: each one after another
process's erasure committed between its catch-up and its commit (as a read does)."""

_ERASURE = frozenset({"erasure"})


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
        if e.payload is None:  # what it read is gone; rt.get() still shows the header
            raise UnknownEvent(f"trace {trace_id!r} was erased")
        return e

    @reads_dates
    async def replay_trace(self, trace_id: str, *, compare_present: bool = True) -> ReplayReport:
        """Re-run a recorded read at its recorded journal position and diff the result.

        With ``compare_present`` the same question also runs against the present journal
        (keeping a recorded event-time bound), to show what changed since. Replays are not
        journaled.
        """
        check_flag(compare_present, "compare_present")
        e = await self.trace(trace_id)
        p = e.payload
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
        resolve = self._proj.worldview.resolve_target
        sides = [Explainer(set(added) | set(removed), audit=False, resolve=resolve)]
        present: dict[str, Any] = {}
        if compare_present:
            present, items = await self._present(p, ctx)
            if not present["present_identical"]:  # an identical prompt needs no explaining
                explainer = Explainer(
                    rests_on(self._proj, items),
                    audit=p.lens == "audit",
                    present=True,
                    resolve=resolve,
                )
                sides.append(explainer)
        explain = await self._explain(p.as_of_seq, e.seq, sides)
        return ReplayReport(
            trace_id=trace_id,
            as_of_seq=p.as_of_seq,
            as_of_time=p.as_of_time,
            identical=digest == p.context_digest and not added and not removed,
            recorded_digest=p.context_digest,
            replayed_digest=digest,
            added=added,
            removed=removed,
            explaining_events=explain[0],
            context=ctx,
            config_changed=None if p.config_digest is None else p.config_digest != setup,
            version_changed=None if p.version is None else p.version != software_version(),
            recorded_version=p.version,
            present_explaining_events=explain[1] if len(explain) > 1 else (),
            **present,
        )

    async def _present(
        self, p: RetrievalPayload, replayed: MemoryContext
    ) -> tuple[dict[str, Any], set[str]]:
        """The recorded question against the present journal, under the recorded event-time
        bound: the report's ``present*`` fields, and the ids whose change needs explaining."""
        rp = await self.engine.run(
            p.question,
            lens=p.lens,
            budget_tokens=p.budget_tokens,
            at=ReadPoint(seq=self._proj.applied_seq, time=p.as_of_time),
            k=p.k,
            trust=self.config.trust.trust,
            actor=p.plan.get("actor"),
        )
        present = self._context(rp, p.question, p.lens, p.budget_tokens, None)
        digest = payload_digest(present.to_prompt()).hex()
        recorded, pid = list(p.selected), [s.id for s in rp.snippets]
        was = {s.id: s.text for s in replayed.snippets}
        out: dict[str, Any] = {
            "present": present,
            "present_digest": digest,
            "present_identical": digest == p.context_digest,
            "present_added": tuple(i for i in pid if i not in recorded),
            "present_removed": tuple(i for i in recorded if i not in pid),
            "present_worldview_added": tuple(c for c in rp.worldview_shown if c not in p.worldview),
            "present_worldview_removed": tuple(
                c for c in p.worldview if c not in rp.worldview_shown
            ),
            "present_changed": tuple(
                s.id for s in rp.snippets if s.id in was and was[s.id] != s.text
            ),
        }
        items: set[str] = set()
        for key in ("added", "removed", "worldview_added", "worldview_removed", "changed"):
            items |= set(out[f"present_{key}"])
        # A changed worldview line of a slot is also a change of the slot's fact line.
        items |= {line for c in items if (line := fact_line(c)) is not None}
        return out, items

    async def _explain(
        self, as_of_seq: int, trace_seq: int, sides: list[Explainer]
    ) -> list[tuple[dict[str, Any], ...]]:
        """Events after the trace's position that can explain each side's differences (see
        :mod:`~nousmem.runtime.replay_explain`): erasures, events touching a differing item
        or what it rests on, what is new (indexed evidence, compiled summaries, edges) and,
        for the present, every other kind of event that can move a read (lifecycle
        changes, outcomes, merges, ...), for an audit-lens read new refusals and
        quarantines."""
        # Every later event is read: of equal rank the latest are kept and a later
        # lifecycle change demotes an earlier one, so no prefix of them is final.
        async for ev in self.journal.read(self.namespace, after_seq=as_of_seq):
            if ev.seq == trace_seq or ev.kind in ("retrieval", "impact.assessed"):
                continue
            for side in sides:
                side.offer(ev)
        return [side.result() for side in sides]

    def _outcome_targets(self, trace: RetrievalPayload) -> list[str]:
        """Selected snippet ids, with each fact line expanded to the current belief values
        it showed (the worldview keys utility by candidate id). A value hidden at the read
        (inhibited, ...) was not shown, so it is not credited; a line of a slot that was
        conflicted at the read settled on no value, so it credits none. Audit items (refused
        or quarantined writes, shown redacted) are records, not memories: never credited."""
        out: list[str] = []
        at = ReadPoint(seq=trace.as_of_seq, time=trace.as_of_time)
        now = trace.as_of_time or self._proj.now(trace.as_of_seq)
        wants_list = bool(trace.plan.get("wants_list"))
        conflicted: frozenset[str] | None = None
        audit: set[str] | None = None
        erased = self._proj.erased_seen
        for sid in trace.selected:
            if not sid.startswith("fact:"):
                if audit is None:
                    audit = {a.event_id for _, a in self._proj.worldview.audit_rows}
                # An erasure since the read took the memory: crediting it would name (and
                # reinforce) it again after the erasure's scan of such records.
                if sid not in audit and sid not in erased:
                    out.append(sid)
                continue
            ekey, attr = sid[len("fact:") :].rsplit(".", 1)
            snap = self._proj.beliefs.snapshot(
                ekey, attr, as_of_seq=trace.as_of_seq, as_of_time=trace.as_of_time, deltas=False
            )
            if snap is None:
                continue
            if conflicted is None:
                conflicted = self._conflicted_slots(trace)
            if f"{slot_kind_for(attr)}:{ekey}.{attr}" in conflicted:
                continue
            _, stated = self.engine.fact_line_at(snap, trace.lens, at, now, wants_list)
            shown = {match_key(v) for v in stated}
            # Past values a listing line adds are history, not what the answer relied on.
            out += [
                f"{slot_kind_for(attr)}:{ekey}.{attr}#{match_key(v)}"
                for v in snap.held
                if match_key(v) in shown
            ]
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
            # The question's entities and those its fact lines reached through a link
            # ("Where does Maya's husband work?" shows Tom's disputed employer).
            entities=list(
                dict.fromkeys(
                    [
                        *(trace.plan.get("relatives") or ()),
                        *(trace.plan.get("entities") or ()),
                        *(
                            sid[len("fact:") :].rsplit(".", 1)[0]
                            for sid in trace.selected
                            if sid.startswith("fact:")
                        ),
                    ]
                )
            ),
            expired=self.engine.expired_attribute,
        )
        return frozenset(s.id for s in wv.slots if s.status == "conflicted")

    @reads_dates
    async def after_turn(
        self,
        trace_id: str,
        outcome: Literal["success", "failure", "partial", "neutral"],
        feedback: str | None = None,
    ) -> Any:
        """Append outcome evidence for the memories a read selected (its snippets and the
        Worldview Snapshot lines it showed): success reinforces them (lifecycle and
        utility), failure penalises their utility.

        Memories erased since the read (here or by another process) are not credited: the
        outcome names the survivors only. A trace erased meanwhile raises UnknownEvent.
        """
        self._check_open()
        if outcome not in ("success", "failure", "partial", "neutral"):
            raise InvalidInput("must be success, failure, partial or neutral", field="outcome")
        if feedback is not None and (not isinstance(feedback, str) or len(feedback) > 4000):
            raise InvalidInput("must be a string of at most 4000 characters", field="feedback")
        check_text(feedback, "feedback")
        if feedback is not None:  # journaled with the outcome: a pasted key stays out
            feedback = mask_secrets(feedback)
        await self._erasure_gate.enter_read()
        try:
            return await self._after_turn(trace_id, outcome, feedback)
        finally:
            self._erasure_gate.leave_read()

    async def _after_turn(self, trace_id: str, outcome: str, feedback: str | None) -> Any:
        # Inside the erasure gate: the targets come from a trace an erasure may be about to
        # erase, and the outcome record would name them again after its scan. The gate is
        # per process: another process's erasure committed after this one caught up makes
        # the commit stale (guarded), and the outcome is planned again from the erased
        # journal (the trace gone: UnknownEvent; a selected memory gone: not credited).
        for _ in range(OUTCOME_ATTEMPTS):
            # Caught up first: the targets and the outcome's time read the projections,
            # which another process's writes may have moved past.
            await self._refresh()
            folded = self._proj.applied_seq
            e = await self.trace(trace_id)
            found = self._outcome_targets(e.payload)
            targets = tuple(dict.fromkeys([*found, *e.payload.worldview]))
            now = self._now()
            draft = self._draft(
                "outcome",
                OutcomePayload(
                    trace_id=trace_id, outcome=outcome, feedback=feedback, targets=targets
                ),
                occurred_at=self._proj.last_occurred_at or now,
                recorded_at=now,
                causation_id=trace_id,
            )
            try:
                (event,) = await self._commit([draft], Guard(self.namespace, folded, _ERASURE))
            except StaleHead:
                self._log.info("after_turn overlapped an erasure; planning again")
                continue
            return event
        raise StaleHead("erasures by another process kept overlapping this after_turn")
