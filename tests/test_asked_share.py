"""The lines of the slots a question asks about are its answer: a small budget's snapshot
share must not cut them ("Where did Kim work before?" at 300 tokens kept "Globex" and lost
"before: Initech"), but they take no more than ``asked_share`` of the budget."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.projections.token_estimate import count_tokens
from nousmem.runtime import InvalidInput, MemoryRuntime

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


async def _kim(rt: MemoryRuntime) -> None:
    for text, day in [
        ("I work at Initech as a backend engineer.", 0),
        ("I work at Globex now.", 30),
    ]:
        await rt.observe_and_route(
            {"content": text, "actor": "Kim", "occurred_at": T0 + timedelta(days=day)}
        )


def _snapshot(prompt: str) -> str:
    return prompt.split("## Supporting memories")[0]


async def test_a_past_question_keeps_its_before_line_on_a_small_budget() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _kim(rt)
        ctx = await rt.query("Where did Kim work before?", budget_tokens=300)
        snap = _snapshot(ctx.to_prompt())
        assert "Kim.employer: Globex" in snap
        assert "Kim.employer before: Initech (6 January 2025 - 5 February 2025)" in snap
        assert ctx.token_count <= 300
        assert (await rt.replay_trace(ctx.trace_id)).identical


@pytest.mark.parametrize(("share", "kept"), [(0.0, False), (0.25, True)])
async def test_asked_share_bounds_the_room(share: float, kept: bool) -> None:
    config = {"retrieval": {"asked_share": share}}
    async with MemoryRuntime.memory(namespace="u", config=config) as rt:
        await _kim(rt)
        ctx = await rt.query("Where did Kim work before?", budget_tokens=300)
    snap = _snapshot(ctx.to_prompt())
    assert ("before: Initech" in snap) is kept
    lines = [ln for ln in snap.splitlines() if ln.startswith("- ")]
    assert sum(count_tokens(ln) for ln in lines) <= max(30, int(300 * share))


async def test_a_question_asking_no_slot_keeps_the_plain_share() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _kim(rt)
        for i in range(6):
            await rt.observe_and_route(
                {"content": f"I like hobby number {i} a lot.", "actor": "Kim"}
            )
        ctx = await rt.query("What happened on the trip?", budget_tokens=300)
    lines = [ln for ln in _snapshot(ctx.to_prompt()).splitlines() if ln.startswith("- ")]
    assert sum(count_tokens(ln) for ln in lines) <= 30


async def test_a_slot_whose_value_the_question_names_leads_the_snapshot() -> None:
    # No attribute asked ("start" is no alias): before, the entity's slots came in key
    # order and the first ("activity") took the share.
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [
            ("We went hiking in the Alps last weekend.", 0),
            ("I started at Stripe two weeks ago.", 1),
            ("I live in York.", 2),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "Dan", "occurred_at": T0 + timedelta(days=day)}
            )
        ctx = await rt.query("When did I start at Stripe?", budget_tokens=200, actor="Dan")
    lines = [ln for ln in _snapshot(ctx.to_prompt()).splitlines() if ln.startswith("- ")]
    assert lines[0].startswith("- fact Dan.employer: Stripe")


async def test_a_hyphenated_value_meets_a_question_by_its_parts() -> None:
    # "coffee" asks for "coffee-free": before, the word had to be the whole value's and the
    # snapshot showed the slots first in key order.
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [
            ("My coworker Dan is great.", 0),
            ("I work at Initech.", 1),
            ("I quit coffee.", 2),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "Lee", "occurred_at": T0 + timedelta(days=day)}
            )
        ctx = await rt.query("Do I drink coffee?", budget_tokens=200, actor="Lee")
    prompt = ctx.to_prompt()
    lines = [ln for ln in _snapshot(prompt).splitlines() if ln.startswith("- ")]
    assert lines[0].startswith("- fact Lee.diet: coffee-free")
    assert "- Lee diet: coffee-free" in prompt.split("## Supporting memories")[1]
    # A common part alone says nothing: "gluten free" does not ask for "coffee-free".
    async with MemoryRuntime.memory(namespace="u") as rt:
        await rt.observe_and_route({"content": "I quit coffee.", "actor": "Lee", "occurred_at": T0})
        ctx = await rt.query("Am I gluten free?", budget_tokens=200, actor="Lee")
    assert "- Lee diet: coffee-free" not in ctx.to_prompt().split("## Supporting memories")[1]


async def test_a_plural_value_meets_a_singular_question_word() -> None:
    # "a meeting" asks for "morning meetings": before, the words had to be the same and
    # the diet slot (first in key order) led.
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [("I'm vegetarian.", 0), ("I prefer morning meetings.", 1)]:
            await rt.observe_and_route(
                {"content": text, "actor": "Dan", "occurred_at": T0 + timedelta(days=day)}
            )
        ctx = await rt.query("When should we set up a meeting?", budget_tokens=200, actor="Dan")
    lines = [ln for ln in _snapshot(ctx.to_prompt()).splitlines() if ln.startswith("- ")]
    assert lines[0].startswith("- preference Dan.likes: morning meetings")


@pytest.mark.parametrize("share", [-0.1, 1.5, "a lot"])
async def test_a_bad_asked_share_is_refused_naming_it(share: object) -> None:
    with pytest.raises(InvalidInput, match=r"config\.retrieval\.asked_share"):
        await MemoryRuntime.memory(namespace="u", config={"retrieval": {"asked_share": share}})
