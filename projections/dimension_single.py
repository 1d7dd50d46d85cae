"""The single-valued half of a belief revision: planning one categorical update (decay,
extend, repeat discount, change point, Bayes; see ``dimension.py`` for the steps). Split from
``dimension.py``, whose :meth:`~.dimension.Dimension.plan` calls it and whose
:meth:`~.dimension.Dimension.commit` installs the plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from nousmem.projections import bernoulli as bn
from nousmem.projections import categorical as cat
from nousmem.projections.belief_models import UNKNOWN, Revision, match_key
from nousmem.projections.categorical import FloatArray
from nousmem.projections.repeats import Tally
from nousmem.projections.revision import Plan, build_outcome, ranked

if TYPE_CHECKING:
    from nousmem.projections.dimension import Dimension

__all__ = ["SINK", "plan_single"]

#: The match key of the "unknown" value a negation's mass flows to.
SINK = match_key(UNKNOWN)
_EMPTY: FloatArray = np.zeros(0, dtype=np.float64)


def plan_single(
    dim: Dimension,
    rev: Revision,
    t: float,
    dt: float,
    vkey: str,
    r_eff: float,
    counts: Tally,
    full: bool,
) -> Plan:
    """What ``rev`` would do to the single-valued ``dim`` (see :meth:`Dimension.plan`)."""
    prm = dim.params
    eps = prm.epsilon
    fresh = dim.p.size == 0
    keep = cat.kept_fraction(dim.lam, dt)
    p = cat.decay(dim.p, dim.lam, dt)
    ghost = dim.ghost
    if not fresh:
        # Decay treats the ghost as one more value drifting toward the uniform share.
        ghost = keep * ghost + (1.0 - keep) / (dim.p.size + 1)
    added: list[tuple[str, str]] = []
    labels = dim.labels
    # Whether the current mode is established is judged among the values already known:
    # the entry mass a newcomer is granted must not unsettle an established belief.
    known = p / float(p.sum()) if p.size else p

    def add(key: str, label: str, least: bool = False) -> int:
        # Eq. 1 with a fair entry: a new value gets at least eps, and never less than a
        # never-mentioned value would hold after the same evidence (the ghost), so a
        # belief built from weak claims does not lock out the first strong one.
        # ``least``: eps only (see the denial of a value never named, below).
        nonlocal p, labels, ghost
        mass = 1.0 if p.size == 0 else (eps if least else max(ghost, eps))
        total = float(p.sum()) + mass
        p = np.append(p, mass) / total
        ghost /= total
        if labels is dim.labels:
            labels = list(dim.labels)
        added.append((key, label))
        labels.append(label)
        return p.size - 1

    sink = dim.index.get(SINK)
    if rev.polarity == "negate" and sink is None and fresh:
        sink = add(SINK, UNKNOWN)
    idx = dim.index.get(vkey)
    is_new = idx is None
    # Denying a value never named ("I don't live in Paris" while Rome is held) agrees
    # with what is believed: the value and "unknown" enter at eps, not at the ghost's
    # share each, which would take a fifth of an established value's mass for a claim
    # that supports it (and lift the surprise gate that protects it).
    quiet = rev.polarity == "negate" and is_new and not fresh
    if idx is None:
        idx = add(vkey, rev.value, least=quiet)
    if rev.polarity == "negate" and sink is None:
        sink = add(SINK, UNKNOWN, least=quiet)

    prior_labels = labels
    prior = p
    ghost_prior = ghost
    if fresh and rev.polarity == "assert":
        # Report the empty belief as all mass on "unknown" so surprise, KL and the prior
        # tell the same story for a first value as for any other novel one (Eq. 1).
        prior_labels = [UNKNOWN, rev.value]
        prior = np.array([1.0, eps], dtype=np.float64) / (1.0 + eps)
        surprise = cat.surprise_bits(p, None, eps)
    else:
        surprise = _claim_surprise(float(prior[idx]), rev.polarity)

    mode_before = int(np.argmax(p)) if not fresh else -1
    support_ok = dim.support >= prm.established_support
    established = (
        mode_before >= 0
        and mode_before != sink
        and mode_before < known.size
        and float(known[mode_before]) >= prm.established_probability
        and support_ok
    )
    work = p
    if is_new and rev.polarity == "assert" and sink is not None:
        # "Unknown" stands for all values not named yet; the next new name inherits it.
        work = p.copy()
        work[idx] += work[sink]
        work[sink] = 0.0
    mode_work = int(np.argmax(work))
    contradicts = (rev.polarity == "assert" and idx != mode_work) or (
        rev.polarity == "negate" and idx == mode_work
    )
    hazard = 0.0
    if contradicts and work.size >= 2:
        h_time = prm.time_hazard * (1.0 - cat.kept_fraction(dim.lam, dt))
        h_claim = dim._claim_hazard(r_eff, rev.change)
        hazard = min(prm.max_hazard, 1.0 - (1.0 - h_time) * (1.0 - h_claim))
        target = np.zeros_like(work)
        if rev.polarity == "negate" and sink is not None:
            target[sink] = 1.0
        else:
            target[:] = 1.0 / (work.size - 1)
            target[mode_work] = 0.0
        work = cat.mix(work, target, hazard)
        ghost *= 1.0 - hazard
    weight = r_eff**prm.evidence_exponent
    lik = cat.likelihood(work.size, idx, weight, rev.polarity)
    joint = work * lik
    evidence = float(joint.sum())
    ghost *= cat.other_likelihood(work.size, weight, rev.polarity) / evidence
    post = joint / evidence
    raised = np.maximum(post, prm.probability_floor)
    scale = float(raised.sum())
    post = raised / scale
    ghost = max(ghost / scale, prm.probability_floor)
    mode_after = int(np.argmax(post))
    entropy_after = cat.entropy_bits(post)
    before_label = None if mode_before < 0 or mode_before == sink else labels[mode_before]
    after_label = None if mode_after == sink else labels[mode_after]
    outcome = None
    if full:
        if fresh and rev.polarity == "assert":
            kl = cat.kl_bits(np.array([0.0, 1.0], dtype=np.float64), prior)
        else:
            kl = cat.kl_bits(post, prior)
        # The open-world remainder is part of what a revision moves: a restatement of the
        # only value named shrinks the room a never-named one has, which the named values
        # alone (all mass on it before and after) cannot show.
        open_kl = None if fresh else cat.kl_bits(_open(post, ghost), _open(prior, ghost_prior))
        outcome = build_outcome(
            dim._head(),
            rev,
            label=labels[idx],
            prior=ranked(prior_labels, prior),
            posterior=ranked(labels, post),
            surprise=surprise,
            entropy_before=cat.entropy_bits(prior),
            entropy_after=entropy_after,
            kl=kl,
            r_eff=r_eff,
            hazard=hazard,
            mode_before=before_label,
            mode_after=after_label,
            contradiction=established and contradicts and mode_before == mode_work,
            established=established,
            open_kl=open_kl,
        )
    return Plan(
        outcome, added, post, _EMPTY, _EMPTY, idx, t, counts, entropy_after, ghost,
        labels[idx], float(surprise), before_label, after_label,
    )  # fmt: skip


def _claim_surprise(p_obs: float, polarity: str) -> float:
    return bn.claim_surprise_bits(p_obs, "assert" if polarity == "assert" else "negate")


def _open(p: FloatArray, ghost: float) -> FloatArray:
    """``p`` with the ghost as one more value, normalised (the open-world distribution)."""
    out: FloatArray = np.append(p, ghost) / (float(p.sum()) + ghost)
    return out
