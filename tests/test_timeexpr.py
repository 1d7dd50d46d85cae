"""Time expressions resolved against a reference instant (policies/timeexpr.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.runtime import MemoryRuntime

# Monday 8 May 2023, early afternoon.
REF = datetime(2023, 5, 8, 13, 56)


def one(text: str, ref: datetime = REF) -> TimeMention:
    found = resolve_time_expressions(text, ref)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity", "label"),
    [
        ("today", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("yesterday", date(2023, 5, 7), date(2023, 5, 7), "day", "7 May 2023"),
        ("tomorrow", date(2023, 5, 9), date(2023, 5, 9), "day", "9 May 2023"),
        ("tonight", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("this morning", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("last night", date(2023, 5, 7), date(2023, 5, 7), "day", "7 May 2023"),
        ("the day before yesterday", date(2023, 5, 6), date(2023, 5, 6), "day", "6 May 2023"),
        ("last Saturday", date(2023, 5, 6), date(2023, 5, 6), "day", "6 May 2023"),
        ("on Saturday I went out", date(2023, 5, 6), date(2023, 5, 6), "day", "6 May 2023"),
        ("this Friday", date(2023, 5, 12), date(2023, 5, 12), "day", "12 May 2023"),
        ("next Tuesday", date(2023, 5, 9), date(2023, 5, 9), "day", "9 May 2023"),
        ("last fri", date(2023, 5, 5), date(2023, 5, 5), "day", "5 May 2023"),
        ("last week", date(2023, 5, 1), date(2023, 5, 7), "week", "the week of 1 May 2023"),
        ("this week", date(2023, 5, 8), date(2023, 5, 14), "week", "the week of 8 May 2023"),
        ("next week", date(2023, 5, 15), date(2023, 5, 21), "week", "the week of 15 May 2023"),
        ("last weekend", date(2023, 5, 6), date(2023, 5, 7), "week", "the weekend of 6 May 2023"),
        (
            "this weekend",
            date(2023, 5, 13),
            date(2023, 5, 14),
            "week",
            "the weekend of 13 May 2023",
        ),
        (
            "this past weekend",
            date(2023, 5, 6),
            date(2023, 5, 7),
            "week",
            "the weekend of 6 May 2023",
        ),
        ("last month", date(2023, 4, 1), date(2023, 4, 30), "month", "April 2023"),
        ("this month", date(2023, 5, 1), date(2023, 5, 31), "month", "May 2023"),
        ("next month", date(2023, 6, 1), date(2023, 6, 30), "month", "June 2023"),
        ("last year", date(2022, 1, 1), date(2022, 12, 31), "year", "2022"),
        ("this year", date(2023, 1, 1), date(2023, 12, 31), "year", "2023"),
        ("next year", date(2024, 1, 1), date(2024, 12, 31), "year", "2024"),
        ("3 days ago", date(2023, 5, 5), date(2023, 5, 5), "day", "5 May 2023"),
        (
            "three weeks ago",
            date(2023, 4, 17),
            date(2023, 4, 23),
            "week",
            "the week of 17 April 2023",
        ),
        ("a few months ago", date(2023, 2, 1), date(2023, 2, 28), "month", "February 2023"),
        ("a couple of years ago", date(2021, 1, 1), date(2021, 12, 31), "year", "2021"),
        ("ten years ago", date(2013, 1, 1), date(2013, 12, 31), "year", "2013"),
        ("a week ago", date(2023, 5, 1), date(2023, 5, 7), "week", "the week of 1 May 2023"),
        (
            "two weekends ago",
            date(2023, 4, 29),
            date(2023, 4, 30),
            "week",
            "the weekend of 29 April 2023",
        ),
        ("in 5 days", date(2023, 5, 13), date(2023, 5, 13), "day", "13 May 2023"),
        ("in two weeks", date(2023, 5, 22), date(2023, 5, 28), "week", "the week of 22 May 2023"),
        ("in 2022", date(2022, 1, 1), date(2022, 12, 31), "year", "2022"),
        ("in May", date(2023, 5, 1), date(2023, 5, 31), "month", "May 2023"),
        ("in June", date(2022, 6, 1), date(2022, 6, 30), "month", "June 2022"),
        ("in May 2023", date(2023, 5, 1), date(2023, 5, 31), "month", "May 2023"),
        ("on 8 May 2023", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("8 May, 2023", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("May 8, 2023", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("the 8th of May", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("8 May", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("on 9 May we met", date(2022, 5, 9), date(2022, 5, 9), "day", "9 May 2022"),
        ("2023-05-08", date(2023, 5, 8), date(2023, 5, 8), "day", "8 May 2023"),
        ("since 2019", date(2019, 1, 1), date(2023, 5, 8), "year", "1 January 2019 to 8 May 2023"),
        (
            "the past month",
            date(2023, 4, 8),
            date(2023, 5, 8),
            "month",
            "8 April 2023 to 8 May 2023",
        ),
        (
            "the past few days",
            date(2023, 5, 5),
            date(2023, 5, 8),
            "day",
            "5 May 2023 to 8 May 2023",
        ),
        ("last summer", date(2022, 6, 1), date(2022, 8, 31), "month", "summer 2022"),
        ("next winter", date(2023, 12, 1), date(2024, 2, 29), "month", "winter 2023/24"),
    ],
)
def test_resolves_expression(
    text: str, start: date, end: date, granularity: str, label: str
) -> None:
    m = one(text)
    assert (m.start, m.end, m.granularity, m.label) == (start, end, granularity, label)


def test_future_tense_flips_month_and_weekday_forwards() -> None:
    assert one("I'll visit in June").start == date(2023, 6, 1)
    assert one("We will meet on Saturday").start == date(2023, 5, 13)
    assert one("I'm gonna see them on 9 May").start == date(2023, 5, 9)
    # The same words in the past tense point backwards.
    assert one("I visited in June").start == date(2022, 6, 1)
    assert one("We met on Saturday").start == date(2023, 5, 6)


def test_span_and_text_point_into_the_input() -> None:
    text = "I went hiking yesterday and I'm going again next week, maybe in June."
    found = resolve_time_expressions(text, REF)
    assert [m.text for m in found] == ["yesterday", "next week", "in June"]
    for m in found:
        assert text[m.span[0] : m.span[1]] == m.text


@pytest.mark.parametrize(
    "text",
    [
        "I may go, but he will march anyway.",  # modal verbs, not months
        "The Mayor gave 3000 people 45 minutes.",
        "I ran 5 miles in 45 minutes and paid $12.50.",
        "Call 555-123-4567 now.",
        "On 31 February 2023 nothing happened.",  # impossible date
        "friday",  # a bare lowercase weekday is not trusted
        "",
    ],
)
def test_no_false_mentions(text: str) -> None:
    assert resolve_time_expressions(text, REF) == []


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("I visited Japan during summer 2021.", "summer 2021"),
        ("We hiked in the spring of 2022.", "spring 2022"),
        ("It snowed a lot over the winter of 2021.", "winter 2021/22"),
        ("I was in Oslo in May of 2022.", "May 2022"),
        ("On Saturday, April 1, 2023, I went hiking.", "1 April 2023"),
        ("Saturday 4 June 2022 was the wedding.", "4 June 2022"),
        ("Sat., April 1 was fun.", "1 April 2023"),
        ("We met last Friday, 14 April.", "14 April 2023"),
    ],
)
def test_a_stated_year_or_full_date_wins(text: str, label: str) -> None:
    # Each of these used to resolve only the part without the year (the season, "in May",
    # "On Saturday") against the reference, giving a confidently wrong date.
    assert [m.label for m in resolve_time_expressions(text, REF)] == [label]


def test_a_weekday_before_a_lowercase_month_is_still_a_weekday() -> None:
    # "may" here is a verb, so there is no date for the weekday to be part of.
    assert [m.text for m in resolve_time_expressions("On Monday may 6 people come?", REF)] == [
        "On Monday"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I love reading on sun loungers.",
        "I worked on sat nav software.",
        "Click on wed links to join.",
        "I love this sun.",
        "It was the last sat nav they sold.",
        "Come on mon, let's go.",
    ],
)
def test_lowercase_weekday_abbreviations_that_are_words_are_not_dates(text: str) -> None:
    assert resolve_time_expressions(text, REF) == []


@pytest.mark.parametrize(
    ("text", "day"),
    [("on monday", 1), ("On Sun I rested", 7), ("on Wed", 3), ("last Sat", 6), ("on tues", 2)],
)
def test_full_and_capitalised_weekdays_are_still_dates(text: str, day: int) -> None:
    assert one(text).start == date(2023, 5, day)


async def test_a_write_keeps_the_stated_date_and_ignores_word_abbreviations(
    rt: MemoryRuntime,
) -> None:
    said = datetime(2024, 3, 1, 9, tzinfo=UTC)
    res = await rt.observe_and_route(
        {
            "content": "On Saturday, May 6, 2023, I went hiking.",
            "actor": "Alice",
            "occurred_at": said,
        }
    )
    obs = await rt.get(res.observation_id)
    assert [t.label for t in obs.payload.times] == ["6 May 2023"]
    claims = [await rt.get(d) for d in res.delta_ids]
    assert claims and all(c.payload.valid_at == date(2023, 5, 6) for c in claims)
    res = await rt.observe_and_route(
        {"content": "I love reading on sun loungers.", "actor": "Alice", "occurred_at": said}
    )
    obs = await rt.get(res.observation_id)
    assert obs.payload.times == ()
    claims = [await rt.get(d) for d in res.delta_ids]
    assert claims and all(c.payload.valid_at is None for c in claims)


def test_aware_reference_uses_its_own_local_date() -> None:
    late_evening = datetime(2023, 5, 8, 23, 30, tzinfo=timezone(timedelta(hours=-7)))
    assert one("yesterday", late_evening).start == date(2023, 5, 7)


def test_mention_is_frozen() -> None:
    m = one("yesterday")
    with pytest.raises(ValueError):
        m.label = "other"  # type: ignore[misc]


refs = st.datetimes(min_value=datetime(1950, 1, 1), max_value=datetime(2090, 12, 31))


@settings(max_examples=60, deadline=None)
@given(ref=refs, n=st.integers(min_value=1, max_value=12))
def test_relative_days_and_weeks_properties(ref: datetime, n: int) -> None:
    today = ref.date()
    assert one(f"{n} days ago", ref).start == today - timedelta(days=n)
    assert one("yesterday", ref).start == today - timedelta(days=1)
    week = one("last week", ref)
    assert week.start.weekday() == 0 and week.end - week.start == timedelta(days=6)
    assert week.end < today <= week.end + timedelta(days=7)
    sat = one("last Saturday", ref).start
    assert sat.weekday() == 5 and timedelta(days=1) <= today - sat <= timedelta(days=7)
    month = one(f"{n} months ago", ref)
    assert month.start.day == 1 and month.granularity == "month"
    assert (today.year * 12 + today.month) - (month.start.year * 12 + month.start.month) == n


@settings(max_examples=80, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(list("abcdefghijklmnoprstuwyMSTJ0123456789 ,.-'")),
        max_size=80,
    )
    | st.lists(
        st.sampled_from(
            "last next this in on since ago the past few a couple of 3 12 2021 May June "
            "week weeks month year weekend Saturday today yesterday summer , .".split()
        ),
        max_size=12,
    ).map(" ".join),
    ref=refs,
)
def test_any_text_is_safe(text: str, ref: datetime) -> None:
    found = resolve_time_expressions(text, ref)
    assert found == resolve_time_expressions(text, ref)  # deterministic
    last_end = 0
    for m in found:
        assert m.start <= m.end
        assert text[m.span[0] : m.span[1]] == m.text
        assert m.span[0] >= last_end  # ordered, no overlaps
        last_end = m.span[1]


def test_utc_reference() -> None:
    assert one("today", datetime(2024, 2, 29, tzinfo=UTC)).label == "29 February 2024"
    assert one("a year ago", datetime(2024, 2, 29, tzinfo=UTC)).label == "2023"


def test_29_february_without_a_year_is_the_nearest_one_the_tense_points_to() -> None:
    june_2025 = datetime(2025, 6, 1, tzinfo=UTC)
    past = resolve_time_expressions("What did we do on 29 February?", june_2025)
    assert [m.start for m in past] == [date(2024, 2, 29)]
    future = resolve_time_expressions("We will meet on 29 February", june_2025)
    assert [m.start for m in future] == [date(2028, 2, 29)]
    assert resolve_time_expressions("on 30 February", june_2025) == []


# Wednesday 10 May 2023 (review rev37).
WED = datetime(2023, 5, 10, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # A future word in another clause does not flip a past one.
        ("Had a great time at the beach on Sunday, back to work tomorrow", date(2023, 5, 7)),
        ("I visited Rome in March and I will go back", date(2023, 3, 1)),
        # "Will" the name, "next to", "the next day", "was going to": no future.
        ("I had lunch with Will on Saturday", date(2023, 5, 6)),
        ("I sat next to Ana on Saturday", date(2023, 5, 6)),
        ("We were going to the lake on Saturday", date(2023, 5, 6)),
        # A plan in the present progressive is ahead; "Dr." does not end the sentence.
        ("I'm flying to Rome on Monday", date(2023, 5, 15)),
        ("I'll meet Dr. Smith on Friday", date(2023, 5, 12)),
        # A future word in another clause still makes a clause without a past tense ahead.
        ("On Saturday, I'll go hiking", date(2023, 5, 13)),
        ("In March, I will start my new job", date(2024, 3, 1)),
        ("I'll fly to Rome and Paris in March", date(2024, 3, 1)),
        ("Next week, on Monday, I fly to Rome", date(2023, 5, 15)),
        ("I'm so excited, we'll go on Saturday", date(2023, 5, 13)),
        # A negation that is no duration leaves "in N units" a date.
        ("I can't wait to see you in 2 weeks!", date(2023, 5, 22)),  # that week
        ("My best friend arrives in 2 days", date(2023, 5, 12)),
    ],
)
def test_tense_is_read_in_the_expressions_clause(text: str, start: date) -> None:
    found = resolve_time_expressions(text, WED)[0]  # the first in the text
    assert found.start == start


@pytest.mark.parametrize(
    "text",
    [
        "I haven't seen him in 2 years.",
        "First time in 3 weeks I slept well.",
        "I go there every Saturday.",
        "Any Saturday works for me.",
        "I love Black Friday sales.",
        "She wore her Sunday best.",
        "I read the Sunday Times.",
        "It was the last week of June.",
        "In my last year of college I lived in Lyon.",
        "Easter Sunday was lovely.",
        "We love Saturday Night Live.",
        "Is Sunday school fun?",
        "It was my first vacation in 3 years.",
        "Best pizza I've had in 10 years.",
        "I lost 10 pounds in a month.",
        "We finished the project in 2 weeks.",
        "He arrived in a couple of days.",
        "This is the first vacation I've taken in 3 years.",
        "I went to the 2nd floor.",  # an ordinal after "to" that is no day
        "I talked to the 3rd person in line.",
    ],
)
def test_durations_ordinals_and_names_are_no_dates(text: str) -> None:
    assert [m.text for m in resolve_time_expressions(text, WED) if "June" not in m.text] == []


def test_a_long_paste_resolves_in_linear_time() -> None:
    # Each expression looks a bounded distance around it for its sentence and clause.
    text = "I went hiking on Saturday and it was great. We will go again next week. " * 1400
    assert len(resolve_time_expressions(text[:100_000], WED)) > 2000


# Monday 13 May 2024 and the Sunday before (review rev41).
MON = datetime(2024, 5, 13, 10, 0, tzinfo=UTC)
SUN = datetime(2024, 5, 12, 10, 0, tzinfo=UTC)
DEC = datetime(2024, 12, 10, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "text", "start"),
    [
        (MON, "We're having a party on Saturday.", date(2024, 5, 18)),
        (MON, "I'm seeing the dentist on Friday.", date(2024, 5, 17)),
        (MON, "I'm getting married in June.", date(2024, 6, 1)),
        (MON, "Let's go hiking on Saturday.", date(2024, 5, 18)),
        (MON, "See you on Monday!", date(2024, 5, 20)),
        (MON, "We should hang out on Saturday.", date(2024, 5, 18)),
        (MON, "I won't be there on Friday.", date(2024, 5, 17)),
        (MON, "I'm not going on Friday.", date(2024, 5, 17)),
        (MON, "I've been training since March for the marathon next month.", date(2024, 3, 1)),
        (MON, "I've been sick since Monday and I'll stay home tomorrow.", date(2024, 5, 6)),
        (MON, "We moved in two weeks ago.", date(2024, 4, 29)),
        (MON, "I went camping the past weekend.", date(2024, 5, 11)),
        (MON, "My flight is on Thursday.", date(2024, 5, 16)),
        # A time of day before the day keeps the schedule ahead; a past one stays past.
        (MON, "My dentist appointment is at 3pm on Friday.", date(2024, 5, 17)),
        (MON, "My interview is at 9:30 on Thursday.", date(2024, 5, 16)),
        (MON, "The meeting is at noon on Wednesday.", date(2024, 5, 15)),
        (MON, "The party was at 8pm on Friday.", date(2024, 5, 10)),
        # What one has on a bare weekday, as on one with "on".
        (MON, "I've got a dentist appointment Friday morning.", date(2024, 5, 17)),
        (MON, "We have a parent-teacher conference Thursday evening.", date(2024, 5, 16)),
        (MON, "I had a dentist appointment Friday.", date(2024, 5, 10)),
        # Due by the end of a day: ahead, as "by Friday" is.
        (MON, "The report is due by EOD Friday.", date(2024, 5, 17)),
        (MON, "I need it by end of day Friday.", date(2024, 5, 17)),
        (MON, "It was due by EOD Friday.", date(2024, 5, 10)),
        (MON, "My wedding is in June.", date(2024, 6, 1)),
        (MON, "I have a class on Friday.", date(2024, 5, 17)),
        (MON, "I'm in Rome until Friday.", date(2024, 5, 17)),
        (MON, "The concert is on June 5.", date(2024, 6, 5)),
        (MON, "The game on Saturday was great.", date(2024, 5, 11)),
        (MON, "I have photos from Saturday.", date(2024, 5, 11)),
        (MON, "You should've seen it on Saturday.", date(2024, 5, 11)),
        (MON, "We had fun this weekend.", date(2024, 5, 11)),
        (SUN, "I'm going hiking this Saturday.", date(2024, 5, 18)),
        (MON, "I won the race on Saturday.", date(2024, 5, 11)),
        (MON, "We went out this Sunday.", date(2024, 5, 12)),
        (MON, "The first thing I'll do in 2 days is rest.", date(2024, 5, 15)),
        (MON, "She told me she'll be back in 2 days.", date(2024, 5, 15)),
        (DEC, "I'm going to Paris this March.", date(2025, 3, 1)),
        (DEC, "I went to Paris this March.", date(2024, 3, 1)),
        # What is on a day, said in the present ("it's", "there's"); what a booking is
        # for, with a word before its noun or a title's point in it; a booking to make.
        (MON, "It's my birthday on Saturday.", date(2024, 5, 18)),
        (MON, "There's a party on Friday.", date(2024, 5, 17)),
        (MON, "It's on Saturday.", date(2024, 5, 18)),
        (MON, "I have a dinner reservation for Friday.", date(2024, 5, 17)),
        (MON, "I made dinner reservations for Saturday.", date(2024, 5, 18)),
        (MON, "I made an appointment with Dr. Lee for Tuesday.", date(2024, 5, 14)),
        (MON, "I need to make a reservation for Friday.", date(2024, 5, 17)),
        (MON, "It's been raining since Saturday.", date(2024, 5, 11)),
        # Moved, in the passive too, to a weekday or a day of the month.
        (MON, "The meeting was moved to Friday.", date(2024, 5, 17)),
        (MON, "I rescheduled the dentist to the 20th.", date(2024, 5, 20)),
        (MON, "There was a party on Friday.", date(2024, 5, 10)),
        (MON, "It's the best thing that happened on Saturday.", date(2024, 5, 11)),
        (MON, "It's funny you mentioned that on Monday.", date(2024, 5, 6)),
        # ... and what only looks like a plan or a schedule (review rev43).
        (MON, "I have a hangover from the party on Saturday.", date(2024, 5, 11)),
        (MON, "You should have seen the game on Sunday.", date(2024, 5, 12)),
        (MON, "I didn't hear back until Friday.", date(2024, 5, 10)),
        (MON, "So good to see you on Saturday, thanks for coming.", date(2024, 5, 11)),
        (MON, "I want to thank you for Saturday, it was amazing.", date(2024, 5, 11)),
        (MON, "Lovely to see you on Sunday, we should do it again.", date(2024, 5, 12)),
        (MON, "She said the package arrives in 3 days.", date(2024, 5, 16)),
        (MON, "I just bought tickets for a concert in 2 weeks.", date(2024, 5, 27)),
        (MON, "I bought tickets for this Saturday.", date(2024, 5, 18)),
        (MON, "He said we get a bonus this Friday.", date(2024, 5, 17)),
        (MON, "I find out this Friday if I got the job.", date(2024, 5, 17)),
        (MON, "I went to the gym this weekend.", date(2024, 5, 11)),
        (MON, "The shop is closed until Friday.", date(2024, 5, 17)),
        (MON, "We had Saturday night live music at the bar.", date(2024, 5, 11)),
        # Reported plans, questions about what is coming, timetables (review rev45's list).
        (MON, "He said he'd call on Saturday.", date(2024, 5, 18)),
        (MON, "She told me she's coming on Wednesday.", date(2024, 5, 15)),
        (MON, "He said he called on Friday but I never got it.", date(2024, 5, 10)),
        (MON, "He said on Friday that he'd quit.", date(2024, 5, 10)),
        (MON, "Are you free on Saturday?", date(2024, 5, 18)),
        # A question with no verb before its day looks ahead; a past or a perfect back.
        (MON, "Anything on Friday?", date(2024, 5, 17)),
        (MON, "Any plans for Saturday?", date(2024, 5, 18)),
        (MON, "How was Friday?", date(2024, 5, 10)),
        (MON, "Who called on Friday?", date(2024, 5, 10)),
        (MON, "Anyone who's been there since Friday?", date(2024, 5, 10)),
        (MON, "What time is the meeting on Thursday?", date(2024, 5, 16)),
        (MON, "How was your date on Friday?", date(2024, 5, 10)),
        (MON, "Our flight leaves on Friday at 6am.", date(2024, 5, 17)),
        (MON, "School starts in August.", date(2024, 8, 1)),
        (MON, "I'd love to visit Lisbon in September.", date(2024, 9, 1)),
        # An independent check of those rules (review rev45).
        (MON, "Remind me to call mom on Sunday.", date(2024, 5, 19)),
        (MON, "The rent is due on Friday.", date(2024, 5, 17)),
        (MON, "I can't make it on Saturday, sorry.", date(2024, 5, 18)),
        (MON, "I'm not free on Monday.", date(2024, 5, 20)),
        (MON, "I've got a date on Friday!!", date(2024, 5, 17)),
        (MON, "Until Saturday, I had no idea he was married.", date(2024, 5, 11)),
        (MON, "I'm working on the photos from Friday.", date(2024, 5, 10)),
        (MON, "I took this Friday off.", date(2024, 5, 17)),
        (MON, "I found out the party is this Saturday.", date(2024, 5, 18)),
        (SUN, "I'll send you the pictures from this Saturday.", date(2024, 5, 11)),
        (MON, "I got tickets to a concert in 2 weeks.", date(2024, 5, 27)),
        # Plans in the progressive with what they are for, and a start in the first person.
        (MON, "I'm training for a marathon in October.", date(2024, 10, 1)),
        (MON, "I'm speaking at a conference in March.", date(2025, 3, 1)),
        (MON, "I'm presenting at PyCon on Friday.", date(2024, 5, 17)),
        (MON, "I start at Google in June.", date(2024, 6, 1)),
        (MON, "I'm marrying Tom in April.", date(2025, 4, 1)),
        (MON, "I'm training since October.", date(2023, 10, 1)),
        # Readying for an event ahead, begun before: the event's date is ahead; a date of
        # the readying itself is not.
        (MON, "I've been training for the half marathon in April.", date(2025, 4, 1)),
        (MON, "We've been saving for our trip to Japan in March.", date(2025, 3, 1)),
        (MON, "I've been training hard in April.", date(2024, 4, 1)),
        (MON, "I've been training for it since April.", date(2024, 4, 1)),
        (MON, "I started at Google in March.", date(2024, 3, 1)),
        (MON, "The gym is closed on Friday.", date(2024, 5, 17)),
    ],
)
def test_plans_schedules_and_their_past_counterparts(
    said: datetime, text: str, start: date
) -> None:
    # Plans (present progressive, "let's", "should", "won't", "see you"), present-tense
    # schedules ("is on Thursday", "until Friday", "have a class on Friday") are ahead;
    # "since" looks back whatever else the sentence plans; "moved in 2 weeks ago" is ago.
    assert resolve_time_expressions(text, said)[0].start == start


# Sunday 2 February 2025: a travel agent's user tells what they booked.
BOOKING_DAY = datetime(2025, 2, 2, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # What is booked, reserved or moved is for a date ahead, whatever the tense.
        ("We booked flights with Korean Air for April 10.", date(2025, 4, 10)),
        ("I booked a table for Friday.", date(2025, 2, 7)),
        ("We got tickets for June 3.", date(2025, 6, 3)),
        ("I scheduled the dentist for the 20th.", date(2025, 2, 20)),
        ("We reserved a cabin for Christmas.", date(2025, 12, 25)),
        ("They moved the meeting to Friday.", date(2025, 2, 7)),
        # A date that slipped, was delayed or put off to or until one: ahead too.
        ("The launch slipped to June 28.", date(2025, 6, 28)),
        ("It was postponed until January 20.", date(2026, 1, 20)),
        ("The trip was delayed to the 20th.", date(2025, 2, 20)),
        ("We pushed it out to March 3.", date(2025, 3, 3)),
        ("They put off the vote until Friday.", date(2025, 2, 7)),
        ("We got tickets for the concert on March 3.", date(2025, 3, 3)),
        ("I booked a table for two on Friday.", date(2025, 2, 7)),
        # Not a booking told as long past, a passive "was booked", a thing booked on a
        # day, a thanks, a gift, nor a day in the booking's next clause.
        ("I had booked a hotel for January 5 but it got cancelled.", date(2025, 1, 5)),
        ("I was booked solid for January 20.", date(2025, 1, 20)),
        ("I booked it on January 20.", date(2025, 1, 20)),
        ("Thanks for Friday.", date(2025, 1, 31)),
        ("I bought a present for Christmas.", date(2024, 12, 25)),
        ("I booked the flights for my trip and on Friday I packed.", date(2025, 1, 31)),
        # A plan said with "planning" is ahead; a plan told of in the past is not.
        ("I'm planning a trip to Japan in April.", date(2025, 4, 1)),
        ("We plan a trip in March.", date(2025, 3, 1)),
        ("I was planning a trip to Japan in April.", date(2024, 4, 1)),
    ],
)
def test_a_booking_is_for_a_date_ahead(text: str, start: date) -> None:
    assert one(text, BOOKING_DAY).start == start


@pytest.mark.parametrize(
    ("text", "label"),
    [
        # "over the weekend" is this weekend: the one before in a past sentence.
        ("Over the weekend I hiked.", "the weekend of 6 May 2023"),
        ("We will hike over the weekend.", "the weekend of 13 May 2023"),
        ("We did nothing during the weekend.", "the weekend of 6 May 2023"),
        # "N units back" is "N units ago".
        ("Three years back, I lived in Oslo.", "2020"),
        ("I quit two years back.", "2021"),
        ("A few weeks back we met.", "the week of 17 April 2023"),
    ],
)
def test_over_the_weekend_and_units_back(text: str, label: str) -> None:
    assert [m.label for m in resolve_time_expressions(text, WED)] == [label]


@pytest.mark.parametrize(
    "text",
    [
        # "back" where one is: a place, not a time ago.
        "I spent two days back home.",
        "We had a week back in Ohio.",
        "Two weeks back to back.",
    ],
)
def test_units_back_somewhere_are_no_date(text: str) -> None:
    assert resolve_time_expressions(text, WED) == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # Said on Wednesday 10 May 2023: weeks run Monday to Sunday.
        ("I saw her on Tuesday last week.", date(2023, 5, 2)),
        ("on Monday last week", date(2023, 5, 1)),
        ("The review is on Friday of next week.", date(2023, 5, 19)),
        ("Monday this week was a holiday.", date(2023, 5, 8)),
    ],
)
def test_a_weekday_of_a_named_week_is_that_day(text: str, day: date) -> None:
    (found,) = resolve_time_expressions(text, WED)
    assert (found.start, found.end) == (day, day)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        # Said on Wednesday 10 May 2023.
        ("I moved here a year and a half ago.", "November 2021"),
        ("We met two and a half years ago.", "November 2020"),
        ("I started a month and a half ago.", "the week of 27 March 2023"),
        ("It broke a week and a half ago.", "the week of 24 April 2023"),
        # A year after "around" / "circa" before a pause, a name or a pronoun.
        ("Around 2015 I moved to Berlin.", "2015"),
        ("We met circa 2015, in Oslo.", "2015"),
    ],
)
def test_half_units_ago_and_a_year_around(text: str, label: str) -> None:
    assert [m.label for m in resolve_time_expressions(text, WED)] == [label]


@pytest.mark.parametrize(
    "text",
    ["Around 2000 people came.", "We sold around 2015 units.", "about 2015 of them"],
)
def test_a_count_around_a_number_is_no_year(text: str) -> None:
    assert resolve_time_expressions(text, WED) == []


@pytest.mark.parametrize(
    ("text", "label"),
    [
        # Said on Wednesday 10 May 2023.
        ("We went to Oslo in June last year.", "June 2022"),
        ("I've been vegan since March of last year.", "1 March 2022 to 10 May 2023"),
        ("The lease ends by March next year.", "March 2024"),
        ("I moved this past February.", "February 2023"),
        ("I quit a fortnight ago.", "the week of 24 April 2023"),
        # Lower case "may" is a verb: only "last year" is a date.
        ("You may find it in may last year.", "2022"),
    ],
)
def test_a_month_of_a_named_year_and_fortnights_ago(text: str, label: str) -> None:
    assert [m.label for m in resolve_time_expressions(text, WED)] == [label]


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("We went to Spain the summer before last.", date(2021, 6, 1), date(2021, 8, 31)),
        ("We went to Spain two summers ago.", date(2021, 6, 1), date(2021, 8, 31)),
        ("It snowed a lot 3 winters ago.", date(2020, 12, 1), date(2021, 2, 28)),
        ("I met her in the spring of '19.", date(2019, 3, 1), date(2019, 5, 31)),
        ("I'll know a month from now.", date(2023, 6, 1), date(2023, 6, 30)),
        ("This time last year I was in Paris.", date(2022, 5, 1), date(2022, 5, 31)),
        ("This time last week I was in Paris.", date(2023, 5, 1), date(2023, 5, 1)),
    ],
)
def test_seasons_back_and_times_from_now(text: str, start: date, end: date) -> None:
    m = one(text)
    assert (m.start, m.end) == (start, end)


def test_a_plural_season_alone_is_no_date() -> None:
    assert resolve_time_expressions("He falls often; summers are hot here.", REF) == []
