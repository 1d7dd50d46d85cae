"""The retrieval pipeline behind ``rt.query``: plan, channels, fusion, activation, gates,
packing. Everything it reads is bounded by a :class:`ReadPoint`, so a trace can be replayed.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Protocol, runtime_checkable

import numpy as np

from nousmem.policies.planner import QueryPlan, plan_query
from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.lexical import date_label, fts_query, tokens
from nousmem.projections.lifecycle import HIDDEN, expired
from nousmem.projections.retrieval import Snippet, Suppressed, count_tokens, pack, rrf
from nousmem.projections.worldview import slot_kind_for
from nousmem.projections.worldview_models import WorldviewSnapshot
from nousmem.runtime.journal.base import Journal
from nousmem.runtime.projector import DocRow, Projector

FULL_LENSES = ("historical", "audit")
HEADERS = ("## Worldview Snapshot", "## Supporting memories")


@runtime_checkable
class Embedder(Protocol):
    """Optional dense channel: the user supplies the model (none is bundled)."""

    def embed(self, texts: Sequence[str]) -> Sequence[Sequence[float]]:
        """Embed texts; must be deterministic for replays to be exact."""
        ...


@dataclass(frozen=True, slots=True)
class ReadPoint:
    """Where a read stands: journal position ``seq`` and, for event-time reads, ``time``."""

    seq: int
    time: datetime | None = None


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


def fact_line(
    snap: BeliefSnapshot, wants_list: bool, keep: Callable[[str], bool]
) -> tuple[str, list[str]]:
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
    values = [v for v in values if keep(v)]
    parts = []
    for v in values:
        o = seen.get(match_key(v))
        if o is None:
            parts.append(v)
            continue
        when = date_label(o.first_seen)
        if o.last_seen.date() != o.first_seen.date():
            when += f" to {date_label(o.last_seen)}"
        parts.append(f"{v} ({when})")
    attr = snap.attribute.replace("_", " ")
    return f"{snap.entity} {attr}: " + "; ".join(parts), values


def fit_lines(text: str, budget: int) -> str:
    """Keep whole lines of ``text`` while they fit in ``budget`` tokens."""
    out: list[str] = []
    used = 0
    for line in text.splitlines() if budget > 0 else ():
        n = count_tokens(line)
        if used + n > budget:
            break
        out.append(line)
        used += n
    return "\n".join(out)


class QueryEngine:
    """Runs reads over one namespace's projector and journal."""

    def __init__(self, proj: Projector, journal: Journal, namespace: str) -> None:
        self.proj = proj
        self.journal = journal
        self.namespace = namespace
        self.embedder: Embedder | None = None
        self._dense_ids: list[str] = []
        self._dense: np.ndarray[Any, np.dtype[np.float64]] | None = None

    # -- state helpers ---------------------------------------------------------------------

    def state_of(self, target: str, as_of_seq: int | None) -> str:
        """Lifecycle state of a memory item at a journal position."""
        return self.proj.lifecycle.state(target, as_of_seq=as_of_seq)

    def expired_attribute(self, attribute: str, last_seen: datetime, now: datetime) -> bool:
        """Attribute TTL (``AttributeSpec.ttl_days``) as a projection of event time."""
        return expired(last_seen, self.proj.config.attributes.spec(attribute).ttl_days, now)

    def _in_view(self, doc: DocRow, at: ReadPoint) -> bool:
        return doc.seq <= at.seq and (at.time is None or doc.occurred_at <= at.time)

    def _gate(self, doc: DocRow, lens: str, at: ReadPoint, now: datetime | None) -> str | None:
        """None when ``doc`` may enter context through ``lens``; else why it may not."""
        if lens in FULL_LENSES:
            return None
        state = self.state_of(doc.event_id, at.seq)
        if state in HIDDEN:
            return f"lifecycle: {state}"
        ttl = self.proj.config.ttl.for_type(doc.obs_type)
        if ttl is not None and now is not None:
            eff = self.proj.lifecycle.effective_state(
                doc.event_id, created_at=doc.occurred_at, ttl_days=ttl, now=now, as_of_seq=at.seq
            )
            if eff.ttl_expired:  # a restore after the deadline renews the item
                return f"expired: {doc.obs_type} TTL of {ttl:g} days passed"
        if lens in ("logical", "procedural") and self.proj.unconfirmed(doc.event_id, at.seq):
            return "provenance: only claims held for corroboration (low-trust source)"
        return None

    # -- channels ------------------------------------------------------------------------------

    def lexical_query(self, plan: QueryPlan) -> str | None:
        """The FTS5 query a fresh plan records (a replay reuses the recorded one).

        Names of the question's entities match a large share of the corpus (speakers are in
        every turn they say) and only add noise to BM25; they steer the entity channel. Terms
        in more than ``common_term_share`` of the observations add little to BM25 but make
        FTS5 score most of the index, so they are dropped while rarer terms remain.
        """
        names = {t for n in plan.entities for t in tokens(n)}
        terms = [t for t in plan.terms if t not in names] or list(plan.terms)
        proj = self.proj
        cap = proj.config.retrieval.common_term_share * max(1, proj.doc_count)
        df = proj.term_df
        rare = [t for t in terms if df.get(t, 0) <= cap]
        if len(rare) >= 2:
            terms = rare
        elif len(terms) > 2:
            terms = sorted(terms, key=lambda t: (df.get(t, 0), t))[:2]
        # Bound the postings FTS5 must score, rarest terms first, so a read costs about the
        # same at any journal size (the rarest term always stays).
        budget = proj.config.retrieval.max_postings
        kept: list[str] = []
        used = 0
        for t in sorted(terms, key=lambda t: (df.get(t, 0), t)):
            if kept and used + df.get(t, 0) > budget:
                break
            kept.append(t)
            used += df.get(t, 0)
        return fts_query(" ".join(t for t in terms if t in kept))

    async def _lexical(self, plan: QueryPlan, at: ReadPoint, limit: int) -> list[str]:
        if not plan.fts:
            return []
        hits = await self.journal.search(self.namespace, plan.fts, limit=limit, max_seq=at.seq)
        out: list[str] = []
        docs = self.proj.docs
        for h in hits:
            doc = docs.get(h.event_id)
            if doc is None:
                continue
            targets = [doc.event_id] if doc.kind == "observation" else list(doc.evidence_ids)
            for t in targets:
                if t in docs and t not in out and self._in_view(docs[t], at):
                    out.append(t)
        return out

    def _neighbors(self, lexical: Sequence[str], at: ReadPoint, window: int) -> list[str]:
        proj = self.proj
        near: list[str] = []
        for eid in lexical[:10]:
            i = bisect.bisect_left(proj.obs_seqs, proj.docs[eid].seq)
            for j in range(i - window, i + window + 1):
                if j == i or not 0 <= j < len(proj.obs_seqs):
                    continue
                other = proj.obs_by_seq[proj.obs_seqs[j]]
                if other not in near and self._in_view(proj.docs[other], at):
                    near.append(other)
        return near

    def _facts(
        self, plan: QueryPlan, lens: str, at: ReadPoint, limit: int, now: datetime | None
    ) -> dict[str, Snippet]:
        proj = self.proj
        qterms = set(plan.terms)
        ranked: list[tuple[int, str, Snippet]] = []
        for name in plan.entities:
            for snap in proj.beliefs.snapshots(
                name, as_of_seq=at.seq, as_of_time=at.time, deltas=False
            ):
                ekey = match_key(snap.entity)
                kind = slot_kind_for(snap.attribute)

                seen = {match_key(o.value): o.last_seen for o in snap.observed_values}

                def keep(
                    v: str,
                    ekey: str = ekey,
                    kind: str = kind,
                    attr: str = snap.attribute,
                    seen: dict[str, datetime] = seen,
                ) -> bool:
                    if lens in FULL_LENSES:
                        return True
                    cid = f"{kind}:{ekey}.{attr}#{match_key(v)}"
                    if self.state_of(cid, at.seq) in HIDDEN:
                        return False
                    last = seen.get(match_key(v))
                    return not (now and last and self.expired_attribute(attr, last, now))

                text, values = fact_line(snap, plan.wants_list, keep)
                if not values:
                    continue
                rel = len(qterms & set(tokens(text)) - {match_key(name)})
                rel += 2 if snap.attribute.replace("_", " ") in plan.question.casefold() else 0
                if rel <= 0:
                    continue
                ev: list[str] = []
                for v in values:
                    for row in proj.worldview.support.get((ekey, snap.attribute, match_key(v)), ()):
                        if row.seq <= at.seq and row.polarity == "assert":
                            ev.extend(e for e in row.evidence_ids if e in proj.docs)
                ev = list(dict.fromkeys(ev))
                snip = Snippet(
                    id=f"fact:{ekey}.{snap.attribute}",
                    kind="fact",
                    text=text,
                    score=0.0,
                    event_ids=tuple(ev),
                    refs=tuple(dict.fromkeys(r for r in (proj.docs[e].ref for e in ev) if r)),
                    occurred_at=max((o.last_seen for o in snap.observed_values), default=None),
                    tokens=count_tokens("- " + text),
                )
                ranked.append((-rel, snip.id, snip))
        ranked.sort(key=lambda x: (x[0], x[1]))
        return {sid: snip for _, sid, snip in ranked[:limit]}

    def _temporal(self, plan: QueryPlan, lexical: Sequence[str], at: ReadPoint) -> list[str]:
        """Observations dated inside the question's time expressions: lexical hits first,
        then the latest others (bounded, however many fall in the range)."""
        proj = self.proj
        spans = [(date.fromisoformat(s), date.fromisoformat(e)) for _, s, e in plan.times]

        def inside(eid: str) -> bool:
            d = proj.docs[eid].occurred_at.date()
            return any(a <= d <= b for a, b in spans)

        out = [e for e in lexical if inside(e)]
        for a, b in spans:
            lo = bisect.bisect_left(proj.obs_by_date, (a.toordinal(),))
            hi = bisect.bisect_left(proj.obs_by_date, (b.toordinal() + 1,))
            for _, _, eid in reversed(proj.obs_by_date[max(lo, hi - 200) : hi]):
                if len(out) >= 50:
                    return out
                if eid not in out and self._in_view(proj.docs[eid], at):
                    out.append(eid)
        return out

    def _audit(self, plan: QueryPlan, at: ReadPoint) -> dict[str, Snippet]:
        qterms = set(plan.terms)
        scored = []
        for seq, arow in self.proj.worldview.audit_rows:
            if seq > at.seq or (at.time is not None and arow.occurred_at > at.time):
                continue
            text = (
                f"[{date_label(arow.occurred_at)}] {arow.kind}: {arow.summary}"
                f" ({'; '.join(arow.reasons)})"
            )
            scored.append(
                (-len(qterms & set(tokens(text))), -seq, arow.event_id, text, arow.occurred_at)
            )
        return {
            eid: Snippet(
                id=eid,
                kind="audit",
                text=text,
                score=0.0,
                event_ids=(eid,),
                occurred_at=t,
                tokens=count_tokens("- " + text),
            )
            for _, _, eid, text, t in sorted(scored)[:20]
        }

    def _dense_rank(self, question: str, at: ReadPoint) -> list[str]:
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
        docs_by_id = self.proj.docs
        return [
            self._dense_ids[i]
            for i in order
            if self._dense_ids[i] in docs_by_id
            and self._in_view(docs_by_id[self._dense_ids[i]], at)
        ][:50]

    # -- the read ------------------------------------------------------------------------------

    async def run(
        self,
        question: str,
        *,
        lens: str,
        budget_tokens: int,
        at: ReadPoint,
        k: int | None,
        trust: Callable[[str], float],
        plan: QueryPlan | None = None,
    ) -> Retrieval:
        """One read. ``plan`` replays a recorded plan instead of planning again."""
        proj = self.proj
        cfg = proj.config.retrieval
        now = at.time or proj.now(at.seq)
        if plan is None:
            plan = plan_query(
                question,
                lens=lens,
                ref_time=now,
                known_entities=proj.entities_in(re.findall(r"\w+", question)),
            )
            plan = plan.model_copy(update={"fts": self.lexical_query(plan)})
        rankings: dict[str, Sequence[str]] = {}
        lexical = await self._lexical(plan, at, cfg.lexical_k)
        rankings["lexical"] = lexical
        if plan.entities:
            keys = {match_key(n) for n in plan.entities}
            rankings["entity"] = [e for e in lexical if match_key(proj.docs[e].actor or "") in keys]
        if cfg.neighbor_window and lexical:
            rankings["neighbor"] = self._neighbors(lexical, at, cfg.neighbor_window)
        facts = self._facts(plan, lens, at, cfg.fact_lines, now)
        rankings["belief"] = list(facts) + list(
            dict.fromkeys(e for f in facts.values() for e in f.event_ids)
        )
        if plan.times:
            rankings["temporal"] = self._temporal(plan, lexical, at)
        if self.embedder is not None:
            rankings["dense"] = self._dense_rank(plan.question, at)
        audit = self._audit(plan, at) if lens == "audit" else {}
        if audit:
            rankings["audit"] = list(audit)
        fused = rrf(rankings, k=cfg.rrf_k, weights=cfg.channel_weights)
        graph_sup = self._activate(fused, lens, at, plan.procedural)

        suppressed: list[Suppressed] = []
        cands: list[Snippet] = []
        for item, comps in fused.items():
            extra = {
                "score": sum(comps.values()),
                "components": comps,
                "channels": tuple(sorted(comps)),
            }
            if item in audit or item in facts:
                cands.append((audit.get(item) or facts[item]).model_copy(update=extra))
                continue
            doc = proj.docs.get(item)
            if doc is None or not self._in_view(doc, at):
                continue
            reason = self._gate(doc, lens, at, now)
            if reason is None and item in graph_sup and lens not in FULL_LENSES:
                reason = f"graph: {graph_sup[item]}"
            if reason is not None:
                suppressed.append(Suppressed(id=item, reason=reason))
                continue
            # Built from trusted projection rows: skip re-validation on this hot path.
            cands.append(
                Snippet.model_construct(
                    id=item,
                    kind=doc.kind,
                    text=doc.text,
                    event_ids=(item, *doc.evidence_ids),
                    refs=(doc.ref,) if doc.ref else (),
                    occurred_at=doc.occurred_at,
                    tokens=doc.tokens,
                    score=sum(comps.values()),
                    components=comps,
                    channels=tuple(sorted(comps)),
                )
            )

        wv = proj.worldview.snapshot(
            lens=lens,
            beliefs=proj.beliefs,
            state_of=self.state_of,
            trust=trust,
            as_of_seq=at.seq,
            as_of_time=at.time,
            now=now,
            entities=plan.entities,
            expired=self.expired_attribute,
        )
        # Headers and bullets count: the rendered prompt never exceeds the budget.
        room = budget_tokens - sum(count_tokens(h) for h in HEADERS)
        wv_text = fit_lines(wv.render(), min(room, int(budget_tokens * cfg.worldview_share)))
        room -= count_tokens(wv_text)
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
            as_of_seq=at.seq,
            worldview=wv,
            worldview_text=wv_text,
            snippets=kept,
            suppressed=suppressed,
            candidates=trace_cands,
        )

    def _activate(
        self, fused: dict[str, dict[str, float]], lens: str, at: ReadPoint, procedural: bool
    ) -> dict[str, str]:
        """Relation-aware activation over the candidates; returns suppressions by reason."""
        cfg = self.proj.config.retrieval
        docs = self.proj.docs
        best = sorted(fused.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
        seeds = {i: sum(c.values()) for i, c in best[: cfg.graph_seeds] if i in docs}
        if not seeds or cfg.graph_weight <= 0:
            return {}
        blocked = {} if lens in FULL_LENSES else self.proj.lifecycle.hidden(as_of_seq=at.seq)
        act = self.proj.graph.activate(
            seeds,
            as_of_seq=at.seq,
            blocked=blocked,
            focus="procedure" if procedural else "fact",
            # Confined to the candidates: entity hubs would fan out to the whole namespace.
            within=fused.keys(),
            iterations=10,
        )
        peak = max(act.scores.values(), default=0.0) or 1.0
        for node, score in act.scores.items():
            if node in docs and node in fused:
                fused[node]["graph"] = cfg.graph_weight * score / peak / cfg.rrf_k
        return {n: r for n, r in act.suppressed.items() if n in docs}
