"""Whom someone lives with and whether they own their home (policies/rules_household.py):
``household`` and ``housing``, each one value at a time; a thing hired, a way of bearing
it, a supposition or a question is none; and a question about it finds it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import say_at

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)

Row = tuple[str, str, str, str]


def rows(text: str) -> list[Row]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [
        (c.entity, c.attribute, c.value, c.polarity)
        for c in EX.extract_sync(obs)
        if c.attribute in ("household", "housing")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live alone.", [("Sam", "household", "alone", "assert")]),
        ("I live by myself.", [("Sam", "household", "alone", "assert")]),
        ("Ana lives on her own.", [("Ana", "household", "alone", "assert")]),
        ("I live with my parents.", [("Sam", "household", "with parents", "assert")]),
        ("We live with two roommates.", [("Sam", "household", "with roommates", "assert")]),
        # One household, however many live in it.
        (
            "I live with my wife and kids.",
            [("Sam", "household", "with wife and kids", "assert")],
        ),
        (
            "I moved in with my boyfriend last month.",
            [("Sam", "household", "with boyfriend", "assert")],
        ),
        ("I used to live alone.", [("Sam", "household", "alone", "negate")]),
        (
            "I don't live with my parents anymore.",
            [("Sam", "household", "with parents", "negate")],
        ),
        ("I own my home.", [("Sam", "housing", "homeowner", "assert")]),
        ("We own our house.", [("Sam", "housing", "homeowner", "assert")]),
        ("I own a condo in Denver.", [("Sam", "housing", "homeowner", "assert")]),
        ("I'm a homeowner.", [("Sam", "housing", "homeowner", "assert")]),
        ("I rent an apartment downtown.", [("Sam", "housing", "renter", "assert")]),
        ("I'm a renter.", [("Sam", "housing", "renter", "assert")]),
        # A thing hired, a business owned, a way of bearing it, a supposition, a question.
        ("I rent a car when I travel.", []),
        ("I own my own business.", []),
        ("I can't live with myself.", []),
        ("If I lived alone, I'd get a cat.", []),
        ("Do you live alone?", []),
    ],
)
def test_household_and_housing_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_moving_in_with_someone_ends_living_alone_and_a_question_finds_it() -> None:
    async with MemoryRuntime.memory(namespace="household") as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I live alone.",
            "I rent an apartment.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        await say_at(rt, "I moved in with my boyfriend.", SAID.replace(month=9), actor="Sam")
        b = await rt.belief("Sam", "household")
        assert b is not None and b.held == ("with boyfriend",)
        ctx = await rt.query("Who do I live with?", actor="Sam")
        renting = await rt.query("Do I own or rent?", actor="Sam")
    assert ctx.prompt_sections["worldview"].splitlines()[0] == (
        "- fact Sam.household: with boyfriend (since 1 September 2024)"
    )
    assert renting.prompt_sections["worldview"].splitlines() == [
        "- fact Sam.housing: renter (since 1 May 2024)"
    ]
