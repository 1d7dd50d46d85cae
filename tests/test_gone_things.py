"""A pet or a vehicle memory holds, gone (policies/gone_things.py): "Luna passed away" after
"I have a cat named Luna", "I sold my Civic" after "I drive a Honda Civic"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.gone_things import gone_things
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas, held, say_at

SAID = datetime(2024, 3, 1, 12, tzinfo=UTC)
HAD = ["I have a cat named Luna and a dog named Max.", "I drive a Honda Civic."]


async def _memory_with(rt: MemoryRuntime) -> None:
    for day, text in enumerate(HAD, start=1):
        await say_at(rt, text, datetime(2024, 1, day, 12, tzinfo=UTC), actor="Sam")


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Sadly, Luna passed away last week.", [("pet", "cat Luna", "negate")]),
        ("Max crossed the rainbow bridge.", [("pet", "dog Max", "negate")]),
        ("We rehomed Max to a farm.", [("pet", "dog Max", "negate")]),
        ("I gave Max to my parents since I travel too much.", [("pet", "dog Max", "negate")]),
        ("I sold my Civic and bought a bike.", [("vehicle", "Honda Civic", "negate")]),
        ("We got rid of our old car.", [("vehicle", "Honda Civic", "negate")]),
        ("We had to put Max down yesterday.", [("pet", "dog Max", "negate")]),
        ("We put Luna to sleep last night.", [("pet", "cat Luna", "negate")]),
        ("We euthanized Max yesterday.", [("pet", "dog Max", "negate")]),
        ("Max went to his forever home yesterday.", [("pet", "dog Max", "negate")]),
        ("Luna got adopted!", [("pet", "cat Luna", "negate")]),
        ("Max went to a new home for the weekend.", []),
        ("I put Max down for a nap.", []),
        ("We might have to put Max down.", []),
        # A test passed, a while away, a supposition, a denial, a pet not held.
        ("Luna passed the vet check with flying colors.", []),
        ("I gave Max to my parents for the weekend.", []),
        ("If Luna died I'd be devastated.", []),
        ("I never sold my Civic.", []),
        ("Bella passed away.", []),
    ],
)
async def test_a_pet_or_a_car_gone(text: str, gone: list[tuple[str, str, str]]) -> None:
    async with MemoryRuntime.memory(namespace="gone") as rt:
        await _memory_with(rt)
        said = deltas(await say_at(rt, text, SAID, actor="Sam"))
        assert [d for d in said if d[2] == "negate" and d[0] in ("pet", "vehicle")] == gone


async def test_what_is_gone_leaves_the_present_and_rebuilds_the_same() -> None:
    async with MemoryRuntime.memory(namespace="gone") as rt:
        await _memory_with(rt)
        await say_at(rt, "Luna passed away last week.", SAID, actor="Sam")
        await say_at(rt, "I sold my Civic.", SAID.replace(day=2), actor="Sam")
        assert await held(rt, "Sam", "pet") == ("dog Max",)
        assert await held(rt, "Sam", "vehicle") == ()
        history = (await rt.worldview("historical")).render()
        assert "cat Luna (1 January 2024 - 1 March 2024) [negated]" in history
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == history


async def test_a_vehicle_traded_in_for_another_is_replaced() -> None:
    async with MemoryRuntime.memory(namespace="gone") as rt:
        await _memory_with(rt)
        said = deltas(
            await say_at(rt, "I traded in my Civic for a Tesla Model 3.", SAID, actor="Sam")
        )
        assert said == [
            ("vehicle", "Honda Civic", "negate"),
            ("vehicle", "Tesla Model 3", "assert"),
        ]
        assert await held(rt, "Sam", "vehicle") == ("Tesla Model 3",)


def test_a_kind_of_vehicle_names_the_one_held_only() -> None:
    def two(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("Honda Civic", "Ford Ranger") if attribute == "vehicle" else ()

    assert gone_things([], "I sold my car.", "Sam", SAID, two) == []
    (claim,) = gone_things([], "I sold my Ranger.", "Sam", SAID, two)
    assert (claim.entity, claim.value, claim.polarity) == ("Sam", "Ford Ranger", "negate")
    # No speaker, nothing to read.
    assert gone_things([], "I sold my Ranger.", None, SAID, two) == []
    # A denial the extractor already made is not made twice.
    assert gone_things([claim], "I sold my Ranger.", "Sam", SAID, two) == []
