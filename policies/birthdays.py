"""A birthday from an age turned on a named day: "Lily is turning 6 on Saturday" (said on
Wednesday 1 May 2024) gives Lily's ``birthday`` May 4; so does a birthday said to fall on
one: "It's my birthday today", "My birthday is tomorrow", "Today is Ana's birthday".

The age rules read an age turned in the past ("Lily turned 6 yesterday"), and an age to
come sets no present one, so "I'm turning 40 on Saturday" left nothing at all, though it
says the day of the birthday. Here, a person by name or "I" turning, turned or turns a
whole number on a day the sentence names to the day (not "next week", "in June") has that
day's month and day as a ``birthday``, in the form the birthday rules give ("May 4"). Not a
question, a supposition ("If Lily turns 6 ..."), a kin word with no name ("My daughter is
turning 6 on Saturday": whose is read against memory, not here), or two days in the
sentence.

An age turned within one calendar year the sentence names (a day, "in June", "next year")
gives the year of birth too: "Lily turns 6 in June" (said in 2024) gives ``birth_year``
2018, which stays true when the age said no longer is.
"""

from __future__ import annotations

import re
from datetime import datetime

from nousmem.policies.clause_leads import SUPPOSING
from nousmem.policies.daterange import MONTH_NAMES
from nousmem.policies.held_denials import statements
from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.models import Claim

__all__ = ["CONFIDENCE", "turned_birthdays"]

CONFIDENCE = 0.85
_TURNING = re.compile(
    rf"\b(?P<who>I|[{UPPER}][{LETTER}-]+)(?:'s|'m|\s+is|\s+am|\s+was|\s+will|\s+'ll)?"
    r"(?:\s+(?:be|just|finally|officially|actually))*\s+(?:turning|turns|turned|turn)\s+"
    r"(?P<n>\d{1,3})\b(?!\s*(?:%|percent|degrees|times|years?\s+(?:ago|old\s+(?:in|next))))",
)
# A birthday said to fall on the sentence's one day: "It's my birthday today", "Today is
# Ana's birthday", "My birthday is tomorrow", "It was my birthday yesterday" (not "my
# birthday party", a celebration that may fall on another day).
_WHOSE = (
    rf"(?P<who>\b[Mm]y|\b[{UPPER}][{LETTER}-]+'s)\s+birthday\b"
    r"(?!\s+(?:party|parties|cake|present|presents|gift|gifts|dinner|lunch|brunch|drinks"
    r"|card|cards|week|weekend|month|plans|trip|wish|wishes|celebration|bash)\b)"
)
_FALLS = (
    re.compile(
        r"\b(?:[Ii]t|[Tt]oday|[Tt]omorrow|[Yy]esterday)(?:'s|\s+is|\s+was|\s+will\s+be)\s+" + _WHOSE
    ),
    re.compile(_WHOSE + r"\s+(?:is|was|'s)\s+(?=today|tomorrow|yesterday|on\s)"),
)
# Capitalised words that open a sentence and are no one: "Today I'm ..." aside, these.
_NOT_NAMES = frozenset(
    "He She They We It This That There Here Today Tomorrow Yesterday "
    "Who What When Where Why How If Once".split()
)


def turned_birthdays(content: str, actor: str | None, said: datetime | None) -> list[Claim]:
    """The ``birthday`` claims of the ages ``content``, said at ``said``, says are turned
    on a named day, and of the birthdays it says fall on one (see the module doc)."""
    if said is None or ("turn" not in content and "birthday" not in content):
        return []  # most messages name no birthday: spare them the time expressions
    times = resolve_time_expressions(content, said)
    if not times:
        return []
    out: list[Claim] = []
    for lo, text in statements(content):
        hi = lo + len(text)
        inside = [t for t in times if lo <= t.span[0] < hi]
        if len(inside) != 1:
            continue
        when = inside[0]
        for m in (*_TURNING.finditer(text), *(f for p in _FALLS for f in p.finditer(text))):
            who = m.group("who")
            if who in _NOT_NAMES or ("n" in m.groupdict() and int(m.group("n")) > 120):
                continue
            if SUPPOSING.search(text, 0, m.start()) is not None:
                continue
            entity = actor if who in ("I", "my", "My") else who.removesuffix("'s")
            if entity is None:
                continue
            span = (lo + m.start(), lo + m.end())
            day = when.start
            if when.granularity == "day":
                value = f"{MONTH_NAMES[day.month - 1]} {day.day}"
                out.append(_claim(entity, "birthday", value, span))
            if "n" in m.groupdict() and day.year == when.end.year:
                out.append(_claim(entity, "birth_year", str(day.year - int(m.group("n"))), span))
    return out


def _claim(entity: str, attribute: str, value: str, span: tuple[int, int]) -> Claim:
    return Claim(
        entity=entity,
        attribute=attribute,
        value=value,
        confidence=CONFIDENCE,
        span=span,
        extractor="rule",
    )
