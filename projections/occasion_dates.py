"""Occasions on the days a question names: "What do I have on Friday?" asks for what is
dated Friday (a meeting, a task due), "What did I do last weekend?" for what happened then.

An occasion's value (a place visited, a thing done, a plan, a task: see
``WorldviewSlot.occasions``) keeps the days its claims said it happens or happened
(``WorldviewCandidate.told``); a question's time expression names a period. A value told
of a day in the period meets it: a read ranks its slot as an answer
(``runtime/asked.py``) and shows it first on the slot's line (``worldview_models.py``).
So does a routine whose value names a weekday that comes back, when the period (of two
weeks at most: a routine is on every longer one) holds that weekday: "yoga every Tuesday",
"swim practice on Saturdays", "team standup every day" (``policies/rules_routines.py``).
A birthday or an anniversary ("May 10") falls in a period that holds its day in some year
(:func:`falls_in`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the models render with this module: a type only, no import cycle
    from nousmem.projections.worldview_models import WorldviewCandidate

__all__ = ["ANNUAL_ATTRIBUTES", "day_in", "falls_in", "first_day", "meets", "met_first"]

#: Attributes whose value is a day of the year ("May 10"), which comes back every year.
ANNUAL_ATTRIBUTES = frozenset({"birthday", "anniversary"})
# The month and day names are spelled here, not imported: projections read no policy
# module (the time expressions are ``policies/timeexpr_patterns.py``'s).
_MONTHS = (
    "january february march april may june july august september october november december"
).split()


def falls_in(value: str, period: tuple[datetime, datetime]) -> bool:
    """Whether the day of the year ``value`` names ("May 10", as the birthday rules give
    it) falls in the half-open ``period`` in some year: "What's coming up?" finds a
    birthday next week. False for a value that names no such day."""
    return day_in(value, period) is not None


def day_in(value: str, period: tuple[datetime, datetime]) -> date | None:
    """The first day in the half-open ``period`` that is the day of the year ``value``
    names ("May 10"), or None (see :func:`falls_in`)."""
    month, _, day = value.strip().partition(" ")
    if month.lower() not in _MONTHS or not day.isdigit():
        return None
    m, d = _MONTHS.index(month.lower()) + 1, int(day)
    lo, hi = period[0].date(), period[1].date()
    for year in range(lo.year, hi.year + 1):
        try:
            when = date(year, m, d)
        except ValueError:  # February 29 in a year without one
            continue
        if lo <= when < hi:
            return when
    return None


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RECURRING = re.compile(
    r"\b(?:(?:every|each)\s+(?:other\s+)?(?P<one>" + "|".join(_DAYS) + r")\b"
    r"|(?P<many>" + "|".join(_DAYS) + r")s\b"
    r"|(?P<daily>(?:every|each)\s+day|daily)\b|(?P<weekdays>(?:every\s+)?weekdays?)\b"
    r"|(?P<weekends>(?:every\s+)?weekends?)\b)",
    re.IGNORECASE,
)
_DAY_NAME = re.compile(r"\b(" + "|".join(_DAYS) + r")s?\b", re.IGNORECASE)
# The longest period a routine is told apart in: on a longer one every routine falls.
_ROUTINE_SPAN = 14


@lru_cache(maxsize=4096)  # values repeat on every read; bounded for long runs
def _weekdays(value: str) -> frozenset[int]:
    """The weekdays (Monday 0) a routine's value says it comes back on; none for another."""
    out: set[int] = set()
    for m in _RECURRING.finditer(value):
        day = m.group("one") or m.group("many")
        if day:
            out.add(_DAYS.index(day.lower()))
            # The days listed after it come back too: "every Tuesday and Thursday".
            out.update(_DAYS.index(d.lower()) for d in _DAY_NAME.findall(value, m.end()))
        elif m.group("daily"):
            out.update(range(7))
        elif m.group("weekdays"):
            out.update(range(5))
        else:
            out.update((5, 6))
    return frozenset(out)


def meets(candidate: WorldviewCandidate, period: tuple[datetime, datetime]) -> bool:
    """Whether ``candidate`` was told of a day in the half-open ``period``, or is a routine
    on a weekday in it (see the module doc)."""
    return first_day(candidate, period) is not None


def first_day(candidate: WorldviewCandidate, period: tuple[datetime, datetime]) -> date | None:
    """The first day in ``period`` that ``candidate`` was told of or, a routine, falls on."""
    lo, hi = period[0].date(), period[1].date()
    told = [day for day, _ in candidate.told if lo <= day < hi]
    if told:
        return min(told)
    days = _weekdays(candidate.value)
    span = (hi - lo).days
    if not days or span > _ROUTINE_SPAN:
        return None
    return next(
        (lo + timedelta(days=i) for i in range(span) if (lo + timedelta(days=i)).weekday() in days),
        None,
    )


def met_first(
    candidates: Sequence[WorldviewCandidate], period: tuple[datetime, datetime] | None
) -> list[WorldviewCandidate]:
    """``candidates`` with those that meet ``period`` first, by the first day they meet it
    (what comes first in the period first), the others in their order."""
    if period is None:
        return list(candidates)
    firsts = [first_day(c, period) for c in candidates]
    order = sorted(range(len(candidates)), key=lambda i: (firsts[i] is None, firsts[i] or date.min))
    return [candidates[i] for i in order]
