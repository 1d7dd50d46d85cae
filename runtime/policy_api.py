"""propose / commit: policies from a planner, executed only through the ValidatorStack."""

from __future__ import annotations

from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, ValidationError

from nousmem.policies.impact import claim_revision
from nousmem.policies.memory_policy import MemoryPolicy, deterministic_policy
from nousmem.policies.risk import RiskFinding, detect_risks
from nousmem.policies.validators import ProposedClaim, ProposedWrite, Verdict
from nousmem.projections.models import Observation
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.errors import (
    InvalidInput,
    ProviderError,
    ProviderMalformed,
    StaleHead,
    invalid_input_from_validation,
)
from nousmem.runtime.events import EventDraft
from nousmem.runtime.forgetting import LIFECYCLE_KINDS, Forgetting
from nousmem.runtime.inputs import check_text
from nousmem.runtime.journal.base import Guard
from nousmem.runtime.payloads import (
    BeliefRevisedPayload,
    FallbackPayload,
    PolicyPayload,
    RejectionPayload,
)
from nousmem.runtime.providers.fallback import error_kind
from nousmem.runtime.providers.wire import describe_validation
from nousmem.runtime.read import ReadPath
from nousmem.runtime.retry import GUARDED_RETRIES, backoff
from nousmem.runtime.write import PLANNING_KINDS
from nousmem.runtime.write_records import (
    claim_texts,
    pair_risks,
    redact_tree,
    redacted_verdicts,
)

# Records of what did not become memory, and records of the runtime's own acts (a read, a
# plan, an edge, a lifecycle change): citing one as a write's evidence is refused. Evidence
# is what was experienced: observations, the belief revisions and held claims they gave,
# outcomes of turns and what sleep compiled from them.
NOT_EVIDENCE = frozenset(
    {
        "candidate.promoted",
        "clarify.requested",
        "dimension.compressed",
        "edge",
        "erasure",
        "identity.merged",
        "impact.assessed",
        "lifecycle",
        "lifecycle.refused",
        "policy.committed",
        "provider.fallback",
        "quarantined",
        "retrieval",
        "write.rejected",
    }
)


POLICY_KINDS = PLANNING_KINDS | LIFECYCLE_KINDS
"""Kinds whose arrival from another process makes a planned policy stale."""


class _Located(NamedTuple):
    known: frozenset[str]
    foreign: frozenset[str]
    records: dict[str, str]
    erased: frozenset[str]


class PolicyResult(BaseModel):
    """What ``commit(policy)`` did."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    committed: bool
    verdicts: tuple[Verdict, ...]
    event_ids: tuple[str, ...] = ()
    policy_event_id: str | None = None
    context: Any = None

    @property
    def rejected(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.ok)


class PolicyAPI(Forgetting, ReadPath):
    """Planner policies: ``propose`` builds one, ``commit`` validates and executes it."""

    @reads_dates
    async def propose(self, intent: str | dict[str, Any] | MemoryPolicy) -> MemoryPolicy:
        """Turn a planner's intent into a validated :class:`MemoryPolicy`. Writes nothing,
        except a ``provider.fallback`` record when a configured LLM planner fails.
        """
        self._check_open()
        if isinstance(intent, MemoryPolicy):
            check_text(intent, "policy")
            return intent
        if isinstance(intent, dict):
            try:
                policy = MemoryPolicy.model_validate(intent)
            except ValidationError as exc:
                raise invalid_input_from_validation(exc, prefix="policy") from None
            check_text(policy, "policy")
            return policy
        if not isinstance(intent, str) or not intent.strip():
            raise InvalidInput("must be non-empty text, a dict or a MemoryPolicy", field="policy")
        check_text(intent, "policy")
        # Text the risk gate would quarantine never leaves the process (as for extraction):
        # the deterministic planner plans it here.
        if self._shared.provider is not None and not self._quarantines(
            Observation(content=intent, source="planner")
        ):
            try:
                raw = await self._shared.provider.propose(intent)
                policy = MemoryPolicy.model_validate(_proposed_by(raw, self._shared.provider.name))
                check_text(policy, "policy")  # text that is not UTF-8 fails as the answer's
                if policy.empty:  # a plan to do nothing is no plan: the fallback plans it
                    raise ProviderMalformed("the planner's answer holds no intent")
                return policy
            except (ProviderError, ValidationError, InvalidInput) as exc:
                kind = error_kind(exc) if isinstance(exc, ProviderError) else "malformed"
                now = self._now()
                await self._commit(
                    [
                        self._draft(
                            "provider.fallback",
                            FallbackPayload(
                                provider=self._shared.provider.name,
                                error=kind,
                                # Never the model's answer: a validation error quotes it.
                                message=(
                                    describe_validation(exc, "policy answer")
                                    if isinstance(exc, ValidationError)
                                    else str(exc)
                                )[:500],
                                fallback="deterministic",
                            ),
                            occurred_at=self._proj.last_occurred_at or now,
                            recorded_at=now,
                        )
                    ]
                )
        return deterministic_policy(intent)

    async def _locate(self, ids: set[str]) -> _Located:
        """Cited ids: found here, found in another namespace, records that are no evidence
        (a refused or quarantined write must not become support for a belief), and erased
        events (known to nobody any more, like a missing id)."""
        known: set[str] = set()
        foreign: set[str] = set()
        erased: set[str] = set()
        records: dict[str, str] = {}
        for eid in sorted(ids):
            event = await self.journal.get(self.namespace, eid)
            if event is not None and event.erased:
                erased.add(eid)
            elif event is not None:
                known.add(eid)
                if event.kind in NOT_EVIDENCE:
                    records[eid] = event.kind
            elif await self.journal.locate(eid) is not None:
                foreign.add(eid)
        return _Located(frozenset(known), frozenset(foreign), records, frozenset(erased))

    @reads_dates
    async def commit(self, policy: MemoryPolicy | dict[str, Any]) -> PolicyResult:
        """Validate every part of ``policy``; on any failure journal one ``write.rejected``
        and change nothing else. Otherwise execute it atomically (and run its retrieval).
        """
        self._check_open()
        if not isinstance(policy, MemoryPolicy | dict):
            # Text would go through the planner (an LLM when one is set) and be committed
            # unreviewed: planning from text is propose()'s job.
            raise InvalidInput(
                f"must be a MemoryPolicy or a dict, not {type(policy).__name__}; to plan from"
                " text, commit what propose(text) returns",
                field="policy",
            )
        policy = await self.propose(policy)
        if policy.empty:
            # A record that something was committed when nothing was asked would mislead an
            # audit (and is most often a planner's text nothing could be read from).
            raise InvalidInput(
                "asks for nothing: no retrieval, write, forget or consolidation intent",
                field="policy",
            )
        if policy.retrieval is not None:
            # Checked before the commit, as query() will check it: a policy that raises must
            # not have journaled its writes first (model_construct skips the model's checks).
            r = policy.retrieval
            self._validate_query(r.question, r.lens, r.budget_tokens, None)
        async with self._write_lock, self.journal.planning():
            for attempt in range(1, GUARDED_RETRIES + 1):
                await self._refresh(locked=True)
                try:
                    result = await self._commit_policy_locked(policy)
                    break
                except StaleHead:
                    if attempt == GUARDED_RETRIES:
                        raise
                    self._log.info("replanning policy", attempt=attempt)
                    await backoff(attempt)
        if not result.committed or policy.retrieval is None:
            return result
        r = policy.retrieval
        context = await self.query(r.question, lens=r.lens, budget_tokens=r.budget_tokens)
        return result.model_copy(update={"context": context})

    async def _commit_policy_locked(self, policy: MemoryPolicy) -> PolicyResult:
        """Validate and write ``policy`` (the caller holds the write lock and caught up):
        a ``write.rejected`` record, or the policy with its writes, guarded."""
        now = self._now()
        at = self._proj.last_occurred_at or now
        cited = {e for w in policy.writes for e in w.evidence_ids}
        cited |= {e for c in policy.consolidate for cl in c.clusters for e in cl}
        known, foreign, records, erased = await self._locate(cited)
        # What the plan reads of the projections is as of here: another process
        # appending meanwhile makes the commit's guard refuse it, and it is planned again.
        planned_at = self._proj.applied_seq
        verdicts: list[Verdict] = []
        # A planner's text is untrusted like an observation's: the risk gate reads every
        # free-text field that the policy would journal or turn into memory.
        shared = _risks(policy.source, policy.rationale)
        for w in policy.writes:
            verdicts += self.validators.run(
                ProposedWrite(
                    operation="commit_policy",
                    namespace=self.namespace,
                    target_namespaces=(w.namespace,) if w.namespace else (),
                    claims=tuple(
                        ProposedClaim(claim=c, reliability=self._trust(w.source) * c.confidence)
                        for c in w.claims
                    ),
                    evidence_ids=w.evidence_ids,
                    known_evidence=known,
                    foreign_evidence=foreign & set(w.evidence_ids),
                    not_evidence=records,
                    erased_evidence=erased,
                    risks=(
                        *shared,
                        *_risks(w.source, w.namespace or "", *w.evidence_ids),
                        *_risks(*(t for c in w.claims for t in claim_texts(c))),
                        *pair_risks(w.claims),
                    ),
                )
            )
        for f in policy.forget:
            verdicts += self._validate_forget(
                f,
                policy.authorized,
                risks=(*shared, *_risks(f.reason, f.namespace or "", *f.targets)),
            )
        for c in policy.consolidate:
            verdicts += self.validators.run(
                ProposedWrite(
                    operation="consolidate",
                    namespace=self.namespace,
                    target_namespaces=(c.namespace,) if c.namespace else (),
                    evidence_ids=tuple(e for cl in c.clusters for e in cl) or ("plan",),
                    known_evidence=known | ({"plan"} if not c.clusters else set()),
                    foreign_evidence=foreign & {e for cl in c.clusters for e in cl},
                    not_evidence=records,
                    erased_evidence=erased,
                    consolidation={
                        "clusters": [list(cl) for cl in c.clusters],
                        "target_type": c.target_type,
                    },
                    risks=(
                        *shared,
                        *_risks(c.summary, c.target_type, c.namespace or ""),
                        *_risks(*(e for cl in c.clusters for e in cl)),
                    ),
                )
            )
        if not (policy.writes or policy.forget or policy.consolidate):
            # A retrieval alone still journals the policy's source and rationale: the same
            # stack judges them (a secret or an injection there rejects it, as elsewhere).
            verdicts += self.validators.run(
                ProposedWrite(
                    operation="commit_policy",
                    namespace=self.namespace,
                    evidence_ids=("plan",),
                    known_evidence=frozenset({"plan"}),
                    risks=shared,
                )
            )
        policy_json = redact_tree(policy.model_dump(mode="json"))
        if not all(v.ok for v in verdicts):
            draft = self._draft(
                "write.rejected",
                RejectionPayload(
                    operation="commit_policy",
                    attempted=policy_json,
                    verdicts=redacted_verdicts(verdicts),
                ),
                occurred_at=at,
                recorded_at=now,
            )
            self._check_size(draft, "policy")
            await self._commit([draft])
            return PolicyResult(committed=False, verdicts=tuple(verdicts), event_ids=(draft.id,))
        head = self._draft(
            "policy.committed",
            PolicyPayload(
                policy=policy_json,
                source=policy.source,
                applied=tuple(
                    p
                    for p, on in (
                        ("retrieval", policy.retrieval),
                        ("writes", policy.writes),
                        ("forget", policy.forget),
                        ("consolidate", policy.consolidate),
                    )
                    if on
                ),
            ),
            occurred_at=at,
            recorded_at=now,
        )
        drafts: list[EventDraft] = [head]
        claims = [(w, claim) for w in policy.writes for claim in w.claims]
        revisions = [
            claim_revision(
                claim,
                trust=self._trust(w.source),
                source=w.source,
                occurred_at=at,
                evidence_ids=w.evidence_ids,
            )
            for w, claim in claims
        ]
        outcomes = self._proj.preview_many(revisions)
        for (_, claim), rev, out in zip(claims, revisions, outcomes, strict=True):
            # The claim's own date, as observe_and_commit journals it.
            payload = BeliefRevisedPayload(revision=rev, outcome=out, valid_at=claim.valid_at)
            drafts.append(
                self._draft(
                    "belief.revised",
                    payload,
                    occurred_at=at,
                    recorded_at=now,
                    causation_id=head.id,
                )
            )
        # One state per target across the policy's forget intents: a later intent is
        # judged on what an earlier one did, as forget() judges a repeated target.
        planned: dict[str, str] = {}
        for f in policy.forget:
            drafts += self._forget_drafts(f, now, causation_id=head.id, planned=planned)
        for c in policy.consolidate:
            drafts += self._consolidate_drafts(c, now, causation_id=head.id)
        for d in drafts:  # a planner's answer is bounded like any other input
            self._check_size(d, "policy")
        events = await self._commit(drafts, Guard(self.namespace, planned_at, POLICY_KINDS))
        return PolicyResult(
            committed=True,
            verdicts=tuple(verdicts),
            event_ids=tuple(e.id for e in events),
            policy_event_id=head.id,
        )


def _proposed_by(raw: Any, name: str) -> dict[str, Any]:
    """A provider's answer as ``name`` proposes it: the policy's source, and each write's,
    is ``name``, and so is each claim's extractor. A write's source sets its trust, which a
    model must not pick for itself, and the journal must say a model made the claims."""
    raw = _plain(raw)
    if not isinstance(raw, dict):
        raise ProviderMalformed(f"the planner answered a {type(raw).__name__}, not an object")
    out = {**raw, "source": name}
    writes = raw.get("writes")
    if isinstance(writes, list | tuple):
        out["writes"] = [_write_by(_plain(w), name) for w in writes]
    return out


def _plain(item: Any) -> Any:
    """A model object a custom provider may answer with, as the dict it stands for."""
    return item.model_dump() if isinstance(item, BaseModel) else item


def _write_by(write: Any, name: str) -> Any:
    if not isinstance(write, dict):
        return write  # not a write: validation refuses it
    claims = write.get("claims")
    if isinstance(claims, list | tuple):
        claims = [
            {**c, "extractor": name} if isinstance(c, dict) else c for c in map(_plain, claims)
        ]
        return {**write, "source": name, "claims": claims}
    return {**write, "source": name}


def _risks(*texts: str) -> tuple[RiskFinding, ...]:
    return tuple(f for t in texts if t for f in detect_risks(t))
