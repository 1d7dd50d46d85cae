"""What someone has on (policies/rules_calendar.py): meetings, calls, meals with company and
events said by when they are give the ``activity``, dated as said; a modifier, a call
received, a bare meeting, a question or a supposition gives none. A question about a day
(projections/occasion_dates.py) gets what is dated that day first."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from nousmem.projections.occasion_dates import meets, met_first
from nousmem.runtime import FixedClock, MemoryRuntime
from tests.helpers import DatedRow, dated_rows, say_at, told

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday

Row = DatedRow


def rows(text: str) -> list[Row]:
    return dated_rows(text, SAID)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I have a meeting with Ana tomorrow at 3pm.",
            [("Sam", "activity", "meeting with Ana", "2024-05-02")],
        ),
        (
            "Ana has a meeting with her manager on Monday.",
            [("Ana", "activity", "meeting with her manager", "2024-05-06")],
        ),
        (
            "I have a meeting with my manager on Monday.",
            [("Sam", "activity", "meeting with my manager", "2024-05-06")],
        ),
        (
            "I have a call with the client at 3.",
            [("Sam", "activity", "call with the client", None)],
        ),
        ("I have a soccer game tonight.", [("Sam", "activity", "soccer game", "2024-05-01")]),
        (
            "I had a meeting with the team yesterday and it went well.",
            [("Sam", "activity", "meeting with the team", "2024-04-30")],
        ),
        ("I have a deadline on Friday.", [("Sam", "activity", "deadline", "2024-05-03")]),
        ("My presentation is next Tuesday.", [("Sam", "activity", "presentation", "2024-05-07")]),
        ("Ana's recital is on Saturday.", [("Ana", "activity", "recital", "2024-05-04")]),
        (
            "My sister's wedding is in June.",
            [("Sam", "activity", "sister's wedding", "2024-06-01")],
        ),
        (
            "I'm meeting Ana for lunch on Friday.",
            [("Sam", "activity", "meeting Ana for lunch", "2024-05-03")],
        ),
        (
            "We have dinner with the Smiths on Sunday.",
            [("Sam", "activity", "dinner with the Smiths", "2024-05-05")],
        ),
        (
            "I had coffee with my old boss yesterday.",
            [("Sam", "activity", "coffee with my old boss", "2024-04-30")],
        ),
        # Said by when, with company or a meal's own word; "the" event with company is the
        # speaker's; a time of day before the day, or a bare weekday had, keeps it ahead.
        (
            "My meeting with Ana is tomorrow.",
            [("Sam", "activity", "meeting with Ana", "2024-05-02")],
        ),
        (
            "The meeting with Ana is tomorrow at 10.",
            [("Sam", "activity", "meeting with Ana", "2024-05-02")],
        ),
        (
            "Our anniversary dinner is on Saturday.",
            [("Sam", "activity", "anniversary dinner", "2024-05-04")],
        ),
        (
            "My lunch with Ana is on Friday.",
            [("Sam", "activity", "lunch with Ana", "2024-05-03")],
        ),
        (
            "My dentist appointment is at 3pm on Friday.",
            [("Sam", "activity", "dentist appointment", "2024-05-03")],
        ),
        (
            "I've got a dentist appointment Friday morning.",
            [("Sam", "activity", "dentist appointment", "2024-05-03")],
        ),
        ("The meeting is on Friday.", []),  # whose?
        ("My lunch is at noon.", []),
        ("The call with Mom was yesterday.", []),
        ("The meeting with Ana is every Monday.", []),
        # What runs out, by when.
        ("My lease ends in August.", [("Sam", "activity", "lease ends", "2024-08-01")]),
        (
            "My car insurance renews in March.",
            [("Sam", "activity", "car insurance renews", "2025-03-01")],
        ),
        ("Ana's visa expires on June 3.", [("Ana", "activity", "visa expires", "2024-06-03")]),
        ("My lease ends.", []),
        ("My patience runs out in May.", []),
        ("If my visa expires in June, I'll leave.", []),
        # A modifier, a call received, a bare meeting, a question, a supposition, a figure.
        ("I have a meeting.", []),
        ("I have a call in five minutes.", []),  # an hour, not a day
        ("I got a call from Mom.", []),
        ("I have an appointment book.", []),
        ("The meeting room is booked.", []),
        ("We have a game plan.", []),
        ("Do you have a meeting tomorrow?", []),
        ("If I have a meeting tomorrow, I'll skip the gym.", []),
        ("I had a date with destiny.", []),
        ("My exam is hard.", []),
    ],
)
def test_events_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_a_period_is_half_open_and_puts_what_meets_it_first() -> None:
    friday = (datetime(2024, 5, 3, tzinfo=UTC), datetime(2024, 5, 4, tzinfo=UTC))
    on, after, undated = told("a", date(2024, 5, 3)), told("b", date(2024, 5, 4)), told("c")
    assert meets(on, friday)
    assert not meets(after, friday)  # the day the period ends is not in it
    assert not meets(undated, friday)
    assert [c.value for c in met_first([after, undated, on], friday)] == ["a", "b", "c"]
    assert [c.value for c in met_first([after, on], None)] == ["b", "a"]


async def test_a_question_about_a_day_gets_what_is_dated_that_day_first() -> None:
    # Read on Thursday 2 May: "on Friday" is the 3rd.
    clock = FixedClock(datetime(2024, 5, 2, 12, tzinfo=UTC))
    async with MemoryRuntime.memory(namespace="calendar", clock=clock) as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I have a meeting with Ana on Friday at 3pm.",
            "We have dinner with the Smiths on Saturday.",
            "I love hiking.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        friday = await rt.query("What do I have on Friday?", budget_tokens=300, actor="Sam")
        saturday = await rt.query("Do I have anything on Saturday?", budget_tokens=300, actor="Sam")
    lines = friday.prompt_sections["worldview"].splitlines()
    # The slot that holds the day's occasion, not the employer or the home.
    assert lines == [
        "- fact Sam.activity: meeting with Ana (3 May 2024); dinner with the Smiths (4 May 2024)"
    ], lines
    assert saturday.prompt_sections["worldview"].splitlines() == [
        "- fact Sam.activity: dinner with the Smiths (4 May 2024); meeting with Ana (3 May 2024)"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Bookings, dated by the day they are for (ahead, whatever the booking's tense).
        (
            "I have a dinner reservation for Friday.",
            [("Sam", "activity", "dinner reservation", "2024-05-03")],
        ),
        (
            "We have reservations at Chez Panisse on Saturday.",
            [("Sam", "activity", "reservations at Chez Panisse", "2024-05-04")],
        ),
        (
            "I made a reservation at Nopa for Friday at 7.",
            [("Sam", "activity", "reservation at Nopa", "2024-05-03")],
        ),
        (
            "I made dinner reservations for Saturday.",
            [("Sam", "activity", "dinner reservations", "2024-05-04")],
        ),
        (
            "I booked a table at Nopa for Saturday night.",
            [("Sam", "activity", "table at Nopa", "2024-05-04")],
        ),
        (
            "I booked a table for two at 8pm on Friday.",
            [("Sam", "activity", "table for two", "2024-05-03")],
        ),
        # A title's point does not end the booking's sentence.
        (
            "I made an appointment with Dr. Lee for Tuesday.",
            [("Sam", "activity", "appointment with Dr. Lee", "2024-05-07")],
        ),
        # Plans with company; family or friends visited, or visiting.
        (
            "I have plans with Ana on Saturday.",
            [("Sam", "activity", "plans with Ana", "2024-05-04")],
        ),
        (
            "I made plans with Ana for Saturday.",
            [("Sam", "activity", "plans with Ana", "2024-05-04")],
        ),
        (
            "I'm visiting my parents next week.",
            [("Sam", "activity", "visiting my parents", "2024-05-06")],
        ),
        (
            "We're visiting my grandma on Sunday.",
            [("Sam", "activity", "visiting my grandma", "2024-05-05")],
        ),
        ("My mom is visiting next week.", [("Sam", "activity", "visit from mom", "2024-05-06")]),
        (
            "My parents are coming to stay for Thanksgiving.",
            [("Sam", "activity", "visit from parents", "2024-11-28")],
        ),
        (
            "My sister's coming to town in June.",
            [("Sam", "activity", "visit from sister", "2024-06-01")],
        ),
        (
            "Tom's parents are visiting next week.",
            [("Tom", "activity", "visit from parents", "2024-05-06")],
        ),
        # More events had on a day.
        ("I have a haircut on Wednesday.", [("Sam", "activity", "haircut", "2024-05-08")]),
        (
            "I have a piano lesson on Tuesday at 4.",
            [("Sam", "activity", "piano lesson", "2024-05-07")],
        ),
        ("My yoga class is on Thursday.", [("Sam", "activity", "yoga class", "2024-05-02")]),
        # What only looks like one: a doubt, furniture, a visit paid to someone else, a
        # question, a supposition, a visit with no day, a class with none.
        ("I have reservations about this plan.", []),
        ("I have some reservations about the new hire.", []),
        ("I have a table.", []),
        ("Should I make a reservation?", []),
        ("My mom is visiting my aunt in Ohio.", []),
        ("Is my mom visiting next week?", []),
        ("If my parents are coming over, I'll cook.", []),
        ("I'm seeing my therapist.", []),
        ("I have no plans with anyone.", []),
        ("I have a class.", []),
        # A booking made is not "made reservation", nor plans "made plans".
        ("I made a mistake.", []),
    ],
)
def test_bookings_plans_and_visits_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A one-off stretch of time off, dated as said (the weekly ones are days_off).
        ("I'm off next Friday.", [("Sam", "activity", "time off", "2024-05-03")]),
        ("I'm off tomorrow.", [("Sam", "activity", "time off", "2024-05-02")]),
        ("I'm off work next week.", [("Sam", "activity", "time off", "2024-05-06")]),
        ("I'm taking Friday off.", [("Sam", "activity", "time off", "2024-05-03")]),
        ("I'm taking next week off.", [("Sam", "activity", "time off", "2024-05-06")]),
        ("I took the day off yesterday.", [("Sam", "activity", "time off", "2024-04-30")]),
        ("I'm taking some time off in June.", [("Sam", "activity", "time off", "2024-06-01")]),
        ("Ana is off on Monday.", [("Ana", "activity", "time off", "2024-05-06")]),
        ("I'm off on Fridays.", [("Sam", "days_off", "Friday", None)]),
        ("I'm on call this weekend.", [("Sam", "activity", "on call", "2024-05-04")]),
        ("I'm out sick today.", [("Sam", "activity", "out sick", "2024-05-01")]),
        # Procedures to come; a haircut however said.
        ("I'm having surgery next month.", [("Sam", "activity", "surgery", "2024-06-01")]),
        (
            "Ana is having knee surgery on Friday.",
            [("Ana", "activity", "knee surgery", "2024-05-03")],
        ),
        ("I'm getting an MRI tomorrow.", [("Sam", "activity", "MRI", "2024-05-02")]),
        ("I'm getting my hair cut on Saturday.", [("Sam", "activity", "haircut", "2024-05-04")]),
        # What only looks like one: a leaving (a trip: policies/rules_travel.py), a thing
        # taken off, no day, a question, a thought had, a thing got.
        ("I'm off to Paris tomorrow.", [("Sam", "goal", "trip to Paris", "2024-05-02")]),
        ("I'm off.", []),
        ("I took my shoes off.", []),
        ("Take a load off.", []),
        ("Should I take Friday off?", []),
        ("I'm on call.", []),
        ("I'm having second thoughts.", []),
        ("I'm getting a new phone.", []),
        ("Is she having surgery?", []),
    ],
)
def test_time_off_and_procedures_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_calendar_questions_get_what_is_on_the_day() -> None:
    # Read on Thursday 2 May: "on Friday" is the 3rd, "next week" the week of the 6th.
    clock = FixedClock(datetime(2024, 5, 2, 9, tzinfo=UTC))
    async with MemoryRuntime.memory(namespace="calendar", clock=clock) as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "My mom is visiting next week.",
            "I'm off next Friday.",
            "I booked a table at Nopa for Saturday night.",
        ):
            await say_at(rt, text, SAID, actor="Sam")

        async def first(question: str) -> str:
            ctx = await rt.query(question, budget_tokens=300, actor="Sam")
            return ctx.prompt_sections["worldview"].splitlines()[0]

        # No verb, no one named: the asker's coming Friday.
        assert (await first("Anything on Friday?")).startswith(
            "- fact Sam.activity: time off (3 May 2024)"
        )
        assert (await first("What's happening next week?")).startswith(
            "- fact Sam.activity: visit from mom (week of 6 May 2024)"
        )
        assert (await first("Am I free on Saturday?")).startswith(
            "- fact Sam.activity: table at Nopa (4 May 2024)"
        )
        assert (await first("When is my day off?")).startswith("- fact Sam.activity:")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A request that names no one puts the speaker's event on the calendar.
        (
            "Schedule a call with Ana for tomorrow at 3.",
            [("Sam", "activity", "call with Ana", "2024-05-02")],
        ),
        (
            "Set up a meeting with the design team next week.",
            [("Sam", "activity", "meeting with the design team", "2024-05-06")],
        ),
        (
            "Book a table at Nopa for Saturday.",
            [("Sam", "activity", "table at Nopa", "2024-05-04")],
        ),
        (
            "Add the dentist on Friday to my calendar.",
            [("Sam", "activity", "dentist", "2024-05-03")],
        ),
        (
            "Put the team dinner on my calendar for Thursday.",
            [("Sam", "activity", "team dinner", "2024-05-02")],
        ),
        # No company, place or day; a habit; a question; what points back; no event.
        ("Schedule a call.", []),
        ("I schedule a call every Monday.", []),
        ("Did you schedule a meeting with Ana?", []),
        ("Add it to my calendar.", []),
        ("Add a reminder to my calendar.", []),
        ("It was on my calendar last Friday.", []),
    ],
)
def test_calendar_requests_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_what_meets_a_period_comes_in_the_order_of_its_days() -> None:
    fortnight = (datetime(2024, 5, 2, tzinfo=UTC), datetime(2024, 5, 16, tzinfo=UTC))
    later, sooner = told("later", date(2024, 5, 9)), told("sooner", date(2024, 5, 3))
    routine = told("yoga every Tuesday")  # Tuesday 7 May
    gone = told("gone", date(2024, 4, 1))
    assert [c.value for c in met_first([gone, later, routine, sooner], fortnight)] == [
        "sooner",
        "yoga every Tuesday",
        "later",
        "gone",
    ]


async def test_a_question_of_what_is_coming_up_gets_the_next_two_weeks_in_order() -> None:
    clock = FixedClock(datetime(2024, 5, 2, 9, tzinfo=UTC))
    async with MemoryRuntime.memory(namespace="calendar", clock=clock) as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I'm having knee surgery on June 3.",
            "My mom is visiting next week.",
            "I have a meeting with Ana on Friday.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        for question in ("What do I have coming up?", "What's on my calendar?"):
            ctx = await rt.query(question, budget_tokens=300, actor="Sam")
            assert ctx.plan["times"][0][0] == "coming up"
            assert ctx.prompt_sections["worldview"].splitlines()[0] == (
                "- fact Sam.activity: meeting with Ana (3 May 2024); visit from mom (week of"
                " 6 May 2024); knee surgery (3 June 2024)"
            ), question
        # A question naming its own time keeps it.
        ctx = await rt.query("What do I have coming up in June?", budget_tokens=300, actor="Sam")
        assert ctx.plan["times"][0][0] != "coming up"


def test_a_day_of_the_year_falls_in_a_period_that_holds_it() -> None:
    from nousmem.projections.occasion_dates import falls_in

    def period(a: date, b: date) -> tuple[datetime, datetime]:
        return datetime.combine(a, datetime.min.time(), UTC), datetime.combine(
            b, datetime.min.time(), UTC
        )

    fortnight = period(date(2024, 5, 2), date(2024, 5, 16))
    assert falls_in("May 10", fortnight)
    assert not falls_in("May 16", fortnight)  # the period is half-open
    assert not falls_in("June 2", fortnight)
    assert falls_in("January 3", period(date(2024, 12, 25), date(2025, 1, 8)))  # over New Year
    assert not falls_in("February 29", period(date(2025, 2, 20), date(2025, 3, 5)))
    assert falls_in("February 29", period(date(2024, 2, 20), date(2024, 3, 5)))
    assert not falls_in("someday", fortnight)
    assert not falls_in("May", fortnight)


async def test_a_question_of_what_is_coming_up_finds_an_anniversary_in_it() -> None:
    clock = FixedClock(datetime(2024, 5, 2, 9, tzinfo=UTC))
    async with MemoryRuntime.memory(namespace="calendar", clock=clock) as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I love hiking and jazz and I have a dog named Rex.",
            "I have a meeting with Ana on Friday.",
            "Our anniversary is May 4.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        # A small budget keeps the answers only: the meeting and the anniversary.
        ctx = await rt.query("What do I have coming up?", budget_tokens=120, actor="Sam")
        assert ctx.prompt_sections["worldview"].splitlines() == [
            "- fact Sam.activity: meeting with Ana (3 May 2024)",
            "- fact Sam.anniversary: May 4",
        ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm spending the weekend at the lake.",
            [("Sam", "activity", "weekend at the lake", None)],
        ),
        (
            "I'm spending Saturday with Ana.",
            [("Sam", "activity", "Saturday with Ana", "2024-05-04")],
        ),
        (
            "We're spending Thanksgiving with my parents.",
            [("Sam", "activity", "Thanksgiving with my parents", None)],
        ),
        (
            "We're closing on the house next Friday.",
            [("Sam", "activity", "closing on the house", "2024-05-03")],
        ),
        (
            "We're closing on our new condo in June.",
            [("Sam", "activity", "closing on our new condo", "2024-06-01")],
        ),
        # Money or time spent, a named place (a trip), a shop's hours.
        ("I'm spending too much money.", []),
        ("I'm spending time with family.", []),
        ("I'm spending the weekend in Maine.", []),
        ("The store is closing on Monday.", []),
    ],
)
def test_a_stretch_spent_and_a_closing_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
