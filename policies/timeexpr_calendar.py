"""Resolve the calendar forms of a time expression: parts of a period ("early 2021", "the
end of the month"), ordinal weeks ("the first week of June"), a day of the month alone ("on
the 15th") and holidays ("last Christmas").

:mod:`nousmem.policies.timeexpr` finds them (its pattern is in
:mod:`nousmem.policies.timeexpr_patterns`) and calls :func:`resolve_calendar` with where the
expression's tense is read (:class:`At`). Every function is pure.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable
from datetime import date, timedelta
from typing import NamedTuple

from nousmem.policies import daterange as dr
from nousmem.policies.daterange import DateRange
from nousmem.policies.holidays import holiday_date, holiday_key, nearest_holiday
from nousmem.policies.tense import is_future, looks_back, present_plan
from nousmem.policies.timeexpr_patterns import DAY_NUM, MONTH_NUMBERS
from nousmem.policies.timeexpr_ranges import opens_range

__all__ = [
    "At",
    "capitalised",
    "day_no_year",
    "follows_since",
    "is_calendar",
    "month_no_year",
    "resolve_calendar",
    "since",
    "tense_start",
]


class At(NamedTuple):
    """Where a time expression's tense is read: ``text[start:end]``, which leaves out a
    leading "until" / "by" (the tense reads those itself) and a sentence's full stop."""

    text: str
    start: int
    end: int

    def future(self) -> bool:
        """The tense points ahead; or the date opens a range in a present that plans it
        ("I'm out from May 14 to May 20")."""
        if is_future(self.text, self.start, self.end):
            return True
        return opens_range(self.text, self.start, self.end) and present_plan(
            self.text, self.start, self.end, ranged=True
        )

    def ahead(self) -> bool:
        """:meth:`future`, or a present that tells of nothing past (a calendar form only:
        "The plumber comes on the 20th"; see :func:`~nousmem.policies.tense.present_plan`)."""
        return self.future() or present_plan(self.text, self.start, self.end)

    def back(self) -> bool:
        return looks_back(self.text, self.start, self.end)


def capitalised(word: str) -> bool:
    """Only a capitalised month name is a date: "may" and "march" are verbs."""
    return word[:1].isupper()


def month_no_year(today: date, month: int, future: bool) -> int:
    """The year of ``month`` named without one: the latest not after ``today``, or with
    ``future`` the first not before it."""
    if future:
        return today.year if month >= today.month else today.year + 1
    return today.year if month <= today.month else today.year - 1


def day_no_year(today: date, month: int, day: int, future: bool) -> date | None:
    """The date ``day`` of ``month`` named without a year: the latest not after ``today``, or
    with ``future`` the first not before it; None for a day no year has ("30 February")."""
    if day > monthrange(2000, month)[1]:
        return None
    step = 1 if future else -1
    year = today.year
    # 29 February is only in leap years, so the search may have to skip a few.
    while day > monthrange(year, month)[1] or (
        date(year, month, day) < today if future else date(year, month, day) > today
    ):
        year += step
    return date(year, month, day)


def since(r: DateRange, today: date) -> DateRange:
    """From the start of ``r`` to ``today``."""
    return dr.span(r.start, max(today, r.start), r.granularity)


def _moved(base: DateRange, unit: str, n: int) -> DateRange:
    """``base`` (a month, season, week or year) ``n`` ``unit``s later."""
    if unit == "year" and base.granularity == "month" and (base.end - base.start).days > 40:
        name = next(s for s, first in dr.SEASON_START.items() if first == base.start.month)
        return dr.season(name, base.start.year + n)
    if unit == "year" and base.granularity == "month":
        return dr.month(base.start.year + n, base.start.month)
    return dr.shift(base.start, unit, n)


def _settle(
    base: DateRange,
    narrow: Callable[[DateRange], DateRange],
    step: str,
    at: At,
    today: date,
    after: bool = False,
) -> DateRange:
    """``narrow(base)``, or the same part of the period ``step`` before or after when it lies
    on the wrong side of ``today``: "I was in Rome in late May" said on 13 May is last year's
    (as is anything ``after`` "since"); "I'll be back at the beginning of the month" said on
    the 20th is next month's. An empty ``step`` (a stated year, "next month") never moves."""
    r = narrow(base)
    if not step:
        return r
    if r.start > today and (after or at.back()):
        return narrow(_moved(base, step, -1))
    if r.end < today and not after and at.ahead():
        return narrow(_moved(base, step, 1))
    return r


def _month_base(
    word: str, year: str | None, at: At, today: date, after: bool
) -> tuple[DateRange, str] | None:
    if not capitalised(word):
        return None
    month = MONTH_NUMBERS[word.lower()]
    if year:
        return dr.month(int(year), month), ""
    future = not after and at.ahead()
    return dr.month(month_no_year(today, month, future), month), "year"


def _week_of_month(g: Callable[[str], str | None], at: At, today: date) -> DateRange | None:
    n = dr.ORDINALS[(g("ow_n") or "").lower()]
    weekend = (g("ow_u") or "").lower() == "weekend"

    def narrow(b: DateRange) -> DateRange:
        return dr.week_of_month(b.start.year, b.start.month, n, weekend)

    month = g("ow_m")
    if month:
        found = _month_base(month, g("ow_y"), at, today, False)
        if found is None:
            return None
        base, step = found
    else:
        rel = (g("ow_r") or "").lower()
        shift = {"last": -1, "next": 1}.get(rel, 0)
        base = dr.month(*dr.add_months(today.year, today.month, shift))
        step = "" if rel else "month"  # "of the month" follows the tense; "of next month" not
    return _settle(base, narrow, step, at, today)


def _part(g: Callable[[str], str | None], at: At, today: date) -> DateRange | None:
    words = (g("pt_w") or "").lower().split()
    part = words[-2] if words[-1] == "of" else words[0]
    after = (g("pt_p") or "").lower() == "since"
    step = ""
    if g("pt_m"):
        found = _month_base(g("pt_m") or "", g("pt_my"), at, today, after)
        if found is None:
            return None
        base, step = found
    elif g("pt_y"):
        base = dr.year(int(g("pt_y") or 0))
    elif g("pt_ru"):
        shift = {"last": -1, "this": 0, "next": 1}[(g("pt_r") or "").lower()]
        base = dr.shift(today, (g("pt_ru") or "").lower(), shift)
    elif g("pt_tu"):
        step = (g("pt_tu") or "").lower()
        base = dr.shift(today, step, 0)
    elif g("pt_sy"):
        base = dr.season((g("pt_s") or "").lower(), int(g("pt_sy") or 0))
    else:
        future = not after and at.ahead()
        base = dr.season_near(today, (g("pt_s") or "").lower(), "in", future)
        step = "year"
    r = _settle(base, lambda b: dr.part(b, part), step, at, today, after)
    return since(r, today) if after else r


def _holiday(g: Callable[[str], str | None], at: At, today: date) -> DateRange:
    key = holiday_key(g("hol") or "")
    word = (g("hol_w") or "").lower()
    if g("hol_y"):
        d = holiday_date(key, int(g("hol_y") or 0))
    elif word in ("last", "next"):
        d = nearest_holiday(key, today, word)
    elif word == "this":
        # "This Christmas was the best ever" said on 3 January is the one just gone; "This
        # New Year's we're staying home" said in December the coming one.
        d = nearest_holiday(key, today, "this")
        if d > today and at.back():
            d = nearest_holiday(key, today, "past")
        elif d < today and at.ahead():
            d = nearest_holiday(key, today, "future")
    elif word == "since":
        d = nearest_holiday(key, today, "past")
    else:
        d = nearest_holiday(key, today, "future" if at.ahead() else "past")
    return since(dr.day(d), today) if word == "since" else dr.day(d)


def _day_of_month(g: Callable[[str], str | None], at: At, today: date) -> DateRange:
    day = int(g("dom_d") or 0)
    rel = (g("dom_r") or "").lower()
    if rel:
        y, m = dr.add_months(today.year, today.month, {"last": -1, "this": 0, "next": 1}[rel])
        if day > monthrange(y, m)[1]:  # "the 31st of next month" in a month of 30 days
            return dr.month(y, m)
        return dr.day(date(y, m, day))
    if (g("dom_p") or "").lower() == "since":
        return since(dr.day(dr.day_of_month(today, day, "past")), today)
    return dr.day(dr.day_of_month(today, day, "future" if at.ahead() else "past"))


_Groups = Callable[[str], str | None]


def _day_of_week(g: _Groups, at: At, today: date) -> DateRange:
    """The day of a named week ("Monday last week": that Monday; weeks start Monday)."""
    step = {"last": -1, "this": 0, "next": 1}[str(g("dwk_w")).lower()]
    week = dr.shift(today, "week", step)
    return dr.day(week.start + timedelta(days=DAY_NUM[str(g("dwk_d")).lower()]))


def _weekday_day_of_month(g: _Groups, at: At, today: date) -> DateRange:
    """The day a weekday and a day of the month name ("Thursday the 12th"): the nearest 12th
    the tense points to that is a Thursday, among that one and the two after it; else the
    nearest 12th (a weekday said wrong is likelier than a date months away)."""
    day, target = int(str(g("wdm_n"))), DAY_NUM[str(g("wdm_d")).lower()]
    mode = "future" if at.ahead() else "past"
    nearest = d = dr.day_of_month(today, day, mode)
    step = 1 if mode == "future" else -1
    for _ in range(3):
        if d.weekday() == target:
            return dr.day(d)
        y, m = dr.add_months(d.year, d.month, step)
        while day > monthrange(y, m)[1]:
            y, m = dr.add_months(y, m, step)
        d = date(y, m, day)
    return dr.day(nearest)


_RESOLVERS: tuple[tuple[str, Callable[[_Groups, At, date], DateRange | None]], ...] = (
    ("ow_u", _week_of_month),
    ("pt_w", _part),
    ("hol", _holiday),
    ("dom_d", _day_of_month),
    ("dwk_d", _day_of_week),
    ("wdm_n", _weekday_day_of_month),
)
_SINCE_BEFORE = re.compile(r"\bsince\s+$", re.IGNORECASE)


def follows_since(text: str, start: int) -> bool:
    """Whether the expression at ``start`` follows "since" ("since Monday" looks back)."""
    return _SINCE_BEFORE.search(text, max(0, start - 8), start) is not None


_AFTER_LEAD = re.compile(r"(?:until|till|by)\s+", re.IGNORECASE)


def is_calendar(m: re.Match[str]) -> bool:
    """Whether ``m`` matched one of the calendar forms this module resolves."""
    return any(m.group(group) for group, _ in _RESOLVERS)


def resolve_calendar(m: re.Match[str], at: At, today: date) -> DateRange | None:
    """The range of the calendar form ``m`` matched (see :func:`is_calendar`); None when it
    names no date (a lowercase month: "the first week of may")."""
    for group, resolver in _RESOLVERS:
        if m.group(group):
            r = resolver(m.group, at, today)
            if r is not None and follows_since(m.string, m.start()):
                return since(r, today)  # "since the first week of April", "since last Easter"
            return r
    raise ValueError("not a calendar form")


def tense_start(m: re.Match[str]) -> int:
    """Where the tense of ``m``'s expression is read from: after a leading "until" / "by"
    of a calendar form or a date in figures, which the tense module reads before the
    expression itself."""
    lead = m.group("pt_p") or m.group("dom_p") or m.group("hol_w") or m.group("ndp_p")
    if lead and lead.lower() in ("until", "till", "by"):
        after = _AFTER_LEAD.match(m.string, m.start())
        if after is not None:
            return after.end()
    return m.start()
