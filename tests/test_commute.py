"""How someone gets to work or school: the ``commute`` attribute (policies/rules_commute.py),
its one word per way, its one-offs and plans, and the read that asks for it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.errors import InvalidInput
from tests.helpers import extracted_claims


def rows(text: str) -> list[tuple[str, str, str, str]]:
    return extracted_claims(text, actor="Ana")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I bike to work.", ("Ana", "commute", "bike", "assert")),
        ("I cycle to the office.", ("Ana", "commute", "bike", "assert")),
        ("I ride my bike to work every day.", ("Ana", "commute", "bike", "assert")),
        ("Maya rides her bike to school.", ("Maya", "commute", "bike", "assert")),
        ("I usually take the train to the office.", ("Ana", "commute", "train", "assert")),
        ("I take the subway to work.", ("Ana", "commute", "subway", "assert")),
        ("Tom catches the metro to work.", ("Tom", "commute", "subway", "assert")),
        ("I take the tube to work.", ("Ana", "commute", "subway", "assert")),
        ("I commute by bus.", ("Ana", "commute", "bus", "assert")),
        ("I commute to work by bicycle.", ("Ana", "commute", "bike", "assert")),
        ("I commute on foot.", ("Ana", "commute", "walk", "assert")),
        ("I walk to work most days.", ("Ana", "commute", "walk", "assert")),
        ("I drive to work.", ("Ana", "commute", "car", "assert")),
        ("I carpool to work.", ("Ana", "commute", "carpool", "assert")),
        # Ended or denied.
        ("I used to bike to work.", ("Ana", "commute", "bike", "negate")),
        ("I don't drive to work anymore.", ("Ana", "commute", "car", "negate")),
    ],
)
def test_the_way_to_work_in_one_word(text: str, expected: tuple[str, str, str, str]) -> None:
    assert [r for r in rows(text) if r[1] == "commute"] == [expected]


@pytest.mark.parametrize(
    "text",
    [
        # One day, a stopgap, a need, a plan or a chance.
        "I took the bus to work today.",
        "I'm taking the bus this week.",
        "I take the bus to work this week because my car broke down.",
        "I have to take the train to work tomorrow.",
        "I'll take the train to work.",
        "I can walk to work from my new place.",
        "I should bike to work more.",
        # Not to work.
        "I drive to the gym.",
        "I walk to the park every morning.",
        # A question.
        "Do you bike to work?",
    ],
)
def test_no_habit_to_work_no_commute(text: str) -> None:
    assert [r for r in rows(text) if r[1] == "commute"] == []


async def test_a_new_way_supersedes_the_old_and_answers_how_i_get_to_work() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for text, day in (("I drive to work.", 1), ("I bike to work now.", 20)):
            await rt.observe_and_route(
                {"content": text, "actor": "Ana", "occurred_at": datetime(2024, 5, day, tzinfo=UTC)}
            )
        belief = await rt.belief("Ana", "commute")
        assert belief.mode == "bike"
        ctx = await rt.query("How do I get to work?", actor="Ana")
        snapshot = ctx.to_prompt().split("## Supporting memories")[0]
        assert "Ana.commute: bike" in snapshot


async def test_a_caller_claim_with_an_empty_commute_is_refused_and_nothing_is_written() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        head = await rt.head()
        with pytest.raises(InvalidInput, match="value"):
            await rt.observe_and_route(
                {
                    "content": "note",
                    "actor": "Ana",
                    "claims": [{"entity": "Ana", "attribute": "commute", "value": ""}],
                }
            )
        assert await rt.head() == head
