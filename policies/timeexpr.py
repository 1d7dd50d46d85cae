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
* "early / mid / late X" and "the beginning / middle / end of X" are thirds of X (a
  month's days 1-10, 11-20, 21 to the end; a year's four months); "the first / last week
  of June" are days 1-7 / the last seven; "on the 15th" is the nearest 15th the tense
  points to; holidays after a preposition ("at Christmas", "last Easter") are their dates
  (:mod:`nousmem.policies.holidays`).

* Dates in figures are read when their order shows ("3/14/2023", "14/3/23": a part over
  12 is the day; "2023/03/14"; "14.03.2023" day first), decades ("the 1990s", "the '90s",
  "in the 80s" unless the text talks of the weather) and years in two digits after an
  apostrophe ("in '19") as the latest such year at most ten years ahead
  (:mod:`nousmem.policies.timeexpr_numeric`).

Not handled (documented in docs/extraction.md): clock times, numeric dates whose order does
not show such as ``5/8/2023`` (8 May in the US, 5 August in most of Europe) unless
``InputConfig.date_order`` names one (:mod:`nousmem.policies.date_order`), fuzzy words
("recently", "the other day"), durations ("for three years"), time zones.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from nousmem.policies import daterange as dr
from nousmem.policies.date_order import DateOrder, current_date_order
from nousmem.policies.daterange import DateRange, Granularity
from nousmem.policies.tense import object_of, span_of_time
from nousmem.policies.timeexpr_calendar import (
    At,
    capitalised,
    day_no_year,
    follows_since,
    is_calendar,
    resolve_calendar,
    since,
    tense_start,
)
from nousmem.policies.timeexpr_gates import needs_met, time_pattern
from nousmem.policies.timeexpr_months import (
    resolve_month,
    resolve_month_span,
    resolve_span,
)
from nousmem.policies.timeexpr_numeric import NUMERIC_GROUPS, resolve_numeric
from nousmem.policies.timeexpr_patterns import (
    CALENDAR_OPENERS,
    DAY_NUM,
    DAY_WORD_OFFSET,
    DAYS,
    HOLIDAY_WORDS,
    MONTH_NUMBERS,
    MONTHS,
    NUM_WORDS,
    NUMBER,
    OPENERS,
    ORDINAL,
    QUARTER_NAME,
    REACH,
    TRIGGER_RE,
    TRIGGERS,
    UNIT_GRANULARITY,
    WORD_ABBREVS,
    WORD_OR_NUMBER,
)
from nousmem.policies.timeexpr_ranges import joined_ranges, moves_date

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


def _num(word: str) -> int:
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    for part in word.split():
        if part in NUM_WORDS and part not in ("a", "of"):
            return NUM_WORDS[part]
    return NUM_WORDS.get(word, 1)


def _unit(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") else word


def _quarter(q: int, year: str | None, word: str, at: At, today: date) -> DateRange:
    """A quarter ("Q3", "in Q3 2024", "since Q1"); named without a year, the latest not
    after ``today``, or in a sentence about what is to come the first not before it."""
    if year:
        r = dr.quarter(int(year), q)
    else:
        now = dr.quarter_of(today)
        if word != "since" and at.future():
            r = dr.quarter(today.year if q >= now else today.year + 1, q)
        else:
            r = dr.quarter(today.year if q <= now else today.year - 1, q)
    return dr.span(r.start, max(today, r.start), "month") if word == "since" else r


def _resolve(
    m: re.Match[str], at: At, today: date, order: DateOrder | None = None
) -> DateRange | None:
    text = at.text
    g = m.group
    kind = m.lastgroup
    if g("dw"):
        word = " ".join(g("dw").lower().split())
        return dr.day(today + timedelta(days=DAY_WORD_OFFSET.get(word, 0)))
    if g("iso"):
        return dr.day(date(int(g("iso_y")), int(g("iso_m")), int(g("iso_d"))))
    if g("rg_p"):
        return resolve_span(m)
    if g("rgm_p"):
        return resolve_month_span(m, at, today)
    if any(g(group) for group in NUMERIC_GROUPS):
        return resolve_numeric(m, at, today, order)
    if is_calendar(m):
        return resolve_calendar(m, at, today)
    if g("bl_u"):
        return dr.shift(today, g("bl_u").lower(), -2)
    if g("bl_s") or g("sago_s"):
        name = (g("bl_s") or g("sago_s")[:-1]).lower()
        back = 1 if g("bl_s") else _num(g("sago_n")) - 1
        latest = dr.season_near(today, name, "last", False)
        return dr.season(name, latest.start.year - back)
    if g("wago_d"):
        last = dr.weekday(today, DAY_NUM[g("wago_d").lower()[:-1]], "past")
        return dr.day(last - timedelta(weeks=_num(g("wago_n")) - 1))
    if g("dmy_m") or g("mdy_m"):
        mon_word = g("dmy_m") or g("mdy_m")
        if not capitalised(mon_word):
            return None
        month = MONTH_NUMBERS[mon_word.lower()]
        day = int(g("dmy_d") or g("mdy_d"))
        year_s = g("dmy_y") or g("mdy_y")
        # Without its year, the nearest such date on the side the tense points to.
        near = (
            date(int(year_s), month, day) if year_s else day_no_year(today, month, day, at.future())
        )
        if near is None:
            return None
        # "since May 5, 2019": from that day on.
        return since(dr.day(near), today) if follows_since(text, m.start()) else dr.day(near)
    if g("mry_m"):
        step = {"last": -1, "this": 0, "next": 1}[g("mry_w").lower()]
        r = dr.month(today.year + step, MONTH_NUMBERS[g("mry_m").lower()])
        if g("mry_p").lower() == "since":
            return since(r, today)
        return r
    if g("fago_n"):
        return dr.week_of(today - timedelta(days=14 * _num(g("fago_n"))))
    if g("my_m"):
        if not capitalised(g("my_m")):
            return None
        r = dr.month(int(g("my_y")), MONTH_NUMBERS[g("my_m").lower()])
        if (g("my_p") or "").lower() == "since":
            return since(r, today)
        return r
    if g("half_n"):
        # Half a year is six months, half a month two weeks, half a week three days.
        unit = _unit(g("half_u") or g("half_v"))
        n = _num(g("half_n"))
        if unit == "year":
            return dr.shift(today, "month", -(12 * n + 6))
        if unit == "month":
            return dr.shift(today, "week", -(4 * n + 2))
        return dr.week_of(today - timedelta(days=7 * n + 3))
    if g("ago_u"):
        unit, n = _unit(g("ago_u")), _num(g("ago_n"))
        return dr.shift(today, unit, -n) if unit != "day" else dr.day(today - timedelta(days=n))
    if g("in_u"):
        if span_of_time(text, at.start, at.end):
            return None  # "I haven't seen him in 2 years": how long, not when
        unit, n = _unit(g("in_u")), _num(g("in_n"))
        return dr.shift(today, unit, n)
    if g("fnow_u"):
        return dr.shift(today, _unit(g("fnow_u")), _num(g("fnow_n")))
    if g("ttl_u"):
        if g("ttl_u").lower() == "week":
            return dr.day(today - timedelta(days=7))
        return dr.month(today.year - 1, today.month)
    if g("tp_u"):
        return dr.shift(today, g("tp_u").lower(), -1)
    if g("past_u") and not g("past_n") and g("past_u").lower() == "weekend":
        return dr.shift(today, "weekend", -1)
    if g("past_u") or g("past2_u") or g("past3_u"):
        unit = _unit(g("past_u") or g("past2_u") or g("past3_u"))
        n = _num(g("past_n") or g("past2_n") or "1")
        return dr.span(dr.back(today, unit, n), today, UNIT_GRANULARITY[unit])
    if g("an_d"):  # "Friday after next": a week after the coming one
        return dr.day(dr.weekday(today, DAY_NUM[g("an_d").lower()], "future") + timedelta(7))
    if g("an_u"):
        return dr.shift(today, g("an_u").lower(), 2)
    if g("wf_b"):  # "a week from Friday", "two weeks from today"
        base = g("wf_b").lower()
        if base in DAY_NUM:
            start = dr.weekday(today, DAY_NUM[base], "future")
        else:
            start = today + timedelta(days=1 if base == "tomorrow" else 0)
        return dr.day(start + timedelta(weeks=_num(g("wf_n"))))
    if g("fn"):
        return dr.shift(today, "week", 2 * _num(g("fn")))
    if g("lnt_u") or g("otw"):
        step = {"last": -1, "this": 0, "next": 1, "coming": 1}[(g("lnt_w") or "this").lower()]
        unit = (g("lnt_u") or g("otw")).lower()
        if step == 0 and unit == "weekend":
            r = dr.shift(today, "weekend", 0)
            if r.start > today and at.back():
                return dr.shift(today, "weekend", -1)
        return dr.shift(today, unit, step)
    if g("q_n"):
        return _quarter(int(g("q_n")[1]), g("q_y"), (g("q_p") or "in").lower(), at, today)
    if g("lnd_d") or g("bare_d"):
        day_word = g("lnd_d") or g("bare_d")
        if not capitalised(day_word) and (g("bare_d") or day_word.lower() in WORD_ABBREVS):
            return None
        if g("bare_d") and _EVERY_LIST.search(text, max(0, m.start() - 80), m.start()):
            return None  # "every Tuesday and Thursday": a day that comes back, not a date
        target = DAY_NUM[day_word.lower()]
        word = (g("lnd_w") or "on").lower()
        if word in ("next", "coming"):
            mode = "future"
        elif word == "this":
            mode = "this"
            d = dr.weekday(today, target, "this")
            # "this Saturday" said on a Sunday of a plan is the coming one; "We went out
            # this Sunday" said on the Monday after is the one just gone.
            if d < today and not object_of(text, m.start()) and at.future():
                mode = "future"
            elif d > today and at.back():
                mode = "past"
        elif word == "last":
            mode = "past"
        elif follows_since(text, m.start()):
            mode = "past"
        else:
            mode = "future" if at.future() else "past"
        return dr.day(dr.weekday(today, target, mode))
    if g("lnm_m") or g("lnb_m"):
        return resolve_month(m, at, today)
    if g("lns_s"):
        if g("lns_y"):
            return dr.season(g("lns_s").lower(), int(g("lns_y")))
        word = g("lns_w").lower()
        future = word in ("in", "during", "over") and at.future()
        return dr.season_near(today, g("lns_s").lower(), word, future)
    if g("yr_y"):
        year = int(g("yr_y"))
        if g("yr_p").lower() == "since":
            start = date(year, 1, 1)
            return dr.span(start, max(today, start), "year")
        return dr.year(year)
    raise AssertionError(f"unhandled time alternative {kind!r}")  # pragma: no cover


# The weekdays listed after "every": "every Tuesday and", "every Monday, Wednesday and".
_EVERY_LIST = re.compile(
    r"\b(?:every|each)\s+(?:other\s+)?(?:(?:" + "|".join(DAYS) + r")(?:,\s*|\s+))+"
    r"(?:(?:and|or|&)\s+)?$",
    re.IGNORECASE,
)
_FULL_MONTH_STOP = re.compile(r"\b(?:" + "|".join(MONTHS) + r")\.$", re.IGNORECASE)


def _matches(candidates: list[int], text: str, time: re.Pattern[str]) -> list[re.Match[str]]:
    """Leftmost non-overlapping matches of ``time`` (TIME, or TIME with the forms the text
    cannot hold switched off) among the candidate start offsets."""
    out: list[re.Match[str]] = []
    last_end = 0
    for pos in candidates:
        if pos < last_end:
            continue
        m = time.match(text, pos)
        if m is not None and m.group("rgm_p") and moves_date(text, pos):
            # "moved the trip from May to June": the first month alone, then the second.
            m = time.match(text, pos, m.end("rgm_a"))
        if m is not None:
            out.append(m)
            last_end = m.end()
    return out


def resolve_time_expressions(
    text: str, ref: datetime, *, date_order: DateOrder | Literal["context"] | None = "context"
) -> list[TimeMention]:
    """Find the time expressions in ``text`` and resolve them relative to ``ref``.

    ``ref`` is the instant the text was said (the observation's ``occurred_at``); only its
    calendar date in its own time zone is used. Mentions come back in text order, without
    overlaps; expressions that name an impossible date ("31 February") are skipped. A date
    in figures whose order the text does not show ("5/8/2023") is read in ``date_order``
    ("mdy" or "dmy"; None: not read); by default in the order the runtime reads in (see
    :mod:`nousmem.policies.date_order`).
    """
    order = current_date_order() if date_order == "context" else date_order
    # Keyed on the local calendar date, not ``ref``: aware datetimes that are the same
    # instant compare equal even when their dates differ.
    return list(_resolve_cached(text, ref.date(), order))


@lru_cache(maxsize=256)
def _resolve_cached(text: str, today: date, order: DateOrder | None) -> tuple[TimeMention, ...]:
    # A governed write resolves its content twice (the observation's times, then the
    # extractor's claim dates); mentions are frozen and depend on (text, date, order) alone.
    return tuple(_resolve_all(text, today, order))


def _resolve_all(text: str, today: date, order: DateOrder | None) -> list[TimeMention]:
    lower = text.lower()
    words = set(WORD_OR_NUMBER.findall(lower))
    present = TRIGGERS & words
    anchors = [m.span() for m in NUMBER.finditer(lower)]
    if "q" in words:
        anchors.extend(m.span() for m in QUARTER_NAME.finditer(lower))
    if not present and not anchors:
        return []
    for word in present:
        anchors.extend(m.span() for m in TRIGGER_RE[word].finditer(lower))
    candidates: set[int] = set()
    calendar = (
        not HOLIDAY_WORDS.isdisjoint(words)
        or "new year" in lower
        # Only a capitalised month is one ("by June", not "by may"): else no time to find.
        or any(w[0].upper() + w[1:] in text for w in present.intersection(MONTH_NUMBERS))
    )
    openers = OPENERS
    if calendar or (anchors and ORDINAL.search(lower)):
        openers = CALENDAR_OPENERS
    for a_start, a_end in anchors:
        for w in WORD_OR_NUMBER.finditer(lower, max(0, a_start - REACH), a_end):
            first = w.group(0)
            if first in openers or first[0].isdigit():
                candidates.add(w.start())
    out: list[TimeMention] = []
    for m in _matches(sorted(candidates), text, time_pattern(needs_met(lower, words))):
        # The tense is read without a point the match took at a sentence's end ("I'll be
        # back mid-June. We missed you."): past it lies the next sentence.
        tense_end = m.end() - 1 if text[m.end() - 1] == "." else m.end()
        try:
            r = _resolve(m, At(text, tense_start(m), tense_end), today, order)
        except (ValueError, OverflowError):
            # "31 February", or a date past the years ``date`` can hold ("tomorrow" said on
            # 9999-12-31): either way there is no date to report.
            continue
        if r is None:
            continue
        end = m.end()
        if text[end - 1] == "." and _FULL_MONTH_STOP.search(text, m.start(), end):
            end -= 1  # "on the 3rd of May." ends a sentence; "3 Sept." is an abbreviation
        out.append(
            # Validated: pydantic-core builds it faster than model_construct does in Python.
            TimeMention(
                span=(m.start(), end),
                text=text[m.start() : end],
                start=r.start,
                end=r.end,
                granularity=r.granularity,
                label=r.label,
            )
        )
    return joined_ranges(text, out)
