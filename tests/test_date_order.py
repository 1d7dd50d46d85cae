"""Dates in figures without their year ("on 3/14") and the configured order of those whose
figures do not show it ("5/8/2023": InputConfig.date_order, policies/date_order.py)."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nousmem.policies import RuleExtractor
from nousmem.policies.date_order import current_date_order, reading_dates
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.models import Observation
from nousmem.runtime import InvalidInput, MemoryRuntime
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.fingerprint import config_digest

# Wednesday 1 May 2024.
REF = datetime(2024, 5, 1, 12, tzinfo=UTC)


def days(text: str, order: str | None = None) -> list[tuple[str, date, date]]:
    return [
        (m.text, m.start, m.end)
        for m in resolve_time_expressions(text, REF, date_order=order)  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(
    ("text", "span", "day"),
    [
        ("See you on 3/14.", "on 3/14", date(2025, 3, 14)),  # ahead: next year's
        ("I went there on 3/14.", "on 3/14", date(2024, 3, 14)),  # behind: this year's
        ("The report is due by 12/25.", "by 12/25", date(2024, 12, 25)),
        ("Due by 12/25", "by 12/25", date(2024, 12, 25)),  # a deadline is ahead
        ("I'm off until 12/31.", "until 12/31", date(2024, 12, 31)),
        ("I'll see you Thursday 3/14 at 2pm.", "Thursday 3/14", date(2025, 3, 14)),
        ("We met on 14/3 in Lyon.", "on 14/3", date(2024, 3, 14)),  # day first shows
        ("We met on 2/29.", "on 2/29", date(2024, 2, 29)),
        ("It was on 6/6.", "on 6/6", date(2023, 6, 6)),  # the same either way
    ],
)
def test_a_date_without_its_year_is_the_nearest_the_tense_points_to(
    text: str, span: str, day: date
) -> None:
    assert days(text) == [(span, day, day)]


def test_since_a_date_without_its_year_runs_to_the_day_said() -> None:
    assert days("Been sober since 1/15.") == [("since 1/15", date(2024, 1, 15), REF.date())]


@pytest.mark.parametrize(
    "text",
    [
        "on 5/8",  # 8 May or 5 August, and no order set
        "Rated it 4/5, would go again.",  # no lead word: a score
        "We cut costs by 1/3 this year.",  # "by" a fraction
        "It rained on 3/4 of the days.",
        "It rose by 14/3% overnight.",  # a share, not 14 March
        "Grew by 30/40 percent.",  # no month
    ],
)
def test_no_date_where_the_figures_may_be_something_else(text: str) -> None:
    assert [d for d in days(text) if d[0] not in ("this year",)] == []


def test_by_a_fraction_stays_no_date_in_either_order() -> None:
    for order in ("mdy", "dmy"):
        assert days("We cut costs by 1/3.", order) == []
        assert days("Due by 1/3.", order) == []  # "by": a fraction as often as a date
        assert days("Due by 12/25.", order) == [
            ("by 12/25", date(2024, 12, 25), date(2024, 12, 25))
        ]


@given(st.integers(1, 12), st.integers(1, 12), st.integers(1990, 2030))
def test_the_order_reads_an_ambiguous_date_and_nothing_else_does(a: int, b: int, year: int) -> None:
    text = f"We signed it on {a}/{b}/{year}."
    mdy, dmy, none = days(text, "mdy"), days(text, "dmy"), days(text, None)
    assert mdy == [(f"{a}/{b}/{year}", date(year, a, b), date(year, a, b))]
    assert dmy == [(f"{a}/{b}/{year}", date(year, b, a), date(year, b, a))]
    assert none == (mdy if a == b else [])


@given(st.dates(date(2000, 1, 1), date(2030, 12, 31)).filter(lambda d: d.day > 12))
def test_an_order_the_figures_show_wins_over_the_setting(d: date) -> None:
    for text in (f"Paid on {d.month}/{d.day}/{d.year}.", f"Paid on {d.day}/{d.month}/{d.year}."):
        for order in (None, "mdy", "dmy"):
            assert [(s, e) for _, s, e in days(text, order)] == [(d, d)]


def test_the_context_order_holds_inside_its_block_and_each_task_has_its_own() -> None:
    text = "Meet 5/8/2023"
    assert resolve_time_expressions(text, REF) == []
    with reading_dates("mdy"):
        assert current_date_order() == "mdy"
        (m,) = resolve_time_expressions(text, REF)
        assert m.start == date(2023, 5, 8)
        with reading_dates("dmy"):
            (m,) = resolve_time_expressions(text, REF)
            assert m.start == date(2023, 8, 5)
        # An explicit order wins over the context's.
        assert resolve_time_expressions(text, REF, date_order=None) == []
    assert current_date_order() is None
    assert resolve_time_expressions(text, REF) == []

    async def read(order: str) -> date:
        with reading_dates(order):  # type: ignore[arg-type]
            await asyncio.sleep(0)  # the other task sets its own meanwhile
            (m,) = resolve_time_expressions(text, REF)
            return m.start

    async def both() -> list[date]:
        return await asyncio.gather(read("mdy"), read("dmy"))

    assert asyncio.run(both()) == [date(2023, 5, 8), date(2023, 8, 5)]


def test_an_unknown_order_is_refused() -> None:
    with pytest.raises(ValueError, match="date order"), reading_dates("ymd"):  # type: ignore[arg-type]
        pass


async def test_the_runtime_reads_and_asks_in_its_configured_order() -> None:
    said = "2024-05-01T12:00:00+00:00"
    seen = {}
    for order in (None, "mdy", "dmy"):
        async with MemoryRuntime.memory(config={"input": {"date_order": order}}) as rt:
            r = await rt.observe_and_route(
                {"content": "I moved to Denver on 5/8/2023.", "actor": "Sam", "occurred_at": said}
            )
            (c,) = [i.claim for i in r.assessment.claims]
            seen[order] = c.valid_at
            obs = await rt.get(r.observation_id)
            times = [t.start for t in obs.payload.times]
            assert times == ([] if order is None else [c.valid_at])
            prompt = (await rt.query("Where did Sam move on 5/8/2023?")).to_prompt()
            assert "Denver" in prompt
            if order is not None:
                assert f"5/8/2023 = {c.valid_at.day} {c.valid_at:%B} 2023" in prompt
            # The order set for the call is gone once it returns.
            assert current_date_order() is None
            # Rebuilt projections hold what the live ones did: the claim's date is journaled.
            before = await rt.beliefs("Sam")
            await rt.rebuild()
            assert await rt.beliefs("Sam") == before
    assert seen == {None: None, "mdy": date(2023, 5, 8), "dmy": date(2023, 8, 5)}


async def test_a_bad_date_order_is_refused_by_name_and_nothing_is_opened() -> None:
    for bad in ("ymd", "MDY", 1, True):
        with pytest.raises(InvalidInput) as err:
            await MemoryRuntime.memory(config={"input": {"date_order": bad}})
        assert "date_order" in str(err.value)


def test_the_order_is_in_the_read_digest_only_when_set() -> None:
    plain = RuntimeConfig()
    assert config_digest(plain, None) == config_digest(RuntimeConfig(), None)
    mdy = RuntimeConfig.model_validate({"input": {"date_order": "mdy"}})
    dmy = RuntimeConfig.model_validate({"input": {"date_order": "dmy"}})
    other_input = RuntimeConfig.model_validate({"input": {"max_payload_bytes": 1024}})
    digests = {config_digest(c, None) for c in (plain, mdy, dmy)}
    assert len(digests) == 3
    # Other input settings change what is written, not how it is read.
    assert config_digest(other_input, None) == config_digest(plain, None)


@pytest.mark.parametrize(
    ("text", "span", "start"),
    [
        ("I've lived here since May 5, 2019.", "May 5, 2019", date(2019, 5, 5)),
        ("Been sober since January 15.", "January 15", date(2024, 1, 15)),
        ("since 5 May 2019 I have", "5 May 2019", date(2019, 5, 5)),
        ("Since 3/14/2023 I have run daily.", "3/14/2023", date(2023, 3, 14)),
    ],
)
def test_since_a_day_of_a_month_is_that_day_not_the_month(
    text: str, span: str, start: date
) -> None:
    # "since May" alone stays the month (from its start); a day after it was lost.
    assert days(text) == [(span, start, REF.date())]


def test_a_number_after_a_month_with_last_or_in_is_still_a_count() -> None:
    assert days("Last March 3 of us went.") == [("Last March", date(2024, 3, 1), date(2024, 3, 31))]
    assert days("since May I have") == [("since May", date(2024, 5, 1), date(2024, 5, 1))]


def test_a_claim_held_since_a_day_is_dated_that_day() -> None:
    obs = Observation(
        type="utterance",
        content="I've lived in Denver since May 5, 2019.",
        source="user",
        actor="Sam",
        occurred_at=REF,
    )
    (c,) = RuleExtractor().extract_sync(obs)
    assert (c.attribute, c.value, c.valid_at) == ("location", "Denver", date(2019, 5, 5))
