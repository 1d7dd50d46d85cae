"""Folding belief claims into a namespace's projections.

A revision (``belief.revised``) moves the belief and the worldview, indexes its delta and
links its entity to its evidence (and to another entity its value names) in the graph; a
claim held for corroboration (``candidate.held``) waits in the held claims and the worldview
until a ``candidate.promoted`` releases it. Split from ``projector.py``, whose
:meth:`~.projector.Projector.apply` dispatches these events here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nousmem.policies.daterange import day_label
from nousmem.projections.belief_models import Revision, match_key
from nousmem.projections.graph_models import entity_node
from nousmem.projections.lexical import revision_doc
from nousmem.runtime.docrows import DocRow

if TYPE_CHECKING:
    from nousmem.runtime.projector import Projector


def fold_revision(proj: Projector, e: Any, p: Any) -> None:
    """Fold a ``belief.revised`` event ``e`` (payload ``p``) into ``proj``."""
    rev = p.revision
    # A promoted held claim keeps its own date, but memory had it only from the
    # promotion (this record's event time): event-time reads count it from then.
    later = e.occurred_at if e.occurred_at > rev.occurred_at else None
    out = proj.beliefs.fold(rev, seq=e.seq, event_id=e.id, counts_from=later)
    k = match_key(rev.entity)
    if k not in proj.entity_mentions:
        proj.vocabulary.add_entity(rev.entity, e.seq)
    proj.entity_mentions[k] = proj.entity_mentions.get(k, 0) + 1
    for ev in rev.evidence_ids:
        proj.revised_from.setdefault(ev, (e.seq, later or rev.occurred_at))
    proj.worldview.on_revision(
        seq=e.seq,
        event_id=e.id,
        occurred_at=rev.occurred_at,  # as the belief dates it (a promoted claim: its own)
        counts_from=later,
        entity=rev.entity,
        attribute=rev.attribute,
        value=rev.value,
        polarity=rev.polarity,
        source=rev.source,
        reliability=rev.reliability,
        evidence_ids=rev.evidence_ids,
        cardinality=out.cardinality,
        mode_before=out.mode_before,
        mode_after=out.mode_after,
        retracts=rev.retracts,
        change=rev.change,
        told=None if p.valid_at is None else (p.valid_at, p.valid_label or day_label(p.valid_at)),
    )
    proj.docs[e.id] = DocRow(
        e.id, e.seq, "delta", revision_doc(p), e.occurred_at, None, None, rev.evidence_ids
    )
    node = entity_node(rev.entity)
    for ev in rev.evidence_ids:
        proj.graph.link(node, ev, "mentions", seq=e.seq, event_id=e.id, occurred_at=e.occurred_at)
    vkey = match_key(rev.value)
    if vkey != k and (vkey in proj.actors or vkey in proj.entity_mentions):
        proj.graph.link(
            node,
            entity_node(rev.value),
            "association",
            seq=e.seq,
            event_id=e.id,
            reason=rev.attribute,
            occurred_at=e.occurred_at,
        )


def fold_held(proj: Projector, e: Any, p: Any) -> None:
    """Fold a ``candidate.held`` event: its claim waits for corroboration."""
    c = p.claim
    rev = Revision(
        entity=c.entity,
        attribute=c.attribute,
        value=c.value,
        polarity=c.polarity,
        reliability=p.reliability,
        source=p.source,
        change=c.change,
        retracts=c.retracts,
        occurred_at=e.occurred_at,
        evidence_ids=p.evidence_ids,
    )
    proj.held.hold(e.id, rev)
    for ev in p.evidence_ids:
        proj.held_from.setdefault(ev, []).append((e.seq, e.occurred_at, e.id))
    proj.worldview.on_held(
        seq=e.seq,
        event_id=e.id,
        occurred_at=e.occurred_at,
        entity=c.entity,
        attribute=c.attribute,
        value=c.value,
        evidence_ids=tuple(p.evidence_ids),
    )


def fold_promoted(proj: Projector, e: Any, p: Any) -> None:
    """Fold a ``candidate.promoted`` event: the held claims it names are released."""
    proj.held.release(p.candidate_ids)
    proj.worldview.on_released(e.seq, e.occurred_at, p.candidate_ids)
