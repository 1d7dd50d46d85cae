"""after_turn credits no value of a slot shown as conflicted, also one the question reached
through a link; a compiled procedure says what one pass over the same journal says, however
sleep was scheduled."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


async def test_after_turn_credits_no_value_of_a_linked_conflicted_slot(rt: MemoryRuntime) -> None:
    async def say(text: str, actor: str, d: int) -> None:
        await rt.observe_and_route({"content": text, "actor": actor, "occurred_at": T0 + d * DAY})

    await say("I work at Globex.", "Tom", 0)
    await say("I work at Globex.", "Tom", 7)
    await say("Tom works at Initech.", "Sue", 14)
    await rt.observe_and_commit(
        {"content": "Maya is married to Tom.", "actor": "Maya", "occurred_at": T0 + 15 * DAY,
         "claims": [{"entity": "Maya", "attribute": "spouse", "value": "Tom"}]}
    )  # fmt: skip
    ctx = await rt.query("Where does Maya's husband work?", budget_tokens=600)
    line = next(s.text for s in ctx.snippets if s.id == "fact:tom.employer")
    assert "[conflicted]" in line
    ev = await rt.after_turn(ctx.trace_id, "success")
    assert not [t for t in ev.payload.targets if t.startswith("fact:tom.employer#")]
    assert "fact:maya.spouse#tom" in ev.payload.targets


async def _task(rt: MemoryRuntime, text: str, outcome: str, d: int) -> None:
    await rt.observe_and_route(
        {"content": text, "type": "task_result", "source": "agent",
         "metadata": {"task": "deploy", "outcome": outcome}, "occurred_at": T0 + d * DAY}
    )  # fmt: skip


async def _procedure(rt: MemoryRuntime, sleep_in_between: bool) -> list[str]:
    await _task(rt, "Deploy: run make release, then tag it.", "success", 0)
    await _task(rt, "Deploy: run make release, then tag it.", "success", 1)
    if sleep_in_between:
        await rt.sleep()
    for d in range(2, 6):
        await _task(rt, f"Deploy failed: make release is gone (try {d}).", "failure", d)
    await rt.sleep()
    assert (await rt.sleep()).event_ids == ()  # settled
    wv = await rt.worldview(lens="procedural")
    return [c.value for s in wv.slots for c in s.candidates if c.value.startswith("Procedure")]


async def test_a_procedure_counts_failures_since_it_was_compiled() -> None:
    async with MemoryRuntime.memory() as one, MemoryRuntime.memory() as two:
        incremental = await _procedure(one, True)
        assert incremental == await _procedure(two, False)
        assert any("failed 4" in s for s in incremental)


async def test_a_procedure_the_caller_forgot_stays_forgotten_after_a_failure(
    rt: MemoryRuntime,
) -> None:
    await _task(rt, "Deploy: run make release, then tag it.", "success", 0)
    await _task(rt, "Deploy: run make release, then tag it.", "success", 1)
    (item,) = [c["event_id"] for c in (await rt.sleep()).compiled]
    await rt.forget([item], "invalidate", reason="wrong runbook")
    await _task(rt, "Deploy failed: make release is gone.", "failure", 2)
    assert [c for c in (await rt.sleep()).compiled if c["key"].startswith("procedure:")] == []
