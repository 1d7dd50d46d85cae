"""Repeats and self-corrections of one source (projections/repeats.py), through BeliefStore."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.projections.beliefs import BeliefParams, BeliefStore, Revision

T0 = datetime(2024, 1, 1, tzinfo=UTC)
D = BeliefParams().repeat_discount


def rev(
    value: str,
    day: float,
    *,
    r: float = 0.9,
    source: str = "user",
    change: bool = False,
    entity: str = "Alice",
    attribute: str = "employer",
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
    )


class Feed:
    def __init__(self) -> None:
        self.store = BeliefStore()
        self.seq = 0

    def __call__(self, revision: Revision) -> float:
        """Apply; return the claim's repeat factor (effective / capped reliability)."""
        self.seq += 1
        out = self.store.apply(revision, seq=self.seq, event_id=f"e{self.seq}")
        return out.effective_reliability / min(revision.reliability, 0.99)

    def mode(self, entity: str = "Alice", attribute: str = "employer") -> str | None:
        snap = self.store.snapshot(entity, attribute)
        return None if snap is None else snap.mode


def test_a_source_taking_back_a_misstatement_is_heard_in_full() -> None:
    feed = Feed()
    feed(rev("Google", 0.0))
    assert math.isclose(feed(rev("Google", 0.0)), D)
    feed(rev("Acme", 1.0, change=True))
    assert feed.mode() == "Acme"
    # "No, still Google", an hour later: a correction, not the third Google.
    assert math.isclose(feed(rev("Google", 1.0 + 1 / 24, change=True)), 1.0)
    assert feed.mode() == "Google"


def test_a_back_dated_import_of_the_old_value_stays_a_repeat() -> None:
    feed = Feed()
    feed(rev("Google", 0.0))
    feed(rev("Google", 0.0))
    feed(rev("Acme", 1.0, change=True))
    # Old records of Google, dated before the change but journaled after it.
    assert math.isclose(feed(rev("Google", 0.0)), D**2)
    assert math.isclose(feed(rev("Google", 0.0)), D**3)
    assert feed.mode() == "Acme"


def test_claims_at_one_time_never_count_as_corrections() -> None:
    feed = Feed()
    feed(rev("Google", 1.0))
    # One observation naming Google, Acme and Google again: one event time.
    feed(rev("Google", 1.0))
    feed(rev("Acme", 1.0, change=True))
    assert math.isclose(feed(rev("Google", 1.0, change=True)), D**2)


def test_each_return_to_a_value_counts_less_and_repeats_count_on_from_it() -> None:
    feed = Feed()
    factors = []
    for i, value in enumerate(["A", "B", "A", "B", "A", "B", "A", "A"]):
        factors.append(feed(rev(value, i * 1e-9, r=0.9, source="web")))
    # A, B first; A's returns 1, 0.5, 0.25; then a repeat of A counts on from there.
    expected = [1.0, 1.0, 1.0, 1.0, D, D, D**2, D**3]
    assert all(math.isclose(f, e, rel_tol=1e-6) for f, e in zip(factors, expected, strict=True))


def test_a_weak_source_returning_to_a_value_is_still_a_repeat() -> None:
    feed = Feed()
    weak = BeliefParams().correction_min_reliability - 0.1
    feed(rev("Evil", 0.0, r=weak, source="forum"))
    feed(rev("Junk", 1 / 24, r=weak, source="forum"))
    # A low-trust source gains nothing by alternating: its second Evil is a repeat.
    assert math.isclose(feed(rev("Evil", 2 / 24, r=weak, source="forum")), D ** (2 ** (-1 / 84)))


def test_denying_another_value_does_not_leave_a_value() -> None:
    feed = Feed()
    for _ in range(3):
        feed(rev("Google", 0.0))
    # "Not Acme" agrees with Google: the next Google is the fourth repeat, not a correction.
    feed(rev("Acme", 1 / 24, polarity="negate"))
    assert feed(rev("Google", 2 / 24)) < D**2.9
    feed(rev("Google", 3 / 24, polarity="negate", change=True))
    # Denying Google itself does leave it: the next Google is a return.
    assert math.isclose(feed(rev("Google", 4 / 24, change=True)), 1.0)


def test_a_multi_valued_value_resumed_after_a_negation_is_a_return() -> None:
    feed = Feed()
    feed(rev("tennis", 0.0, attribute="hobby"))
    feed(rev("tennis", 1.0, attribute="hobby"))
    feed(rev("tennis", 30.0, attribute="hobby", polarity="negate", change=True))
    # Another value of the same source does not stand between tennis claims.
    feed(rev("chess", 40.0, attribute="hobby"))
    assert math.isclose(feed(rev("tennis", 60.0, attribute="hobby", change=True)), 1.0)
    snap = feed.store.snapshot("Alice", "hobby")
    assert snap is not None and "tennis" in snap.held


def test_a_flip_flopping_source_fades_against_independent_ones() -> None:
    feed = Feed()
    for i in range(10):
        feed(rev("A", i * 0.5, r=0.8, source=f"s{i}"))
    # A trusted source alternates; it ends on B, but by then it has lost its voice.
    for j in range(9):
        feed(rev("B" if j % 2 == 0 else "A", 6 + j * 0.2, source="boss", change=True))
    assert feed.mode() == "A"


def test_merged_entities_keep_a_sources_latest_claim_and_add_counts() -> None:
    feed = Feed()
    feed(rev("Google", 0.0))
    feed(rev("Acme", 2.0, entity="Al", change=True))
    feed.seq += 1
    feed.store.apply_merge("Alice", "Al", seq=feed.seq, event_id=f"e{feed.seq}")
    # The user's latest claim about the merged entity is Acme (made on "Al"): Google is back.
    assert math.isclose(feed(rev("Google", 2.5, change=True)), 1.0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["A", "B", "C"]), min_size=1, max_size=40))
def test_alternating_never_buys_a_source_more_than_three_times_its_repeat_budget(
    values: list[str],
) -> None:
    """Within moments (no fading), one source's claims of one value weigh at most
    1/(1-d) (one run of repeats) + sum over returns k of d**k/(1-d) = 1/(1-d) + 1/(1-d)**2."""
    feed = Feed()
    weight: dict[str, float] = {}
    for i, value in enumerate(values):
        weight[value] = weight.get(value, 0.0) + feed(rev(value, i * 1e-9, source="web"))
    bound = 1 / (1 - D) + 1 / (1 - D) ** 2
    assert max(weight.values()) <= bound + 1e-9
