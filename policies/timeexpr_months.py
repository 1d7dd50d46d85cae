"""Resolve a month named without a year after a word that places it: "last May", "in June",
"since March", "by June", "until October", "pushed to June", and spans of months or years:
"from May to July", "between March and June 2023", "from 2015 to 2019".

:mod:`nousmem.policies.timeexpr` finds these (the ``lnm_`` and ``lnb_`` groups of its
pattern) and calls :func:`resolve_month`; spans (``rgm_``, ``rg_``) go to
:func:`resolve_month_span` and :func:`resolve_span`. A deadline or a stay ("by June", "until
October", "before March") is ahead in a present sentence that tells of nothing past ("I
need it by June"), as a calendar date is. "to" and "from" also lead to people who share a
month's name ("I talked to June", "a card from April"): those months count only in a range
("from May to July") or after a verb that moves a date ("The launch got pushed to June"),
which also puts the month ahead. Every function is pure.
"""

from __future__ import annotations

import re
from datetime import date

from nousmem.policies import daterange as dr
from nousmem.policies.daterange import DateRange
from nousmem.policies.letters import UPPER
from nousmem.policies.tense_bounds import SENT_END, bounds
from nousmem.policies.timeexpr_calendar import At, capitalised, month_no_year
from nousmem.policies.timeexpr_patterns import MONTH_NUMBERS, MONTH_RE
from nousmem.policies.timeexpr_ranges import moves_date

__all__ = ["resolve_month", "resolve_month_span", "resolve_span"]

# A deadline, a stay or a bound: ahead in a present sentence with nothing past in it.
_BOUNDS = frozenset({"by", "until", "till", "through", "before", "after"})
# Months that are also given names: after "to" / "from" only in a range or a move.
_NAMES = frozenset({"may", "june", "april", "august", "jan"})
_RANGE_AFTER = re.compile(
    r"[.,]?\s*(?:to|until|till|through|thru|-|–)\s+(?=(?-i:[" + UPPER + r"]))" + MONTH_RE,
    re.IGNORECASE,
)
_FROM_BEFORE = re.compile(r"\bfrom\s+" + MONTH_RE + r"[.,]?\s*$", re.IGNORECASE)


def _to_from_counts(text: str, word: str, month: str, start: int, end: int) -> bool:
    """Whether a month after "to" / "from" at ``text[start:end]`` is a date: always for a
    month that is no given name, else in a range or after a move."""
    if month not in _NAMES:
        return True
    s_left, _ = bounds(SENT_END, text, start, start)
    if word == "from" and not text[s_left:start].strip(" \t\"'(“"):
        return True  # "From June, we'll be closed": what the sentence starts from
    if word == "to":
        return _FROM_BEFORE.search(text, max(0, start - 20), start) is not None or moves_date(
            text, start
        )
    return _RANGE_AFTER.match(text, end) is not None or moves_date(text, start)


def resolve_month(m: re.Match[str], at: At, today: date) -> DateRange | None:
    """The month of an ``lnm_`` match; None for a lowercase name ("may", "march": verbs) and
    for a name after "to" / "from" that is no date (see the module doc). The ``lnb_``
    groups are the bounds and moves ("by", "to"), the ``lnm_`` ones the rest."""
    name = m.group("lnm_m") or m.group("lnb_m")
    if not capitalised(name):
        return None
    month = MONTH_NUMBERS[name.lower()]
    word = " ".join((m.group("lnm_w") or m.group("lnb_w")).lower().split())
    if word == "this past":
        word = "last"  # "this past June": the last one
    if word in ("to", "from") and not _to_from_counts(
        at.text, word, name.lower(), m.start(), m.end()
    ):
        return None
    if word == "last":
        year = today.year if month < today.month else today.year - 1
    elif word == "next":
        year = today.year if month > today.month else today.year + 1
    elif word == "this":
        # "I'm going to Paris this March" said in December is the coming March.
        future = month < today.month and at.future()
        year = today.year + 1 if future else today.year
    elif word in _BOUNDS:
        year = month_no_year(today, month, at.ahead())
    elif word in ("to", "from"):
        ahead = moves_date(at.text, m.start()) or at.ahead()
        year = month_no_year(today, month, ahead)
    else:
        future = word != "since" and at.future()
        year = month_no_year(today, month, future)
    r = dr.month(year, month)
    if word == "since":
        return dr.span(r.start, max(today, r.start), "month")
    return r


def resolve_month_span(m: re.Match[str], at: At, today: date) -> DateRange:
    """The months of an ``rgm_`` match ("from March to June", "between May 2019 and June"),
    from the first day of the first to the last day of the last. Without a year the span is
    the latest one to end by ``today`` ("I lived in Paris from March to June" said in May is
    last year's), or in a sentence about what is to come the first to start on or after it."""
    first = MONTH_NUMBERS[m.group("rgm_a").lower()]
    last = MONTH_NUMBERS[m.group("rgm_b").lower()]
    wraps = last < first  # "from November to March": into the next year
    if m.group("rgm_ay"):
        start_year = int(m.group("rgm_ay"))
    elif at.ahead():
        start_year = month_no_year(today, first, True)
    else:
        start_year = month_no_year(today, last, False) - wraps
    return _months(start_year, first, start_year + wraps, last)


def _months(start_year: int, first: int, end_year: int, last: int) -> DateRange:
    """The months from ``first`` of ``start_year`` to ``last`` of ``end_year``, labelled as
    said: "March to June 2023", "November 2023 to March 2024"."""
    a, b = dr.month(start_year, first), dr.month(end_year, last)
    label = a.label if start_year != end_year else a.label.rsplit(" ", 1)[0]
    return DateRange(a.start, b.end, "month", f"{label} to {b.label}")


def resolve_span(m: re.Match[str]) -> DateRange | None:
    """A span of years or months ("from 2015 to 2019", "between March and June 2023"),
    from the first day of its first part to the last day of its last; None when it runs
    backwards ("from 2019 to 2015") or names a month in lower case ("from may to june")."""
    g = m.group
    first, last = g("rg_am"), g("rg_bm")
    if any(w is not None and not capitalised(w) for w in (first, last)):
        return None
    end_year = int(g("rg_b"))
    start_year = int(g("rg_a") or g("rg_ay") or end_year)
    start_month = MONTH_NUMBERS[first.lower()] if first else 1
    end_month = MONTH_NUMBERS[last.lower()] if last else 12
    if first and not (g("rg_a") or g("rg_ay")) and start_month > end_month:
        start_year -= 1  # "from November to March 2024": the November before
    if (start_year, start_month) > (end_year, end_month):
        return None
    if first or last:
        return _months(start_year, start_month, end_year, end_month)
    return dr.DateRange(
        date(start_year, 1, 1), date(end_year, 12, 31), "year", f"{start_year} to {end_year}"
    )
