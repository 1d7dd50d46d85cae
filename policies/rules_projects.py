"""Rules for the projects someone works on, by name: ``project`` (multi-valued): "I'm
working on a project called Atlas", "I'm building a side project named Pebble", "My project
is called Atlas", "our project Atlas".

A project by its name only: "I'm working on a new project" names none, and "I'm working on
Atlas" is left to the activity rules (a name alone may be a client, a codebase or a
person). "I finished the Atlas project" and the like say nothing of now; a denial reads as
one ("I'm no longer working on a project called Atlas").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import NAME_VAL, NOT_A_NAME, POSS, Rule, make_rule

__all__ = ["NAMED_PROJECT", "PROJECT_RULES"]

# "a (new / side / personal ...) project": the kind before the name.
_PROJECT = (
    r"(?:(?i:new|side|personal|pet|big|small|little|secret|open-source|open\s+source|research"
    r"|work|school|art|passion)\s+){0,2}(?i:project)"
)
#: "a project called Atlas" after a verb of work: the ``activity`` rules leave it to these.
NAMED_PROJECT = r"(?i:a|an|the|my|our)\s+" + _PROJECT + r"\s+(?i:called|named)\b"

PROJECT_RULES: tuple[Rule, ...] = (
    # "I'm working on a project called Atlas", "I'm building a side project named Pebble".
    make_rule(
        "project",
        "project",
        r"\b(?i:working\s+on|work\s+on|works\s+on|building|build|builds|running|leading"
        r"|started|starting|launched|launching)\s+"
        + NAMED_PROJECT
        + r"\s+"
        + NOT_A_NAME
        + NAME_VAL,
        value="name",
    ),
    # "My project is called Atlas", "Our side project's name is Pebble".
    make_rule(
        "project",
        "project",
        POSS
        + r"\s+"
        + _PROJECT
        + r"(?:'s\s+(?i:name)\s+(?i:is)|\s+(?i:is)\s+(?i:called|named))\s+"
        + NOT_A_NAME
        + NAME_VAL,
        value="name",
        subject="poss",
        stated=True,
        settled=True,
    ),
    # "our project Atlas", "my side project Pebble".
    make_rule(
        "project",
        "project",
        POSS + r"\s+" + _PROJECT + r",?\s+(?!I')" + NOT_A_NAME + NAME_VAL,
        value="name",
        subject="poss",
        presupposed=True,
        undated=True,
    ),
    # "Now I'm on the fraud detection project", "We're staffed on the billing project": the
    # project one works on, an ``activity`` as "I'm working on the billing project" is.
    make_rule(
        "activity",
        "project",
        r"(?:'m|\b(?i:am)|'re|\b(?i:are))\s+(?:(?i:now|currently|also|still)\s+)?"
        r"(?i:on|assigned\s+to|staffed\s+on)\s+"
        r"(?P<val>(?i:the|a|an|our|my)\s+(?:[\w'-]+\s+){1,3}?(?i:project))\b",
    ),
)
