"""Fears, the hours someone keeps, the year they were born and how many children they have
(policies/rules_habits.py, rules_personal.py, rules_relations.py): what the rules read,
what only looks like them, and that a question about each reaches it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.rule_values import clock_time
from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims
from tests.helpers import say_daily

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm afraid of heights.", [("Dana", "fear", "heights", "assert")]),
        (
            "Ana is terrified of spiders and snakes.",
            [("Ana", "fear", "spiders", "assert"), ("Ana", "fear", "snakes", "assert")],
        ),
        ("I have a fear of flying.", [("Dana", "fear", "flying", "assert")]),
        ("I've got a real phobia of needles.", [("Dana", "fear", "needles", "assert")]),
        ("I've always been scared of clowns, honestly.", [("Dana", "fear", "clowns", "assert")]),
        ("I'm also afraid of the dark.", [("Dana", "fear", "the dark", "assert")]),
        ("I'm afraid of driving at night.", [("Dana", "fear", "driving", "assert")]),
        ("I'm not scared of dogs.", [("Dana", "fear", "dogs", "negate")]),
        ("I'm no longer afraid of flying.", [("Dana", "fear", "flying", "negate")]),
        ("I wake up at 6am.", [("Dana", "wake_time", "6am", "assert")]),
        ("I usually get up around 6:30 every day.", [("Dana", "wake_time", "6:30", "assert")]),
        ("Ana wakes up at 5 on weekdays.", [("Ana", "wake_time", "5", "assert")]),
        (
            "I tend to wake up at 6 a.m. without an alarm.",
            [("Dana", "wake_time", "6am", "assert")],
        ),
        ("I'm up at 6 every day.", [("Dana", "wake_time", "6", "assert")]),
        ("Ana is usually up by 7.", [("Ana", "wake_time", "7", "assert")]),
        ("I go to bed at 11pm.", [("Dana", "bedtime", "11pm", "assert")]),
        ("I normally go to sleep around 10:30.", [("Dana", "bedtime", "10:30", "assert")]),
        ("I was born in 1990.", [("Dana", "birth_year", "1990", "assert")]),
        (
            "Ana was born in Lima in 1988.",
            [("Ana", "origin", "Lima", "assert"), ("Ana", "birth_year", "1988", "assert")],
        ),
        ("I have two kids.", [("Dana", "number_of_children", "2", "assert")]),
        ("I've got 2 kids and a dog.", [("Dana", "number_of_children", "2", "assert")]),
        ("Ana has one child.", [("Ana", "number_of_children", "1", "assert")]),
        ("I have no kids yet.", [("Dana", "number_of_children", "0", "assert")]),
        # Said as a denial of having any: none, held (not a denial of a count).
        ("I don't have any kids.", [("Dana", "number_of_children", "0", "assert")]),
        ("We don't have children yet.", [("Dana", "number_of_children", "0", "assert")]),
        ("Tom doesn't have kids.", [("Tom", "number_of_children", "0", "assert")]),
        ("I don't have the kids this weekend.", []),
        ("If I didn't have kids, I'd travel more.", []),
        ("We have three children.", [("Dana", "number_of_children", "3", "assert")]),
        ("I'm a mom of two.", [("Dana", "number_of_children", "2", "assert")]),
        (
            "I'm divorced with two kids.",
            [
                ("Dana", "number_of_children", "2", "assert"),
                ("Dana", "relationship_status", "divorced", "assert"),
            ],
        ),
        (
            "Tom is married with three children.",
            [
                ("Tom", "number_of_children", "3", "assert"),
                ("Tom", "relationship_status", "married", "assert"),
            ],
        ),
        ("Tom is a proud father of three kids.", [("Tom", "number_of_children", "3", "assert")]),
        (
            "I have a kid named Sam.",
            [("Dana", "child", "Sam", "assert"), ("Dana", "number_of_children", "1", "assert")],
        ),
        ("I'm a big Arsenal supporter.", [("Dana", "likes", "Arsenal", "assert")]),
        ("I'm a single mom.", [("Dana", "relationship_status", "single", "assert")]),
        ("I'm a night owl.", [("Dana", "chronotype", "night owl", "assert")]),
        ("Ana is an early bird.", [("Ana", "chronotype", "morning person", "assert")]),
        ("I'm not a morning person.", [("Dana", "chronotype", "morning person", "negate")]),
        (
            "I'm a single dad of two.",
            [
                ("Dana", "relationship_status", "single", "assert"),
                ("Dana", "number_of_children", "2", "assert"),
            ],
        ),
    ],
)
def test_what_the_rules_read(text: str, expected: list[tuple[str, ...]]) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # A worry about one event, an apology, a past moment, a question, a supposition.
        "I'm afraid of losing my job.",
        "I'm afraid I can't come.",
        "I was scared of the ride.",
        "Are you afraid of heights?",
        "If I were afraid of heights, I would not climb.",
        "I'm afraid of what might happen.",
        "I'm scared of getting old.",
        "I'm scared of him.",
        "Don't be afraid of failure.",
        # A one-off morning or night, a need, a plan, a past morning.
        "I have to wake up at 5 tomorrow.",
        "I wake up at 5 tomorrow for my flight.",
        "I need to get up at 4 for my flight.",
        "I woke up at 6 today.",
        "I'll get up at 7.",
        "I'm up at 3am, can't sleep.",  # a night, not a habit
        "I'm up at 6 tomorrow.",
        "I'm going to bed at 10 tonight.",
        # The days off keep hours of their own.
        "I usually wake up around 7 on weekends.",
        "I go to bed at 1 on Saturdays.",
        "If I were a morning person, I'd run.",
        # A decade, a child's birth without a name to hold it.
        "I was born in the 1990s.",
        "My son was born in 2015.",
        # A hometown without a name, or supposed.
        "My hometown is small.",
        "If my hometown is Leeds, I'd know.",
        # Single once, or supposed.
        "I was a single mom for years.",
        "If I were a single dad, I'd move.",
        # Children who are not one's own, or someone else's said.
        "I have two kids in my class.",
        "I'm at the park with two kids.",
        "I have two kids, Tom said.",
        "We have 30 kids this year.",
        "Do we have two kids?",
    ],
)
def test_what_only_looks_like_them_gives_nothing(text: str) -> None:
    assert claims(text) == []


async def test_questions_reach_each_and_a_later_hour_supersedes() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "I live in Oslo.",
            "I'm terrified of heights.",
            "I wake up at 6am on weekdays.",
            "I go to bed at 11pm.",
            "I was born on March 3, 1990.",
            "I have two kids, Leo and Mia.",
            "I'm also afraid of spiders.",
            "Actually I get up at 7 now.",
            "I'm such a night owl.",
            actor="Lee",
            start=T0,
        )
        for question, first in (
            ("What am I afraid of?", "- fact Lee.fear: spiders"),
            ("What time do I get up?", "- fact Lee.wake_time: 7"),
            ("When do I go to bed?", "- fact Lee.bedtime: 11pm"),
            ("What year was I born?", "- fact Lee.birth_year: 1990"),
            ("How many kids do I have?", "- fact Lee.child: Leo"),
            ("Am I a night owl or a morning person?", "- fact Lee.chronotype: night owl"),
        ):
            ctx = await rt.query(question, actor="Lee")
            lines = ctx.prompt_sections["worldview"].splitlines()
            assert lines[0].startswith(first), question
        ctx = await rt.query("How many kids do I have?", actor="Lee")
        assert "- fact Lee.number_of_children: 2" in ctx.prompt_sections["worldview"]
        historical = await rt.worldview("historical")
        (slot,) = [s for s in historical.slots if s.key == "Lee.wake_time"]
        assert {c.value: c.status for c in slot.candidates} == {
            "7": "selected",
            "6am": "superseded",
        }


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("6am", "6am"),
        ("6:00 AM", "6am"),
        ("6 a.m.", "6am"),
        ("10.30 pm", "10:30pm"),
        ("7:00", "7"),
        ("6", "6"),
        ("Midnight", "midnight"),
    ],
)
def test_an_hour_is_one_value_however_it_is_said(said: str, value: str) -> None:
    assert clock_time(said) == value
    assert claims(f"I wake up at {said}.") == [("Dana", "wake_time", value, "assert")]


async def test_the_same_hour_said_again_is_no_change() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        *_, again = await say_daily(
            rt, "I wake up at 6am.", "I get up at 6:00 AM every day.", actor="Lee", start=T0
        )
        (delta,) = again.deltas
        assert (delta.mode_before, delta.mode_after) == ("6am", "6am")


async def test_a_fear_overcome_is_no_longer_held() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "I'm afraid of flying.",
            "I'm scared of dogs.",
            "I'm no longer afraid of flying.",
            actor="Lee",
            start=T0,
        )
        logical = await rt.worldview("logical")
        held = {
            c.value for s in logical.slots if s.key.startswith("Lee.fear") for c in s.candidates
        }
        assert held == {"dogs"}
