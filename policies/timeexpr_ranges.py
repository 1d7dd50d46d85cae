"""Dates that make one range: "from May 14 to May 20", "May 14-20", "between 3/14 and
3/20", "from March to May" are one mention from the first day to the last, not two days
(or one, the last unread). A date moved is two dates, the old and the new ("They moved
the trip from May 14 to May 20": :func:`moves_date`).

:func:`opens_range` tells the tense reader that a date opens such a range, so a present
that plans it ("I'm out from May 14 to May 20", said on 1 May) reads it ahead, as "I'm
out on May 14" is; :func:`joined_ranges` joins the resolved mentions.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from nousmem.policies.daterange import day_label
from nousmem.policies.letters import UPPER
from nousmem.policies.tense_bounds import CLAUSE_END, SENT_END, bounds

if TYPE_CHECKING:
    from nousmem.policies.timeexpr import TimeMention

__all__ = ["joined_ranges", "moves_date", "opens_range"]

# What joins the first date to the last: "-", "to", "until", "through" ("and" after
# "between").
_JOIN = r"\s*(?:[-\u2013\u2014]|(?i:to|until|till|through|thru)(?=\s))\s*"
_GAP = re.compile(_JOIN)
_AND = re.compile(r"\s+(?i:and)\s+")
# What a range's last date starts with: a figure, a capitalised month, "the 20th".
_OPENS = re.compile(_JOIN + rf"(?:\d|[{UPPER}]|(?i:the)\s+\d)")
# After a day, the last day of the same month in figures: "May 14-20", "the 3rd to 5th".
# Not a count ("on May 4 to 12 people"): the clause ends after it, or a joiner follows.
_LAST_DAY = re.compile(
    _JOIN
    + r"(?P<d>\d{1,2})(?i:st|nd|rd|th)?(?![\w/:%-]|\.\d)"
    + r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|so|for|in|at|on|with|while|because|when|i|we)\b)"
)
# After a date in figures, the last one in figures: "from 3/14 to 3/20".
_LAST_FIGURES = re.compile(_JOIN + r"(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\w/:%-]|\.\d)")
_FIGURES = re.compile(r"(\d{1,2})/(\d{1,2})")
_YEAR = re.compile(r"\b\d{4}\b|/\d{2,4}\b|'\d{2}\b")


# A date moved: "pushed (back) to June", "We postponed the wedding to October", "moved the
# trip from May to June". What it moves to is ahead, though the moving is past.
_MOVED = re.compile(
    r"\b(?:push(?:ed|ing|es)?|mov(?:ed|ing|es?)|postpon(?:ed|ing|es?)|delay(?:ed|ing|s)?"
    r"|reschedul(?:ed|ing|es?)|bump(?:ed|ing|s)?|shift(?:ed|ing|s)?|slip(?:ped|ping|s)?"
    r"|put\s+off|defer(?:red|ring|s)?|extend(?:ed|ing|s)?)\b",
    re.IGNORECASE,
)


def moves_date(text: str, start: int) -> bool:
    """A verb that moves a date earlier in the clause of ``start``: "They moved the trip
    from May to June" names two dates, the old and the new, not a span."""
    c_left, _ = bounds(CLAUSE_END, text, start, start)
    s_left, _ = bounds(SENT_END, text, start, start)
    return _MOVED.search(text, max(c_left, s_left), start) is not None


def opens_range(text: str, start: int, end: int) -> bool:
    """Whether the date at ``text[start:end]`` opens a range: "to", "until", "-" ... after
    it ("(from) May 14 to May 20", "June 3-5"), or "between" before it and "and" after."""
    if text[max(0, start - 8) : start].lower().endswith("between "):
        joined = _AND.match(text, end) is not None
    else:
        joined = _OPENS.match(text, end) is not None
    # (The clause walk last: most dates open nothing.) "They moved it from May 14 to May
    # 20": the old date and the new.
    return joined and not moves_date(text, start)


def joined_ranges(text: str, mentions: Sequence[TimeMention]) -> list[TimeMention]:
    """``mentions`` (resolved, in text order) with each pair that makes a range joined into
    one, and a day followed by the last day of a range in figures stretched to it."""
    out: list[TimeMention] = []
    i = 0
    while i < len(mentions):
        a = mentions[i]
        b = _pair(text, a, mentions[i + 1]) if _single(a) and i + 1 < len(mentions) else None
        joined = None
        if b is not None:
            joined = _join(text, a, b.span[1], b.end, f"{a.label} to {b.label}")
        elif _single(a):
            joined = _stretched(text, a)
        # A date moved is two dates (the clause walk only where a range was found).
        if joined is None or moves_date(text, a.span[0]):
            out.append(a)
            i += 1
        else:
            out.append(joined)
            i += 2 if b is not None else 1
    return out


def _single(m: TimeMention) -> bool:
    """One day, one month or one year: not a range already ("since May 5")."""
    s, e = m.start, m.end
    if m.granularity == "day":
        return s == e
    if m.granularity == "month":
        return (s.year, s.month) == (e.year, e.month)
    return m.granularity == "year" and s.year == e.year


def _pair(text: str, a: TimeMention, b: TimeMention) -> TimeMention | None:
    """``b`` as the last of a range ``a`` opens (moved to the year after when said without
    one and it would fall before ``a``: "from December 20 to January 3"); None when they
    make none."""
    if b.granularity != a.granularity or not _single(b):
        return None
    gap = text[a.span[1] : b.span[0]]
    between = text[max(0, a.span[0] - 8) : a.span[0]].lower().endswith("between ")
    if not (_GAP.fullmatch(gap) or (between and _AND.fullmatch(gap))):
        return None
    if b.start < a.start and a.granularity != "year" and not _YEAR.search(b.text):
        start, end = _next_year(b.start), _next_year(b.end)
        if start is None or end is None:
            return None
        b = b.model_copy(update={"start": start, "end": end, "label": _relabel(b, start)})
    return b if b.start > a.start else None


def _stretched(text: str, a: TimeMention) -> TimeMention | None:
    """Day ``a`` stretched to the last day in figures that follows it ("May 14-20",
    "from 3/14 to 3/20"); None when none does."""
    if a.granularity != "day":
        return None
    day = a.start
    m = _LAST_DAY.match(text, a.span[1])
    if m is not None:
        last = int(m.group("d"))
        if day.day < last <= monthrange(day.year, day.month)[1]:
            end = day.replace(day=last)
            return _join(text, a, m.end("d"), end, f"{a.label} to {day_label(end)}")
        return None
    own = _FIGURES.search(a.text)
    m = _LAST_FIGURES.match(text, a.span[1])
    if own is None or m is None:
        return None
    # The order the first date was read in ("3/14": month first) reads the last.
    month_first = (int(own.group(1)), int(own.group(2))) == (day.month, day.day)
    p, q = int(m.group("a")), int(m.group("b"))
    month, last = (p, q) if month_first else (q, p)
    if not 1 <= month <= 12 or not 1 <= last <= monthrange(day.year, month)[1]:
        return None
    end = date(day.year, month, last)
    if end <= day:
        moved = _next_year(end)
        if moved is None:
            return None
        end = moved
    return _join(text, a, m.end(), end, f"{a.label} to {day_label(end)}")


def _join(text: str, a: TimeMention, stop: int, end: date, label: str) -> TimeMention:
    return a.model_copy(
        update={
            "span": (a.span[0], stop),
            "text": text[a.span[0] : stop],
            "end": end,
            "label": label,
        }
    )


def _next_year(d: date) -> date | None:
    try:
        return d.replace(year=d.year + 1)
    except ValueError:  # 29 February
        return None


def _relabel(b: TimeMention, start: date) -> str:
    """``b``'s label with its year moved to ``start``'s ("20 May 2024", "May 2024")."""
    if b.granularity == "day":
        return day_label(start)
    return b.label.replace(str(b.start.year), str(start.year))
