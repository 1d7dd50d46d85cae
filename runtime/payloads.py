"""Payload models of journal events (one per kind). All frozen; all JSON-serialisable."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from nousmem.policies.impact import ImpactAssessment
from nousmem.policies.router import RouteDecision
from nousmem.policies.validators import Verdict
from nousmem.projections.belief_models import Revision, RevisionOutcome
from nousmem.projections.graph_models import EdgeVerb, Relation
from nousmem.projections.models import Claim


class _Payload(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TimeRef(_Payload):
    """A time expression found in an observation, resolved against its ``occurred_at``."""

    text: str
    start: date
    end: date
    granularity: str
    label: str


class ObservationPayload(_Payload):
    type: str
    content: str
    source: str
    actor: str | None = None
    ref: str | None = None
    keywords: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()
    metadata: dict[str, Any] = Field(default_factory=dict)
    times: tuple[TimeRef, ...] = ()


class AssessmentPayload(_Payload):
    """The impact meter's reading and the router's decision for one observation.

    Claim outcomes keep their scalars only (``prior``/``posterior`` are empty, tails 0): the
    distributions are in the ``belief.revised`` delta of a written claim, and an ``as_of``
    read recomputes them for any other.
    """

    observation_id: str | None
    extractor: str
    assessment: ImpactAssessment
    decision: RouteDecision
    dry_run: bool = False


class BeliefRevisedPayload(_Payload):
    """A delta: the inputs of one belief revision (``revision``) and what it did (``outcome``).

    The projection refolds ``revision``; ``outcome`` is the record of what the write path saw.
    """

    revision: Revision
    outcome: RevisionOutcome
    valid_at: date | None = None
    valid_label: str | None = Field(default=None, max_length=100)
    """``valid_at`` at the precision the content gave it ("2019", "March 2021"); None when
    the content does not date the claim that way (a caller's bare date)."""
    rederived: bool = False

    @property
    def entity(self) -> str:
        return self.revision.entity

    @property
    def attribute(self) -> str:
        return self.revision.attribute

    @property
    def value(self) -> str:
        return self.revision.value

    @property
    def polarity(self) -> str:
        return self.revision.polarity


class CandidatePayload(_Payload):
    """A claim held pending corroboration (surprise gating)."""

    claim: Claim
    reliability: float
    source: str
    reason: str
    evidence_ids: tuple[str, ...]


class CandidatePromotedPayload(_Payload):
    candidate_ids: tuple[str, ...]
    corroborated_by: str
    revision_ids: tuple[str, ...] = ()
    reason: str


class ClarifyPayload(_Payload):
    question: str
    observation_id: str
    claims: tuple[Claim, ...] = ()


class FallbackPayload(_Payload):
    """Why a model provider was not used, and what did its work instead."""

    provider: str
    error: str
    message: str
    fallback: str
    observation_id: str | None = None


class QuarantinePayload(_Payload):
    """Risky content, redacted. The original is kept only as a digest."""

    observation_id: str | None = None
    redacted: str
    content_digest: str
    labels: tuple[str, ...]
    verdicts: tuple[Verdict, ...] = ()
    fallback: FallbackPayload | None = None
    """A governed write's provider fallback (no observation is journaled to hang it on)."""


class RejectionPayload(_Payload):
    """A refused write: what was attempted (redacted) and every verdict.

    A refused governed write journals nothing else, so its extraction is told here:
    ``extractor`` produced the refused claims, and ``fallback`` says why a model provider
    did not (the facts a ``provider.fallback`` event holds for an accepted write).
    """

    operation: str
    attempted: dict[str, Any]
    verdicts: tuple[Verdict, ...]
    extractor: str | None = None
    fallback: FallbackPayload | None = None


class RetrievalPayload(_Payload):
    """A read trace: enough to replay it."""

    question: str
    lens: str
    budget_tokens: int
    k: int | None = None
    as_of_seq: int
    as_of_time: datetime | None = None
    plan: dict[str, Any]
    candidates: tuple[dict[str, Any], ...] = ()
    selected: tuple[str, ...] = ()
    worldview: tuple[str, ...] = ()
    """Candidate ids the prompt's Worldview Snapshot presented as current."""
    suppressed: tuple[dict[str, Any], ...] = ()
    activation: dict[str, Any] | None = None
    """Graph activation's record: ``seeds`` (how many), ``paths`` (``{"id", "score",
    "path"}``: the strongest paths that lent a candidate activation, with its activation
    relative to the most activated node, best first, at most 20) and ``suppressed``
    (``{"id", "reason", "path"}``: every node it suppressed, at most 200). None in traces
    recorded before it was kept; empty when activation did not run."""
    context_digest: str
    token_count: int
    rendered: str | None = None
    config_digest: str | None = None
    """Digest of the read settings and the dense embedder (``runtime/fingerprint.py``); None
    in traces recorded before it was kept."""
    version: str | None = None
    """The nousmem version that made the read."""


class RetrievalSelection(BaseModel):
    """What a fold reads of a ``retrieval`` payload: the ids the read selected.

    A trace is large (every candidate with its scores) and a fold needs only this, so a
    catch-up reads just this field of the stored JSON and validates it as the payload would.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    selected: tuple[str, ...] = ()


class OutcomePayload(_Payload):
    trace_id: str
    outcome: Literal["success", "failure", "partial", "neutral"]
    feedback: str | None = None
    targets: tuple[str, ...] = ()


class EdgePayload(_Payload):
    """Edge evidence: ``verb`` what happened, ``relation`` the typed relationship."""

    verb: EdgeVerb
    relation: Relation
    source: str
    target: str
    weight: float = 1.0
    reason: str = ""
    value: str | None = None
    """The value a ``supports`` edge to ``belief:<entity>/<attribute>`` confirms (the
    ``evidence`` route: it writes no revision, but the value was seen again)."""
    origin: str | None = None
    """The confirming observation's ``source`` (whose trust its support carries)."""


class LifecyclePayload(_Payload):
    target: str
    from_state: str
    to_state: str
    verb: str
    reason: str


class LifecycleRefusedPayload(_Payload):
    target: str
    from_state: str
    requested: str
    verb: str
    reason: str


class IdentityMergedPayload(_Payload):
    keep: str
    absorb: str
    divergence_bits: float
    reason: str


class DimensionCompressedPayload(_Payload):
    entity: str
    attribute: str
    entropy_bits: float
    reason: str


class PolicyPayload(_Payload):
    policy: dict[str, Any]
    source: str
    applied: tuple[str, ...] = ()


class SleepCompiledPayload(_Payload):
    item_type: Literal["frame", "procedure", "schema"]
    key: str
    summary: str
    sources: tuple[str, ...]
    score: float = 0.0
    entities: tuple[str, ...] = ()
    """The entities a schema names, as its summary spells them (empty in journals written
    before this field: the names are then recovered from the summary)."""
    quotes: tuple[tuple[str, ...], ...] | None = None
    """Sources the summary quotes word for word: per passage, the sources saying it. None
    in events written before this field: worked out from the summary as they are folded."""


class ErasurePayload(_Payload):
    reason: str
    targets: tuple[str, ...]
    erased_ids: tuple[str, ...]
    entity_digest: str | None = None
