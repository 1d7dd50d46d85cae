"""Properties of the belief math: categorical (Eq. 1-6), Beta-Bernoulli, and the schema."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.projections import bernoulli as bn
from nousmem.projections import categorical as cat
from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSchema, AttributeSpec

TOL = 1e-12

weights = st.lists(st.floats(min_value=1e-6, max_value=1.0), min_size=1, max_size=8)
reliabilities = st.floats(min_value=0.0, max_value=1.0)
epsilons = st.floats(min_value=1e-6, max_value=0.5)
polarities = st.sampled_from(["assert", "negate"])
means = st.floats(min_value=1e-6, max_value=1.0 - 1e-6)


def dist(ws: list[float]) -> cat.FloatArray:
    p = np.array(ws, dtype=np.float64)
    out: cat.FloatArray = p / p.sum()
    return out


def reference_posterior(prior: list[float], obs: int, r: float, polarity: str) -> list[float]:
    """Loop-based Bayes with the mixture likelihood, written independently of numpy."""
    k = len(prior)
    joint = []
    for v in range(k):
        if polarity == "assert":
            like = (r if v == obs else 0.0) + (1.0 - r) / k
        elif k == 1:
            like = 1.0
        else:
            like = (r / (k - 1) if v != obs else 0.0) + (1.0 - r) / k
        joint.append(like * prior[v])
    total = sum(joint)
    return [j / total for j in joint]


# ---------------------------------------------------------------------------- categorical


@given(weights, epsilons)
def test_extend_adds_epsilon_mass_and_stays_normalised(ws: list[float], eps: float) -> None:
    p = dist(ws)
    out = cat.extend(p, eps)
    assert out.size == p.size + 1
    assert np.all(out >= 0.0)
    assert math.isclose(float(out.sum()), 1.0, rel_tol=0, abs_tol=1e-12)
    assert math.isclose(float(out[-1]), cat.novel_probability(eps), rel_tol=1e-9)


def test_extend_of_empty_belief_is_certain_of_the_first_value() -> None:
    assert cat.extend(np.zeros(0), 0.01).tolist() == [1.0]


@given(weights, epsilons, st.data())
def test_surprise_is_non_negative_and_novelty_is_most_surprising(
    ws: list[float], eps: float, data: st.DataObject
) -> None:
    p = dist(ws)
    i = data.draw(st.integers(0, p.size - 1))
    s = cat.surprise_bits(p, i, eps)
    assert s >= 0.0
    assert math.isclose(s, -math.log2(float(p[i])), abs_tol=1e-9)
    novel = cat.surprise_bits(p, None, eps)
    assert math.isclose(novel, -math.log2(eps / (1.0 + eps)), rel_tol=1e-12)


@given(weights, reliabilities, polarities, st.data())
def test_update_equals_brute_force_bayes(
    ws: list[float], r: float, polarity: str, data: st.DataObject
) -> None:
    prior = dist(ws)
    obs = data.draw(st.integers(0, prior.size - 1))
    pol: cat.Polarity = "assert" if polarity == "assert" else "negate"
    post = cat.bayes_update(prior, cat.likelihood(prior.size, obs, r, pol))
    ref = reference_posterior(prior.tolist(), obs, r, polarity)
    assert np.allclose(post, ref, rtol=1e-10, atol=1e-14)
    assert np.all(post >= 0.0)
    assert math.isclose(float(post.sum()), 1.0, abs_tol=1e-12)


@given(weights, reliabilities, st.data())
def test_a_claim_never_counts_against_its_own_value(
    ws: list[float], r: float, data: st.DataObject
) -> None:
    prior = dist(ws)
    obs = data.draw(st.integers(0, prior.size - 1))
    up = cat.bayes_update(prior, cat.likelihood(prior.size, obs, r, "assert"))
    down = cat.bayes_update(prior, cat.likelihood(prior.size, obs, r, "negate"))
    assert up[obs] >= prior[obs] - TOL
    assert down[obs] <= prior[obs] + TOL


@given(weights, st.data())
def test_zero_reliability_leaves_the_belief_unchanged(ws: list[float], data: st.DataObject) -> None:
    prior = dist(ws)
    obs = data.draw(st.integers(0, prior.size - 1))
    post = cat.bayes_update(prior, cat.likelihood(prior.size, obs, 0.0, "assert"))
    assert np.allclose(post, prior, rtol=0, atol=1e-14)


@given(weights, reliabilities, polarities, st.data())
def test_other_likelihood_matches_the_vector(
    ws: list[float], r: float, polarity: str, data: st.DataObject
) -> None:
    k = len(ws) + 1
    obs = data.draw(st.integers(0, k - 1))
    pol: cat.Polarity = "assert" if polarity == "assert" else "negate"
    lik = cat.likelihood(k, obs, r, pol)
    other = (obs + 1) % k
    assert math.isclose(cat.other_likelihood(k, r, pol), float(lik[other]), rel_tol=1e-12)


@given(
    weights,
    st.floats(min_value=1.0, max_value=3650.0),
    st.floats(min_value=0.0, max_value=5000.0),
    st.floats(min_value=0.0, max_value=5000.0),
)
def test_decay_raises_entropy_monotonically_toward_uniform(
    ws: list[float], half_life: float, dt1: float, dt2: float
) -> None:
    p = dist(ws)
    lam = cat.retention(half_life)
    lo, hi = sorted((dt1, dt2))
    h0 = cat.entropy_bits(p)
    h_lo = cat.entropy_bits(cat.decay(p, lam, lo))
    h_hi = cat.entropy_bits(cat.decay(p, lam, hi))
    ceiling = math.log2(p.size)
    assert h0 - 1e-9 <= h_lo <= h_hi + 1e-9 <= ceiling + 2e-9
    # Eq. 5: H(p_t) >= lambda^dt H(p_0).
    assert h_hi >= lam**hi * h0 - 1e-9
    decayed = cat.decay(p, lam, hi)
    assert math.isclose(float(decayed.sum()), 1.0, abs_tol=1e-12)


@given(weights, st.floats(min_value=-1000.0, max_value=0.0))
def test_decay_with_negative_elapsed_time_is_a_no_op(ws: list[float], dt: float) -> None:
    p = dist(ws)
    assert np.array_equal(cat.decay(p, cat.retention(30.0), dt), p)


def test_decay_converges_to_uniform() -> None:
    p = dist([0.97, 0.02, 0.01])
    far = cat.decay(p, cat.retention(10.0), 10_000.0)
    assert np.allclose(far, 1.0 / 3.0, atol=1e-12)


@given(st.floats(min_value=0.01, max_value=1e5))
def test_retention_halves_after_one_half_life(half_life: float) -> None:
    assert math.isclose(cat.retention(half_life) ** half_life, 0.5, rel_tol=1e-9)


belief_dicts = st.dictionaries(
    st.sampled_from(["a", "b", "c", "d", "e"]), st.floats(min_value=1e-4, max_value=1.0), min_size=1
)


@given(belief_dicts, belief_dicts)
def test_sym_kl_is_symmetric_non_negative_and_order_free(
    p: dict[str, float], q: dict[str, float]
) -> None:
    d = cat.sym_kl_bits(p, q)
    assert d >= 0.0
    assert math.isclose(d, cat.sym_kl_bits(q, p), rel_tol=1e-12, abs_tol=1e-15)
    reordered = dict(reversed(list(p.items())))
    assert cat.sym_kl_bits(reordered, q) == d


@given(belief_dicts)
def test_sym_kl_of_identical_beliefs_is_zero(p: dict[str, float]) -> None:
    assert cat.sym_kl_bits(p, dict(p)) <= 1e-12


def test_sym_kl_grows_with_disagreement() -> None:
    base = {"acme": 0.9, "globex": 0.1}
    near = {"acme": 0.8, "globex": 0.2}
    far = {"initech": 0.95, "acme": 0.05}
    assert cat.sym_kl_bits(base, near) < cat.sym_kl_bits(base, far)


@given(weights, weights)
def test_kl_is_non_negative(a: list[float], b: list[float]) -> None:
    n = min(len(a), len(b))
    assert cat.kl_bits(dist(a[:n]), dist(b[:n])) >= 0.0


@given(weights, weights, st.randoms(use_true_random=False))
def test_entropy_and_kl_do_not_depend_on_the_order_of_the_values(
    a: list[float], b: list[float], rnd: random.Random
) -> None:
    # A dimension lists its values in the order they were first claimed; the journaled
    # numbers must not depend on it (an exactly rounded sum, not a running or pairwise one).
    n = min(len(a), len(b))
    p, q = dist(a[:n]), dist(b[:n])
    order = list(range(n))
    rnd.shuffle(order)
    assert cat.entropy_bits(p[order]) == cat.entropy_bits(p)
    assert cat.kl_bits(p[order], q[order]) == cat.kl_bits(p, q)
    m = np.array(a)
    perm = list(range(len(a)))
    rnd.shuffle(perm)
    assert bn.mean_entropy_bits(m[perm]) == bn.mean_entropy_bits(m)


@given(weights, weights)
def test_entropy_and_kl_are_the_textbook_sums(a: list[float], b: list[float]) -> None:
    n = min(len(a), len(b))
    p, q = dist(a[:n]), dist(b[:n])
    ps, qs = p.tolist(), q.tolist()
    h = -sum(x * math.log2(x) for x in ps)
    assert math.isclose(cat.entropy_bits(p), max(0.0, h), rel_tol=1e-12, abs_tol=1e-14)
    kl = sum(x * math.log2(x / y) for x, y in zip(ps, qs, strict=True))
    assert math.isclose(cat.kl_bits(p, q), max(0.0, kl), rel_tol=1e-12, abs_tol=1e-14)
    for x, e in zip(a, bn.entropies_bits(np.array(a)), strict=True):
        assert math.isclose(e, bn.binary_entropy_bits(min(x, 1.0 - 1e-16)), abs_tol=1e-14)


def test_the_belief_math_does_not_use_numpys_log2(monkeypatch: pytest.MonkeyPatch) -> None:
    # numpy's SIMD log2 gives another last bit than the C library's for some inputs,
    # depending on numpy's version and the CPU: journaled entropies would then differ
    # between two machines folding the same journal.
    p, q = dist([0.2, 0.3, 0.5]), dist([0.5, 0.25, 0.25])
    m = np.array([0.1, 0.6, 0.9])
    before = (cat.entropy_bits(p), cat.kl_bits(p, q), bn.entropies_bits(m))

    def skewed(x: object, *args: object, **kwargs: object) -> object:
        return np.nextafter(real(x, *args, **kwargs), np.inf)

    real = np.log2
    monkeypatch.setattr(np, "log2", skewed)
    assert (cat.entropy_bits(p), cat.kl_bits(p, q), bn.entropies_bits(m)) == before


def test_entropy_of_a_vector_without_mass_is_zero() -> None:
    assert cat.entropy_bits(np.zeros(3)) == 0.0
    assert cat.entropy_bits(np.array([1.0, 0.0])) == 0.0
    assert cat.kl_bits(np.array([0.5, 0.5]), np.array([1.0, 0.0])) == math.inf
    assert bn.mean_entropy_bits(np.zeros(0)) == 0.0
    # Clipped to [1e-300, 1 - 1e-16] first, so certainty keeps a trace of entropy.
    low, high, half = bn.entropies_bits(np.array([0.0, 1.0, 0.5]))
    assert 0.0 < low < 1e-295 and 0.0 < high < 1e-14 and half == 1.0


@given(weights, st.floats(min_value=0.0, max_value=1.0), st.data())
def test_mix_is_a_distribution(ws: list[float], h: float, data: st.DataObject) -> None:
    p = dist(ws)
    size = p.size
    target = dist(data.draw(st.lists(st.floats(1e-6, 1.0), min_size=size, max_size=size)))
    out = cat.mix(p, target, h)
    assert np.all(out >= 0.0)
    assert math.isclose(float(out.sum()), 1.0, abs_tol=1e-9)


def test_bad_input_raises_value_error_naming_the_field() -> None:
    with pytest.raises(ValueError, match="reliability"):
        cat.likelihood(3, 0, 1.5, "assert")
    with pytest.raises(ValueError, match="half_life_days"):
        cat.retention(0.0)
    with pytest.raises(ValueError, match="epsilon"):
        cat.novel_probability(0.0)


# ---------------------------------------------------------------------------- Beta-Bernoulli


@given(
    st.floats(min_value=0.1, max_value=50.0),
    st.floats(min_value=0.1, max_value=50.0),
    st.floats(min_value=0.01, max_value=1.0),
)
def test_claims_move_presence_in_their_direction(a: float, b: float, r: float) -> None:
    m = a / (a + b)
    up = bn.observe(a, b, r, "assert")
    down = bn.observe(a, b, r, "negate")
    assert up[0] / sum(up) > m
    assert down[0] / sum(down) < m


@given(
    st.lists(st.floats(min_value=0.1, max_value=20.0), min_size=1, max_size=6),
    st.floats(min_value=1.0, max_value=1000.0),
    st.floats(min_value=0.0, max_value=3000.0),
    st.floats(min_value=0.0, max_value=3000.0),
)
def test_beta_decay_drifts_monotonically_back_to_the_prior(
    alphas: list[float], half_life: float, dt1: float, dt2: float
) -> None:
    alpha = np.array(alphas)
    beta = np.array(list(reversed(alphas))) + 0.5
    prior = (1.0, 1.0)
    lam = cat.retention(half_life)
    lo, hi = sorted((dt1, dt2))
    m0 = bn.presence(alpha, beta)
    m_lo = bn.presence(*bn.decay(alpha, beta, prior, lam, lo))
    m_hi = bn.presence(*bn.decay(alpha, beta, prior, lam, hi))
    assert np.all(np.abs(m_hi - 0.5) <= np.abs(m_lo - 0.5) + 1e-12)
    assert np.all(np.abs(m_lo - 0.5) <= np.abs(m0 - 0.5) + 1e-12)
    e_lo, e_hi = np.array(bn.entropies_bits(m_lo)), np.array(bn.entropies_bits(m_hi))
    assert np.all(e_lo <= e_hi + 1e-9)
    assert np.all(e_hi <= 1.0 + 1e-12)


@given(means, polarities)
def test_bernoulli_surprise_is_minus_log2_of_the_claim_probability(m: float, polarity: str) -> None:
    pol: cat.Polarity = "assert" if polarity == "assert" else "negate"
    s = bn.claim_surprise_bits(m, pol)
    assert s >= 0.0
    expected = -math.log2(m if polarity == "assert" else 1.0 - m)
    assert math.isclose(s, max(0.0, expected), rel_tol=1e-12, abs_tol=1e-15)


@given(
    st.floats(min_value=0.1, max_value=30.0),
    st.floats(min_value=0.1, max_value=30.0),
    st.floats(min_value=0.0, max_value=1.0),
)
def test_flip_moves_the_mean_toward_its_opposite(a: float, b: float, h: float) -> None:
    m = a / (a + b)
    fa, fb = bn.flip(a, b, (1.0, 1.0), h)
    fm = fa / (fa + fb)
    assert fa > 0.0 and fb > 0.0
    assert math.isclose(fm, (1 - h) * m + h * (1 - m), rel_tol=1e-9, abs_tol=1e-12)
    if h == 0.0:
        assert (fa, fb) == (a, b)


@given(means, means)
def test_bernoulli_kl_and_entropy_bounds(p: float, q: float) -> None:
    assert bn.kl_bits(p, q) >= 0.0
    assert bn.kl_bits(p, p) <= 1e-12
    assert 0.0 <= bn.binary_entropy_bits(p) <= 1.0


presence_dicts = st.dictionaries(
    st.sampled_from(["tennis", "chess", "golf"]), means, min_size=1, max_size=3
)


@given(presence_dicts, presence_dicts)
def test_bernoulli_sym_kl_is_symmetric_and_zero_on_identity(
    p: dict[str, float], q: dict[str, float]
) -> None:
    d = bn.sym_kl_bits(p, q, default=0.5)
    assert d >= 0.0
    assert math.isclose(d, bn.sym_kl_bits(q, p, default=0.5), rel_tol=1e-12, abs_tol=1e-15)
    assert bn.sym_kl_bits(p, dict(p), default=0.5) <= 1e-12


# ---------------------------------------------------------------------------- schema


def test_default_schema_cardinalities() -> None:
    singles = ["employer", "location", "relationship_status", "role", "spouse", "name", "age"]
    multis = ["hobby", "activity", "pet", "visited", "friend", "likes", "dislikes", "uses"]
    multis += ["child", "sibling", "goal"]
    for name in singles:
        assert DEFAULT_SCHEMA.spec(name).cardinality == "single"
    for name in multis:
        assert DEFAULT_SCHEMA.spec(name).cardinality == "multi"
    assert (
        DEFAULT_SCHEMA.spec("employer").half_life_days
        > DEFAULT_SCHEMA.spec("location").half_life_days
    )


def test_unknown_attribute_is_single_with_default_half_life() -> None:
    spec = DEFAULT_SCHEMA.spec("Favourite Colour")
    assert spec.name == "favourite_colour"
    assert spec.cardinality == "single"
    assert spec.half_life_days == DEFAULT_SCHEMA.default_half_life_days


def test_with_attributes_extends_and_replaces_without_mutating() -> None:
    extended = DEFAULT_SCHEMA.with_attributes(
        AttributeSpec(name="instrument", cardinality="multi", half_life_days=400.0),
        AttributeSpec(name="employer", cardinality="single", half_life_days=100.0),
    )
    assert extended.spec("instrument").cardinality == "multi"
    assert extended.spec("employer").half_life_days == 100.0
    assert DEFAULT_SCHEMA.spec("employer").half_life_days != 100.0
    assert DEFAULT_SCHEMA.spec("instrument").cardinality == "single"


def test_spec_lookups_are_remembered_per_schema_and_bounded() -> None:
    schema = AttributeSchema(
        attributes=(AttributeSpec(name="pet", cardinality="multi"),), default_half_life_days=50.0
    )
    assert schema.spec("Pet") is schema.spec("pet")
    unknown = schema.spec("shoe size")
    assert unknown is schema.spec("shoe size")  # remembered, not validated again
    assert (unknown.name, unknown.cardinality, unknown.half_life_days) == (
        "shoe_size",
        "single",
        50.0,
    )
    # A schema made from it answers with its own specs, whatever this one remembered.
    other = schema.with_attributes(AttributeSpec(name="shoe_size", cardinality="multi"))
    assert other.spec("shoe size").cardinality == "multi"
    assert schema.spec("shoe size").cardinality == "single"
    for i in range(5000):  # spellings come from data: past the bound, still right
        assert schema.spec(f"thing {i}").name == f"thing_{i}"
    assert schema.spec("PET").cardinality == "multi"
    assert schema.spec("thing 4999").half_life_days == 50.0


def test_schema_rejects_bad_specs() -> None:
    with pytest.raises(ValueError, match="attributes"):
        AttributeSchema(attributes=(AttributeSpec(name="a"), AttributeSpec(name="a")))
    with pytest.raises(ValueError, match="half_life_days"):
        AttributeSpec(name="a", half_life_days=0.0)
    with pytest.raises(ValueError, match="attribute"):
        AttributeSpec(name="9lives")


@settings(max_examples=25)
@given(st.floats(min_value=1.0, max_value=1e4))
def test_spec_retention_matches_half_life(half_life: float) -> None:
    spec = AttributeSpec(name="x", half_life_days=half_life)
    assert math.isclose(spec.retention**half_life, 0.5, rel_tol=1e-9)
