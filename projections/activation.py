"""Relation-aware activation over the memory graph: personalized PageRank in which
``contradicts``, wrong-way ``supersedes``, inhibited and blocked nodes suppress instead of
amplifying. Split from ``graph.py``, which stores the versioned edges this module walks.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from datetime import datetime
from typing import Any, Literal

import numpy as np

from nousmem.projections.graph import MemoryGraph, _as_of, _node
from nousmem.projections.graph_arcs import _FOCUS_RELATION, _PRIORITY, FOCUS_BOOST, _Arcs, node_arcs
from nousmem.projections.graph_models import RELATION_WEIGHTS, Activation


def activate(
    graph: MemoryGraph,
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
    """Spread activation from ``seeds`` (node -> prior score, e.g. fused ranks).

    ``within`` (optional) confines the walk to those nodes (seeds are always inside), so a
    read over a large graph costs what its candidates cost, not what the hubs fan out to.

    Personalized PageRank, ``iterations`` rounds of ``x = (1-d)·p + d·Tᵀx``. An arc u -> v
    carries ``weight × relation strength`` (:data:`RELATION_WEIGHTS`, overridable by
    ``relation_weights``; against an edge's direction × :data:`BACKWARD_FACTOR`;
    ``procedure_for``/``preference_of`` × :data:`FOCUS_BOOST` under the matching ``focus``),
    divided by ``max(1, total out-strength of u)``: a lone weak edge leaks most of its mass
    instead of passing it all on, while a hub still spreads at most what it holds.

    Suppression: no activation crosses a ``contradicts`` edge in either direction, and
    an activated node suppresses what it contradicts (the edge's target; the source that
    contradicts it is not in doubt and stays unsuppressed). ``supersedes`` from the newer
    to the older item, inhibited nodes and ``blocked`` nodes (node -> reason, e.g. hidden
    by the lifecycle) never receive activation through that arc either; every such node
    reached from an activated node, or seeded, is listed in ``suppressed`` with the reason
    (and, when an edge refused it, in ``reached`` with the path that did). Inhibited and
    blocked nodes get no score at all and pass nothing on.
    """
    as_of = _as_of(as_of_seq)
    if not 0.0 < damping < 1.0:
        raise ValueError("damping must be in (0, 1)")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError("iterations must be a positive integer")
    if focus not in ("fact", "procedure", "preference"):
        raise ValueError("focus must be one of fact, procedure, preference")
    weights = dict(RELATION_WEIGHTS)
    for rel, w in (relation_weights or {}).items():
        if rel not in RELATION_WEIGHTS:
            raise ValueError(f"relation_weights: {rel!r} is not a transferring relation")
        if not math.isfinite(w) or w < 0:
            raise ValueError(f"relation_weights[{rel!r}] must be a finite number >= 0")
        weights[rel] = w
    if focus in _FOCUS_RELATION:
        weights[_FOCUS_RELATION[focus]] *= FOCUS_BOOST
    block = {n: "inhibited" for n in graph.inhibited(as_of_seq=as_of, as_of_time=as_of_time)}
    block.update(blocked or {})

    # candidate suppressions: node -> (priority, -source score, source, reason)
    found: dict[str, tuple[int, float, str, str]] = {}

    def suppress(node: str, kind: str, src: str, score: float, reason: str) -> None:
        cand = (_PRIORITY[kind], -score, src, reason)
        if node not in found or cand < found[node]:
            found[node] = cand

    prior: dict[str, float] = {}
    for s, v in sorted(seeds.items()):
        _node(s, "seeds")
        if not math.isfinite(v) or v < 0:
            raise ValueError(f"seeds[{s!r}] must be a finite number >= 0")
        if s in block:
            suppress(s, "blocked", s, math.inf, block[s])
        elif v > 0:
            prior[s] = v

    # The ball of radius `iterations`: mass cannot travel further in that many rounds.
    arcs: dict[str, _Arcs] = {}
    frontier = sorted(prior)
    for _ in range(iterations + 1):
        nxt: set[str] = set()
        for n in frontier:
            arcs[n] = node_arcs(graph, n, as_of, weights, as_of_time)
            nxt.update(
                o for o in arcs[n].strength if o not in block and (within is None or o in within)
            )
        frontier = sorted(nxt - arcs.keys())
    nodes = sorted(arcs)
    index = {n: i for i, n in enumerate(nodes)}
    src_l, dst_l, prob_l = [], [], []
    for n in nodes:
        a = arcs[n]
        denom = max(1.0, sum(w for o, w in sorted(a.strength.items()) if o not in block))
        for o, w in sorted(a.strength.items()):
            if o in index and o not in block:
                src_l.append(index[n])
                dst_l.append(index[o])
                prob_l.append(w / denom)
    src, dst, prob = np.array(src_l, int), np.array(dst_l, int), np.array(prob_l, float)
    total = math.fsum(prior.values())
    p = np.array([prior.get(n, 0.0) / total if total else 0.0 for n in nodes], float)
    x = p.copy()
    for _ in range(iterations):
        spread = np.bincount(dst, weights=x[src] * prob, minlength=len(nodes))
        x = (1.0 - damping) * p + damping * spread
    score = {n: float(x[i]) for i, n in enumerate(nodes) if x[i] > 0}

    for n, sc in score.items():
        for o, kind in sorted(arcs[n].suppress.items()):
            verb = "superseded" if kind == "superseded" else "contradicted"
            suppress(o, kind, n, sc, f"{verb} by {n}")
        for o in sorted(arcs[n].strength):
            if o in block:
                suppress(o, "blocked", n, sc, block[o])

    paths, strength = best_paths(prior, nodes, index, src, dst, prob, damping, iterations)
    # A seed's strongest path is itself; what reached it across an edge is told apart.
    reached: dict[str, tuple[float, int, list[str]]] = {}
    for s, d, pr in zip(src.tolist(), dst.tolist(), prob.tolist(), strict=True):
        u, v = nodes[s], nodes[d]
        if u not in paths or v in paths[u] or len(paths[u]) > iterations:
            continue
        cand = (-strength[u] * damping * pr, len(paths[u]), [*paths[u], v])
        if v not in reached or cand < reached[v]:
            reached[v] = cand
    arrived = {n: r[2] for n, r in reached.items() if n in score}
    for node, (_, _, via, _) in found.items():
        if via != node and via in paths:
            # Refused across an edge: the path is the one that refused it, seed or not.
            arrived[node] = [*paths[via], node]
            paths.setdefault(node, arrived[node])
        else:
            arrived.pop(node, None)
        paths.setdefault(node, [node])
    return Activation(
        scores=dict(sorted(score.items(), key=lambda kv: (-kv[1], kv[0]))),
        paths=dict(sorted(paths.items())),
        suppressed={n: found[n][3] for n in sorted(found)},
        reached=dict(sorted(arrived.items())),
    )


def best_paths(
    prior: Mapping[str, float],
    nodes: list[str],
    index: Mapping[str, int],
    src: np.ndarray[Any, Any],
    dst: np.ndarray[Any, Any],
    prob: np.ndarray[Any, Any],
    damping: float,
    max_hops: int,
) -> tuple[dict[str, list[str]], dict[str, float]]:
    """Strongest (max-product) path from a seed to each node, and its strength (the seed's
    share times ``damping × transfer`` per hop); ties: fewer hops, then ids."""
    out: dict[int, list[tuple[int, float]]] = {}
    for s, d, pr in zip(src.tolist(), dst.tolist(), prob.tolist(), strict=True):
        out.setdefault(s, []).append((d, pr))
    heap: list[tuple[float, int, tuple[str, ...]]] = [(-v, 0, (n,)) for n, v in prior.items()]
    heapq.heapify(heap)
    done: dict[str, list[str]] = {}
    strength: dict[str, float] = {}
    while heap:
        neg, hops, path = heapq.heappop(heap)
        if path[-1] in done:
            continue
        done[path[-1]] = list(path)
        strength[path[-1]] = -neg
        if hops == max_hops:
            continue
        for d, pr in out.get(index[path[-1]], []):
            if nodes[d] not in done:
                heapq.heappush(heap, (neg * damping * pr, hops + 1, (*path, nodes[d])))
    return done, strength
