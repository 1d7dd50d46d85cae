"""Routine rules: what someone has on a day that comes back, as the ``activity`` it is with
its recurrence ("I have yoga every Tuesday" gives ``yoga every Tuesday``, "I have piano
lessons on Tuesdays" ``piano lessons on Tuesdays``, "Our team standup is every day at 9"
``team standup every day``). An assistant that schedules needs them, and a question about
a day finds them by the weekdays they name (``projections/occasion_dates.py``).

The thing had is a lesson, a class, a practice, therapy, a meeting, a shift, a club, a
sport's session and the like, with up to two words before it ("piano lessons", "physical
therapy"); the recurrence is "every (other) <weekday>", "on <weekday>s", "every day",
"every weekday", "on weekdays" or "on weekends". Not a symptom or a meal had so ("I have a
headache every morning", "I have coffee every morning"), a supposition or a question; a
weekly day off is ``days_off`` (``policies/rules_work_hours.py``).

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import POSS, Rule, make_rule, one_of
from nousmem.policies.timeexpr_patterns import DAYS

__all__ = ["RECURRENCE", "ROUTINE_RULES"]

_DAY = one_of(" ".join(DAYS))
#: When it comes back: "every Tuesday", "every other Wednesday", "on Tuesdays", "every day",
#: "on weekdays".
# More weekdays after the first: "every Tuesday and Thursday", "on Mondays, Wednesdays and
# Fridays".
_AND = r"(?:,\s+(?:(?i:and)\s+)?|\s+(?i:and)\s+)"
RECURRENCE = (
    r"(?:(?i:every|each)\s+(?:(?i:other)\s+)?(?:" + _DAY + r"(?:" + _AND + _DAY + r")*\b(?!s)"
    r"|(?i:day|weekday|weekend|morning|evening|night)\b(?!s))"
    r"|(?i:on)\s+(?:" + _DAY + r"(?i:s)(?:" + _AND + _DAY + r"(?i:s))*|(?i:weekdays|weekends))\b"
    r"|(?i:daily|weekly)\b)"
)
# The things one has on a day that comes back (heads of the value).
_THINGS = (
    "yoga pilates therapy class classes lesson lessons practice rehearsal standup stand-up "
    "meeting meetings training choir church mass club game games match matches shift shifts "
    "session sessions tutoring daycare spin crossfit karate dance dialysis physio physiotherapy "
    "counseling counselling ballet gymnastics swim swimming soccer football basketball baseball "
    "softball hockey lacrosse volleyball tennis piano violin guitar cello scouts taekwondo judo "
    "chess"
)
_THING = r"(?:[\w'-]+\s+){0,2}?" + one_of(_THINGS)

ROUTINE_RULES: tuple[Rule, ...] = (
    # "I have yoga every Tuesday", "I've got piano lessons on Tuesdays", "Ana has swim
    # practice every other Saturday", "I have therapy every Wednesday at 4".
    make_rule(
        "activity",
        "every each on daily weekly",
        r"\b(?i:have|has|'ve\s+got|got)\s+(?:(?i:a|an|my|our)\s+)?"
        r"(?P<val>" + _THING + r"\s+" + RECURRENCE + r")",
        value="raw",
        # A routine has no one day: not "Thursday" of "every Tuesday and Thursday", nor the
        # day of another clause ("... and I have yoga on Friday").
        undated=True,
    ),
    # "Our team standup is every day at 9", "My piano lesson is on Tuesdays", "Ana's
    # therapy is every other Friday": the same, said by when it is.
    make_rule(
        "activity",
        "every each on daily weekly",
        POSS + r"\s+(?P<val>" + _THING + r")(?:'s|\s+(?i:is|are))\s+(?P<rec>" + RECURRENCE + r")",
        value="raw",
        template="{} {rec}",
        subject="poss",
        settled=True,
        undated=True,
    ),
)
