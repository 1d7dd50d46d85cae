"""The revisions an erasure journals again, and the outcomes they get.

An erased revision whose own evidence survives is re-derived (its prior quoted erased values,
its claim did not). So is a surviving confirmation whose routing no longer holds: a claim
routed ``evidence`` wrote no revision because it restated the established mode, and when
that mode rested on erased evidence, the claim would have revised the belief had the erased
events never been written. It is asked again, on beliefs folded from the surviving
revisions in journal order, how the router would send it; only a claim it would write as a
revision is re-derived as one, with its observation's provenance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nousmem.policies.router import RouterConfig, claim_route
from nousmem.projections.belief_models import BeliefParams, Revision, RevisionOutcome, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.schema import AttributeSchema
from nousmem.runtime.erasure_plan import Dim, MergeLog, Redo, confirmation


def _redo(e: Any) -> Redo:
    p = e.payload
    return Redo(e.seq, p.revision, p.valid_at, e.occurred_at, e.causation_id, p.valid_label)


def _claim_of(e: Any, entity: str, attribute: str, assessed: dict[str, Any]) -> tuple[Redo, bool]:
    """The revision a confirmation's claim asked for, and whether the claim was hedged: the
    one its assessment journaled, or (that record erased by an earlier erasure) one rebuilt
    from the edge as the meter builds it (reliability = trust x confidence, which the edge's
    weight is)."""
    p = e.payload
    obs = p.source
    a = assessed.get(obs)
    for ci in a.assessment.claims if a is not None else ():
        c = ci.claim
        if (match_key(c.entity), c.attribute, match_key(c.value)) == (
            match_key(entity),
            attribute,
            match_key(p.value),
        ):
            return Redo(e.seq, ci.revision, c.valid_at, e.occurred_at, e.causation_id), c.hedged
    rev = Revision(
        entity=entity,
        attribute=attribute,
        value=p.value,
        reliability=p.weight,
        source=p.origin or "user",
        occurred_at=e.occurred_at,
        evidence_ids=(obs,),
    )
    return Redo(e.seq, rev, None, e.occurred_at, e.causation_id), False


def redos(
    events: Sequence[Any],
    targets: set[str],
    rederive: Sequence[Any],
    dims: set[Dim],
    log: MergeLog,
    *,
    schema: AttributeSchema,
    params: BeliefParams,
    router: RouterConfig,
    min_confidence: float = 0.0,
) -> list[Redo]:
    """``rederive`` and the surviving confirmations that no longer only confirm, in the
    journal order of their claims. ``min_confidence``: the validators' minimum, under which
    a write keeps a claim in the ledger only (see ``write_plan.py``)."""
    out = [_redo(e) for e in rederive]
    roots = {(log.key_at(k), a) for k, a in dims}

    def root(entity: str, attribute: str) -> Dim:
        return (log.key_at(match_key(entity)), attribute)

    # Only a confirmation after an erased revision of its belief can have changed.
    first: dict[Dim, int] = {}
    revised: set[tuple[str, Dim, str]] = set()  # (evidence id, belief, value key)
    assessed: dict[str, Any] = {}
    for e in events:
        p = e.payload
        if e.kind == "belief.revised" and p is not None:
            r = p.revision
            dim = root(r.entity, r.attribute)
            if e.id in targets:
                first.setdefault(dim, e.seq)
            revised |= {(i, dim, match_key(r.value)) for i in r.evidence_ids}
        elif e.kind == "impact.assessed" and p is not None and p.observation_id is not None:
            assessed[p.observation_id] = p
    candidates: dict[str, tuple[Redo, bool]] = {}
    for e in events:
        found = confirmation(e) if e.id not in targets else None
        if found is None or e.payload.source in targets:
            continue
        dim = root(*found)
        if dim not in roots or e.seq < first.get(dim, e.seq + 1):
            continue
        # A claim an earlier erasure already re-derived has its revision.
        if (e.payload.source, dim, match_key(e.payload.value)) not in revised:
            candidates[e.id] = _claim_of(e, *found, assessed)
    if not candidates:
        return out
    again = {e.id for e in rederive}
    scratch = BeliefStore(schema, params)
    for e in events:
        p = e.payload
        if p is None or (e.id in targets and e.id not in again):
            continue
        if e.kind == "identity.merged":
            scratch.apply_merge(p.keep, p.absorb, seq=e.seq, event_id=e.id, strict=False)
        elif e.kind == "belief.revised" and root(p.revision.entity, p.revision.attribute) in roots:
            scratch.apply(p.revision, seq=e.seq, event_id=e.id)
        elif e.id in candidates:
            redo, hedged = candidates[e.id]
            # Routed again, as if the erased events had never been written: only a claim
            # the router would write as a revision becomes one. One it would hold, ask back
            # or leave in the ledger (a low-trust source) stays a mere confirmation.
            out_ = scratch.preview(redo.revision)
            rel = redo.revision.reliability
            if claim_route(out_, rel, hedged, router, min_confidence)[0] == "belief_update":
                scratch.apply(redo.revision, seq=e.seq, event_id=e.id)
                out.append(redo)
    return sorted(out, key=lambda r: r.seq)


def outcomes(
    events: Sequence[Any],
    targets: set[str],
    redone: Sequence[Redo],
    *,
    schema: AttributeSchema,
    params: BeliefParams,
) -> list[RevisionOutcome]:
    """Outcomes of the re-derived revisions on beliefs that never saw the erased ones, folded
    as the projections will fold them: the surviving journal, then the copies."""
    if not redone:
        return []
    log = MergeLog([e for e in events if e.id not in targets])
    roots = {(log.key_at(match_key(r.revision.entity)), r.revision.attribute) for r in redone}
    scratch = BeliefStore(schema, params)
    for e in events:
        p = e.payload
        if p is None or e.id in targets:
            continue
        if e.kind == "identity.merged":
            scratch.apply_merge(p.keep, p.absorb, seq=e.seq, event_id=e.id, strict=False)
        elif (
            e.kind == "belief.revised"
            and (log.key_at(match_key(p.revision.entity)), p.revision.attribute) in roots
        ):
            scratch.apply(p.revision, seq=e.seq, event_id=e.id)
    last = events[-1].seq if events else 0
    return [
        scratch.apply(r.revision, seq=last + i + 1, event_id=f"re:{r.seq}")
        for i, r in enumerate(redone)
    ]
