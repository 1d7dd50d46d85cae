"""What someone is like and which hand they use (policies/rules_traits.py): what the rules
read, in one form each; what only looks like a trait (a mood, a plan, a question); and that
a question about someone's personality or hand reaches it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims
from tests.helpers import say_daily

T0 = datetime(2025, 3, 3, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm an introvert.", [("Dana", "personality", "introvert", "assert")]),
        ("I'm a bit of an introvert, honestly.", [("Dana", "personality", "introvert", "assert")]),
        ("Ana is really introverted.", [("Ana", "personality", "introvert", "assert")]),
        ("I'm pretty shy around new people.", [("Dana", "personality", "shy", "assert")]),
        ("I'm a very outgoing person.", [("Dana", "personality", "outgoing", "assert")]),
        ("I've always been a homebody.", [("Dana", "personality", "homebody", "assert")]),
        ("I'm such a people person.", [("Dana", "personality", "people person", "assert")]),
        ("I'm easy-going.", [("Dana", "personality", "easygoing", "assert")]),
        ("Tom is a total perfectionist.", [("Tom", "personality", "perfectionist", "assert")]),
        (
            "I'm competitive about everything.",
            [("Dana", "personality", "competitive", "assert")],
        ),
        ("I'm not shy.", [("Dana", "personality", "shy", "negate")]),
        ("I'm no longer a workaholic.", [("Dana", "personality", "workaholic", "negate")]),
        ("I'm left-handed.", [("Dana", "handedness", "left-handed", "assert")]),
        ("Ana is a lefty.", [("Ana", "handedness", "left-handed", "assert")]),
        ("I'm a righty.", [("Dana", "handedness", "right-handed", "assert")]),
    ],
)
def test_traits_and_the_hand_are_read_in_one_form(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    got = [c for c in claims(text) if c[1] in ("personality", "handedness")]
    assert got == expected


@pytest.mark.parametrize(
    "text",
    [
        # A mood, a wish or a while, not what someone is like.
        "I'm shy today.",
        "I'm so impatient right now.",
        "I'm impatient to see you.",
        "I've been shy lately.",
        # Short of something.
        "We're two votes shy of a majority.",
        "I'm shy of 30.",
        # Supposed or asked.
        "If I were an extrovert I'd go.",
        "Are you an introvert?",
        # Someone described, not the subject.
        "The shy kid in my class is Tom.",
    ],
)
def test_what_only_looks_like_a_trait_gives_nothing(text: str) -> None:
    assert [c for c in claims(text) if c[1] in ("personality", "handedness")] == []


async def test_questions_about_personality_and_hand_reach_them() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "I live in Oslo.",
            "I'm a bit of an introvert.",
            "I'm left-handed, so scissors are a pain.",
            "I'm a perfectionist about my code.",
            "I work at Initech.",
            actor="Lee",
            start=T0,
        )
        for question, first in (
            ("Am I an introvert?", "- fact Lee.personality: "),
            ("What kind of person am I?", "- fact Lee.personality: "),
            ("Which hand do I write with?", "- fact Lee.handedness: left-handed"),
        ):
            ctx = await rt.query(question, actor="Lee")
            lines = ctx.prompt_sections["worldview"].splitlines()
            assert lines[0].startswith(first), (question, lines)
        ctx = await rt.query("What are my personality traits?", actor="Lee")
        worldview = ctx.prompt_sections["worldview"]
        assert "introvert" in worldview
        assert "perfectionist" in worldview


async def test_a_denied_trait_leaves_the_logical_view() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "I'm a workaholic.",
            "I'm an introvert.",
            "I'm no longer a workaholic.",
            actor="Lee",
            start=T0,
        )
        logical = await rt.worldview("logical")
        held = {
            c.value
            for s in logical.slots
            if s.key.startswith("Lee.personality")
            for c in s.candidates
            if c.status == "selected"
        }
        assert held == {"introvert"}
