"""Rules for how someone gets to work or school: ``commute`` (single-valued, one word
however said: "bike" for "I cycle to work" or "I commute by bicycle", "car" for "I drive to
work", "subway" for "the metro" or "the tube"; the words are ``status_words.COMMUTE_OF``).

"I bike to work", "I usually take the train to the office", "Ana rides her bike to school",
"I commute by bus", "I walk to work" give the way. Only the present, said as a habit: "I
took the bus to work today" is one morning, "I'm taking the bus this week" a stopgap, "I
have to / will / can take the train to work" a need or a plan, and "to work" means a
workplace, a school or a campus ("I drive to the gym" is no commute). "I used to bike to
work" and "I don't drive to work anymore" deny the way.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.habit_leads import habitually, no_plan
from nousmem.policies.patterns import Rule, make_rule

__all__ = ["COMMUTE_RULES"]

# Where to: a workplace, a school or a campus.
_TO_WORK = (
    r"(?:(?i:in|into)\s+)?(?i:to)\s+(?:(?i:work|school|class|classes|campus|uni|college"
    r"|university)\b|(?i:the|my|our|his|her)\s+(?:(?i:new)\s+)?(?i:office|job|school"
    r"|workplace|campus|college|university)\b)"
)
# Not one day or a stopgap: "... today", "... this week", "... tomorrow".
_NOT_ONE_OFF = (
    r"(?!\s+(?i:today|tomorrow|tonight|this\s+(?:morning|week|month|time)|yesterday"
    r"|for\s+now|until|till|while)\b)"
)
# How often, before the verb ("I usually bike ...", "I prefer to take ..."); not a need, a
# plan or a chance ("I have to take the train to work", "I can walk to work"). A denial is
# read ("I don't drive to work anymore"), and "used to" is a habit ended.
_HABITUALLY = habitually("mostly", "now", "still", "prefer to", "like to", "love to")
_NO_PLAN = no_plan(to_after=("tend", "prefer", "like", "love", "used"), denials=False)
_VEHICLE = (
    r"(?P<val>(?i:train|bus|subway|metro|tube|underground|tram|streetcar|light\s+rail"
    r"|ferry))"
)

COMMUTE_RULES: tuple[Rule, ...] = (
    # "I bike to work", "I usually walk to the office", "Ana drives to school", "I ride my
    # bike to work".
    make_rule(
        "commute",
        "bike bikes cycle cycles walk walks drive drives ride rides carpool carpools",
        _HABITUALLY
        + _NO_PLAN
        + r"(?P<val>(?i:bike|bikes|cycle|cycles|walk|walks|drive|drives|carpool|carpools"
        r"|(?:ride|rides)\s+(?:my|his|her|their)\s+bike))\s+" + _TO_WORK + _NOT_ONE_OFF,
        value="status",
        settled=True,
    ),
    # "I take the train to work", "Ana catches the bus to school", "I ride the subway in
    # to work".
    make_rule(
        "commute",
        "take takes catch catches ride rides get gets",
        _HABITUALLY
        + _NO_PLAN
        + r"(?i:take|takes|catch|catches|ride|rides|get|gets)\s+(?i:the|a)\s+"
        + _VEHICLE
        + r"\s+"
        + _TO_WORK
        + _NOT_ONE_OFF,
        value="status",
        settled=True,
    ),
    # "I commute by bike", "I commute to work on the train", "Ana commutes on foot".
    make_rule(
        "commute",
        "commute commutes",
        _HABITUALLY
        + _NO_PLAN
        + r"(?i:commute|commutes)\s+(?:(?i:to)\s+(?:(?i:work|school)|(?i:the)\s+(?i:office))"
        r"\s+)?(?:(?i:by|on|via)\s+(?:(?i:the|a|my|his|her)\s+)?)"
        r"(?P<val>(?i:bike|bicycle|car|train|bus|subway|metro|tube|tram|ferry|scooter"
        r"|motorcycle|motorbike|foot|carpool))\b" + _NOT_ONE_OFF,
        value="status",
        settled=True,
    ),
)
