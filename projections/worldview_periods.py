"""How a worldview line says a candidate's periods: which spans a slot's values held (not one
a correction took back), the part of one that was in dispute, and the times its claims
dated it ("since 2023", "the week of 26 January 2026")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from nousmem.projections.lexical import date_label

if TYPE_CHECKING:  # the models render their lines with these
    from nousmem.projections.worldview_models import WorldviewCandidate, WorldviewSlot

__all__ = [
    "CURRENT",
    "MAX_TOLD",
    "PERIODS",
    "Spans",
    "announced",
    "before_line",
    "closed_periods",
    "disputed_text",
    "end_label",
    "slot_spans",
    "told_span",
    "told_text",
]

CURRENT = ("selected", "conflicted", "active", "held")


PERIODS = (*CURRENT, "superseded", "negated")
"""Statuses whose periods a slot's history shows (what memory was told to hide is not)."""

Spans = list[tuple[datetime, datetime | None, "WorldviewCandidate"]]


def slot_spans(s: WorldviewSlot) -> Spans | None:
    """The periods of ``s``'s shown values, closed or still open, for :func:`disputed_text`;
    None for a multi-valued slot, whose values hold side by side (no overlap is a dispute)."""
    if s.multi:
        return None
    return [(a, b, c) for c in s.candidates if c.status in PERIODS for a, b in _spans(c)]


def disputed_text(a: datetime, b: datetime, c: WorldviewCandidate, spans: Spans | None) -> str:
    """``, disputed`` (``, disputed from <day>``, ``, disputed <day> - <day>``) for the part
    of ``c``'s period ``a`` - ``b`` that was in dispute: where another value's span
    (``spans``, see :func:`slot_spans`; None marks nothing) overlaps it, or one of the
    periods ``c`` was only claimed in (``c.disputed``). A contradiction no evidence settled
    before a third value took the slot (see :func:`~nousmem.projections.disputes.outlasted`)
    left memory holding neither, and one settled back
    (:func:`~nousmem.projections.disputes.settled_back`) a value only claimed."""
    if spans is None:
        return ""
    parts = [(x, b if y is None else y) for x, y, o in spans if o.value != c.value]
    parts += c.disputed
    cut = [(max(a, x), min(b, y)) for x, y in parts if x < b and a < y]
    if not cut:
        return ""
    lo, hi = min(x for x, _ in cut), max(y for _, y in cut)
    if hi < b:
        return f", disputed {date_label(lo)} - {date_label(hi)}"
    return ", disputed" if lo == a else f", disputed from {date_label(lo)}"


def _spans(c: WorldviewCandidate) -> list[tuple[datetime, datetime | None]]:
    """Every period ``c`` held its slot, the latest open (``None``) while it holds (not one
    a correction took back: it never held then)."""
    latest = [(c.valid_from, c.valid_to)] if c.valid_from and not c.taken_back else []
    return [*c.earlier, *latest]


def closed_periods(c: WorldviewCandidate) -> list[tuple[datetime, datetime]]:
    """Every period ``c`` held its slot and lost it: its earlier spans and its latest, if
    that one ended (and held: see :func:`_spans`)."""
    latest = [(c.valid_from, c.valid_to)] if c.valid_from and c.valid_to else []
    if c.taken_back:
        latest = []
    return [*c.earlier, *latest]


MAX_TOLD = 1
"""Times an occasion's line shows, the latest said (``told`` holds them all): each more
costs the prompt a few tokens, and on LoCoMo at 1,000 tokens two cost more evidence turns
than they gave answers."""


def told_span(c: WorldviewCandidate, learned: datetime, occasions: bool, full: bool) -> str:
    """``since 2023`` (``from May 2024`` ahead of when it was said) for a value the claims
    dated, ``2019; May 2024`` for an occasion; with ``full`` (the historical and audit
    lenses) also when memory learned it: ``since 2023; said 1 March 2024``."""
    span = told_text(c.told, occasions, learned.date())
    return f"{span}; said {date_label(learned)}" if full else span


def told_text(told: Sequence[tuple[date, str]], occasions: bool, learned: date) -> str:
    """``since 2023`` for a value its claims dated (``from May 2024`` when that is after
    ``learned``, the day memory learned it), or for an occasion when it last happened:
    ``week of 18 March 2024`` ("the" dropped: every token of a worldview line counts)."""
    at, label = told[-1]
    if occasions:
        return "; ".join(t.removeprefix("the ") for _, t in told[-MAX_TOLD:])
    return f"{'from' if at > learned else 'since'} {label}"


def announced(values: Iterable[WorldviewCandidate]) -> bool:
    """Whether one of ``values`` was dated by its claims after the day memory learned it
    (its line says "from": see :func:`told_text`): "I accepted an offer from Globex, I
    start there on May 1" said on 1 April."""
    return any(
        c.told and c.valid_from is not None and c.told[-1][0] > c.valid_from.date() for c in values
    )


def start_label(c: WorldviewCandidate, start: datetime) -> str:
    """``start``, the start of one of ``c``'s periods, as a reader says it: where it is the
    latest one's and the claims dated the value before memory learned it ("I moved to Berlin
    in 2019 and then to Munich last year"), when they said it began ("2019")."""
    if start == c.valid_from and c.told and c.told[-1][0] < start.date():
        return c.told[-1][1]
    return date_label(start)


def _began(c: WorldviewCandidate) -> date | None:
    """When ``c``'s latest period began: as its claims dated it, if earlier than memory
    learned it."""
    if c.valid_from is None:
        return None
    learned = c.valid_from.date()
    return min(learned, c.told[-1][0]) if c.told else learned


def end_label(s: WorldviewSlot, c: WorldviewCandidate, end: datetime) -> str:
    """``end``, the end of one of ``c``'s periods, as a reader says it. Where it is the
    latest one's and the value that took the slot then was dated by its claims before memory
    learned it ("Ana moved to Lisbon last week"), or after ("I accepted an offer from
    Globex, I start there on May 1"), the period ends when that one began, as its own line
    says it ("the week of 26 January 2026", "1 May 2026"), not on the day memory was told."""
    began = _began(c)
    if end == c.valid_to and began is not None and not s.occasions:
        for o in s.candidates:
            if o.valid_from == end and o.told and o is not c:
                at, label = o.told[-1]
                if began < at != end.date():
                    return label
    return date_label(end)


def before_line(
    s: WorldviewSlot,
    skip: frozenset[str],
    period: tuple[datetime, datetime] | None,
    lead: str,
    limit: int,
) -> tuple[str, list[WorldviewCandidate]] | None:
    """``<lead> before: Clermont-Ferrand (2 March 2026 - 7 June 2026); Lyon (8 January 2026 -
    2 March 2026)``: the closed periods of a slot's values (but those of ``skip``, already
    dated on the slot's line), newest first, those that meet the asked ``period`` first, at
    most ``limit``; then the values told gone without ever holding, by when they stopped
    ("Acme (until 2020)"); what memory was told to hide (invalidated, inhibited, expired) is
    not among them. With the superseded candidates it shows."""
    # A multi-valued value no longer held ("I don't like jazz anymore") is ``negated``: its
    # period ended when it left ``held``, as a superseded single value's did (a value only
    # ever denied has no period).
    shown = [c for c in s.candidates if c.status in PERIODS and c.id not in skip]
    periods = [(a, b, c) for c in shown for a, b in closed_periods(c)]
    # A value never held but told gone ("I worked at Acme until 2020") held before then.
    gone = sorted(
        (c for c in shown if c.ended is not None and c.status == "negated"),
        key=lambda c: c.ended or (date.min, ""),
        reverse=True,
    )
    if not periods and not gone:
        return None
    spans = slot_spans(s)
    lo, hi = period or (None, None)

    def order(p: tuple[datetime, datetime, WorldviewCandidate]) -> tuple[bool, float]:
        # Both are half-open: a period that ends as the asked one starts (or starts as it
        # ends) does not meet it ("in 2023" is not met by a move on 1 January 2024).
        meets = lo is not None and hi is not None and p[0] < hi and p[1] > lo
        return (not meets, -p[0].timestamp())

    periods.sort(key=order)
    # Every value's first place before any value's second: a value taken up and dropped
    # five times must not push the others out of the line.
    firsts: dict[str, int] = {}
    rank = [firsts.setdefault(c.id, i) == i for i, (_, _, c) in enumerate(periods)]
    periods = [p for p, first in zip(periods, rank, strict=True) if first] + [
        p for p, first in zip(periods, rank, strict=True) if not first
    ]
    kept = periods[:limit]
    told_gone = gone[: limit - len(kept)]
    text = "; ".join(
        [
            f"{c.value} ({start_label(c, a)} - {end_label(s, c, b)}{disputed_text(a, b, c, spans)})"
            for a, b, c in kept
        ]
        + [f"{c.value} ({c.ended[1]})" for c in told_gone if c.ended is not None]
    )
    if len(periods) + len(gone) > len(kept) + len(told_gone):
        text += f" (+{len(periods) + len(gone) - len(kept) - len(told_gone)} more)"
    left = list(dict.fromkeys(c for _, _, c in kept if c.status == "superseded"))
    return f"{lead} before: {text}", left
