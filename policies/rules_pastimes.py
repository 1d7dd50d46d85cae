"""Pastimes said by their verb and how often: "I run every morning", "I swim three times a
week", "We hike most weekends", "I paint on Sundays" give the ``hobby`` in its gerund
(``running``, ``swimming``, ``hiking``, ``painting``), as "I go running" and "I do yoga"
name theirs; so does one being learned ("I'm learning to knit", "I'm learning how to swim",
"I'm learning to code": ``knitting``, ``swimming``, ``coding``).

How often comes right after the verb (an adverb, or how far: "I run 5k every morning", may
stand between): that is what makes it a pastime. "I run a bakery", "I run late", "I draw
the line", "I bike to work every day" (a commute, ``rules_commute.py``) and "I ran every
morning last year" (past) give none; nor a need, a plan or a denial before the verb ("I
have to run every day", "I don't swim").

Part of the rule table (``policies/rules.py`` assembles it, through ``rules_leisure.py``);
see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.habit_leads import habitually, no_plan
from nousmem.policies.pastime_names import PASTIME, PASTIME_CLASS, PASTIME_VERBS
from nousmem.policies.patterns import GIVEN_UP_END, Rule, make_rule

__all__ = ["PASTIME_CHANGE_RULES", "PASTIME_RULES"]

# How often: "every morning", "daily", "three times a week", "on weekends", "most days".
_DAY = (
    r"(?:day|morning|evening|night|week|weekend|other\s+day|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)"
)
_HOW_OFTEN = (
    r"(?:(?:almost|nearly|pretty\s+much)\s+)?(?:every\s+(?:single\s+)?" + _DAY + r"|daily"
    r"|nightly|weekly|regularly|religiously|competitively|most\s+(?:days|mornings|evenings"
    r"|nights|weekends)|on\s+(?:the\s+)?(?:weekends|weekdays|mondays|tuesdays|wednesdays"
    r"|thursdays|fridays|saturdays|sundays)|(?:once|twice|\d+|two|three|four|five|six"
    r"|several|a\s+few)\s+(?:times\s+)?(?:a|per|each|every)\s+(?:day|week|month))\b"
)

# A distance or a count of laps said between the verb and how often.
_DISTANCE = (
    r"(?:(?:(?:about|around|at\s+least)\s+)?(?:\d+(?:\.\d+)?|a|one|two|three|four|five|ten)"
    r"\s?(?:k|km|kilometers?|kilometres?|miles?|laps|lengths)\s+)?"
)


def _rule(verb: str, name: str) -> Rule:
    forms = f"{verb} {verb}es" if verb.endswith(("x", "sh", "ch")) else f"{verb} {verb}s"
    return make_rule(
        "hobby",
        forms,
        habitually("still", "also", "now", "try to", "like to", "love to")
        + no_plan(to_after=("tend", "try", "like", "love"))
        + rf"\b(?P<val>(?i:{forms.replace(' ', '|')}))\s+"
        # How far, before how often: "I run 5k every morning", "I swim 20 laps daily".
        + _DISTANCE
        + r"(?:(?i:usually|mostly|outside|outdoors|indoors|together|alone)\s+)?"
        rf"(?i:{_HOW_OFTEN})",
        value="status",
        template=name,
    )


# Pastimes by their gerund alone, beside the verbs' own ("reading", "cooking", ...).
_GERUNDS = sorted(
    {*PASTIME_VERBS.values(), "biking", "golfing", "reading", "writing", "cooking", "fishing"}
    - {"golf"},
    key=len,
    reverse=True,
)
# Where a pastime taken up ends: the sentence, how much or since when ("a lot lately",
# "again", "since I was a kid", "in March") -- not "running late", "painting the house".
_TAKEN_UP_END = (
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:a\s+lot|lately|again|more|every|since|for|recently"
    r"|regularly|daily|on|in|this|last|with|and|but|at|these\s+days|during|after)\b)"
)

# Skills learned as a pastime, beside the pastimes' verbs: "I'm learning to code".
_LEARNED = {**PASTIME_VERBS, "code": "coding", "cook": "cooking", "sing": "singing"}
# Where a skill being learned ends: not "learning to paint the house", "to cook dinner".
_LEARNED_END = (
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|with|at|in|on|this|since|for|again|now|too"
    r"|properly|better|online|lately|recently|last|during|after|when|as)\b)"
)


def _learning(verb: str, name: str) -> Rule:
    """ "I'm learning to knit", "I've been learning how to swim": the pastime ``name``."""
    return make_rule(
        "hobby",
        "learning learn learnt learned",
        r"\b(?i:learning|(?:started|began|decided)\s+(?:learning|to\s+learn))\s+"
        rf"(?:(?i:how)\s+)?(?i:to)\s+(?P<val>(?i:{verb}))\b" + _LEARNED_END,
        value="status",
        template=name,
        elide="past",
    )


PASTIME_RULES: tuple[Rule, ...] = (
    *(_rule(v, n) for v, n in PASTIME_VERBS.items()),
    *(_learning(v, n) for v, n in _LEARNED.items()),
    # "I've been gardening a lot lately", "I started running in March", "I picked up
    # knitting during the pandemic", "I've started running again": a pastime taken up.
    make_rule(
        "hobby",
        " ".join(_GERUNDS),
        r"(?:'ve\s+been|\b(?i:have|has)\s+been|'s\s+been|(?:'ve\s+|\b(?i:have)\s+)?"
        r"\b(?i:started|began|picked\s+up|taken\s+up)|\b(?i:starting))\s+"
        r"(?:(?i:really|also|finally|slowly)\s+)?"
        rf"(?P<val>(?i:{'|'.join(_GERUNDS)}))\b" + _TAKEN_UP_END,
        value="status",
        settled=True,
        elide="past",
    ),
)

# A pastime given up by dropping it or its class: "I dropped pilates", "I stopped going to
# yoga", "I quit my tennis lessons" (not "I dropped my guitar": a possessive only before a
# class).
_DROPPED = (
    r"\b(?i:dropped|dropping|drop|quit|quitting|stopped|gave\s+up|giving\s+up)\s+"
    r"(?:(?i:going\s+to|doing|playing)\s+)?"
    rf"(?:(?i:my|our|the)\s+(?={PASTIME}\s+{PASTIME_CLASS}))?"
    rf"(?P<val>{PASTIME})(?:\s+{PASTIME_CLASS})?" + GIVEN_UP_END
)
# ... and the class itself, an ``activity`` as one begun is: "I quit my swimming lessons".
_CLASS_DROPPED = (
    r"\b(?i:dropped|dropping|drop|quit|quitting|stopped|gave\s+up|giving\s+up)\s+"
    r"(?:(?i:going\s+to|doing|taking)\s+)?(?:(?i:my|our|the)\s+)?"
    rf"(?P<val>{PASTIME}\s+{PASTIME_CLASS})" + GIVEN_UP_END
)
# A pastime switched to: "I switched from tennis to squash", "I changed over to yoga".
_SWITCHED = (
    r"\b(?i:switched|switching|switch|changed|changing|moved|moving)\s+(?:(?i:over|back)\s+)?"
    rf"(?:(?i:from)\s+(?:(?i:doing|playing)\s+)?(?:(?i:the)\s+)?(?P<old>{PASTIME})\s+)?"
    rf"(?i:to)\s+(?:(?i:doing|playing)\s+)?(?:(?i:the)\s+)?(?P<val>{PASTIME})"
)

# A pastime's class begun: "Leo started swimming lessons", "I began pottery classes" (the
# ``activity``, as "I'm taking piano lessons" is). Not "I'm starting piano lessons next
# week" (a plan: rules_calendar.py), nor "signed up for a pottery class" (a class booked).
_CLASS_BEGUN = (
    r"\b(?i:started|began|begun|took\s+up)\s+(?:(?i:taking|doing|a|an|the|some)\s+)?"
    rf"(?P<val>{PASTIME}\s+{PASTIME_CLASS})"
)

#: Pastimes dropped, switched to and taken up in a class (``policies/pastime_names.py``).
PASTIME_CHANGE_RULES: tuple[Rule, ...] = (
    make_rule(
        "activity",
        "started began begun took",
        _CLASS_BEGUN,
        value="raw",
        settled=True,
        elide="past",
    ),
    make_rule(
        "hobby",
        "dropped dropping drop quit quitting stopped gave giving",
        _DROPPED,
        value="raw",
        negate=True,
        change=True,
        elide="past",
    ),
    make_rule(
        "activity",
        "dropped dropping drop quit quitting stopped gave giving",
        _CLASS_DROPPED,
        value="raw",
        negate=True,
        change=True,
        elide="past",
    ),
    make_rule(
        "hobby",
        "switched switching switch changed changing moved moving",
        _SWITCHED,
        value="raw",
        change=True,
        elide="past",
    ),
)
