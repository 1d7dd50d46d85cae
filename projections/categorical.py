"""Categorical belief math (paper Eq. 1-6) as pure numpy functions.

A single-valued dimension is a probability vector over its vocabulary. Every function here
returns a new array and never mutates its input, so the projection can compute a revision
without touching its state (``preview``) and then commit it (``apply``).

Likelihood choice (Eq. 2 replaced). The paper's Eq. 2 gives the observed value ``1 - eps`` and
every other value ``eps / (|V| - 1)``. Plugging a claim's reliability ``r`` in as ``1 - eps``
makes a weak claim (``r < 1/|V|``) count *against* the value it asserts. We instead read a
claim as a mixture: with probability ``r`` it reports the true value, otherwise it names a
value uniformly at random::

    L(obs | v) = r * [v == obs] + (1 - r) / |V|

so the observed value's likelihood ratio ``1 + r|V| / (1 - r)`` is never below 1 and a
reliability of 0 leaves the belief untouched. A negated claim ("not obs") is the same mixture
whose reliable part names one of the other values::

    L(not obs | v) = r * [v != obs] / (|V| - 1) + (1 - r) / |V|
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
Polarity = Literal["assert", "negate"]


def novel_probability(epsilon: float) -> float:
    """Probability of a value never seen before (Eq. 1: enters with mass eps, renormalised)."""
    if not 0.0 < epsilon < 1.0:
        raise ValueError("epsilon must be in (0, 1)")
    return epsilon / (1.0 + epsilon)


def extend(p: FloatArray, epsilon: float) -> FloatArray:
    """Append an unseen value with mass ``epsilon`` and renormalise (Eq. 1)."""
    if p.size == 0:
        return np.ones(1, dtype=np.float64)
    out: FloatArray = np.append(p, epsilon)
    res: FloatArray = out / float(out.sum())
    return res


def surprise_bits(p: FloatArray, index: int | None, epsilon: float) -> float:
    """Surprise ``-log2 p(obs)`` in bits (Eq. 1); ``index=None`` means obs is unseen.

    An empty dimension counts as all mass on "unknown", so its first value is as surprising as
    any other novel value.
    """
    if index is None:
        return -math.log2(novel_probability(epsilon))
    prob = float(p[index])
    if prob <= 0.0:
        return math.inf
    return max(0.0, -math.log2(prob))


def likelihood(size: int, index: int, reliability: float, polarity: Polarity) -> FloatArray:
    """Claim likelihood over a vocabulary of ``size`` values (see module docstring)."""
    if size < 1 or not 0 <= index < size:
        raise ValueError("index must address a value of the vocabulary")
    if not 0.0 <= reliability <= 1.0:
        raise ValueError("reliability must be in [0, 1]")
    noise = (1.0 - reliability) / size
    if polarity == "assert":
        lik = np.full(size, noise, dtype=np.float64)
        lik[index] += reliability
        return lik
    if size == 1:
        # "not v" with nothing else to point at carries no information.
        return np.ones(1, dtype=np.float64)
    lik = np.full(size, noise + reliability / (size - 1), dtype=np.float64)
    lik[index] = noise
    return lik


def other_likelihood(size: int, reliability: float, polarity: Polarity) -> float:
    """Likelihood the claim gives to a value other than the one it names."""
    noise = (1.0 - reliability) / size
    if polarity == "assert":
        return noise
    return 1.0 if size == 1 else noise + reliability / (size - 1)


def bayes_update(prior: FloatArray, lik: FloatArray) -> FloatArray:
    """Posterior ``L * prior / sum(L * prior)`` (Eq. 3)."""
    if prior.shape != lik.shape:
        raise ValueError("prior and likelihood must have the same length")
    joint = prior * lik
    total = float(joint.sum())
    if not total > 0.0:
        raise ValueError("prior and likelihood have no mass in common")
    out: FloatArray = joint / total
    return out


def entropy_bits(p: FloatArray) -> float:
    """Shannon entropy in bits; zero-mass entries contribute nothing."""
    # math.log2 and an exactly rounded sum, not numpy's log2 and pairwise sum: numpy's SIMD
    # log2 differs from the C library's in the last bit for some inputs, by numpy version
    # and CPU, and the number is journaled (see docs/performance.md, Known limits). On
    # the small vectors a belief holds the loop is also faster.
    log2 = math.log2
    return max(0.0, -math.fsum([x * log2(x) for x in p.tolist() if x > 0.0]))


def kl_bits(p: FloatArray, q: FloatArray) -> float:
    """``KL(p || q)`` in bits; infinite when ``q`` misses mass that ``p`` has."""
    if p.shape != q.shape:
        raise ValueError("distributions must have the same length")
    log2 = math.log2
    terms = []
    for a, b in zip(p.tolist(), q.tolist(), strict=True):
        if a > 0.0:
            if b <= 0.0:
                return math.inf
            terms.append(a * log2(a / b))
    return max(0.0, math.fsum(terms))


def smooth(p: FloatArray, smoothing: float) -> FloatArray:
    """Additive smoothing, so KL between beliefs with different supports stays finite."""
    out: FloatArray = p + smoothing
    res: FloatArray = out / float(out.sum())
    return res


def sym_kl_bits(p: dict[str, float], q: dict[str, float], *, smoothing: float = 1e-3) -> float:
    """Symmetrised KL (Eq. 6, one attribute) over the union vocabulary of two beliefs.

    Missing values count as mass 0 before smoothing. The union is iterated in sorted key order
    so the float sum is the same whatever order the dictionaries were built in.
    """
    if smoothing <= 0.0:
        raise ValueError("smoothing must be positive")
    keys = sorted(set(p) | set(q))
    if not keys:
        return 0.0
    pa = smooth(np.array([p.get(k, 0.0) for k in keys], dtype=np.float64), smoothing)
    qa = smooth(np.array([q.get(k, 0.0) for k in keys], dtype=np.float64), smoothing)
    return kl_bits(pa, qa) + kl_bits(qa, pa)


def retention(half_life_days: float) -> float:
    """Per-day retention factor ``lambda`` whose half-life is ``half_life_days``."""
    if not half_life_days > 0.0:
        raise ValueError("half_life_days must be positive")
    return float(0.5 ** (1.0 / half_life_days))


def kept_fraction(lam: float, dt_days: float) -> float:
    """``lambda ** dt``; a negative or zero ``dt`` (out-of-order event time) keeps everything."""
    if dt_days <= 0.0:
        return 1.0
    return float(lam**dt_days)


def decay(p: FloatArray, lam: float, dt_days: float) -> FloatArray:
    """Mix toward uniform by ``lambda ** dt`` (Eq. 4); ``dt <= 0`` returns an unchanged copy."""
    keep = kept_fraction(lam, dt_days)
    if keep >= 1.0 or p.size == 0:
        return p.copy()
    out: FloatArray = keep * p + (1.0 - keep) / p.size
    return out


def mix(p: FloatArray, target: FloatArray, weight: float) -> FloatArray:
    """``(1 - weight) * p + weight * target``: a change-point transition toward ``target``."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError("weight must be in [0, 1]")
    if p.shape != target.shape:
        raise ValueError("target must have the same length as p")
    out: FloatArray = (1.0 - weight) * p + weight * target
    return out


def floor(p: FloatArray, minimum: float) -> FloatArray:
    """Raise every entry to at least ``minimum`` and renormalise.

    Keeps every value that was ever seen possible, so surprise stays finite and long runs of
    confirmations cannot underflow the other values to an exact zero.
    """
    if p.size == 0:
        return p.copy()
    out: FloatArray = np.maximum(p, minimum)
    res: FloatArray = out / float(out.sum())
    return res
