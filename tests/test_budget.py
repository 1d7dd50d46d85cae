"""A budget is a constraint memory keeps for its speaker (policies/rules_money.py): one
amount at a time, the latest said, and what a question about spending reads first."""

from __future__ import annotations

from datetime import UTC, datetime

from nousmem.projections.slot_kinds import slot_kind_for
from nousmem.runtime import MemoryRuntime
from tests.helpers import say_daily

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


async def _say(rt: MemoryRuntime, *texts: str) -> None:
    await say_daily(rt, *texts, actor="Lee", start=T0)


def test_a_budget_fills_a_constraint_slot() -> None:
    assert slot_kind_for("budget") == "constraint"
    assert slot_kind_for("location") == "fact"
    assert slot_kind_for("likes") == "preference"


async def test_a_later_budget_supersedes_the_earlier_one() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(
            rt,
            "I live in Oslo.",
            "My budget for the trip is around $2,000.",
            "I'm saving up for a house.",
            "Actually my budget is $1,500 now.",
        )
        logical = await rt.worldview("logical")
        (slot,) = [s for s in logical.slots if s.key == "Lee.budget"]
        assert slot.kind == "constraint"
        assert [c.value for c in slot.candidates] == ["$1,500"]
        historical = await rt.worldview("historical")
        (slot,) = [s for s in historical.slots if s.key == "Lee.budget"]
        assert {c.value: c.status for c in slot.candidates} == {
            "$1,500": "selected",
            "$2,000": "superseded",
        }
        for question, first in (
            ("What's my budget?", "- constraint Lee.budget: $1,500"),
            ("How much can I afford to spend?", "- constraint Lee.budget: $1,500"),
            ("What am I saving for?", "- fact Lee.goal: save for a house"),
        ):
            ctx = await rt.query(question, actor="Lee")
            assert ctx.prompt_sections["worldview"].splitlines()[0].startswith(first), question
