"""A month after a bound or a move ("by June", "pushed to June"), and what a decision dates
(policies/timeexpr_months.py, policies/tense.py)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from nousmem.policies.planner import plan_query
from nousmem.policies.timeexpr import resolve_time_expressions

# Tuesday 10 March 2026.
REF = datetime(2026, 3, 10, 9, 30)


def months(text: str) -> list[tuple[str, date]]:
    return [(m.text, m.start) for m in resolve_time_expressions(text, REF)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # A deadline or a stay in a present sentence is ahead.
        ("I need it by June.", [("by June", date(2026, 6, 1))]),
        ("I'm here until October.", [("until October", date(2026, 10, 1))]),
        ("The shop opens before June.", [("before June", date(2026, 6, 1))]),
        ("We'll know more after July.", [("after July", date(2026, 7, 1))]),
        # ... and behind in a past one.
        ("I was there until October.", [("until October", date(2025, 10, 1))]),
        ("We finished the roof before June.", [("before June", date(2025, 6, 1))]),
        # A date moved is moved ahead, though the moving is past.
        ("The launch got pushed back to June.", [("to June", date(2026, 6, 1))]),
        ("We postponed the wedding to October.", [("to October", date(2026, 10, 1))]),
        (
            "They moved the trip from May to June.",
            [("from May", date(2026, 5, 1)), ("to June", date(2026, 6, 1))],
        ),
        # A range in the past stays there, as one span.
        ("I lived there from May to July.", [("from May to July", date(2025, 5, 1))]),
        # A sentence that starts from a month.
        ("From June we'll be closed on Sundays.", [("From June", date(2026, 6, 1))]),
        # A month that is no given name counts after "to" anyway.
        ("I'm looking forward to October.", [("to October", date(2026, 10, 1))]),
        # With its year, a month after a bound or a move is that one.
        ("I worked there until June 2019.", [("until June 2019", date(2019, 6, 1))]),
        ("I've lived here from May 2019.", [("from May 2019", date(2019, 5, 1))]),
        ("Finish it by March 2027.", [("by March 2027", date(2027, 3, 1))]),
        ("They pushed it to June 2025.", [("to June 2025", date(2025, 6, 1))]),
        # A day of the month after the bound is that day, not the month.
        ("Submit it by June 5.", [("June 5", date(2026, 6, 5))]),
    ],
)
def test_a_month_after_a_bound_or_a_move(text: str, found: list[tuple[str, date]]) -> None:
    assert months(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "I talked to June about it.",
        "I told April the news.",
        "A card from April arrived.",
        "Say hi to May for me.",
        "This belongs to august collectors.",  # lowercase: no month
        "by march we mean walking",
        "We moved to June's place.",
    ],
)
def test_a_person_named_as_a_month_is_no_date(text: str) -> None:
    assert months(text) == []


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # What is decided or promised lies ahead of the deciding.
        ("I decided to run a marathon in October.", date(2026, 10, 1)),
        ("We agreed to meet on Friday.", date(2026, 3, 13)),
        ("She promised to call on Monday.", date(2026, 3, 16)),
        # The date of the deciding itself is past.
        ("In October I decided to quit.", date(2025, 10, 1)),
        ("I decided in October to quit.", date(2025, 10, 1)),
        ("Back in May, we decided to move.", date(2025, 5, 1)),
    ],
)
def test_a_decision_dates_what_it_decides_ahead(text: str, start: date) -> None:
    (found,) = resolve_time_expressions(text, REF)
    assert found.start == start


@pytest.mark.parametrize(
    ("question", "days"),
    [
        # A bound ahead asks from today up to it.
        ("What do I have before June?", ("2026-03-10", "2026-05-31")),
        ("What's due by April?", ("2026-03-10", "2026-04-30")),
        ("What's on until Friday?", ("2026-03-10", "2026-03-13")),
        # Without a bound, the expression's own days.
        ("What do I have in June?", ("2026-06-01", "2026-06-30")),
        # A bound in the past is no range from today.
        ("What did I do before February?", ("2026-02-01", "2026-02-28")),
    ],
)
def test_a_question_bounded_by_a_time_ahead_asks_from_today(
    question: str, days: tuple[str, str]
) -> None:
    plan = plan_query(question, lens="logical", known_entities=(), ref_time=REF, actor="Sam")
    (found,) = plan.times
    assert found[1:] == days
