"""The hours someone works (policies/rules_work_hours.py): a span of the day in one form, a
shift, the days off that recur; a one-off day, a length, a need or a past is none; and a
question about a meeting or the hours finds them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.policies.rule_values import work_span
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import say_at

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)

Row = tuple[str, str, str, str, str | None]


def rows(text: str) -> list[Row]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [
        (c.entity, c.attribute, c.value, c.polarity, c.valid_at and c.valid_at.isoformat())
        for c in EX.extract_sync(obs)
        if c.attribute in ("work_hours", "days_off")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work 9 to 5.", [("Sam", "work_hours", "9 to 5", "assert", None)]),
        ("I work nine to five.", [("Sam", "work_hours", "9 to 5", "assert", None)]),
        (
            "I usually work from 8:30 to 4:30.",
            [("Sam", "work_hours", "8:30 to 4:30", "assert", None)],
        ),
        ("Ana works 7am-3pm.", [("Ana", "work_hours", "7am to 3pm", "assert", None)]),
        (
            "My working hours are 9 AM - 5 PM.",
            [("Sam", "work_hours", "9am to 5pm", "assert", None)],
        ),
        ("I work the night shift.", [("Sam", "work_hours", "night shift", "assert", None)]),
        ("I usually work nights.", [("Sam", "work_hours", "night shift", "assert", None)]),
        ("I'm off on Fridays.", [("Sam", "days_off", "Friday", "assert", None)]),
        ("I'm off every Friday.", [("Sam", "days_off", "Friday", "assert", None)]),
        ("I have Mondays off.", [("Sam", "days_off", "Monday", "assert", None)]),
        ("I don't work on Fridays.", [("Sam", "days_off", "Friday", "assert", None)]),
        ("My day off is Monday.", [("Sam", "days_off", "Monday", "assert", None)]),
        # Both days, and neither dates the claim.
        (
            "My days off are Monday and Tuesday.",
            [
                ("Sam", "days_off", "Monday", "assert", None),
                ("Sam", "days_off", "Tuesday", "assert", None),
            ],
        ),
        # A one-off day, a length, a need, a past, a single day off.
        ("I work 9 to 5 tomorrow.", []),
        ("I work 9 hours a day.", []),
        ("I have to work 9 to 5 this week.", []),
        ("I worked the night shift yesterday.", []),
        ("I'm off on Friday.", []),
        ("I'm off tomorrow.", []),
        ("If I work nights, I sleep all day.", []),
    ],
)
def test_work_hours_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "employer", "hours"),
    [
        ("I work at Acme from 9 to 5.", "Acme", "9 to 5"),
        ("I work at Acme 9 to 5.", "Acme", "9 to 5"),  # it gave the employer "Acme 9"
        ("I work at Acme 40 hours a week.", "Acme", None),
        ("I work at Studio 54.", "Studio 54", None),
    ],
)
def test_the_hours_after_a_workplace_are_not_its_name(
    text: str, employer: str, hours: str | None
) -> None:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    said = {c.attribute: c.value for c in EX.extract_sync(obs)}
    assert said.get("employer") == employer
    assert said.get("work_hours") == hours


@pytest.mark.parametrize(
    ("said", "span"),
    [
        ("9am-5pm", "9am to 5pm"),
        ("9 AM - 5 PM", "9am to 5pm"),
        ("8:30 until 4:30", "8:30 to 4:30"),
        ("9:00 to 17:00", "9 to 17"),
        ("Nine to Five", "9 to 5"),
    ],
)
def test_a_span_of_the_day_has_one_form(said: str, span: str) -> None:
    assert work_span(said) == span


async def test_new_hours_replace_the_old_and_a_meeting_asks_for_them() -> None:
    async with MemoryRuntime.memory(namespace="hours") as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I work 9 to 5 and I'm off on Fridays.",
            "I love hiking.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        await say_at(rt, "I work the night shift now.", SAID.replace(day=20), actor="Sam")
        b = await rt.belief("Sam", "work_hours")
        assert b is not None and b.held == ("night shift",)
        ctx = await rt.query("Can you schedule a call with me next week?", actor="Sam")
    lines = ctx.prompt_sections["worldview"].splitlines()
    assert lines == [
        "- fact Sam.days_off: Friday (since 1 May 2024)",
        "- fact Sam.work_hours: night shift (since 20 May 2024)",
    ], lines
