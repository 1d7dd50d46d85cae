"""The candidate channels of a read (lexical, neighbour, belief, temporal, audit, dense) and
the state helpers they share. :class:`~nousmem.runtime.query.QueryEngine` fuses them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import BeliefSnapshot, match_key
from nousmem.projections.lexical import tokens, with_parts
from nousmem.projections.lifecycle import HIDDEN, expired
from nousmem.projections.retrieval import Snippet
from nousmem.projections.slot_kinds import STANDING_ATTRIBUTES
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview import slot_kind_for
from nousmem.runtime.dated_channels import audit, temporal
from nousmem.runtime.dense import DenseIndex
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.fact_lines import (
    HOUSEHOLD,
    asks_about,
    fact_line,
    linked_entities,
    named_values,
)
from nousmem.runtime.journal.base import Journal
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint, ReadStates, read_states

FULL_LENSES = ("historical", "audit")


#: Aliases that are common words of any question ("like", "use", "plan", "format"): they
#: do not make a question about a person ask one of that person's attributes.
INCIDENTAL = frozenset(
    "like likes love loves enjoy enjoys use uses using done plan plans home style format "
    "formatting called single trip trips travel language languages planning planned "
    "vacation".split()
)


#: Words of a question that asks about someone as a whole ("What do you know about me?",
#: "Tell me about Dan", "Who is Lena?"): with nothing else but names, each of the entity's
#: fact lines counts.
_ABOUT_WORDS = frozenset(
    "know tell remember recall describe anything everything info information profile "
    "summary summarize summarise".split()
)

_SELF = frozenset("i me my mine myself we us our ours ourselves".split())
# Words around a name that ask who or what it is ("Who's Ana again?", "Tell me about Ana").
_WHO_WORDS = _ABOUT_WORDS | _SELF | frozenset("who's whos who again".split())

_LIKING = re.compile(
    r"\b(?:does|do|did|will|would)\s+(?:[\w'-]+\s+){1,3}(?:like|love|enjoy)\b", re.IGNORECASE
)


class Channels:
    """Candidate generation over one namespace's projector and journal."""

    def __init__(self, proj: Projector, journal: Journal, namespace: str) -> None:
        self.proj = proj
        self.journal = journal
        self.namespace = namespace
        self.dense: DenseIndex | None = None

    # -- state helpers ---------------------------------------------------------------------

    def state_of(
        self, target: str, as_of_seq: int | None, as_of_time: datetime | None = None
    ) -> str:
        """Lifecycle state of a memory item at a journal position (and an event time)."""
        return self.proj.lifecycle.state(target, as_of_seq=as_of_seq, as_of_time=as_of_time)

    def read_states(self, at: ReadPoint, now: datetime | None) -> ReadStates:
        """See :func:`read_states`."""
        return read_states(self.proj, at, now)

    def expired_attribute(self, attribute: str, last_seen: datetime, now: datetime) -> bool:
        """Attribute TTL (``AttributeSpec.ttl_days``) as a projection of event time."""
        return expired(last_seen, self.proj.config.attributes.spec(attribute).ttl_days, now)

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

    def _facts(
        self,
        plan: QueryPlan,
        lens: str,
        at: ReadPoint,
        limit: int,
        now: datetime | None,
        conflicted: Mapping[str, frozenset[str]] | None = None,
        conflicts: Callable[[Sequence[str]], Mapping[str, frozenset[str]]] | None = None,
        read: ReadStates | None = None,
    ) -> dict[str, Snippet]:
        """Belief fact lines of the question's entities, then of the entities their links
        reach (:func:`~nousmem.runtime.fact_lines.linked_entities`), ranked below them;
        ``conflicted``: the worldview's conflicted slots as of the read, each with the keys
        of its competing values (their lines settle on no value); ``conflicts(names)``: the
        same for the linked entities;
        ``read``: the read's states, so that a line's evidence leaves out what the read
        hides (an inhibited turn is not cited by id or ref), except in the full lenses."""
        proj = self.proj
        qterms = set(plan.terms)
        ranked: list[tuple[int, int, int, str, Snippet]] = []
        named = proj.beliefs.distinct(plan.entities, at.seq, at.time)  # one per entity
        hops = [(name, 0) for name in named]
        links: set[str] = set()
        if limit and named:

            def states(snap: BeliefSnapshot) -> list[str]:
                return self.fact_line_at(snap, lens, at, now, plan.wants_list)[1]

            linked = linked_entities(proj, named, plan, at, states)
            if linked and conflicts is not None:
                conflicted = {**conflicts([name for name, _, _ in linked]), **(conflicted or {})}
            hops += [(name, hop) for name, hop, _ in linked]
            links = {attribute for _, _, attribute in linked}
        spec = proj.config.attributes.spec
        # "Tell me about my sister" asks about the sister (Maya), no attribute but the link's
        # own: then each of her lines counts. "How old is my husband?" asks his age only. The
        # question itself decides (not a remark after it), and not words that are aliases
        # only by chance ("What's my sister like?", "... in a short format").
        asked = plan.question.split("?", 1)[0]
        head = plan.model_copy(update={"question": asked, "terms": tuple(tokens(asked))})
        # "What does my sister like?" asks her likes; "What's my sister like?" does not.
        liking = _LIKING.search(asked) is not None

        def asks(attribute: str) -> bool:
            words = [w for w in spec(attribute).aliases if w not in INCIDENTAL]
            return asks_about(head, attribute, words) or (liking and attribute == "likes")

        # Only a read that reached someone through a link needs it (most reads do not).
        other = bool(links) and any(
            asks(a) for a in proj.config.attributes.names() if a not in links
        )
        asker = (
            None if plan.actor is None else proj.beliefs.canonical(plan.actor, at.seq, at.time)[0]
        )
        # "What do you know about me?" asks about the asker as a whole, as "Tell me about my
        # sister" does about her: no word but names and asking ones.
        names = {t for n in plan.entities for t in tokens(n)}
        if plan.actor is not None:
            names |= _SELF  # "Tell me about myself": the asker's name in other words
        about = not set(head.terms) - names - _ABOUT_WORDS
        # Linked only as the asker's household ("Where are we going?" reaches the spouse):
        # what the question asks of them, never all their lines.
        ours = {n for n, _, a in linked if a in HOUSEHOLD and not asks(a)} if links else set()
        # "Who is Tom?" asked by Sam: Sam's beliefs whose value is Tom ("spouse: Tom") say
        # who he is to the asker, though the question names neither Sam nor the attribute.
        keys = {proj.beliefs.canonical(n, at.seq, at.time)[0] for n in named}
        # "Who is Biscuit?", "Who is Ana?": a pet, or a sister no belief is about, is no
        # entity, but the asker's belief that holds the name says who they are.
        naming = (
            named_values(proj, plan.actor, qterms, set(head.terms) - _WHO_WORDS, at)
            if plan.actor is not None and not keys
            else frozenset()
        )
        relating = (
            [(plan.actor, 0, True)] if plan.actor and (keys or naming) and asker not in keys else []
        )
        for name, hop, relation in [*((n, h, False) for n, h in hops), *relating]:
            snaps = proj.beliefs.snapshots(name, as_of_seq=at.seq, as_of_time=at.time, deltas=False)
            whole = (
                (hop > 0 or about)
                and not relation
                and not other
                and name not in ours
                and not any(asks(s.attribute) for s in snaps)
            )
            turn = 0  # a whole entity's lines take turns with the other entities' lines
            for snap in snaps:
                ekey = match_key(snap.entity)
                if (
                    relation
                    and snap.attribute not in naming
                    and keys.isdisjoint(
                        proj.beliefs.canonical(v, at.seq, at.time)[0] for v in snap.held
                    )
                ):
                    continue
                if asker is not None and ekey != asker and snap.attribute in STANDING_ATTRIBUTES:
                    continue  # another person's instructions are not the asker's
                slot = f"{slot_kind_for(snap.attribute)}:{ekey}.{snap.attribute}"
                text, values = self.fact_line_at(
                    snap, lens, at, now, plan.wants_list, competing=(conflicted or {}).get(slot)
                )
                if not values:
                    continue
                # (a hyphenated value by its parts: "coffee" meets "diet: coffee-free")
                rel = len(qterms & with_parts(tokens(text)) - {match_key(name)})
                aliases = spec(snap.attribute).aliases
                if relation:
                    rel += 1  # below the attributes asked about
                elif hop or whole:
                    # A linked entity's words met by chance are no sign the question is
                    # about them: only the attributes it asks about (all, when it asks none).
                    if not whole and not asks_about(plan, snap.attribute, aliases):
                        continue
                    rel += 1 if whole else 2
                else:
                    rel += 2 if asks_about(plan, snap.attribute, aliases) else 0
                if rel <= 0:
                    continue
                ev: list[str] = []
                for v in values:
                    for row in proj.worldview.support.get((ekey, snap.attribute, match_key(v)), ()):
                        if row.polarity == "assert" and proj.worldview.visible(
                            row.seq, row.counted_at, at.seq, at.time
                        ):
                            ev.extend(e for e in row.evidence_ids if e in proj.docs)
                ev = list(dict.fromkeys(ev))
                if read is not None and lens not in FULL_LENSES:
                    ev = [e for e in ev if read(e, at.seq) not in HIDDEN]
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
                if whole:
                    ranked.append((hop, -1, turn, snip.id, snip))
                    turn += 1
                else:
                    ranked.append((hop, -rel, 0, snip.id, snip))
        ranked.sort(key=lambda x: x[:4])
        return {sid: snip for _, _, _, sid, snip in ranked[:limit]}

    def fact_line_at(
        self,
        snap: BeliefSnapshot,
        lens: str,
        at: ReadPoint,
        now: datetime | None,
        wants_list: bool,
        *,
        competing: frozenset[str] | None = None,
    ) -> tuple[str, list[str]]:
        """The fact line a read at ``at`` through ``lens`` gives ``snap``, and the values it
        states: outside the full lenses a value hidden (inhibited, ...) or expired at the read
        is left out. ``after_turn`` credits a line through this too, so it credits only what
        the prompt showed. ``competing``: the slot is conflicted between these values (keys)."""
        ekey = match_key(snap.entity)
        kind = slot_kind_for(snap.attribute)
        # A value confirmed without a revision (the evidence route) was still seen then:
        # its line dates it so, and its TTL runs from there.
        confirmed, told, denied, taken = self.proj.worldview.sightings(
            snap.entity, snap.attribute, (o.value for o in snap.observed_values), at.seq, at.time
        )
        later = [
            o.model_copy(update={"last_seen": confirmed[k]})
            for o in snap.observed_values
            if (k := match_key(o.value)) in confirmed and confirmed[k] > o.last_seen
        ]
        if later:
            by = {o.value: o for o in later}
            snap = snap.model_copy(
                update={"observed_values": tuple(by.get(o.value, o) for o in snap.observed_values)}
            )
        seen = {match_key(o.value): o.last_seen for o in snap.observed_values}

        def keep(v: str) -> bool:
            if lens in FULL_LENSES:
                return True
            cid = f"{kind}:{ekey}.{snap.attribute}#{match_key(v)}"
            if self.state_of(cid, at.seq, at.time) in HIDDEN:
                return False
            last = seen.get(match_key(v))
            return not (now and last and self.expired_attribute(snap.attribute, last, now))

        timing = self.proj.config.attributes.spec(snap.attribute).timing
        return fact_line(
            snap,
            wants_list,
            keep,
            competing=competing,
            told=told,
            timing=timing,
            denied=denied,
            taken_back=taken,
        )

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
