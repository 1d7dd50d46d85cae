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
* A stated year wins ("the spring of 2022"); a weekday before a date is part of that date.

Not handled (documented in docs/extraction.md): clock times, numeric day/month dates such as
``5/8/2023`` (ambiguous between US and European order), holidays, decades ("the 90s"),
fuzzy words ("recently", "the other day"), durations ("for three years"), time zones.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date, datetime, timedelta
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from nousmem.policies import daterange as dr
from nousmem.policies.daterange import DateRange, Granularity
from nousmem.policies.tense import is_future, looks_back, object_of, span_of_time

__all__ = ["MONTHS", "MONTH_NUMBERS", "Granularity", "TimeMention", "resolve_time_expressions"]


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


MONTHS = tuple(
    "january february march april may june july august september october november december".split()
)
"""Month names, lowercase, January first."""
MONTH_NUMBERS: dict[str, int] = {}
"""Lowercase month name or abbreviation ("mar", "sept") -> month number (1-12)."""
for _i, _m in enumerate(MONTHS, start=1):
    MONTH_NUMBERS[_m] = _i
    MONTH_NUMBERS[_m[:3]] = _i
MONTH_NUMBERS["sept"] = 9

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_NUM: dict[str, int] = {d: i for i, d in enumerate(_DAYS)}
for _abbr, _i in (("mon", 0), ("tue", 1), ("tues", 1), ("wed", 2), ("thu", 3), ("thur", 3)):
    _DAY_NUM[_abbr] = _i
for _abbr, _i in (("thurs", 3), ("fri", 4), ("sat", 5), ("sun", 6)):
    _DAY_NUM[_abbr] = _i
# Abbreviations that are also everyday words ("on sun loungers", "sat nav", "wed links"):
# only a capitalised one is a weekday; "last fri" stays a date.
_WORD_ABBREVS = frozenset(("mon", "wed", "sat", "sun"))

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
# "Saturday, May 6, 2023": a weekday written in front of a date only repeats it, so the date
# alternatives absorb it instead of letting it resolve on its own to another day. Only before
# a capitalised month (see _capitalised): "on Monday may 6 people come" keeps its Monday.
_CAP = r"(?=(?-i:[A-Z]))"
_WEEKDAY_OF = rf"(?:(?:last|this|next|coming)\s+)?{_DAY_RE}\.?,?\s+"

# One alternation scanned once; at a given position earlier alternatives win, so the
# longer forms ("8 May 2023") come before the shorter ones ("in May").
_TIME = re.compile(
    r"\b(?:"
    r"(?P<dw>the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|earlier\s+today"
    r"|today|yesterday|tomorrow|tonight|this\s+morning|this\s+afternoon|this\s+evening"
    r"|last\s+night)\b"
    rf"|(?P<iso>(?P<iso_y>{_YEAR_RE})-(?P<iso_m>0[1-9]|1[0-2])-(?P<iso_d>0[1-9]|[12]\d|3[01]))\b"
    rf"|(?:on\s+)?(?P<dmy_w>{_WEEKDAY_OF})?(?:the\s+)?(?P<dmy_d>[12]\d|3[01]|0?[1-9])"
    rf"(?:st|nd|rd|th)?\s+(?:of\s+)?(?(dmy_w){_CAP})(?P<dmy_m>{_MONTH_RE})\.?"
    rf"(?:,?\s+(?P<dmy_y>{_YEAR_RE})\b)?"
    rf"|(?:on\s+)?(?:{_WEEKDAY_OF}{_CAP})?(?P<mdy_m>{_MONTH_RE})\.?\s+"
    rf"(?P<mdy_d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b(?:,?\s+(?P<mdy_y>{_YEAR_RE})\b)?"
    rf"|(?:(?P<my_p>in|during|since|of)\s+)?(?P<my_m>{_MONTH_RE})\.?,?\s+(?:of\s+)?"
    rf"(?P<my_y>{_YEAR_RE})\b"
    rf"|(?P<ago_n>{_NUM_RE})\s+(?P<ago_u>{_UNIT_RE})\s+ago\b"
    rf"|in\s+(?P<in_n>{_NUM_RE})\s+(?P<in_u>{_UNIT_RE})(?!\s+ago\b)"
    rf"|this\s+past\s+(?P<tp_u>weekend|week|month|year)\b"
    rf"|(?:the\s+)?past\s+(?:(?P<past_n>{_NUM_RE})\s+)?(?P<past_u>{_UNIT_RE})"
    rf"|(?:the\s+)?last\s+(?P<past2_n>{_NUM_RE})\s+(?P<past2_u>{_UNIT_RE})"
    r"|the\s+last\s+(?P<past3_u>week|month|year)\b(?!\s+of\b)"
    r"|(?P<lnt_w>last|this|next|coming)\s+(?P<lnt_u>weekend|week|month|year)\b(?!\s+of\b)"
    rf"|(?P<lnd_w>last|this|next|coming|on)\s+(?P<lnd_d>{_DAY_RE})"
    rf"|(?P<lnm_w>last|this|next|in|since|during)\s+(?P<lnm_m>{_MONTH_RE})"
    r"|(?P<lns_w>last|this|next|in|during|over)\s+(?:the\s+)?"
    rf"(?P<lns_s>spring|summer|autumn|fall|winter)\b(?:\s+(?:of\s+)?(?P<lns_y>{_YEAR_RE})\b)?"
    r"|(?P<yr_p>in|since|during|from|until|by)\s+(?:the\s+year\s+)?"
    rf"(?P<yr_y>{_YEAR_RE})\b(?![-/:]\d)"
    r"|(?<!\bevery\s)(?<!\bany\s)(?<!\beach\s)(?<!\bBlack\s)(?<!\bCyber\s)(?<!\bGood\s)"
    r"(?<!\bSuper\s)(?<!\bPalm\s)(?<!\bAsh\s)(?<!\bEaster\s)(?<!\bFat\s)(?<!\bManic\s)"
    r"(?<!\bBlue\s)(?<!\bHoly\s)(?<!\bMaundy\s)(?<!\bShrove\s)"
    r"(?P<bare_d>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
    r"(?!\s+(?:best|Times|school|(?-i:Night\s+(?:Live|Lights|Fever)))\b)"
    r")",
    re.IGNORECASE,
)

# Every alternative of _TIME contains one of these words or a number, starting at most
# _REACH characters (and 7 words) before it. Scanning the big alternation over a whole text
# costs ~0.5 us per character, so it is only tried at the few word starts before a trigger.
_TRIGGERS = frozenset(
    (
        "today yesterday tomorrow tonight morning afternoon evening night day days week weeks "
        "weekend weekends month months year years spring summer autumn fall winter"
    ).split()
    + list(MONTH_NUMBERS)
    + list(_DAY_NUM)
)
# The words an expression can start with (numbers aside): a match is only attempted there.
_OPENERS = _TRIGGERS | frozenset(
    (
        "the earlier this last next coming on in during since of past over from until by a an "
        "few several couple"
    ).split()
    + list(_NUM_WORDS)
)
_WORD_OR_NUMBER = re.compile(r"[a-z]+|\d+")
_NUMBER = re.compile(r"(?<![0-9a-z])\d+")
# One literal pattern per trigger: a leading literal lets the regex engine scan fast.
_TRIGGER_RE = {
    w: re.compile(re.escape(w) + r"\b(?<![0-9a-z]" + re.escape(w) + ")") for w in _TRIGGERS
}
_REACH = 32


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


# "since Monday": the day looks back, whatever else the sentence plans.
_SINCE = re.compile(r"\bsince\s+$", re.IGNORECASE)


def _month_no_year(today: date, month: int, future: bool) -> int:
    if future:
        return today.year if month >= today.month else today.year + 1
    return today.year if month <= today.month else today.year - 1


def _capitalised(word: str) -> bool:
    # "may" and "march" are verbs; only a capitalised month name is a date.
    return word[:1].isupper()


def _resolve(m: re.Match[str], text: str, today: date) -> DateRange | None:
    g = m.group
    kind = m.lastgroup
    if g("dw"):
        word = " ".join(g("dw").lower().split())
        return dr.day(today + timedelta(days=_DAY_WORD_OFFSET.get(word, 0)))
    if g("iso"):
        return dr.day(date(int(g("iso_y")), int(g("iso_m")), int(g("iso_d"))))
    if g("dmy_m") or g("mdy_m"):
        mon_word = g("dmy_m") or g("mdy_m")
        if not _capitalised(mon_word):
            return None
        month = MONTH_NUMBERS[mon_word.lower()]
        day = int(g("dmy_d") or g("mdy_d"))
        year_s = g("dmy_y") or g("mdy_y")
        if year_s:
            return dr.day(date(int(year_s), month, day))
        if day > monthrange(2000, month)[1]:  # no year has a 30 February
            return None
        future = is_future(text, m.start(), m.end())
        step = 1 if future else -1
        year = today.year
        # The nearest such date on the side the tense points to; 29 February is only in
        # leap years, so the search may have to skip a few.
        while day > monthrange(year, month)[1] or (
            date(year, month, day) < today if future else date(year, month, day) > today
        ):
            year += step
        return dr.day(date(year, month, day))
    if g("my_m"):
        if not _capitalised(g("my_m")):
            return None
        r = dr.month(int(g("my_y")), MONTH_NUMBERS[g("my_m").lower()])
        if (g("my_p") or "").lower() == "since":
            return dr.span(r.start, max(today, r.start), "month")
        return r
    if g("ago_u"):
        unit, n = _unit(g("ago_u")), _num(g("ago_n"))
        return dr.shift(today, unit, -n) if unit != "day" else dr.day(today - timedelta(days=n))
    if g("in_u"):
        if span_of_time(text, m.start(), m.end()):
            return None  # "I haven't seen him in 2 years": how long, not when
        unit, n = _unit(g("in_u")), _num(g("in_n"))
        return dr.shift(today, unit, n)
    if g("tp_u"):
        return dr.shift(today, g("tp_u").lower(), -1)
    if g("past_u") and not g("past_n") and g("past_u").lower() == "weekend":
        return dr.shift(today, "weekend", -1)
    if g("past_u") or g("past2_u") or g("past3_u"):
        unit = _unit(g("past_u") or g("past2_u") or g("past3_u"))
        n = _num(g("past_n") or g("past2_n") or "1")
        return dr.span(dr.back(today, unit, n), today, _UNIT_GRANULARITY[unit])
    if g("lnt_u"):
        step = {"last": -1, "this": 0, "next": 1, "coming": 1}[g("lnt_w").lower()]
        if step == 0 and g("lnt_u").lower() == "weekend":
            r = dr.shift(today, "weekend", 0)
            if r.start > today and looks_back(text, m.start(), m.end()):
                return dr.shift(today, "weekend", -1)
        return dr.shift(today, g("lnt_u").lower(), step)
    if g("lnd_d") or g("bare_d"):
        day_word = g("lnd_d") or g("bare_d")
        if not _capitalised(day_word) and (g("bare_d") or day_word.lower() in _WORD_ABBREVS):
            return None
        target = _DAY_NUM[day_word.lower()]
        word = (g("lnd_w") or "on").lower()
        if word in ("next", "coming"):
            mode = "future"
        elif word == "this":
            mode = "this"
            d = dr.weekday(today, target, "this")
            # "this Saturday" said on a Sunday of a plan is the coming one; "We went out
            # this Sunday" said on the Monday after is the one just gone.
            if d < today and not object_of(text, m.start()) and is_future(text, m.start(), m.end()):
                mode = "future"
            elif d > today and looks_back(text, m.start(), m.end()):
                mode = "past"
        elif word == "last":
            mode = "past"
        elif _SINCE.search(text, max(0, m.start() - 8), m.start()):
            mode = "past"
        else:
            mode = "future" if is_future(text, m.start(), m.end()) else "past"
        return dr.day(dr.weekday(today, target, mode))
    if g("lnm_m"):
        if not _capitalised(g("lnm_m")):
            return None
        month = MONTH_NUMBERS[g("lnm_m").lower()]
        word = g("lnm_w").lower()
        if word == "last":
            year = today.year if month < today.month else today.year - 1
        elif word == "next":
            year = today.year if month > today.month else today.year + 1
        elif word == "this":
            # "I'm going to Paris this March" said in December is the coming March.
            future = month < today.month and is_future(text, m.start(), m.end())
            year = today.year + 1 if future else today.year
        else:
            future = word != "since" and is_future(text, m.start(), m.end())
            year = _month_no_year(today, month, future)
        r = dr.month(year, month)
        if word == "since":
            return dr.span(r.start, max(today, r.start), "month")
        return r
    if g("lns_s"):
        if g("lns_y"):
            return dr.season(g("lns_s").lower(), int(g("lns_y")))
        word = g("lns_w").lower()
        future = word in ("in", "during", "over") and is_future(text, m.start(), m.end())
        return dr.season_near(today, g("lns_s").lower(), word, future)
    if g("yr_y"):
        year = int(g("yr_y"))
        if g("yr_p").lower() == "since":
            start = date(year, 1, 1)
            return dr.span(start, max(today, start), "year")
        return dr.year(year)
    raise AssertionError(f"unhandled time alternative {kind!r}")  # pragma: no cover


def _matches(candidates: list[int], text: str) -> list[re.Match[str]]:
    """Leftmost non-overlapping matches of _TIME among the candidate start offsets."""
    out: list[re.Match[str]] = []
    last_end = 0
    for pos in candidates:
        if pos < last_end:
            continue
        m = _TIME.match(text, pos)
        if m is not None:
            out.append(m)
            last_end = m.end()
    return out


def resolve_time_expressions(text: str, ref: datetime) -> list[TimeMention]:
    """Find the time expressions in ``text`` and resolve them relative to ``ref``.

    ``ref`` is the instant the text was said (the observation's ``occurred_at``); only its
    calendar date in its own time zone is used. Mentions come back in text order, without
    overlaps; expressions that name an impossible date ("31 February") are skipped.
    """
    # Keyed on the local calendar date, not ``ref``: aware datetimes that are the same
    # instant compare equal even when their dates differ.
    return list(_resolve_cached(text, ref.date()))


@lru_cache(maxsize=256)
def _resolve_cached(text: str, today: date) -> tuple[TimeMention, ...]:
    # A governed write resolves its content twice (the observation's times, then the
    # extractor's claim dates); mentions are frozen and depend on (text, date) alone.
    return tuple(_resolve_all(text, today))


def _resolve_all(text: str, today: date) -> list[TimeMention]:
    lower = text.lower()
    present = _TRIGGERS.intersection(_WORD_OR_NUMBER.findall(lower))
    anchors = [m.span() for m in _NUMBER.finditer(lower)]
    if not present and not anchors:
        return []
    for word in present:
        anchors.extend(m.span() for m in _TRIGGER_RE[word].finditer(lower))
    candidates: set[int] = set()
    for a_start, a_end in anchors:
        for w in _WORD_OR_NUMBER.finditer(lower, max(0, a_start - _REACH), a_end):
            first = w.group(0)
            if first in _OPENERS or first[0].isdigit():
                candidates.add(w.start())
    out: list[TimeMention] = []
    for m in _matches(sorted(candidates), text):
        try:
            r = _resolve(m, text, today)
        except (ValueError, OverflowError):
            # "31 February", or a date past the years ``date`` can hold ("tomorrow" said on
            # 9999-12-31): either way there is no date to report.
            continue
        if r is None:
            continue
        out.append(
            # Every field is built here from checked parts; skipping re-validation saves
            # a third of the cost of a mention.
            TimeMention.model_construct(
                span=(m.start(), m.end()),
                text=m.group(0),
                start=r.start,
                end=r.end,
                granularity=r.granularity,
                label=r.label,
            )
        )
    return out
