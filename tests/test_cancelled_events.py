"""An event on the calendar called off or moved later (policies/cancelled_events.py): "My
dentist appointment got cancelled" ends the held ``activity``; "The meeting with Ana was
moved to Monday" tells it again at the new day. A supposition, a denial, a need, a request
or a question leaves it as it was."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import held, say_at

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday
LATER = datetime(2024, 5, 2, 12, tzinfo=UTC)  # the Thursday after
CALENDAR = (
    "I have a dentist appointment on Friday.",
    "I have a meeting with Ana on Thursday.",
    "I booked a table at Nopa for Saturday night.",
    "I have plans with Tom on Sunday.",
)
HELD = {"dentist appointment", "meeting with Ana", "table at Nopa", "plans with Tom"}


async def _after(rt: MemoryRuntime, text: str) -> list[tuple[str, str, str]]:
    for line in CALENDAR:
        await say_at(rt, line, SAID, actor="Sam")
    result = await say_at(rt, text, LATER, actor="Sam")
    return [(d.attribute, d.value, d.polarity) for d in result.deltas if d.attribute == "activity"]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("My dentist appointment got cancelled.", "dentist appointment"),
        ("Ugh, the dentist appointment was canceled.", "dentist appointment"),
        ("My appointment got cancelled.", "dentist appointment"),  # the one appointment held
        ("The meeting with Ana is off.", "meeting with Ana"),
        ("Ana called off the meeting.", "meeting with Ana"),
        ("I canceled the reservation at Nopa.", "table at Nopa"),  # the place booked
        ("Tom cancelled on me.", "plans with Tom"),  # the one event with Tom
        ("Our plans with Tom fell through.", "plans with Tom"),
    ],
)
async def test_an_event_called_off_leaves_the_calendar(text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="calendar") as rt:
        assert await _after(rt, text) == [("activity", ended, "negate")]
        assert set(await held(rt, "Sam", "activity")) == HELD - {ended}


@pytest.mark.parametrize(
    "text",
    [
        "If the meeting with Ana is cancelled, I'll go home.",  # a supposition
        "The meeting with Ana wasn't cancelled.",  # a denial
        "It hasn't been called off.",
        "I need to cancel my dentist appointment.",  # a need
        "I might cancel the meeting with Ana.",
        "Cancel my dentist appointment.",  # a request, not yet done
        "Is the meeting with Ana cancelled?",  # a question
        "My flight got cancelled.",  # no event held by that name
        "Netflix cancelled my favorite show.",
        "I'm off to the dentist appointment.",  # leaving for it
    ],
)
async def test_what_only_looks_called_off_leaves_the_calendar(text: str) -> None:
    async with MemoryRuntime.memory(namespace="calendar") as rt:
        assert [d for d in await _after(rt, text) if d[2] == "negate"] == []
        assert set(await held(rt, "Sam", "activity")) == HELD


@pytest.mark.parametrize(
    ("text", "moved", "day"),
    [
        ("The meeting with Ana was moved to Monday.", "meeting with Ana", date(2024, 5, 6)),
        (
            "I rescheduled my dentist appointment to the 20th.",
            "dentist appointment",
            date(2024, 5, 20),
        ),
        (
            "We pushed the plans with Tom back to the 11th.",
            "plans with Tom",
            date(2024, 5, 11),
        ),
    ],
)
async def test_an_event_moved_is_told_at_its_new_day(text: str, moved: str, day: date) -> None:
    async with MemoryRuntime.memory(namespace="calendar") as rt:
        for line in CALENDAR:
            await say_at(rt, line, SAID, actor="Sam")
        result = await say_at(rt, text, LATER, actor="Sam")
        assert [(d.attribute, d.value, d.polarity) for d in result.deltas] == [
            ("activity", moved, "assert")
        ]
        assert set(await held(rt, "Sam", "activity")) == HELD
        wv = await rt.worldview("logical")
        line = next(ln for ln in wv.render().splitlines() if "Sam.activity" in ln)
        assert f"{moved} ({day.day} {day:%B %Y})" in line, line


@pytest.mark.parametrize(
    "text",
    [
        "If the meeting with Ana is moved to Monday, I'll be out.",
        "They might push my dentist appointment to next week.",
        "The meeting with Ana wasn't moved to Monday.",
        "Can we move the meeting with Ana to Tuesday?",
        "I moved to Denver in June.",  # no event
    ],
)
async def test_what_only_looks_moved_leaves_the_day(text: str) -> None:
    async with MemoryRuntime.memory(namespace="calendar") as rt:
        assert await _after(rt, text) == []


async def test_an_event_not_held_when_called_off_gives_nothing() -> None:
    async with MemoryRuntime.memory(namespace="calendar") as rt:
        result = await say_at(rt, "My dentist appointment got cancelled.", SAID, actor="Sam")
        assert [d for d in result.deltas if d.attribute == "activity"] == []
        # ... nor does one called off again once it is gone.
        await say_at(rt, "I have a dentist appointment on Friday.", SAID, actor="Sam")
        first = await say_at(rt, "My dentist appointment got cancelled.", LATER, actor="Sam")
        again = await say_at(rt, "Yes, the dentist appointment is cancelled.", LATER, actor="Sam")
        assert [d.polarity for d in first.deltas] == ["negate"]
        assert [d for d in again.deltas if d.attribute == "activity"] == []


async def test_a_trip_planned_moved_is_told_at_its_new_day() -> None:
    async with MemoryRuntime.memory(namespace="calendar") as rt:
        await say_at(rt, "We're going to Lisbon in July.", SAID, actor="Sam")
        await say_at(rt, "I want to learn Spanish.", SAID, actor="Sam")
        result = await say_at(rt, "Our Lisbon trip got moved to July 10.", LATER, actor="Sam")
        assert [(d.attribute, d.value, d.polarity) for d in result.deltas] == [
            ("goal", "trip to Lisbon", "assert")
        ]
        line = next(
            ln for ln in (await rt.worldview("logical")).render().splitlines() if "goal" in ln
        )
        assert "trip to Lisbon (10 July 2024)" in line, line
        # A goal that is no trip is not an event to move.
        moved = await say_at(rt, "My Spanish lessons moved to Tuesday.", LATER, actor="Sam")
        assert [d for d in moved.deltas if d.attribute == "goal"] == []
