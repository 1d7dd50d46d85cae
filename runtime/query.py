"""The retrieval pipeline behind ``rt.query``: plan, channels, fusion, activation, gates,
packing. Everything it reads is bounded by a :class:`ReadPoint`, so a trace can be replayed.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nousmem.policies.planner import QueryPlan, plan_query
from nousmem.projections.belief_models import match_key
from nousmem.projections.lifecycle import FULL_LENSES
from nousmem.projections.retrieval import (
    Snippet,
    Suppressed,
    by_score,
    candidate_snippet,
    rrf,
    snippet_with,
    suppression,
)
from nousmem.projections.worldview_models import WorldviewSnapshot
from nousmem.runtime.asked import MIN_OTHERS, asked_period
from nousmem.runtime.asker_names import also_asked, asker_by_default, name_of
from nousmem.runtime.dense import Embedder
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.fts_query import few_matches, lexical_query, relaxed_query
from nousmem.runtime.gating import Gating
from nousmem.runtime.holders_asked import holders_asked
from nousmem.runtime.instruction_turns import instruction_turn
from nousmem.runtime.logging import get_logger
from nousmem.runtime.packing import fit_lines
from nousmem.runtime.snapshot_section import competing, snapshot_section, worldview_shown
from nousmem.runtime.visibility import ReadPoint

__all__ = ["Embedder", "QueryEngine", "ReadPoint", "Retrieval", "fit_lines"]

_log = get_logger("nousmem.query")

# A neighbour's score is a share of what its hit scored on these channels.
NEIGHBOR_SOURCES = ("lexical", "entity", "dense")
# Score components that adjust what the channels found; they are not channels themselves.
ADJUSTMENTS = frozenset({"focus"})
_APOSTROPHE_WORD = re.compile(r"\w+(?:['\u2019]\w+)+")
_EDGE = ".,;:!?\"'()[]{}\u201c\u201d\u2018\u2019\u00ab\u00bb"  # around a word, not in a name
_LETTER = re.compile(r"\w")


def _words(question: str) -> list[str]:
    """The question's words as entity heads may spell them: ``O'Brien`` and ``Jean-Luc``
    whole (without a possessive ``'s`` or the punctuation around them) as well as their
    parts."""
    whole: list[str] = _APOSTROPHE_WORD.findall(question)
    whole += [w for w in (t.strip(_EDGE) for t in question.split()) if _LETTER.search(w)]
    whole += [w[:-2] for w in whole if w[-2:] in ("'s", "\u2019s")]
    return re.findall(r"\w+", question) + whole


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
    worldview_shown: list[str] = field(default_factory=list)
    """Candidate ids the Worldview Snapshot section presents as current."""
    activation: dict[str, Any] = field(default_factory=dict)
    """What graph activation did, for the trace (see :meth:`QueryEngine._activate`)."""


class QueryEngine(Gating):
    """Runs reads over one namespace's projector and journal."""

    async def _start_searches(
        self, plan: QueryPlan, at: ReadPoint, rank: int
    ) -> asyncio.Future[tuple[dict[str, float], dict[str, float]]]:
        """Start the read's searches (see :meth:`_searches`): a task whose search reaches
        the journal's thread at the caller's next yield.

        When the strict query's terms are in fewer observations than ``relaxed_min_hits``,
        its search is short and the relaxed one is almost surely wanted: the strict search
        is awaited here, so that the relaxed one runs on the journal's thread while the
        read works out its worldview, not after. (Queued behind the strict search, it
        would not start sooner: between the two the worker needs the GIL, which the read's
        own work holds.) Whether its hits are used is decided as before, so the context is
        the same either way.
        """
        cfg = self.proj.config.retrieval
        if not few_matches(self.proj, plan.fts, rank, cfg.relaxed_min_hits):
            return asyncio.ensure_future(self._searches(plan, at, rank))
        bm25 = await self._lexical(plan.fts, at, cfg.lexical_k, rank)
        if len(bm25) >= cfg.relaxed_min_hits:  # a belief delta's hits made enough
            return asyncio.ensure_future(self._searches(plan, at, rank, bm25))
        early = asyncio.ensure_future(self._relaxed(plan, at, rank))

        def settle(_: object) -> None:  # the read failed, or was cancelled, before it
            if not early.done():
                early.cancel()
            elif not early.cancelled():
                early.exception()  # retrieved: the read reports its own failure

        searches = asyncio.ensure_future(self._searches(plan, at, rank, bm25, early))
        searches.add_done_callback(settle)
        return searches

    async def _relaxed(self, plan: QueryPlan, at: ReadPoint, rank: int) -> dict[str, float]:
        cfg = self.proj.config.retrieval
        return await self._lexical(
            relaxed_query(self.proj, plan, rank), at, cfg.lexical_k, rank, relaxed=True
        )

    async def _searches(
        self,
        plan: QueryPlan,
        at: ReadPoint,
        rank: int,
        bm25: dict[str, float] | None = None,
        early: asyncio.Future[dict[str, float]] | None = None,
    ) -> tuple[dict[str, float], dict[str, float]]:
        """The lexical hits of ``plan`` (id -> BM25; ``bm25`` if already found), and the
        relaxed query's hits (id -> score below every strict hit) when the strict ones are
        too few to fill a budget (``early``: the relaxed search, if already started)."""
        cfg = self.proj.config.retrieval
        if bm25 is None:
            bm25 = await self._lexical(plan.fts, at, cfg.lexical_k, rank)
        if len(bm25) >= cfg.relaxed_min_hits:
            return bm25, {}
        # Too few hits to fill the budget: every term, names included, below them all.
        more = await (early if early is not None else self._relaxed(plan, at, rank))
        more = {e: s for e, s in more.items() if e not in bm25}
        top = max(more.values(), default=0.0) or 1.0
        cap = cfg.relaxed_share * min(bm25.values()) if bm25 else top
        return bm25, {e: s * cap / top for e, s in more.items()}

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
        admit: Callable[[], Awaitable[None]] | None = None,
        actor: str | None = None,
    ) -> Retrieval:
        """One read. ``plan`` replays a recorded plan instead of planning again; ``actor``
        is who asks (the question's "I").

        ``admit`` is awaited after the read's last other await, before the projections are
        read for assembly (the caller holds the erasure gate from there on).
        """
        proj = self.proj
        cfg = proj.config.retrieval
        now = at.time or proj.now(at.seq)
        # An event-time read plans and ranks in the journal as it stood at that time: later
        # observations must not crowd its evidence out of the top-k, nor change the term
        # statistics its query is planned from.
        if plan is None:
            rank = at.seq if at.time is None else proj.obs_times.rank_seq(at.seq, at.time)
        else:
            rank = at.seq if plan.rank_seq is None else plan.rank_seq
        if plan is None:
            # One person by two names (runtime/asker_names.py): the asker and the name they
            # go by, a named entity and the speaker who goes by it.
            named = name_of(proj, actor, at) if actor else None
            names = [named] if named else []
            words = _words(question) + [w for n in (actor, *names) if n for w in _words(n)]
            plan = plan_query(
                question,
                lens=lens,
                ref_time=now,
                known_entities=proj.entities_in(words, rank),
                actor=actor,
                actor_names=names,
            )
            plan = asker_by_default(proj, plan, at, proj.config.attributes.spec)
            plan = also_asked(proj, plan, at)
            plan = holders_asked(proj, plan, at, proj.config.attributes.spec)
            plan = plan.model_copy(
                update={
                    "fts": lexical_query(proj, plan, rank),
                    "rank_seq": None if at.time is None else rank,
                }
            )
        # One view of item states for the whole read (it memoises compiled items' sources).
        states = self.read_states(at, now)

        def resolve(entities: Sequence[str]) -> WorldviewSnapshot:
            return proj.worldview.snapshot(
                lens=lens,
                beliefs=proj.beliefs,
                state_of=states,
                trust=trust,
                as_of_seq=at.seq,
                as_of_time=at.time,
                now=now,
                entities=entities,
                expired=self.expired_attribute,
                standing=None if plan.actor is None else [plan.actor],
                past=plan.past,
                memo=states.memo,
            )

        def conflicts(entities: Sequence[str]) -> dict[str, frozenset[str]]:
            return competing(resolve(entities))

        # The searches run on the journal's thread (FTS5 ranks without the GIL) while this
        # one works out the worldview and the fact lines, which no hit changes. Both read
        # as of ``at``, so what folds meanwhile changes neither; an erasure that overlaps
        # them makes ``admit`` start the read again.
        rankings: dict[str, Sequence[str]] = {}
        searches = await self._start_searches(plan, at, rank)
        try:
            await asyncio.sleep(0)  # the task hands its search to the thread
            # Before the fact lines: a line of a conflicted slot must not settle on a value.
            wv = resolve((*plan.relatives, *plan.entities, *plan.family))
            if plan.times:
                wv = wv.model_copy(update={"period": asked_period(plan)})
            conflicted = competing(wv)
            facts = self._facts(plan, lens, at, cfg.fact_lines, now, conflicted, conflicts, states)
            # Neither depends on a hit, so they are worked out while the search runs.
            asked, wv_text, room = snapshot_section(wv, plan, budget_tokens, self.proj.config)
            shown = worldview_shown(wv, wv_text)
            cutting = self._excerpt_patterns(plan)
            channel_failures: list[Suppressed] = []
            if self.dense is not None:
                try:
                    rankings["dense"] = await self._dense_rank(plan.question, at)
                except Exception as exc:  # the user's model: a failure costs the channel only
                    why = f"embedder failed: {type(exc).__name__}: {exc}"[:300]
                    _log.warning("dense channel failed", namespace=self.namespace, reason=why)
                    channel_failures.append(Suppressed(id="channel:dense", reason=why))
            bm25, relaxed = await searches
        finally:
            if not searches.done():
                searches.cancel()  # the read failed or was cancelled: nobody waits for it
            elif not searches.cancelled():
                searches.exception()  # retrieved, so that its own failure is not reported
        if admit is not None:
            await admit()
        # The last await of the read is above. An erasure or rebuild that ran meanwhile may
        # have taken hits out of the doc table: from here on every id must still be in it.
        live = proj.docs
        strict = [e for e in bm25 if e in live]
        bm25 = {e: v for e, v in bm25.items() if e in live}
        relaxed = {e: v for e, v in relaxed.items() if e in live}
        lexical = strict + list(relaxed)
        rankings["lexical"] = lexical
        if plan.entities:
            keys = {match_key(n) for n in plan.entities}
            rankings["entity"] = [e for e in strict if match_key(proj.docs[e].actor or "") in keys]
        rankings["belief"] = list(facts) + list(
            dict.fromkeys(e for f in facts.values() for e in f.event_ids)
        )
        if plan.times:
            rankings["temporal"] = self._temporal(plan, lexical, at)
        # Asked what memory refused, the default lens lists the refusals' records too: an
        # empty context would read as "nothing was refused".
        listed = lens == "audit" or (lens == "associative" and plan.refusals)
        audit = self._audit(plan, at) if listed else {}
        if audit:
            rankings["audit"] = list(audit)
        weights = {c: w for c, w in cfg.channel_weights.items() if c != "neighbor"}
        fused = rrf(rankings, k=cfg.rrf_k, weights=weights)
        lex_w = weights.get("lexical", 1.0)
        for e, v in self.lexical_scores({**bm25, **relaxed}, lex_w).items():
            fused[e]["lexical"] = v
        if cfg.neighbor_window and (lexical or rankings.get("dense")):
            # Dense hits lend to their neighbours too: the reply to a turn that means what
            # the question means often shares neither its words nor its meaning.
            hits = list(dict.fromkeys([*lexical, *rankings.get("dense", ())]))
            sources = {
                e: sum(v for c, v in fused[e].items() if c in NEIGHBOR_SOURCES) for e in hits
            }
            for e, v in self._neighbors(sources, at, plan.wants_list).items():
                fused.setdefault(e, {})["neighbor"] = v
        graph_sup, activation = self._activate(fused, lens, at, plan.procedural)
        inhibited = states.inhibited(at.seq)

        self._focus(fused, plan)

        asker = (
            None if plan.actor is None else proj.beliefs.canonical(plan.actor, at.seq, at.time)[0]
        )
        # The day line dates every turn; what "yesterday" was matters to questions of time.
        bare = cfg.time_notes == "dated" and not (plan.wants_dates or plan.times)
        suppressed: list[Suppressed] = channel_failures
        cands: list[Snippet] = []
        rows: dict[str, DocRow] = {}  # this read's rows, where they differ from the journal's
        forgets = lens not in FULL_LENSES and states.hides_any(at.seq)
        for item, comps in fused.items():
            channels = tuple(sorted(c for c in comps if c not in ADJUSTMENTS))
            extra = {"score": sum(comps.values()), "components": comps, "channels": channels}
            if item in audit or item in facts:
                cands.append(snippet_with(audit.get(item) or facts[item], **extra))
                continue
            doc = proj.docs.get(item)
            if doc is None or not self._in_view(doc, at):
                continue
            reason = self._gate(doc, lens, at, now, states)
            if reason is None and lens not in FULL_LENSES:
                if item in graph_sup:
                    reason = f"graph: {graph_sup[item]}"
                elif item in inhibited:  # whether or not activation reached it
                    reason = "graph: inhibited"
                elif doc.kind == "observation":
                    reason = instruction_turn(proj, item, asker, at)
            if reason is not None:
                suppressed.append(suppression(item, reason))
                continue
            if forgets and doc.kind == "observation":
                redacted = self._shown(doc, at, states)
                if redacted is not doc:
                    doc = rows[item] = redacted
            cands.append(
                candidate_snippet(
                    id=item,
                    kind=doc.kind,
                    text=doc.bare_text if bare else doc.text,
                    event_ids=(item, *doc.evidence_ids),
                    refs=(doc.ref,) if doc.ref else (),
                    occurred_at=doc.occurred_at,
                    tokens=doc.bare_cost if bare else doc.cost,
                    seq=doc.seq,
                    score=sum(comps.values()),
                    components=comps,
                    channels=channels,
                )
            )

        order = by_score(cands)
        cuts: dict[str, Snippet] = {}
        kept, dropped = self._pack(order, max(0, room), k, cutting, bare, cuts, rows)
        missing = [s for s in dropped if s.kind == "fact" and asked.answer(s.id)]
        if missing and len(kept) > MIN_OTHERS and (k is None or k >= MIN_OTHERS + len(missing)):
            # The answer displaces the weakest of what was packed (see runtime/asked.py).
            first = {s.id for s in missing}
            again = missing + [s for s in order if s.id not in first]
            kept, dropped = self._pack(again, max(0, room), k, cutting, bare, cuts, rows)
            kept = by_score(kept)
        suppressed += [suppression(s.id, "budget") for s in dropped]
        ranked = order[: cfg.trace_candidates]
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
            worldview_shown=shown,
            activation=activation,
        )
