"""Injuries, illnesses and hospital stays (policies/rules_injury.py): "I broke my arm" is
the ``injury`` ``broken arm``, dated when it happened; an illness of a few days ("I'm
sick", "Leo has the flu"), a stay in hospital and a past surgery are on the calendar; a
thing broken, a near miss, a supposition or an idiom is none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from tests.helpers import DatedRow as Row
from tests.helpers import dated_rows, held, say_at

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday
ASKED = datetime(2024, 5, 2, 9, tzinfo=UTC)


def rows(text: str) -> list[Row]:
    return dated_rows(text, SAID)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I broke my arm.", [("Sam", "injury", "broken arm", None)]),
        ("Ana sprained her ankle last week.", [("Ana", "injury", "sprained ankle", "2024-04-22")]),
        ("Tom tore his ACL playing soccer.", [("Tom", "injury", "torn ACL", None)]),
        ("Ana broke her left wrist.", [("Ana", "injury", "broken left wrist", None)]),
        ("I pulled a muscle.", [("Sam", "injury", "pulled muscle", None)]),
        ("I hurt my back lifting boxes.", [("Sam", "injury", "hurt back", None)]),
        ("I broke two ribs.", [("Sam", "injury", "broken ribs", None)]),
        # As a state had, or one recovering from.
        ("I have a concussion.", [("Sam", "injury", "concussion", None)]),
        ("I've got a broken wrist.", [("Sam", "injury", "broken wrist", None)]),
        ("I'm recovering from a torn ACL.", [("Sam", "injury", "torn ACL", None)]),
        # On the calendar: a stay in hospital that day, a surgery had.
        ("I'm in the ER.", [("Sam", "activity", "in the ER", "2024-05-01")]),
        ("Ana is in the hospital.", [("Ana", "activity", "in the hospital", "2024-05-01")]),
        ("I had knee surgery last week.", [("Sam", "activity", "knee surgery", "2024-04-22")]),
        # An illness of a few days: unwell the day said, or sick with what it is.
        ("I'm sick.", [("Sam", "activity", "sick", "2024-05-01")]),
        ("Leo is sick today.", [("Leo", "activity", "sick", "2024-05-01")]),
        ("I'm feeling under the weather.", [("Sam", "activity", "sick", "2024-05-01")]),
        ("I've been sick all week.", [("Sam", "activity", "sick", "2024-05-01")]),
        ("Leo has the flu.", [("Leo", "activity", "sick with the flu", None)]),
        ("I caught a cold.", [("Sam", "activity", "sick with a cold", None)]),
        (
            "I came down with COVID last week.",
            [("Sam", "activity", "sick with COVID", "2024-04-22")],
        ),
        ("Ana tested positive for COVID.", [("Ana", "activity", "sick with COVID", None)]),
        ("I'm out sick today.", [("Sam", "activity", "out sick", "2024-05-01")]),
        ("I'm sick of this.", []),
        ("I'm sick and tired of it.", []),
        ("That's sick!", []),
        ("I'm ill-prepared.", []),
        ("I have a cold drink.", []),
        ("I had the flu shot.", []),
        ("I caught a bug in the parser.", []),
        # No body part, a near miss, a supposition, an idiom, no subject of one's own.
        ("I broke my phone.", []),
        ("I almost broke my leg.", []),
        ("If I break my leg, I'll stay home.", []),
        ("Break a leg!", []),
        ("It hurt my back.", []),
        ("I hurt her feelings.", []),
        ("I'm broke.", []),
    ],
)
def test_an_injury_is_read_in_a_doctors_words(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_a_relatives_illness_answers_whether_they_are_sick() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await say_at(rt, "My son Leo is 7.", SAID, actor="Sam")
        await say_at(rt, "My son has a fever.", SAID, actor="Sam")
        await say_at(rt, "I love hiking.", SAID, actor="Sam")
        assert await held(rt, "Leo", "activity") == ("sick with a fever",)
        ctx = await rt.query("Is Leo sick?", budget_tokens=300, actor="Sam")
        assert "fact Leo.activity: sick with a fever" in ctx.to_prompt()


async def test_a_relatives_injury_answers_how_they_are() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await say_at(rt, "My wife Ana is a nurse.", SAID, actor="Sam")
        await say_at(rt, "Ana broke her leg last week.", SAID, actor="Sam")
        await say_at(rt, "My dad is in the hospital.", SAID, actor="Sam")
        assert await held(rt, "Ana", "injury") == ("broken leg",)
        assert await held(rt, "Sam's father", "activity") == ("in the hospital",)
        ctx = await rt.query("What happened to Ana's leg?", actor="Sam")
        assert ctx.prompt_sections["worldview"].splitlines()[0] == (
            "- fact Ana.injury: broken leg (week of 22 April 2024)"
        )
