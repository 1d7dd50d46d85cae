"""The graph's vocabulary: relations, edge verbs, default weights and its frozen records.

:mod:`nousmem.projections.graph` folds edges into a :class:`~.graph.MemoryGraph`; what an
edge, an inhibition and an activation result are is defined here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from nousmem.projections.belief_models import match_key

__all__ = [
    "BACKWARD_FACTOR",
    "EDGE_VERBS",
    "MAX_WEIGHT",
    "RELATIONS",
    "RELATION_WEIGHTS",
    "VERB_RELATIONS",
    "Activation",
    "Edge",
    "EdgeVerb",
    "Inhibition",
    "Relation",
    "entity_node",
]

Relation = Literal[
    "association",
    "supports",
    "contradicts",
    "supersedes",
    "evidence_for",
    "procedure_for",
    "preference_of",
    "generalizes",
    "specializes",
    "same_as",
    "mentions",
]
RELATIONS: tuple[str, ...] = Relation.__args__  # type: ignore[attr-defined]
EdgeVerb = Literal[
    "support", "contradict", "supersede", "inhibit", "reinforce",
    "decay", "expire", "restore", "generalize", "derive",
]  # fmt: skip
EDGE_VERBS: tuple[str, ...] = EdgeVerb.__args__  # type: ignore[attr-defined]
VERB_RELATIONS: dict[str, frozenset[str]] = {
    "support": frozenset({"supports"}),
    "contradict": frozenset({"contradicts"}),
    "supersede": frozenset({"supersedes"}),
    "generalize": frozenset({"generalizes", "specializes"}),
    # Contradiction and supersession have their own verbs so that they are always explicit.
    "derive": frozenset(RELATIONS) - {"contradicts", "supersedes"},
}
"""Verbs that add an edge, and the relations each may add."""
MAX_WEIGHT = 10.0
"""Reinforcement cap: keeps one much-used edge from drowning every other path."""

RELATION_WEIGHTS: dict[str, float] = {
    "same_as": 1.0,
    "supports": 1.0,
    "supersedes": 0.9,  # only old -> new transfers; new -> old suppresses
    "evidence_for": 0.8,
    "generalizes": 0.6,
    "specializes": 0.6,
    "mentions": 0.5,
    "procedure_for": 0.5,
    "preference_of": 0.5,
    "association": 0.4,
}
"""Default transfer strength per relation (``contradicts`` never transfers)."""
BACKWARD_FACTOR: dict[str, float] = {"supports": 0.8, "evidence_for": 0.8}
"""Transfer against an edge's direction, as a fraction of the forward strength (default 1)."""


def entity_node(name: str) -> str:
    """The node id of an entity: ``entity:`` + its case-folded, whitespace-collapsed name."""
    key = match_key(name)
    if not key:
        raise ValueError("name must not be empty")
    return f"entity:{key}"


class Edge(BaseModel):
    """One version of a typed edge; ``seq``/``event_id`` name the change that produced it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    target: str
    relation: Relation
    weight: float
    active: bool = True
    seq: int
    event_id: str = ""
    reason: str = ""
    occurred_at: datetime | None = None
    """Event time of the change (event-time reads skip changes that occurred later)."""


class Inhibition(BaseModel):
    """One version of ``source`` inhibiting node ``target``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    target: str
    active: bool
    seq: int
    event_id: str = ""
    reason: str = ""
    occurred_at: datetime | None = None


class Activation(BaseModel):
    """Result of :meth:`MemoryGraph.activate`.

    ``scores`` lists nodes by descending score (ties by node id); ``paths`` gives each scored
    or suppressed node the strongest path from a seed; ``suppressed`` says why a node was
    refused activation ("inhibited", "superseded by X", "contradicted by X"); ``reached``
    gives each node activation reached across an edge the path that reached it: for a
    suppressed node the strongest path to what suppressed it, then the node; for a scored
    one the strongest path that lent it activation. A seed's ``paths`` entry is the seed
    itself, while its ``reached`` entry shows what else flowed into it or refused it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    scores: dict[str, float]
    paths: dict[str, list[str]]
    suppressed: dict[str, str]
    reached: dict[str, list[str]] = {}

    def ranked(self, *, include_suppressed: bool = False) -> list[tuple[str, float]]:
        """``(node, score)`` best first; suppressed nodes are left out unless asked for."""
        return [
            (n, s) for n, s in self.scores.items() if include_suppressed or n not in self.suppressed
        ]
