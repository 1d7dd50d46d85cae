"""Adjustments of a read's fused scores: how much each turn is likely to say (``focus``)
and what relation-aware activation lends or suppresses (``graph``). Split from
``query.py``; :class:`~nousmem.runtime.query.QueryEngine` runs them between fusion and
packing.
"""

from __future__ import annotations

from typing import Any

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import match_key
from nousmem.projections.lifecycle import FULL_LENSES
from nousmem.runtime.packing import Packing
from nousmem.runtime.visibility import ReadPoint

__all__ = ["TRACE_PATHS", "TRACE_SUPPRESSIONS", "Adjustments"]

# The trace's activation record stays bounded however large the graph is.
TRACE_PATHS = 20
TRACE_SUPPRESSIONS = 200


class Adjustments(Packing):
    """The score adjustments of :class:`~nousmem.runtime.query.QueryEngine`."""

    def _focus(self, fused: dict[str, dict[str, float]], plan: QueryPlan) -> None:
        """Scale each turn by how much it is likely to say, as a ``focus`` component.

        A question that names a speaker is answered by what that speaker said: when one of
        the candidates is theirs, other speakers' turns score ``speaker_focus`` of their
        score (they have already lent it to the turns around them). A turn that asks a
        question (ends with ``?``) states little: ``question_turn_share``. BM25 favours
        short turns, which say less: ``length_prior`` evens that out.
        """
        cfg = self.proj.config.retrieval
        docs = self.proj.docs
        turns = [
            (e, d) for e in fused if (d := docs.get(e)) is not None and d.kind == "observation"
        ]
        if not turns:
            return
        named = {match_key(n) for n in plan.entities}
        speakers = {match_key(d.actor) for _, d in turns if d.actor}
        focus = cfg.speaker_focus if named & speakers else 1.0
        mean = sum(d.cost for _, d in turns) / len(turns)
        for e, doc in turns:
            f = (doc.cost / mean) ** cfg.length_prior
            if doc.actor and match_key(doc.actor) not in named:
                f *= focus
            if doc.bare_text.rstrip().endswith("?"):
                f *= cfg.question_turn_share
            if f != 1.0:
                # An adjustment of its own, not a rescaled channel: the trace shows it.
                comps = fused[e]
                comps["focus"] = (f - 1.0) * sum(comps.values())

    def _activate(
        self, fused: dict[str, dict[str, float]], lens: str, at: ReadPoint, procedural: bool
    ) -> tuple[dict[str, str], dict[str, Any]]:
        """Relation-aware activation over the candidates. Returns the suppressions of
        candidates by reason, and the activation record the trace keeps: the strongest
        paths along which activation reached a candidate from another node (best first, at
        most ``TRACE_PATHS``) and every node it suppressed (any node: the write path's
        ``contradict``/``supersede`` edges target belief candidates, not documents), each
        with its reason and the path that reached it (at most ``TRACE_SUPPRESSIONS``)."""
        cfg = self.proj.config.retrieval
        docs = self.proj.docs
        best = sorted(fused.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
        seeds = {i: sum(c.values()) for i, c in best[: cfg.graph_seeds] if i in docs}
        if not seeds or cfg.graph_weight <= 0:
            return {}, {}
        blocked = (
            {}
            if lens in FULL_LENSES
            else self.proj.lifecycle.hidden(as_of_seq=at.seq, as_of_time=at.time)
        )
        act = self.proj.graph.activate(
            seeds,
            as_of_seq=at.seq,
            as_of_time=at.time,
            blocked=blocked,
            focus="procedure" if procedural else "fact",
            # Confined to the candidates: entity hubs would fan out to the whole namespace.
            within=fused.keys(),
            iterations=10,
        )
        peak = max(act.scores.values(), default=0.0) or 1.0
        lent: list[dict[str, Any]] = []
        for node, score in act.scores.items():
            if node in docs and node in fused:
                fused[node]["graph"] = cfg.graph_weight * score / peak / cfg.rrf_k
                path = act.reached.get(node)
                if path and node not in act.suppressed and len(lent) < TRACE_PATHS:
                    lent.append({"id": node, "score": round(score / peak, 9), "path": path})
        record = {
            "seeds": len(seeds),
            "paths": lent,
            "suppressed": [
                {"id": n, "reason": r, "path": act.reached.get(n) or act.paths.get(n, [n])}
                for n, r in list(act.suppressed.items())[:TRACE_SUPPRESSIONS]
            ],
        }
        return {n: r for n, r in act.suppressed.items() if n in docs}, record
