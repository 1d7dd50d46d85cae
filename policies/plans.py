"""A state said to come ("I'm moving to Berlin in June") read as a plan, a ``goal``.

A future state sets no present one (``policies/scope.py``): "I start at Google in June"
said in May leaves the employer memory holds as it is. Before, the sentence left nothing at
all, so memory could not say that Sam was about to change jobs. Now the state's claim becomes
a ``goal`` in the words a goal takes ("work at Google", dated June), beside the goals the
goal rules read ("I want to move to Berlin"):

=======================  ============================================
state claim              plan
=======================  ============================================
``employer: Google``     ``work at Google``
``location: Berlin``     ``move to Berlin``
``role: nurse``          ``become a nurse`` (``retired``: ``retire``)
``team: platform team``  ``join the platform team``
``spouse: Tom``          ``marry Tom``
``uses: Linear``         ``switch to Linear`` (``use Linear`` without a change verb)
``relationship_status``  ``get married`` / ``get engaged`` / ``get divorced``
=======================  ============================================

Only an asserted state with no condition on it (``supposed_plan``: "If I get the job, I
will work at Google"), and only one said to come in words (will, going to, a start) or by a
change rule's verb (move to, join): "I'm working at the bakery tomorrow" is a shift, "I'm a
nurse for Halloween" a costume. A hedge keeps its lower confidence ("I might move to Berlin
next year"). Other state attributes (a manager, a time zone, an age, a diet)
give no plan. A plan is an occasion: it keeps its date and leaves the state alone. What is
said when it comes true sets the state and ends the plan (``fulfilled_plans``: "I started
at Google today" after "I start at Google in June"); what calls it off denies it
(``plans_in_context``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.clause_leads import CLAUSE_BREAK, SUPPOSING
from nousmem.policies.held_values import HeldValues, SaidValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = [
    "PLAN_ATTRIBUTE",
    "Found",
    "awaited_lead",
    "fulfilled_plans",
    "plan_of",
    "plans_in_context",
    "supposed_plan",
    "without_restated_plans",
]

#: The attribute a plan is kept under.
PLAN_ATTRIBUTE = "goal"

_TEMPLATES: dict[str, str] = {
    "employer": "work at {}",
    "location": "move to {}",
    "team": "join the {}",
    "spouse": "marry {}",
}
# A tool to come: switched to, or only used ("I'll use Vim for this").
_TOOL_PLANS = ("use {}", "switch to {}")
_STATUS_PLANS: dict[str, str] = {
    "married": "get married",
    "engaged": "get engaged",
    "divorced": "get divorced",
}
# Roles that are a state reached, not a post held: "I'm retiring next year".
_ROLE_VERBS: dict[str, str] = {"retired": "retire"}

# Goals a state that comes to hold also ends, beside its own plan: "I want to live in Tokyo"
# ends with the move there as "move to Tokyo" does.
_ALSO_FULFILS: dict[str, tuple[str, ...]] = {
    # ... and a job search ends with a job ("I'm job hunting", then "I got a job at Stripe").
    "employer": ("work for {}", "find a job", "find a new job", "find a better job"),
    "location": ("live in {}",),
    # ... and a try-out with a place on the team ("Leo made the basketball team").
    "team": ("try out for the {}", "make the {}"),
}


#: A sentence's claim as the extractor sorts them: (start, rule index, n, claim).
Found = tuple[int, int, int, Claim]


def plan_of(attribute: str, value: str, *, change: bool = False) -> str | None:
    """The goal a future ``attribute: value`` state makes, or None if it makes none.
    ``change``: said by a change rule's verb ("switch to", "move to")."""
    if attribute == "uses":
        return _TOOL_PLANS[change].format(value)
    if attribute == "relationship_status":
        return _STATUS_PLANS.get(value.casefold())
    if attribute == "role":
        verb = _ROLE_VERBS.get(value.casefold())
        if verb is not None:
            return verb
        article = "an" if value[:1].casefold() in "aeiou" else "a"
        return f"become {article} {value}"
    template = _TEMPLATES.get(attribute)
    return None if template is None else template.format(value)


def _plans_of(claim: Claim) -> tuple[str, ...]:
    """Every goal the state ``claim`` says would end: its plan in each wording a plan of it
    takes ("use Linear", "switch to Linear"), and the goals it also fulfils."""
    if claim.attribute == "uses":
        return tuple(t.format(claim.value) for t in _TOOL_PLANS)
    plan = plan_of(claim.attribute, claim.value)
    if plan is None:
        return ()
    return (plan, *(t.format(claim.value) for t in _ALSO_FULFILS.get(claim.attribute, ())))


def supposed_plan(text: str, at: int) -> bool:
    """Whether the sentence ``text`` supposes, before ``at`` (the subject) and since its last
    clause break, what the plan hangs on: "If I get the job, I will work at Google",
    "Assuming the visa comes through, I'm moving to Berlin in June"."""
    breaks = [m.end() for m in CLAUSE_BREAK.finditer(text, 0, at)]
    return SUPPOSING.search(text, breaks[-1] if breaks else 0, at) is not None


# A clause before the subject that waits for something: "Once the visa comes through, ...",
# "When I retire, ...", "As soon as we sell the house, ...".
# "after", "until" and "by the time" with a subject only: "After a long fight, ..." is a
# time that was, no clause.
_AWAITED = re.compile(
    r"^\W*(?:(?i:and|so|but|then)\s+)?(?:(?i:once|when|whenever|as\s+soon\s+as)\s+"
    r"|(?i:after|until|till|by\s+the\s+time)\s+(?=(?i:I|we|you|he|she|they)\b))"
    r"(?P<clause>[^,;:.!?]+),\s*$"
)
# ... told as past: "When I was 10, ...", "After I graduated, ..." (not "Once I'm settled").
_PAST_CLAUSE = re.compile(
    r"\b(?i:was|were|had|did|went|got|came|left|moved|sold|bought|lost|found|met)\b"
    r"|(?<!'m\s)(?<!\bam\s)(?<!\bis\s)(?<!\bare\s)(?<!'re\s)(?<!\bbe\s)(?<!\bget\s)"
    r"\b\w{3,}ed\b"
)


def awaited_lead(text: str, at: int) -> bool:
    """Whether the sentence ``text`` opens, before ``at`` (the subject), with a clause that
    waits for something still to happen: "Once the visa comes through, I'm moving to
    Berlin" is a plan, not a move now. Not one told as past ("When I was 10, I moved to
    Berlin", "After I graduated, ...")."""
    m = _AWAITED.match(text[:at])
    return m is not None and _PAST_CLAUSE.search(m.group("clause")) is None


def without_restated_plans(found: Sequence[Found], goal_rules: frozenset[int]) -> list[Found]:
    """``found`` (a sentence's ``(start, rule index, n, claim)`` rows) less the plans read
    from a state (a goal from a rule not in ``goal_rules``) whose span a goal rule's goal
    overlaps: "I want to live in Tokyo" is the goal ``live in Tokyo``, not also ``move to
    Tokyo``."""

    def planned(f: Found) -> bool:
        return f[3].attribute == PLAN_ATTRIBUTE and f[1] not in goal_rules

    stated = [
        f[3].span
        for f in found
        if f[3].attribute == PLAN_ATTRIBUTE and f[1] in goal_rules and f[3].span is not None
    ]
    if not stated:
        return list(found)
    return [
        f
        for f in found
        if not (
            planned(f)
            and f[3].span is not None
            and any(f[3].span[0] < b and a < f[3].span[1] for a, b in stated)
        )
    ]


def plans_in_context(claims: Sequence[Claim], occurred: datetime, held: HeldValues) -> list[Claim]:
    """``claims`` read against what memory holds when they were said (``occurred``).

    A plan denied that memory does not hold is dropped: "I won't move to Berlin", said out
    of the blue, calls nothing off. A state denied whose plan memory holds calls the plan
    off: "I'm not moving to Berlin anymore" after "I'm moving to Berlin in August" denies
    ``move to Berlin``, in place of the home when memory does not hold that one (beside it
    when it does). Claims keep their order.
    """
    if all(c.polarity != "negate" for c in claims):
        return list(claims)  # most writes deny nothing
    seen: dict[tuple[str, str], frozenset[str]] = {}

    def holds(entity: str, attribute: str, value: str) -> bool:
        key = (entity, attribute)
        if key not in seen:
            seen[key] = frozenset(match_key(v) for v in held(entity, attribute, occurred))
        return match_key(value) in seen[key]

    said: set[tuple[str, str, str, str]] = {
        (match_key(c.entity), c.attribute, match_key(c.value), c.polarity) for c in claims
    }
    out: list[Claim] = []
    for c in claims:
        if c.polarity != "negate":
            out.append(c)
            continue
        if c.attribute == PLAN_ATTRIBUTE:
            if c.extractor != "rule" or holds(c.entity, PLAN_ATTRIBUTE, c.value):
                out.append(c)
            continue
        plan = next((p for p in _plans_of(c) if holds(c.entity, PLAN_ATTRIBUTE, p)), None)
        if plan is None:
            out.append(c)
            continue
        if holds(c.entity, c.attribute, c.value):
            out.append(c)
        key = (match_key(c.entity), PLAN_ATTRIBUTE, match_key(plan), "negate")
        if key not in said:
            said.add(key)
            out.append(c.model_copy(update={"attribute": PLAN_ATTRIBUTE, "value": plan}))
    return out


def fulfilled_plans(
    claims: Sequence[Claim],
    occurred: datetime,
    held: HeldValues,
    said: SaidValues,
) -> list[Claim]:
    """The plans ``claims`` (said at ``occurred``) fulfil, as denials of the goals memory
    holds: "I started at Google today" after "I start at Google in June" ends ``work at
    Google`` beside setting the employer, so the plan leaves the goals a read shows and the
    historical lens keeps it, with the time it was held.

    Only an asserted state whose plan memory held when the state began (the claim's
    ``valid_at``, else ``occurred``): "I lived in Berlin in 2019", told after a plan to move
    there, fulfils nothing. ``said(entity, attribute)``: every value memory was ever told
    (a cheap read of the present, tried first: most states were never planned).
    """
    out: list[Claim] = []
    denied = {
        (match_key(c.entity), match_key(c.value))
        for c in claims
        if c.attribute == PLAN_ATTRIBUTE and c.polarity == "negate"
    }
    for c in claims:
        if c.polarity != "assert" or c.attribute == PLAN_ATTRIBUTE:
            continue
        goals = _plans_of(c)
        if not goals:
            continue
        told = {match_key(v) for v in said(c.entity, PLAN_ATTRIBUTE)}
        if told.isdisjoint(match_key(g) for g in goals):
            continue  # never planned: no read of the past to make
        began = occurred
        if c.valid_at is not None:
            began = min(occurred, datetime.combine(c.valid_at, occurred.timetz()))
        held_then = {match_key(v): v for v in held(c.entity, PLAN_ATTRIBUTE, began)}
        for goal in goals:
            value = held_then.get(match_key(goal))
            key = (match_key(c.entity), match_key(goal))
            if value is None or key in denied:
                continue
            denied.add(key)
            out.append(
                c.model_copy(
                    update={"attribute": PLAN_ATTRIBUTE, "value": value, "polarity": "negate"}
                )
            )
    return out
