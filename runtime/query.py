"""The retrieval pipeline behind ``rt.query``: plan, channels, fusion, activation, gates,
packing. Everything it reads is bounded by ``as_of_seq`` so a trace can be replayed.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Protocol, runtime_checkable

import numpy as np

from nousmem.policies.planner import QueryPlan, plan_query
from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.graph import entity_node
from nousmem.projections.lexical import date_label, fts_query, tokens
from nousmem.projections.lifecycle import HIDDEN, expired
from nousmem.projections.retrieval import (
    Snippet,
    Suppressed,
    count_tokens,
    pack,
    rrf,
)
from nousmem.projections.worldview_models import WorldviewSnapshot
from nousmem.runtime.journal.base import Journal
from nousmem.runtime.projector import DocRow, Projector


@runtime_checkable
class Embedder(Protocol):
    """Optional dense channel: the user supplies the model (none is bundled)."""

    def embed(self, texts: Sequence[str]) -> Sequence[Sequence[float]]:
        """Embed texts; must be deterministic for replays to be exact."""
        ...


@dataclass
class Retrieval:
    """Everything one read produced (the context parts and the trace parts)."""

    plan: QueryPlan
    as_of_seq: int
    worldview: WorldviewSnapshot
    worldview_text: str
    snippets: list[Snippet]
    suppressed: list[Suppressed]
    candidates: list[dict[str, Any]] = field(default_factory=list)


def _fact_line(snap: BeliefSnapshot, wants_list: bool) -> tuple[str, list[str]]:
    """``Melanie activity: pottery (since 8 May 2023); camping (20 June 2023)``."""
    seen = {match_key(o.value): o for o in snap.observed_values}
    if snap.cardinality == "single":
        values = [snap.mode] if snap.mode and snap.mode != UNKNOWN else []
        if wants_list or not values:
            values += [o.value for o in snap.observed_values if o.value not in values]
    else:
        values = list(snap.held)
        if wants_list:
            values += [o.value for o in snap.observed_values if o.value not in values]
    parts = []
    for v in values:
        o = seen.get(match_key(v))
        if o is not None:
            when = date_label(o.first_seen)
            if o.last_seen.date() != o.first_seen.date():
                when += f" to {date_label(o.last_seen)}"
            parts.append(f"{v} ({when})")
        else:
            parts.append(v)
    attr = snap.attribute.replace("_", " ")
    return f"{snap.entity} {attr}: " + "; ".join(parts), values


class QueryEngine:
    """Stateless over a projector and a journal; one instance per runtime."""

    def __init__(self, proj: Projector, journal: Journal, namespace: str) -> None:
        self.proj = proj
        self.journal = journal
        self.namespace = namespace
        self.embedder: Embedder | None = None
        self._dense_ids: list[str] = []
        self._dense: np.ndarray[Any, np.dtype[np.float64]] | None = None

    def _visible(self, doc: DocRow, lens: str, as_of_seq: int, now: datetime | None) -> str | None:
        """None when the doc may enter context through ``lens``; else the suppression reason."""
        if lens in ("historical", "audit"):
            return None
        state = self._state_of(doc.event_id, as_of_seq)
        if state in HIDDEN:
            return f"lifecycle: {state}"
        ttl = self.proj.config.ttl.for_type(doc.obs_type)
        if ttl is not None and now is not None and expired(doc.occurred_at, ttl, now):
            return f"expired: {doc.obs_type} TTL of {ttl:g} days passed"
        return None

    def expired_attribute(self, attribute: str, last_seen: datetime, now: datetime) -> bool:
        """Attribute TTL (``AttributeSpec.ttl_days``) as a projection of event time."""
        return expired(last_seen, self.proj.config.attributes.spec(attribute).ttl_days, now)

    async def run(
        self,
        question: str,
        *,
        lens: str,
        budget_tokens: int,
        as_of_seq: int,
        k: int | None,
        trust: Any,
    ) -> Retrieval:
        proj = self.proj
        cfg = proj.config.retrieval
        now = proj.now(as_of_seq)
        plan = plan_query(question, lens=lens, known_entities=proj.known_entities(), ref_time=now)
        rankings: dict[str, Sequence[str]] = {}
        facts: dict[str, Snippet] = {}

        # lexical (FTS5), deltas mapped to their evidence observations
        lexical: list[str] = []
        # Names of the question's entities match a large share of the corpus (speakers are in
        # every turn they say) and only add noise to BM25; they steer the entity channel.
        names = {t for n in plan.entities for t in tokens(n)}
        fts = fts_query(" ".join(t for t in plan.terms if t not in names)) or plan.fts
        if fts:
            hits = await self.journal.search(
                self.namespace, fts, limit=cfg.lexical_k, max_seq=as_of_seq
            )
            for h in hits:
                doc = proj.docs.get(h.event_id)
                if doc is None:
                    continue
                targets = [doc.event_id] if doc.kind == "observation" else list(doc.evidence_ids)
                for t in targets:
                    if t in proj.docs and t not in lexical:
                        lexical.append(t)
        rankings["lexical"] = lexical
        if plan.entities:
            keys = {match_key(n) for n in plan.entities}
            rankings["entity"] = [e for e in lexical
                                  if match_key(proj.docs[e].actor or "") in keys]

        # neighbours of the best lexical hits (dialogue context)
        if cfg.neighbor_window and lexical:
            near: list[str] = []
            for eid in lexical[:10]:
                doc = proj.docs[eid]
                i = bisect.bisect_left(proj.obs_seqs, doc.seq)
                for j in range(i - cfg.neighbor_window, i + cfg.neighbor_window + 1):
                    if j == i or not 0 <= j < len(proj.obs_seqs):
                        continue
                    s = proj.obs_seqs[j]
                    if s <= as_of_seq and proj.obs_by_seq[s] not in near:
                        near.append(proj.obs_by_seq[s])
            rankings["neighbor"] = near

        # belief fact lines for the question's entities
        qterms = set(plan.terms)
        fact_rank: list[tuple[float, str, Snippet]] = []
        belief_obs: list[str] = []
        for name in plan.entities:
            for snap in proj.beliefs.snapshots(name, as_of_seq=as_of_seq):
                text, values = _fact_line(snap, plan.wants_list)
                if not values:
                    continue
                overlap = len(qterms & set(tokens(text)) - {match_key(name)})
                attr_hit = snap.attribute.replace("_", " ") in plan.question.casefold()
                rel = overlap + (2 if attr_hit else 0)
                ev: list[str] = []
                for v in values:
                    key = (match_key(snap.entity), snap.attribute, match_key(v))
                    for row in proj.worldview.support.get(key, ()):
                        if row.seq <= as_of_seq and row.polarity == "assert":
                            ev.extend(e for e in row.evidence_ids if e in proj.docs)
                ev = list(dict.fromkeys(ev))
                sid = f"fact:{match_key(snap.entity)}.{snap.attribute}"
                snip = Snippet(
                    id=sid,
                    kind="fact",
                    text=text,
                    score=0.0,
                    event_ids=tuple(ev),
                    refs=tuple(r for r in (proj.docs[e].ref for e in ev) if r),
                    occurred_at=max((o.last_seen for o in snap.observed_values), default=None),
                    tokens=count_tokens(text),
                )
                fact_rank.append((-rel, sid, snip))
        fact_rank.sort(key=lambda x: (x[0], x[1]))
        for neg_rel, sid, snip in fact_rank[: cfg.fact_lines]:
            if neg_rel < 0:
                facts[sid] = snip
                for e in snip.event_ids:
                    if e not in belief_obs:
                        belief_obs.append(e)
        rankings["belief"] = list(facts) + belief_obs

        # temporal: observations whose date falls in a time expression of the question
        if plan.times:
            spans = [(date.fromisoformat(s), date.fromisoformat(e)) for _, s, e in plan.times]
            inside = [
                d.event_id
                for d in proj.docs.values()
                if d.kind == "observation"
                and d.seq <= as_of_seq
                and any(a <= d.occurred_at.date() <= b for a, b in spans)
            ]
            lex_pos = {e: i for i, e in enumerate(lexical)}
            inside.sort(key=lambda e: (lex_pos.get(e, 1 << 30), proj.docs[e].seq))
            rankings["temporal"] = inside[:50]

        if self.embedder is not None:
            rankings["dense"] = self._dense_rank(plan.question, as_of_seq)

        # the audit lens also reads refused and quarantined writes (content redacted)
        audit: dict[str, Snippet] = {}
        if lens == "audit":
            scored = []
            for seq, item in proj.worldview.audit_rows:
                if seq > as_of_seq:
                    continue
                why = "; ".join(item.reasons)
                text = f"[{date_label(item.occurred_at)}] {item.kind}: {item.summary} ({why})"
                overlap = len(qterms & set(tokens(text)))
                scored.append((-overlap, -seq, item.event_id, text, item.occurred_at))
            for _, _, eid, text, at in sorted(scored)[:20]:
                audit[eid] = Snippet(id=eid, kind="audit", text=text, score=0.0,
                                     event_ids=(eid,), occurred_at=at,
                                     tokens=count_tokens(text))
            rankings["audit"] = list(audit)

        fused = rrf(rankings, k=cfg.rrf_k, weights=cfg.channel_weights)

        # graph activation from the best fused items and the question's entities
        seeds: dict[str, float] = {}
        for item, comps in sorted(fused.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))[
            : cfg.graph_seeds
        ]:
            if not item.startswith("fact:"):
                seeds[item] = sum(comps.values())
        graph_sup: dict[str, str] = {}
        if seeds and cfg.graph_weight > 0:
            blocked = (
                {}
                if lens in ("historical", "audit")
                else proj.lifecycle.hidden(as_of_seq=as_of_seq)
            )
            act = proj.graph.activate(
                seeds, as_of_seq=as_of_seq, blocked=blocked,
                focus="procedure" if plan.procedural else "fact",
                # Confined to the candidates: entity hubs would fan out to the whole namespace.
                within=fused.keys(), iterations=10,
            )
            peak = max(act.scores.values(), default=0.0) or 1.0
            for node, score in act.scores.items():
                if node in proj.docs and node in fused:
                    fused[node]["graph"] = cfg.graph_weight * score / peak / cfg.rrf_k
            graph_sup = {n: r for n, r in act.suppressed.items() if n in proj.docs}

        # gates and snippets
        suppressed: list[Suppressed] = []
        cands: list[Snippet] = []
        for item, comps in fused.items():
            if item in audit:
                cands.append(audit[item].model_copy(update={
                    "score": sum(comps.values()), "components": comps,
                    "channels": tuple(sorted(comps))}))
                continue
            if item in facts:
                cands.append(
                    facts[item].model_copy(
                        update={
                            "score": sum(comps.values()),
                            "components": comps,
                            "channels": tuple(sorted(comps)),
                        }
                    )
                )
                continue
            doc = proj.docs.get(item)
            if doc is None or doc.seq > as_of_seq:
                continue
            reason = self._visible(doc, lens, as_of_seq, now)
            if reason is None and item in graph_sup and lens not in ("historical", "audit"):
                reason = f"graph: {graph_sup[item]}"
            if reason is not None:
                suppressed.append(Suppressed(id=item, reason=reason))
                continue
            cands.append(
                Snippet(
                    id=item,
                    kind=doc.kind,
                    text=doc.text,
                    score=sum(comps.values()),
                    components=comps,
                    channels=tuple(sorted(comps)),
                    event_ids=(item, *doc.evidence_ids),
                    refs=(doc.ref,) if doc.ref else (),
                    occurred_at=doc.occurred_at,
                    tokens=count_tokens(doc.text),
                )
            )

        # worldview section, then snippets in the rest of the budget
        wv = proj.worldview.snapshot(
            lens=lens,
            beliefs=proj.beliefs,
            state_of=self._state_of,
            trust=trust,
            as_of_seq=as_of_seq,
            now=now,
            entities=plan.entities,
            expired=self.expired_attribute,
        )
        wv_text = _fit(wv.render(), int(budget_tokens * cfg.worldview_share))
        room = budget_tokens - count_tokens(wv_text) if wv_text else budget_tokens
        kept, dropped = pack(cands, max(0, room), limit=k)
        suppressed += [Suppressed(id=s.id, reason="budget") for s in dropped]
        ranked = sorted(cands, key=lambda s: (-s.score, s.id))[: cfg.trace_candidates]
        trace_cands = [
            {
                "id": s.id,
                "score": round(s.score, 9),
                "channels": list(s.channels),
                "components": {c: round(v, 9) for c, v in sorted(s.components.items())},
            }
            for s in ranked
        ]
        return Retrieval(
            plan=plan,
            as_of_seq=as_of_seq,
            worldview=wv,
            worldview_text=wv_text,
            snippets=kept,
            suppressed=suppressed,
            candidates=trace_cands,
        )

    def _state_of(self, target: str, as_of_seq: int | None) -> str:
        hist = self.proj.lifecycle.history(target, as_of_seq=as_of_seq)
        return hist[-1].to_state if hist else "fresh"

    def _dense_rank(self, question: str, as_of_seq: int) -> list[str]:
        assert self.embedder is not None
        docs = [d for d in self.proj.docs.values() if d.kind == "observation"]
        if len(docs) != len(self._dense_ids):
            new = docs[len(self._dense_ids) :]
            vecs = np.asarray(self.embedder.embed([d.text for d in new]), dtype=np.float64)
            vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)
            self._dense = vecs if self._dense is None else np.vstack([self._dense, vecs])
            self._dense_ids += [d.event_id for d in new]
        if self._dense is None or not self._dense_ids:
            return []
        q = np.asarray(self.embedder.embed([question])[0], dtype=np.float64)
        q /= max(float(np.linalg.norm(q)), 1e-12)
        sims = self._dense @ q
        order = sorted(range(len(sims)), key=lambda i: (-float(sims[i]), self._dense_ids[i]))
        out = [
            self._dense_ids[i] for i in order if self.proj.docs[self._dense_ids[i]].seq <= as_of_seq
        ]
        return out[:50]


def _fit(text: str, budget: int) -> str:
    """Keep whole lines of ``text`` while they fit in ``budget`` tokens."""
    if not text or budget <= 0:
        return ""
    out: list[str] = []
    used = 0
    for line in text.splitlines():
        n = count_tokens(line)
        if used + n > budget:
            break
        out.append(line)
        used += n
    return "\n".join(out)


def context_dates(snippets: Sequence[Snippet]) -> list[datetime]:
    return [s.occurred_at for s in snippets if s.occurred_at is not None]
