"""Pastimes said by their verb and how often (policies/rules_pastimes.py): "I run every
morning" gives the hobby ``running``."""

from __future__ import annotations

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation

EX = RuleExtractor()


def rows(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Dana", source="user")
    return [(c.entity, c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "hobby"),
    [
        ("I run every morning.", "running"),
        ("I swim three times a week.", "swimming"),
        ("I paint on Sundays.", "painting"),
        ("I usually run every day before work.", "running"),
        ("I try to meditate every morning.", "meditating"),
        ("I box twice a week.", "boxing"),
        ("I bike most weekends.", "cycling"),
        ("I still climb regularly.", "climbing"),
        # How far may stand before how often.
        ("I run 5k every morning before work.", "running"),
        ("I swim 20 laps daily.", "swimming"),
        ("I run a mile every day.", "running"),
    ],
)
def test_a_pastime_by_its_verb_and_how_often(text: str, hobby: str) -> None:
    assert rows(text) == [("Dana", "hobby", hobby, "assert")]


def test_someone_else_s_pastime() -> None:
    assert rows("Tom runs daily.") == [("Tom", "hobby", "running", "assert")]


@pytest.mark.parametrize(
    "text",
    [
        # No how often, or not right after the verb: a business, lateness, a line, a commute.
        "I run a bakery.",
        "I run a bakery every day.",
        "I bike 10 miles to work every day.",
        "I run late every morning.",
        "I draw the line at karaoke.",
        "I run.",
        # The past, a need, a plan, a denial.
        "I ran every morning last year.",
        "I have to run every day.",
        "I will swim every day.",
        "I don't swim every day.",
    ],
)
def test_what_is_no_pastime(text: str) -> None:
    assert [r for r in rows(text) if r[1] == "hobby"] == []


def test_a_bike_to_work_is_a_commute() -> None:
    assert rows("I bike to work every day.") == [("Dana", "commute", "bike", "assert")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A pastime taken up, by its gerund.
        ("I've been gardening a lot lately.", [("Dana", "hobby", "gardening", "assert")]),
        ("I've been knitting since I was a kid.", [("Dana", "hobby", "knitting", "assert")]),
        ("I started running in March.", [("Dana", "hobby", "running", "assert")]),
        ("I picked up knitting during the pandemic.", [("Dana", "hobby", "knitting", "assert")]),
        ("I've gotten into gardening.", [("Dana", "hobby", "gardening", "assert")]),
        # Lessons and classes need no article when plural.
        ("I'm taking piano lessons.", [("Dana", "activity", "piano lessons", "assert")]),
        ("I started taking salsa classes.", [("Dana", "activity", "salsa classes", "assert")]),
        # A chore, being late, a supposition, none taken.
        ("I've been running late all week.", []),
        ("I've been running errands.", []),
        ("If I started running again I'd feel better.", []),
        ("I'm not taking any classes.", []),
        ("I take classes at night.", []),
    ],
)
def test_a_pastime_taken_up(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm learning to code.", [("Dana", "hobby", "coding", "assert")]),
        ("I'm learning how to swim.", [("Dana", "hobby", "swimming", "assert")]),
        ("I've been learning to knit.", [("Dana", "hobby", "knitting", "assert")]),
        ("I'm learning to cook.", [("Dana", "hobby", "cooking", "assert")]),
        ("I started learning to swim last year.", [("Dana", "hobby", "swimming", "assert")]),
        ("I'm learning how to play the guitar.", [("Dana", "hobby", "guitar", "assert")]),
        # A chore, a meal, a skill that is no pastime, a lesson of life.
        ("I'm learning to paint the house.", []),
        ("I'm learning to cook dinner for my family.", []),
        ("I'm learning to drive.", []),
        ("I'm learning to accept it.", []),
    ],
)
def test_a_pastime_being_learned(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected
