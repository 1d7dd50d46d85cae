"""A condition memory holds, over (policies/cured_conditions.py): "I'm in remission" after
"I was diagnosed with breast cancer" ends the ``breast cancer``; a hope, a denial, what is
to come, another cancer or a remission with no cancer held ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.cured_conditions import cured_conditions
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

HAD = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)
CANCER = "I was diagnosed with breast cancer."


@pytest.mark.parametrize(
    ("first", "text", "ended"),
    [
        (CANCER, "I'm in remission!", "breast cancer"),
        (CANCER, "Great news: I'm officially cancer-free.", "breast cancer"),
        (CANCER, "I beat cancer.", "breast cancer"),
        (CANCER, "I've beaten breast cancer.", "breast cancer"),
        ("I have lymphoma.", "I'm in complete remission from lymphoma.", "lymphoma"),
        ("I have hepatitis C.", "I was cured of hepatitis C last year.", "hepatitis C"),
        ("I suffer from migraines.", "I recovered from my migraines.", "migraines"),
        ("I have eczema.", "My eczema cleared up.", "eczema"),
        ("I suffer from migraines.", "My migraines have finally gone away.", "migraines"),
        (CANCER, "My cancer is gone!", "breast cancer"),
        # A sentence that opens with "The" says the speaker's.
        (
            "I've been having migraines lately.",
            "The migraines are gone since I cut out caffeine.",
            "migraines",
        ),
    ],
)
async def test_a_condition_said_over_ends_the_one_held(first: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="cure") as rt:
        said = await deltas_after(rt, first, text, "condition", (HAD, SAID))
        assert said == [("condition", ended, "negate")]
        assert await held(rt, "Sam", "condition") == ()


@pytest.mark.parametrize(
    ("first", "text"),
    [
        (CANCER, "I beat lung cancer."),  # another cancer
        (CANCER, "I hope I'm cancer-free by June."),
        (CANCER, "I'm not in remission yet."),
        (CANCER, "I will beat this."),
        (CANCER, "If I'm in remission by fall, we'll travel."),
        (CANCER, "Am I in remission?"),
        (CANCER, "Tom is in remission."),  # someone else
        ("I have diabetes.", "I'm in remission."),  # no cancer held
        ("I have asthma.", "I beat Tom at chess."),
        ("I have eczema.", "My phone is gone."),
        ("I have eczema.", "My eczema isn't gone."),
        ("I have eczema.", "I hope my eczema clears up."),
        ("I have eczema.", "If my eczema went away I'd be thrilled."),
        ("I have eczema.", "Ana's eczema cleared up."),
        ("I have eczema.", "Ana said the eczema is gone."),  # not opening the sentence
    ],
)
async def test_what_does_not_end_a_condition(first: str, text: str) -> None:
    async with MemoryRuntime.memory(namespace="cure") as rt:
        assert [d for d in await deltas_after(rt, first, text, "condition", (HAD, SAID))] == []
        assert len(await held(rt, "Sam", "condition")) == 1


def test_only_a_condition_held_then_and_not_twice() -> None:
    def conditions(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("breast cancer", "asthma") if (entity, attribute) == ("Ana", "condition") else ()

    text = "Ana is in remission."
    (claim,) = cured_conditions([], text, "Sam", SAID, conditions)
    assert (claim.entity, claim.value, claim.polarity, claim.change) == (
        "Ana",
        "breast cancer",
        "negate",
        True,
    )
    assert cured_conditions([claim], text, "Sam", SAID, conditions) == []
    assert cured_conditions([], "I'm in remission.", None, SAID, conditions) == []
    assert cured_conditions([], "Ana is in the room.", "Sam", SAID, conditions) == []


async def test_a_relatives_condition_over() -> None:
    async with MemoryRuntime.memory(namespace="cure") as rt:
        first = "My mom was diagnosed with breast cancer."
        said = await deltas_after(rt, first, "My mom is in remission.", "condition", (HAD, SAID))
        assert said == [("condition", "breast cancer", "negate")]
        assert await held(rt, "Sam's mother", "condition") == ()
    async with MemoryRuntime.memory(namespace="cure") as rt:
        first = "My mom Ana has lymphoma."
        said = await deltas_after(rt, first, "Mom is cancer-free!", "condition", (HAD, SAID))
        assert said == [("condition", "lymphoma", "negate")]
        assert await held(rt, "Ana", "condition") == ()
    async with MemoryRuntime.memory(namespace="cure") as rt:
        first = "My mom has asthma."
        said = await deltas_after(rt, first, "My mom's asthma is gone.", "condition", (HAD, SAID))
        assert said == [("condition", "asthma", "negate")]
        # The reading is journaled with the claims: a rebuild folds the same, reading nothing.
        history = (await rt.worldview("historical")).render()
        assert "asthma (1 January 2024 - 1 May 2024) [negated]" in history
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == history
        assert await held(rt, "Sam's mother", "condition") == ()
