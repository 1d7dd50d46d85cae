"""Births and birthdays said of a day: a child born by name is a ``child`` and fulfils the
plan to have a baby (policies/rules_children.py); "It's my birthday today" gives the
``birthday`` of that day (policies/birthdays.py); a pregnancy counted in weeks is the plan
to have a baby still (policies/rules_goals.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday


def rows(text: str, attribute: str) -> list[tuple[str, str]]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [(c.entity, c.value) for c in EX.extract_sync(obs) if c.attribute == attribute]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We just had a baby girl named Rose.", [("Sam", "Rose")]),
        ("We welcomed our second child, Max, in June.", [("Sam", "Max")]),
        ("I had a baby boy, Leo, last week.", [("Sam", "Leo")]),
        ("Tom had a baby boy named Leo.", [("Tom", "Leo")]),
        # No name, a shower, a supposition.
        ("We had a baby boy last week.", []),
        ("We had a baby shower on Sunday.", []),
        ("If we had a baby girl named Rose, we'd be thrilled.", []),
    ],
)
def test_a_child_born_by_name(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text, "child") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It's my birthday today!", [("Sam", "May 1")]),
        ("My birthday is tomorrow.", [("Sam", "May 2")]),
        ("Tomorrow is my birthday.", [("Sam", "May 2")]),
        ("It was my birthday yesterday.", [("Sam", "April 30")]),
        ("It's Ana's birthday today.", [("Ana", "May 1")]),
        # A celebration, a supposition, a question.
        ("My birthday party is on Saturday.", []),
        ("If it's my birthday tomorrow, I'll party.", []),
        ("Is it your birthday today?", []),
    ],
)
def test_a_birthday_said_to_fall_on_a_day(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text, "birthday") == expected


@pytest.mark.parametrize("text", ["I'm 20 weeks pregnant.", "I'm six months pregnant!"])
def test_a_pregnancy_counted_is_a_baby_to_come(text: str) -> None:
    assert rows(text, "goal") == [("Sam", "have a baby")]


async def test_a_baby_born_fulfils_the_plan_to_have_one() -> None:
    async with MemoryRuntime.memory(namespace="births") as rt:
        got = await deltas_after(
            rt,
            "We're expecting a baby in April.",
            "We just had a baby girl named Rose!",
            "goal",
            (datetime(2024, 1, 1, 12, tzinfo=UTC), datetime(2024, 4, 20, 12, tzinfo=UTC)),
        )
        assert got == [("goal", "have a baby", "negate")]
        assert await held(rt, "Sam", "child") == ("Rose",)
