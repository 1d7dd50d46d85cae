"""Calendar quarters in time expressions: "next quarter", "in Q3", "by Q1 2025"
(policies/timeexpr.py, policies/daterange.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nousmem.policies import daterange as dr
from nousmem.policies.timeexpr import resolve_time_expressions

# Wednesday 1 May 2024: in Q2.
REF = datetime(2024, 5, 1, 12)


@pytest.mark.parametrize(
    ("text", "said", "start", "end", "label"),
    [
        (
            "We're moving to Linear next quarter.",
            "next quarter",
            date(2024, 7, 1),
            date(2024, 9, 30),
            "Q3 2024",
        ),
        (
            "We shipped it last quarter.",
            "last quarter",
            date(2024, 1, 1),
            date(2024, 3, 31),
            "Q1 2024",
        ),
        ("This quarter was rough.", "This quarter", date(2024, 4, 1), date(2024, 6, 30), "Q2 2024"),
        ("We launched in Q1.", "in Q1", date(2024, 1, 1), date(2024, 3, 31), "Q1 2024"),
        # Past, no year: the latest Q4; to come, the next Q3.
        ("We hired two people in q4.", "in q4", date(2023, 10, 1), date(2023, 12, 31), "Q4 2023"),
        ("We will launch in Q3.", "in Q3", date(2024, 7, 1), date(2024, 9, 30), "Q3 2024"),
        (
            "By Q1 2025 we want it done.",
            "By Q1 2025",
            date(2025, 1, 1),
            date(2025, 3, 31),
            "Q1 2025",
        ),
        (
            "Since Q2 sales are slow.",
            "Since Q2",
            date(2024, 4, 1),
            date(2024, 5, 1),
            "1 April 2024 to 1 May 2024",
        ),
        (
            "We ship at the end of the quarter.",
            "the end of the quarter",
            date(2024, 6, 1),
            date(2024, 6, 30),
            "the end of Q2 2024",
        ),
    ],
)
def test_quarters(text: str, said: str, start: date, end: date, label: str) -> None:
    (m,) = resolve_time_expressions(text, REF)
    assert (m.text, m.start, m.end, m.label) == (said, start, end, label)


@pytest.mark.parametrize("text", ["The Audi Q7 is nice.", "See FAQ3 for that.", "Q5 of the survey"])
def test_no_quarter(text: str) -> None:
    assert resolve_time_expressions(text, REF) == []


@given(st.dates(date(1900, 1, 1), date(2200, 12, 31)), st.integers(-8, 8))
def test_quarters_shift_by_three_months_and_tile_the_year(today: date, n: int) -> None:
    this = dr.shift(today, "quarter", 0)
    assert this.start <= today <= this.end
    assert this.start.month % 3 == 1 and this.start.day == 1
    moved = dr.shift(today, "quarter", n)
    months = (moved.start.year - this.start.year) * 12 + moved.start.month - this.start.month
    assert months == 3 * n
    # Three whole months, and the next quarter starts the day after.
    assert (moved.end + timedelta(days=1)) == dr.shift(today, "quarter", n + 1).start
    assert moved.label == f"Q{dr.quarter_of(moved.start)} {moved.start.year}"
