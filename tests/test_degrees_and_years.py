"""A degree worked toward names its school and its field ("I'm doing a master's in data
science at Stanford"), a year of school names the school ("I'm a sophomore at Michigan"),
and an MBA or a bachelor's is a degree like any other ("I have an MBA in finance")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from tests.helpers import extracted_claims

Row = tuple[str, str, str, str]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm doing a master's in data science at Stanford.",
            [("Ana", "studied", "data science", "assert"), ("Ana", "school", "Stanford", "assert")],
        ),
        (
            "I'm getting my PhD in physics at Caltech.",
            [("Ana", "studied", "physics", "assert"), ("Ana", "school", "Caltech", "assert")],
        ),
        ("I'm studying for my MBA at Wharton.", [("Ana", "school", "Wharton", "assert")]),
        ("I'm doing a master's at Stanford.", [("Ana", "school", "Stanford", "assert")]),
        ("I'm a sophomore at Michigan.", [("Ana", "school", "Michigan", "assert")]),
        ("I'm in my second year at NYU.", [("Ana", "school", "NYU", "assert")]),
        ("Tom is a junior at Rutgers.", [("Tom", "school", "Rutgers", "assert")]),
        ("I have an MBA in finance.", [("Ana", "studied", "finance", "assert")]),
        ("I have a bachelor's in history.", [("Ana", "studied", "history", "assert")]),
        # No school named: a time, or a name that is no place.
        ("I'm getting a degree at the moment.", []),
        ("I'm a senior at the moment.", []),
        ("I'm a senior at heart.", []),
        # Hoped for, not begun.
        (
            "I want to do a master's at Stanford.",
            [("Ana", "goal", "do a master's at Stanford", "assert")],
        ),
    ],
)
def test_degrees_and_years_of_school(text: str, expected: list[Row]) -> None:
    assert extracted_claims(text, actor="Ana") == expected


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("I go to Berkeley.", ["Berkeley"]),
        ("Ana goes to Northwestern University.", ["Northwestern University"]),
        ("I go to Berkeley and I love it.", ["Berkeley"]),
        # Schools for children by their words, a longer name, "attends".
        ("Lily goes to Lincoln Elementary.", ["Lincoln Elementary"]),
        ("Tom attends Oak Hill Middle School.", ["Oak Hill Middle School"]),
        ("I attend Stanford.", ["Stanford"]),
        ("I attend the gym daily.", []),
        # An errand, a plan, a wish or a place that is no school.
        ("I go to MIT for a meetup.", []),
        ("I'll go to Stanford tomorrow.", []),
        ("I want to go to Harvard.", []),
        ("I go to Starbucks.", []),
    ],
)
def test_a_school_gone_to(text: str, school: list[str]) -> None:
    assert [v for _, a, v, _ in extracted_claims(text, actor="Ana") if a == "school"] == school


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        # The school gone to is no outing besides.
        ("I go to MIT.", []),
        ("Lily goes to Lincoln Elementary.", []),
        # An outing to a school is one.
        ("I went to MIT last week for a talk.", ["MIT"]),
    ],
)
def test_a_school_gone_to_is_no_activity(text: str, activity: list[str]) -> None:
    assert [v for _, a, v, _ in extracted_claims(text, actor="Ana") if a == "activity"] == activity


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("Mia switched to a new school, Oak Elementary.", ["Oak Elementary"]),
        ("Leo transferred to Lincoln High.", ["Lincoln High"]),
        ("I transferred to Stanford last year.", ["Stanford"]),
        # No school named.
        ("We switched to a new school district.", []),
        ("I transferred to the Berlin office.", []),
    ],
)
def test_a_school_changed_to(text: str, school: list[str]) -> None:
    got = [(v, c) for _, a, v, c in _changes(text) if a == "school"]
    assert got == [(v, True) for v in school]


def _changes(text: str) -> list[tuple[str, str, str, bool]]:
    obs = Observation(content=text, actor="Ana", occurred_at=datetime(2026, 1, 5, tzinfo=UTC))
    return [(c.entity, c.attribute, c.value, c.change) for c in RuleExtractor().extract_sync(obs)]
