"""A present tense that schedules (policies/tense.py, ``_TIMETABLE``): an age turned ("I
turn 30 on Friday") and a flight taken ("I fly to Rome on Friday") are the coming days, and
the flight is a trip (policies/rules_places.py); a habit ("on Fridays") and a past are not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.timeexpr import resolve_time_expressions
from tests.helpers import DatedRow, dated_rows

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("I turn 30 on Friday.", ("2024-05-03",)),
        ("I turn 5 on Friday.", ("2024-05-03",)),
        ("Lily turns 16 on Saturday.", ("2024-05-04",)),
        ("I fly to Rome on Friday.", ("2024-05-03",)),
        ("We fly out on Sunday.", ("2024-05-05",)),
        ("Ana flies to Lima on Monday.", ("2024-05-06",)),
        # A day listed after one that is ahead is ahead too.
        (
            "I'm busy on Monday and Thursday.",
            ("2024-05-06", "2024-05-02"),
        ),
        (
            "I have a class on Monday and Thursday.",
            ("2024-05-06", "2024-05-02"),
        ),
        (
            "We met on Monday and Thursday.",
            ("2024-04-29", "2024-04-25"),
        ),
        # The past, and words that only look like it.
        ("I flew to Rome on Friday.", ("2024-04-26",)),
        ("The page turns yellow on Friday.", ("2024-04-26",)),
        ("Time flies, I saw him on Friday.", ("2024-04-26",)),
    ],
)
def test_a_present_that_schedules_is_ahead(text: str, days: tuple[str, ...]) -> None:
    assert tuple(m.start.isoformat() for m in resolve_time_expressions(text, SAID)) == days


def rows(text: str) -> list[DatedRow]:
    return dated_rows(text, SAID)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I turn 30 on Friday.",
            [("Sam", "birthday", "May 3", None), ("Sam", "birth_year", "1994", None)],
        ),
        ("I fly to Rome on Friday.", [("Sam", "goal", "trip to Rome", "2024-05-03")]),
        ("We fly to Lisbon next week.", [("Sam", "goal", "trip to Lisbon", "2024-05-06")]),
        ("Ana flies out to Lima on Monday.", [("Ana", "goal", "trip to Lima", "2024-05-06")]),
        ("I fly to Rome on Fridays.", []),
        ("I fly to Rome often.", []),
        ("If I fly to Rome on Friday, I'll call.", []),
        ("Do you fly to Rome on Friday?", []),
        ("Birds fly to Africa in winter.", []),
    ],
)
def test_a_flight_taken_in_the_present_is_a_trip(text: str, expected: list[DatedRow]) -> None:
    assert rows(text) == expected
