"""The user asks memory to forget: the governed write invalidates what the request names.

"Please forget that I live in Lyon." states nothing (the extractor reads no claim in it), and
before this the value stayed believed and served: the assistant would go on using what the
user asked it to drop. Now a governed write whose observation holds such a request from the
user (or the system) journals an ``invalidate`` of each belief value the request names, in
the same transaction as the observation (a tool or another agent cannot make memory forget
what the user said). The value leaves every current read (and so do the turns that state
it, the request included); the historical and audit lenses still show it, with the
request as its reason, and the user saying it again restores it (``runtime/said_again.py``).

What a request names (``policies/forget_requests.py`` finds them):

- a clause ("forget that I live in Lyon"): the values the rule extractor reads in it;
- "forget what I told you about Lyon": the asker's values the words name whole;
- "forget my address", "forget where I work": every value of the asker's attributes the noun
  names (``policies.patterns.ATTRIBUTE_NOUNS``);
- "forget my email address", "forget my phone number": also the asker's turns that hold one
  (``runtime/forget_turns.py``), since no belief states them; and "forget what I told you
  about my therapy" the asker's turns that use the topic's words;
- "forget everything about Maya / my sister / my kids": every value held of each one named (her
  entity's beliefs) and the asker's links to her ("Lee.sibling = Maya"); never the asker's
  own beliefs wholesale.

A value said again after the request in event time (a back-dated request) is not forgotten.

``RouterConfig.forget_requests = "flag"`` leaves the values alone; either way the result
lists the request (``RouteResult.forget_requests``) and what it took out
(``RouteResult.forgotten``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_requests import (
    ForgetRequest,
    forget_requests,
    singular,
)
from nousmem.policies.past_tense import present_tense
from nousmem.policies.subject_words import KIN_GROUPS, KIN_NOUNS
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.belief_models import (
    CONFIRMING_SOURCES,
    UNKNOWN,
    BeliefSnapshot,
    Revision,
    match_key,
    source_key,
)
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.lexical import folded_words, tokens
from nousmem.projections.lifecycle import LifecycleBook
from nousmem.projections.models import Observation
from nousmem.projections.schema import normalise_attribute
from nousmem.projections.slot_kinds import STANDING_ATTRIBUTES, candidate_id, slot_kind_for
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.forget_kin import (
    Relatives,
    introduces,
    kin_noun,
    readings,
    renamed,
    unnamed_reading,
)
from nousmem.runtime.forget_turns import pii_turns, topic_turns

__all__ = [
    "FORGET_REQUEST",
    "asked_to_forget",
    "forget_targets",
    "requester",
    "value_target",
]

FORGET_REQUEST = "asked to forget"
"""The reason journaled with each invalidation a request brings (no words of the request:
the observation it was said in is the record's cause)."""
_RULES = RuleExtractor()


def forget_targets(
    requests: Sequence[ForgetRequest],
    obs: Observation,
    beliefs: BeliefStore,
    book: LifecycleBook,
    asserted: Iterable[str] = (),
    docs: Mapping[str, DocRow] | None = None,
    said_now: Iterable[Revision] = (),
) -> list[tuple[str, str, str]]:
    """``(candidate id, from_state, to_state)`` of the invalidations ``requests`` bring, in
    order, each candidate once; none for a value this same write asserts (``asserted``:
    candidate ids), nor for one already hidden. ``docs``: the texts of the events memory
    holds (which of two siblings was called "my sister"), none when unknown; ``said_now``:
    what the same write asserts ("Forget my old address, I moved to Paris": Paris is the
    address now, and the one held before is the old one)."""
    out: list[tuple[str, str, str]] = []
    seen = set(asserted)
    kin = Relatives(beliefs, docs or {}, obs.actor, said_now)
    for request in requests:
        # "Forget my email address", "Forget what I said about my therapy": the turns that
        # hold one, which no belief states.
        named = _named(request, obs, beliefs, kin)
        turns = pii_turns(request, obs, docs) if docs else []
        if docs and not named:  # a topic no value held is named by: the turns using it
            turns += topic_turns(request, obs, docs)
        for target in [*named, *turns]:
            if target in seen:
                continue
            seen.add(target)
            tr = book.check(target, "invalidate")
            if tr.legal:
                out.append((target, tr.from_state, tr.to_state))
    return out


def value_target(
    beliefs: BeliefStore,
    entity: str,
    attribute: str,
    value: str,
    before: datetime | None = None,
    *,
    loose: bool = False,
) -> str | None:
    """The worldview candidate id of ``value`` of ``entity``'s ``attribute``, when the belief
    holds that value at all (else None: nothing to forget). ``before``: the request's event
    time; a value said again after it (a back-dated request, as an imported history has)
    is not the one it asks to forget. ``loose``: a value named in part ("a dog" for "dog
    Rex", "Acme" for "Acme Corp") means the one value holding all its words."""
    snap = beliefs.snapshot(entity, normalise_attribute(attribute), deltas=False)
    if snap is None:
        return None
    if match_key(value) not in {match_key(v) for v, _ in snap.distribution}:
        # Its words first: "a dog" is "dog Rex", "Acme" is "Acme Corp"; "York" is not
        # "New York".
        words = tokens(value)
        wider = [v for v in _values(snap) if words and tokens(v)[: len(words)] == words]
        if not loose or len(wider) != 1:
            return None
        value = wider[0]
    if before is not None and any(
        match_key(o.value) == match_key(value) and o.last_seen > before
        for o in snap.observed_values
    ):
        return None
    key, _ = beliefs.canonical(entity)
    return candidate_id(slot_kind_for(snap.attribute), key, snap.attribute, value)


def _named(
    request: ForgetRequest, obs: Observation, beliefs: BeliefStore, kin: Relatives
) -> list[str]:
    when = obs.occurred_at
    if request.form == "clause":
        # "Forget that I lived in Lyon" names Lyon, held now or before
        present = present_tense(request.target)
        clause = present or request.target
        # ("used to" is a habit, not an occasion)
        past = present is not None and not _USED_TO.search(request.target)
        found = [_clause_targets(text, None, obs, beliefs, past) for text in readings(clause, kin)]
        # "my sister" read through each sibling: only when one of them is meant (what the
        # plain reading names too, "... and I live in Lyon", tells none apart).
        through = [new for ts in found[1:] if (new := [t for t in ts if t not in found[0]])]
        meant = through[0] if len(through) == 1 else []
        # And through the sister memory knows by the noun alone ("Lee's sister"), whose
        # values only "my sister" can name.
        unnamed = unnamed_reading(clause, kin)
        by_noun = [] if unnamed is None else _clause_targets(*unnamed, obs, beliefs, past)
        return list(dict.fromkeys([*found[0], *meant, *by_noun]))
    if obs.actor is None:
        return []
    if request.form == "entity":
        return _entity_targets(request, obs.actor, when, beliefs, kin)
    if request.whose:
        return [
            t
            for owner in _owners(request, kin)
            for t in _attribute_targets(request, owner, when, beliefs, kin)
        ]
    snaps = beliefs.snapshots(obs.actor, deltas=False)
    if request.form == "about":
        # The words name the value whole: "about tea time" is not about "tea". A standing
        # instruction is named by what it is about: "Forget what I said about Fridays"
        # names "never schedule anything on Fridays".
        words = set(tokens(request.target))
        topic = folded_words(request.target)
        return [
            t
            for s in snaps
            for v in _values(s)
            if set(tokens(v)) == words
            or (s.attribute in STANDING_ATTRIBUTES and topic and topic <= folded_words(v))
            if (t := value_target(beliefs, obs.actor, s.attribute, v, when)) is not None
        ]
    return _attribute_targets(request, obs.actor, when, beliefs, kin)


def _owners(request: ForgetRequest, kin: Relatives) -> list[str]:
    """Whose attribute ``request`` names: the one named, or the one relative its noun may
    mean ("my sister" of two siblings: the one introduced as a sister), else no one."""
    noun = kin_noun(request.whose)
    if noun not in KIN_NOUNS:
        return [request.whose]
    meant = kin.meant_by(noun)
    # and the one memory knows by the noun alone ("Lee's sister"), whose values only "my
    # sister" can name
    unnamed = kin.unnamed(noun)
    return [*(meant if len(meant) == 1 else []), *([unnamed] if unnamed else [])]


def _entity_targets(
    request: ForgetRequest,
    asker: str,
    when: datetime | None,
    beliefs: BeliefStore,
    kin: Relatives,
) -> list[str]:
    """The targets of "Forget everything about Maya / my sister": every value held of each
    one it names, and the asker's links to them ("Lee.sibling = Maya"). Never the asker:
    a request that broad is ``erase``'s."""
    if request.words:  # "my sister Maya"
        owners = [request.words]
    elif request.whose.casefold() in KIN_GROUPS:  # "my kids", "my family"
        owners = kin.of_group(request.whose)
    else:
        owners = _owners(request, kin)
    me = beliefs.canonical(asker)[0]
    # The asker's links, each with the key of whom it names (read once for every owner).
    links = [
        (s.attribute, v, beliefs.canonical(v)[0])
        for s in beliefs.snapshots(asker, deltas=False)
        if s.attribute in _LINKS
        for v in _values(s)
    ]
    out: list[str] = []
    for owner in owners:
        key = beliefs.canonical(owner)[0]
        if key == me:
            continue
        pairs = [
            (owner, s.attribute, v)
            for s in beliefs.snapshots(owner, deltas=False)
            for v in _values(s)
        ]
        pairs += [(asker, a, v) for a, v, named in links if named == key]
        out += [t for e, a, v in pairs if (t := value_target(beliefs, e, a, v, when)) is not None]
    return list(dict.fromkeys(out))


def _attribute_targets(
    request: ForgetRequest,
    owner: str,
    when: datetime | None,
    beliefs: BeliefStore,
    kin: Relatives,
) -> list[str]:
    """The targets of an attribute request among ``owner``'s values."""
    wanted = {normalise_attribute(a) for a in request.attributes}
    need = {singular(w) for w in tokens(request.words)}
    values = [
        (s.attribute, v)
        for s in beliefs.snapshots(owner, deltas=False)
        if s.attribute in wanted
        for v in _values(s)
        if need <= {singular(w) for w in tokens(v)}
    ]
    if request.former:  # "Forget my old address": not the one held now
        values = [(a, v) for a, v in values if not kin.held_now(owner, a, v)]
    if request.only_one:
        # "my sister": the one sibling a sister may be (of a brother alone, none)
        noun = kin_noun(request.target)
        values = [
            (a, v)
            for a in sorted(wanted)
            for v in kin.meant(a, [w for b, w in values if b == a], noun)
        ]
        if len(values) != 1:
            return []
    return [
        t
        for attribute, v in values
        if (t := value_target(beliefs, owner, attribute, v, when)) is not None
    ]


#: Attributes that link to a person (the relations of ``KIN_NOUNS``): in "my sister Maya
#: lives in Rome" the link only introduces who is meant; it is not what the request asks
#: to forget.
_LINKS = frozenset(KIN_NOUNS.values())


def _clause_targets(
    text: str,
    unnamed: str | None,
    obs: Observation,
    beliefs: BeliefStore,
    past: bool = False,
) -> list[str]:
    """The targets a request's clause ``text`` names; ``unnamed``: the relative the text's
    stand-in name stands for (see ``forget_kin.unnamed_reading``), if any."""
    claims = [
        c if unnamed is None else renamed(c, unnamed)
        for c in _RULES.extract_sync(obs.model_copy(update={"content": text, "claims": ()}))
        if c.polarity == "assert"
    ]
    named = {match_key(c.entity) for c in claims}
    # One occasion ("... tennis with Bob yesterday") is not the habit it was part of.
    # (past and with someone, or dated: "Forget that I play chess with my son" is the habit)
    episode = (past and _WITH.search(text) is not None) or bool(
        obs.occurred_at and resolve_time_expressions(text, obs.occurred_at)
    )
    when = obs.occurred_at
    return [
        t
        for c in claims
        if not (c.attribute in _LINKS and match_key(c.value) in named)
        # "... that I lived with my sister Maya": the link only says who, it is not asked
        if not (c.attribute in _LINKS and introduces(text, c.value))
        if not (episode and c.attribute in _HABITS)
        if (t := value_target(beliefs, c.entity, c.attribute, c.value, when, loose=True))
        is not None
    ]


_USED_TO = re.compile(r"\bused\s+to\b", re.I)
_WITH = re.compile(r"\bwith\s+\w", re.I)
_HABITS = frozenset({"hobby", "activity"})


def _values(snap: BeliefSnapshot) -> list[str]:
    return [v for v, _ in snap.distribution if v != UNKNOWN]


def requester(source: str) -> bool:
    """Whether a request from ``source`` makes memory forget."""
    return source_key(source) in CONFIRMING_SOURCES


def asked_to_forget(
    obs: Observation,
    revisions: Sequence[Revision],
    beliefs: BeliefStore,
    book: LifecycleBook,
    *,
    act: bool,
    docs: Mapping[str, DocRow] | None = None,
) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The request sentences of ``obs`` (none unless the user or the system said them) and,
    with ``act``, the invalidations they bring (see :func:`forget_targets`); ``revisions``:
    what the same write revises (a value it asserts is not forgotten by it)."""
    if not requester(obs.source):
        return [], []
    requests = [r for r in forget_requests(obs.content) if not r.dismissed]
    sentences = list(dict.fromkeys(r.sentence for r in requests))
    if not requests or not act:
        return sentences, []
    asserted = [
        t
        for r in revisions
        if r.polarity == "assert"
        if (t := value_target(beliefs, r.entity, r.attribute, r.value)) is not None
    ]
    return sentences, forget_targets(requests, obs, beliefs, book, asserted, docs, revisions)
