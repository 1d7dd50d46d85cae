"""Resolve English time expressions against a reference instant.

``resolve_time_expressions("I went hiking yesterday", ref)`` returns one ``TimeMention``
whose date range is the day before ``ref``. The reference is the observation's
``occurred_at``, never the wall clock, so the result is a pure function of the input.

Conventions (chosen to be simple and predictable rather than clever):

* Weeks run Monday to Sunday; a weekend is that week's Saturday and Sunday.
* ``last <weekday>`` and a bare ``on <weekday>`` mean the most recent such day strictly
  before ``ref``; in a future-tense sentence a bare weekday means the first one strictly
  after ``ref``. ``next <weekday>`` is always the first one strictly after ``ref`` and
  ``this <weekday>`` is the one in ``ref``'s week.
* A month or day-and-month without a year ("in May", "8 May") is the most recent one not
  after ``ref``, unless the sentence is future tense ("will", "gonna", "next", ...), then
  the first one not before ``ref``.
* ``N weeks ago`` resolves to the week containing ``ref - 7N days``; ``N months ago`` and
  ``N years ago`` to the calendar month / year. "a few" and "several" count as 3, "a couple
  (of)" as 2.
* Seasons are northern-hemisphere meteorological seasons (summer = June to August) and are
  reported with ``granularity="month"``.
* ``since X`` and ``the past N <unit>`` are ranges ending on ``ref``'s date.

Not handled (documented in docs/extraction.md): clock times, numeric day/month dates such as
``5/8/2023`` (ambiguous between US and European order), holidays, decades ("the 90s"),
fuzzy words ("recently", "the other day"), durations ("for three years"), time zones.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date, datetime, timedelta
from typing import Literal

from pydantic import BaseModel, ConfigDict

Granularity = Literal["day", "week", "month", "year"]

__all__ = ["Granularity", "TimeMention", "resolve_time_expressions"]


class TimeMention(BaseModel):
    """A time expression found in a text, resolved to an inclusive date range.

    ``span`` are character offsets into the text that was searched; ``label`` is a human
    rendering such as "7 May 2023", "the week of 1 May 2023", "May 2023" or "2022".
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    span: tuple[int, int]
    text: str
    start: date
    end: date
    granularity: Granularity
    label: str


_MONTHS = tuple(
    "january february march april may june july august september october november december".split()
)
_MONTH_NUM: dict[str, int] = {}
for _i, _m in enumerate(_MONTHS, start=1):
    _MONTH_NUM[_m] = _i
    _MONTH_NUM[_m[:3]] = _i
_MONTH_NUM["sept"] = 9
_MONTH_NAME = tuple(m.capitalize() for m in _MONTHS)

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_NUM: dict[str, int] = {d: i for i, d in enumerate(_DAYS)}
for _abbr, _i in (("mon", 0), ("tue", 1), ("tues", 1), ("wed", 2), ("thu", 3), ("thur", 3)):
    _DAY_NUM[_abbr] = _i
for _abbr, _i in (("thurs", 3), ("fri", 4), ("sat", 5), ("sun", 6)):
    _DAY_NUM[_abbr] = _i

_NUM_WORDS: dict[str, int] = {
    w: i
    for i, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), 1
    )
}
_NUM_WORDS.update({"a": 1, "an": 1, "few": 3, "several": 3, "couple": 2})

_DAY_WORD_OFFSET = {
    "yesterday": -1,
    "last night": -1,
    "tomorrow": 1,
    "the day before yesterday": -2,
    "the day after tomorrow": 2,
}
_UNIT_GRANULARITY: dict[str, Granularity] = {
    "day": "day",
    "week": "week",
    "weekend": "week",
    "month": "month",
    "year": "year",
}

_SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}

# Full names first so "Sept" is not cut to "Sep"; the trailing \b stops "Mayor" matching.
_MONTH_RE = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b"
)
_DAY_RE = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)\b"
)
_NUM_RE = (
    r"(?:\d{1,3}|a\s+few|a\s+couple(?:\s+of)?|couple\s+of|few|several|an?|one|two|three"
    r"|four|five|six|seven|eight|nine|ten|eleven|twelve)"
)
_UNIT_RE = r"(?:days?|weekends?|weeks?|months?|years?)\b"
_YEAR_RE = r"(?:19|20)\d\d"

# One alternation scanned once; at a given position earlier alternatives win, so the
# longer forms ("8 May 2023") come before the shorter ones ("in May").
_TIME = re.compile(
    r"\b(?:"
    r"(?P<dw>the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|earlier\s+today"
    r"|today|yesterday|tomorrow|tonight|this\s+morning|this\s+afternoon|this\s+evening"
    r"|last\s+night)\b"
    rf"|(?P<iso>(?P<iso_y>{_YEAR_RE})-(?P<iso_m>0[1-9]|1[0-2])-(?P<iso_d>0[1-9]|[12]\d|3[01]))\b"
    rf"|(?:on\s+)?(?:the\s+)?(?P<dmy_d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s+(?:of\s+)?"
    rf"(?P<dmy_m>{_MONTH_RE})\.?(?:,?\s+(?P<dmy_y>{_YEAR_RE})\b)?"
    rf"|(?:on\s+)?(?P<mdy_m>{_MONTH_RE})\.?\s+(?P<mdy_d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b"
    rf"(?:,?\s+(?P<mdy_y>{_YEAR_RE})\b)?"
    rf"|(?:(?P<my_p>in|during|since|of)\s+)?(?P<my_m>{_MONTH_RE})\.?,?\s+(?P<my_y>{_YEAR_RE})\b"
    rf"|(?P<ago_n>{_NUM_RE})\s+(?P<ago_u>{_UNIT_RE})\s+ago\b"
    rf"|in\s+(?P<in_n>{_NUM_RE})\s+(?P<in_u>{_UNIT_RE})"
    rf"|this\s+past\s+(?P<tp_u>weekend|week|month|year)\b"
    rf"|(?:the\s+)?past\s+(?:(?P<past_n>{_NUM_RE})\s+)?(?P<past_u>{_UNIT_RE})"
    rf"|(?:the\s+)?last\s+(?P<past2_n>{_NUM_RE})\s+(?P<past2_u>{_UNIT_RE})"
    r"|the\s+last\s+(?P<past3_u>week|month|year)\b"
    r"|(?P<lnt_w>last|this|next|coming)\s+(?P<lnt_u>weekend|week|month|year)\b"
    rf"|(?P<lnd_w>last|this|next|coming|on)\s+(?P<lnd_d>{_DAY_RE})"
    rf"|(?P<lnm_w>last|this|next|in|since|during)\s+(?P<lnm_m>{_MONTH_RE})"
    r"|(?P<lns_w>last|this|next|in|during|over)\s+(?:the\s+)?"
    r"(?P<lns_s>spring|summer|autumn|fall|winter)\b"
    r"|(?P<yr_p>in|since|during|from|until|by)\s+(?:the\s+year\s+)?"
    rf"(?P<yr_y>{_YEAR_RE})\b(?![-/:]\d)"
    r"|(?P<bare_d>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
    r")",
    re.IGNORECASE,
)

# Future tense in the surrounding sentence flips "in May" / "on Saturday" forwards.
_FUTURE = re.compile(
    r"(?:\b(?:will|shall|gonna|going\s+to|plan(?:s|ning)?\s+(?:to|on)|can'?t\s+wait"
    r"|cannot\s+wait|looking\s+forward|upcoming|next|tomorrow|soon|hope\s+to|about\s+to"
    r"|scheduled)\b|'ll\b)",
    re.IGNORECASE,
)
_SENT_END = re.compile(r"[.!?\n]")

# Cheap substring prefilter: text without any of these cannot hold a time expression.
_HINTS = (
    *"day tomorrow tonight morning afternoon evening night week month year ago past".split(),
    *"spring summer autumn fall winter mon tue wed thu fri sat sun".split(),
    *(m[:3] for m in _MONTHS),
)
_DIGIT = re.compile(r"\d")


def _day_label(d: date) -> str:
    return f"{d.day} {_MONTH_NAME[d.month - 1]} {d.year}"


def _add_months(year: int, month: int, delta: int) -> tuple[int, int]:
    idx = year * 12 + (month - 1) + delta
    return idx // 12, idx % 12 + 1


def _month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, monthrange(year, month)[1])


def _num(word: str) -> int:
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    for part in word.split():
        if part in _NUM_WORDS and part not in ("a", "of"):
            return _NUM_WORDS[part]
    return _NUM_WORDS.get(word, 1)


def _unit(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") else word


def _is_future(text: str, start: int, end: int) -> bool:
    left = start
    while left > 0 and not _SENT_END.match(text, left - 1):
        left -= 1
    m = _SENT_END.search(text, end)
    right = m.start() if m else len(text)
    return _FUTURE.search(text, left, right) is not None


class _Range:
    """Builder for the (start, end, granularity, label) of one resolved mention."""

    __slots__ = ("end", "granularity", "label", "start")

    def __init__(self, start: date, end: date, granularity: Granularity, label: str) -> None:
        self.start = start
        self.end = end
        self.granularity = granularity
        self.label = label


def _day(d: date) -> _Range:
    return _Range(d, d, "day", _day_label(d))


def _week_of(d: date) -> _Range:
    monday = d - timedelta(days=d.weekday())
    return _Range(monday, monday + timedelta(days=6), "week", f"the week of {_day_label(monday)}")


def _weekend_of(d: date) -> _Range:
    saturday = d - timedelta(days=d.weekday()) + timedelta(days=5)
    label = f"the weekend of {_day_label(saturday)}"
    return _Range(saturday, saturday + timedelta(days=1), "week", label)


def _month(year: int, month: int) -> _Range:
    start, end = _month_range(year, month)
    return _Range(start, end, "month", f"{_MONTH_NAME[month - 1]} {year}")


def _year(year: int) -> _Range:
    return _Range(date(year, 1, 1), date(year, 12, 31), "year", str(year))


def _span_range(start: date, end: date, granularity: Granularity) -> _Range:
    return _Range(start, end, granularity, f"{_day_label(start)} to {_day_label(end)}")


def _season(name: str, year: int) -> _Range:
    """The season that starts in ``year`` (winter 2023 = December 2023 to February 2024)."""
    first = _SEASON_START[name]
    start = date(year, first, 1)
    ey, em = _add_months(year, first, 2)
    end = _month_range(ey, em)[1]
    season = "autumn" if name == "fall" else name
    label = f"winter {year}/{str(year + 1)[2:]}" if name == "winter" else f"{season} {year}"
    return _Range(start, end, "month", label)


def _shift(today: date, unit: str, n: int) -> _Range:
    """The calendar unit ``n`` steps away from ``today`` (negative = past)."""
    if unit == "day":
        return _day(today + timedelta(days=n))
    if unit == "week":
        return _week_of(today + timedelta(days=7 * n))
    if unit == "weekend":
        return _weekend_of(today + timedelta(days=7 * n))
    if unit == "month":
        return _month(*_add_months(today.year, today.month, n))
    return _year(today.year + n)


def _back(today: date, unit: str, n: int) -> date:
    if unit in ("day",):
        return today - timedelta(days=n)
    if unit in ("week", "weekend"):
        return today - timedelta(days=7 * n)
    if unit == "month":
        y, m = _add_months(today.year, today.month, -n)
        return date(y, m, min(today.day, monthrange(y, m)[1]))
    return date(
        today.year - n, today.month, min(today.day, monthrange(today.year - n, today.month)[1])
    )


def _weekday(today: date, target: int, mode: str) -> date:
    if mode == "past":
        delta = (today.weekday() - target) % 7 or 7
        return today - timedelta(days=delta)
    if mode == "future":
        delta = (target - today.weekday()) % 7 or 7
        return today + timedelta(days=delta)
    return today - timedelta(days=today.weekday()) + timedelta(days=target)


def _month_no_year(today: date, month: int, future: bool) -> int:
    if future:
        return today.year if month >= today.month else today.year + 1
    return today.year if month <= today.month else today.year - 1


def _capitalised(word: str) -> bool:
    # "may" and "march" are verbs; only a capitalised month name is a date.
    return word[:1].isupper()


def _resolve(m: re.Match[str], text: str, today: date) -> _Range | None:
    g = m.group
    kind = m.lastgroup
    if g("dw"):
        word = " ".join(g("dw").lower().split())
        return _day(today + timedelta(days=_DAY_WORD_OFFSET.get(word, 0)))
    if g("iso"):
        return _day(date(int(g("iso_y")), int(g("iso_m")), int(g("iso_d"))))
    if g("dmy_m") or g("mdy_m"):
        mon_word = g("dmy_m") or g("mdy_m")
        if not _capitalised(mon_word):
            return None
        month = _MONTH_NUM[mon_word.lower()]
        day = int(g("dmy_d") or g("mdy_d"))
        year_s = g("dmy_y") or g("mdy_y")
        if year_s:
            return _day(date(int(year_s), month, day))
        future = _is_future(text, m.start(), m.end())
        year = today.year
        candidate = date(year, month, min(day, monthrange(year, month)[1]))
        if future and candidate < today:
            year += 1
        elif not future and candidate > today:
            year -= 1
        return _day(date(year, month, day))
    if g("my_m"):
        if not _capitalised(g("my_m")):
            return None
        r = _month(int(g("my_y")), _MONTH_NUM[g("my_m").lower()])
        if (g("my_p") or "").lower() == "since":
            return _span_range(r.start, max(today, r.start), "month")
        return r
    if g("ago_u"):
        unit, n = _unit(g("ago_u")), _num(g("ago_n"))
        return _shift(today, unit, -n) if unit != "day" else _day(today - timedelta(days=n))
    if g("in_u"):
        unit, n = _unit(g("in_u")), _num(g("in_n"))
        return _shift(today, unit, n)
    if g("tp_u"):
        return _shift(today, g("tp_u").lower(), -1)
    if g("past_u") or g("past2_u") or g("past3_u"):
        unit = _unit(g("past_u") or g("past2_u") or g("past3_u"))
        n = _num(g("past_n") or g("past2_n") or "1")
        return _span_range(_back(today, unit, n), today, _UNIT_GRANULARITY[unit])
    if g("lnt_u"):
        step = {"last": -1, "this": 0, "next": 1, "coming": 1}[g("lnt_w").lower()]
        return _shift(today, g("lnt_u").lower(), step)
    if g("lnd_d") or g("bare_d"):
        if g("bare_d") and not _capitalised(g("bare_d")):
            return None
        target = _DAY_NUM[(g("lnd_d") or g("bare_d")).lower()]
        word = (g("lnd_w") or "on").lower()
        if word in ("next", "coming"):
            mode = "future"
        elif word == "this":
            mode = "this"
        elif word == "last":
            mode = "past"
        else:
            mode = "future" if _is_future(text, m.start(), m.end()) else "past"
        return _day(_weekday(today, target, mode))
    if g("lnm_m"):
        if not _capitalised(g("lnm_m")):
            return None
        month = _MONTH_NUM[g("lnm_m").lower()]
        word = g("lnm_w").lower()
        if word == "last":
            year = today.year if month < today.month else today.year - 1
        elif word == "next":
            year = today.year if month > today.month else today.year + 1
        elif word == "this":
            year = today.year
        else:
            year = _month_no_year(today, month, _is_future(text, m.start(), m.end()))
        r = _month(year, month)
        if word == "since":
            return _span_range(r.start, max(today, r.start), "month")
        return r
    if g("lns_s"):
        return _resolve_season(g("lns_w").lower(), g("lns_s").lower(), text, m, today)
    if g("yr_y"):
        year = int(g("yr_y"))
        if g("yr_p").lower() == "since":
            start = date(year, 1, 1)
            return _span_range(start, max(today, start), "year")
        return _year(year)
    raise AssertionError(f"unhandled time alternative {kind!r}")  # pragma: no cover


def _resolve_season(word: str, name: str, text: str, m: re.Match[str], today: date) -> _Range:
    # Candidates: the season instances starting last year, this year and next year.
    instances = [_season(name, today.year + k) for k in (-2, -1, 0, 1)]
    if word == "this":
        current = [r for r in instances if r.start <= today <= r.end]
        if current:
            return current[0]
        return _season(
            name, today.year if name != "winter" or today.month == 12 else today.year - 1
        )
    if word == "next":
        return next(r for r in instances if r.start > today)
    if word == "last":
        return [r for r in instances if r.end < today][-1]
    if _is_future(text, m.start(), m.end()):
        return next(r for r in instances if r.end >= today)
    return [r for r in instances if r.start <= today][-1]


def resolve_time_expressions(text: str, ref: datetime) -> list[TimeMention]:
    """Find the time expressions in ``text`` and resolve them relative to ``ref``.

    ``ref`` is the instant the text was said (the observation's ``occurred_at``); only its
    calendar date in its own time zone is used. Mentions come back in text order, without
    overlaps; expressions that name an impossible date ("31 February") are skipped.
    """
    lower = text.lower()
    if not any(h in lower for h in _HINTS) and not _DIGIT.search(text):
        return []
    today = ref.date()
    out: list[TimeMention] = []
    for m in _TIME.finditer(text):
        try:
            r = _resolve(m, text, today)
        except ValueError:
            continue
        if r is None:
            continue
        out.append(
            TimeMention(
                span=(m.start(), m.end()),
                text=m.group(0),
                start=r.start,
                end=r.end,
                granularity=r.granularity,
                label=r.label,
            )
        )
    return out
