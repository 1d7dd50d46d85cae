"""Evidence recorded late but dated earlier (an import, a back-filled history) folds at its
date: a belief is the fold of its revisions in event-time order, whatever order they
arrived in, live, rebuilt and as of any seq or time; the historical lens dates each value's
spans as if memory had heard everything in order, and never shows a range that ends before
it starts."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.projections import backdated
from nousmem.projections.belief_models import BeliefParams, Revision
from nousmem.projections.dimension import Dimension
from nousmem.projections.history import refold
from nousmem.projections.identity import absorb
from nousmem.projections.revision import RevisionOp
from nousmem.projections.schema import DEFAULT_SCHEMA
from nousmem.runtime import MemoryRuntime


async def _say(rt: MemoryRuntime, text: str, when: str, actor: str = "Mia") -> Any:
    return await rt.observe_and_route({"content": text, "actor": actor, "occurred_at": when})


def _spans(wv: Any, key: str) -> list[tuple[Any, ...]]:
    return sorted(
        (c.value, c.status, c.valid_from, c.valid_to, c.earlier)
        for s in wv.slots
        if s.key == key
        for c in s.candidates
    )


async def test_a_back_dated_supersession_never_inverts_a_range(rt: MemoryRuntime) -> None:
    await _say(rt, "I work at Google.", "2024-06-01T00:00:00Z", "Alice")
    # A diary entry from January, imported afterwards: Google is still the latest.
    await _say(rt, "I work at Initech.", "2024-01-01T00:00:00Z", "Alice")
    wv = await rt.worldview(lens="historical")
    cands = [c for s in wv.slots if s.key == "Alice.employer" for c in s.candidates]
    by = {c.value: c for c in cands}
    assert set(by) == {"Google", "Initech"}
    assert (by["Google"].status, by["Google"].valid_to) == ("selected", None)
    initech = by["Initech"]
    assert initech.status == "superseded"
    assert (initech.valid_from, initech.valid_to) == (
        datetime(2024, 1, 1, tzinfo=UTC),
        datetime(2024, 6, 1, tzinfo=UTC),
    )
    for c in cands:
        assert c.valid_to is None or c.valid_from is None or c.valid_to >= c.valid_from


async def test_an_older_statement_told_late_does_not_replace_a_newer_one(
    rt: MemoryRuntime,
) -> None:
    """Before: "I live in Paris" dated 2024, recorded after "I live in Lyon now" dated 2025,
    took the slot (Paris "since 1 January 2024", Lyon superseded)."""
    await _say(rt, "I live in Lyon now.", "2025-03-01T10:00:00Z")
    await _say(rt, "I live in Paris.", "2024-01-01T10:00:00Z")
    belief = await rt.belief("Mia", "location")
    assert belief is not None and belief.mode == "Lyon"
    logical = (await rt.query("Where does Mia live?")).to_prompt()
    assert "Mia.location: Lyon (since 1 March 2025)" in logical
    assert "Paris (since" not in logical
    past = (await rt.query("Where did Mia live before?")).to_prompt()
    assert "before: Paris (1 January 2024 - 1 March 2025)" in past
    then = await rt.query("Where does Mia live?", as_of=datetime(2024, 6, 1, tzinfo=UTC))
    assert "Mia.location: Paris (since 1 January 2024)" in then.to_prompt()

    # The same two statements heard in order give the same belief and the same history.
    fresh = await MemoryRuntime.memory(namespace="in-order")
    try:
        await _say(fresh, "I live in Paris.", "2024-01-01T10:00:00Z")
        await _say(fresh, "I live in Lyon now.", "2025-03-01T10:00:00Z")
        ordered = await fresh.belief("Mia", "location")
        assert ordered is not None
        assert ordered.distribution == belief.distribution
        wv_fresh = await fresh.worldview(lens="historical")
        wv = await rt.worldview(lens="historical")
        assert _spans(wv, "Mia.location") == _spans(wv_fresh, "Mia.location")
    finally:
        await fresh.close()

    live = _spans(await rt.worldview(lens="historical"), "Mia.location")
    await rt.rebuild()
    assert _spans(await rt.worldview(lens="historical"), "Mia.location") == live


async def test_a_claim_agreeing_with_now_but_not_with_its_date_is_a_revision(
    rt: MemoryRuntime,
) -> None:
    """Paris holds now, firmly (a restatement now only confirms it); "I live in Paris"
    dated while Lyon held confirms nothing: it moves history (Paris from its date), so it
    is written as a revision, not as mere evidence."""
    await _say(rt, "I live in Lyon.", "2024-01-01T12:00:00Z")
    for day in range(1, 18, 4):
        await _say(rt, "I live in Paris.", f"2024-07-{day:02d}T12:00:00Z")
    again = await _say(rt, "I live in Paris.", "2024-07-18T12:00:00Z")
    assert again.route == "evidence"  # the same words dated now: a confirmation
    late = await _say(rt, "I live in Paris.", "2024-03-01T12:00:00Z")
    assert late.route == "belief_update"
    (delta,) = late.deltas
    assert (delta.value, delta.mode_before, delta.mode_after) == ("Paris", "Paris", "Paris")
    assert (delta.back_dated, delta.held_at_date) == (True, "Lyon")
    wv = await rt.worldview(lens="historical")
    spans = {v: (start, end) for v, _, start, end, _ in _spans(wv, "Mia.location")}
    assert spans["Lyon"] == (
        datetime(2024, 1, 1, 12, tzinfo=UTC),
        datetime(2024, 3, 1, 12, tzinfo=UTC),
    )
    assert spans["Paris"] == (datetime(2024, 3, 1, 12, tzinfo=UTC), None)


async def test_a_back_dated_low_trust_claim_still_meets_the_surprise_gate(
    rt: MemoryRuntime,
) -> None:
    """Dating a claim before a belief became established does not slip it past the gate:
    it is judged against what memory holds now."""
    for src, when in (("user", "2024-05-01T10:00:00Z"), ("system", "2024-05-02T10:00:00Z")):
        await rt.observe_and_route(
            {"content": "Bob lives in Berlin.", "source": src, "occurred_at": when}
        )
    late = await rt.observe_and_route(
        {"content": "Bob lives in Rome.", "source": "web", "occurred_at": "2024-05-01T12:00:00Z"}
    )
    assert late.route == "candidate"
    belief = await rt.belief("Bob", "location")
    assert belief is not None and belief.mode == "Berlin"


async def test_a_low_trust_claim_dated_into_an_established_past_is_held(
    rt: MemoryRuntime,
) -> None:
    """A web claim agreeing with the value held now, dated when another value was
    established, contradicts that past: held for corroboration, as heard in order it would
    be, and the past stays as it was (review rev26 #5)."""
    for text, src, when in (
        ("Bob lives in Rome.", "user", "2023-01-01T10:00:00Z"),
        ("Bob lives in Rome.", "system", "2023-01-05T10:00:00Z"),
        ("Bob lives in Rome.", "user", "2023-01-09T10:00:00Z"),
        ("Bob moved to Berlin.", "user", "2024-06-01T10:00:00Z"),
        ("Bob lives in Berlin.", "system", "2024-06-05T10:00:00Z"),
    ):
        await rt.observe_and_route({"content": text, "source": src, "occurred_at": when})
    late = await rt.observe_and_route(
        {"content": "Bob lives in Berlin.", "source": "web", "occurred_at": "2023-02-01T10:00:00Z"}
    )
    assert late.route == "candidate"
    then = await rt.belief("Bob", "location", as_of=datetime(2023, 3, 1, tzinfo=UTC))
    assert then is not None and then.distribution == (("Rome", 1.0),)


async def test_two_back_dated_claims_of_one_message_preview_as_they_fold(
    rt: MemoryRuntime,
) -> None:
    """The second claim's preview sees the first folded after what was recorded at the same
    time, as the fold does (review rev26 #8: the preview put it before them)."""
    await _say(rt, "I work at Google.", "2024-03-01T10:00:00Z")
    await _say(rt, "I work at Hooli.", "2025-01-01T10:00:00Z")
    r = await _say(
        rt, "I don't work at Google anymore, I work at Sarvam now.", "2024-03-01T10:00:00Z"
    )
    got = [(d.value, d.polarity, d.back_dated, d.held_at_date) for d in r.deltas]
    assert got == [("Google", "negate", True, "Google"), ("Sarvam", "assert", True, None)]


async def test_a_claim_judged_at_its_date_names_the_value_it_contests(
    rt: MemoryRuntime,
) -> None:
    """Berlin holds now; "I think I live in Berlin" dated when Rome was established asks
    about Rome, not "was 'Berlin'; is it now 'Berlin'?" (review rev27)."""
    await _say(rt, "I live in Rome.", "2023-01-01T10:00:00Z")
    await _say(rt, "I live in Rome.", "2023-01-05T10:00:00Z")
    await _say(rt, "I live in Rome.", "2023-01-09T10:00:00Z")
    await _say(rt, "I moved to Berlin.", "2024-06-01T10:00:00Z")
    await _say(rt, "I live in Berlin.", "2024-06-05T10:00:00Z")
    late = await _say(rt, "I think I live in Berlin.", "2023-02-01T10:00:00Z")
    assert late.route == "clarify"
    assert late.clarify is not None and "was 'Rome'; is it now 'Berlin'?" in late.clarify


async def test_a_preview_folds_scratch_claims_after_what_was_recorded_at_their_time(
    rt: MemoryRuntime,
) -> None:
    """One message with a claim at the time of the latest revision and one that promotes a
    back-dated held claim: what is journaled is what the fold does (review rev27)."""
    for text, src, when in (
        ("I work at Initech.", "user", "2024-01-01T10:00:00Z"),
        ("I work at Initech.", "user", "2024-01-05T10:00:00Z"),
        ("I work at Initech.", "user", "2024-01-09T10:00:00Z"),
        ("I work at Globex.", "web", "2024-02-01T10:00:00Z"),
        ("I left Initech and joined Hooli.", "user", "2025-07-23T12:00:00Z"),
    ):
        await rt.observe_and_route(
            {"content": text, "actor": "Mia", "source": src, "occurred_at": when}
        )
    store = rt._proj.beliefs
    before = copy.deepcopy(store._live_dimension("Mia", "employer"))
    assert before is not None
    r = await _say(
        rt, "I don't work at Hooli anymore, I work at Globex now.", "2025-07-23T12:00:00Z"
    )
    live = store._live_dimension("Mia", "employer")
    assert live is not None
    last = max(op.seq for op in before.ops)
    new = sorted((op for op in live.ops if op.seq > last), key=lambda op: op.seq)
    assert len(new) == len(r.deltas) >= 2
    for op, delta in zip(new, r.deltas, strict=True):
        assert isinstance(op, RevisionOp)
        folded = before.apply(op.revision, seq=op.seq, event_id=op.event_id)
        assert (delta.value, delta.mode_before, delta.mode_after) == (
            folded.value,
            folded.mode_before,
            folded.mode_after,
        )
        assert delta.surprise_bits == pytest.approx(folded.surprise_bits)


async def test_a_refolded_history_extended_by_later_revisions_equals_a_fresh_one(
    rt: MemoryRuntime,
) -> None:
    """Reads after writes reuse a refolded belief's history, extended by each revision in
    time order; it must equal the one a refold works out afresh."""
    await _say(rt, "I live in Lyon.", "2025-03-01T10:00:00Z")
    await _say(rt, "I live in Paris.", "2024-01-01T10:00:00Z")
    for i, text in enumerate(["I moved to Rome.", "I live in Rome.", "I moved to Oslo."] * 3):
        await rt.worldview(lens="historical")
        await _say(rt, text, f"2025-04-{i + 1:02d}T10:00:00Z")
    await rt.worldview(lens="historical")
    dim = rt._proj.beliefs._live_dimension("Mia", "location")
    assert dim is not None and dim.trail_cache is not None
    assert dim.trail_cache[0] == dim.version  # extended, not worked out again
    fresh: list[Any] = []
    refold(dim, as_of_seq=None, as_of_time=None, trail=fresh)
    assert list(dim.trail_cache[1]) == fresh and len(fresh) >= 5


# -- the belief math: a dimension fed in any order equals one fed in event-time order -----

T0 = datetime(2024, 1, 1, tzinfo=UTC)
SINGLE = DEFAULT_SCHEMA.spec("location")
MULTI = DEFAULT_SCHEMA.spec("hobby")

revisions = st.lists(
    st.tuples(
        st.sampled_from(("Lyon", "Paris", "Rome")),
        st.sampled_from(("assert", "assert", "negate")),
        st.integers(0, 400),  # days after T0
        st.sampled_from((0.5, 0.8, 0.95)),
        st.booleans(),  # update language
    ),
    min_size=1,
    max_size=24,
)


def _rev(value: str, polarity: str, day: int, reliability: float, change: bool) -> Revision:
    return Revision(
        entity="Mia",
        attribute="location",
        value=value,
        polarity=polarity,  # type: ignore[arg-type]
        reliability=reliability,
        source="user",
        change=change,
        occurred_at=T0 + timedelta(days=day),
        evidence_ids=("e",),
    )


def _state(dim: Dimension) -> tuple[Any, ...]:
    return (
        list(dim.labels),
        np.round(dim.p, 12).tolist(),
        np.round(dim.alpha, 12).tolist(),
        np.round(dim.beta, 12).tolist(),
        dim.support,
        dim.observed,
        round(dim.ghost, 12),
        dim.last_t,
        dim.latest_at,
        dim.streak,
        dim.counters,
        dim.stances,
        [op.seq for op in dim.ops],
        [(e, s, t, label, pol, round(bits, 9)) for e, s, t, label, pol, bits in dim.deltas],
    )


@settings(max_examples=150, deadline=None)
@given(revisions, st.booleans(), st.sampled_from(((2, 4, 6), (3, 9, 9), (2, 5, 4), (32, 32, 64))))
def test_any_arrival_order_folds_as_event_time_order(
    ops: list[tuple[str, str, int, float, bool]], multi: bool, marking: tuple[int, int, int]
) -> None:
    """``marking``: how often a refolded dimension marks its state (see backdated.Mark),
    how often beyond how many of the latest operations; a refold from a mark must equal
    one from the start."""
    spec = MULTI if multi else SINGLE
    revs = [_rev(*o) for o in ops]
    live = Dimension("Mia", spec, BeliefParams())
    saved = backdated._EVERY, backdated._SPARSE, backdated._RECENT
    backdated._EVERY, backdated._SPARSE, backdated._RECENT = marking
    try:
        for seq, rev in enumerate(revs, start=1):
            live.fold(rev, seq=seq, event_id=f"e{seq}")
    finally:
        backdated._EVERY, backdated._SPARSE, backdated._RECENT = saved
    ordered = Dimension("Mia", spec, BeliefParams())
    for seq, rev in sorted(enumerate(revs, start=1), key=lambda x: (x[1].occurred_at, x[0])):
        ordered.fold(rev, seq=seq, event_id=f"e{seq}")
    assert _state(live) == _state(ordered)
    assert (live.reordered is not None) == any(
        r.occurred_at < max(p.occurred_at for p in revs[:i]) for i, r in enumerate(revs) if i
    )
    if live.reordered is not None:
        # A refolded belief keeps its mode trail as it folds: a first read need not refold.
        assert live.trail_cache is not None and live.trail_cache[0] == live.version
        fresh: list[Any] = []
        refold(live, as_of_seq=None, as_of_time=None, trail=fresh)
        assert list(live.trail_cache[1]) == fresh
    # A read as of any journal position sees the fold of what was recorded by then.
    for k in range(1, len(revs) + 1):
        prefix = Dimension("Mia", spec, BeliefParams())
        for seq, rev in sorted(
            enumerate(revs[:k], start=1), key=lambda x: (x[1].occurred_at, x[0])
        ):
            prefix.fold(rev, seq=seq, event_id=f"e{seq}")
        folded = refold(live, as_of_seq=k, as_of_time=None)
        assert folded is not None and _state(folded) == _state(prefix)


def test_a_back_dated_revision_after_a_merge_folds_once_in_order() -> None:
    """A merge folds where the journal had it; a revision dated between the two sides'
    latest evidence is not back-dated against the absorbed side (it would refold forever)."""
    keep = Dimension("Mia", SINGLE, BeliefParams())
    keep.fold(_rev("Lyon", "assert", 10, 0.9, False), seq=1, event_id="e1")
    other = Dimension("M.", SINGLE, BeliefParams())
    other.fold(_rev("Paris", "assert", 300, 0.9, False), seq=2, event_id="e2")
    absorb(keep, other, seq=3, event_id="m", occurred_at=T0 + timedelta(days=301))
    keep.fold(_rev("Rome", "assert", 100, 0.9, True), seq=4, event_id="e4")
    assert keep.reordered is None
    keep.fold(_rev("Lyon", "assert", 5, 0.9, False), seq=5, event_id="e5")  # back-dated
    assert keep.reordered == 5
    assert [op.seq for op in keep.ops] == [5, 1, 3, 4]
    assert _state(refold(keep, as_of_seq=None, as_of_time=None) or keep) == _state(keep)


async def test_a_refolded_belief_reads_its_latest_history(rt: MemoryRuntime) -> None:
    """A refolded belief's history is worked out once per change: a read after a later
    revision (in order, or back-dated again) sees it."""
    await _say(rt, "I live in Lyon now.", "2025-03-01T10:00:00Z")
    await _say(rt, "I live in Paris.", "2024-01-01T10:00:00Z")
    first = _spans(await rt.worldview(lens="historical"), "Mia.location")
    assert [(v, s) for v, s, *_ in first] == [("Lyon", "selected"), ("Paris", "superseded")]
    await _say(rt, "I moved to Rome.", "2026-01-01T10:00:00Z")
    after = _spans(await rt.worldview(lens="historical"), "Mia.location")
    assert [(v, s, b) for v, s, _, b, _ in after] == [
        ("Lyon", "superseded", datetime(2026, 1, 1, 10, tzinfo=UTC)),
        ("Paris", "superseded", datetime(2025, 3, 1, 10, tzinfo=UTC)),
        ("Rome", "selected", None),
    ]
    await _say(rt, "I lived in Oslo.", "2023-01-01T10:00:00Z")
    await _say(rt, "I live in Oslo.", "2023-01-01T10:00:00Z")
    spans = {
        v: (s, a, b)
        for v, s, a, b, _ in _spans(await rt.worldview(lens="historical"), "Mia.location")
    }
    jan = {y: datetime(y, 1, 1, 10, tzinfo=UTC) for y in (2023, 2024, 2026)}
    assert spans["Rome"] == ("selected", jan[2026], None)
    assert spans["Lyon"] == ("superseded", datetime(2025, 3, 1, 10, tzinfo=UTC), jan[2026])
    assert spans["Oslo"] == ("superseded", jan[2023], jan[2024])


async def test_an_old_statement_does_not_contest_an_established_current_value(
    rt: MemoryRuntime,
) -> None:
    """A trusted back-dated claim that disagrees with an established value held now is an
    older state of affairs, not a contradiction of it: the slot stays resolved."""
    for day in ("01", "05", "09"):
        await _say(rt, "I live in Lyon.", f"2025-03-{day}T10:00:00Z")
    late = await _say(rt, "I live in Paris.", "2024-01-01T10:00:00Z")
    assert late.route == "belief_update"
    kinds = [(await rt.get(i)).kind for i in late.event_ids]
    assert "edge" not in kinds and "belief.revised" in kinds, kinds  # nothing contests Lyon
    slot = (await rt.worldview(lens="historical")).slot("fact:mia.location")
    assert slot is not None and (slot.status, slot.selected) == ("resolved", ("Lyon",))
    paris = next(c for c in slot.candidates if c.value == "Paris")
    assert (paris.status, paris.valid_to) == (
        "superseded",
        datetime(2025, 3, 1, 10, tzinfo=UTC),
    )


def test_a_restamped_support_row_keeps_every_other_field() -> None:
    """``SupportRow.with_seq`` (a refolded belief's rows, restamped on every read) builds
    the row field by field: a field it left out would fall back to its default."""
    import dataclasses

    from nousmem.projections.worldview_items import SupportRow

    values: dict[str, Any] = {
        "seq": 3,
        "occurred_at": T0,
        "event_id": "ev1",
        "source": "user",
        "reliability": 0.7,
        "polarity": "negate",
        "evidence_ids": ("a", "b"),
        "counts_from": T0 + timedelta(days=2),
        "told": (T0.date(), "2023"),
        "ended": (T0.date(), "until 2023"),
    }
    assert set(values) == {f.name for f in dataclasses.fields(SupportRow)}
    row = SupportRow(**values)
    assert row.with_seq(9) == dataclasses.replace(row, seq=9)


def test_marks_are_dense_among_the_latest_operations_and_sparse_before() -> None:
    """A back-dated revision among the last few operations refolds from a mark at most
    ``_EVERY`` operations before its place, and a long history keeps one mark per
    ``_SPARSE`` operations beyond the last ``_RECENT`` (its memory stays bounded)."""
    dim = Dimension("Mia", MULTI, BeliefParams())
    cities = ("Lyon", "Paris", "Rome")
    dim.fold(_rev("Lyon", "assert", 500, 0.9, False), seq=1, event_id="e1")
    dim.fold(_rev("Rome", "assert", 1, 0.9, False), seq=2, event_id="e2")  # back-dated
    assert dim.marks is not None
    for i in range(3, 301):
        dim.fold(_rev(cities[i % 3], "assert", 500 + i, 0.9, False), seq=i, event_id=f"e{i}")
    n = len(dim.ops)
    ats = [m.at for m in dim.marks]
    assert ats == sorted(ats) and all(a % backdated._EVERY == 0 for a in ats)
    assert all(a % backdated._SPARSE == 0 for a in ats if a <= n - backdated._RECENT)
    assert [a for a in ats if a > n - backdated._RECENT] == list(
        range(n - n % backdated._EVERY, n - backdated._RECENT, -backdated._EVERY)
    )[::-1]
    assert len(ats) <= n // backdated._SPARSE + backdated._RECENT // backdated._EVERY + 1

    applied: list[int] = []
    real = backdated._apply

    def counting(out: Dimension, op: Any) -> None:
        applied.append(op.seq)
        real(out, op)

    late = _rev("Paris", "assert", 500 + 299, 0.9, False)  # between the last two operations
    backdated._apply = counting
    try:
        before = dim.plan(late)
    finally:
        backdated._apply = real
    assert before.outcome is not None and before.outcome.back_dated
    # From the last mark: fewer than _EVERY operations before it, the one after, itself;
    # each once (the state at its date is passed through on the way, not folded apart).
    assert len(applied) <= backdated._EVERY + 1 <= 5
    dim.fold(late, seq=301, event_id="e301")
    ordered = Dimension("Mia", MULTI, BeliefParams())
    revs = [op.revision for op in dim.ops]
    for op in sorted(dim.ops, key=lambda o: (o.revision.occurred_at, o.seq)):
        ordered.fold(op.revision, seq=op.seq, event_id=op.event_id)
    assert _state(dim) == _state(ordered) and len(revs) == 301

    # Dated before all of it: refolded from the start, taking only the marks it keeps.
    taken: list[int] = []
    real_mark = backdated.Mark

    def counting_mark(at: int, *rest: Any) -> Any:
        taken.append(at)
        return real_mark(at, *rest)

    backdated.Mark = counting_mark  # type: ignore[assignment,misc]
    try:
        dim.fold(_rev("Rome", "assert", 0, 0.9, False), seq=302, event_id="e302")
    finally:
        backdated.Mark = real_mark  # type: ignore[misc]
    n = len(dim.ops)
    assert n == 302 and [m.at for m in dim.marks] == taken
    assert all(a % backdated._SPARSE == 0 for a in taken if a <= n - backdated._RECENT)
    assert len(taken) <= n // backdated._SPARSE + backdated._RECENT // backdated._EVERY


def test_a_claim_told_twice_in_one_write_reads_its_date_after_the_first() -> None:
    """The second copy of a back-dated claim folds after the first (its scratch commit in
    the same write), so the value held at its date is the one the first left."""
    from nousmem.projections.beliefs import BeliefStore
    from nousmem.projections.preview import PreviewSession

    def moved(value: str, day: int) -> Revision:
        return _rev(value, "assert", day, 0.9, True)

    store = BeliefStore()
    store.fold(_rev("Lyon", "assert", 1, 0.9, False), seq=1, event_id="e1")
    store.fold(_rev("Rome", "assert", 10, 0.9, False), seq=2, event_id="e2")
    session = PreviewSession(store)
    claim = moved("Paris", 5)
    first = session.preview(claim)
    session.apply(claim)
    second = session.preview(claim)
    assert first.back_dated and first.held_at_date == "Lyon"
    truth = BeliefStore()
    truth.fold(_rev("Lyon", "assert", 1, 0.9, False), seq=1, event_id="e1")
    truth.fold(moved("Paris", 5), seq=2, event_id="e2")
    held = truth.snapshot("Mia", "location")
    assert held is not None and held.mode == "Paris"
    assert second.back_dated and second.held_at_date == "Paris"
