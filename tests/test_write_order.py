"""The order of one governed write's batch, as docs/concepts.md ("What one write commits")
describes it, for readers that consume the journal by position."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime


async def test_a_conflict_edge_follows_its_claims_delta_in_the_batch(rt: MemoryRuntime) -> None:
    # A contradict/supersede edge comes right after the delta it belongs to, before the
    # next claim's delta (not with the support edges, ahead of every delta).
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    for day in range(2):
        when = t0 + timedelta(days=day)
        await rt.observe_and_route(
            {"content": "I work at Google.", "actor": "Alice", "occurred_at": when}
        )
    res = await rt.observe_and_route(
        {"content": "I work at Meta. I live in Paris.", "actor": "Alice",
         "occurred_at": t0 + timedelta(days=5)}
    )  # fmt: skip
    events = [await rt.get(i) for i in res.event_ids]
    kinds = [e.kind for e in events if e is not None]
    assert kinds == ["observation", "impact.assessed", "belief.revised", "edge", "belief.revised"]
    edge = events[3]
    assert edge is not None and edge.payload is not None
    assert edge.payload.verb == "contradict"
    assert edge.payload.target == "fact:alice.employer#google"


async def test_a_support_edge_comes_before_the_deltas(rt: MemoryRuntime) -> None:
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    for day in range(3):
        when = t0 + timedelta(days=day)
        await rt.observe_and_route(
            {"content": "I work at Google.", "actor": "Alice", "occurred_at": when}
        )
    res = await rt.observe_and_route(
        {"content": "I work at Google. I live in Paris.", "actor": "Alice",
         "occurred_at": t0 + timedelta(days=4)}
    )  # fmt: skip
    events = [await rt.get(i) for i in res.event_ids]
    assert [e.kind for e in events if e is not None] == [
        "observation", "impact.assessed", "edge", "belief.revised",
    ]  # fmt: skip
    assert events[2] is not None and events[2].payload.verb == "support"
