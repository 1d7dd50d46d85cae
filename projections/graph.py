"""The memory graph: typed, versioned edges between entities and memory items.

Nodes are strings: entity nodes ``entity:<normalised name>`` (see :func:`entity_node`) and item
nodes (event ids, candidate ids such as ``fact:alice.employer#google``). Edges are directed and
typed by a relation; "these two were nearby once" (``association``) is not the same as "this
one supersedes that one" (``supersedes``, source = newer, target = older).

The graph is a projection. It changes only through :meth:`MemoryGraph.apply_edge` (journaled
edge evidence) and :meth:`MemoryGraph.link` (structural links the runtime derives from committed
claims). Reads never write: co-retrieval is trace evidence, not a graph edit, so there is no
method that adds edges from a read. Every change is a new version stamped with its journal
``seq``, so reads ``as_of_seq`` see the graph exactly as it was.

Edge verbs: ``support``/``contradict``/``supersede``/``generalize``/``derive`` add (or
re-assert) an edge of the matching relation (see :data:`VERB_RELATIONS`); ``reinforce`` adds
``weight`` to an existing edge and ``decay`` subtracts it (clamped to ``[0, MAX_WEIGHT]``);
``expire`` deactivates an edge and ``restore`` reactivates it; ``inhibit`` marks the target node
inhibited (by ``source``) and ``restore`` with the same ``(source, target)`` lifts it. Verbs
aimed at an edge that does not exist change nothing, so a rebuild never fails on them.

Activation is a relation-aware personalized-PageRank pass; see :meth:`MemoryGraph.activate`.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from datetime import datetime
from typing import Any, Literal, cast

from nousmem.projections.graph_models import (
    EDGE_VERBS,
    MAX_WEIGHT,
    RELATIONS,
    VERB_RELATIONS,
    Activation,
    Edge,
    Inhibition,
    Relation,
)

_Key = tuple[str, str, str]


def _node(value: str, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field} must be a non-empty string")
    return value


def _as_of(as_of_seq: int | None) -> int | None:
    if as_of_seq is not None and as_of_seq < 0:
        raise ValueError("as_of_seq must be >= 0")
    return as_of_seq


def _at(versions: list[Any], as_of_seq: int | None, as_of_time: datetime | None = None) -> Any:
    """The latest version with ``seq <= as_of_seq`` (versions are in seq order) and, for an
    event-time read, one whose change had occurred by ``as_of_time`` (a version without an
    ``occurred_at`` counts from its seq alone)."""
    i = len(versions) if as_of_seq is None else bisect_right(versions, as_of_seq, key=_seq)
    if as_of_time is None:
        return versions[i - 1] if i else None
    while i:  # back-dated changes break time order: look back past the later ones
        v = versions[i - 1]
        if v.occurred_at is None or v.occurred_at <= as_of_time:
            return v
        i -= 1
    return None


def _seq(v: Any) -> int:
    return int(v.seq)


class MemoryGraph:
    """Versioned, typed edge projection with as-of reads, BFS and relation-aware activation."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """Forget everything (before a rebuild)."""
        self._edges: dict[_Key, list[Edge]] = {}
        self._adj: dict[str, dict[_Key, None]] = {}
        # The same keys by (node, relation): an entity hub's few entity links are found
        # without walking its every ``mentions`` edge.
        self._rel_adj: dict[tuple[str, str], dict[_Key, None]] = {}
        self._inhib: dict[tuple[str, str], list[Inhibition]] = {}
        self._last_seq = 0

    # -- writes ---------------------------------------------------------------------------

    def _check_seq(self, seq: int) -> None:
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise ValueError("seq must be a positive integer")
        if seq < self._last_seq:
            raise ValueError(f"seq {seq} is older than the last applied seq {self._last_seq}")
        self._last_seq = seq

    def _put(self, edge: Edge) -> Edge:
        key = (edge.source, edge.target, edge.relation)
        versions = self._edges.get(key)
        if versions is None:
            self._edges[key] = [edge]
            for node in (edge.source, edge.target):
                self._adj.setdefault(node, {})[key] = None
                self._rel_adj.setdefault((node, edge.relation), {})[key] = None
            return edge
        cur = versions[-1]
        # An identical re-assertion is not a change; keeping one version keeps as-of reads small.
        if (cur.weight, cur.active, cur.reason) == (edge.weight, edge.active, edge.reason):
            return cur
        versions.append(edge)
        return edge

    def apply_edge(
        self,
        *,
        verb: str,
        relation: str,
        source: str,
        target: str,
        weight: float = 1.0,
        seq: int,
        event_id: str = "",
        reason: str = "",
        occurred_at: datetime | None = None,
    ) -> Edge | None:
        """Fold one piece of edge evidence; returns the resulting edge version, if any."""
        if verb not in EDGE_VERBS:
            raise ValueError(f"verb must be one of {', '.join(EDGE_VERBS)}; got {verb!r}")
        if relation not in RELATIONS:
            raise ValueError(f"relation must be one of {', '.join(RELATIONS)}; got {relation!r}")
        _node(source, "source")
        _node(target, "target")
        if not math.isfinite(weight) or weight < 0:
            raise ValueError("weight must be a finite number >= 0")
        if verb in VERB_RELATIONS and relation not in VERB_RELATIONS[verb]:
            allowed = ", ".join(sorted(VERB_RELATIONS[verb]))
            raise ValueError(
                f"relation {relation!r} cannot be added by {verb!r} (allowed: {allowed})"
            )
        if source == target and verb != "inhibit":
            raise ValueError("target must differ from source")
        self._check_seq(seq)
        stamp: dict[str, Any] = {
            "seq": seq,
            "event_id": event_id,
            "reason": reason,
            "occurred_at": occurred_at,
        }
        if verb == "inhibit":
            self._set_inhibition(source, target, True, stamp)
            return None
        if verb in VERB_RELATIONS:
            rel = cast(Relation, relation)
            w = min(weight, MAX_WEIGHT)
            return self._put(Edge(source=source, target=target, relation=rel, weight=w, **stamp))
        if verb == "restore":
            self._set_inhibition(source, target, False, stamp, only_if_present=True)
        versions = self._edges.get((source, target, relation))
        if versions is None:
            return None
        cur = versions[-1]
        if verb == "reinforce":
            new = {"weight": min(cur.weight + weight, MAX_WEIGHT)}
        elif verb == "decay":
            new = {"weight": max(cur.weight - weight, 0.0)}
        else:  # expire / restore
            new = {"active": verb == "restore"}
        return self._put(cur.model_copy(update={**new, **stamp}))

    def _set_inhibition(
        self,
        source: str,
        target: str,
        active: bool,
        stamp: dict[str, Any],
        *,
        only_if_present: bool = False,
    ) -> None:
        versions = self._inhib.get((source, target))
        if versions is None:
            if only_if_present:
                return
            versions = self._inhib[(source, target)] = []
        elif versions[-1].active == active:
            return
        versions.append(Inhibition(source=source, target=target, active=active, **stamp))

    def link(
        self,
        source: str,
        target: str,
        relation: str,
        *,
        seq: int,
        event_id: str = "",
        weight: float = 1.0,
        reason: str = "",
        occurred_at: datetime | None = None,
    ) -> Edge:
        """Add (or reactivate) a structural edge the runtime derived from a committed claim.

        E.g. ``entity -> item`` ``mentions``, ``entity -> entity`` ``association``.
        """
        if relation not in RELATIONS or relation in ("contradicts", "supersedes"):
            raise ValueError(f"relation {relation!r} is not a structural link relation")
        edge = self.apply_edge(
            verb="derive", relation=relation, source=source, target=target, weight=weight,
            seq=seq, event_id=event_id, reason=reason, occurred_at=occurred_at,
        )  # fmt: skip
        assert edge is not None  # derive always yields an edge
        return edge

    # -- reads ----------------------------------------------------------------------------

    def edge(
        self,
        source: str,
        target: str,
        relation: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> Edge | None:
        """The version of one edge as of ``as_of_seq`` and event time ``as_of_time``
        (latest when ``None``)."""
        versions = self._edges.get((source, target, relation))
        return None if versions is None else _at(versions, _as_of(as_of_seq), as_of_time)

    def edges(
        self,
        node: str | None = None,
        *,
        as_of_seq: int | None = None,
        include_inactive: bool = False,
        relations: Iterable[str] | None = None,
    ) -> list[Edge]:
        """Edges (touching ``node`` if given, of ``relations`` if given) as of a seq, sorted
        by (source, target, relation)."""
        as_of = _as_of(as_of_seq)
        keys: Iterable[_Key] = self._edges if node is None else self._adj.get(node, {})
        if relations is not None:
            rels = frozenset(relations)
            if node is None:
                keys = [k for k in keys if k[2] in rels]
            else:
                keys = [k for r in rels for k in self._rel_adj.get((node, r), {})]
        out = []
        for key in sorted(keys):
            e = _at(self._edges[key], as_of)
            if e is not None and (e.active or include_inactive):
                out.append(e)
        return out

    def neighbors(
        self,
        node: str,
        *,
        as_of_seq: int | None = None,
        relations: Iterable[str] | None = None,
        direction: Literal["out", "in", "both"] = "both",
    ) -> list[str]:
        """Nodes joined to ``node`` by an active edge, sorted."""
        out: set[str] = set()
        for e in self.edges(node, as_of_seq=as_of_seq, relations=relations):
            if e.source == node and direction != "in":
                out.add(e.target)
            if e.target == node and direction != "out":
                out.add(e.source)
        return sorted(out)

    def bfs(
        self,
        seeds: Iterable[str],
        *,
        hops: int = 2,
        as_of_seq: int | None = None,
        relations: Iterable[str] | None = None,
        follow: Callable[[Edge], bool] | None = None,
    ) -> dict[str, int]:
        """Node -> hop distance from the nearest seed (seeds at 0), ordered by distance then id.

        Edges are followed in both directions; ``relations`` restricts which ones, and
        ``follow`` (given each active edge) which of those.
        """
        if hops < 0:
            raise ValueError("hops must be >= 0")
        rels = None if relations is None else tuple(relations)
        dist = {s: 0 for s in sorted({_node(s, "seeds") for s in seeds})}
        frontier = list(dist)
        for d in range(1, hops + 1):
            nxt: set[str] = set()
            for n in frontier:
                for e in self.edges(n, as_of_seq=as_of_seq, relations=rels):
                    if follow is None or follow(e):
                        nxt.add(e.target if e.source == n else e.source)
            frontier = sorted(nxt - dist.keys())
            dist.update((n, d) for n in frontier)
        return dict(sorted(dist.items(), key=lambda kv: (kv[1], kv[0])))

    def inhibitions(
        self, node: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> dict[str, str]:
        """Active inhibitions of ``node``: inhibiting source -> reason."""
        as_of = _as_of(as_of_seq)
        out = {}
        for (src, tgt), versions in sorted(self._inhib.items()):
            i = _at(versions, as_of, as_of_time) if tgt == node else None
            if i is not None and i.active:
                out[src] = i.reason
        return out

    def inhibited(
        self, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[str]:
        """Every node with at least one active inhibition, sorted."""
        as_of = _as_of(as_of_seq)
        out = set()
        for (_, tgt), versions in self._inhib.items():
            i = _at(versions, as_of, as_of_time)
            if i is not None and i.active:
                out.add(tgt)
        return sorted(out)

    def state(self) -> dict[str, Any]:
        """A comparable summary of every version (rebuild-equals-live tests)."""
        return {
            "last_seq": self._last_seq,
            "edges": [[e.model_dump() for e in self._edges[k]] for k in sorted(self._edges)],
            "inhibitions": [[i.model_dump() for i in self._inhib[k]] for k in sorted(self._inhib)],
        }

    # -- activation -----------------------------------------------------------------------

    def activate(
        self,
        seeds: Mapping[str, float],
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
        damping: float = 0.85,
        iterations: int = 20,
        relation_weights: Mapping[str, float] | None = None,
        focus: Literal["fact", "procedure", "preference"] = "fact",
        blocked: Mapping[str, str] | None = None,
        within: AbstractSet[str] | None = None,
    ) -> Activation:
        """Spread relation-aware activation from ``seeds`` (node -> prior score).

        The algorithm and its suppression rules are documented in
        :func:`nousmem.projections.activation.activate`, which this delegates to.
        """
        from nousmem.projections.activation import activate

        return activate(
            self,
            seeds,
            as_of_seq=as_of_seq,
            as_of_time=as_of_time,
            damping=damping,
            iterations=iterations,
            relation_weights=relation_weights,
            focus=focus,
            blocked=blocked,
            within=within,
        )
