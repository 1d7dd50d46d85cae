"""Planning one governed write: assess, route, validate, and draft every event it appends.

A plan is pure: it reads the namespace's projections (under its write lock) and returns the
drafts of one atomic batch, or of the single record of a refusal. ``write.py`` commits it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from nousmem.policies.extract import extract_time_mentions
from nousmem.policies.impact import ClaimImpact, ImpactAssessment, assess
from nousmem.policies.risk import RiskFinding, detect_risks
from nousmem.policies.router import (
    ClaimRoute,
    RouteDecision,
    claim_route,
    contested,
    promoted_decision,
    route,
)
from nousmem.policies.validators import (
    ProposedClaim,
    ProposedWrite,
    Verdict,
)
from nousmem.projections.belief_models import Revision
from nousmem.projections.models import Claim, Observation
from nousmem.projections.preview import PreviewSession
from nousmem.runtime.claims_in_context import ClaimsInContext
from nousmem.runtime.events import EventDraft
from nousmem.runtime.forget_asked import FORGET_REQUEST, asked_to_forget
from nousmem.runtime.payloads import (
    AssessmentPayload,
    BeliefRevisedPayload,
    CandidatePayload,
    CandidatePromotedPayload,
    ClarifyPayload,
    EdgePayload,
    FallbackPayload,
    LifecyclePayload,
    TimeRef,
)
from nousmem.runtime.promotion import Promotions
from nousmem.runtime.providers.fallback import ExtractionResult
from nousmem.runtime.said_again import SAID_AGAIN, restorations
from nousmem.runtime.valid_time import valid_label
from nousmem.runtime.write_records import (
    conflict_edge,
    fallback_payload,
    field_risks,
    journaled_assessment,
    quarantine_payload,
    rejection_payload,
)

Mode = Literal["route", "commit", "dry_run"]


@dataclass
class WritePlan:
    """The drafts of one governed write and what the caller is told about them."""

    drafts: list[EventDraft] = field(default_factory=list)
    route: str = "ledger_only"
    observation_id: str | None = None
    decision: RouteDecision | None = None
    assessment: ImpactAssessment | None = None
    delta_ids: list[str] = field(default_factory=list)
    deltas: list[Any] = field(default_factory=list)
    candidate_ids: list[str] = field(default_factory=list)
    promoted_ids: list[str] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    clarify: str | None = None
    forget_requests: list[str] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)


class WritePlanner(ClaimsInContext, Promotions):
    """Turns an observation and its extracted claims into a :class:`WritePlan`."""

    def _time_refs(self, obs: Observation) -> list[TimeRef]:
        if obs.occurred_at is None:
            return []
        # Validated: pydantic-core builds it faster than model_construct does in Python.
        return [
            TimeRef(text=m.text, start=m.start, end=m.end, granularity=m.granularity, label=m.label)
            for m in extract_time_mentions(obs)
        ]

    # -- planning -----------------------------------------------------------------------------

    def _trust(self, source: str) -> float:
        return self.config.trust.trust(source)

    def _propagation(self, entity: str, attribute: str) -> int:
        return self._proj.dependents(entity, attribute)

    def _plan(
        self,
        obs: Observation,
        extraction: ExtractionResult,
        mode: Mode,
        *,
        recorded_at: datetime,
    ) -> WritePlan:
        plan = WritePlan()
        occurred = (
            self._coerce_time(obs.occurred_at, "observation.occurred_at")
            if obs.occurred_at is not None
            else recorded_at
        )
        # "Yesterday" is resolved on the calendar of the caller's own time zone, as observe()
        # and the extractor resolve it; the journal stores the instant in UTC.
        local = (
            obs
            if obs.occurred_at is not None
            else obs.model_copy(update={"occurred_at": recorded_at})
        )
        times = self._time_refs(local)
        obs = obs.model_copy(update={"occurred_at": occurred})
        obs_draft = self._observation_draft(obs, times, recorded_at=recorded_at)
        obs_id = obs_draft.id
        claims = self._in_context(obs, extraction, occurred)
        findings = detect_risks(obs.content)
        findings += field_risks(obs, claims)
        taken: set[int] = set()

        def written(_: int, impact: ClaimImpact) -> list[Revision]:
            # What this claim will write, as the router and _promotions will decide it, so
            # its siblings are gated on the beliefs the batch actually leaves.
            r = "belief_update"
            if mode != "commit":
                r, _reason = claim_route(
                    impact.outcome,
                    impact.reliability,
                    impact.claim.hedged,
                    self.config.router,
                    self.validators.min_confidence(),
                )
            held = self._corroborated(impact.claim, r, obs.source, taken, impact.reliability)
            if held:
                return [*held, impact.revision]
            return [impact.revision] if r == "belief_update" else []

        assessment = assess(
            obs,
            claims,
            occurred_at=occurred,
            trust=self._trust(obs.source),
            preview_many=self._proj.preview_many,
            propagation=self._propagation,
            findings=findings,
            weights=self.config.impact,
            evidence_id=obs_id,
            written=written,
            session=PreviewSession(self._proj.beliefs),
        )
        decision = route(
            assessment,
            self.config.router,
            obs_type=obs.type,
            min_confidence=self.validators.min_confidence(),
        )
        if mode == "commit" and decision.route != "quarantine":
            decision = RouteDecision(
                route="belief_update" if claims else "ledger_only",
                claims=tuple(
                    ClaimRoute(index=i, route="belief_update", reason="explicit commit")
                    for i in range(len(claims))
                ),
                reasons=("explicit commit",),
            )
        plan.assessment, plan.decision = assessment, decision

        routes = {r.index: r for r in decision.claims}
        promotions = self._promotions(assessment.claims, routes, obs.source)
        if promotions:
            # A claim that promotes a held candidate is written as a revision: its route says
            # so (and the observation's is the first of the claims' routes, as always).
            decision = promoted_decision(decision, promotions, obs.source)
            plan.decision = decision
            routes = {r.index: r for r in decision.claims}
        writes = [
            ProposedClaim(
                claim=assessment.claims[r.index].claim,
                reliability=assessment.claims[r.index].reliability,
            )
            for r in decision.claims
            if r.route == "belief_update" or r.index in promotions
        ]
        writes += [  # held claims that this observation would promote are writes too
            ProposedClaim(
                claim=Claim(
                    entity=h.entity, attribute=h.attribute, value=h.value, polarity=h.polarity
                ),
                reliability=h.reliability,
            )
            for held in promotions.values()
            for h in held
        ]
        proposal = ProposedWrite(
            operation="observe_and_commit" if mode == "commit" else "observe_and_route",
            namespace=self.namespace,
            claims=tuple(writes),
            evidence_ids=(obs_id,),
            known_evidence=frozenset({obs_id}),
            risks=tuple(findings),
        )
        plan.verdicts = self.validators.run(proposal)
        failed = [v for v in plan.verdicts if not v.ok]
        # A refusal journals one record and no observation: a provider's fallback is told
        # inside it (the journal must still say that the model was not used, and why).
        fallback = fallback_payload(extraction, None)
        if decision.route == "quarantine" or any(v.action == "quarantine" for v in failed):
            plan.route = "quarantine"
            plan.drafts.append(
                self._quarantine_draft(
                    obs, findings, plan.verdicts, occurred, recorded_at, fallback=fallback
                )
            )
            return plan
        if failed:
            plan.route = "rejected"
            plan.drafts.append(
                self._rejection_draft(
                    proposal.operation, obs, plan.verdicts, occurred, recorded_at, extraction
                )
            )
            return plan

        plan.route = decision.route
        plan.observation_id = obs_id
        plan.drafts.append(obs_draft)

        def add(kind: str, payload: Any) -> EventDraft:
            d = self._draft(
                kind,
                payload,
                occurred_at=occurred,
                recorded_at=recorded_at,
                causation_id=obs_id,
            )
            plan.drafts.append(d)
            return d

        fallback = fallback_payload(extraction, obs_id)
        if fallback is not None:
            add("provider.fallback", fallback)
        add(
            "impact.assessed",
            AssessmentPayload(
                observation_id=obs_id,
                extractor=extraction.extractor,
                assessment=journaled_assessment(assessment),
                decision=decision,
                dry_run=False,
            ),
        )

        revisions: list[tuple[Revision, Any]] = []
        confirmed: list[Revision] = []
        for i, impact in enumerate(assessment.claims):
            r = routes[i]
            promo = promotions.get(i)
            if promo is not None:
                for held in promo:
                    revisions.append((held, impact.claim.valid_at))
                revisions.append((impact.revision, impact.claim.valid_at))
                continue
            if r.route == "belief_update":
                revisions.append((impact.revision, impact.claim.valid_at))
                if not impact.claim.hedged:
                    confirmed.append(impact.revision)
            elif r.route == "candidate":
                d = add(
                    "candidate.held",
                    CandidatePayload(
                        claim=impact.claim,
                        reliability=impact.reliability,
                        source=obs.source,
                        reason=r.reason,
                        evidence_ids=(obs_id,),
                    ),
                )
                plan.candidate_ids.append(d.id)
            elif r.route == "evidence":
                if not impact.claim.hedged:  # said again: it restores as a revision does
                    confirmed.append(impact.revision)
                add(
                    "edge",
                    EdgePayload(
                        verb="support",
                        relation="supports",
                        source=obs_id,
                        target=f"belief:{impact.claim.entity}/{impact.claim.attribute}",
                        weight=impact.reliability,
                        reason=r.reason,
                        value=impact.claim.value,
                        origin=obs.source,
                    ),
                )
            elif r.route == "clarify":
                mode_before = contested(impact.outcome)
                question = (
                    f"Earlier {impact.claim.entity}'s {impact.claim.attribute.replace('_', ' ')}"
                    f" was {mode_before!r}; is it now {impact.claim.value!r}?"
                )
                plan.clarify = question
                add(
                    "clarify.requested",
                    ClarifyPayload(
                        question=question, observation_id=obs_id, claims=(impact.claim,)
                    ),
                )

        if not promotions and [r for r, _ in revisions] == [c.revision for c in assessment.claims]:
            # Every assessed claim is written, in order: the meter's previews are the outcomes.
            outcomes = [c.outcome for c in assessment.claims]
        else:
            outcomes = self._proj.beliefs.preview_many([rev for rev, _ in revisions])
        for (rev, valid_at), outcome in zip(revisions, outcomes, strict=True):
            payload = BeliefRevisedPayload(
                revision=rev,
                outcome=outcome,
                valid_at=valid_at,
                valid_label=valid_label(times, valid_at),
            )
            d = add("belief.revised", payload)
            plan.delta_ids.append(d.id)
            plan.deltas.append(outcome)
            edge = conflict_edge(rev, outcome, obs_id)
            if edge is not None:
                add("edge", edge)
        # Said again, plainly (not hedged): a value the user took back comes back.
        for target, before, after in restorations(
            confirmed, self._proj.beliefs, self._proj.lifecycle
        ):
            add("lifecycle", LifecyclePayload(target=target, from_state=before, to_state=after,
                                              verb="restore", reason=SAID_AGAIN))  # fmt: skip
        # Asked to forget ("Please forget that I live in Lyon"): what it names leaves reads.
        plan.forget_requests, forgotten = asked_to_forget(
            obs, [rev for rev, _ in revisions], self._proj.beliefs, self._proj.lifecycle,
            act=self.config.router.forget_requests == "invalidate", docs=self._proj.docs,
        )  # fmt: skip
        for target, before, after in forgotten:
            add("lifecycle", LifecyclePayload(target=target, from_state=before,
                to_state=after, verb="invalidate", reason=FORGET_REQUEST))  # fmt: skip
            plan.forgotten.append(target)
        for held_revs in promotions.values():
            ids = tuple(self._proj.held.ids_of(held_revs))
            d = add(
                "candidate.promoted",
                CandidatePromotedPayload(
                    candidate_ids=ids,
                    corroborated_by=obs_id,
                    revision_ids=tuple(plan.delta_ids),
                    reason=f"corroborated by an independent source ({obs.source})",
                ),
            )
            plan.promoted_ids.append(d.id)
            if plan.route in ("candidate", "evidence", "ledger_only", "sleep"):
                plan.route = "belief_update"
        return plan

    def _quarantine_draft(
        self,
        obs: Observation,
        findings: Sequence[RiskFinding],
        verdicts: Sequence[Verdict],
        occurred: datetime,
        recorded_at: datetime,
        *,
        fallback: FallbackPayload | None = None,
    ) -> EventDraft:
        payload = quarantine_payload(obs, findings, verdicts, fallback)
        return self._draft("quarantined", payload, occurred_at=occurred, recorded_at=recorded_at)

    def _rejection_draft(
        self,
        operation: str,
        obs: Observation,
        verdicts: Sequence[Verdict],
        occurred: datetime,
        recorded_at: datetime,
        extraction: ExtractionResult,
    ) -> EventDraft:
        payload = rejection_payload(operation, obs, verdicts, extraction)
        return self._draft("write.rejected", payload, occurred_at=occurred, recorded_at=recorded_at)
