"""The belief channel of a read: the fact lines of the question's entities and of the
entities their links reach, and the state helpers every channel shares (lifecycle state,
read states, attribute TTLs). :class:`~nousmem.runtime.channels.Channels` adds the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import BeliefSnapshot, match_key
from nousmem.projections.lexical import folded_words, tokens, with_parts
from nousmem.projections.lifecycle import FULL_LENSES, HIDDEN, expired
from nousmem.projections.retrieval import Snippet
from nousmem.projections.slot_kinds import STANDING_ATTRIBUTES
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview import slot_kind_for
from nousmem.runtime.fact_lines import (
    HOUSEHOLD,
    asks_about,
    fact_line,
    linked_entities,
    named_values,
)
from nousmem.runtime.holders_asked import names_value, values_of
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint, ReadStates, read_states

__all__ = ["FactChannel"]

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


class FactChannel:
    """Belief fact lines and the state helpers of a namespace's read."""

    proj: Projector

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
        # Who holds a value the question names ("Who works at Acme?"): each holder's lines
        # of it, not everything known of them, and none of their links.
        holders = {match_key(h) for h in plan.holders}
        words = folded_words(plan.question) if holders else frozenset()
        seeds = [n for n in named if match_key(n) not in holders]
        if limit and seeds:

            def states(snap: BeliefSnapshot) -> list[str]:
                return self.fact_line_at(snap, lens, at, now, plan.wants_list)[1]

            linked = linked_entities(proj, seeds, plan, at, states)
            if linked and conflicts is not None:
                conflicted = {**conflicts([name for name, _, _ in linked]), **(conflicted or {})}
            hops += [(name, hop) for name, hop, _ in linked]
            links = {attribute for _, _, attribute in linked}
        # "Tell me about my family": the relatives a group word means (``plan.relatives``)
        # when no link the question asks reached anyone ("family" is no attribute's alias),
        # each one hop away, as a link would have reached them.
        group: set[str] = set()
        if plan.relatives and not links and named:
            for name in proj.beliefs.distinct(plan.relatives, at.seq, at.time):
                key = proj.beliefs.canonical(name, at.seq, at.time)[0]
                if name not in named and key not in group:
                    group.add(key)
                    hops.append((name, 1))
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
        other = bool(links or group) and any(
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
                if (
                    ekey in holders
                    and not relation
                    and not asks_about(plan, snap.attribute, spec(snap.attribute).aliases)
                    and not any(names_value(words, v) for v in values_of(snap, plan.past))
                ):
                    continue
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
                elif asks_about(plan, snap.attribute, aliases):
                    rel += 2
                elif group and not other and ekey == asker:
                    # The asker's lines that hold the group's relatives say who they are.
                    held = {proj.beliefs.canonical(v, at.seq, at.time)[0] for v in snap.held}
                    rel += 2 if not group.isdisjoint(held) else 0
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
