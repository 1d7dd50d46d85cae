"""An age told at one time, as it stands at a later one.

"Leo is 7", said on 1 March 2024, still reads "7" two years on: an age is the one belief that
goes stale by time alone, with nothing said. A read gives it as it stands at the read's
event time too: ``Leo.age: 7 (since 1 March 2024; 9 or 10 by 10 April 2026)``, or one age
when the day it was reached is known (a birthday memory holds, or the claims dated the day
it was turned: "Leo turned 7 last week").
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Iterable
from datetime import date, datetime
from typing import TYPE_CHECKING

from nousmem.projections.lexical import date_label

if TYPE_CHECKING:
    from nousmem.projections.worldview_models import WorldviewSlot

__all__ = ["AGE_ATTRIBUTE", "BIRTHDAY_ATTRIBUTE", "age_now", "birthdays", "month_day", "names_day"]

AGE_ATTRIBUTE = "age"
BIRTHDAY_ATTRIBUTE = "birthday"
_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH_DAY = re.compile(r"^\s*([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?\s*$", re.IGNORECASE)
_DAY_MONTH = re.compile(r"^\s*(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\s*$", re.IGNORECASE)


def birthdays(slots: Iterable[WorldviewSlot]) -> tuple[tuple[str, str], ...]:
    """``(entity key, birthday)`` of each belief slot of a birthday that selects one value."""
    out = []
    for s in slots:
        entity_key, _, attribute = s.id.partition(":")[2].rpartition(".")
        if s.kind == "fact" and attribute == BIRTHDAY_ATTRIBUTE and len(s.selected) == 1:
            out.append((entity_key, s.selected[0]))
    return tuple(out)


_A_DAY = re.compile(r"\b\d{1,2}\s+[^\W\d_]{3,}")


def names_day(told: str) -> bool:
    """Whether a time as told names a day ("10 March 2024", "the week of 19 February 2024"),
    not only a month or a year ("March 2024", "2023")."""
    return _A_DAY.search(told) is not None


def month_day(value: str) -> tuple[int, int] | None:
    """``(month, day)`` of a birthday value ("March 3", "3 March", "Sept 12th"), else None."""
    m = _MONTH_DAY.match(value)
    if m is not None:
        name, day = m.group(1), m.group(2)
    elif (m := _DAY_MONTH.match(value)) is not None:
        day, name = m.group(1), m.group(2)
    else:
        return None
    name = name.lower()
    months = [i for i, full in enumerate(_MONTHS, 1) if len(name) >= 3 and full.startswith(name)]
    if len(months) != 1 or not 1 <= int(day) <= 31:
        return None
    return months[0], int(day)


def age_now(
    value: str,
    since: datetime,
    now: datetime | None,
    *,
    turned: bool = False,
    birthday: tuple[int, int] | None = None,
) -> str | None:
    """The note for an age ``value`` held since ``since``, read at ``now``: the age then
    ("9 or 10 by 10 April 2026"), or None under a year later (it is still the age said, or
    one more: the line says when it was said), for a value that is no whole number, or
    without a ``now``. ``turned``: ``since`` is the day the age was reached. ``birthday``:
    ``(month, day)``, each of which after ``since`` adds a year."""
    if now is None or not value.strip().isdigit():
        return None
    start, end = since.date(), now.date()
    if end <= start:
        return None
    age = int(value)
    if turned:
        years = _full_years(start, end)
        return f"{age + years} by {date_label(end)}" if years >= 1 else None
    if birthday is not None:
        passed = sum(1 for y in range(start.year, end.year + 1) if start < _on(y, birthday) <= end)
        return f"{age + passed} by {date_label(end)}" if passed >= 1 else None
    years = _full_years(start, end)
    if years < 1:
        return None
    return f"{age + years} or {age + years + 1} by {date_label(end)}"


def _full_years(a: date, b: date) -> int:
    return b.year - a.year - ((b.month, b.day) < (a.month, a.day))


def _on(year: int, birthday: tuple[int, int]) -> date:
    """The birthday in ``year`` (29 February on the 28th in a year without one; a day past
    the month's end on its last)."""
    month, day = birthday
    return date(year, month, min(day, monthrange(year, month)[1]))
