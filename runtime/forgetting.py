"""Forgetting verbs and the lifecycle state machine on the runtime.

``forget`` appends lifecycle evidence (or a journaled refusal); the source record stays in
the journal and remains visible to the historical and audit lenses. ``delete`` is refused:
privacy removal is :meth:`erase`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from operator import attrgetter
from typing import Any

from pydantic import BaseModel, ConfigDict

from nousmem.policies.memory_policy import ConsolidateIntent, ForgetIntent
from nousmem.policies.risk import RiskFinding, mask_secrets
from nousmem.policies.validators import ProposedWrite, Verdict
from nousmem.projections.belief_models import match_key
from nousmem.projections.lifecycle import HIDDEN, TransitionRecord
from nousmem.projections.lifecycle_models import HIDE_TO
from nousmem.projections.naming import ATTR_SPLIT
from nousmem.projections.worldview import slot_kind_for
from nousmem.projections.worldview_compiled import quoted_sources
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.errors import InvalidInput, UnsupportedOperation
from nousmem.runtime.events import EventDraft
from nousmem.runtime.inputs import check_reason, check_text
from nousmem.runtime.payloads import (
    LifecyclePayload,
    LifecycleRefusedPayload,
    SleepCompiledPayload,
)
from nousmem.runtime.visibility import ReadPoint, read_states
from nousmem.runtime.write import WritePath

FORGET_VERBS = ("decay", "inhibit", "invalidate", "archive", "compress", "expire", "restore")
_DELETE_WORDS = ("delete", "remove", "erase", "purge")


# The state a planner's restore undoes only with authorisation (see _validate_forget).
_ENDED = frozenset({HIDE_TO["invalidate"], HIDE_TO["expire"]})


class ForgetResult(BaseModel):
    """What ``forget`` did per target."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    verb: str
    applied: tuple[dict[str, str], ...] = ()
    refused: tuple[dict[str, str], ...] = ()
    event_ids: tuple[str, ...] = ()


class LifecycleView(BaseModel):
    """The state of one memory item and the events that led to it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    target: str
    state: str
    effective_state: str
    reason: str = ""
    history: tuple[TransitionRecord, ...] = ()
    """Its transitions in journal order; after an entity merge also those recorded on the
    absorbed entity's candidate of the same value (each record's ``target`` names the id it
    was recorded on). ``state`` and ``reason`` are this item's own."""
    inhibited_by: tuple[str, ...] = ()
    """Items whose graph edge inhibits this one (``relate(source, target, verb="inhibit")``):
    lifted by ``relate(..., verb="restore")``, not by ``forget``."""


def check_verb(verb: object) -> str:
    if isinstance(verb, str) and verb.strip().lower() in _DELETE_WORDS:
        raise UnsupportedOperation(
            f"{verb!r} is not a forgetting verb: forgetting keeps the record for audit. To"
            " remove personal data for privacy",
            instead="erase",
            usage="rt.erase(event_ids=..., entity=..., reason=...)",
        )
    if verb not in FORGET_VERBS:
        raise InvalidInput(f"must be one of {', '.join(FORGET_VERBS)}", field="verb")
    return str(verb)


def _candidate_readings(t: str) -> list[tuple[str | None, str, str, str]]:
    """Every way to read ``kind:entity.attribute#value`` (entity and value may hold ``.``
    and ``#`` themselves: "fact:c# team.uses#rider"), first split first."""
    kind, rest = t.split(":", 1)
    return [
        (kind, rest[: m.start()], m.group(1), rest[m.end() :])
        for m in ATTR_SPLIT.finditer(rest)
        if m.start() > 0
    ]


# What a forget plan reads: lifecycle states (changed by transitions and by the
# reinforcement outcomes bring), and the targets it resolves (erasure, merges).
LIFECYCLE_KINDS = frozenset({"lifecycle", "outcome", "erasure", "identity.merged"})


class Forgetting(WritePath):
    """``forget`` and ``lifecycle``; also the forget/consolidate parts of policy commits."""

    def _resolve_target(self, target: object, i: int | None) -> str:
        """An event id of this namespace, a worldview candidate id or ``entity.attribute=value``
        naming a value the belief actually has (a typo is refused, not silently journaled).

        ``i`` is the target's position in a list (``targets.<i>``); None for ``lifecycle``'s
        one ``target``."""
        field = "target" if i is None else f"targets.{i}"
        if not isinstance(target, str) or not target.strip():
            raise InvalidInput("must be a non-empty string", field=field)
        t = target.strip()
        if (
            t in self._proj.docs
            or t in self._proj.traces
            or t in self._proj.worldview.held_evidence
        ):
            return t  # an observation, a read, or a held candidate (its candidate.held id)
        readings: list[tuple[str | None, str, str, str]] = []
        if "#" in t and ":" in t:
            readings = _candidate_readings(t)
        elif "=" in t and "." in t.split("=", 1)[0]:
            left, value = t.split("=", 1)
            ent, attr = left.rsplit(".", 1)
            readings = [(None, ent.strip(), attr.strip(), value)]
        for kind_given, ent, attr, value in readings:
            snap = self._proj.beliefs.snapshot(ent, attr, deltas=False)
            if snap is None:
                continue
            # The belief's own attribute name ("Employer" reads employer): the candidate id
            # must be the one its worldview slot shows, or the record would hide nothing.
            kind = slot_kind_for(snap.attribute)
            known = {match_key(v) for v, _ in snap.distribution}
            if kind_given in (None, kind) and match_key(value) in known:
                # After a merge the absorbed name reads the kept entity's belief: the target
                # is the kept entity's candidate, the one its worldview slot shows.
                return f"{kind}:{match_key(snap.entity)}.{snap.attribute}#{match_key(value)}"
        raise InvalidInput(
            f"unknown target {t!r}: give an event id of this namespace, a worldview candidate"
            " id (e.g. 'fact:alice.employer#google') or 'entity.attribute=value' naming a value"
            " the belief has",
            field=field,
        )

    def _forget_plan(
        self,
        targets: Sequence[str],
        verb: str,
        reason: str,
        now: datetime,
        causation_id: str | None = None,
        planned: dict[str, str] | None = None,
    ) -> tuple[list[EventDraft], ForgetResult]:
        """Drafts for ``verb`` on each target. ``planned`` (target -> state) holds the
        transitions already drafted in the same commit (a policy's earlier forget intents)."""
        drafts: list[EventDraft] = []
        applied: list[dict[str, str]] = []
        refused: list[dict[str, str]] = []
        at = self._proj.last_occurred_at or now
        book = self._proj.lifecycle
        planned = {} if planned is None else planned
        for t in targets:
            tr = book.check(t, verb)
            if verb == "restore" and not tr.legal and t not in planned and t in self._proj.docs:
                # An observation past its type's TTL (a belief value's attribute TTL runs
                # from its evidence, which a restore does not add to).
                view = self._lifecycle_view(t)
                if view.effective_state == "obsolete" and view.state not in HIDDEN:
                    # Past its TTL, not hidden by a verb: a restore dated now renews it (the
                    # recorded state stays; the TTL runs again from the restore).
                    tr = tr.model_copy(
                        update={"legal": True, "to_state": tr.from_state, "reason": "renewed"}
                    )
            if verb == "restore" and not tr.legal and self._proj.graph.inhibitions(t):
                # Hidden by a graph edge, not by a lifecycle verb: say where the lift is.
                tr = tr.model_copy(
                    update={
                        "reason": f"{tr.reason}; it is inhibited by a graph edge: lift it"
                        ' with relate(source, target, verb="restore")'
                    }
                )
            if t in planned:  # the same target twice in one commit: judge the second on the first
                tr = tr.model_copy(update={"legal": False, "reason": "duplicate target"})
            if tr.legal:
                planned[t] = tr.to_state
                drafts.append(
                    self._draft(
                        "lifecycle",
                        LifecyclePayload(
                            target=t,
                            from_state=tr.from_state,
                            to_state=tr.to_state,
                            verb=verb,
                            reason=reason,
                        ),
                        occurred_at=at,
                        recorded_at=now,
                        causation_id=causation_id,
                    )
                )
                applied.append({"target": t, "from": tr.from_state, "to": tr.to_state})
            else:
                drafts.append(
                    self._draft(
                        "lifecycle.refused",
                        LifecycleRefusedPayload(
                            target=t,
                            from_state=tr.from_state,
                            requested=verb,
                            verb=verb,
                            reason=tr.reason,
                        ),
                        occurred_at=at,
                        recorded_at=now,
                        causation_id=causation_id,
                    )
                )
                refused.append({"target": t, "state": tr.from_state, "reason": tr.reason})
        return drafts, ForgetResult(verb=verb, applied=tuple(applied), refused=tuple(refused))

    @reads_dates
    async def forget(self, targets: Sequence[str], verb: str, *, reason: str) -> ForgetResult:
        """Apply a forgetting verb (decay, inhibit, invalidate, archive, compress, expire,
        restore) to each target. Illegal transitions are refused and the refusal journaled.
        """
        self._check_open()
        verb = check_verb(verb)
        reason = mask_secrets(check_reason(reason))  # journaled: a pasted key stays out
        if isinstance(targets, str) or not isinstance(targets, Sequence) or not targets:
            raise InvalidInput("must be a non-empty list of targets", field="targets")
        check_text(list(targets), "targets")
        async with self._write_lock:
            await self._refresh(locked=True)
            now = self._now()

            def plan() -> tuple[list[EventDraft], ForgetResult]:
                resolved = [self._resolve_target(t, i) for i, t in enumerate(targets)]
                return self._forget_plan(resolved, verb, reason, now)

            events, result = await self._commit_planned(plan, LIFECYCLE_KINDS)
        return result.model_copy(update={"event_ids": tuple(e.id for e in events)})

    async def lifecycle(self, target: str) -> LifecycleView:
        """Current (and TTL-effective) state of a memory item with its transition history."""
        self._check_open()
        await self._refresh()
        return self._lifecycle_view(self._resolve_target(target, None))

    def _lifecycle_view(self, t: str) -> LifecycleView:
        book = self._proj.lifecycle
        state = book.state(t)
        history = book.history(t)
        # After a merge, what was done to the absorbed entity's candidate (and why) stays on
        # its own id; the view shows it too, each record naming the id it was made on.
        absorbed = self._proj.worldview.absorbed_candidates(t)
        earlier = [r for a in absorbed for r in book.history(a)]
        shown = sorted(earlier + history, key=attrgetter("seq"))
        doc = self._proj.docs.get(t)
        now = self._proj.last_occurred_at
        created: datetime | None = None
        ttl: float | None = None
        if doc is not None:
            created, ttl = doc.occurred_at, self.config.ttl.for_type(doc.obs_type)
        elif "#" in t:  # a belief candidate: the attribute TTL runs from its last evidence
            for _, ekey, attr, value_key in _candidate_readings(t):
                snap = self._proj.beliefs.snapshot(ekey, attr, deltas=False)
                if snap is None:
                    continue
                seen = {match_key(o.value): o.last_seen for o in snap.observed_values}
                if value_key in seen:
                    # Confirmations routed ``evidence`` keep the TTL running from them too.
                    last = self._proj.worldview.last_seen(
                        snap.entity, attr, [value_key], 1 << 62, None
                    )
                    created = max(seen[value_key], last.get(value_key, seen[value_key]))
                    ttl = self.config.attributes.spec(attr).ttl_days
                    break
        eff, why = state, history[-1].reason if history else ""
        if created is not None and now is not None:
            es = book.effective_state(t, created_at=created, ttl_days=ttl, now=now)
            eff, why = es.state, es.reason or why
        # An inhibition by a graph edge (``relate``) hides the item as this state would.
        inhibited_by = tuple(sorted(self._proj.graph.inhibitions(t)))
        if inhibited_by and eff not in HIDDEN:
            eff, why = "inhibited", f"inhibited by {', '.join(inhibited_by)} (relate)"
        return LifecycleView(
            target=t,
            state=state,
            effective_state=eff,
            reason=why,
            history=tuple(shown),
            inhibited_by=inhibited_by,
        )

    # -- policy hooks --------------------------------------------------------------------------

    def _validate_forget(
        self, intent: ForgetIntent, authorized: bool, *, risks: Sequence[RiskFinding] = ()
    ) -> list[Verdict]:
        unresolved: list[Verdict] = []
        resolved: list[str] = []
        try:
            check_verb(intent.verb)
            for i, t in enumerate(intent.targets):
                resolved.append(self._resolve_target(t, i))
        except (InvalidInput, UnsupportedOperation) as exc:
            unresolved.append(
                Verdict(validator="supported_operation", ok=False, reason=str(exc), action="reject")
            )
        # The stack runs either way: an unknown target may still carry a secret or an
        # injection, and the record must say so (the risk gate's verdict) as for any write.
        return unresolved + self.validators.run(
            ProposedWrite(
                operation="forget",
                namespace=self.namespace,
                target_namespaces=(intent.namespace,) if intent.namespace else (),
                evidence_ids=tuple(intent.targets),
                known_evidence=frozenset(intent.targets),
                # From a planner, verbs that end an item's active life need authorisation,
                # and so does a restore that undoes such an end (a value the user asked to
                # forget is invalidated: a planner must not bring it back on its own say).
                destructive=intent.verb in ("invalidate", "expire")
                or (
                    intent.verb == "restore"
                    and any(self._proj.lifecycle.state(t) in _ENDED for t in resolved)
                ),
                authorized=authorized,
                risks=tuple(risks),
            )
        )

    def _forget_drafts(
        self,
        intent: ForgetIntent,
        now: datetime,
        *,
        causation_id: str,
        planned: dict[str, str] | None = None,
    ) -> list[EventDraft]:
        targets = [self._resolve_target(t, i) for i, t in enumerate(intent.targets)]
        drafts, _ = self._forget_plan(
            targets, intent.verb, intent.reason, now, causation_id, planned=planned
        )
        return drafts

    def _consolidate_drafts(
        self, intent: ConsolidateIntent, now: datetime, *, causation_id: str
    ) -> list[EventDraft]:
        out: list[EventDraft] = []
        at = self._proj.last_occurred_at or now
        kind: Any = intent.target_type
        # A summary made here quotes only what a current read would show: forgotten or
        # expired sources must not come back inside it.
        states = read_states(self._proj, ReadPoint(seq=self._proj.applied_seq), at)
        docs = self._proj.docs
        for i, cluster in enumerate(intent.clusters):
            shown = [
                (e, docs[e].text) for e in cluster if e in docs and states(e, None) not in HIDDEN
            ]
            summary = (
                intent.summary
                or "; ".join(t for _, t in shown)[:500]
                or "(its sources are forgotten)"
            )
            out.append(
                self._draft(
                    "sleep.compiled",
                    SleepCompiledPayload(
                        item_type=kind,
                        key=f"planner:{causation_id}:{i}",
                        summary=summary,
                        sources=tuple(cluster),
                        # Once what it quotes is forgotten, it leaves reads (ReadStates).
                        quotes=quoted_sources(summary, shown),
                    ),
                    occurred_at=at,
                    recorded_at=now,
                    causation_id=causation_id,
                )
            )
        return out
