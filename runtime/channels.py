"""The candidate channels of a read (lexical, neighbour, temporal, audit, dense; the belief
channel and the state helpers they share are :class:`~.fact_channel.FactChannel`'s).
:class:`~nousmem.runtime.query.QueryEngine` fuses them.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from nousmem.policies.planner import QueryPlan
from nousmem.projections.retrieval import Snippet
from nousmem.runtime.dated_channels import audit, temporal
from nousmem.runtime.dense import DenseIndex
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.fact_channel import FactChannel
from nousmem.runtime.journal.base import Journal
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint


class Channels(FactChannel):
    """Candidate generation over one namespace's projector and journal."""

    def __init__(self, proj: Projector, journal: Journal, namespace: str) -> None:
        self.proj = proj
        self.journal = journal
        self.namespace = namespace
        self.dense: DenseIndex | None = None

    def _in_view(self, doc: DocRow, at: ReadPoint) -> bool:
        return doc.seq <= at.seq and (at.time is None or doc.occurred_at <= at.time)

    # -- lexical ---------------------------------------------------------------------------

    async def _lexical(
        self,
        fts: str | None,
        at: ReadPoint,
        limit: int,
        rank_seq: int | None = None,
        *,
        relaxed: bool = False,
    ) -> dict[str, float]:
        """Observation id -> BM25 score (larger is better), best first, ranked among the
        events up to ``rank_seq`` (default ``at.seq``). ``relaxed``: the filler query, which
        ranks ``relaxed_window`` matches instead of ``rank_window``."""
        if not fts:
            return {}
        cfg = self.proj.config.retrieval
        hits = await self.journal.search(
            self.namespace,
            fts,
            limit=limit,
            max_seq=at.seq if rank_seq is None else min(rank_seq, at.seq),
            window=cfg.relaxed_window if relaxed else cfg.rank_window,
        )
        out: dict[str, float] = {}
        docs = self.proj.docs
        for h in hits:
            doc = docs.get(h.event_id)
            if doc is None:
                continue
            targets = [doc.event_id] if doc.kind == "observation" else list(doc.evidence_ids)
            for t in targets:
                if t in docs and t not in out and self._in_view(docs[t], at):
                    out[t] = max(h.score, 0.0)
        return out

    def lexical_scores(self, bm25: dict[str, float], weight: float) -> dict[str, float]:
        """Lexical contributions from BM25 relative to the best hit. Reciprocal ranks would
        give the 30th hit two thirds of the first one's weight however weakly it matches;
        ``lexical_exponent`` keeps the gap between a hit on every rare term and one on a
        single common word."""
        cfg = self.proj.config.retrieval
        top = max(bm25.values(), default=0.0) or 1.0
        w = weight / (cfg.rrf_k + 1)
        return {e: w * (s / top) ** cfg.lexical_exponent for e, s in bm25.items()}

    # -- neighbours ------------------------------------------------------------------------

    def _neighbors(
        self, sources: dict[str, float], at: ReadPoint, wants_list: bool
    ) -> dict[str, float]:
        """Turns around the lexical hits, each scored as a share of its best hit's score.

        The answer to a matched question is usually the next turn, which shares no word with
        it; a hit's surroundings are context only within ``neighbor_max_gap_s`` of it (past
        that they belong to another conversation). ``sources``: hit -> score. Returns the
        ``lexical_k`` best.
        """
        proj = self.proj
        cfg = proj.config.retrieval
        share = cfg.channel_weights.get("neighbor", 1.0)
        if wants_list:  # a list wants breadth: other hits, not the context of the first
            share *= cfg.neighbor_list_share
        gap = cfg.neighbor_max_gap_s
        window = cfg.neighbor_window
        # Each offset's share of its hit's score, and the reply's (the turn after a question).
        shares = {
            d: (cfg.neighbor_after if d > 0 else cfg.neighbor_before)
            * cfg.neighbor_step ** (abs(d) - 1)
            for d in range(-window, window + 1)
            if d
        }
        reply = shares.get(1, 0.0) * cfg.neighbor_reply_boost
        docs, seqs, by_seq = proj.docs, proj.obs_seqs, proj.obs_by_seq
        out: dict[str, float] = {}
        for eid, base in sources.items():
            src = docs[eid]
            asks = src.text.rstrip().endswith("?")
            i = bisect.bisect_left(seqs, src.seq)
            for d, f in shares.items():
                j = i + d
                if not 0 <= j < len(seqs):
                    continue
                other = by_seq[seqs[j]]
                doc = docs.get(other)
                if doc is None or not self._in_view(doc, at):
                    continue
                if (
                    gap is not None
                    and abs((doc.occurred_at - src.occurred_at).total_seconds()) > gap
                ):
                    continue
                v = base * (reply if asks and d == 1 else f) * share
                if v > out.get(other, 0.0):
                    out[other] = v
        # As many as the lexical channel brings: each candidate costs a gate check and a
        # snippet, and past these the weakest neighbours never make the budget.
        new = sorted(
            (kv for kv in out.items() if kv[0] not in sources), key=lambda kv: (-kv[1], kv[0])
        )
        return {e: v for e, v in out.items() if e in sources} | dict(new[: cfg.lexical_k])

    # -- beliefs, time, audit, dense -------------------------------------------------------

    def _temporal(self, plan: QueryPlan, lexical: Sequence[str], at: ReadPoint) -> list[str]:
        """Observations dated inside the question's time expressions (see
        :func:`~nousmem.runtime.dated_channels.temporal`)."""
        return temporal(self.proj, plan, lexical, at, self._in_view)

    def _audit(self, plan: QueryPlan, at: ReadPoint) -> dict[str, Snippet]:
        return audit(self.proj, plan, at)

    async def _dense_rank(self, question: str, at: ReadPoint) -> list[str]:
        """Observations by similarity to the question, through the user's embedder."""
        assert self.dense is not None
        await self.dense.catch_up(lambda: self.proj.docs)
        return await self.dense.rank(
            question,
            as_of_seq=at.seq,
            as_of_time=at.time,
            admit=self.proj.docs.__contains__,
            limit=50,
        )
