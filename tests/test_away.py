"""Time away from work (policies/rules_away.py): "I'm out of office next week" and "I'm on
vacation until the 15th" are occasions in one form, dated by when they are (not by when
they end: the day it was said); going on vacation is a plan; a supposition or a question
is none; and a read about it finds it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday


def rows(text: str) -> list[tuple[str, str, str, str, str | None]]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [
        (c.entity, c.attribute, c.value, c.polarity, c.valid_at and c.valid_at.isoformat())
        for c in EX.extract_sync(obs)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm out of office next week.",
            [("Sam", "activity", "out of office", "assert", "2024-05-06")],
        ),
        ("I'll be OOO tomorrow.", [("Sam", "activity", "out of office", "assert", "2024-05-02")]),
        (
            "Tom is on vacation this week.",
            [("Tom", "activity", "vacation", "assert", "2024-04-29")],
        ),
        ("I'm on vacation!", [("Sam", "activity", "vacation", "assert", None)]),
        # When it ends does not date it: the day it was said does (away that day).
        (
            "I'm on vacation until the 15th.",
            [("Sam", "activity", "vacation", "assert", "2024-05-01")],
        ),
        (
            "I'm on my parental leave until March.",
            [("Sam", "activity", "parental leave", "assert", "2024-05-01")],
        ),
        # Going on one is a plan.
        (
            "I'm going on vacation next month.",
            [("Sam", "goal", "go on vacation", "assert", "2024-06-01")],
        ),
        # A supposition, a question, an office out of paper.
        ("If I'm on vacation, call Tom.", []),
        ("Are you out of office?", []),
        ("The office is out of paper.", []),
    ],
)
def test_time_away(text: str, expected: list[tuple[str, str, str, str, str | None]]) -> None:
    assert rows(text) == expected


async def test_a_question_about_time_off_finds_it() -> None:
    async with MemoryRuntime.memory(namespace="away") as rt:
        for day, text in enumerate(
            ["I live in Oslo.", "I work at Initech.", "I'm out of office next week."], start=1
        ):
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": SAID.replace(day=day)}
            )
        ctx = await rt.query("Am I out of office next week?", budget_tokens=200, actor="Sam")
    lines = ctx.prompt_sections["worldview"].splitlines()
    assert lines[0].startswith("- fact Sam.activity: out of office"), lines
