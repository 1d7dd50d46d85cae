"""How a slot records supersession: a value is superseded when a revision moves the belief's
mode away from it (to another value, or to "unknown", as a denial does), and restored when the
mode comes back to it.

The live fold records this in the worldview as revisions arrive (``Worldview.on_revision``,
``MergeCarry.on_merged``). A read as of an event time works it out again from the belief's
own refold as of that time (:func:`from_trail`), with the same two rules, so it agrees with
``belief(as_of=...)``: back-dated evidence recorded late moves the mode differently in a
prefix of event time than in the whole journal.

A multi-valued value has no mode to lose; its records say instead when a revision took it out
of ``held`` (as a denial does: recorded as taken over by "unknown") and when one brought it
back (restored). :func:`took_over` and the latest of them date its span, so a denial that left
it held ends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import TypeVar

from nousmem.projections.belief_models import UNKNOWN, match_key
from nousmem.projections.history import MergedTrail, ModeChange

Sup = tuple[int, datetime, str | None]
"""(seq, event time, the value that took over); ``None`` marks a value restored, and
:data:`~nousmem.projections.belief_models.UNKNOWN` one the mode left for "unknown"."""

K = TypeVar("K")


class MergedInto(str):
    """The value that took over from a value at an accepted merge, having held the slot on
    one side of it already: the loser's span ends there, but the winner's goes on from when
    it took the slot on its side (it did not take it at the merge)."""

    __slots__ = ()


class Retracted(MergedInto):
    """The value a correction moved the mode to ("Actually no, Ana still lives in Porto"),
    where the value it moved from lost the slot: that one is taken back, and the value
    corrected to took no slot there. When the value taken back had taken the slot by a
    change from the value corrected to, and held it since, that value never lost it: its
    latest span goes on. Else the value corrected to holds anew from the correction."""

    __slots__ = ()


class Resumed(str):
    """Recorded in the records of the value a correction returns to, when the value taken
    back had taken the slot from it: the loss before it never happened. Records are only
    ever appended (a read as of a seq before the correction still sees the loss: memory
    believed it then); :func:`settled` reads them as of the correction on."""

    __slots__ = ()


def settled(entries: Sequence[Sup]) -> list[Sup]:
    """``entries`` (one value's records, as a read sees them) without each loss a later
    :class:`Resumed` mark undoes, nor the marks."""
    out: list[Sup] = []
    for entry in entries:
        if isinstance(entry[2], Resumed):
            if out and out[-1][2] is not None:
                out.pop()
            continue
        out.append(entry)
    return out


def note_change(
    sup: dict[K, list[Sup]],
    key: Callable[[str], K],
    seq: int,
    occurred_at: datetime,
    before: str | None,
    after: str | None,
    kept: bool = False,
    *,
    retracts: bool = False,
) -> None:
    """Record that a fold at ``seq`` moved the mode from ``before`` to ``after``;
    ``kept``: a merge, whose ``after`` one side held already (see :class:`MergedInto`);
    ``retracts``: a correction (see :class:`Retracted`)."""
    if before == after or (before is not None and after is not None and key(before) == key(after)):
        return  # one value ("Acme", "ACME"): nothing moved
    if retracts:
        _note_retraction(sup, key, seq, occurred_at, before, after)
        return
    if before is not None and before != UNKNOWN:
        # A mode that moves to "unknown" (a denial) ends the value's span as another value
        # would: recorded as ``None`` it would read as the value taking the slot back.
        by = MergedInto(after) if kept and after is not None else after or UNKNOWN
        sup.setdefault(key(before), []).append((seq, occurred_at, by))
    if after is None or after == UNKNOWN:
        return
    mine = sup.get(key(after))
    # Restored: it had lost the slot. Kept at a merge, it goes on from its own side's take,
    # unless its records (the other side's, carried over) end with it losing the slot:
    # then it holds again from the merge (a loss a correction undid is none).
    if mine and (not kept or ((seen := settled(mine)) and seen[-1][2] is not None)):
        mine.append((seq, occurred_at, None))


def _note_retraction(
    sup: dict[K, list[Sup]],
    key: Callable[[str], K],
    seq: int,
    occurred_at: datetime,
    before: str | None,
    after: str | None,
) -> None:
    """:func:`note_change` for a correction from ``before`` to ``after``."""
    taken_back = UNKNOWN if before is None else before
    if before is not None and before != UNKNOWN:
        sup.setdefault(key(before), []).append((seq, occurred_at, Retracted(after or UNKNOWN)))
    if after is None or after == UNKNOWN:
        return
    mine = sup.get(key(after))
    seen = settled(mine or ())
    if not mine or not seen or seen[-1][2] is None:
        return  # it never held the slot, or never lost it
    lost_at, _, lost_to = seen[-1]
    if lost_to is None or isinstance(lost_to, Retracted):
        # Its latest span was itself taken back: that correction stands, and it holds
        # anew from this one.
        undo = False
    elif taken_back == UNKNOWN:
        # A denial taken back ("I don't work at Acme anymore", then "Sorry, I still work
        # at Acme"); the write path keeps the flag only when nothing was said in the slot
        # since (runtime/own_corrections.py).
        undo = lost_to == UNKNOWN
    else:
        # What is taken back took the slot from it ("Ana moved to Lisbon") and has held
        # it since: no record of its own after that but this one.
        undo = key(lost_to) == key(taken_back) and all(
            s <= lost_at or s == seq for s, _, _ in settled(sup.get(key(taken_back), ()))
        )
    if undo:  # it never lost the slot
        mine.append((seq, occurred_at, Resumed(taken_back)))
    else:
        mine.append((seq, occurred_at, None))  # it lost the slot to a third value: restored


def carry(into: list[Sup], theirs: Sequence[Sup], seq: int) -> None:
    """Add an absorbed entity's history of one value to the kept entity's, at merge ``seq``."""
    # Both entities' histories of one value become one: the latest by event time decides
    # whether it is superseded now (a stable sort keeps seq order on ties).
    both = sorted([*into, *theirs], key=lambda x: x[1]) if into else None
    into.extend((seq, t, by) for _, t, by in (both or theirs))


def from_trail(trail: Iterable[ModeChange | MergedTrail]) -> dict[str, list[Sup]]:
    """Supersession records (by value key) of one belief, from its refold's mode changes."""
    out: dict[str, list[Sup]] = {}
    for step in trail:
        if isinstance(step, MergedTrail):
            for vkey, entries in from_trail(step.changes).items():
                carry(out.setdefault(vkey, []), entries, step.seq)
        else:
            note_change(
                out,
                match_key,
                step.seq,
                step.occurred_at,
                step.before,
                step.after,
                step.kept,
                retracts=step.retracts,
            )
    return out


def took_over(records: Iterable[tuple[str, Sequence[Sup]]]) -> dict[str, tuple[int, datetime]]:
    """When each value (by key) last took the slot: (seq, event time) of the latest change
    that made it the mode, taking over from another value or restored."""
    out: dict[str, tuple[int, datetime]] = {}
    for vkey, entries in records:
        for seq, t, by in entries:
            if by == UNKNOWN or isinstance(by, MergedInto):  # nothing took the slot
                continue
            winner = vkey if by is None else match_key(by)
            if winner not in out or (seq, t) >= out[winner]:
                out[winner] = (seq, t)
    return out


def untaken(
    vkey: str,
    records: Iterable[tuple[str, Sequence[Sup]]],
    since: datetime | None,
    until: datetime,
    firsts: Mapping[str, datetime],
) -> bool:
    """Whether no value other than ``vkey`` took the slot, or was first asserted, strictly
    between ``since`` and ``until`` (event time): ``vkey`` held it throughout. ``firsts``:
    each value's first assertion. A value asserted then may have held the slot without a
    record saying so (told late, it was folded while a third value held the mode)."""
    if since is None:
        return False
    if any(since < t < until for k, t in firsts.items() if k != vkey):
        return False
    for key, entries in records:
        for _, t, by in entries:
            if not since < t < until or by == UNKNOWN or isinstance(by, MergedInto):
                continue
            winner = key if by is None else match_key(by)
            if winner != vkey:
                return False
    return True


def closed_spans(
    vkey: str,
    records: Iterable[tuple[str, Sequence[Sup]]],
    first: datetime | None,
    firsts: Mapping[str, datetime] | None = None,
) -> list[tuple[datetime, datetime]]:
    """Every period a single-valued value held its slot and then lost it, oldest first.

    A value that comes back (Lyon, then Clermont-Ferrand, then Lyon again) held the slot
    more than once: its latest span is the candidate's ``valid_from``/``valid_to``, and the
    ones before it are history a reader asks about ("Where did I live in February?").
    ``first``: the value's first assertion, where a span opens that no record dates (the
    value was the slot's first mode).
    """
    # (event time, took the slot) -> the first seq recording it. A merge carries an entity's
    # records again at its own seq (the same moves twice), and back-dated evidence folds
    # late: the moves are the value's history in event time.
    moves: dict[tuple[datetime, bool], int] = {}
    for key, entries in records:
        for seq, t, by in entries:
            took = (key == vkey and by is None) or (
                key != vkey
                and by not in (None, UNKNOWN)
                and not isinstance(by, MergedInto)
                and match_key(by) == vkey
            )
            if took or (key == vkey and by is not None):
                moves[(t, took)] = min(seq, moves.get((t, took), seq))
    # A span a correction ended never held (see Retracted): it is no period of the value.
    retracted = {
        t
        for key, entries in records
        if key == vkey
        for _, t, by in entries
        if isinstance(by, Retracted)
    }
    spans: list[tuple[datetime, datetime]] = []
    order = sorted(moves, key=lambda m: (m[0], moves[m]))
    # A value whose first move is a loss was the slot's first mode: from its first assertion.
    # So was one whose first move in journal order is a loss when no other value took the
    # slot, or was asserted, before its first move in event time: a take-back recorded late
    # but dated before the loss ("No, I still work at Acme", dated before Bob's claim) is no
    # start of its holding (review rev16 #3; ``firsts``: see :func:`untaken`).
    by_seq = sorted(moves, key=lambda m: moves[m])
    back_dated = (
        firsts is not None
        and bool(by_seq)
        and not by_seq[0][1]
        and untaken(vkey, records, first, order[0][0], firsts)
    )
    start = first if order and (not order[0][1] or back_dated) else None
    for t, took in order:
        if took:
            start = t if start is None else start
        elif start is not None:
            if t not in retracted:
                # Back-dated evidence folds late: a span never ends before it starts.
                spans.append((start, t if t >= start else start))
            start = None
    return spans


R = TypeVar("R")


def in_event_time(
    records: Mapping[str, Sequence[Sup]],
    support: Mapping[str, Sequence[R]],
    restamp: Callable[[R, int], R],
    stamp_of: Callable[[R], tuple[datetime, int]],
) -> tuple[dict[str, list[Sup]], dict[str, list[R]]]:
    """``records`` and ``support`` rows with their seqs replaced by their rank in event time
    (ties in seq order), for a belief a back-dated revision refolded.

    A slot compares records and rows by ``(seq, event time)``: "later" is the journal's
    order, and for a belief folded in journal order that is also the order of events. Once
    a back-dated revision refolds it, the records (from the refold's trail) follow event
    time while seqs do not: ranked, both comparisons mean "later in event time" again.
    ``stamp_of``: a row's (event time, seq); ``restamp``: the row with another seq.
    """
    keys = {(t, s) for rows in records.values() for s, t, _ in rows}
    keys.update(stamp_of(r) for rows in support.values() for r in rows)
    rank = {k: i for i, k in enumerate(sorted(keys), start=1)}
    return (
        {v: [(rank[(t, s)], t, by) for s, t, by in rows] for v, rows in records.items()},
        {v: [restamp(r, rank[stamp_of(r)]) for r in rows] for v, rows in support.items()},
    )
