"""A birthday from an age turned on a named day (policies/birthdays.py): "Lily is turning 6
on Saturday" gives Lily's birthday."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

# Wednesday 1 May 2024.
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


def birthdays(text: str) -> list[tuple[str, str]]:
    obs = Observation(content=text, actor="Sam", source="user", occurred_at=SAID)
    claims = RuleExtractor().extract_sync(obs)
    return [(c.entity, c.value) for c in claims if c.attribute == "birthday"]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # "is turning": a time to come, so the coming Saturday.
        ("Lily is turning 6 on Saturday.", [("Lily", "May 4")]),
        ("Lily's turning 6 on Saturday!", [("Lily", "May 4")]),
        ("I'm turning 40 on June 3.", [("Sam", "June 3")]),
        ("I turn 30 tomorrow.", [("Sam", "May 2")]),
        ("Lily turned 6 yesterday.", [("Lily", "April 30")]),
        # No day, no name, a supposition, a question, or no one.
        ("Lily turns 6 next week.", []),
        ("My daughter is turning 6 on Saturday.", []),
        ("If Lily turns 6 on Saturday, we'll party.", []),
        ("Is Lily turning 6 on Saturday?", []),
        ("The stock turned 10 on Monday.", []),
        ("Lily turned 6 on Saturday and Ben turned 4 on Sunday.", []),
    ],
)
def test_a_birthday_from_an_age_turned_on_a_day(text: str, want: list[tuple[str, str]]) -> None:
    assert birthdays(text) == want


async def test_the_birthday_is_held_and_an_age_turned_is_dated() -> None:
    async with MemoryRuntime.memory(namespace="bday") as rt:
        await rt.observe_and_route(
            {"content": "Lily turned 6 yesterday.", "actor": "Sam", "occurred_at": SAID}
        )
        b = await rt.belief("Lily", "birthday")
        assert b is not None and b.held == ("April 30",)
        age = await rt.belief("Lily", "age")
        assert age is not None and age.held == ("6",)


def birth_years(text: str) -> list[tuple[str, str]]:
    obs = Observation(content=text, actor="Sam", source="user", occurred_at=SAID)
    claims = RuleExtractor().extract_sync(obs)
    return [(c.entity, c.value) for c in claims if c.attribute == "birth_year"]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # An age turned within one calendar year: the year of birth, day or not.
        ("Leo turns 7 on May 3.", [("Leo", "2017")]),
        ("Leo turns 7 next month.", [("Leo", "2017")]),
        ("Lily is turning 6 in June.", [("Lily", "2018")]),
        ("Mia turns 5 next year.", [("Mia", "2020")]),
        ("I'm turning 40 on Saturday.", [("Sam", "1984")]),
        ("Lily turned 6 yesterday.", [("Lily", "2018")]),
        ("Lily turned 6 in 2010.", [("Lily", "2004")]),
        # A time across two years, a supposition, a question, no time, no one.
        ("Lily turns 6 this winter.", []),
        ("If Lily turns 6 in June, we'll party.", []),
        ("Is Lily turning 6 in June?", []),
        ("Lily turns 6 soon.", []),
        ("My daughter is turning 6 in June.", []),
        ("The stock turned 5 percent yesterday.", []),
    ],
)
def test_a_year_of_birth_from_an_age_turned_in_a_year(
    text: str, want: list[tuple[str, str]]
) -> None:
    assert birth_years(text) == want
