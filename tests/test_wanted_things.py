"""A thing wanted is the goal to get it ("Leo wants a new bike": ``Leo goal: get new bike``),
not a moment's want ("I want a coffee"), and it ends when the one who wanted it is said to
have got it, by name ("Leo got a new bike"; policies/ended_goals.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted, extracted_claims, held, say_at

SET = datetime(2024, 2, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 4, 2, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "entity", "value"),
    [
        ("Leo wants a new bike for Christmas.", "Leo", "get new bike"),
        ("I really want a dog.", "Dana", "get dog"),
        ("Mia wants an iPad for her birthday.", "Mia", "get iPad"),
        ("I want another cat someday.", "Dana", "get cat"),
        ("Leo wants an electric scooter, but we said no.", "Leo", "get electric scooter"),
    ],
)
def test_a_thing_wanted_is_the_goal_to_get_it(text: str, entity: str, value: str) -> None:
    assert (entity, "goal", value, "assert") in extracted_claims(text)


def test_a_thing_not_wanted_denies_the_goal() -> None:
    assert ("goal", "get new phone", "negate") in extracted("I don't want a new phone.")


@pytest.mark.parametrize(
    "text",
    [
        "I want a coffee.",
        "I want a word with you.",
        "I just want a quiet weekend.",
        "I want a day off.",
        "Do you want a drink?",
        "What do you want?",
        "I want to go home.",
    ],
)
def test_a_moments_want_is_no_goal_to_get(text: str) -> None:
    assert not [c for c in extracted(text) if c[0] == "goal" and c[1].startswith("get ")]


async def test_got_by_name_ends_the_goal_of_the_one_who_wanted_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await say_at(rt, "Leo wants a new bike for his birthday.", SET, actor="Sam")
        await say_at(rt, "Mia wants a new bike too.", SET, actor="Sam")
        assert await held(rt, "Leo", "goal") == ("get new bike",)
        await say_at(rt, "Leo finally got a new bike for his birthday!", SAID, actor="Sam")
        assert await held(rt, "Leo", "goal") == ()
        # Mia's stays: she was not said to have got one.
        assert await held(rt, "Mia", "goal") == ("get new bike",)
        live = (await rt.worldview("historical")).render()
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == live


@pytest.mark.parametrize(
    "text",
    [
        "Leo didn't get a new bike.",
        "If Leo got a new bike, he'd ride it every day.",
        "Leo got a new helmet.",
        "Mia got a new bike.",
    ],
)
async def test_what_does_not_end_anothers_goal(text: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await say_at(rt, "Leo wants a new bike for his birthday.", SET, actor="Sam")
        await say_at(rt, text, SAID, actor="Sam")
        assert await held(rt, "Leo", "goal") == ("get new bike",)
