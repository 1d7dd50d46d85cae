"""What a governed write journals beside the observation, built from the plan.

Redacted records of refused writes, the slim assessment ``impact.assessed`` stores, the
risks of short fields, and the edge a disagreeing revision leaves in the graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from nousmem.policies.impact import ImpactAssessment
from nousmem.policies.risk import RiskFinding, detect_risks, redact
from nousmem.projections.belief_models import Revision
from nousmem.projections.models import Claim, Observation
from nousmem.projections.worldview import candidate_id, slot_kind_for
from nousmem.runtime.payloads import EdgePayload

__all__ = ["conflict_edge", "field_risks", "journaled_assessment", "redact_tree"]


def redact_tree(value: Any) -> Any:
    """``value`` with every risky string redacted (for records of refused writes)."""
    if isinstance(value, str):
        found = detect_risks(value)
        return redact(value, found) if found else value
    if isinstance(value, dict):  # a caller's metadata key is text as well
        return {redact_tree(k): redact_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_tree(v) for v in value]
    return value


def journaled_assessment(a: ImpactAssessment) -> ImpactAssessment:
    """The assessment as ``impact.assessed`` stores it: outcomes without their distributions.

    Each claim keeps every scalar (surprise, KL, entropies, modes, support); the prior and
    posterior lists live in the ``belief.revised`` delta when the claim is written, and an
    ``as_of`` read at the observation's ``seq`` recomputes them otherwise. Storing them twice
    doubled the bytes (and the serialisation time) of every governed write.
    """
    if not a.claims:
        return a
    claims = tuple(
        c.model_copy(
            update={
                "outcome": c.outcome.model_copy(
                    update={"prior": (), "prior_tail": 0.0, "posterior": (), "posterior_tail": 0.0}
                )
            }
        )
        for c in a.claims
    )
    return a.model_copy(update={"claims": claims})


def field_risks(obs: Observation, claims: Sequence[Claim]) -> list[RiskFinding]:
    """Risks outside the content.

    The actor, ref, keywords and claim texts count whole (a claim quoting the content is
    not counted twice: the content's own findings already hold it). The source and the
    metadata (keys and strings, at any depth) count only for secrets and prompt injection:
    they are the caller's structured data, where an email header or a sender's address is
    ordinary, not a reason to refuse the whole observation.

    Their spans do not point into the content, so they widen the span to nothing usable for
    redaction; they only decide quarantine (and the content is redacted on its own findings).
    """
    texts = [obs.actor or "", obs.ref or "", *obs.keywords]
    content = obs.content
    texts += [t for c in claims for t in (c.entity, c.value) if t not in content]
    found = [f for t in texts if t for f in _short_text_risks(t)]
    structured = [obs.source, *_strings(obs.metadata)] if obs.metadata else [obs.source]
    found += [
        f for t in structured if t for f in _short_text_risks(t) if f.kind in _STRUCTURED_KINDS
    ]
    return found


_STRUCTURED_KINDS = frozenset({"secret", "injection"})


def _strings(value: Any) -> list[str]:
    """Every string in ``value``: dict keys and values, list items, at any depth."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


@lru_cache(maxsize=4096)
def _cached_risks(text: str) -> tuple[RiskFinding, ...]:
    return tuple(detect_risks(text))


def _short_text_risks(text: str) -> tuple[RiskFinding, ...]:
    # Actors, refs, entity names and values repeat on almost every write; findings are
    # frozen and depend on the text alone, so short texts are scanned once.
    return _cached_risks(text) if len(text) <= 200 else tuple(detect_risks(text))


def conflict_edge(rev: Revision, out: Any, obs_id: str) -> EdgePayload | None:
    """Edge evidence when a revision disagrees with an established single value.

    Update language ("now", "moved to") supersedes the old value; a plain disagreement
    contradicts it, and the slot stays conflicted, whichever value leads, until later
    evidence settles it (see ``projections/disputes.py``).
    """
    if not (out.contradiction and out.established and out.mode_before):
        return None
    if out.cardinality != "single" or rev.polarity != "assert":
        return None
    kind = slot_kind_for(rev.attribute)
    old = candidate_id(kind, rev.entity, rev.attribute, out.mode_before)
    if rev.change:
        new = candidate_id(kind, rev.entity, rev.attribute, rev.value)
        return EdgePayload(
            verb="supersede",
            relation="supersedes",
            source=new,
            target=old,
            weight=rev.reliability,
            reason="update language",
        )
    return EdgePayload(
        verb="contradict",
        relation="contradicts",
        source=obs_id,
        target=old,
        weight=rev.reliability,
        reason=f"{rev.value!r} contradicts {out.mode_before!r}",
    )
