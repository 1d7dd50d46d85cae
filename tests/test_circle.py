"""The people around someone beyond the household (policies/rules_circle.py): coworkers,
neighbors, roommates and the wider family, read by name three ways; one who was, someone
else's and an indirect object are none; and a question about them reaches them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims
from tests.helpers import say_daily

T0 = datetime(2025, 3, 3, 9, tzinfo=UTC)
CIRCLE = ("coworker", "neighbor", "roommate", "relative", "friend")


def circle(text: str) -> list[tuple[str, str, str, str]]:
    return [c for c in claims(text) if c[1] in CIRCLE]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My coworker Dan is hilarious.", [("Dana", "coworker", "Dan", "assert")]),
        ("My colleague Raj recommended this.", [("Dana", "coworker", "Raj", "assert")]),
        ("Dan is my coworker.", [("Dana", "coworker", "Dan", "assert")]),
        (
            "My coworkers Dan and Kim are great.",
            [("Dana", "coworker", "Dan", "assert"), ("Dana", "coworker", "Kim", "assert")],
        ),
        ("My next-door neighbor Tom has a boat.", [("Dana", "neighbor", "Tom", "assert")]),
        ("My neighbor is Tom.", [("Dana", "neighbor", "Tom", "assert")]),
        ("My roommate Alex is moving out.", [("Dana", "roommate", "Alex", "assert")]),
        ("Ana's cousin Maria lives in Madrid.", [("Ana", "relative", "Maria", "assert")]),
        ("My cousin's name is Maria.", [("Dana", "relative", "Maria", "assert")]),
        ("My niece Sophie turns 3 tomorrow.", [("Dana", "relative", "Sophie", "assert")]),
        ("My mother-in-law Linda is here.", [("Dana", "relative", "Linda", "assert")]),
        ("Lily is my sister-in-law.", [("Dana", "relative", "Lily", "assert")]),
        # A joint subject: the other one is the speaker's.
        ("Ana and I are coworkers.", [("Dana", "coworker", "Ana", "assert")]),
        ("Tom and I work together.", [("Dana", "coworker", "Tom", "assert")]),
        ("Tom and I are neighbors.", [("Dana", "neighbor", "Tom", "assert")]),
        ("Ana and I are cousins.", [("Dana", "relative", "Ana", "assert")]),
    ],
)
def test_the_circle_is_read_by_name(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert circle(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jake and I have been friends since college.", [("Dana", "friend", "Jake", "assert")]),
        ("Tom and I are best friends.", [("Dana", "friend", "Tom", "assert")]),
        ("Tom and I are no longer friends.", [("Dana", "friend", "Tom", "negate")]),
        ("Mom and I are friends.", []),
        ("Ana and I used to be friends.", []),
    ],
)
def test_friends_by_a_joint_subject(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert circle(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # One who was.
        "My old roommate Alex called.",
        "My ex-coworker Dan is hiring.",
        "My former neighbor Tom moved.",
        # Someone else's, an indirect object, a supposition, a question.
        "Dan is my coworker's husband.",
        "I told my coworker Friday works.",
        "If my neighbor is Tom, I'll move.",
        "Is Dan your coworker?",
        "If Tom and I are neighbors, fine.",
        "Mom and I are cousins.",
        # No name.
        "My coworker is Italian.",
        "My in-laws are visiting.",
    ],
)
def test_what_only_looks_like_the_circle_gives_nothing(text: str) -> None:
    assert circle(text) == []


async def test_who_someone_is_and_who_the_coworkers_are() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "I live in Oslo.",
            "My coworker Dan is hilarious.",
            "My neighbor Tom has a boat.",
            "My cousin Maria lives in Madrid.",
            "I love jazz.",
            actor="Lee",
            start=T0,
        )
        ctx = await rt.query("Who are my coworkers?", actor="Lee")
        lines = ctx.prompt_sections["worldview"].splitlines()
        assert lines[0].startswith("- fact Lee.coworker: Dan"), lines
        ctx = await rt.query("Who is Tom?", actor="Lee")
        assert "- Lee neighbor: Tom" in ctx.to_prompt()
        # Maria is an entity (she lives in Madrid): her lines and who she is to the asker.
        prompt = (await rt.query("Who is Maria?", actor="Lee")).to_prompt()
        assert "Lee relative: Maria" in prompt and "Madrid" in prompt
