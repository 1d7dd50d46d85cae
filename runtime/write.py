"""The governed write path: extract -> assess -> route -> validate -> commit -> project.

Claims are extracted first, outside any lock (a model provider may be slow). Everything
derived from them is then planned (pure, against current projections, under the
namespace's write lock) and appended as one atomic batch.
"""

from __future__ import annotations

import inspect
from datetime import datetime
from typing import Any

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.protocols import Extractor
from nousmem.policies.risk import RiskFinding, detect_risks, risk_score
from nousmem.policies.validators import ProposedWrite, Verdict
from nousmem.projections.models import Observation, reserved_value
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.dense_cache import MAX_NAME
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.events import EventDraft
from nousmem.runtime.inputs import check_text
from nousmem.runtime.providers.fallback import ExtractionResult, FallbackExtractor, checked
from nousmem.runtime.results import RouteResult
from nousmem.runtime.write_plan import Mode, WritePlan, WritePlanner
from nousmem.runtime.write_records import (
    field_risks,
    redact_tree,
    redacted_verdicts,
    risky_quotes,
)

# What a governed write's plan reads: beliefs, held candidates, the graph, the worldview and
# lifecycle. Observations, reads and their outcomes, and records of refused writes do not
# change an assessment, so other writers may append those freely meanwhile.
PLANNING_KINDS = frozenset(
    {
        "belief.revised",
        "candidate.held",
        "candidate.promoted",
        "dimension.compressed",
        "edge",
        "erasure",
        "identity.merged",
        "lifecycle",
        "policy.committed",
        "sleep.compiled",
    }
)
_RULES = RuleExtractor()


class WritePath(WritePlanner):
    """observe_and_route, observe_and_commit and assess."""

    # -- extraction ---------------------------------------------------------------------------

    def use_extractor(self, extractor: Extractor | None) -> None:
        """Plug in a custom :class:`~nousmem.policies.protocols.Extractor` for this namespace
        (in every view of the opened journal; None: the rule extractor)."""
        if extractor is not None:
            _check_extractor(extractor)
        self._shared.extractors[self.namespace] = extractor

    async def _extract(self, obs: Observation) -> ExtractionResult:
        shared = self._shared
        ex = (
            shared.extractors[self.namespace]
            if self.namespace in shared.extractors
            else shared.extractor
        ) or _RULES
        if not isinstance(ex, RuleExtractor) and self._quarantines(obs):
            # Content the risk gate will quarantine never leaves the process: a plugged-in
            # extractor may be a remote model. Its claims would be dropped with it anyway.
            ex = _RULES
        if isinstance(ex, FallbackExtractor):
            result = await ex.extract_with_fallback(obs)
        else:
            result = checked(ex.name, await ex.extract(obs))
        # Any extractor (a model, a user's) may name the value beliefs reserve for "none".
        kept = tuple(c for c in result.claims if not reserved_value(c.value))
        return (
            result
            if len(kept) == len(result.claims)
            else result.model_copy(update={"claims": kept})
        )

    def _quarantines(self, obs: Observation) -> bool:
        """Whether the governed path will quarantine ``obs`` on its own fields (before any
        claim is extracted): the router's risk threshold, or a validator's quarantine."""
        return self._risk_gate(obs, by_score=True) is not None

    def _risk_gate(
        self, obs: Observation, *, by_score: bool
    ) -> tuple[list[RiskFinding], list[Verdict]] | None:
        """The findings and verdicts that quarantine ``obs`` on its own fields; None when it
        passes. A validator's quarantine verdict (the risk gate: secrets, injection) always
        counts; ``by_score`` adds the router's threshold on the combined risk score, which
        personal data (emails, phone numbers) also raises."""
        findings = detect_risks(obs.content) + field_risks(obs, obs.claims)
        if not findings:
            return None
        probe = ProposedWrite(
            operation="observe_and_route",
            namespace=self.namespace,
            evidence_ids=("observation",),
            known_evidence=frozenset({"observation"}),
            risks=tuple(findings),
        )
        verdicts = self.validators.run(probe)
        over = by_score and risk_score(findings) >= self.config.router.quarantine_risk
        if over or any(not v.ok and v.action == "quarantine" for v in verdicts):
            return findings, verdicts
        return None

    def _evidence_draft(self, obs: Observation, *, recorded_at: datetime) -> EventDraft:
        draft = super()._evidence_draft(obs, recorded_at=recorded_at)  # checks the size too
        # Evidence only: no routing, so no risk score; but what the validators quarantine (a
        # secret, a prompt injection) is never stored raw or served, as on the governed path.
        gate = self._risk_gate(obs, by_score=False)
        if gate is None:
            return draft
        return self._quarantine_draft(obs, *gate, draft.occurred_at, recorded_at)

    # -- public verbs -------------------------------------------------------------------------

    @reads_dates
    async def _governed(self, obs: Observation | dict[str, Any], mode: Mode) -> RouteResult:
        self._check_open()
        parsed = self._parse_observation(obs)
        # A dry run leaves a stepping clock where it was: the write it predicts reads it next.
        recorded = self._now(peek=mode == "dry_run")
        probe = (
            parsed
            if parsed.occurred_at is not None
            else parsed.model_copy(update={"occurred_at": recorded})
        )
        self._check_not_ahead(probe, recorded)
        # Before the write lock: extraction reads only the observation (and the risk gate's
        # config), and it may wait on a remote model for up to its timeout. Under the lock,
        # one hung provider would hold every other writer (and forget, commit, erase) of
        # the namespace for a timeout each.
        extraction = await self._extract(probe)
        self._check_open()  # the runtime may have closed while the model answered
        async with self._write_lock:
            # A write's guard catches what other processes appended since the last fold; a
            # dry run has no guard, so it catches up first (or it would predict from a
            # state the real write will not see).
            if self._proj.applied_seq == 0 or mode == "dry_run":
                await self._refresh(locked=True)

            def planned() -> tuple[list[EventDraft], WritePlan]:
                p = self._plan(parsed, extraction, mode, recorded_at=recorded)
                return p.drafts, p

            events: list[Any] = []
            if mode == "dry_run":
                plan = planned()[1]
            else:
                # A write is assessed again (each assessment must see the last write)
                # when another process changed what the meter reads meanwhile.
                events, plan = await self._commit_planned(planned, PLANNING_KINDS)
        assert plan.assessment is not None and plan.decision is not None
        failed = tuple(v for v in plan.verdicts if not v.ok)
        self._log.debug("routed", route=plan.route, events=len(events))
        assessment, verdicts = plan.assessment, tuple(plan.verdicts)
        if plan.route == "quarantine":
            # Redacted as its record is: a key in a caller's claim or in the source would
            # otherwise come back (and be printed by ``nousmem route --json``). Nothing was
            # assessed against memory, so no claim's impact is lost; the verdicts say why.
            quoted = risky_quotes(parsed)
            source = str(redact_tree(assessment.source, quoted))
            assessment = assessment.model_copy(update={"claims": (), "source": source})
            verdicts = redacted_verdicts(verdicts, quoted)
            failed = tuple(v for v in verdicts if not v.ok)
        return RouteResult(
            route=plan.decision.route if plan.route == "rejected" else plan.route,
            observation_id=plan.observation_id,
            assessment=assessment,
            decision=plan.decision,
            deltas=tuple(plan.deltas),
            delta_ids=tuple(plan.delta_ids),
            candidate_ids=tuple(plan.candidate_ids),
            promoted_ids=tuple(plan.promoted_ids),
            verdicts=verdicts,
            rejected=tuple(v for v in failed if v.action == "reject")
            if plan.route == "rejected"
            else (),
            clarify=plan.clarify,
            forget_requests=tuple(plan.forget_requests),
            forgotten=tuple(plan.forgotten),
            event_ids=tuple(e.id for e in events),
            extractor=extraction.extractor,
            fallback=extraction.fallback is not None,
            dry_run=mode == "dry_run",
        )

    async def observe_and_route(self, obs: Observation | dict[str, Any]) -> RouteResult:
        """Record an observation and let the impact meter and router decide what it changes."""
        return await self._governed(obs, "route")

    async def observe_and_commit(self, obs: Observation | dict[str, Any]) -> RouteResult:
        """Record an observation and apply all its claims as belief updates, if validators agree.

        A refusal is journaled as ``write.rejected`` and returned in ``result.rejected``.
        """
        return await self._governed(obs, "commit")

    async def assess(self, obs: Observation | dict[str, Any]) -> RouteResult:
        """Dry run of ``observe_and_route``: what would change, and how far. Writes nothing."""
        return await self._governed(obs, "dry_run")


def _check_extractor(extractor: object) -> None:
    """What a write relies on: the protocol, an ``async`` extract and a usable name (it is
    journaled with every claim the extractor returns)."""
    if not isinstance(extractor, Extractor):
        raise InvalidInput(
            "must implement the Extractor protocol (a name and an async extract)",
            field="extractor",
        )
    if not inspect.iscoroutinefunction(extractor.extract):
        raise InvalidInput("extract must be an async method", field="extractor.extract")
    name = extractor.name
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise InvalidInput(
            f"must be a non-empty string of at most {MAX_NAME} characters", field="extractor.name"
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise InvalidInput("must not hold control characters", field="extractor.name")
    check_text(name, "extractor.name")
