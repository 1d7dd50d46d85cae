"""Behaviour of the belief projection (BeliefStore): determinism, revisions, reads, identity."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.projections import categorical as cat
from nousmem.projections.belief_models import match_key
from nousmem.projections.beliefs import (
    UNKNOWN,
    BeliefParams,
    BeliefSnapshot,
    BeliefStore,
    Revision,
)
from nousmem.projections.schema import DEFAULT_SCHEMA

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def rev(
    value: str,
    *,
    entity: str = "Alice",
    attribute: str = "employer",
    r: float = 0.8,
    source: str = "user",
    change: bool = False,
    day: float = 0.0,
    polarity: str = "assert",
) -> Revision:
    return Revision(
        entity=entity,
        attribute=attribute,
        value=value,
        reliability=r,
        source=source,
        change=change,
        occurred_at=T0 + timedelta(days=day),
        polarity="assert" if polarity == "assert" else "negate",
        evidence_ids=(f"obs-{value}-{day}",),
    )


class Feeder:
    """Applies revisions with increasing seq, checking preview == apply on the way."""

    def __init__(self, store: BeliefStore | None = None) -> None:
        self.store = store or BeliefStore()
        self.seq = 0

    def __call__(self, revision: Revision) -> Any:
        self.seq += 1
        preview = self.store.preview(revision)
        outcome = self.store.apply(revision, seq=self.seq, event_id=f"ev{self.seq}")
        assert outcome == preview
        return outcome

    def merge(self, keep: str, absorb: str) -> None:
        self.seq += 1
        self.store.apply_merge(keep, absorb, seq=self.seq, event_id=f"ev{self.seq}")


def establish(feed: Feeder, value: str = "Acme", *, attribute: str = "employer") -> float:
    """Five agreeing claims at r >= 0.7 from several sources; returns the last day."""
    for i, (source, r) in enumerate(
        [("user", 0.8), ("email", 0.7), ("profile", 0.9), ("user", 0.75), ("calendar", 0.7)]
    ):
        feed(rev(value, attribute=attribute, r=r, source=source, day=10.0 * i))
    return 40.0


def all_snapshots(store: BeliefStore, **kw: Any) -> dict[str, list[BeliefSnapshot]]:
    return {e: store.snapshots(e, **kw) for e in store.entities()}


# ---------------------------------------------------------------------------- determinism

ENTITIES = ["Alice", "alice ", " ALICE", "Bob", "bob", "Carol"]
NAMES = ["Alice", "Bob", "Carol"]
ATTRIBUTES = ["employer", "location", "hobby", "likes", "zodiac"]
VALUES = ["Acme", "acme", "Globex", "Initech Corp", "initech  corp", "Tennis", "Chess"]

revisions = st.builds(
    rev,
    st.sampled_from(VALUES),
    entity=st.sampled_from(ENTITIES),
    attribute=st.sampled_from(ATTRIBUTES),
    r=st.floats(min_value=0.0, max_value=1.0),
    source=st.sampled_from(["user", "email", "forum"]),
    change=st.booleans(),
    day=st.floats(min_value=0.0, max_value=2000.0),
    polarity=st.sampled_from(["assert", "assert", "assert", "negate"]),
)
operations = st.lists(
    st.one_of(
        revisions.map(lambda r: ("rev", r)),
        st.tuples(st.just("merge"), st.sampled_from(NAMES), st.sampled_from(NAMES)),
        st.tuples(st.just("compress"), st.integers(0, 20)),
    ),
    min_size=3,
    max_size=30,
)


def steps(ops: list[Any], store: BeliefStore) -> Iterator[int]:
    """Feed ops (skipping impossible merges deterministically); yields the seq after each."""
    seq = 0
    for op in ops:
        if op[0] == "rev":
            seq += 1
            store.apply(op[1], seq=seq, event_id=f"ev{seq}")
        elif op[0] == "merge":
            names = store.entities()
            keep = next((n for n in names if n.casefold() == op[1].strip().casefold()), None)
            gone = next((n for n in names if n.casefold() == op[2].strip().casefold()), None)
            if keep is None or gone is None or keep == gone:
                continue
            seq += 1
            store.apply_merge(keep, gone, seq=seq, event_id=f"ev{seq}")
        else:
            dims = [(e, a) for e in store.entities() for a in store.dimensions(e)]
            if not dims:
                continue
            seq += 1
            store.mark_compressed(*dims[op[1] % len(dims)], seq=seq)
        yield seq


def play(ops: list[Any], store: BeliefStore) -> int:
    return max(steps(ops, store), default=0)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
def test_rebuild_equals_live_and_preview_equals_apply(ops: list[Any]) -> None:
    live = BeliefStore()
    seq = 0
    for op in ops:
        if op[0] == "rev":
            before = (all_snapshots(live), live.compression_due())
            preview = live.preview(op[1])
            assert (all_snapshots(live), live.compression_due()) == before  # no mutation
            seq += 1
            assert live.apply(op[1], seq=seq, event_id=f"ev{seq}") == preview
            # Reads in between (including as-of reads) must not disturb the projection.
            live.snapshots(op[1].entity, as_of_seq=max(1, seq - 1))
            live.identity_candidates(op[1].entity)
    rebuilt = BeliefStore()
    replay = BeliefStore()
    play(ops, rebuilt)
    play(ops, replay)
    assert all_snapshots(rebuilt) == all_snapshots(replay)
    assert rebuilt.compression_due() == replay.compression_due()
    assert all_snapshots(live) == all_snapshots(_only_revisions(ops))


class _PreviewFirst(BeliefStore):
    """A store that, like the write path, previews every revision (and a decoy) first."""

    def apply(self, rev: Revision, *, seq: int, event_id: str) -> Any:
        self.preview_many([rev, rev])  # the second sees the first: not remembered for live
        decoy = rev.model_copy(update={"value": rev.value + " decoy"})
        self.preview_many([decoy])
        self.preview_many([rev])
        return super().apply(rev, seq=seq, event_id=event_id)

    def apply_merge(self, keep: str, absorb: str, *, seq: int, event_id: str) -> None:
        for name in self.entities():  # remember plans that the merge makes stale
            for attr in self.dimensions(name):
                self.preview_many([rev("stale", entity=name, attribute=attr, day=3000.0)])
        super().apply_merge(keep, absorb, seq=seq, event_id=event_id)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
def test_folding_a_previewed_revision_equals_folding_it_cold(ops: list[Any]) -> None:
    """The fold reuses the write path's preview; it must never change what a fold computes."""
    warm, cold = _PreviewFirst(), BeliefStore()
    play(ops, warm)
    play(ops, cold)
    assert all_snapshots(warm) == all_snapshots(cold)
    assert warm.compression_due() == cold.compression_due()


def test_a_remembered_plan_is_only_used_for_the_same_revision_on_the_same_state() -> None:
    store = BeliefStore()
    store.apply(rev("Google", day=0), seq=1, event_id="ev1")
    planned = rev("Sarvam", day=10, change=True)
    (preview,) = store.preview_many([planned])
    store.apply(rev("Initech", day=5), seq=2, event_id="ev2")  # the state moved on
    got = store.apply(planned, seq=3, event_id="ev3")
    cold = BeliefStore()
    for i, r in enumerate([rev("Google", day=0), rev("Initech", day=5), planned], start=1):
        expected = cold.apply(r, seq=i, event_id=f"ev{i}")
    assert got == expected and got != preview
    equal_copy = planned.model_copy()  # equal but not the previewed object: recomputed
    store2 = BeliefStore()
    store2.apply(rev("Google", day=0), seq=1, event_id="ev1")
    (p2,) = store2.preview_many([planned])
    assert store2.apply(equal_copy, seq=2, event_id="ev2") == p2
    # A merge changes the kept entity's state in place: a plan remembered before it is stale.
    seed = [rev("Google", day=0), rev("Hooli", entity="Al", day=1)]
    after = rev("Sarvam", day=10)
    merged, cold = BeliefStore(), BeliefStore()
    for store_ in (merged, cold):
        for i, r in enumerate(seed, start=1):
            store_.apply(r, seq=i, event_id=f"ev{i}")
    (before_merge,) = merged.preview_many([after])
    for store_ in (merged, cold):
        store_.apply_merge("Alice", "Al", seq=3, event_id="ev3")
    got = merged.apply(after, seq=4, event_id="ev4")
    assert got == cold.apply(after, seq=4, event_id="ev4") and got != before_merge


def _only_revisions(ops: list[Any]) -> BeliefStore:
    store = BeliefStore()
    for seq, op in enumerate((o for o in ops if o[0] == "rev"), start=1):
        store.apply(op[1], seq=seq, event_id=f"ev{seq}")
    return store


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
def test_as_of_seq_equals_a_store_fed_only_that_prefix(ops: list[Any]) -> None:
    full = BeliefStore()
    last = play(ops, full)
    prefix = BeliefStore()
    for n in steps(ops, prefix):
        for entity in prefix.entities():
            assert full.snapshots(entity, as_of_seq=n) == prefix.snapshots(entity)
    for entity in full.entities():
        assert full.snapshots(entity, as_of_seq=last) == full.snapshots(entity)


@settings(max_examples=40, deadline=None)
@given(st.lists(revisions, min_size=1, max_size=20), st.floats(min_value=0.0, max_value=2500.0))
def test_as_of_time_equals_the_earlier_revisions_decayed_to_that_time(
    revs: list[Revision], day: float
) -> None:
    at = T0 + timedelta(days=day)
    full, early = BeliefStore(), BeliefStore()
    for seq, r in enumerate(revs, start=1):
        full.apply(r, seq=seq, event_id=f"ev{seq}")
        if r.occurred_at <= at:
            early.apply(r, seq=seq, event_id=f"ev{seq}")
    assert {e.casefold() for e in early.entities()} <= {e.casefold() for e in full.entities()}
    for entity in early.entities():
        for snap in early.snapshots(entity):
            past = full.snapshot(entity, snap.attribute, as_of_time=at)
            assert past is not None
            assert past.support == snap.support and past.deltas == snap.deltas
            spec = DEFAULT_SCHEMA.spec(snap.attribute)
            dt = (at - snap.updated_at).total_seconds() / 86400.0
            keep = cat.kept_fraction(spec.retention, dt)
            got = dict(past.distribution)
            for value, p in snap.distribution:
                if spec.cardinality == "single":
                    expected = keep * p + (1.0 - keep) / len(snap.distribution)
                    assert math.isclose(got[value], expected, rel_tol=1e-9, abs_tol=1e-12)
                else:
                    # Evidence shrinks toward the Beta(1, 1) prior: the mean drifts to 0.5.
                    assert min(p, 0.5) - 1e-12 <= got[value] <= max(p, 0.5) + 1e-12
            assert past.entropy_bits >= snap.entropy_bits - 1e-9


def test_as_of_time_decays_presence_toward_the_prior() -> None:
    feed = Feeder()
    feed(rev("tennis", attribute="hobby", r=0.9))
    feed(rev("tennis", attribute="hobby", r=0.9, source="email", day=1))
    now = feed.store.snapshot("alice", "hobby")
    later = feed.store.snapshot("alice", "hobby", as_of_time=T0 + timedelta(days=3000))
    assert now is not None and later is not None
    assert 0.5 < dict(later.distribution)["tennis"] < dict(now.distribution)["tennis"]


# ---------------------------------------------------------------------------- revisions


@settings(max_examples=40, deadline=None)
@given(
    st.floats(min_value=0.0, max_value=0.35),
    st.booleans(),
    st.floats(min_value=0.0, max_value=60.0),
    st.sampled_from(["employer", "location", "role"]),
)
def test_isolated_noise_does_not_flip_an_established_belief(
    r: float, change: bool, gap: float, attribute: str
) -> None:
    feed = Feeder()
    day = establish(feed, attribute=attribute)
    out = feed(
        rev("Globex", attribute=attribute, r=r, change=change, source="forum", day=day + gap)
    )
    assert out.established and out.contradiction and not out.adopted
    assert out.mode_after == "Acme"
    assert out.surprise_bits > 3.0


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=1, max_value=10),
    st.lists(st.floats(min_value=0.05, max_value=0.35), min_size=10, max_size=10),
    st.lists(st.booleans(), min_size=10, max_size=10),
    st.floats(min_value=0.0, max_value=1.0),
    st.floats(min_value=0.0, max_value=30.0),
    st.booleans(),
)
def test_a_flood_from_one_low_trust_source_never_flips_an_established_value(
    m: int,
    rs: list[float],
    changes: list[bool],
    spacing: float,
    start: float,
    one_source: bool,
) -> None:
    feed = Feeder()
    for i, r in enumerate([0.7, 0.8, 0.75, 0.9, 0.7]):
        feed(rev("Acme", r=r, source="user" if one_source else f"s{i}", day=3.0 * i))
    day = 12.0 + start
    for k in range(m):
        feed(rev("Evil Corp", r=rs[k], source="attacker", change=changes[k], day=day + k * spacing))
    snap = feed.store.snapshot("alice", "employer")
    assert snap is not None and snap.mode == "Acme"


@settings(max_examples=40, deadline=None)
@given(
    st.floats(min_value=0.9, max_value=1.0),
    st.floats(min_value=0.0, max_value=60.0),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(["employer", "location"]),
)
def test_a_reliable_claim_with_update_language_is_adopted_at_once(
    r: float, gap: float, old_values: int, attribute: str
) -> None:
    feed = Feeder()
    for k in range(old_values):
        feed(rev(f"Old {k}", attribute=attribute, r=0.9, change=True, day=-100.0 + k))
    day = establish(feed, attribute=attribute)
    out = feed(rev("Google", attribute=attribute, r=r, change=True, day=day + gap))
    assert out.adopted and out.mode_before == "Acme" and out.mode_after == "Google"
    assert out.hazard > 0.5


@settings(max_examples=30, deadline=None)
@given(st.floats(min_value=0.9, max_value=1.0), st.floats(min_value=1.0, max_value=4.0))
def test_a_reliable_new_value_after_a_long_gap_is_adopted(r: float, half_lives: float) -> None:
    feed = Feeder()
    day = establish(feed)
    gap = half_lives * DEFAULT_SCHEMA.spec("employer").half_life_days
    out = feed(rev("Google", r=r, day=day + gap))
    assert out.mode_after == "Google"


def test_plain_bayes_lag_is_fixed_but_moderate_claims_need_corroboration() -> None:
    feed = Feeder()
    day = establish(feed)
    first = feed(rev("Globex", r=0.6, source="email", day=day + 5))
    assert first.mode_after == "Acme"
    second = feed(rev("Globex", r=0.7, source="profile", day=day + 12))
    third = feed(rev("Globex", r=0.7, source="calendar", day=day + 20))
    assert "Globex" in (second.mode_after, third.mode_after)


def test_repeats_from_one_source_are_discounted_and_recover_with_time() -> None:
    feed = Feeder()
    a = feed(rev("Acme", r=0.8, day=0.0))
    b = feed(rev("Acme", r=0.8, day=0.1))
    c = feed(rev("Acme", r=0.8, day=0.2))
    later = feed(rev("Acme", r=0.8, day=200.0))
    other = feed(rev("Acme", r=0.8, source="email", day=200.1))
    assert a.effective_reliability > b.effective_reliability > c.effective_reliability
    assert math.isclose(later.effective_reliability, 0.8, rel_tol=1e-3)
    assert other.effective_reliability == 0.8


def test_negation_of_a_single_value_leaves_it_unknown_until_a_new_value() -> None:
    feed = Feeder()
    day = establish(feed)
    gone = feed(rev("Acme", r=0.9, change=True, polarity="negate", day=day + 5))
    assert gone.mode_after is None and gone.adopted
    snap = feed.store.snapshot("alice", "employer")
    assert snap is not None and snap.mode is None and snap.distribution[0][0] == UNKNOWN
    assert math.isclose(sum(p for _, p in snap.distribution), 1.0, abs_tol=1e-9)
    new = feed(rev("Initech", r=0.6, day=day + 9))
    assert new.mode_after == "Initech"


def test_multi_valued_attributes_keep_every_held_value_and_drop_negated_ones() -> None:
    feed = Feeder()
    for day, (value, r, source) in enumerate(
        [
            ("tennis", 0.9, "user"),
            ("chess", 0.7, "email"),
            ("painting", 0.8, "user"),
            ("tennis", 0.85, "email"),
            ("tennis", 0.8, "profile"),
        ]
    ):
        feed(rev(value, attribute="hobby", r=r, source=source, day=float(day)))
    snap = feed.store.snapshot("Alice", "hobby")
    assert snap is not None and snap.cardinality == "multi" and snap.mode is None
    assert set(snap.held) == {"tennis", "chess", "painting"}
    weak = feed(rev("chess", attribute="hobby", r=0.2, polarity="negate", source="forum", day=6))
    assert weak.mode_after == "chess"
    out = feed(rev("tennis", attribute="hobby", r=0.9, change=True, polarity="negate", day=7))
    assert out.mode_before == "tennis" and out.mode_after is None and out.adopted
    snap = feed.store.snapshot("Alice", "hobby")
    assert snap is not None and set(snap.held) == {"chess", "painting"}
    assert {o.value for o in snap.observed_values} == {"tennis", "chess", "painting"}


def test_observed_values_follow_eq7_with_first_and_last_seen() -> None:
    feed = Feeder()
    feed(rev("Acme", day=0))
    feed(rev("Acme", source="email", day=30))
    feed(rev("Globex", r=0.95, change=True, day=60))
    feed(rev("Globex", source="email", day=90))
    snap = feed.store.snapshot("alice", "employer")
    assert snap is not None
    seen = {o.value: o for o in snap.observed_values}
    assert list(seen) == ["Acme", "Globex"]
    assert seen["Acme"].first_seen == T0 and seen["Acme"].last_seen == T0 + timedelta(days=30)
    assert seen["Globex"].last_seen == T0 + timedelta(days=90)
    assert [d.seq for d in snap.deltas] == [1, 2, 3, 4]
    assert snap.deltas[0].surprise_bits > snap.deltas[1].surprise_bits

    strict = Feeder(BeliefStore(params=BeliefParams(theta_min_bits=3.0)))
    strict(rev("Acme", r=0.05))  # first value: ~6.7 bits, observed
    low = strict(rev("Globex", r=0.9, source="email", day=1))  # weak belief: little surprise
    assert low.surprise_bits < 3.0
    snap = strict.store.snapshot("alice", "employer")
    assert snap is not None and [o.value for o in snap.observed_values] == ["Acme"]


def test_entities_and_values_match_case_and_whitespace_insensitively() -> None:
    feed = Feeder()
    feed(rev("Initech Corp", entity="Alice Smith"))
    feed(rev("initech   CORP", entity="  alice  SMITH ", source="email", day=1))
    assert feed.store.entities() == ["Alice Smith"]
    snap = feed.store.snapshot("ALICE smith", "Employer")
    assert snap is not None and snap.mode == "Initech Corp" and snap.support == 2
    assert [v for v, _ in snap.distribution] == ["Initech Corp"]


def test_outcome_reports_prior_posterior_and_information() -> None:
    feed = Feeder()
    first = feed(rev("Acme"))
    assert first.prior[0][0] == UNKNOWN and first.posterior == (("Acme", 1.0),)
    assert math.isclose(first.kl_bits, first.surprise_bits, rel_tol=1e-9)
    second = feed(rev("Globex", r=0.9, source="email", day=1))
    assert second.support == 2 and not second.established
    assert math.isclose(sum(p for _, p in second.posterior) + second.posterior_tail, 1.0)
    assert second.kl_bits > 0.0 and second.entropy_after > 0.0


def test_preview_of_an_unknown_entity_creates_nothing() -> None:
    store = BeliefStore()
    out = store.preview(rev("Acme", entity="Zed"))
    assert out.mode_after == "Acme"
    assert store.entities() == [] and store.snapshot("Zed", "employer") is None


# ---------------------------------------------------------------------------- reads as of


def test_as_of_seq_and_as_of_time_show_the_past() -> None:
    feed = Feeder()
    feed(rev("Acme", day=0))
    feed(rev("Google", r=0.95, change=True, day=100))
    store = feed.store
    assert store.snapshot("alice", "employer", as_of_seq=1).mode == "Acme"  # type: ignore[union-attr]
    past = store.snapshot("alice", "employer", as_of_time=T0 + timedelta(days=50))
    assert past is not None and past.mode == "Acme" and past.support == 1
    assert store.snapshot("alice", "employer", as_of_time=T0 - timedelta(days=1)) is None
    live = store.snapshot("alice", "employer")
    far = store.snapshot("alice", "employer", as_of_time=T0 + timedelta(days=5000))
    assert live is not None and far is not None and live.mode == "Google"
    assert live.entropy_bits < far.entropy_bits <= math.log2(len(far.distribution)) + 1e-9
    with pytest.raises(ValueError, match="as_of_time"):
        store.snapshot("alice", "employer", as_of_time=datetime(2024, 1, 1))


# ---------------------------------------------------------------------------- identity


def test_identity_candidates_rank_by_divergence_and_never_merge() -> None:
    feed = Feeder()
    people = {
        "Alice": ("Acme", "Paris", "tennis"),
        "Alice Smith": ("Acme", "Paris", "tennis"),
        "A. Smith": ("Acme", "Lyon", "tennis"),
        "Bob": ("Globex", "Rome", "golf"),
    }
    for day, (name, (job, city, hobby)) in enumerate(people.items()):
        feed(rev(job, entity=name, day=day))
        feed(rev(city, entity=name, attribute="location", day=day))
        feed(rev(hobby, entity=name, attribute="hobby", day=day))
    feed(rev("Initech", entity="Dora", attribute="role"))  # shares nothing with Alice
    cands = feed.store.identity_candidates("alice", k=5)
    assert [c.entity for c in cands] == ["Alice Smith", "A. Smith", "Bob"]
    assert cands[0].divergence_bits < cands[1].divergence_bits < cands[2].divergence_bits
    assert cands[0].shared_attributes == ("employer", "hobby", "location")
    assert len(feed.store.identity_candidates("alice", k=1)) == 1
    assert len(feed.store.entities()) == 5


def test_merge_mixes_by_support_and_redirects_later_revisions() -> None:
    feed = Feeder()
    feed(rev("Acme", entity="Alice", day=0))
    feed(rev("Acme", entity="Alice", source="email", day=0))
    feed(rev("Acme", entity="Alice", source="profile", day=0))
    feed(rev("Globex", entity="Ally", day=0))
    feed(rev("tennis", entity="Ally", attribute="hobby", day=0))
    before = feed.seq
    feed.merge("Alice", "ally")
    store = feed.store
    assert store.entities() == ["Alice"]
    snap = store.snapshot("Ally", "employer")
    assert snap is not None and snap.entity == "Alice" and snap.support == 4
    dist = dict(snap.distribution)
    assert math.isclose(dist["Acme"], 0.75, abs_tol=1e-9)
    assert math.isclose(dist["Globex"], 0.25, abs_tol=1e-9)
    assert store.dimensions("alice") == ["employer", "hobby"]
    # Before the merge the two entities were separate.
    old = store.snapshot("Ally", "employer", as_of_seq=before)
    assert old is not None and old.entity == "Ally" and old.mode == "Globex"
    out = feed(rev("chess", entity="ALLY", attribute="hobby", day=1))
    assert out.entity == "Alice"
    hobby = store.snapshot("alice", "hobby")
    assert hobby is not None and set(hobby.held) == {"tennis", "chess"}
    with pytest.raises(ValueError, match="absorb"):
        store.apply_merge("Alice", "Ally", seq=feed.seq + 1, event_id="x")


def test_as_of_seq_replays_accepted_merges() -> None:
    feed = Feeder()
    feed(rev("Acme", entity="Alice", day=0))
    feed(rev("Acme", entity="Alice", source="email", day=5))
    feed(rev("Globex", entity="Bob", day=10))
    feed(rev("tennis", entity="Bob", attribute="hobby", day=10))
    feed.merge("Alice", "Bob")
    merged = feed.store.snapshots("alice")
    feed(rev("Initech", entity="bob", r=0.95, change=True, day=20))
    feed(rev("chess", entity="Alice", attribute="hobby", day=21))
    store = feed.store
    assert store.snapshots("alice", as_of_seq=5) == merged
    assert store.snapshots("bob", as_of_seq=5) == merged
    before = store.snapshots("alice", as_of_seq=4)
    assert [s.attribute for s in before] == ["employer"] and before[0].support == 2
    assert store.snapshot("bob", "employer", as_of_seq=4).mode == "Globex"  # type: ignore[union-attr]
    # Identity is timeless: a time-only read sees the merged entity's whole past.
    past = store.snapshot("bob", "employer", as_of_time=T0 + timedelta(days=15))
    assert past is not None and past.entity == "Alice" and past.support == 3


def test_compression_is_due_after_a_run_of_high_entropy_and_is_only_a_flag() -> None:
    feed = Feeder()
    for i, value in enumerate(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]):
        feed(rev(value, attribute="location", r=0.3, source=f"s{i}", day=float(i)))
    store = feed.store
    assert store.compression_due() == [("Alice", "location")]
    store.mark_compressed("alice", "location", seq=feed.seq + 1)
    assert store.compression_due() == []
    snap = store.snapshot("alice", "location")
    assert snap is not None and snap.compressed and snap.support == 10
    before = store.snapshot("alice", "location", as_of_seq=feed.seq)
    assert before is not None and not before.compressed


def test_bad_input_is_rejected_with_the_field_named() -> None:
    store = BeliefStore()
    with pytest.raises(ValueError, match="occurred_at"):
        Revision(
            entity="a",
            attribute="employer",
            value="x",
            reliability=0.5,
            occurred_at=datetime(2024, 1, 1),
        )
    with pytest.raises(ValueError, match="reliability"):
        rev("x", r=1.5)
    with pytest.raises(ValueError, match="value"):
        rev("<Unknown>")
    store.apply(rev("x"), seq=5, event_id="e5")
    with pytest.raises(ValueError, match="seq"):
        store.apply(rev("y"), seq=4, event_id="e4")
    with pytest.raises(ValueError, match="keep"):
        store.apply_merge("nobody", "alice", seq=6, event_id="e6")
    # A compression record of a dimension whose revisions were erased flags nothing.
    store.mark_compressed("bob", "location", seq=6)
    assert "bob" not in [match_key(e) for e in store.entities()] and store.last_seq == 6
    store.clear()
    assert store.entities() == [] and store.last_seq == 0
