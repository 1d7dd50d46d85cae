"""A value's own time: when the claim said it held or happened ("I went to Japan in 2019"),
beside when memory learned it. Worldview lines and fact lines say the former."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.payloads import TimeRef
from nousmem.runtime.valid_time import valid_label


def at(month: int, day: int = 1, year: int = 2024) -> datetime:
    return datetime(year, month, day, 9, 0, tzinfo=UTC)


def ref(start: date, end: date, granularity: str, label: str) -> TimeRef:
    return TimeRef(text="t", start=start, end=end, granularity=granularity, label=label)


def test_the_label_is_the_expression_that_starts_on_the_claims_date() -> None:
    times = [
        ref(date(2024, 3, 18), date(2024, 3, 24), "week", "the week of 18 March 2024"),
        ref(date(2019, 1, 1), date(2019, 12, 31), "year", "2019"),
    ]
    assert valid_label(times, date(2019, 1, 1)) == "2019"
    assert valid_label(times, date(2024, 3, 18)) == "the week of 18 March 2024"
    # A caller's own date no expression gave, or no date at all: no label.
    assert valid_label(times, date(2019, 6, 1)) is None
    assert valid_label(times, None) is None
    assert valid_label([], date(2019, 1, 1)) is None


def test_a_range_reads_as_its_start_at_its_precision() -> None:
    # "since 2010" said on 2 April 2024; "since March" (a month); "the past two weeks".
    since_2010 = ref(date(2010, 1, 1), date(2024, 4, 2), "year", "1 January 2010 to 2 April 2024")
    since_march = ref(date(2024, 3, 1), date(2024, 4, 2), "month", "1 March 2024 to 2 April 2024")
    past_weeks = ref(date(2024, 3, 19), date(2024, 4, 2), "week", "19 March 2024 to 2 April 2024")
    assert valid_label([since_2010], date(2010, 1, 1)) == "2010"
    assert valid_label([since_march], date(2024, 3, 1)) == "March 2024"
    assert valid_label([past_weeks], date(2024, 3, 19)) == "19 March 2024"
    # A season is one named period, not a range.
    summer = ref(date(2018, 6, 1), date(2018, 8, 31), "month", "summer 2018")
    assert valid_label([summer], date(2018, 6, 1)) == "summer 2018"


async def _said(rt: MemoryRuntime, items: list[tuple[str, datetime]]) -> None:
    for text, when in items:
        res = await rt.observe_and_route({"content": text, "actor": "Sam", "occurred_at": when})
        assert res.route == "belief_update", (text, res.route)


def _line(rendered: str, key: str) -> str:
    (line,) = [ln for ln in rendered.splitlines() if ln.startswith(f"- fact Sam.{key}:")]
    return line


async def test_worldview_lines_date_a_value_by_its_claim(rt: MemoryRuntime) -> None:
    await _said(
        rt,
        [
            ("I went to Japan in 2019.", at(2)),
            ("I moved to York last year.", at(3)),
            ("I visited Paris two weeks ago.", at(4)),
            ("I started working at Acme in March 2021.", at(4, 2)),
        ],
    )
    view = (await rt.worldview("logical")).render()
    # An occasion happened then; a state holds since then. Not since memory heard it.
    assert _line(view, "visited") == (
        "- fact Sam.visited: Paris (week of 18 March 2024); Japan (2019)"
    )
    assert _line(view, "location") == "- fact Sam.location: York (since 2023)"
    assert _line(view, "employer") == "- fact Sam.employer: Acme (since March 2021)"
    # The historical lens says when memory learned it too.
    history = (await rt.worldview("historical")).render()
    assert _line(history, "location") == (
        "- fact Sam.location: York (since 2023; said 1 March 2024)"
    )
    # The journal keeps the label beside the date.
    deltas = [e.payload async for e in rt.events(kinds=["belief.revised"])]
    assert [(p.value, p.valid_at, p.valid_label) for p in deltas] == [
        ("Japan", date(2019, 1, 1), "2019"),
        ("York", date(2023, 1, 1), "2023"),
        ("Paris", date(2024, 3, 18), "the week of 18 March 2024"),
        ("Acme", date(2021, 3, 1), "March 2021"),
    ]


async def test_a_read_states_both_times_in_its_fact_line(rt: MemoryRuntime) -> None:
    await _said(rt, [("I went to Japan in 2019.", at(2)), ("I live in Leeds.", at(3))])
    ctx = await rt.query("Where has Sam travelled?", actor="Sam", budget_tokens=300)
    prompt = ctx.to_prompt()
    assert "- fact Sam.visited: Japan (2019)" in prompt
    assert "- Sam visited: Japan (2019)\n" in prompt
    # A claim its content did not date keeps memory's date alone.
    ctx = await rt.query("Where does Sam live?", actor="Sam", budget_tokens=300)
    assert "- fact Sam.location: Leeds (since 1 March 2024)" in ctx.to_prompt()


async def test_a_caller_date_ahead_of_the_claim_reads_from() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        claim: dict[str, Any] = {
            "entity": "Sam",
            "attribute": "employer",
            "value": "Acme",
            "valid_at": "2024-06-03",
        }
        await rt.observe_and_route(
            {"content": "New job soon.", "actor": "Sam", "occurred_at": at(5), "claims": [claim]}
        )
        view = (await rt.worldview("logical")).render()
        assert _line(view, "employer") == "- fact Sam.employer: Acme (from 3 June 2024)"


async def test_a_value_taken_up_again_is_not_dated_by_its_first_span() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(
            rt,
            [
                ("I moved to York in 2019.", at(1)),
                ("I moved to Leeds.", at(2)),
                ("I moved back to York.", at(3)),
            ],
        )
        view = (await rt.worldview("logical")).render()
        assert _line(view, "location") == "- fact Sam.location: York (since 1 March 2024)"
        # As of before the move away, the 2019 claim still dates it.
        first, *_ = [e.seq async for e in rt.events(kinds=["belief.revised"])]
        then = (await rt.worldview("logical", as_of=first)).render()
        assert _line(then, "location") == "- fact Sam.location: York (since 2019)"


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # The latest statement of a state's start wins (a correction).
        (
            ["I started at Acme in 2021.", "Actually I started at Acme in 2020."],
            "- fact Sam.employer: Acme (since 2020)",
        ),
    ],
)
async def test_the_latest_date_said_of_a_state_is_its_start(said: list[str], expected: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for i, text in enumerate(said):
            await rt.observe_and_route({"content": text, "actor": "Sam", "occurred_at": at(2 + i)})
        view = (await rt.worldview("logical")).render()
        assert _line(view, "employer") == expected


async def test_an_occasion_said_twice_shows_the_latest_time_and_keeps_both() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(
            rt,
            [("I went to Japan in 2019.", at(2)), ("I went back to Japan last month.", at(5))],
        )
        view = await rt.worldview("logical")
        assert _line(view.render(), "visited") == "- fact Sam.visited: Japan (April 2024)"
        (slot,) = [s for s in view.slots if s.key == "Sam.visited"]
        assert [label for _, label in slot.candidates[0].told] == ["2019", "April 2024"]


async def test_rebuilt_worldview_keeps_the_told_times(tmp_path: Any) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="t") as rt:
        await _said(
            rt, [("I went to Japan in 2019.", at(2)), ("I moved to York last year.", at(3))]
        )
        live = await rt.worldview("historical")
        await rt.rebuild()
        assert await rt.worldview("historical") == live
    async with MemoryRuntime.open(path, namespace="t") as rt:
        assert await rt.worldview("historical") == live
        assert any(c.told for s in live.slots for c in s.candidates)


async def test_a_rederived_revision_keeps_its_label(rt: MemoryRuntime) -> None:
    await _said(rt, [("I live in Berlin.", at(1)), ("I moved to Paris in 2019.", at(2))])
    berlin, *_ = [e async for e in rt.events(kinds=["observation"])]
    receipt = await rt.erase(event_ids=[berlin.id], reason="wrong person")
    (redo,) = [await rt.get(i) for i in receipt.rederived_event_ids]
    assert redo.payload.rederived
    assert (redo.payload.valid_at, redo.payload.valid_label) == (date(2019, 1, 1), "2019")
    view = (await rt.worldview("logical")).render()
    assert _line(view, "location") == "- fact Sam.location: Paris (since 2019)"


async def test_a_school_is_dated_by_the_time_said_not_since_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(rt, [("I graduated from MIT in 2012.", at(2))])
        view = (await rt.worldview("logical")).render()
        # Graduation ended the school years: "since 2012" would read as the start.
        assert _line(view, "school") == "- fact Sam.school: MIT (2012)"


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("My sister Maya moved to Berlin last year.", "sibling", "Maya"),
        ("My husband Tom flew to Tokyo last week.", "spouse", "Tom"),
        ("My daughter Sara started school in September.", "child", "Sara"),
        ("My mom Linda retired in 2020.", "parent", "Linda"),
        ("My dog Rex got sick yesterday.", "pet", "dog Rex"),
        ("My boss Karen yelled at me yesterday.", "manager", "Karen"),
    ],
)
def test_a_relative_or_pet_named_in_passing_is_not_dated_by_the_clause(
    text: str, attribute: str, value: str
) -> None:
    obs = Observation(type="utterance", content=text, actor="Sam", occurred_at=at(5))
    claims = [c for c in RuleExtractor().extract_sync(obs) if c.attribute == attribute]
    assert [(c.value, c.valid_at) for c in claims] == [(value, None)]


def test_a_pet_got_then_is_dated_by_the_clause() -> None:
    obs = Observation(
        type="utterance",
        content="I adopted a cat named Luna last year.",
        actor="Sam",
        occurred_at=at(5),
    )
    (claim,) = RuleExtractor().extract_sync(obs)
    assert (claim.value, claim.valid_at) == ("cat Luna", date(2023, 1, 1))


async def test_a_lifelong_value_gives_no_day_memory_learned_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(
            rt, [("My birthday is on June 3rd.", at(2)), ("My sister Maya lives in York.", at(3))]
        )
        view = await rt.worldview("logical")
        assert _line(view.render(), "birthday") == "- fact Sam.birthday: June 3"
        assert _line(view.render(), "sibling") == "- fact Sam.sibling: Maya"
        # The lenses that show history still say when memory learned it.
        history = (await rt.worldview("historical")).render()
        assert _line(history, "birthday") == "- fact Sam.birthday: June 3 (since 1 February 2024)"
        ctx = await rt.query("When is Sam's birthday?", actor="Sam", budget_tokens=200)
        assert "- Sam birthday: June 3\n" in ctx.to_prompt()
        # A time the claim gave still dates it.
        claim = {"entity": "Sam", "attribute": "child", "value": "Emma", "valid_at": "2024-04-02"}
        await rt.observe_and_route(
            {"content": "Emma was born.", "actor": "Sam", "occurred_at": at(5), "claims": [claim]}
        )
        view = await rt.worldview("logical")
        assert _line(view.render(), "child") == "- fact Sam.child: Emma (since 2 April 2024)"


def _timed(**timings: str) -> dict[str, Any]:
    """A config whose schema gives these attributes these timings (cardinality kept)."""
    from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSpec

    specs = [
        AttributeSpec(**{**DEFAULT_SCHEMA.spec(name).model_dump(), "timing": timing})
        for name, timing in timings.items()
    ]
    return {"attributes": DEFAULT_SCHEMA.with_attributes(*specs)}


async def test_the_schema_says_how_an_attributes_time_reads() -> None:
    # By default a place visited is an occasion and a birthday lifelong; a schema that says
    # otherwise reads them as states: "since" the time, or since the day memory was told.
    said = [("I went to Japan in 2019.", at(2)), ("My birthday is on June 3rd.", at(3))]
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(rt, said)
        view = (await rt.worldview("logical")).render()
        assert _line(view, "visited") == "- fact Sam.visited: Japan (2019)"
        assert _line(view, "birthday") == "- fact Sam.birthday: June 3"
    config = _timed(visited="state", birthday="state")
    async with MemoryRuntime.memory(namespace="t", config=config) as rt:
        await _said(rt, said)
        view = (await rt.worldview("logical")).render()
        assert _line(view, "visited") == "- fact Sam.visited: Japan (since 2019)"
        assert _line(view, "birthday") == "- fact Sam.birthday: June 3 (since 1 March 2024)"
        ctx = await rt.query("Where has Sam travelled?", actor="Sam", budget_tokens=300)
        assert "- Sam visited: Japan (since 2019)\n" in ctx.to_prompt()
        # Rebuilt, the worldview reads the same schema.
        await rt.rebuild()
        assert (await rt.worldview("logical")).render() == view


async def test_an_unknown_timing_is_refused_naming_it() -> None:
    from pydantic import ValidationError

    from nousmem.projections.schema import AttributeSpec
    from nousmem.runtime.errors import InvalidInput

    with pytest.raises(ValidationError, match="timing"):
        AttributeSpec(name="conference", timing="sometimes")  # type: ignore[arg-type]
    bad = {"attributes": {"attributes": [{"name": "conference", "timing": "sometimes"}]}}
    with pytest.raises(InvalidInput, match=r"config\.attributes\.attributes\.0\.timing"):
        await MemoryRuntime.memory(namespace="t", config=bad)


async def test_an_anniversary_is_a_day_that_holds_for_life() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(rt, [("Our anniversary is June 12.", at(3))])
        view = (await rt.worldview("logical")).render()
        assert _line(view, "anniversary") == "- fact Sam.anniversary: June 12"
        ctx = await rt.query("When is Sam's anniversary?", actor="Sam", budget_tokens=200)
        assert "- Sam anniversary: June 12\n" in ctx.to_prompt()
        await rt.observe_and_route(
            {"content": "Forget my anniversary.", "actor": "Sam", "occurred_at": at(4)}
        )
        assert "anniversary" not in (await rt.worldview("logical")).render()
