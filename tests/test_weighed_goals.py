"""A goal only weighed ("I'm thinking of learning the guitar", "We're considering adopting
a dog") is a goal with less confidence than one wanted; a verb phrase goes on past "to"
before a school ("I want to go back to school")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation

EX = RuleExtractor()
SAID = datetime(2024, 5, 8, 12, tzinfo=UTC)


def goals(text: str) -> list[tuple[str, str, float]]:
    obs = Observation(content=text, actor="Ana", occurred_at=SAID)
    return [
        (c.entity, c.value, c.confidence) for c in EX.extract_sync(obs) if c.attribute == "goal"
    ]


@pytest.mark.parametrize(
    ("text", "entity", "value"),
    [
        ("I'm thinking of learning the guitar.", "Ana", "learning the guitar"),
        ("I'm thinking about moving to Berlin.", "Ana", "moving to Berlin"),
        ("We're seriously considering adopting a dog.", "Ana", "adopting a dog"),
        ("Tom is thinking of quitting his job.", "Tom", "quitting his job"),
        ("I've been considering going back to school.", "Ana", "going back to school"),
        # Getting something is a goal's value ("getting" alone is none), and "we" weighs it
        # for the speaker.
        ("I'm thinking of getting a dog.", "Ana", "getting a dog"),
        ("We're thinking of getting a dog this summer.", "Ana", "getting a dog"),
    ],
)
def test_a_weighed_goal_is_a_weaker_goal(text: str, entity: str, value: str) -> None:
    (found,) = goals(text)
    assert found[:2] == (entity, value)
    (wanted,) = goals("I want to buy a house.")
    assert found[2] < wanted[2]


@pytest.mark.parametrize(
    "text",
    [
        "I'm thinking about you.",
        "I'm thinking of doing something fun.",
        "What are you thinking about doing?",
        "I'm thinking about it.",
    ],
)
def test_a_thought_that_is_no_plan_is_no_goal(text: str) -> None:
    assert goals(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I want to go back to school.", "go back to school"),
        ("I hope to return to college next year.", "return to college"),
        ("I want to move to Berlin.", "move to Berlin"),
        # Not past "to" before anything else ("to" a verb: a purpose).
        ("I want to save money to travel.", "save money"),
    ],
)
def test_a_goal_goes_on_past_to_before_a_school(text: str, value: str) -> None:
    assert [v for _, v, _ in goals(text)] == [value]
