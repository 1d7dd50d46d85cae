"""Who holds a value the question names: "Who works at Acme?" asks about whoever memory
believes works at Acme.

A question of who ("Who works at Acme?", "Does anyone live in Paris?", "Which of my friends
plays tennis?") names a value, not an entity, so the read would find the turns that say it
and no belief: a turn that says "I work at Acme" of someone who has since left reads as an
answer. :func:`holders_asked` adds to the plan's entities each one whose belief, as of the
read, holds a value the question names, so that the snapshot shows the current belief
beside those turns; a question of the past ("Who used to work at Acme?") counts the values
each belief was ever seen to hold. When the question asks for attributes ("works" asks
``employer``), only beliefs of those count; one that asks for none and names no one ("Who
plays tennis?") takes any belief. The beliefs are found through the store's index of value
words (:meth:`~nousmem.projections.belief_entities.EntityReads.valued`), so the cost is in
the beliefs that share a word with the question, not in every belief. A question of who
someone is or what they do ("Who is Ana?", "Who is Ana dating?", "Who did I meet?") is
about them, and adds no one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nousmem.policies.planner import QueryPlan
from nousmem.policies.token_names import POSSESSIVES
from nousmem.projections.belief_models import BeliefSnapshot, match_key
from nousmem.projections.lexical import folded_words
from nousmem.projections.schema import AttributeSpec
from nousmem.runtime.fact_lines import asks_about
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = ["ASKS_WHO", "MAX_HOLDERS", "holders_asked", "names_value", "values_of"]

MAX_HOLDERS = 8
"""At most this many holders join a question's entities (in matching-key order): a value
that many hold ("Who lives in London?") is answered by its turns, and a snapshot of every
holder's beliefs would crowd them out."""

ASKS_WHO = re.compile(
    r"\b(?:who|whom|whose|anyone|anybody|someone|somebody|everyone|everybody|people"
    r"|which\s+(?:of|one|ones|person|people|friends?|colleagues?|coworkers?|members?))\b",
    re.IGNORECASE,
)
"""A question that asks who holds a value, not what the asker holds (also read by
:func:`~nousmem.runtime.asker_names.asker_by_default`)."""


# "Who is Ana?", "Who is Ana dating?", "Who did I meet at Acme?", "Who does my sister work
# with?": the word after the auxiliary is who the question is about, not who holds a value.
# After "is" a possessive asks who holds it: "Who is our designer?", "Who's my dentist?".
_ABOUT_SOMEONE = re.compile(
    r"\b(?:who|whom)(?P<aux>['’]s|\s+(?:is|was|are|were|does|did|do|has|have|had|will"
    r"|would|can|could|should))\s+(?P<next>\w+)",
    re.IGNORECASE,
)
_PRONOUNS = frozenset("i you he she we they it".split())
_POSSESSIVES = POSSESSIVES | {"your", "its"}
_COPULAS = frozenset("'s ’s is was are were".split())


def _about_someone(question: str) -> bool:
    m = _ABOUT_SOMEONE.search(question)
    if m is None:
        return False
    word, aux = m.group("next"), m.group("aux").strip().lower()
    if word.lower() in _POSSESSIVES:
        return aux not in _COPULAS
    return word[0].isupper() or word.lower() in _PRONOUNS


def holders_asked(
    proj: Projector, plan: QueryPlan, at: ReadPoint, spec: Callable[[str], AttributeSpec]
) -> QueryPlan:
    """``plan`` with the entities whose belief (as of ``at``) holds a value the question
    names, after the ones it names itself (at most :data:`MAX_HOLDERS`); ``plan`` itself
    when it asks no one's ("Where does Ana work?") or none holds one."""
    if not ASKS_WHO.search(plan.question) or _about_someone(plan.question):
        return plan
    beliefs = proj.beliefs
    words = folded_words(plan.question)
    # Only what memory held as of the read counts, and decides what is asked: the value
    # index holds every value ever told, so a belief told later ("Bob works at Google",
    # after a read of "Who works at Google?") must not change that read's answer.
    seen: list[tuple[str, str, tuple[str, ...]]] = []
    for entity, attribute in beliefs.valued(words, at.seq, at.time):
        snap = beliefs.snapshot(
            entity, attribute, as_of_seq=at.seq, as_of_time=at.time, deltas=False
        )
        if snap is not None and any(names_value(words, v) for v in values_of(snap, True)):
            seen.append((entity, attribute, values_of(snap, plan.past)))
    asked = {a for _, a, _ in seen if asks_about(plan, a, spec(a).aliases)}
    asker = match_key(plan.actor) if plan.actor else None
    if not asked and any(match_key(e) != asker for e in plan.entities):
        # "Who was Caroline with at the park?" asks about Caroline; "Who is our designer?"
        # names the asker only through "our".
        return plan
    # Each once: a relative or the family a question of what is ahead reads is shown anyway.
    named = {match_key(e) for e in (*plan.entities, *plan.relatives, *plan.family)}
    holders: list[str] = []
    for entity, attribute, values in seen:
        if (asked and attribute not in asked) or match_key(entity) in named:
            continue
        if any(names_value(words, v) for v in values):
            named.add(match_key(entity))
            holders.append(entity)
            if len(holders) == MAX_HOLDERS:
                break
    if not holders:
        return plan
    return plan.model_copy(
        update={"entities": (*plan.entities, *holders), "holders": tuple(holders)}
    )


def names_value(words: frozenset[str], value: str) -> bool:
    """Whether the question's words hold every word of ``value`` ("Stark Labs")."""
    own = folded_words(value)
    return bool(own) and own <= words


def values_of(snap: BeliefSnapshot, past: bool) -> tuple[str, ...]:
    """The values ``snap`` holds, and (``past``: a question of an earlier time) every one
    it was seen to hold."""
    if not past:
        return snap.held
    return (*snap.held, *(o.value for o in snap.observed_values))
