"""The dates of the holidays a time expression may name ("at Christmas", "last Easter").

Only holidays with one date across the English-speaking world, or the United States' own
where the name says nothing else (Thanksgiving is the fourth Thursday of November, not
Canada's second Monday of October). Mother's and Father's Day differ by country and are
left out. Every function is pure.
"""

from __future__ import annotations

from datetime import date, timedelta

__all__ = ["HOLIDAY_NAMES", "easter", "holiday_date", "holiday_key", "nearest_holiday"]

_FIXED: dict[str, tuple[int, int]] = {
    "christmas eve": (12, 24),
    "christmas": (12, 25),
    "boxing day": (12, 26),
    "new year's eve": (12, 31),
    "new year's day": (1, 1),
    "halloween": (10, 31),
    "valentine's day": (2, 14),
    "independence day": (7, 4),
}
HOLIDAY_NAMES = (*_FIXED, "easter", "easter monday", "thanksgiving")
"""The holidays :func:`holiday_date` knows, by the key :func:`holiday_key` gives."""


def holiday_key(text: str) -> str:
    """The key of a holiday as written: "New Year’s" -> "new year's day", "Christmas Day" ->
    "christmas", "the Fourth of July" -> "independence day"."""
    key = " ".join(text.lower().replace("’", "'").split())
    key = key.removeprefix("the ")
    if key.startswith("new year"):
        return "new year's eve" if key.endswith("eve") else "new year's day"
    if key.startswith("valentine"):
        return "valentine's day"
    if key in ("christmas day", "christmas morning"):
        return "christmas"
    if key in ("fourth of july", "4th of july"):
        return "independence day"
    if key in ("easter sunday", "thanksgiving day"):
        return key.split()[0]
    return key


def easter(year: int) -> date:
    """Western (Gregorian) Easter Sunday, by a form of the anonymous Gregorian computus
    (the standard library has none; it agrees with python-dateutil's ``easter`` for every
    year from 1583 to 4099)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * ell) // 433
    month = (h + ell - 7 * m + 90) // 25
    day = (h + ell - 7 * m + 33 * month + 19) % 32
    return date(year, month, day)


def holiday_date(key: str, year: int) -> date:
    """The date of holiday ``key`` (see :data:`HOLIDAY_NAMES`) in ``year``."""
    if key == "easter":
        return easter(year)
    if key == "easter monday":
        return easter(year) + timedelta(days=1)
    if key == "thanksgiving":  # the fourth Thursday of November
        first = date(year, 11, 1)
        return first + timedelta(days=(3 - first.weekday()) % 7 + 21)
    month, day = _FIXED[key]
    return date(year, month, day)


def nearest_holiday(key: str, today: date, mode: str) -> date:
    """Holiday ``key`` seen from ``today``: "last" / "next" the nearest strictly before /
    after, "this" the one in ``today``'s year, "past" / "future" the nearest on or before /
    on or after."""
    if mode == "this":
        return holiday_date(key, today.year)
    around = [holiday_date(key, today.year + k) for k in (-1, 0, 1)]
    if mode == "last":
        return [d for d in around if d < today][-1]
    if mode == "next":
        return next(d for d in around if d > today)
    if mode == "future":
        return next(d for d in around if d >= today)
    return [d for d in around if d <= today][-1]
