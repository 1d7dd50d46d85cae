"""Revisions told late: a dimension folds its history in event-time order.

A belief is a filter over time (decay, change hazard, Eq. 1-4): it must see its evidence in
the order things happened, not the order memory heard of them. An import, a back-filled
chat history or a late sync records "I live in Paris" (said in 2024) after "I live in Lyon
now" (said in 2025); folded in journal order, the older statement took the slot from the
newer one. A revision dated before the dimension's latest evidence is *back-dated*: the
dimension is folded again from its recorded operations in event-time order (ties in journal
order), and adopts that state. So the state of a dimension is always the fold of its
operations sorted by (event time, seq), live and on a rebuild alike, and a read as of any
seq or time refolds the same way (:func:`~.history.refold`).

A back-dated revision's plan (what the write path previews, and the impact meter and the
router judge) is judged against the belief held now, as any claim is: a source cannot slip
past the surprise gate by dating its claim before the belief became established. Its
outcome says where it lands instead: ``mode_after`` is the mode once it is folded in at its
date, ``back_dated`` is set and ``held_at_date`` names the value held at its date (a claim
that agrees with the value held now may not have then: it changed history, and the router
writes it as a revision, not as mere evidence). A back-dated revision refolds from the last
mark (saved state) before its date: O(revisions after its date), plus up to 3 before it
among the belief's latest 64 revisions or up to 15 further back (the whole history the
first time a belief refolds, before it has marks).
Revisions in time order (nearly all) fold as usual; a refolded belief also saves its state
every 4 of them (see the marks below).
"""

from __future__ import annotations

import bisect
import copy
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from nousmem.projections import bernoulli as bn
from nousmem.projections.belief_models import Revision, match_key
from nousmem.projections.revision import MergeOp, Plan, RevisionOp

if TYPE_CHECKING:
    from nousmem.projections.dimension import Dimension
    from nousmem.projections.history import MergedTrail, ModeChange

    TrailCache = tuple[int, tuple[ModeChange | MergedTrail, ...]]

__all__ = [
    "PENDING_SEQ",
    "Mark",
    "back_dated",
    "event_order",
    "extend_trail",
    "fold_back_dated",
    "note_fold",
    "now_value",
    "plan_back_dated",
]

_DAWN = datetime.min.replace(tzinfo=UTC)

Op = RevisionOp | MergeOp


def back_dated(dim: Dimension, rev: Revision) -> bool:
    """Whether ``rev`` is dated before the latest revision ``dim`` has folded itself (an
    absorbed entity's revisions fold at the merge: see :func:`event_order`)."""
    return dim.latest_at is not None and rev.occurred_at < dim.latest_at


def _timed(ops: Iterable[Op]) -> list[tuple[datetime, int, Op]]:
    """``ops`` with the time each folds at, in fold order: a revision at its event time; a
    merge (two bodies of evidence mixed, not a claim with a date) right after the revisions
    the journal had before it."""
    keyed: list[tuple[datetime, int, Op]] = []
    latest = _DAWN
    for op in sorted(ops, key=lambda o: o.seq):
        if isinstance(op, RevisionOp):
            t = op.revision.occurred_at
            latest = max(latest, t)
        else:
            t = latest
        keyed.append((t, op.seq, op))
    keyed.sort(key=lambda k: (k[0], k[1]))
    return keyed


def event_order(ops: Iterable[Op]) -> list[Op]:
    """``ops`` in the order a dimension folds them: by event time, ties in seq order."""
    return [op for _, _, op in _timed(ops)]


def _fold_key(op: Op) -> tuple[datetime, int]:
    assert isinstance(op, RevisionOp)  # only merge-free operations are inserted by key
    return (op.revision.occurred_at, op.seq)


def _with(dim: Dimension, op: RevisionOp) -> list[Op]:
    """``dim``'s operations and ``op``, in fold order."""
    if not dim.marks:  # maybe merged, maybe never refolded: sort
        return event_order([*dim.ops, op])
    # Marks are kept only without merges, by a dimension whose operations are in fold order.
    ordered = list(dim.ops)
    bisect.insort(ordered, op, key=_fold_key)
    return ordered


# -- marks: a refolded dimension keeps its state every _EVERY operations, so the next
# back-dated revision refolds from the last mark before its place, not from the start (an
# import of dated history after one newer fact costs O(_EVERY) per entry, not O(history)).
# Most back-dated revisions land among the last few ("last week" said after today's news),
# so the marks are dense there and sparse further back: one every _EVERY operations among
# the last _RECENT, one every _SPARSE before them (memory O(history / _SPARSE)).

_EVERY = 4
_SPARSE = 16
_RECENT = 64
_STATE = (
    "keys", "labels", "index", "p", "ghost", "alpha", "beta", "value_support", "last_t",
    "updated_at", "latest_at", "support", "counters", "stances", "observed", "streak",
)  # fmt: skip


# No value equality: a state holds arrays, whose ``==`` has no single truth value.
@dataclass(frozen=True, slots=True, eq=False)
class Mark:
    """A dimension's state after folding its first ``at`` operations in fold order, the
    last of which folds at ``key`` (event time, seq). Only a dimension with no merge keeps
    marks (its deltas then match its operations one for one)."""

    at: int
    key: tuple[datetime, int]
    state: tuple[Any, ...]


def _copied(v: Any) -> Any:
    if isinstance(v, list | dict):
        return type(v)(v)
    return v.copy() if isinstance(v, np.ndarray) else v


def extend_trail(dim: Dimension, before: int, seq: int, rev: Revision, plan: Plan) -> None:
    """After an in-order fold of ``rev`` at ``seq`` on ``dim`` at version ``before``: its
    cached whole-journal trail (see BeliefStore.mode_trail) gains the fold's mode change
    instead of being worked out again by the next read."""
    cached = dim.trail_cache
    if cached is None or cached[0] != before:
        return
    from nousmem.projections.history import ModeChange  # history imports this module

    steps = cached[1]
    if plan.mode_before != plan.mode_after:
        retracts = rev.retracts and not dim.multi
        change = ModeChange(
            seq, rev.occurred_at, plan.mode_before, plan.mode_after, retracts=retracts
        )
        steps = (*steps, change)
    dim.trail_cache = (dim.version, steps)


def note_fold(dim: Dimension) -> None:
    """After a revision folded in order: a dimension that keeps marks marks every _EVERY
    operations, and thins the marks that fall out of the last _RECENT to every _SPARSE."""
    marks = dim.marks
    if marks is None or len(dim.ops) % _EVERY:
        return
    last = dim.ops[-1]
    if isinstance(last, RevisionOp):
        key = (last.revision.occurred_at, last.seq)
        marks.append(Mark(len(dim.ops), key, tuple(_copied(getattr(dim, f)) for f in _STATE)))
    old = len(dim.ops) - _RECENT
    if old > 0 and old % _SPARSE:
        for i in range(len(marks) - 1, -1, -1):
            if marks[i].at <= old:
                if marks[i].at == old:
                    del marks[i]
                break


def _resume(dim: Dimension, ordered: list[Op], key: tuple[datetime, int]) -> Dimension:
    """A fresh dimension holding ``dim``'s state at its last mark before ``key`` (one that
    ``ordered``, ``dim``'s operations with more inserted at or after ``key``, shares).

    It keeps the mode trail of that state (see BeliefStore.mode_trail) when it can: empty
    from the start, ``dim``'s own up to the mark when ``dim``'s is known. Each fold of the
    refold then extends it (:func:`extend_trail`), so a refolded belief's first read finds
    its trail instead of folding its whole history again.
    """
    out = dim.fresh_copy()
    out.trail_cache = (out.version, ())
    marks = dim.marks
    if marks is None or (not marks and any(isinstance(op, MergeOp) for op in ordered)):
        return out  # no marks: from the start (a merge mixes states: from the start too)
    out.marks = []
    at = next((m for m in reversed(marks) if m.key < key), None)
    if at is None:
        return out
    for f, v in zip(_STATE, at.state, strict=True):
        setattr(out, f, _copied(v))
    out.ops, out.deltas = list(ordered[: at.at]), list(dim.deltas[: at.at])
    out.marks = [m for m in marks if m.at <= at.at]
    out.trail_cache = _trail_until(dim, at.key, out.version)
    return out


def _trail_until(dim: Dimension, key: tuple[datetime, int], version: int) -> TrailCache | None:
    """The mode changes of ``dim``'s operations up to fold-order ``key``, as the trail cache
    of a dimension at ``version``; None when ``dim``'s trail is not known (a read works it
    out)."""
    from nousmem.projections.history import ModeChange  # history imports this module

    cached = dim.trail_cache
    if cached is None or cached[0] != dim.version:
        return None
    kept: list[ModeChange | MergedTrail] = []
    for c in cached[1]:
        if not isinstance(c, ModeChange):
            return None  # a merge's (marks are only kept without one)
        if (c.occurred_at, c.seq) <= key:
            kept.append(c)
    return (version, tuple(kept))


def _refold(dim: Dimension, ordered: list[Op], key: tuple[datetime, int]) -> Dimension:
    """``dim`` folded again with ``ordered`` (its operations plus those inserted at or after
    ``key``, in fold order), from its last mark before ``key``."""
    out = _resume(dim, ordered, key)
    _fold_in(out, ordered[len(out.ops) :], len(ordered))
    return out


def _fold_in(out: Dimension, ops: list[Op], end: int) -> None:
    """Fold ``ops`` into ``out``, a refold that ends with ``end`` operations. No mark is
    taken where :func:`note_fold` would thin it out before the refold ends (a history
    refolded from its start would copy its state every _EVERY operations, not _SPARSE)."""
    for op in ops:
        marks, n = out.marks, len(out.ops) + 1
        if marks is not None and isinstance(op, RevisionOp) and n % _SPARSE and n <= end - _RECENT:
            out.marks = None
            _apply(out, op)
            out.marks = marks
        else:
            _apply(out, op)


def _apply(out: Dimension, op: Op) -> None:
    if isinstance(op, MergeOp):
        from nousmem.projections.identity import absorb  # identity imports dimension

        absorb(out, op.other, seq=op.seq, event_id=op.event_id, occurred_at=op.occurred_at)
        return
    out.fold(op.revision, seq=op.seq, event_id=op.event_id)
    out.ops[-1] = op  # the op itself: it keeps ``counts_from``


def now_value(dim: Dimension, rev: Revision) -> str | None:
    """What a fold reports as the mode for ``rev``: the single value ``dim`` holds (None
    when none, or "unknown", leads); for a multi-valued one, ``rev``'s value if held."""
    if dim.support == 0 or not dim.labels:
        return None
    if dim.multi:
        idx = dim.index.get(match_key(rev.value))
        if idx is None:
            return None
        held = float(bn.presence(dim.alpha[idx : idx + 1], dim.beta[idx : idx + 1])[0]) > 0.5
        return dim.labels[idx] if held else None
    from nousmem.projections.dimension_single import SINK

    top = int(np.argmax(dim.p))
    return None if dim.keys[top] == SINK else dim.labels[top]


PENDING_SEQ = 1 << 62
"""The seq a revision not yet recorded (planned, or a preview's scratch commit) folds at:
after everything recorded at the same time, as its real seq will."""


def _marking(dim: Dimension) -> Dimension:
    """``dim`` as a dimension keeping marks (none yet): a first refold starts keeping them."""
    view = copy.copy(dim)
    view.marks = []
    return view


def plan_back_dated(dim: Dimension, rev: Revision, *, outcome: bool) -> Plan:
    """The plan of back-dated ``rev`` on ``dim`` (see the module docstring)."""
    plan = dim.plan_on_current(rev, outcome=outcome)
    pending = RevisionOp(PENDING_SEQ, "", rev)
    ordered = _with(dim, pending)
    key = (rev.occurred_at, PENDING_SEQ)
    # One refold: it passes through the state held at the revision's date (the past the
    # outcome reports) on its way to the state with the revision folded in.
    replayed = _resume(dim if dim.marks is not None else _marking(dim), ordered, key)
    # By identity: a scratch commit of an equal revision (the same claim twice in one
    # write) is an equal operation, and this one folds after it.
    place = next(i for i, op in enumerate(ordered) if op is pending)
    _fold_in(replayed, ordered[len(replayed.ops) : place], len(ordered))
    then: str | None = None
    if plan.outcome is not None:  # a fold's own plan (a rebuild's) reports nothing
        then = now_value(replayed, rev)
        if not plan.outcome.contradiction:
            # No contradiction of the belief held now; one of the belief held at its date
            # is judged as such (a low-trust source must not rewrite an established past
            # by dating a claim there that agrees with the present).
            at_date = replayed.plan_on_current(rev, outcome=True).outcome
            if at_date is not None and at_date.contradiction:
                # ``mode_before`` stays the belief's now, as a fold (no outcome) reports it.
                outcome_now = at_date.model_copy(update={"mode_before": plan.mode_before})
                plan = replace(plan, outcome=outcome_now)
    _fold_in(replayed, ordered[place:], len(ordered))
    # The fold of this very revision on this very state (as Dimension.remember) reuses it.
    dim.replayed = (rev, dim.version, replayed)
    after = now_value(replayed, rev)
    if plan.outcome is not None:
        plan.outcome = plan.outcome.model_copy(
            update={
                "mode_after": after,
                "adopted": plan.mode_before != after,
                "back_dated": True,
                "held_at_date": then,
            }
        )
    return replace(plan, mode_after=after)


def fold_back_dated(
    dim: Dimension, rev: Revision, *, seq: int, event_id: str, counts_from: datetime | None
) -> None:
    """Record back-dated ``rev`` in ``dim`` and fold its whole history again, in place."""
    if seq <= 0:  # a preview's scratch commit: after everything recorded, as the real one
        seq = PENDING_SEQ
    op = RevisionOp(seq, event_id, rev, counts_from)
    memo = dim.replayed
    if memo is not None and memo[0] is rev and memo[1] == dim.version and seq < PENDING_SEQ:
        # Planned on this state: the replay folded it at the same place (the largest seq
        # sorts last among equal times, as ``seq`` does), under a placeholder seq and id.
        out = memo[2]
        out.ops = [op if o.seq == PENDING_SEQ else o for o in out.ops]
        out.deltas = [(event_id, seq, *d[2:]) if d[1] == PENDING_SEQ else d for d in out.deltas]
        if out.marks is not None:
            out.marks = [
                replace(m, key=(m.key[0], seq)) if m.key[1] == PENDING_SEQ else m for m in out.marks
            ]
        if out.trail_cache is not None:
            version, steps = out.trail_cache
            out.trail_cache = (
                version,
                tuple(replace(c, seq=seq) if c.seq == PENDING_SEQ else c for c in steps),
            )
    else:
        ordered = _with(dim, op)
        out = _refold(
            dim if dim.marks is not None else _marking(dim), ordered, (rev.occurred_at, seq)
        )
    out.compressed_seq, out.compressed_at = dim.compressed_seq, dim.compressed_at
    out.reordered = max(seq, dim.reordered or 0)
    dim.adopt(out)
