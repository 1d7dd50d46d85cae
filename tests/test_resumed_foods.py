"""A food or a drink had again ends the diet memory holds that leaves it out
(policies/resumed_foods.py): "I'm eating meat again" after "I'm vegetarian"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.resumed_foods import resumed_foods
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

SET = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


async def _diet_then(rt: MemoryRuntime, diet: str, text: str) -> list[tuple[str, str, str]]:
    said = await deltas_after(rt, diet, text, "diet", (SET, SAID))
    return [d for d in said if d[2] == "negate"]


@pytest.mark.parametrize(
    ("diet", "text", "ended"),
    [
        ("I'm vegetarian.", "I'm eating meat again.", "vegetarian"),
        ("I'm vegan.", "I've started eating fish again.", "vegan"),
        ("I'm vegan.", "I'm having cheese again, sorry.", "vegan"),
        ("I quit drinking last year.", "I started drinking again.", "alcohol-free"),
        ("I stopped eating meat.", "We're back to eating meat.", "meat-free"),
        ("I can't eat gluten.", "I'm eating bread again!", "gluten-free"),
        ("I quit coffee.", "I'm drinking coffee again.", "coffee-free"),
        ("I don't eat red meat.", "I started eating red meat again.", "red-meat-free"),
        ("I gave up carbs.", "I'm eating bread again.", "carb-free"),
    ],
)
async def test_a_food_had_again_ends_the_diet_leaving_it_out(
    diet: str, text: str, ended: str
) -> None:
    async with MemoryRuntime.memory(namespace="diet") as rt:
        assert await _diet_then(rt, diet, text) == [("diet", ended, "negate")]
        assert await held(rt, "Sam", "diet") == ()


@pytest.mark.parametrize(
    ("diet", "text"),
    [
        # A diet that keeps the food, a lapse, a supposition, a denial, a question.
        ("I'm pescatarian.", "I started eating fish again."),
        ("I'm vegetarian.", "I ate meat again at the wedding."),
        ("I'm vegetarian.", "If I started eating meat again my mom would be thrilled."),
        ("I'm vegetarian.", "I'm not eating meat again, ever."),
        ("I'm vegetarian.", "Are you eating meat again?"),
        ("I'm vegetarian.", "My brother is eating meat again."),
    ],
)
async def test_what_does_not_end_a_diet(diet: str, text: str) -> None:
    async with MemoryRuntime.memory(namespace="diet") as rt:
        assert await _diet_then(rt, diet, text) == []
        assert len(await held(rt, "Sam", "diet")) == 1


def test_only_the_diets_held_then_and_not_twice() -> None:
    def vegetarian(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("vegetarian", "alcohol-free") if attribute == "diet" else ()

    text = "I'm eating meat again."
    (claim,) = resumed_foods([], text, "Sam", SAID, vegetarian)
    assert (claim.entity, claim.value, claim.polarity, claim.change) == (
        "Sam",
        "vegetarian",
        "negate",
        True,
    )
    assert resumed_foods([claim], text, "Sam", SAID, vegetarian) == []
    assert resumed_foods([], text, None, SAID, vegetarian) == []
    assert resumed_foods([], "I'm eating meat.", "Sam", SAID, vegetarian) == []
