"""The worldview impact meter: what would this observation change, and how far?

Pure: it reads current beliefs only through a ``preview`` callable and never writes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from nousmem.policies.risk import RiskFinding, risk_score
from nousmem.projections.belief_models import Revision, RevisionOutcome
from nousmem.projections.config_types import CONFIG, Unit, Weight
from nousmem.projections.models import Claim, Observation


class ImpactWeights(BaseModel):
    """How the components add up to the total (all components are in [0, 1])."""

    model_config = CONFIG

    novelty: Weight = 0.15
    surprise: Weight = 0.15
    belief_delta: Weight = 0.15
    entropy_delta: Weight = 0.05
    contradiction: Weight = 0.15
    supersession: Weight = 0.1
    utility: Weight = 0.1
    propagation: Weight = 0.05
    reliability: Weight = 0.1
    type_utility: dict[str, Unit] = Field(
        default_factory=lambda: {
            "user_preference": 0.8,
            "task_result": 0.7,
            "fact": 0.6,
            "feedback": 0.6,
            "document": 0.5,
            "tool_result": 0.5,
            "utterance": 0.4,
            "note": 0.4,
        }
    )


class ImpactComponents(BaseModel):
    """The meter's components, for one claim or (combined) for a whole observation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    novelty: float
    surprise_bits: float
    belief_delta: float
    entropy_delta: float
    contradiction: float
    supersession: float
    utility: float
    propagation: float


class ClaimImpact(ImpactComponents):
    """The meter's reading of one claim against current beliefs."""

    claim: Claim
    revision: Revision
    outcome: RevisionOutcome
    reliability: float
    established: bool
    score: float


class ImpactAssessment(ImpactComponents):
    """Every component of the meter and the total, per claim and for the observation."""

    source: str
    source_reliability: float
    claims: tuple[ClaimImpact, ...] = ()
    risk: float
    risk_labels: tuple[str, ...] = ()
    total: float


class PreviewSessionLike(Protocol):
    """See :class:`nousmem.projections.preview.PreviewSession`."""

    def preview(self, rev: Revision) -> RevisionOutcome: ...

    def apply(self, rev: Revision) -> None: ...


def claim_revision(
    c: Claim, *, trust: float, source: str, occurred_at: datetime, evidence_ids: tuple[str, ...]
) -> Revision:
    """The revision a claim asks for: reliability = source trust x claim confidence."""
    return Revision(
        entity=c.entity,
        attribute=c.attribute,
        value=c.value,
        polarity=c.polarity,
        reliability=max(0.0, min(1.0, trust * c.confidence)),
        source=source,
        change=c.change,
        retracts=c.retracts,
        occurred_at=occurred_at,
        evidence_ids=evidence_ids,
    )


def _squash_bits(bits: float, scale: float = 8.0) -> float:
    """Map bits in [0, inf) to [0, 1)."""
    return 1.0 - math.exp(-max(0.0, bits) / scale * 3.0)


def assess(
    obs: Observation,
    claims: Sequence[Claim],
    *,
    occurred_at: datetime,
    trust: float,
    preview_many: Callable[[Sequence[Revision]], list[RevisionOutcome]],
    propagation: Callable[[str, str], int],
    findings: Sequence[RiskFinding],
    weights: ImpactWeights | None = None,
    evidence_id: str | None = None,
    written: Callable[[int, ClaimImpact], Sequence[Revision]] | None = None,
    session: PreviewSessionLike | None = None,
) -> ImpactAssessment:
    """Measure ``claims`` of ``obs`` against current beliefs.

    ``preview_many`` previews revisions in order, each seeing the ones before it (one
    observation can both negate and replace a value: "I left Google for Sarvam"). Each claim
    is previewed after what the claims before it write: ``written(i, impact)`` says which
    revisions claim ``i`` will write (none when it is held, asked back or only evidence; the
    held claims it promotes and its own when it promotes them). Without it every claim is
    taken as written. A claim that is not written must not lower the bar for the claims
    after it, or one observation saying "Acme now, not Google any more" would get its
    second claim past the surprise gating that holds its first. With ``written``, a
    ``session`` previews each claim after them without re-planning them every time.
    """
    w = weights or ImpactWeights()
    type_utility = w.type_utility.get(obs.type, 0.4)
    if obs.keywords:
        type_utility = min(1.0, type_utility + 0.1)
    impacts: list[ClaimImpact] = []
    revisions = [
        claim_revision(
            c,
            trust=trust,
            source=obs.source,
            occurred_at=occurred_at,
            evidence_ids=(evidence_id,) if evidence_id else (),
        )
        for c in claims
    ]
    chained = preview_many(revisions) if revisions and written is None else []
    before: list[Revision] = []  # what the claims so far write, in order
    for i, (c, rev) in enumerate(zip(claims, revisions, strict=True)):
        if written is None:
            out = chained[i]
        elif session is not None:
            out = session.preview(rev)
        else:
            # Only revisions of the same attribute can share a dimension with this one.
            same = [r for r in before if r.attribute == rev.attribute]
            out = preview_many([*same, rev])[-1]
        reliability = rev.reliability
        prior_p = out.value_prior
        novelty = max(0.0, 1.0 - prior_p)
        contradiction = 0.0
        if out.contradiction:  # only ever raised against an established belief
            # What the claim contradicts: the leading value, or for a negation the value itself
            # (for a multi-valued attribute the leading value is another one).
            top = out.prior[0][1] if out.prior else 0.0
            contradiction = prior_p if c.polarity == "negate" else top
        supersession = 0.0
        if c.change:
            supersession = 1.0
        elif out.contradiction and out.cardinality == "single":
            supersession = 0.5 * reliability
        prop = propagation(c.entity, c.attribute)
        propagation_score = 1.0 - 1.0 / (1.0 + math.log1p(prop))
        score = (
            w.novelty * novelty
            + w.surprise * _squash_bits(out.surprise_bits)
            + w.belief_delta * _squash_bits(out.kl_bits, 2.0)
            + w.entropy_delta * min(1.0, abs(out.entropy_after - out.entropy_before))
            + w.contradiction * contradiction
            + w.supersession * supersession
            + w.utility * type_utility
            + w.propagation * propagation_score
            + w.reliability * reliability
        )
        impacts.append(
            ClaimImpact(
                claim=c,
                revision=rev,
                outcome=out,
                reliability=reliability,
                novelty=novelty,
                surprise_bits=out.surprise_bits,
                belief_delta=out.kl_bits,
                entropy_delta=out.entropy_after - out.entropy_before,
                contradiction=contradiction,
                supersession=supersession,
                utility=type_utility,
                propagation=propagation_score,
                established=out.established,
                score=score,
            )
        )
        if written is not None:
            now_written = written(i, impacts[-1])
            before.extend(now_written)
            if session is not None:
                for r in now_written:
                    session.apply(r)
    risk = risk_score(findings)
    labels = tuple(sorted({f.label for f in findings}))

    def peak(values: list[float]) -> float:
        return max(values) if values else 0.0

    total = peak([i.score for i in impacts]) if impacts else w.utility * type_utility
    return ImpactAssessment(
        source=obs.source,
        source_reliability=trust,
        claims=tuple(impacts),
        novelty=peak([i.novelty for i in impacts]),
        surprise_bits=peak([i.surprise_bits for i in impacts]),
        belief_delta=peak([i.belief_delta for i in impacts]),
        entropy_delta=peak([abs(i.entropy_delta) for i in impacts]),
        contradiction=peak([i.contradiction for i in impacts]),
        supersession=peak([i.supersession for i in impacts]),
        utility=type_utility,
        propagation=peak([i.propagation for i in impacts]),
        risk=risk,
        risk_labels=labels,
        total=min(1.0, total),
    )
