"""Dates that make one range: "from May 14 to May 20", "May 14-20", "between June 3 and
June 7" are one mention from the first day to the last (policies/timeexpr_ranges.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nousmem.policies.daterange import MONTH_NAMES
from nousmem.policies.planner import plan_query
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.runtime import FixedClock, MemoryRuntime

# Wednesday 1 May 2024.
REF = datetime(2024, 5, 1, 12, tzinfo=UTC)


def found(text: str, order: str | None = "mdy") -> list[tuple[str, date, date, str]]:
    return [
        (m.text, m.start, m.end, m.granularity)
        for m in resolve_time_expressions(text, REF, date_order=order)  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A present that plans a range reads it ahead, as "I'm out on May 14" is.
        (
            "I'm out from May 14 to May 20.",
            ("May 14 to May 20", date(2024, 5, 14), date(2024, 5, 20)),
        ),
        ("I'm away May 14-20.", ("May 14-20", date(2024, 5, 14), date(2024, 5, 20))),
        ("The offsite runs June 3-5.", ("June 3-5", date(2024, 6, 3), date(2024, 6, 5))),
        (
            "I'm off between June 3 and June 7.",
            ("June 3 and June 7", date(2024, 6, 3), date(2024, 6, 7)),
        ),
        (
            "I'll be in Paris from June 3 until June 10.",
            ("June 3 until June 10", date(2024, 6, 3), date(2024, 6, 10)),
        ),
        # Over the new year: the last day is in the year after.
        (
            "We're in Mexico from December 20 to January 3.",
            ("December 20 to January 3", date(2024, 12, 20), date(2025, 1, 3)),
        ),
        # In figures, in the order the first date was read in.
        ("I'm out from 3/14 to 3/20.", ("from 3/14 to 3/20", date(2025, 3, 14), date(2025, 3, 20))),
        ("I'm out on 5/14-5/16.", ("on 5/14-5/16", date(2024, 5, 14), date(2024, 5, 16))),
        # The past reads it back, and whole years and months join too.
        (
            "I was in Paris from June 3 to June 10.",
            ("June 3 to June 10", date(2023, 6, 3), date(2023, 6, 10)),
        ),
        (
            "I worked there from 2019 to 2021.",
            ("from 2019 to 2021", date(2019, 1, 1), date(2021, 12, 31)),
        ),
    ],
)
def test_two_dates_that_make_a_range_are_one_mention(
    text: str, expected: tuple[str, date, date]
) -> None:
    assert [m[:3] for m in found(text)] == [expected]


def test_in_figures_day_first_the_last_day_is_read_day_first() -> None:
    assert found("I'm out from 14/3 to 20/3.", order="dmy") == [
        ("from 14/3 to 20/3", date(2025, 3, 14), date(2025, 3, 20), "day")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I sent it on May 4 to 12 people.",  # a count, not a last day
        "On May 3 - 5 people came.",
        "I scored 14-20 on May 3.",
        "See you on 3/14 - bring snacks.",
        "I moved on May 20 to Paris.",
    ],
)
def test_what_only_looks_like_a_range_stays_one_day(text: str) -> None:
    (m,) = found(text)
    assert m[1] == m[2] and m[3] == "day", m


@pytest.mark.parametrize(
    "text",
    [
        "The launch slipped from June 3 to June 10.",
        "The dinner was postponed from May 14 to May 20.",
        "They moved the trip from May to June.",
    ],
)
def test_a_date_moved_is_two_dates_not_a_range(text: str) -> None:
    assert len(found(text)) == 2
    assert all(s == e or g == "month" for _, s, e, g in found(text))


def test_a_date_moved_in_figures_is_not_stretched() -> None:
    assert [m[1:3] for m in found("We moved the meeting from 3/14 to 3/20.")] == [
        (date(2024, 3, 14), date(2024, 3, 14))
    ]


def test_only_a_date_after_the_joiner_opens_a_range() -> None:
    from nousmem.policies.timeexpr_ranges import opens_range

    text = "I'm out May 14 to May 20, then on May 4 to the team, June 3-5, the 3rd to the 5th"
    at = {m: text.index(m) for m in ("May 14", "May 4", "June 3", "3rd")}
    assert opens_range(text, at["May 14"], at["May 14"] + 6)
    assert not opens_range(text, at["May 4"], at["May 4"] + 5)  # "to the team"
    assert opens_range(text, at["June 3"], at["June 3"] + 6)
    assert opens_range(text, at["3rd"], at["3rd"] + 3)


def test_a_last_day_before_the_first_joins_nothing() -> None:
    # "May 20-14" is no range; nor is a last day past the month's end.
    assert [(s, e) for _, s, e, _ in found("I'm away May 20-14.")] == [
        (date(2024, 5, 20), date(2024, 5, 20))
    ]
    assert [(s, e) for _, s, e, _ in found("I'm away June 28-31.")] == [
        (date(2024, 6, 28), date(2024, 6, 28))
    ]


@given(
    st.dates(min_value=date(2024, 5, 2), max_value=date(2025, 4, 1)),
    st.integers(min_value=1, max_value=30),
)
def test_a_range_ahead_spans_its_first_day_to_its_last(first: date, length: int) -> None:
    last = first + timedelta(days=length)
    said = (
        f"I'll be away from {MONTH_NAMES[first.month - 1]} {first.day} "
        f"to {MONTH_NAMES[last.month - 1]} {last.day}."
    )
    ((_, start, end, granularity),) = found(said)
    assert (start, end, granularity) == (first, last, "day")


def test_a_question_of_a_range_plans_one_period() -> None:
    plan = plan_query(
        "What do I have between June 3 and June 7?",
        lens="associative",
        known_entities=(),
        ref_time=REF,
    )
    assert [(start, end) for _, start, end in plan.times] == [("2024-06-03", "2024-06-07")]


async def test_a_turn_shows_the_range_it_tells() -> None:
    async with MemoryRuntime.memory(clock=FixedClock(REF + timedelta(days=2))) as rt:
        await rt.observe_and_route(
            {
                "content": "I'm out of office from May 14 to May 20.",
                "actor": "Sam",
                "occurred_at": REF,
            }
        )
        ctx = await rt.query("What am I doing on May 16?", actor="Sam")
        assert "(May 14 to May 20 = 14 May 2024 to 20 May 2024)" in ctx.to_prompt()
