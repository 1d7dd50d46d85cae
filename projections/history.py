"""Reading a dimension: snapshots, and refolding its own history for as-of reads.

An as-of read rebuilds just the one dimension from its recorded operations (revisions and
accepted merges), keeping those with ``seq <= as_of_seq`` and ``occurred_at <= as_of_time``
(a promoted held claim also waits for its promotion's event time: see
:class:`~.revision.RevisionOp`). A merge and a compression are events with an event time like
any other: a read as of a time before one sees the belief as it was without it. The live
path never calls this; it costs O(history of that dimension).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from nousmem.projections import bernoulli as bn
from nousmem.projections import categorical as cat
from nousmem.projections.backdated import event_order
from nousmem.projections.belief_models import (
    BeliefDelta,
    BeliefSnapshot,
    ObservedValue,
    match_key,
)
from nousmem.projections.dimension import Dimension
from nousmem.projections.dimension_single import SINK
from nousmem.projections.identity import absorb
from nousmem.projections.revision import MergeOp, dated_by, days, ranked


@dataclass(frozen=True, slots=True)
class ModeChange:
    """A refolded revision that moved a single-valued belief's mode, or took the value it
    revised of a multi-valued one in or out of ``held`` (``before``/``after``: the value
    while held, else None)."""

    seq: int
    occurred_at: datetime
    before: str | None
    after: str | None
    kept: bool = False
    """A merge's change whose ``after`` one side held already (it took no slot there)."""
    retracts: bool = False
    """A single value's correction: ``before`` is taken back (see
    :func:`~.supersession.note_change`)."""


@dataclass(frozen=True, slots=True)
class MergedTrail:
    """The mode changes of a dimension absorbed by an accepted merge at ``seq``."""

    seq: int
    changes: tuple[ModeChange | MergedTrail, ...]


Trail = list[ModeChange | MergedTrail]


def refold(
    dim: Dimension,
    *,
    as_of_seq: int | None,
    as_of_time: datetime | None,
    trail: Trail | None = None,
) -> Dimension | None:
    """Rebuild ``dim`` from the operations that pass the filters; ``None`` if nothing does.

    ``trail``, when given, receives the mode changes of the refold (see :class:`ModeChange`),
    in order: an as-of read works supersession and list spans out from them, as the live fold
    records them.
    """
    out = dim.fresh_copy()
    for op in event_order(dim.ops):  # as the live fold (see .backdated)
        if as_of_seq is not None and op.seq > as_of_seq:
            continue
        if isinstance(op, MergeOp):
            if not dated_by(op.occurred_at, as_of_time):
                continue
            inner: Trail | None = None if trail is None else []
            sub = refold(op.other, as_of_seq=as_of_seq, as_of_time=as_of_time, trail=inner)
            # The single values the sides held, one spelling each ("Acme" and "ACME" are one).
            sides: dict[str, str] = {}
            for m in () if out.multi else (_mode(out), _mode(sub)):
                if m is not None:
                    sides.setdefault(match_key(m), m)
            held = list(sides.values())
            if sub is not None:
                absorb(out, sub, seq=op.seq, event_id=op.event_id, occurred_at=op.occurred_at)
            if trail is not None and inner:
                trail.append(MergedTrail(op.seq, tuple(inner)))
            if trail is not None and op.occurred_at is not None:
                # As the live fold records it (runtime/merge_fold.py): a single value a side
                # held that the merged belief does not lost the slot at the merge.
                after = _mode(out)
                kept = after is not None and match_key(after) in {match_key(m) for m in held}
                for before in held:
                    if after is None or match_key(before) != match_key(after):
                        trail.append(ModeChange(op.seq, op.occurred_at, before, after, kept))
            continue
        rev = op.revision
        if op.counted_by(as_of_time):
            plan = out.fold(rev, seq=op.seq, event_id=op.event_id)
            if trail is not None and plan.mode_before != plan.mode_after:
                retracts = rev.retracts and not out.multi
                trail.append(
                    ModeChange(
                        op.seq,
                        rev.occurred_at,
                        plan.mode_before,
                        plan.mode_after,
                        retracts=retracts,
                    )
                )
    if out.support == 0:
        return None
    # A compression shows from the seq it was recorded at and from its own event time.
    live = dim.compressed_seq
    shown = (
        live is not None
        and (as_of_seq is None or live <= as_of_seq)
        and dated_by(dim.compressed_at, as_of_time)
    )
    out.compressed_seq, out.compressed_at = (live, dim.compressed_at) if shown else (None, None)
    return out


def _mode(dim: Dimension | None) -> str | None:
    """The single value ``dim`` holds now (None: none, or "unknown" leads)."""
    if dim is None or dim.multi or dim.support == 0 or not dim.labels:
        return None
    top = int(np.argmax(dim.p))
    return None if dim.keys[top] == SINK else dim.labels[top]


def held_values(dim: Dimension, *, as_of_time: datetime | None = None) -> tuple[str, ...]:
    """The values ``dim`` holds, as :func:`snapshot` gives them in ``held`` (decayed up to
    ``as_of_time``), without building the rest of a snapshot."""
    if dim.updated_at is None or dim.last_t is None:
        return ()
    if as_of_time is None:
        # Asked of nearly every message: kept while the dimension is unchanged.
        cached = dim.held_cache
        if cached is None or cached[0] != dim.version:
            cached = dim.held_cache = (dim.version, _held(dim, 0.0))
        return cached[1]
    return _held(dim, days(as_of_time) - dim.last_t)


def _held(dim: Dimension, dt: float) -> tuple[str, ...]:
    if dim.multi:
        prior = (dim.params.prior_alpha, dim.params.prior_beta)
        alpha, beta = bn.decay(dim.alpha, dim.beta, prior, dim.lam, dt)
        return tuple(label for label, m in ranked(dim.labels, bn.presence(alpha, beta)) if m > 0.5)
    p = cat.decay(dim.p, dim.lam, dt)
    top = int(np.argmax(p))
    return () if dim.keys[top] == SINK else (dim.labels[top],)


def folds_all_by(dim: Dimension, as_of_time: datetime) -> bool:
    """Whether a refold of ``dim`` as of ``as_of_time`` is ``dim`` itself: every revision
    counted by then, from its claim's own time, and no merge (whose side refolds apart)."""
    if dim.last_t is None or days(as_of_time) < dim.last_t:
        return False
    return all(
        not isinstance(op, MergeOp) and op.counts_from is None and op.counted_by(as_of_time)
        for op in dim.ops
    )


def snapshot(
    dim: Dimension, *, as_of_time: datetime | None = None, deltas: bool = True
) -> BeliefSnapshot:
    """Render a dimension; with ``as_of_time`` the belief is decayed up to that time.

    ``deltas=False`` leaves the revision history out: reads on hot paths then cost O(|V|),
    not O(history).
    """
    if dim.updated_at is None or dim.last_t is None:
        raise ValueError("cannot snapshot an empty dimension")
    dt = 0.0 if as_of_time is None else days(as_of_time) - dim.last_t
    mode: str | None
    if dim.multi:
        prior = (dim.params.prior_alpha, dim.params.prior_beta)
        alpha, beta = bn.decay(dim.alpha, dim.beta, prior, dim.lam, dt)
        means = bn.presence(alpha, beta)
        distribution = ranked(dim.labels, means)
        held = tuple(label for label, m in distribution if m > 0.5)
        mode = None
        entropy = math.fsum(bn.entropies_bits(means))
    else:
        p = cat.decay(dim.p, dim.lam, dt)
        distribution = ranked(dim.labels, p)
        top = int(np.argmax(p))
        mode = None if dim.keys[top] == SINK else dim.labels[top]
        held = () if mode is None else (mode,)
        entropy = cat.entropy_bits(p)
    observed = sorted(dim.observed.values(), key=lambda o: (o[1].timestamp(), o[0]))
    return BeliefSnapshot(
        entity=dim.entity,
        attribute=dim.spec.name,
        cardinality=dim.spec.cardinality,
        mode=mode,
        held=held,
        distribution=tuple(distribution),
        entropy_bits=entropy,
        observed_values=tuple(
            ObservedValue(value=label, first_seen=first, last_seen=last)
            for label, first, last in observed
        ),
        deltas=tuple(
            BeliefDelta(
                event_id=event_id,
                seq=seq,
                occurred_at=when,
                value=value,
                polarity="assert" if polarity == "assert" else "negate",
                surprise_bits=surprise,
            )
            for event_id, seq, when, value, polarity, surprise in (dim.deltas if deltas else ())
        ),
        support=dim.support,
        compressed=dim.compressed_seq is not None,
        updated_at=dim.updated_at,
    )
