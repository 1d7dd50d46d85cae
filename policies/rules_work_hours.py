"""Rules for the hours someone works: ``work_hours`` (single-valued: a span of the day in
one form however said, "9am to 5pm" for "9am-5pm" or "9 AM - 5 PM", or a shift: "night
shift") and ``days_off`` (multi-valued: "Friday"). An assistant that schedules needs them.

"I work 9 to 5", "I usually work from 8:30 to 4:30", "I work at Acme from 9 to 5", "My
working hours are 7am to 3pm", "I work the night shift", "I work nights" give the hours;
"I'm off on Fridays", "I have Mondays off", "I don't work on Fridays", "My day off is
Monday", "My days off are Monday and Tuesday" give the days. A one-off is none: a day
named after the hours ("I work 9 to 5 tomorrow"), a single day off ("I'm off on Friday",
"I'm off tomorrow"), a need or a plan ("I have to work 9 to 5 this week"), a past ("I
worked the night shift yesterday"); nor a length ("I work 9 hours a day").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.habit_leads import habitually, no_plan
from nousmem.policies.patterns import POSS, Rule, make_rule, one_of
from nousmem.policies.timeexpr_patterns import DAYS

__all__ = ["WORK_HOURS_RULES"]

_TIME = r"(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?(?:\s?(?i:am|pm|a\.m\.|p\.m\.))?"
# A span of the day: "9 to 5", "9am-5pm", "8:30 until 4:30", "nine to five".
_SPAN = (
    rf"(?P<val>{_TIME}\s*(?:-|\u2013|(?i:to|until|till))\s*{_TIME}(?![\w:]|\.\d)"
    r"|(?i:nine\s+to\s+five|9\s+to\s+5))"
)
# A day named after the hours makes them a one-off; so does "hours", a length.
_NOT_ONE_OFF = (
    r"(?!\s*(?i:hours|hrs)\b)"
    r"(?!\s+(?i:tomorrow|today|tonight|this|yesterday|next|last|on\s+(?:the\s+)?\d"
    r"|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)))"
)
_SHIFT = (
    r"(?P<val>(?i:night|day|early|late|morning|evening|afternoon|graveyard|overnight|swing))"
    r"\s+(?i:shifts?)\b"
)
_DAY = one_of(" ".join(DAYS))
_DAYS = rf"(?P<val>{_DAY})(?i:s)\b"

WORK_HOURS_RULES: tuple[Rule, ...] = (
    # "I work 9 to 5", "I usually work from 8:30 to 4:30", "Ana works 7am-3pm".
    make_rule(
        "work_hours",
        "work works working",
        habitually("mostly")
        + no_plan()
        + r"(?i:work|works)\s+"
        # "I work at Acme from 9 to 5": the place may come between.
        + r"(?:(?i:at|for)\s+[\w&'.-]+(?:\s+[\w&'.-]+){0,2}?\s+)?(?:(?i:from)\s+)?"
        + _SPAN
        + _NOT_ONE_OFF,
        value="hours",
        settled=True,
    ),
    # "My working hours are 7am to 3pm", "Ana's work hours are 9-5".
    make_rule(
        "work_hours",
        "hours",
        POSS + r"\s+(?:(?i:usual|normal|regular)\s+)?(?i:working|work|office)\s+(?i:hours)\s+"
        r"(?i:are)\s+(?:(?i:from)\s+)?" + _SPAN + _NOT_ONE_OFF,
        value="hours",
        subject="poss",
        stated=True,
    ),
    # "I work the night shift", "I usually work nights", "Ana works early shifts".
    make_rule(
        "work_hours",
        "work works",
        habitually("mostly")
        + no_plan()
        + r"(?i:work|works)\s+(?:(?i:the|a|an)\s+)?"
        + _SHIFT
        + _NOT_ONE_OFF,
        value="status",
        template="{} shift",
        settled=True,
    ),
    make_rule(
        "work_hours",
        "work works",
        habitually("mostly")
        + no_plan()
        + r"(?i:work|works)\s+(?P<val>(?i:nights))\b"
        + _NOT_ONE_OFF,
        value="status",
        template="night shift",
        settled=True,
    ),
    # "I'm off on Fridays", "I'm always off on Mondays", "I'm off every Friday": days off,
    # said of a day that recurs (not "I'm off on Friday").
    make_rule(
        "days_off",
        "off",
        r"(?i:'m|\bam|'s|\bis)\s+(?:(?i:always|usually|normally)\s+)?(?i:off)\s+"
        # "on" a day that recurs is a plural ("on Fridays"), "every" takes one.
        r"(?:(?P<on>(?i:on))|(?i:every))\s+(?P<val>" + _DAY + r")(?(on)(?i:s))\b",
        value="weekday",
        settled=True,
        undated=True,  # the day named is the one off, not when it was said
    ),
    # "I have Fridays off", "Ana gets Wednesdays off", and said by the work: "I don't work on
    # Fridays", "Ana doesn't work Mondays".
    make_rule(
        "days_off",
        "off work",
        r"\b(?:(?P<have>(?i:have|has|get|gets))|(?i:don't|do\s+not|doesn't|does\s+not|never)"
        r"\s+(?i:work)(?:\s+(?i:on))?)\s+" + _DAYS + r"(?(have)\s+(?i:off)\b)",
        value="weekday",
        settled=True,
        undated=True,  # the day named is the one off, not when it was said
    ),
    # "My day off is Monday", "Fridays are my day off", "My days off are Monday and Tuesday".
    make_rule(
        "days_off",
        "off",
        POSS + r"\s+(?i:days?\s+off)\s+(?i:is|are|'s)\s+(?:(?i:usually|always)\s+)?"
        rf"(?P<val>{_DAY})s?\b",
        value="weekday",
        subject="poss",
        stated=True,
        undated=True,
        items=rf"(?P<val>{_DAY})s?\b",  # "My days off are Monday and Tuesday"
    ),
)
