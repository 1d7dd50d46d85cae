"""The multi-valued half of a belief revision: planning one Beta-Bernoulli update.

A multi-valued dimension keeps one Beta-Bernoulli per value (see :mod:`.bernoulli`). A
revision decays them all, then updates its value's with the same weight and repeat discount
as the single-valued path, after a flip hazard when the claim contradicts whether the value
currently holds ("no longer plays tennis"). Split from ``dimension.py``, whose
:meth:`~.dimension.Dimension.plan` calls it and whose :meth:`~.dimension.Dimension.commit`
installs the plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from nousmem.projections import bernoulli as bn
from nousmem.projections.belief_models import Revision
from nousmem.projections.categorical import FloatArray
from nousmem.projections.repeats import Tally
from nousmem.projections.revision import Plan, build_outcome, ranked

if TYPE_CHECKING:
    from nousmem.projections.dimension import Dimension

# A multi-valued plan carries no categorical vector.
_EMPTY: FloatArray = np.zeros(0, dtype=np.float64)


def plan_multi(
    dim: Dimension,
    rev: Revision,
    t: float,
    dt: float,
    vkey: str,
    r_eff: float,
    counts: Tally,
    full: bool,
) -> Plan:
    """What ``rev`` would do to the multi-valued ``dim`` (see :meth:`Dimension.plan`)."""
    prm = dim.params
    beta_prior = (prm.prior_alpha, prm.prior_beta)
    alpha, beta = bn.decay(dim.alpha, dim.beta, beta_prior, dim.lam, dt)
    labels = dim.labels
    added: list[tuple[str, str]] = []
    idx = dim.index.get(vkey)
    value_support = 0
    if idx is None:
        alpha = np.append(alpha, prm.prior_alpha)
        beta = np.append(beta, prm.prior_beta)
        labels = [*dim.labels, rev.value]
        added.append((vkey, rev.value))
        idx = alpha.size - 1
    else:
        value_support = dim.value_support[idx]
    prior_means = bn.presence(alpha, beta)
    m_before = float(prior_means[idx])
    held_before = m_before > 0.5
    contradicts = (rev.polarity == "assert") != held_before
    hazard = 0.0
    a_i, b_i = float(alpha[idx]), float(beta[idx])
    if contradicts and value_support > 0:
        hazard = min(prm.max_hazard, dim._claim_hazard(r_eff, rev.change))
        a_i, b_i = bn.flip(a_i, b_i, beta_prior, hazard)
    a_i, b_i = bn.observe(a_i, b_i, r_eff**prm.evidence_exponent, rev.polarity)
    alpha = alpha.copy()
    beta = beta.copy()
    alpha[idx], beta[idx] = a_i, b_i
    post_means = bn.presence(alpha, beta)
    m_after = float(post_means[idx])
    surprise = bn.claim_surprise_bits(m_before, rev.polarity)
    before_label = labels[idx] if held_before else None
    after_label = labels[idx] if m_after > 0.5 else None
    outcome = None
    if full:
        established = (
            max(m_before, 1.0 - m_before) >= prm.established_probability
            and value_support >= prm.established_support
        )
        outcome = build_outcome(
            dim._head(),
            rev,
            label=labels[idx],
            prior=ranked(labels, prior_means),
            posterior=ranked(labels, post_means),
            surprise=surprise,
            entropy_before=bn.binary_entropy_bits(m_before),
            entropy_after=bn.binary_entropy_bits(m_after),
            kl=bn.kl_bits(m_after, m_before),
            r_eff=r_eff,
            hazard=hazard,
            mode_before=before_label,
            mode_after=after_label,
            contradiction=established and contradicts,
            established=established,
        )
    dim_entropy = bn.mean_entropy_bits(post_means)
    return Plan(
        outcome, added, _EMPTY, alpha, beta, idx, t, counts, dim_entropy, 0.0,
        labels[idx], float(surprise), before_label, after_label,
    )  # fmt: skip
