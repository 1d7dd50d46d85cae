"""Calendar arithmetic for resolved time expressions: days, weeks, months, seasons, ranges.

Conventions: weeks run Monday to Sunday; a weekend is that week's Saturday and Sunday;
seasons are northern-hemisphere meteorological seasons (winter 2023 = December 2023 to
February 2024). Every function is pure.
"""

from __future__ import annotations

from calendar import monthrange
from datetime import date, timedelta
from typing import Literal, NamedTuple

Granularity = Literal["day", "week", "month", "year"]

MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


class DateRange(NamedTuple):
    """An inclusive date range with the precision it was stated at and a readable label."""

    start: date
    end: date
    granularity: Granularity
    label: str


def day_label(d: date) -> str:
    """Render a date as "7 May 2023"."""
    return f"{d.day} {MONTH_NAMES[d.month - 1]} {d.year}"


def add_months(year: int, month: int, delta: int) -> tuple[int, int]:
    """(year, month) moved by ``delta`` months."""
    idx = year * 12 + (month - 1) + delta
    return idx // 12, idx % 12 + 1


def day(d: date) -> DateRange:
    """The single day ``d``."""
    return DateRange(d, d, "day", day_label(d))


def week_of(d: date) -> DateRange:
    """The Monday-to-Sunday week containing ``d``."""
    monday = d - timedelta(days=d.weekday())
    return DateRange(monday, monday + timedelta(days=6), "week", f"the week of {day_label(monday)}")


def weekend_of(d: date) -> DateRange:
    """The Saturday and Sunday of the week containing ``d``."""
    saturday = d - timedelta(days=d.weekday()) + timedelta(days=5)
    label = f"the weekend of {day_label(saturday)}"
    return DateRange(saturday, saturday + timedelta(days=1), "week", label)


def month(year: int, month: int) -> DateRange:
    """A calendar month."""
    last = monthrange(year, month)[1]
    label = f"{MONTH_NAMES[month - 1]} {year}"
    return DateRange(date(year, month, 1), date(year, month, last), "month", label)


def year(year: int) -> DateRange:
    """A calendar year."""
    return DateRange(date(year, 1, 1), date(year, 12, 31), "year", str(year))


def span(start: date, end: date, granularity: Granularity) -> DateRange:
    """An arbitrary range such as "since 2019" or "the past month"."""
    return DateRange(start, end, granularity, f"{day_label(start)} to {day_label(end)}")


def season(name: str, year: int) -> DateRange:
    """The season called ``name`` that starts in ``year``."""
    first = SEASON_START[name]
    ey, em = add_months(year, first, 2)
    end = date(ey, em, monthrange(ey, em)[1])
    label = f"winter {year}/{str(year + 1)[2:]}" if name == "winter" else f"{name} {year}"
    label = label.replace("fall", "autumn")
    return DateRange(date(year, first, 1), end, "month", label)


def season_near(today: date, name: str, word: str, future: bool) -> DateRange:
    """The season ``name`` that "last"/"this"/"next" ``word`` points to from ``today``; for
    any other word the current or latest one, or with ``future`` the current or next one."""
    instances = [season(name, today.year + k) for k in (-2, -1, 0, 1)]
    if word == "this":
        current = [r for r in instances if r.start <= today <= r.end]
        return current[0] if current else season(name, today.year)
    if word == "next":
        return next(r for r in instances if r.start > today)
    if word == "last":
        return [r for r in instances if r.end < today][-1]
    if future:
        return next(r for r in instances if r.end >= today)
    return [r for r in instances if r.start <= today][-1]


def shift(today: date, unit: str, n: int) -> DateRange:
    """The calendar ``unit`` (day/week/weekend/month/year) ``n`` steps from ``today``."""
    if unit == "day":
        return day(today + timedelta(days=n))
    if unit == "week":
        return week_of(today + timedelta(days=7 * n))
    if unit == "weekend":
        return weekend_of(today + timedelta(days=7 * n))
    if unit == "month":
        return month(*add_months(today.year, today.month, n))
    return year(today.year + n)


def back(today: date, unit: str, n: int) -> date:
    """The date ``n`` units before ``today`` (the start of "the past n units")."""
    if unit == "day":
        return today - timedelta(days=n)
    if unit in ("week", "weekend"):
        return today - timedelta(days=7 * n)
    y, m = (
        add_months(today.year, today.month, -n)
        if unit == "month"
        else (today.year - n, today.month)
    )
    return date(y, m, min(today.day, monthrange(y, m)[1]))


def weekday(today: date, target: int, mode: str) -> date:
    """Weekday ``target`` (0 = Monday): "past"/"future" = nearest strictly before/after
    ``today``; anything else = the one in ``today``'s week."""
    if mode == "past":
        return today - timedelta(days=(today.weekday() - target) % 7 or 7)
    if mode == "future":
        return today + timedelta(days=(target - today.weekday()) % 7 or 7)
    return today - timedelta(days=today.weekday()) + timedelta(days=target)
