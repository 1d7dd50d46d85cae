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


def quarter(year: int, q: int) -> DateRange:
    """The calendar quarter ``q`` (1-4) of ``year``: Q3 is July to September."""
    first = 3 * q - 2
    end = date(year, first + 2, monthrange(year, first + 2)[1])
    return DateRange(date(year, first, 1), end, "month", f"Q{q} {year}")


def quarter_of(d: date) -> int:
    """The calendar quarter (1-4) ``d`` falls in."""
    return (d.month - 1) // 3 + 1


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
    """The calendar ``unit`` (day/week/weekend/month/quarter/year) ``n`` steps from
    ``today``."""
    if unit == "day":
        return day(today + timedelta(days=n))
    if unit == "week":
        return week_of(today + timedelta(days=7 * n))
    if unit == "weekend":
        return weekend_of(today + timedelta(days=7 * n))
    if unit == "month":
        return month(*add_months(today.year, today.month, n))
    if unit == "quarter":
        y, m = add_months(today.year, 3 * quarter_of(today) - 2, 3 * n)
        return quarter(y, quarter_of(date(y, m, 1)))
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


_PART_INDEX = {"early": 0, "beginning": 0, "start": 0, "mid": 1, "middle": 1, "late": 2, "end": 2}


def part(r: DateRange, word: str) -> DateRange:
    """The early / mid / late third of ``r``, a year, a season, a month or a week
    ("beginning" and "start" are early, "middle" is mid, "end" is late): a year's four
    months each; a season's months; a month's days 1-10, 11-20 and 21 to the end; a week's
    Monday-Tuesday, Wednesday-Thursday and Friday-Sunday."""
    index = _PART_INDEX[word]
    label = {"early": "early ", "mid": "mid-", "late": "late "}.get(word, f"the {word} of ")
    if r.granularity in ("year", "month") and (r.end - r.start).days > 40:
        # Whole months: a year's thirds are four months, a season's one.
        months = (r.end.year - r.start.year) * 12 + r.end.month - r.start.month + 1
        size = months // 3
        y0, m0 = add_months(r.start.year, r.start.month, size * index)
        y1, m1 = add_months(y0, m0, size - 1)
        end = date(y1, m1, monthrange(y1, m1)[1])
        return DateRange(date(y0, m0, 1), end, "month", label + r.label)
    if r.granularity == "month":  # a calendar month: days 1-10, 11-20, 21 to the end
        start = r.start + timedelta(days=10 * index)
        end = r.end if index == 2 else start + timedelta(days=9)
        return DateRange(start, end, "week", label + r.label)
    # A week: its start, middle and end (Monday-Tuesday, Wednesday-Thursday, Friday-Sunday).
    name = ("start", "middle", "end")[index]
    start = r.start + timedelta(days=2 * index)
    end = r.end if index == 2 else start + timedelta(days=1)
    return DateRange(start, end, "day", f"the {name} of {r.label}")


ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}
ORDINALS.update({"fourth": 4, "4th": 4, "last": -1})


def week_of_month(year: int, month: int, n: int, weekend: bool = False) -> DateRange:
    """The ``n``-th week (days 1-7, 8-14, ...; -1 = the last seven days) or weekend (the
    ``n``-th Saturday and the Sunday after it) of a month."""
    last = monthrange(year, month)[1]
    if weekend:
        first_sat = 1 + (5 - date(year, month, 1).weekday()) % 7
        saturdays = list(range(first_sat, last + 1, 7))
        return weekend_of(date(year, month, saturdays[n - 1 if n > 0 else -1]))
    first = 7 * (n - 1) + 1 if n > 0 else last - 6
    name = {1: "first", 2: "second", 3: "third", 4: "fourth", -1: "last"}[n]
    label = f"the {name} week of {MONTH_NAMES[month - 1]} {year}"
    return DateRange(date(year, month, first), date(year, month, first + 6), "week", label)


def day_of_month(today: date, day: int, mode: str) -> date:
    """The nearest date whose day of the month is ``day``: on or after ``today`` when
    ``mode`` is "future", else on or before it (months too short for it are skipped)."""
    step = 1 if mode == "future" else -1
    y, m = today.year, today.month
    for _ in range(3):  # a 31st is at most two months away
        if day <= monthrange(y, m)[1]:
            d = date(y, m, day)
            if (d >= today) if step == 1 else (d <= today):
                return d
        y, m = add_months(y, m, step)
    raise ValueError(f"no day {day} near {today}")
