"""Trips ahead said by how one gets there ("I leave for Paris tomorrow", "We're driving to
Chicago this weekend", "I'm visiting Japan in May": policies/rules_travel.py), a stay under
way said of someone else ("Tom is in Tokyo until Sunday"), and "Where is Ana?" asking where
someone stays or is away (runtime/fact_lines.py ``WHEREABOUTS``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.planner import plan_query
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.schema import DEFAULT_SCHEMA
from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.fact_lines import WHEREABOUTS, asks_about
from tests.helpers import DatedRow as Row
from tests.helpers import dated_rows, held, say_at

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday
ASKED = datetime(2024, 5, 1, 18, tzinfo=UTC)
AWAY_PHRASES = DEFAULT_SCHEMA.spec("activity").aliases


def rows(text: str) -> list[Row]:
    return dated_rows(text, SAID)


def trip(place: str, day: str | None, who: str = "Sam") -> list[Row]:
    return [(who, "goal", f"trip to {place}", day)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I leave for Paris tomorrow.", trip("Paris", "2024-05-02")),
        ("I'm leaving for Lima on Monday.", trip("Lima", "2024-05-06")),
        ("Tom leaves for Tokyo on Friday.", trip("Tokyo", "2024-05-03", "Tom")),
        ("We'll leave for Paris on Friday.", trip("Paris", "2024-05-03")),
        ("I'm off to Lisbon tomorrow.", trip("Lisbon", "2024-05-02")),
        ("We're off to Paris!", trip("Paris", None)),
        ("We're driving to Chicago this weekend.", trip("Chicago", "2024-05-04")),
        ("We'll drive to Chicago on Friday.", trip("Chicago", "2024-05-03")),
        ("I'm taking the train to Paris on Friday.", trip("Paris", "2024-05-03")),
        ("We head to Rome next week.", trip("Rome", "2024-05-06")),
        # Said on a Wednesday, "on Monday" after a progressive of travel is the coming one.
        ("I'm headed to Denver on Monday.", trip("Denver", "2024-05-06")),
        ("I'm off to Paris on Monday.", trip("Paris", "2024-05-06")),
        ("I'm visiting Japan in May.", trip("Japan", "2024-05-01")),
        ("We'll visit Rome next year.", trip("Rome", "2025-01-01")),
        ("Ana is going to visit Lisbon this summer.", trip("Lisbon", "2024-06-01", "Ana")),
        ("I'm going to Paris on Friday.", trip("Paris", "2024-05-03")),
        ("I'm going to Japan.", trip("Japan", None)),
        ("I'm in London next week.", trip("London", "2024-05-06")),
        ("I'm in London on Monday.", trip("London", "2024-05-06")),
        ("We'll be in Rome next week.", trip("Rome", "2024-05-06")),
        # Said in the past, the same Monday is the one gone by: a visit.
        ("I was in Paris on Monday.", [("Sam", "visited", "Paris", "2024-04-29")]),
        # A stay under way, of someone else too: there the day it was said, not on the day
        # it ends; so is a return ahead.
        ("Tom is in Tokyo until Sunday.", [("Tom", "visited", "Tokyo", "2024-05-01")]),
        ("Ana's in Lisbon for work.", [("Ana", "visited", "Lisbon", "2024-05-01")]),
        ("Tom gets back from Tokyo on Sunday.", [("Tom", "visited", "Tokyo", "2024-05-01")]),
        ("I'm flying home from Lima tomorrow.", [("Sam", "visited", "Lima", "2024-05-01")]),
        # Away from home or work, in one form each.
        ("I'm out of town this weekend.", [("Sam", "activity", "out of town", "2024-05-04")]),
        ("I'm away next week.", [("Sam", "activity", "away", "2024-05-06")]),
        ("Ana is away until Thursday.", [("Ana", "activity", "away", "2024-05-01")]),
        ("I'm on a work trip.", [("Sam", "activity", "business trip", None)]),
    ],
)
def test_a_trip_ahead_is_read_from_how_one_gets_there(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An errand to a place no list names, an errand to work, a habit.
        ("I'm driving to Costco tomorrow.", []),
        ("I leave for work at 8.", []),
        ("I drive to Chicago on Fridays.", []),
        ("I'm going to Target tomorrow.", [("Sam", "activity", "Target", "2024-05-02")]),
        # Gone already: a simple past.
        ("I left for Paris on Friday.", []),
        ("We headed to Rome on Friday.", []),
        # A person by a place's name, a question, a supposition, an offer.
        ("I'm going to Jordan for advice.", []),
        ("Are you going to Paris?", []),
        ("If I leave for Paris tomorrow, I'll miss the party.", []),
        ("We'll go to Paris.", []),
        # No one's stay: a thing's, or no place.
        ("The conference is in Tokyo this week.", []),
        ("It's in Tokyo this week.", []),
        ("I'm in a meeting on Monday.", []),
        # A visit with no time is under way or wished: no trip ahead.
        ("I'm visiting Paris.", []),
        # Away from a desk is no time away; a return as a habit is no visit.
        ("I'm away from my desk.", []),
        ("Tom comes back from Rome every Friday.", []),
        ("The car is out of town.", []),
    ],
)
def test_what_is_no_trip_ahead_gives_none(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_where_is_asks_where_someone_stays_or_is_away() -> None:
    def asks(question: str) -> set[str]:
        plan = plan_query(question, lens="logical", known_entities=("Ana", "Tom"), ref_time=ASKED)
        return {a for a in ("location", "visited", "origin") if asks_about(plan, a, ())}

    assert WHEREABOUTS == {"location", "visited"}
    for question in (
        "Where is Ana?",
        "Where's my wife this week?",
        "Where was Tom last week?",
        "Where will Ana be next week?",
        "Where are my parents now?",
    ):
        assert asks(question) == {"location", "visited"}, question
    # Where someone is from or was born asks neither.
    for question in ("Where is Ana from?", "Where was Tom born?", "Where did Ana work?"):
        assert asks(question) == set(), question


def test_a_return_in_the_present_is_ahead() -> None:
    when = {
        m.text: m.start.isoformat()
        for m in resolve_time_expressions(
            "Tom gets back from Tokyo on Sunday. I get back on Monday.", SAID
        )
    }
    assert when == {"on Sunday": "2024-05-05", "on Monday": "2024-05-06"}


def test_being_away_asks_for_the_calendar_and_taking_away_does_not() -> None:
    def asks(question: str) -> bool:
        plan = plan_query(question, lens="logical", known_entities=("Ana",), ref_time=ASKED)
        return asks_about(plan, "activity", AWAY_PHRASES)

    assert asks("Who is away this week?")
    assert asks("Is anyone out of town this weekend?")
    assert asks("Will Ana be away next week?")
    assert not asks("What did Ana take away from the book?")


async def test_who_is_away_finds_each_one_away_in_the_period() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        for text in (
            "My wife Ana is a nurse.",
            "Ana is away on a work trip until Thursday.",
            "I'm out of town this weekend.",
            "I'm off next month.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        ctx = await rt.query("Who is away this week?", actor="Sam")
        # What meets the week first on each line; the time off next month does not meet it.
        assert ctx.prompt_sections["worldview"].splitlines() == [
            "- fact Sam.activity: out of town (weekend of 4 May 2024); time off (June 2024)",
            "- fact Ana.activity: away (1 May 2024)",
        ]


async def test_a_relatives_stay_answers_where_they_are() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        for text in (
            "My wife Ana is a nurse.",
            "My brother Tom lives in Boston.",
            "My wife is in Paris until Friday.",
            "Tom leaves for Tokyo on Monday.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        assert await held(rt, "Ana", "visited") == ("Paris",)
        assert await held(rt, "Tom", "goal") == ("trip to Tokyo",)
        ctx = await rt.query("Where is my wife this week?", actor="Sam")
        assert ctx.prompt_sections["worldview"].splitlines()[0] == (
            "- fact Ana.visited: Paris (1 May 2024)"
        )
        ctx = await rt.query("Where is Tom next week?", actor="Sam")
        assert ctx.prompt_sections["worldview"].splitlines() == [
            "- fact Tom.goal: trip to Tokyo (6 May 2024)",
            "- fact Tom.location: Boston (since 1 May 2024)",
        ]
