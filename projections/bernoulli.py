"""Beta-Bernoulli beliefs for multi-valued attributes (one independent belief per value).

The paper names this its highest-priority missing piece: a categorical is unimodal, so "what
activities does X do" can only return one answer. Here each value ``v`` of a multi-valued
dimension carries its own ``Beta(alpha, beta)`` over "v holds": an asserting claim of
reliability ``r`` adds ``r`` pseudo-observations to ``alpha``, a negating claim adds ``r`` to
``beta``. The presence probability is the Beta mean and a value *holds* when it exceeds 0.5.

Decay (the Bernoulli form of Eq. 4) shrinks the evidence toward the prior by ``lambda ** dt``,
so an unreinforced value drifts back to "don't know" rather than to "false".
"""

from __future__ import annotations

import math

from nousmem.projections.categorical import FloatArray, Polarity, kept_fraction


def presence(alpha: FloatArray, beta: FloatArray) -> FloatArray:
    """Probability that each value holds (the Beta mean)."""
    out: FloatArray = alpha / (alpha + beta)
    return out


def decay(
    alpha: FloatArray,
    beta: FloatArray,
    prior: tuple[float, float],
    lam: float,
    dt_days: float,
) -> tuple[FloatArray, FloatArray]:
    """Shrink ``(alpha, beta)`` toward ``prior`` by ``lambda ** dt``; ``dt <= 0`` keeps all."""
    keep = kept_fraction(lam, dt_days)
    if keep >= 1.0:
        return alpha.copy(), beta.copy()
    a0, b0 = prior
    return a0 + keep * (alpha - a0), b0 + keep * (beta - b0)


def observe(
    alpha: float, beta: float, reliability: float, polarity: Polarity
) -> tuple[float, float]:
    """Add one claim of the given reliability as a fractional pseudo-observation."""
    if not 0.0 <= reliability <= 1.0:
        raise ValueError("reliability must be in [0, 1]")
    if polarity == "assert":
        return alpha + reliability, beta
    return alpha, beta + reliability


def flip(
    alpha: float, beta: float, prior: tuple[float, float], hazard: float
) -> tuple[float, float]:
    """Change-point transition: with probability ``hazard`` the value's presence flipped.

    The mixture of "unchanged" and "flipped" is not a Beta, so we moment-match its mean
    ``(1 - h) m + h (1 - m)`` and shrink the evidence (pseudo-count above the prior) by
    ``1 - h``: a likely change makes the old evidence less binding.
    """
    if not 0.0 <= hazard <= 1.0:
        raise ValueError("hazard must be in [0, 1]")
    if hazard == 0.0:
        return alpha, beta
    n0 = prior[0] + prior[1]
    n = alpha + beta
    m = alpha / n
    m_new = (1.0 - hazard) * m + hazard * (1.0 - m)
    n_new = n0 + (1.0 - hazard) * (n - n0)
    return m_new * n_new, (1.0 - m_new) * n_new


def claim_probability(mean: float, polarity: Polarity) -> float:
    """Probability the belief gave to the claim: ``m`` for an assertion, ``1 - m`` otherwise."""
    return mean if polarity == "assert" else 1.0 - mean


def claim_surprise_bits(mean: float, polarity: Polarity) -> float:
    """Surprise ``-log2 P(claim)`` in bits under the current presence probability."""
    prob = claim_probability(mean, polarity)
    if prob <= 0.0:
        return math.inf
    return max(0.0, -math.log2(prob))


def binary_entropy_bits(mean: float) -> float:
    """Entropy of a Bernoulli in bits."""
    if mean <= 0.0 or mean >= 1.0:
        return 0.0
    return max(0.0, -(mean * math.log2(mean) + (1.0 - mean) * math.log2(1.0 - mean)))


_LOW, _HIGH = 1e-300, 1.0 - 1e-16  # where entropies_bits clips a mean


def entropies_bits(means: FloatArray) -> list[float]:
    """Binary entropy of each presence probability (means clipped to ``[1e-300, 1 - 1e-16]``).

    ``math.log2``, not numpy's: see :func:`.categorical.entropy_bits`."""
    log2 = math.log2
    out = []
    for x in means.tolist():
        m = _LOW if x < _LOW else (_HIGH if x > _HIGH else x)
        e = -(m * log2(m) + (1.0 - m) * log2(1.0 - m))
        out.append(e if e > 0.0 else 0.0)
    return out


def mean_entropy_bits(means: FloatArray) -> float:
    """Mean of :func:`entropies_bits` (exactly rounded sum); 0 for no values."""
    return math.fsum(entropies_bits(means)) / means.size if means.size else 0.0


def kl_bits(p: float, q: float) -> float:
    """``KL(Bernoulli(p) || Bernoulli(q))`` in bits."""
    total = 0.0
    for a, b in ((p, q), (1.0 - p, 1.0 - q)):
        if a > 0.0:
            if b <= 0.0:
                return math.inf
            total += a * math.log2(a / b)
    return max(0.0, total)


def sym_kl_bits(
    p: dict[str, float], q: dict[str, float], *, default: float, smoothing: float = 1e-3
) -> float:
    """Mean symmetrised KL between two sets of presence probabilities.

    A value one side has never heard of counts at the prior mean ``default``. We average over
    the union (iterated in sorted order for a deterministic sum) so an attribute with many
    values weighs as much in Eq. 6 as a single-valued one.
    """
    keys = sorted(set(p) | set(q))
    if not keys:
        return 0.0
    total = 0.0
    for k in keys:
        a = _squash(p.get(k, default), smoothing)
        b = _squash(q.get(k, default), smoothing)
        total += kl_bits(a, b) + kl_bits(b, a)
    return total / len(keys)


def _squash(m: float, smoothing: float) -> float:
    return (m + smoothing) / (1.0 + 2.0 * smoothing)
