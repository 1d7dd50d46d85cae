"""Holidays, parts of a period, ordinal weeks and days of the month (policies/timeexpr.py,
policies/holidays.py, policies/daterange.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nousmem.policies import daterange as dr
from nousmem.policies.holidays import (
    HOLIDAY_NAMES,
    easter,
    holiday_date,
    holiday_key,
    nearest_holiday,
)
from nousmem.policies.timeexpr import resolve_time_expressions

MON = datetime(2024, 5, 13, 10, 0, tzinfo=UTC)  # Monday 13 May 2024


def dated(text: str, said: datetime = MON) -> tuple[str, date, date]:
    found = resolve_time_expressions(text, said)
    assert len(found) == 1, found
    m = found[0]
    assert text[m.span[0] : m.span[1]] == m.text
    return m.text, m.start, m.end


@pytest.mark.parametrize(
    ("text", "words", "start", "end"),
    [
        ("I started in early 2021.", "in early 2021", date(2021, 1, 1), date(2021, 4, 30)),
        ("It was mid-2019.", "mid-2019", date(2019, 5, 1), date(2019, 8, 31)),
        ("I quit late last year.", "late last year", date(2023, 9, 1), date(2023, 12, 31)),
        ("I'll be back mid-June.", "mid-June", date(2024, 6, 11), date(2024, 6, 20)),
        # Said in May: a past late May is last year's, a planned early May next year's.
        ("I was in Rome in late May.", "in late May", date(2023, 5, 21), date(2023, 5, 31)),
        ("I'll be in Rome in early May.", "in early May", date(2025, 5, 1), date(2025, 5, 10)),
        (
            "I'll finish it by the end of April.",
            "by the end of April",
            date(2025, 4, 21),
            date(2025, 4, 30),
        ),
        (
            "We met at the beginning of March 2022.",
            "the beginning of March 2022",
            date(2022, 3, 1),
            date(2022, 3, 10),
        ),
        (
            "I'll pay at the end of the month.",
            "the end of the month",
            date(2024, 5, 21),
            date(2024, 5, 31),
        ),
        (
            "We had a storm at the end of the week.",
            "the end of the week",
            date(2024, 5, 10),
            date(2024, 5, 12),
        ),
        ("We hiked in late summer.", "in late summer", date(2023, 8, 1), date(2023, 8, 31)),
        (
            "It was the last week of June.",
            "the last week of June",
            date(2023, 6, 24),
            date(2023, 6, 30),
        ),
        (
            "I'm off the first week of June.",
            "the first week of June",
            date(2024, 6, 1),
            date(2024, 6, 7),
        ),
        (
            "We camped the second weekend of next month.",
            "the second weekend of next month",
            date(2024, 6, 8),
            date(2024, 6, 9),
        ),
        ("My appointment is on the 15th.", "on the 15th", date(2024, 5, 15), date(2024, 5, 15)),
        ("I paid him on the 2nd.", "on the 2nd", date(2024, 5, 2), date(2024, 5, 2)),
        ("I was sick on the 31st.", "on the 31st", date(2024, 3, 31), date(2024, 3, 31)),
        (
            "Send it by the 3rd of next month.",
            "by the 3rd of next month",
            date(2024, 6, 3),
            date(2024, 6, 3),
        ),
        (
            "Last Christmas we went skiing.",
            "Last Christmas",
            date(2023, 12, 25),
            date(2023, 12, 25),
        ),
        ("I got a bike for Christmas.", "for Christmas", date(2023, 12, 25), date(2023, 12, 25)),
        ("We'll visit on Thanksgiving.", "on Thanksgiving", date(2024, 11, 28), date(2024, 11, 28)),
        ("I ran every day since Easter.", "since Easter", date(2024, 3, 31), date(2024, 5, 13)),
        (
            "We kissed on New Year’s Eve 2022.",
            "on New Year’s Eve 2022",
            date(2022, 12, 31),
            date(2022, 12, 31),
        ),
        ("We met on Valentine's Day.", "on Valentine's Day", date(2024, 2, 14), date(2024, 2, 14)),
        (
            "I went there two Saturdays ago.",
            "two Saturdays ago",
            date(2024, 5, 4),
            date(2024, 5, 4),
        ),
        (
            "We met the week before last.",
            "the week before last",
            date(2024, 4, 29),
            date(2024, 5, 5),
        ),
        (
            "The party was on the 3rd of May.",
            "on the 3rd of May",
            date(2024, 5, 3),
            date(2024, 5, 3),
        ),
        # After next, a number of weeks from a day, a fortnight (said on Monday 13 May).
        (
            "The party is Friday after next.",
            "Friday after next",
            date(2024, 5, 24),
            date(2024, 5, 24),
        ),
        (
            "The wedding is the week after next.",
            "the week after next",
            date(2024, 5, 27),
            date(2024, 6, 2),
        ),
        (
            "My appointment is a week from Friday.",
            "a week from Friday",
            date(2024, 5, 24),
            date(2024, 5, 24),
        ),
        (
            "We fly two weeks from today.",
            "two weeks from today",
            date(2024, 5, 27),
            date(2024, 5, 27),
        ),
        ("I'll see her in a fortnight.", "in a fortnight", date(2024, 5, 27), date(2024, 6, 2)),
    ],
)
def test_resolves_calendar_expressions(text: str, words: str, start: date, end: date) -> None:
    assert dated(text) == (words, start, end)


@pytest.mark.parametrize(
    "text",
    [
        "I live on the 5th floor.",
        "I passed on the 2nd try.",
        "At the end of the day, it's his choice.",
        "I woke up in the middle of the night.",
        "We went for Christmas shopping.",
        "I love the Christmas lights downtown.",
        "We hid Easter eggs for the kids.",
        "Christmas is my favourite holiday.",
        "By the end of the movie I was crying.",
        "I was late for work.",
    ],
)
def test_near_misses_are_no_dates(text: str) -> None:
    assert resolve_time_expressions(text, MON) == []


def test_holiday_keys_and_dates() -> None:
    assert holiday_key("New Year’s") == "new year's day"
    assert holiday_key("the Fourth of July") == "independence day"
    assert holiday_key("Christmas Day") == "christmas"
    assert holiday_date("thanksgiving", 2023) == date(2023, 11, 23)
    assert [easter(y) for y in (2019, 2024, 2025)] == [
        date(2019, 4, 21),
        date(2024, 3, 31),
        date(2025, 4, 20),
    ]


@given(st.integers(1583, 9998))
def test_easter_is_a_sunday_between_22_march_and_25_april(year: int) -> None:
    d = easter(year)
    assert d.weekday() == 6
    assert date(year, 3, 22) <= d <= date(year, 4, 25)


@given(
    st.sampled_from(HOLIDAY_NAMES),
    st.dates(date(1900, 1, 1), date(2200, 12, 31)),
)
def test_nearest_holiday_is_on_the_side_asked(key: str, today: date) -> None:
    last, nxt = nearest_holiday(key, today, "last"), nearest_holiday(key, today, "next")
    # Easter moves by up to five weeks: said on Easter Sunday, the ones before and after
    # may lie 742 days apart.
    assert last < today < nxt and (nxt - last).days <= 366 * 2 + 35
    assert nearest_holiday(key, today, "past") <= today <= nearest_holiday(key, today, "future")
    assert nearest_holiday(key, today, "this").year == today.year


def _base_ranges() -> st.SearchStrategy[dr.DateRange]:
    years = st.integers(1900, 2200)
    return st.one_of(
        years.map(dr.year),
        st.tuples(years, st.integers(1, 12)).map(lambda t: dr.month(*t)),
        st.tuples(st.sampled_from(["spring", "summer", "autumn", "winter"]), years).map(
            lambda t: dr.season(*t)
        ),
        st.dates(date(1900, 1, 1), date(2200, 1, 1)).map(dr.week_of),
        st.tuples(years, st.integers(1, 4)).map(lambda t: dr.quarter(*t)),
    )


@given(_base_ranges())
def test_early_mid_and_late_split_a_period_in_order(base: dr.DateRange) -> None:
    parts = [dr.part(base, w) for w in ("early", "mid", "late")]
    assert parts[0].start == base.start and parts[-1].end == base.end
    for a, b in pairwise(parts):
        assert a.end + timedelta(days=1) == b.start
    assert dr.part(base, "beginning")[:2] == parts[0][:2]
    assert dr.part(base, "end")[:2] == parts[2][:2]


@given(st.dates(date(1900, 3, 1), date(2200, 10, 1)), st.integers(1, 31))
def test_day_of_month_is_the_nearest_on_the_tense_side(today: date, day: int) -> None:
    ahead = dr.day_of_month(today, day, "future")
    back = dr.day_of_month(today, day, "past")
    assert ahead.day == day == back.day
    assert back <= today <= ahead
    assert (ahead - today).days <= 62 and (today - back).days <= 62


@given(st.integers(1900, 2200), st.integers(1, 12), st.sampled_from([1, 2, 3, 4, -1]))
def test_ordinal_weeks_lie_in_their_month(year: int, month: int, n: int) -> None:
    week = dr.week_of_month(year, month, n)
    assert (week.end - week.start).days == 6
    assert week.start.month == week.end.month == month
    weekend = dr.week_of_month(year, month, n, weekend=True)
    assert weekend.start.weekday() == 5 and weekend.start.month == month


D = date
AT = {
    "mon": MON,
    "jan5": datetime(2024, 1, 5, 10, tzinfo=UTC),
    "jan10": datetime(2024, 1, 10, 10, tzinfo=UTC),
    "feb10": datetime(2024, 2, 10, 10, tzinfo=UTC),
    "mar20": datetime(2024, 3, 20, 10, tzinfo=UTC),
    "may20": datetime(2024, 5, 20, 10, tzinfo=UTC),
    "oct1": datetime(2024, 10, 1, 10, tzinfo=UTC),
    "dec15": datetime(2024, 12, 15, 10, tzinfo=UTC),
    "jan1_25": datetime(2025, 1, 1, 10, tzinfo=UTC),
}


@pytest.mark.parametrize(
    ("said", "text", "ranges"),
    [
        # "until" / "by" inside the match still reads as a schedule ahead.
        ("mon", "I'm in Berlin until mid-June.", [(D(2024, 6, 11), D(2024, 6, 20))]),
        ("mon", "The offer is valid until the end of June.", [(D(2024, 6, 21), D(2024, 6, 30))]),
        ("mon", "I'm on vacation until the 25th.", [(D(2024, 5, 25), D(2024, 5, 25))]),
        ("mon", "Please send it by the 15th.", [(D(2024, 5, 15), D(2024, 5, 15))]),
        ("mon", "I need this done by Christmas.", [(D(2024, 12, 25), D(2024, 12, 25))]),
        ("oct1", "The sale runs until Thanksgiving.", [(D(2024, 11, 28), D(2024, 11, 28))]),
        ("mon", "It's due on the 20th.", [(D(2024, 5, 20), D(2024, 5, 20))]),
        # The next sentence's tense is not this one's.
        ("mon", "I'll be back mid-June. We missed you.", [(D(2024, 6, 11), D(2024, 6, 20))]),
        ("mon", "I'll be back on 3 June. We missed you.", [(D(2024, 6, 3), D(2024, 6, 3))]),
        # Ordinal weeks and "since" move to the side of today their tense points to.
        ("mon", "I was in Spain the last week of May.", [(D(2023, 5, 25), D(2023, 5, 31))]),
        ("mon", "I'll be away the first week of May.", [(D(2025, 5, 1), D(2025, 5, 7))]),
        ("mon", "We camped the last weekend of the month.", [(D(2024, 4, 27), D(2024, 4, 28))]),
        ("may20", "I'll be away the first week of the month.", [(D(2024, 6, 1), D(2024, 6, 7))]),
        ("mon", "I've been living here since late May.", [(D(2023, 5, 21), D(2024, 5, 13))]),
        ("mon", "I got paid at the end of the month.", [(D(2024, 4, 21), D(2024, 4, 30))]),
        ("jan5", "In late December we flew home.", [(D(2023, 12, 21), D(2023, 12, 31))]),
        # Two ordinals: not the first one alone.
        ("mon", "The offices are on the 2nd and 3rd floor.", []),
        ("mon", "We walked from the 1st to the 3rd floor.", []),
        # A holiday's whole name, or none.
        ("mon", "We met at the Christmas Eve party.", []),
        ("mon", "We met at the New Year's Eve party.", []),
        ("mon", "We stayed on Easter Island for a week.", []),
        ("mar20", "I'm off on Easter Monday.", [(D(2024, 4, 1), D(2024, 4, 1))]),
        ("jan1_25", "This New Year's Eve was wild.", [(D(2024, 12, 31), D(2024, 12, 31))]),
        ("mon", "I've been sober since Christmas 2019.", [(D(2019, 12, 25), D(2024, 5, 13))]),
        ("mon", "We watched fireworks on the Fourth of July.", [(D(2023, 7, 4), D(2023, 7, 4))]),
        # What the older forms read before stays.
        ("mon", "I met him last week in may.", [(D(2024, 5, 6), D(2024, 5, 12))]),
        (
            "mon",
            "I started the week before last Friday's meeting.",
            [(D(2024, 5, 10), D(2024, 5, 10))],
        ),
        ("mon", "We met early May 5th at the park.", [(D(2024, 5, 5), D(2024, 5, 5))]),
        (
            "mon",
            "The report is due on the 31st of next month.",
            [(D(2024, 6, 1), D(2024, 6, 30))],
        ),
        # A tumble, a noun's modifier, an idiom.
        ("mon", "My grandma had an early fall and broke her hip.", []),
        ("mon", "At the end of the week-long trip, we were tired.", []),
        ("dec15", "I'll see you at the end of winter break.", []),
        (
            "mon",
            "I think the end of the year party is on Friday.",
            [(D(2024, 5, 17), D(2024, 5, 17))],
        ),
        ("mon", "I realized early on that it wasn't for me.", []),
        ("mon", "The first week of school was rough.", []),
        ("feb10", "I'll be home on the 29th.", [(D(2024, 2, 29), D(2024, 2, 29))]),
    ],
)
def test_review_rev50_cases(said: str, text: str, ranges: list[tuple[date, date]]) -> None:
    found = resolve_time_expressions(text, AT[said])
    assert [(m.start, m.end) for m in found] == ranges
    for m in found:
        assert text[m.span[0] : m.span[1]] == m.text


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I forgot that mom's birthday is on Sunday.", D(2024, 5, 19)),
        ("I forgot that I had a meeting on Monday.", D(2024, 5, 6)),
        ("I thought that the party was on Saturday.", D(2024, 5, 11)),
        ("I read that the museum is closed on Monday.", D(2024, 5, 20)),
    ],
)
def test_what_was_known_or_learnt_keeps_its_own_tense(text: str, start: date) -> None:
    # The clause after "forgot / thought / read ... that" has its own tense.
    assert [m.start for m in resolve_time_expressions(text, MON)] == [start]


@pytest.mark.parametrize(
    ("text", "ranges"),
    [
        ("My birthday is at the end of June.", [(D(2024, 6, 21), D(2024, 6, 30))]),
        ("By Christmas I'll have saved 500 dollars.", [(D(2024, 12, 25), D(2024, 12, 25))]),
        ("I've been here since the first week of April.", [(D(2024, 4, 1), D(2024, 5, 13))]),
        ("I haven't smoked since last Christmas.", [(D(2023, 12, 25), D(2024, 5, 13))]),
        ("I saw her the week before last spring.", [(D(2023, 3, 1), D(2023, 5, 31))]),
        ("I work at Google through the end of June.", [(D(2024, 6, 21), D(2024, 6, 30))]),
        ("We're planning for Easter brunch.", []),
        ("See you at the end of summer camp.", []),
        ("The baby is due late fall.", [(D(2024, 11, 1), D(2024, 11, 30))]),
        ("By Christmas I’ll have saved 500 dollars.", [(D(2024, 12, 25), D(2024, 12, 25))]),
    ],
)
def test_review_rev51_cases(text: str, ranges: list[tuple[date, date]]) -> None:
    assert [(m.start, m.end) for m in resolve_time_expressions(text, MON)] == ranges


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # A calendar date in a present that tells of nothing past is ahead (review rev53).
        ("The plumber comes on the 20th.", D(2024, 5, 20)),
        ("My rent goes up on the 1st.", D(2024, 6, 1)),
        ("I'm on vacation the first week of June.", D(2024, 6, 1)),
        ("I'm proposing on Valentine's Day.", D(2025, 2, 14)),
        ("I need the forms before the 15th.", D(2024, 5, 15)),
        # ... not one a thing had comes from, nor a past sentence's.
        ("I have photos from the 3rd.", D(2024, 5, 3)),
        ("I was sick on the 20th.", D(2024, 4, 20)),
    ],
)
def test_a_present_plan_puts_a_calendar_date_ahead(text: str, start: date) -> None:
    assert [m.start for m in resolve_time_expressions(text, MON)] == [start]
