"""A belief's latest snapshot is kept on its dimension while the dimension is unchanged
(``Dimension.snap_cache``): after any revision (in order or back-dated, which refolds the
dimension), preview, merge or compression flag, what a read gets must be the snapshot of the
dimension as it stands, and ``BeliefStore.held`` the values that snapshot (or one as of an
event time) holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.projections.belief_models import Revision
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.history import refold

T0 = datetime(2024, 1, 1, tzinfo=UTC)
PEOPLE = ("Mia", "Noor", "Ola")
ATTRS = ("location", "hobby")
VALUES = ("Paris", "Lyon", "Oslo", "chess")


def _rev(who: int, attr: int, value: int, polarity: str, day: int) -> Revision:
    return Revision(
        entity=PEOPLE[who],
        attribute=ATTRS[attr],
        value=VALUES[value],
        polarity=polarity,  # type: ignore[arg-type]
        reliability=0.8,
        source="user",
        change=False,
        occurred_at=T0 + timedelta(days=day),
        evidence_ids=("e",),
    )


def _fresh(store: BeliefStore, who: str, attr: str) -> Any:
    # ``deltas=True`` never uses the kept snapshot: the same belief, with its history.
    snap = store.snapshot(who, attr, deltas=True)
    return None if snap is None else snap.model_copy(update={"deltas": ()})


who = st.integers(0, len(PEOPLE) - 1)
attr = st.integers(0, len(ATTRS) - 1)
steps = st.lists(
    st.one_of(
        st.tuples(
            st.sampled_from(["fold", "preview"]),
            who,
            attr,
            st.integers(0, len(VALUES) - 1),
            st.sampled_from(["assert", "negate"]),
            st.integers(0, 60),  # days after T0: out of order as often as not
        ),
        st.tuples(st.just("merge"), who, who),
        st.tuples(st.just("compress"), who, attr),
    ),
    min_size=1,
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_a_kept_snapshot_is_the_dimension_as_it_stands(ops: list[tuple[Any, ...]]) -> None:
    store = BeliefStore()
    for seq, op in enumerate(ops, start=1):
        if op[0] in ("fold", "preview"):
            rev = _rev(*op[1:])
            if op[0] == "fold":
                store.fold(rev, seq=seq, event_id=f"ev{seq}")
            else:
                store.preview(rev)
        elif op[0] == "merge":
            store.apply_merge(
                PEOPLE[op[1]], PEOPLE[op[2]], seq=seq, event_id=f"ev{seq}", strict=False
            )
        else:
            store.mark_compressed(PEOPLE[op[1]], ATTRS[op[2]], seq=seq)
        for name in PEOPLE:
            for attribute in ATTRS:
                fresh_snap = _fresh(store, name, attribute)
                assert store.snapshot(name, attribute, deltas=False) == fresh_snap, (
                    name,
                    attribute,
                )
                # The cheap read of what is held gives what the snapshot holds, now and at
                # any event time: before, among and long after the revisions.
                held = () if fresh_snap is None else fresh_snap.held
                assert store.held(name, attribute) == held, (name, attribute)
                for day in (0, 30, 60, 61, 900, 100_000):
                    at = T0 + timedelta(days=day, hours=1)
                    then = store.snapshot(name, attribute, as_of_time=at, deltas=False)
                    held = () if then is None else then.held
                    assert store.held(name, attribute, as_of_time=at) == held, (name, day)
                # A mode trail kept as current is the one a refold works out.
                dim = store._live_dimension(name, attribute)
                if dim is not None and dim.trail_cache and dim.trail_cache[0] == dim.version:
                    fresh: list[Any] = []
                    refold(dim, as_of_seq=None, as_of_time=None, trail=fresh)
                    assert list(dim.trail_cache[1]) == fresh, (name, attribute)


def test_a_compression_flag_keeps_a_refolded_belief_trail() -> None:
    """The flag changes no value the belief held: the first read after it need not refold."""
    store = BeliefStore()
    store.fold(_rev(0, 0, 0, "assert", 10), seq=1, event_id="ev1")
    store.fold(_rev(0, 0, 1, "assert", 5), seq=2, event_id="ev2")  # back-dated: refolds
    dim = store._live_dimension("Mia", "location")
    assert dim is not None and dim.reordered is not None
    store.mark_compressed("Mia", "location", seq=3)
    assert dim.trail_cache is not None and dim.trail_cache[0] == dim.version
    fresh: list[Any] = []
    refold(dim, as_of_seq=None, as_of_time=None, trail=fresh)
    assert list(dim.trail_cache[1]) == fresh and fresh


def test_held_rejects_a_naive_time_and_knows_no_unknown_belief() -> None:
    store = BeliefStore()
    store.fold(_rev(0, 1, 3, "assert", 1), seq=1, event_id="ev1")
    with pytest.raises(ValueError, match="timezone-aware"):
        store.held("Mia", "hobby", as_of_time=datetime(2024, 1, 5))
    assert store.held("Mia", "hobby") == ("chess",)
    assert store.held("Nobody", "hobby") == ()
    assert store.held("Mia", "location", as_of_time=T0 + timedelta(days=5)) == ()
