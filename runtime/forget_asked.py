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
  names (``policies.patterns.ATTRIBUTE_NOUNS``).

A value said again after the request in event time (a back-dated request) is not forgotten.

``RouterConfig.forget_requests = "flag"`` leaves the values alone; either way the result
lists the request (``RouteResult.forget_requests``) and what it took out
(``RouteResult.forgotten``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_requests import KIN_START, ForgetRequest, forget_requests
from nousmem.policies.patterns import KIN_NOUNS
from nousmem.projections.belief_models import (
    CONFIRMING_SOURCES,
    UNKNOWN,
    BeliefSnapshot,
    Revision,
    match_key,
    source_key,
)
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.lexical import tokens
from nousmem.projections.lifecycle import LifecycleBook
from nousmem.projections.models import Observation
from nousmem.projections.schema import normalise_attribute
from nousmem.projections.worldview_models import candidate_id, slot_kind_for

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
) -> list[tuple[str, str, str]]:
    """``(candidate id, from_state, to_state)`` of the invalidations ``requests`` bring, in
    order, each candidate once; none for a value this same write asserts (``asserted``:
    candidate ids), nor for one already hidden."""
    out: list[tuple[str, str, str]] = []
    seen = set(asserted)
    for request in requests:
        for target in _named(request, obs, beliefs):
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
) -> str | None:
    """The worldview candidate id of ``value`` of ``entity``'s ``attribute``, when the belief
    holds that value at all (else None: nothing to forget). ``before``: the request's event
    time; a value said again after it (a back-dated request, as an imported history has)
    is not the one it asks to forget."""
    snap = beliefs.snapshot(entity, normalise_attribute(attribute), deltas=False)
    if snap is None or match_key(value) not in {match_key(v) for v, _ in snap.distribution}:
        return None
    if before is not None and any(
        match_key(o.value) == match_key(value) and o.last_seen > before
        for o in snap.observed_values
    ):
        return None
    key, _ = beliefs.canonical(entity)
    return candidate_id(slot_kind_for(snap.attribute), key, snap.attribute, value)


def _named(request: ForgetRequest, obs: Observation, beliefs: BeliefStore) -> list[str]:
    when = obs.occurred_at
    if request.form == "clause":
        found = [
            _clause_targets(text, obs, beliefs) for text in _readings(request.target, obs, beliefs)
        ]
        # "my sister" read through each sibling: only when one of them is meant (what the
        # plain reading names too, "... and I live in Lyon", tells none apart).
        kin = [new for ts in found[1:] if (new := [t for t in ts if t not in found[0]])]
        meant = kin[0] if len(kin) == 1 else []
        return list(dict.fromkeys([*found[0], *meant]))
    if obs.actor is None:
        return []
    snaps = beliefs.snapshots(obs.actor, deltas=False)
    if request.form == "about":
        # The words name the value whole: "about tea time" is not about "tea".
        words = set(tokens(request.target))
        return [
            t
            for s in snaps
            for v in _values(s)
            if set(tokens(v)) == words
            if (t := value_target(beliefs, obs.actor, s.attribute, v, when)) is not None
        ]
    wanted = {normalise_attribute(a) for a in request.attributes}
    return [
        t
        for s in snaps
        if s.attribute in wanted
        for v in _values(s)
        if (t := value_target(beliefs, obs.actor, s.attribute, v, when)) is not None
    ]


#: Attributes that link to a person: in "my sister Maya lives in Rome" the link only
#: introduces who is meant; it is not what the request asks to forget.
_LINKS = frozenset({"sibling", "spouse", "child", "friend"})


def _clause_targets(text: str, obs: Observation, beliefs: BeliefStore) -> list[str]:
    claims = [
        c
        for c in _RULES.extract_sync(obs.model_copy(update={"content": text, "claims": ()}))
        if c.polarity == "assert"
    ]
    named = {match_key(c.entity) for c in claims}
    return [
        t
        for c in claims
        if not (c.attribute in _LINKS and match_key(c.value) in named)
        if (t := value_target(beliefs, c.entity, c.attribute, c.value, obs.occurred_at)) is not None
    ]


def _readings(clause: str, obs: Observation, beliefs: BeliefStore) -> list[str]:
    """The clause, and for "my sister ..." the clause about each entity the asker's
    relation holds ("Maya lives in Rome"): the extractor reads no claim of an unnamed
    relative, and only the one that holds the value is forgotten."""
    kin = KIN_START.match(clause)
    if kin is None or obs.actor is None:
        return [clause]
    attribute = KIN_NOUNS[" ".join(kin.group("kin").casefold().split())]
    snap = beliefs.snapshot(obs.actor, attribute, deltas=False)
    names = [] if snap is None else [v for v in snap.held or ((snap.mode,) if snap.mode else ())]
    return [clause, *(f"{name}{clause[kin.end() :]}" for name in names if name != UNKNOWN)]


def _values(snap: BeliefSnapshot) -> list[str]:
    return [v for v, _ in snap.distribution if v != UNKNOWN]


def requester(source: str) -> bool:
    """Whether a request from ``source`` makes memory forget."""
    return source_key(source) in CONFIRMING_SOURCES


def asked_to_forget(
    obs: Observation,
    revisions: Iterable[Revision],
    beliefs: BeliefStore,
    book: LifecycleBook,
    *,
    act: bool,
) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The request sentences of ``obs`` (none unless the user or the system said them) and,
    with ``act``, the invalidations they bring (see :func:`forget_targets`); ``revisions``:
    what the same write revises (a value it asserts is not forgotten by it)."""
    if not requester(obs.source):
        return [], []
    requests = forget_requests(obs.content)
    sentences = list(dict.fromkeys(r.sentence for r in requests))
    if not requests or not act:
        return sentences, []
    asserted = [
        t
        for r in revisions
        if r.polarity == "assert"
        if (t := value_target(beliefs, r.entity, r.attribute, r.value)) is not None
    ]
    return sentences, forget_targets(requests, obs, beliefs, book, asserted)
