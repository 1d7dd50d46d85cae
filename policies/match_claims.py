"""One match of a rule in a sentence, read as claims: whose, of what, how sure and when.

:func:`match_claims` is the rule extractor's step for each match (``policies/extract.py``
walks the sentences and the rules). It finds the subject by walking back from the verb,
reads the value and any list after it, then the clause's negators, hedges, tense and time
(``policies/scope.py``): a condition, an ended state or someone else's report about the
speaker says nothing now, and a state to come is a plan (``policies/plans.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from nousmem.policies.clauses import joined, joint_walk, not_stated, walk_back
from nousmem.policies.coordination import NameLead, binomial, list_items, misnamed, time_after
from nousmem.policies.ended_states import (
    Bounds,
    ended_bounds,
    left_for_next,
    taken_next,
    then_follows,
    then_start,
)
from nousmem.policies.group_subject import SHARED_ATTRIBUTES, our_group, speaker_we
from nousmem.policies.joint_subject import PAIRED_ATTRIBUTES, SPEAKER, joint_subject
from nousmem.policies.patterns import MULTI_VALUED, Rule
from nousmem.policies.plans import PLAN_ATTRIBUTE, awaited_lead, plan_of, supposed_plan
from nousmem.policies.rule_values import entity_of, may_elide, plural_pets, shaped, value_of
from nousmem.policies.scope import STATE_ATTRIBUTES, clause_scope
from nousmem.policies.sentences import Sentence
from nousmem.policies.update_language import says_change, says_retraction
from nousmem.projections.models import CONTROL_CHARS, Claim, Observation

__all__ = ["Factors", "match_claims"]


class Factors(NamedTuple):
    """Confidence of a plain first-hand claim, and what a hedge and an unspoken subject
    multiply it by (:class:`~nousmem.policies.extract.RuleExtractor`'s settings)."""

    base: float
    hedge: float
    elided: float


_ANYMORE = re.compile(r"\bany\s?more\b", re.IGNORECASE)
_PERFECT = re.compile(r"(?:['\u2019]ve|\bhave|\bhas)\b", re.IGNORECASE)
# A clause about the present takes no other clause's time.
_NOW = re.compile(r"\b(?:now|currently|nowadays|these\s+days|at\s+the\s+moment)\b", re.IGNORECASE)
# "neither X nor Y" denies both; a "nor Y" after a denied value denies Y too.
_NEITHER = re.compile(r"(?i:neither)\s+(?!(?i:of)\b)")  # not "neither of them"
# Not "nor does my wife": an auxiliary after "nor" starts a clause, not a second value.
_NOR = re.compile(
    r"\s*,?\s*(?i:nor)\s+(?!(?i:does|do|did|is|am|are|was|were|can|could|will|would|has"
    r"|have|had|should|shall|may|might|must)\b)"
)
# The word before a name list: a plural noun ("my *kids* Max and Lily") or a preposition
# ("friends *with* Tom and Ana"), not "my friend Tom and Ana" (one friend, and Ana).
_NOUN_LEAD = re.compile(
    r"(?:\b(?!(?i:is|was|has|does|his|its|this|us|as|yes|plus)\b)[\w-]+(?<!')s|\b(?i:children))"
    # "my kids Max and Lily", "two sons named Leo and Max", "My kids are Leo and Mia"
    r"(?:\s+(?i:are))?\s*,?\s+(?:(?i:named|called)\s+)?$"
)
_PREP_LEAD = re.compile(r"\b(?i:with|of)\s+$")
# Longer "names" or "values" are runs of junk (a pasted token), not facts.
_MAX_TEXT = 120


def match_claims(
    rule: Rule, match: re.Match[str], sent: Sentence, obs: Observation, factors: Factors
) -> list[Claim]:
    """The claims of one match of ``rule`` in sentence ``sent`` of ``obs`` (none when the
    match says nothing of anyone now: a condition, a question's part, a report of someone
    else's about the speaker, an ended state; a state to come is a plan)."""
    partners: tuple[str, ...] = ()  # names joined to the subject: "Tom and Ana went"
    if rule.subject == "pair":
        walk = joint_walk(sent, match.start("pair"), match.start("act"))
    elif rule.subject == "speaker":
        # A request to the assistant that names no one ("Set a reminder to call Mom"): the
        # speaker's; the walk only collects negators and modals.
        walk = walk_back(sent, match.start())._replace(kind="actor")
    elif rule.subject == "poss" or (
        "poss" in rule.regex.groupindex and match.group("poss") is not None
    ):
        # The possessor names the entity; the walk only collects negators ("I quit my
        # job at ...") and modals.
        walk = walk_back(sent, match.start("poss"))._replace(kind="poss", start=match.start())
        if rule.stated and not_stated(sent, match.start("poss")):
            return []
    else:
        walk = walk_back(sent, match.start())
        if walk.kind == "none" and rule.attribute in SHARED_ATTRIBUTES:
            we = speaker_we(sent.text, walk.start, match.start())
            if we is None and rule.attribute == "uses":
                we = our_group(sent.text, walk.start, match.start())
            if we is not None:
                walk = joint_walk(sent, we, match.start())
        if walk.kind == "elided" and not may_elide(rule, match):
            return []
        if rule.value != "name":  # "Tom is my brother": the name is the value, not a subject
            walk, partners = joint_subject(sent, walk)
        if (rule.solo or (rule.speaker_joint and walk.kind != "actor")) and joined(sent, walk):
            return []
        if rule.solo or rule.speaker_joint or rule.attribute in PAIRED_ATTRIBUTES:
            partners = ()  # "Ana and I are engaged": the pair rules read the other one
    if walk.conditional and rule.attribute != "goal":
        return []
    if rule.others_only and walk.kind in ("actor", "elided"):
        return []
    entity = entity_of(rule, match, walk, obs)
    if entity is None or len(entity) > _MAX_TEXT:
        return []
    group = "val" if rule.value != "pet" else "species"
    phrase = rule.value in ("np", "vp")
    neither = _NEITHER.match(sent.text, match.start(group)) if phrase else None
    main = value_of(rule, match, group, sent, obs, neither.end() if neither else None)
    if main is not None and rule.value == "np":  # "rock and roll": one value
        pair = binomial(sent.text, *main, sent.cuts)
        main = main if pair is None else (pair.value, pair.end)
    if main is None or len(main[0]) > _MAX_TEXT:
        return []
    value, vend = main
    if rule.value == "name":  # "Alice is my friend": the value comes first
        vend = max(vend, match.end())
    text = sent.text
    start = min(walk.start, match.start())
    neg_word = neither is not None or (
        "neg" in rule.regex.groupindex and match.group("neg") is not None
    )
    # "I love hiking, swimming and yoga": one claim per item, read as one clause.
    vs = match.start(group)
    lead: NameLead = None
    if rule.value == "name":
        if _NOUN_LEAD.search(text, max(0, vs - 24), vs):
            lead = "noun"
        elif _PREP_LEAD.search(text, max(0, vs - 8), vs):
            lead = "prep"
    pets_of = plural_pets(rule, match)
    listed = (
        rule.attribute in MULTI_VALUED
        and neither is None
        and (rule.value != "name" or match.end(group) >= match.end())
    )
    items = (
        list_items(
            rule.value,
            text,
            vend,
            sent.cuts,
            first=value if rule.template == "{}" else "",  # not "volunteering at X"
            denied=walk.plain_neg or walk.cessation or neg_word,
            lead=lead,
            pattern=rule.items,
            pets_of=pets_of,
            times=_with_purposes(text, vend, sent.time_ends)
            if rule.attribute == "uses"
            else sent.time_ends,
            subject=rule.subject_list,
        )
        if listed
        else []
    )
    if listed and lead == "noun" and not items and misnamed(text, vs, vend):
        return []  # "my kids Lego sets", "my brothers BMW", "Hey my friends, Tom here"
    last = items[-1].end if items else vend
    # The clause reaches back to the previous boundary, so that a leading "These days,"
    # or "Now" counts as update language for it.
    clause_start, clause_end = sent.clause(start, last)
    anymore = _ANYMORE.search(text, last, clause_end) is not None
    cess = (walk.cessation or anymore) and not rule.presupposed
    if rule.denial_drops and (walk.plain_neg or cess or neg_word):
        return []
    if rule.plain_denial_drops and (walk.plain_neg or neg_word) and not cess:
        said = match.group("neg") if "neg" in rule.regex.groupindex else None
        if said is None or "longer" not in said.lower():  # "no longer" ends a state
            return []
    negated = rule.negate != ((walk.plain_neg and not rule.presupposed) or cess or neg_word)
    attribute = rule.attribute
    if negated and rule.alt_negated and not cess and not neg_word:
        attribute, negated = rule.alt_negated, False
    key = (clause_start, clause_end)
    if key not in sent.memo:
        sent.memo[key] = says_change(text, clause_start, clause_end)
    change = rule.change or cess or (sent.memo[key] and not rule.presupposed)
    hedged = sent.hedged
    ref = obs.occurred_at.date() if obs.occurred_at is not None else None
    named = 1 if walk.kind == "actor" else len(walk.name.split()) if walk.name else 0
    verb_at = match.start()
    if rule.subject == "pair":  # "Tom and I *got* divorced": the subject is three words
        named, verb_at = len(match.group("pair").split()), match.start("act")
    # A possessive's clause starts at the possessor: "Next week my wife Ana turns 40"
    # still names a wife now.
    bounds = (walk.start, clause_end) if walk.kind == "poss" else key
    scope = clause_scope(
        sent,
        walk.start,
        named,
        verb_at,
        bounds,
        vend,
        ref,
        change=rule.change,
        possessive=walk.kind == "poss",
    )
    if (
        attribute in STATE_ATTRIBUTES
        and not (scope.future or scope.past)
        and awaited_lead(text, walk.start)
    ):
        # "Once the visa comes through, I'm moving to Berlin": when the awaited thing is.
        scope = scope._replace(future=True, foretold=rule.change)
    if scope.reported:
        if entity == obs.actor:
            return []  # someone else's belief about the speaker, not the speaker's
        hedged = True
    # Not true yet, or true once: neither says what holds now, nor what does not (a
    # cessation does: "I won't work there anymore"). A state to come is a plan.
    planned = False
    ended: Bounds | None = None
    if attribute in STATE_ATTRIBUTES and (scope.future or scope.past):
        kept = cess if negated else scope.past and rule.change and not scope.future
        if not kept and scope.past and not scope.future and not negated:
            # "I worked at Acme until 2020": a past state with its end is history.
            ended = ended_bounds(sent, bounds[0], bounds[1], ref)
            if ended is None and _PERFECT.search(text, walk.start, verb_at) is None:
                # "I lived in Lyon before moving to Paris" (not "I've lived in Lyon for a
                # year before moving": a move that may be ahead).
                ended = left_for_next(text, vend)
            kept = ended is not None
        if not kept:
            plan = (
                None
                if scope.past
                or not (scope.foretold or rule.change)
                or supposed_plan(text, walk.start)
                else plan_of(attribute, value, change=rule.change)
            )
            if plan is None:
                return []
            attribute, value, change, planned = PLAN_ATTRIBUTE, plan, False, True
    confidence = factors.base * rule.weight
    if walk.kind == "elided":
        confidence *= factors.elided
    if hedged:
        confidence *= factors.hedge
    valid_at = None
    # A date that is the value ("My birthday is March 5th") is not the claim's time.
    dated = [
        t
        for t in sent.mentions
        if not (t.span[0] - sent.offset < vend and vs < t.span[1] - sent.offset)
    ]
    if rule.said_day:
        valid_at = ref
    elif obs.occurred_at is not None and dated and not rule.undated:
        inside = [t for t in dated if clause_start <= t.span[0] - sent.offset < clause_end]
        if rule.time_after:
            inside = [t for t in inside if t.span[0] - sent.offset >= vend] or inside
        # A claim whose value is a date takes no other clause's ("My birthday is May 2
        # and Ana's is June 4").
        pool = inside if inside or len(dated) < len(sent.mentions) else dated
        if not inside and then_follows(sent, clause_end):
            pool = [t for t in pool if t.span[0] - sent.offset < clause_end]
        if not inside and _NOW.search(text, clause_start, clause_end) is not None:
            pool = []  # "From 2015 to 2019 I was at Acme, and now I work at Globex": now
        valid_at = pool[0].start if pool else None
        if not inside:
            # "... from 2010 to 2015 and then moved to Rome": from when that ended.
            valid_at = then_start(sent, clause_start) or valid_at
    if planned and valid_at is not None and ref is not None and valid_at < ref:
        valid_at = None  # a bare date read back ("..., starting in June"): not the plan's
    if not _visible(value) or not _visible(entity):
        return []  # control characters only ("I quit \x1b"): no value to claim
    span = (sent.offset + start, sent.offset + vend)
    claims = [
        Claim(
            entity=entity,
            attribute=attribute,
            value=value,
            confidence=round(min(confidence, 1.0), 4),
            polarity="negate" if negated else "assert",
            change=change,
            # A correction, not a change said as one: "Actually no, she still lives there".
            retracts=change
            and not (rule.change or cess or planned)
            and says_retraction(text, clause_start, clause_end),
            hedged=hedged,
            valid_at=valid_at,
            span=span,
            extractor="rule",
        )
    ]
    if planned:
        # One plan: not the items, a "nor" or the place left of the state.
        return _each(claims, partners, obs.actor)
    nor = _NOR.match(text, vend) if phrase else None
    if nor is not None and (walk.plain_neg or cess or neg_word) and nor.end() < match.end(group):
        other = value_of(rule, match, group, sent, obs, nor.end())
        if other is not None and len(other[0]) <= _MAX_TEXT:
            fields = claims[0].model_dump()
            fields.update(value=other[0], span=(span[0], sent.offset + other[1]))
            claims.append(Claim(**fields))
    else:
        # Items said each with a time of its own ("Japan in 2019 and Peru in 2021"): one
        # without ("... and Peru recently") has no date, not the first item's.
        own = any(item.time is not None for item in items) or (
            bool(items) and time_after(text, vend, sent.time_ends) is not None
        )
        at = {t.span[0] - sent.offset: t.start for t in sent.mentions} if own else {}
        for item in items:
            said = shaped(rule, match, item.value)
            if len(said) <= _MAX_TEXT and _visible(said):
                fields = claims[0].model_dump()
                fields.update(value=said, span=(span[0], sent.offset + item.end))
                if own and not rule.undated:
                    got = None if item.time is None else at.get(item.time)
                    fields.update(valid_at=got if obs.occurred_at is not None else None)
                claims.append(Claim(**fields))
    if "old" in rule.regex.groupindex and match.group("old") is not None:
        old = value_of(rule, match, "old", sent, obs)
        if old is not None and len(old[0]) <= _MAX_TEXT:
            fields = claims[0].model_dump()
            fields.update(value=old[0], polarity="negate")
            claims.append(Claim(**fields))
    if ended is not None:
        claims = _ended(claims, ended)
        nxt = taken_next(attribute, text, vend)
        if nxt is not None and claims:
            # "... until 2020 and then at Globex": the next one holds from that end on.
            claims.append(
                claims[-1].model_copy(
                    update={
                        "value": nxt[0],
                        "polarity": "assert",
                        "span": (sent.offset + nxt[1], sent.offset + nxt[2]),
                    }
                )
            )
    return _each(claims, partners, obs.actor)


def _ended(claims: list[Claim], ended: Bounds) -> list[Claim]:
    """Each value of a past state said with its end, as the change it was: no longer held
    from the end ("I worked at Acme until 2020"). Not also held from its start ("from 2015
    to 2019"): beliefs fold in the order memory learned them, so a value said to hold from
    a past day would take the slot from the one held now."""
    return [
        c.model_copy(update={"polarity": "negate", "change": True, "valid_at": ended.end})
        for c in claims
    ]


def _each(claims: list[Claim], partners: tuple[str, ...], actor: str | None) -> list[Claim]:
    """``claims`` and, for each name joined before their subject, the same of that one
    (in the order the subject names them: "Tom and Ana" gives Tom's, then Ana's)."""
    out: list[Claim] = []
    for partner in partners:
        entity = actor if partner == SPEAKER else partner
        if entity is None or entity == claims[0].entity or len(entity) > _MAX_TEXT:
            continue
        out.extend(c.model_copy(update={"entity": entity}) for c in claims)
    return out + claims


# What a tool is used for, after each tool of a list: "We use Jira *for tickets* and GitHub
# *for code*", "Vim for Python". One or two words (the second lowercase), to a comma, a
# conjunction or the clause's end.
_PURPOSE = re.compile(
    r"\s+for\s+(?:(?:the|our|my|all|all\s+our)\s+)?(?!(?:and|or)\b)[^\W\d_][\w/+#-]*"
    r"(?:\s+(?!(?:and|or)\b)[a-z][\w/-]*)?(?=\s*(?:,|\band\b|&|[.;!?)]|$))"
)


def _with_purposes(text: str, vend: int, times: Mapping[int, int]) -> Mapping[int, int]:
    """``times`` and each purpose said after a tool from ``vend`` on (see :data:`_PURPOSE`),
    which a list's walk steps over as it steps over a time: by start, its end."""
    if " for " not in text[vend:]:
        return times
    found = {m.start() + 1: m.end() for m in _PURPOSE.finditer(text, vend)}
    return {**found, **times} if found else times


def _visible(text: str) -> bool:
    """Whether ``text`` keeps a character once control characters are blanked (as a
    :class:`Claim` normalises its text)."""
    return bool(CONTROL_CHARS.sub(" ", text).strip())
