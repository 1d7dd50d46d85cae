"""What someone has on a day that comes back (policies/rules_routines.py): "I have yoga every
Tuesday" gives the ``activity`` ``yoga every Tuesday``; a question about a Tuesday finds it
by the weekday it names (projections/occasion_dates.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.projections.occasion_dates import meets
from nousmem.runtime import FixedClock, MemoryRuntime
from tests.helpers import DatedRow, dated_rows, say_at, told

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday


def rows(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [(c.entity, c.attribute, c.value) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have yoga every Tuesday.", [("Sam", "activity", "yoga every Tuesday")]),
        (
            "I have piano lessons every Tuesday at 5.",
            [("Sam", "activity", "piano lessons every Tuesday")],
        ),
        (
            "I have therapy every other Wednesday.",
            [("Sam", "activity", "therapy every other Wednesday")],
        ),
        (
            "Ana has swim practice on Saturdays.",
            [("Ana", "activity", "swim practice on Saturdays")],
        ),
        ("We have church every Sunday.", [("Sam", "activity", "church every Sunday")]),
        (
            "Mia has a soccer game every Saturday at 10am.",
            [("Mia", "activity", "soccer game every Saturday")],
        ),
        # Said by when it is: the recurrence kept as said, and only the routine read.
        ("Our team standup is every day at 9.", [("Sam", "activity", "team standup every day")]),
        ("My piano lesson is on Tuesdays.", [("Sam", "activity", "piano lesson on Tuesdays")]),
        # A symptom or a meal had so, a question, a supposition; a single day is an event.
        ("I have a headache every morning.", []),
        ("I have coffee every morning.", []),
        ("Do I have yoga every Tuesday?", []),
        ("If I have class every Monday, I'll quit.", []),
        ("I have a class on Monday.", [("Sam", "activity", "class")]),
    ],
)
def test_routines_read(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


def test_a_routine_meets_a_period_holding_its_weekday() -> None:
    tuesday = (datetime(2024, 5, 7, tzinfo=UTC), datetime(2024, 5, 8, tzinfo=UTC))
    wednesday = (datetime(2024, 5, 8, tzinfo=UTC), datetime(2024, 5, 9, tzinfo=UTC))
    weekend = (datetime(2024, 5, 4, tzinfo=UTC), datetime(2024, 5, 6, tzinfo=UTC))
    month = (datetime(2024, 6, 1, tzinfo=UTC), datetime(2024, 7, 1, tzinfo=UTC))
    yoga = told("yoga every Tuesday")
    assert meets(yoga, tuesday)
    assert not meets(yoga, wednesday)
    assert not meets(yoga, month)  # every long period holds a Tuesday: no answer
    assert meets(told("swim practice on Saturdays"), weekend)
    assert meets(told("team standup every day"), wednesday)
    assert not meets(told("team standup on weekdays"), weekend)
    assert meets(told("brunch every weekend"), weekend)
    assert not meets(told("Tuesday"), tuesday)  # a name, not a routine
    assert not meets(told("hiking"), tuesday)


async def test_a_question_about_a_weekday_gets_its_routines_first() -> None:
    # Read on Thursday 2 May: "on Tuesday" is the 7th.
    clock = FixedClock(datetime(2024, 5, 2, 9, tzinfo=UTC))
    async with MemoryRuntime.memory(namespace="routines", clock=clock) as rt:
        for text in (
            "I have yoga every Tuesday.",
            "I have plans with Ana on Saturday.",
            "I have therapy every other Wednesday.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        ctx = await rt.query("What do I have on Tuesday?", budget_tokens=300, actor="Sam")
        line = ctx.prompt_sections["worldview"].splitlines()[0]
        assert line.startswith("- fact Sam.activity: yoga every Tuesday"), line
        ctx = await rt.query("What am I doing this weekend?", budget_tokens=300, actor="Sam")
        line = ctx.prompt_sections["worldview"].splitlines()[0]
        assert line.startswith("- fact Sam.activity: plans with Ana (4 May 2024)"), line


def dated(text: str) -> list[DatedRow]:
    return [r for r in dated_rows(text, SAID) if r[1] == "activity"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Several weekdays, and a child's activities.
        (
            "Leo's soccer practice is every Tuesday and Thursday.",
            [("Leo", "activity", "soccer practice every Tuesday and Thursday", None)],
        ),
        (
            "I have yoga every Monday, Wednesday and Friday.",
            [("Sam", "activity", "yoga every Monday, Wednesday and Friday", None)],
        ),
        ("Mia has ballet on Wednesdays.", [("Mia", "activity", "ballet on Wednesdays", None)]),
        (
            "Mia has swim on Mondays and Thursdays.",
            [("Mia", "activity", "swim on Mondays and Thursdays", None)],
        ),
        # A routine has no one day, not even another clause's.
        (
            "Leo has piano every Monday and I have a meeting on Friday.",
            [
                ("Leo", "activity", "piano every Monday", None),
                ("Sam", "activity", "meeting", "2024-05-03"),
            ],
        ),
        ("I have tennis elbow every morning.", []),
    ],
)
def test_routines_on_several_days_read_undated(
    text: str, expected: list[tuple[str, str, str, str | None]]
) -> None:
    assert dated(text) == expected


def test_a_routine_on_several_weekdays_meets_each() -> None:
    thursday = (datetime(2024, 5, 9, tzinfo=UTC), datetime(2024, 5, 10, tzinfo=UTC))
    wednesday = (datetime(2024, 5, 8, tzinfo=UTC), datetime(2024, 5, 9, tzinfo=UTC))
    practice = told("soccer practice every Tuesday and Thursday")
    assert meets(practice, thursday)
    assert not meets(practice, wednesday)
    assert meets(told("yoga every Monday, Wednesday and Friday"), wednesday)
    assert meets(told("swim on Mondays and Thursdays"), thursday)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Leo's soccer practice is every Tuesday and Thursday.", []),
        ("I have yoga every Monday, Wednesday and Friday.", []),
        ("Every Tuesday and Thursday I swim.", []),
        # A day after another sentence, or after a day that is a date, is one.
        ("I went there every Monday. Thursday was fun.", ["2024-04-25"]),
    ],
)
def test_weekdays_listed_after_every_are_no_dates(text: str, days: list[str]) -> None:
    from nousmem.policies.timeexpr import resolve_time_expressions

    assert [m.start.isoformat() for m in resolve_time_expressions(text, SAID)] == days
