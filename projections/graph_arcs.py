"""What activation sees of one graph node: the transfer view of its edges.

:func:`node_arcs` turns a node's active edges (as of a seq and an event time) into positive
strengths towards its neighbours, the neighbours it suppresses and the ones cut off from it;
:mod:`.activation` walks these arcs. The activation tunings that shape them (the focus boost
and the ranking of suppression reasons) live here with them. Split from ``graph.py``, which
stores the versioned edges read here.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from nousmem.projections.graph import MemoryGraph, _at
from nousmem.projections.graph_models import BACKWARD_FACTOR

FOCUS_BOOST = 2.0
_FOCUS_RELATION = {"procedure": "procedure_for", "preference": "preference_of"}
_PRIORITY = {"blocked": 0, "superseded": 1, "contradicted": 2}


class _Arcs:
    """Transfer view of one node: positive strengths and suppressions towards its neighbours."""

    def __init__(self) -> None:
        self.strength: dict[str, float] = {}
        self.suppress: dict[str, str] = {}  # neighbour -> "superseded" | "contradicted"
        self.cut: set[str] = set()  # neighbours nothing flows to, without suppressing them


def node_arcs(
    graph: MemoryGraph,
    node: str,
    as_of: int | None,
    weights: Mapping[str, float],
    as_of_time: datetime | None = None,
) -> _Arcs:
    """The arcs of ``node``'s active edges as of ``as_of`` (and event time ``as_of_time``),
    each relation transferring at its strength in ``weights``."""
    arcs = _Arcs()
    for key in sorted(graph._adj.get(node, {})):
        e = _at(graph._edges[key], as_of, as_of_time)
        if e is None or not e.active:
            continue
        forward = e.source == node
        other = e.target if forward else e.source
        if e.relation == "contradicts":
            if forward:
                arcs.suppress.setdefault(other, "contradicted")
            else:
                # Nothing flows either way across a contradiction, but the item that
                # contradicts is not the one in doubt: it stays unsuppressed.
                arcs.cut.add(other)
        elif e.relation == "supersedes" and forward:
            # Newer -> older: fine to reach for history, never to amplify the old item.
            arcs.suppress[other] = "superseded"  # outranks "contradicted"
        else:
            s = e.weight * weights[e.relation]
            if not forward:
                s *= BACKWARD_FACTOR.get(e.relation, 1.0)
            if s > 0:
                arcs.strength[other] = arcs.strength.get(other, 0.0) + s
    for other in (*arcs.suppress, *arcs.cut):  # these win over any positive relation
        arcs.strength.pop(other, None)
    return arcs
