"""A read as of an event time shows that past: what was recorded later but happened after it
(a contradiction, a promotion, feedback) stays out, and evidence recorded late but dated
before it (a back-dated claim) moves the worldview as it moves ``belief(as_of=...)``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from nousmem.runtime import MemoryRuntime


def day(month: int, d: int = 1) -> datetime:
    return datetime(2024, month, d, 9, tzinfo=UTC)


async def _google(rt: MemoryRuntime) -> None:
    """Alice's employer, established by 1 February."""
    for text, when in [("I work at Google.", day(1)), ("I work at Google on search.", day(2))]:
        await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": when})


async def _reads(rt: MemoryRuntime, when: datetime) -> tuple[str, str, str]:
    logical = (await rt.worldview(as_of=when)).render()
    historical = (await rt.worldview("historical", as_of=when)).render()
    ctx = await rt.query("Where does Alice work?", as_of=when)
    return logical, historical, ctx.prompt_sections["worldview"]


async def test_a_later_contradiction_stays_out_of_an_earlier_read(rt: MemoryRuntime) -> None:
    await _google(rt)
    before = await _reads(rt, day(2, 15))
    res = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "tool:hr", "occurred_at": day(3)}
    )
    now = (await rt.worldview()).slot("fact:alice.employer")
    assert res.route == "belief_update" and now is not None and now.status == "conflicted"
    # On 15 February nothing contested Google yet; the belief as of then says so too.
    assert await _reads(rt, day(2, 15)) == before
    slot = (await rt.worldview(as_of=day(2, 15))).slot("fact:alice.employer")
    assert slot is not None and slot.status == "resolved" and slot.selected == ("Google",)
    assert (await rt.belief("Alice", "employer", as_of=day(2, 15))).mode == "Google"


async def test_a_later_promotion_stays_out_of_an_earlier_read(rt: MemoryRuntime) -> None:
    await _google(rt)
    held = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "web", "occurred_at": day(3)}
    )
    assert held.route == "candidate"
    promoted = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "document", "occurred_at": day(4)}
    )
    assert promoted.promoted_ids
    wv = await rt.worldview("historical", as_of=day(3, 15))
    hypotheses = [c for s in wv.slots if s.kind == "hypothesis" for c in s.candidates]
    assert [(c.value, c.status) for c in hypotheses] == [("Meta", "held")]
    fact = wv.slot("fact:alice.employer")
    assert fact is not None and fact.status == "resolved" and fact.selected == ("Google",)
    # The fact slot lists what the belief as of then holds, each value with its date.
    belief = await rt.belief("Alice", "employer", as_of=day(3, 15))
    assert {c.value for c in fact.candidates} == {v for v, _ in belief.distribution}
    assert all(c.valid_from is not None and c.valid_from <= day(3, 15) for c in fact.candidates)
    ctx = await rt.query("Where does Alice work?", as_of=day(3, 15))
    assert "CONFLICTED" not in ctx.prompt_sections["worldview"]


async def test_later_feedback_stays_out_of_an_earlier_read(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": day(1)}
    )
    await rt.observe_and_route(
        {"content": "I live in Paris.", "actor": "Alice", "occurred_at": day(3)}
    )
    before = (await rt.worldview(as_of=day(2, 15))).model_dump(exclude={"as_of_seq"})
    ctx = await rt.query("Where does Alice work?")
    out = await rt.after_turn(ctx.trace_id, "failure")  # dated 1 March, the latest event
    assert "fact:alice.employer#google" in out.payload.targets
    after = (await rt.worldview(as_of=day(2, 15))).model_dump(exclude={"as_of_seq"})
    assert after == before
    now = (await rt.worldview()).slot("fact:alice.employer")
    assert now is not None and now.candidates[0].components.utility < 0


def _employer(value: str, when: datetime) -> dict[str, Any]:
    return {
        "content": f"Alice employer update: {value}",
        "occurred_at": when,
        "claims": [{"entity": "Alice", "attribute": "employer", "value": value, "change": True}],
    }


async def _as_of_august(rt: MemoryRuntime, order: list[tuple[str, int]]) -> tuple[Any, ...]:
    for value, month in order:
        await rt.observe_and_route(_employer(value, day(month)))
    belief = await rt.belief("Alice", "employer", as_of=day(8))
    logical = await rt.worldview(as_of=day(8))
    history = await rt.worldview("historical", as_of=day(8))
    ctx = await rt.query("Where does Alice work?", as_of=day(8))
    return belief, logical, history, ctx.prompt_sections["worldview"]


async def test_a_back_dated_claim_supersedes_in_an_event_time_read(clock: Any) -> None:
    """Sarvam AI (June) recorded after Anthropic (October): as of August the worldview holds
    what the belief as of August holds, exactly as a chronological import shows it."""
    runs = []
    for order in (
        [("Google", 1), ("Sarvam AI", 6), ("Anthropic", 10)],
        [("Google", 1), ("Anthropic", 10), ("Sarvam AI", 6)],
    ):
        rt = await MemoryRuntime.memory(namespace="user/alice", clock=clock)
        try:
            runs.append(await _as_of_august(rt, order))
        finally:
            await rt.close()
    (b1, logical1, history1, prompt1), (b2, logical2, history2, prompt2) = runs
    assert b1.mode == b2.mode == "Sarvam AI"
    for logical in (logical1, logical2):
        slot = logical.slot("fact:alice.employer")
        assert slot is not None and slot.selected == ("Sarvam AI",)
        assert [c.value for c in slot.candidates] == ["Sarvam AI"]  # Google is no alternative
    assert logical2.render() == logical1.render() and prompt2 == prompt1
    assert "Google" not in prompt2
    google = next(
        c
        for s in history2.slots
        if s.key == "Alice.employer"
        for c in s.candidates
        if c.value == "Google"
    )
    assert google.status == "superseded" and google.valid_to == day(6)
    assert history2.render() == history1.render()


async def test_a_claim_held_then_promoted_stays_out_of_a_logical_read_between(
    rt: MemoryRuntime,
) -> None:
    """As of a time between a held claim and its promotion, the logical and procedural
    lenses leave its turn out, as a journal of only what had happened by then would."""
    await _google(rt)
    web = {"content": "Alice works at Meta.", "source": "web"}
    assert (await rt.observe_and_route({**web, "occurred_at": day(3)})).route == "candidate"
    promoted = await rt.observe_and_route({**web, "source": "document", "occurred_at": day(4)})
    assert promoted.promoted_ids
    for lens in ("logical", "procedural"):
        between = await rt.query("Where does Alice work?", lens=lens, as_of=day(3, 15))
        assert "Alice works at Meta." not in between.to_prompt()
        assert any(s.reason.startswith("provenance:") for s in between.suppressed)
        later = await rt.query("Where does Alice work?", lens=lens, as_of=day(4, 15))
        assert "Alice works at Meta." in later.to_prompt()
