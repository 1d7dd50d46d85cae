"""How the content dated a claim: the words a belief delta keeps beside its ``valid_at``.

A claim's ``valid_at`` is the first day of the time expression that dated it ("in 2019" ->
1 January 2019). Rendered as that day, it would claim a precision nobody gave, so each
``belief.revised`` delta also journals ``valid_label``: the expression at its own precision
("2019", "March 2021", "the week of 18 March 2024").
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from nousmem.policies.daterange import MONTH_NAMES, day_label, span
from nousmem.runtime.payloads import TimeRef

__all__ = ["valid_label"]


def valid_label(times: Sequence[TimeRef], valid_at: date | None) -> str | None:
    """The label of the first of ``times`` (the observation's resolved time expressions)
    that starts on ``valid_at``; None when none does (a caller's own date) or no date.

    A range ("since 2010", "over the past two years") reads as its start at the range's
    precision ("2010"): the claim holds from then, and a belief line says "since". A
    claim dated on the last day of a span of months or years reads as its end ("2019" for
    "I lived in Paris from 2015 to 2019": no longer from then).
    """
    if valid_at is None:
        return None
    for t in times:
        if t.start != valid_at:
            continue
        if t.label != span(t.start, t.end, "day").label:
            return t.label  # a day, week, month, season or year: said as it was said
        return _start_label(t.start, t.granularity)
    for t in times:
        if t.end == valid_at and t.start < valid_at and t.granularity in ("month", "year"):
            # The end of a span ("from 2015 to 2019"): when a past state stopped holding.
            return _start_label(t.end, t.granularity)
    return None


def _start_label(start: date, granularity: str) -> str:
    if granularity == "year":
        return str(start.year)
    if granularity == "month":
        return f"{MONTH_NAMES[start.month - 1]} {start.year}"
    return day_label(start)
