"""Dates in figures, decades, years in two digits, "Thursday the 12th" and spans of months
without a year (policies/timeexpr_numeric.py, timeexpr_calendar.py, timeexpr_months.py)."""

from __future__ import annotations

from calendar import monthrange
from datetime import UTC, date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nousmem.policies import RuleExtractor
from nousmem.policies.planner import plan_query
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.policies.timeexpr_numeric import two_digit_year
from nousmem.projections.models import Observation

# Wednesday 1 May 2024.
REF = datetime(2024, 5, 1, 12, tzinfo=UTC)


def found(text: str, ref: datetime = REF) -> list[tuple[str, date, date, str]]:
    return [(m.text, m.start, m.end, m.label) for m in resolve_time_expressions(text, ref)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The order shows when a part is over 12.
        ("I started at Acme on 3/14/2023.", ("3/14/2023", date(2023, 3, 14))),
        ("We met on 14/3/23 in Lyon.", ("14/3/23", date(2023, 3, 14))),
        ("The same either way: 5/5/2023.", ("5/5/2023", date(2023, 5, 5))),
        ("Filed on 2023/03/14.", ("2023/03/14", date(2023, 3, 14))),
        ("Am 14.03.2023 war ich in Berlin.", ("14.03.2023", date(2023, 3, 14))),
    ],
)
def test_a_date_in_figures_whose_order_shows(text: str, expected: tuple[str, date]) -> None:
    (m,) = resolve_time_expressions(text, REF)
    assert (m.text, m.start, m.end, m.granularity) == (*expected, expected[1], "day")


@pytest.mark.parametrize(
    "text",
    [
        "It is due 5/8/2023.",  # 8 May or 5 August
        "The score was 3/14/2023/5.",  # part of a longer run
        "Mix 1/2/3 parts.",
        "I was in my 20s then.",  # an age
        "It's been in the 90s all week.",  # the weather
        "Highs in the 80s today and humid.",
        "the 90s",  # no lead word
        "He bought a bottle of '09 Bordeaux.",
        "She's from the class of '27 at Yale.",
    ],
)
def test_no_date_where_none_is_said_for_sure(text: str) -> None:
    assert [f for f in found(text) if f[0] != "today"] == []


@pytest.mark.parametrize(
    ("text", "span", "start", "end", "label"),
    [
        ("I lived in Rome in the 90s.", "in the 90s", 1990, 1999, "the 1990s"),
        ("Back in the '80s we had no phones.", "in the '80s", 1980, 1989, "the 1980s"),
        ("Music of the 1960s is the best.", "the 1960s", 1960, 1969, "the 1960s"),
        ("I was born in the ’00s.", "in the ’00s", 2000, 2009, "the 2000s"),
        ("In the early 2000s I lived in Leeds.", "In the early 2000s", 2000, 2003, None),
        ("During the mid-90s she ran a shop.", "During the mid-90s", 1994, 1996, None),
        ("in the late 1980s", "in the late 1980s", 1987, 1989, "the late 1980s"),
        ("I moved to Oslo in '19.", "in '19", 2019, 2019, "2019"),
        ("We met in '95, I think.", "in '95", 1995, 1995, "1995"),
    ],
)
def test_decades_and_years_in_two_digits(
    text: str, span: str, start: int, end: int, label: str | None
) -> None:
    (m,) = resolve_time_expressions(text, REF)
    assert (m.text, m.start, m.end) == (span, date(start, 1, 1), date(end, 12, 31))
    if label is not None:
        assert m.label == label


def test_since_a_decade_or_a_short_year_runs_to_the_day_said() -> None:
    assert found("I've been vegan since the late 90s.")[0][1:3] == (date(1997, 1, 1), REF.date())
    assert found("We've lived here since '08.")[0][1:3] == (date(2008, 1, 1), REF.date())
    assert found("in May '19")[0][1:3] == (date(2019, 5, 1), date(2019, 5, 31))
    assert found("since May '19")[0][1:3] == (date(2019, 5, 1), REF.date())


@given(st.integers(0, 99), st.dates(date(1950, 1, 1), date(2200, 12, 31)))
def test_a_two_digit_year_is_the_one_nearest_behind_or_just_ahead(yy: int, today: date) -> None:
    year = two_digit_year(yy, today)
    assert year % 100 == yy
    assert today.year - 89 <= year <= today.year + 10


@given(st.dates(date(1990, 1, 1), date(2099, 12, 31)).filter(lambda d: d.day > 12))
def test_either_order_reads_a_day_over_12(d: date) -> None:
    us = f"Paid on {d.month}/{d.day}/{d.year}."
    eu = f"Paid on {d.day}/{d.month}/{d.year}."
    for text in (us, eu):
        (m,) = resolve_time_expressions(text, REF)
        assert (m.start, m.end) == (d, d)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # The three 12ths nearest behind are a Friday, a Tuesday and a Monday: no Thursday,
        # so the nearest 12th.
        ("I joined Stripe on Thursday the 12th.", date(2024, 4, 12)),
        ("It was Friday the 12th, I remember.", date(2024, 4, 12)),
        ("We met on Monday the 12th.", date(2024, 2, 12)),  # two months back
        ("I'll see you on Monday the 13th.", date(2024, 5, 13)),
        ("I'll see you on Saturday, the 13th.", date(2024, 7, 13)),
    ],
)
def test_a_weekday_before_a_day_of_the_month(text: str, day: date) -> None:
    (m,) = resolve_time_expressions(text, REF)
    assert (m.start, m.end) == (day, day)


@pytest.mark.parametrize(
    ("text", "start", "end", "label"),
    [
        ("I lived in Paris between March and June.", (2023, 3), (2023, 6), "March to June 2023"),
        ("I lived in Paris from March to June.", (2023, 3), (2023, 6), "March to June 2023"),
        ("We stayed from November to March.", (2023, 11), (2024, 3), None),
        ("I'll be in Paris from March to June.", (2025, 3), (2025, 6), None),
        ("I lived there from May 2019 until June.", (2019, 5), (2019, 6), None),
        ("We were there from March to April.", (2024, 3), (2024, 4), None),
    ],
)
def test_a_span_of_months_without_its_year_is_one_span(
    text: str, start: tuple[int, int], end: tuple[int, int], label: str | None
) -> None:
    (m,) = resolve_time_expressions(text, REF)
    assert (m.start.year, m.start.month, m.start.day) == (*start, 1)
    assert (m.end.year, m.end.month) == end
    assert m.end.day == monthrange(m.end.year, m.end.month)[1]
    if label is not None:
        assert m.label == label


def test_a_date_moved_from_one_month_to_another_is_two_dates() -> None:
    texts = [f[0] for f in found("They moved the trip from May to June.")]
    assert texts == ["from May", "to June"]


def _claims(text: str) -> list[tuple[str, str, str, date | None]]:
    obs = Observation(type="utterance", content=text, source="user", actor="Sam", occurred_at=REF)
    out = []
    for c in RuleExtractor().extract_sync(obs):
        valid = c.valid_at.date() if isinstance(c.valid_at, datetime) else c.valid_at
        out.append((c.polarity, c.attribute, str(c.value), valid))
    return out


def test_claims_take_the_new_forms_dates() -> None:
    assert _claims("I moved to Oslo in '19.") == [("assert", "location", "Oslo", date(2019, 1, 1))]
    assert _claims("I started at Acme on 3/14/2023.") == [
        ("assert", "employer", "Acme", date(2023, 3, 14))
    ]
    # A past span without its year ended when it did: not held from the end of last June.
    assert _claims("I lived in Paris between March and June.") == [
        ("negate", "location", "Paris", date(2023, 6, 30))
    ]


def test_a_question_asks_about_a_decade() -> None:
    plan = plan_query(
        "Where did Sam live in the 1990s?", lens="logical", known_entities=(), ref_time=REF
    )
    (t,) = plan.times
    assert t[1:] == ("1990-01-01", "1999-12-31")
