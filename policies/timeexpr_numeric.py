"""Resolve the numeric forms of a time expression: dates written in figures ("3/14/2023",
"14.03.2023", "2023/03/14", "on 3/14"), decades ("the 1990s", "the '90s", "the early
2000s") and years in two digits after an apostrophe ("in '19", "May '19", "the summer of
'19").

:mod:`nousmem.policies.timeexpr` finds them (its pattern is in
:mod:`nousmem.policies.timeexpr_patterns`) and calls :func:`resolve_numeric`. Every function
is pure: a two-digit year or decade is read against the reference date, never the clock.
"""

from __future__ import annotations

import re
from datetime import date

from nousmem.policies import daterange as dr
from nousmem.policies.date_order import DateOrder
from nousmem.policies.daterange import DateRange
from nousmem.policies.timeexpr_calendar import At, day_no_year, follows_since, since
from nousmem.policies.timeexpr_patterns import MONTH_NUMBERS

__all__ = ["NUMERIC_GROUPS", "resolve_numeric", "two_digit_year"]

NUMERIC_GROUPS = ("nd_a", "ndp_a", "ymd_y", "eu_d", "dec_f", "dec_a", "dec_t", "sy_y")
"""The pattern's groups whose match :func:`resolve_numeric` resolves."""

# A year said ahead in two digits is rarely more than a few years off ("the class of '27").
_AHEAD = 10
# "It's been in the 90s all week", "highs in the 80s": degrees, not a decade. Only a decade
# in two bare digits is read this way; "the 1990s" and "the '90s" are always decades.
_WEATHER = re.compile(
    r"°|\b(?:degrees?|temperatures?|temps?|hot|warm|cold|cool|weather|highs?|lows?|humid"
    r"|heat|fahrenheit|celsius|forecast|thermometer)\b",
    re.IGNORECASE,
)
_IT_BEFORE = re.compile(
    r"\bit(?:['\u2019]s|\s+(?:is|was|has|had|will|stays?|stayed|hits?|got|gets))\b"
    r"(?:\s+\w+){0,2}\s*$",
    re.IGNORECASE,
)
_THIRDS = {"early": (0, 3), "mid": (4, 6), "late": (7, 9)}


def two_digit_year(yy: int, today: date, ahead: int = _AHEAD) -> int:
    """The year ``yy`` (0-99) names, said on ``today``: the latest ending in ``yy`` that is
    at most ``ahead`` years after ``today`` ("'19" -> 2019, "'95" -> 1995 said in 2024)."""
    latest = today.year + ahead
    return latest - (latest - yy) % 100


def _month_and_day(a: int, b: int, order: DateOrder | None) -> tuple[int, int] | None:
    """(month, day) of ``a/b``: a part over 12 is the day; else ``order`` decides, and
    without one only "5/5" (the same day either way) is a date."""
    if a > 12 and b <= 12:
        return b, a
    if b > 12 and a <= 12:
        return a, b
    if a > 12 or b > 12:
        return None  # "13/14": no month
    if a == b or order == "mdy":
        return a, b
    if order == "dmy":
        return b, a
    return None  # "5/8/2023": 8 May or 5 August


def _decade(m: re.Match[str], today: date) -> DateRange | None:
    g = m.group
    if g("dec_f"):
        start = int(g("dec_f"))
    elif g("dec_a"):
        start = two_digit_year(int(g("dec_a")), today, ahead=0)
    else:
        text = m.string
        if not g("dec_p") or _WEATHER.search(text) or _IT_BEFORE.search(text, 0, m.start()):
            return None
        start = 1900 + int(g("dec_t"))
    first, last = start, start + 9
    label = f"the {start}s"
    if g("dec_w"):
        word = g("dec_w").lower()
        lo, hi = _THIRDS[word]
        first, last = start + lo, start + hi
        label = f"the {word} {start}s"
    r = dr.DateRange(date(first, 1, 1), date(last, 12, 31), "year", label)
    return since(r, today) if (g("dec_p") or "").lower() == "since" else r


def resolve_numeric(
    m: re.Match[str], at: At, today: date, order: DateOrder | None = None
) -> DateRange | None:
    """The range of the numeric form ``m`` matched (see :data:`NUMERIC_GROUPS`); None when it
    names no single date ("5/8/2023" without a date ``order``), or a bare "the 90s" is the
    weather's. A date without its year ("on 3/14") is the nearest the tense at ``at``
    points to."""
    g = m.group
    if g("nd_a"):
        y = g("nd_y")
        year = int(y) if len(y) == 4 else two_digit_year(int(y), today)
        md = _month_and_day(int(g("nd_a")), int(g("nd_b")), order)
        if not md:
            return None
        on = dr.day(date(year, *md))
        return since(on, today) if follows_since(m.string, m.start()) else on
    if g("ndp_a"):
        a, b = int(g("ndp_a")), int(g("ndp_b"))
        # "cut it by 1/3": after "by", a fraction as often as a date; only an order the
        # figures show makes it one.
        lead = (g("ndp_p") or "").lower()
        md = _month_and_day(a, b, None if lead == "by" else order)
        day = md and day_no_year(today, *md, at.future())
        if not day:
            return None
        return since(dr.day(day), today) if lead == "since" else dr.day(day)
    if g("ymd_y"):
        return dr.day(date(int(g("ymd_y")), int(g("ymd_m")), int(g("ymd_d"))))
    if g("eu_d"):
        return dr.day(date(int(g("eu_y")), int(g("eu_m")), int(g("eu_d"))))
    if g("sy_y"):
        year = two_digit_year(int(g("sy_y")), today)
        month, season = g("sy_m"), g("sy_s")
        if month:
            r = dr.month(year, MONTH_NUMBERS[month.lower()])
        elif season:
            r = dr.season(season.lower(), year)
        else:
            r = dr.year(year)
        return since(r, today) if (g("sy_p") or "").lower() == "since" else r
    return _decade(m, today)
