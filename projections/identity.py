"""Identity resolution (paper Eq. 6) and accepted merges of two entities' dimensions.

The projection only *ranks* candidates; deciding that "Bob" and "Robert Smith" are one person
is a policy decision that arrives as a journaled merge, which :func:`absorb` then folds in.
"""

from __future__ import annotations

from datetime import datetime

import numpy as np

from nousmem.projections import bernoulli as bn
from nousmem.projections import categorical as cat
from nousmem.projections.belief_models import BeliefParams
from nousmem.projections.dimension import Dimension
from nousmem.projections.repeats import merge_tallies
from nousmem.projections.revision import MergeOp


def belief_view(dim: Dimension) -> dict[str, float]:
    """Value key -> probability (single) or presence probability (multi)."""
    probs = bn.presence(dim.alpha, dim.beta) if dim.multi else dim.p
    return {k: float(probs[i]) for i, k in enumerate(dim.keys)}


def divergence_bits(a: Dimension, b: Dimension, params: BeliefParams) -> float:
    """Symmetrised KL between two beliefs about the same attribute (one term of Eq. 6)."""
    if a.multi:
        default = params.prior_alpha / (params.prior_alpha + params.prior_beta)
        return bn.sym_kl_bits(
            belief_view(a), belief_view(b), default=default, smoothing=params.identity_smoothing
        )
    return cat.sym_kl_bits(belief_view(a), belief_view(b), smoothing=params.identity_smoothing)


def entity_divergence(
    dims_a: dict[str, Dimension], dims_b: dict[str, Dimension], params: BeliefParams
) -> tuple[float, tuple[str, ...]]:
    """Eq. 6: summed symmetrised KL over shared attributes, and the shared attributes."""
    shared = tuple(sorted(set(dims_a) & set(dims_b)))
    total = 0.0
    for attr in shared:
        total += divergence_bits(dims_a[attr], dims_b[attr], params)
    return total, shared


def _decay_to(dim: Dimension, t: float) -> None:
    if dim.last_t is None or t <= dim.last_t:
        return
    dt = t - dim.last_t
    if dim.multi:
        prior = (dim.params.prior_alpha, dim.params.prior_beta)
        dim.alpha, dim.beta = bn.decay(dim.alpha, dim.beta, prior, dim.lam, dt)
    elif dim.p.size:
        keep = cat.kept_fraction(dim.lam, dt)
        dim.p = cat.decay(dim.p, dim.lam, dt)
        dim.ghost = keep * dim.ghost + (1.0 - keep) / (dim.p.size + 1)
    dim.last_t = t


def absorb(
    keep: Dimension,
    other: Dimension,
    *,
    seq: int,
    event_id: str,
    occurred_at: datetime | None = None,
) -> None:
    """Fold ``other`` (same attribute, absorbed entity) into ``keep`` in place, by the merge
    at ``seq`` dated ``occurred_at``.

    ``other`` is left untouched. Both are first decayed to the later of their last updates.
    Single-valued: the support-weighted mixture of the two posteriors (the paper's merge).
    Multi-valued: the Beta evidence is pooled, since both bodies of evidence describe the same
    entity; that is the support-weighted combination for a Beta.
    """
    prm = keep.params
    keep.version += 1  # any plan remembered for ``keep`` is stale from here on
    times = [t for t in (keep.last_t, other.last_t) if t is not None]
    t = max(times) if times else None
    src = other.fresh_copy()
    _copy_state(other, src)
    if t is not None:
        _decay_to(keep, t)
        _decay_to(src, t)
    mapping: list[int] = []
    for key, label in zip(src.keys, src.labels, strict=True):
        idx = keep.index.get(key)
        if idx is None:
            idx = len(keep.keys)
            keep.index[key] = idx
            keep.keys.append(key)
            keep.labels.append(label)
            if keep.multi:
                keep.value_support.append(0)
                keep.alpha = np.append(keep.alpha, prm.prior_alpha)
                keep.beta = np.append(keep.beta, prm.prior_beta)
            else:
                keep.p = np.append(keep.p, 0.0)
        mapping.append(idx)
    where = np.array(mapping, dtype=np.intp)
    if keep.multi:
        alpha, beta = keep.alpha.copy(), keep.beta.copy()
        alpha[where] += src.alpha - prm.prior_alpha
        beta[where] += src.beta - prm.prior_beta
        keep.alpha, keep.beta = alpha, beta
        for j, idx in enumerate(mapping):
            keep.value_support[idx] += src.value_support[j]
    else:
        total = keep.support + src.support
        mixed = keep.p * (keep.support / total)
        mixed[where] += src.p * (src.support / total)
        ghost = (keep.ghost * keep.support + src.ghost * src.support) / total
        raised = np.maximum(mixed, prm.probability_floor)
        scale = float(raised.sum())
        keep.p = raised / scale
        keep.ghost = max(ghost / scale, prm.probability_floor)
    _merge_bookkeeping(keep, src, t, seq, occurred_at)
    if other.reordered is not None:  # its recorded mode changes are no history either
        keep.reordered = max(other.reordered, keep.reordered or 0)
    keep.marks = None  # a merged state is no prefix of a refold (see backdated.Mark)
    keep.ops.append(MergeOp(seq, event_id, other, occurred_at))


def _copy_state(a: Dimension, b: Dimension) -> None:
    b.keys, b.labels, b.index = list(a.keys), list(a.labels), dict(a.index)
    b.p, b.alpha, b.beta = a.p.copy(), a.alpha.copy(), a.beta.copy()
    b.ghost = a.ghost
    b.value_support = list(a.value_support)
    b.last_t, b.updated_at, b.support = a.last_t, a.updated_at, a.support
    b.counters, b.stances = dict(a.counters), dict(a.stances)
    b.observed = dict(a.observed)
    b.deltas = list(a.deltas)
    b.compressed_seq, b.compressed_at = a.compressed_seq, a.compressed_at


def _merge_bookkeeping(
    keep: Dimension, src: Dimension, t: float | None, seq: int, occurred_at: datetime | None
) -> None:
    merge_tallies(keep.counters, keep.stances, src.counters, src.stances, keep.params)
    for key, (label, first, last) in src.observed.items():
        seen = keep.observed.get(key)
        if seen is None:
            keep.observed[key] = (label, first, last)
        else:
            keep.observed[key] = (seen[0], min(seen[1], first), max(seen[2], last))
    # Stable sort: for equal seq the kept entity's rows stay first, live and on refold.
    keep.deltas = sorted([*keep.deltas, *src.deltas], key=lambda row: row[1])
    if src.updated_at is not None and (
        keep.updated_at is None or src.updated_at.timestamp() > keep.updated_at.timestamp()
    ):
        keep.updated_at = src.updated_at
    keep.last_t = t
    keep.support += src.support
    keep.streak = 0
    if src.compressed_seq is not None:
        # Through the merge, the absorbed side's compression only shows from the merge on,
        # in journal order and in event time.
        via = max(src.compressed_seq, seq)
        if keep.compressed_seq is None or via < keep.compressed_seq:
            keep.compressed_seq = via
            keep.compressed_at = _later(src.compressed_at, occurred_at)


def _later(a: datetime | None, b: datetime | None) -> datetime | None:
    if a is None or b is None:
        return a if b is None else b
    return max(a, b)
