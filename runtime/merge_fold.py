"""Folding an accepted entity merge (``identity.merged``) into every projection it touches.

The beliefs mix, the graph links the two entity nodes, and the worldview and the lifecycle
carry what they recorded about the absorbed entity over to the kept one from the merge's
seq and event time on (see :mod:`nousmem.projections.worldview_merge`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nousmem.projections.graph_models import entity_node
from nousmem.projections.worldview_merge import carry_lifecycle

if TYPE_CHECKING:
    from nousmem.runtime.projector import Projector


def fold_merge(proj: Projector, e: Any, p: Any) -> None:
    """Apply the merge event ``e`` (payload ``p``: ``keep``, ``absorb``) to ``proj``."""
    # The single values each side held: the merged belief holds one of them (or another),
    # and the ones it does not hold lose the slot at the merge, as a revision that moved the
    # mode would make them (else a value only one side held stayed current for good).
    held = list(
        dict.fromkeys(
            (s.attribute, s.mode)
            for name in (p.keep, p.absorb)
            for s in proj.beliefs.snapshots(name, deltas=False)
            if s.cardinality == "single" and s.mode is not None
        )
    )
    # Checked when it was journaled; an erasure since may have left either side no beliefs.
    proj.beliefs.apply_merge(
        p.keep, p.absorb, seq=e.seq, event_id=e.id, strict=False, occurred_at=e.occurred_at
    )
    proj.graph.link(
        entity_node(p.absorb),
        entity_node(p.keep),
        "same_as",
        seq=e.seq,
        event_id=e.id,
        occurred_at=e.occurred_at,
    )
    moved = proj.worldview.on_merged(p.keep, p.absorb, seq=e.seq, occurred_at=e.occurred_at)
    if held:
        now = {s.attribute: s.mode for s in proj.beliefs.snapshots(p.keep, deltas=False)}
        proj.worldview.on_merged_modes(p.keep, held, now, seq=e.seq, occurred_at=e.occurred_at)
    carry_lifecycle(proj.lifecycle, moved, seq=e.seq, occurred_at=e.occurred_at, event_id=e.id)
