"""A question of what is ahead about the asker alone reaches the asker's family
(``QueryPlan.family``, runtime/asker_names.py): their occasions and birthdays that fall
in its period join the Worldview Snapshot, their other slots do not. A question of the
past, one that names someone else, or one that names a relative of its own does not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from tests.helpers import say_at

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday
ASKED = datetime(2024, 5, 2, 9, tzinfo=UTC)

FAMILY = (
    "I work at Acme and I live in Denver.",
    "My sister Maya works at Google.",
    "Maya has a dentist appointment on Friday.",
    "My sister's birthday is May 10.",
    "My mom's birthday is June 3.",
    "My son has a recital on Saturday.",
    "I have a meeting with Ana on Friday.",
    "Ana has a flight to Lima on Friday.",
)


async def _told(rt: MemoryRuntime) -> None:
    for text in FAMILY:
        await say_at(rt, text, SAID, actor="Sam")


def _lines(ctx: object) -> list[str]:
    return ctx.prompt_sections["worldview"].splitlines()  # type: ignore[attr-defined]


async def test_what_is_coming_up_holds_the_familys_days_and_birthdays_in_it() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await _told(rt)
        ctx = await rt.query("What do I have coming up?", budget_tokens=1000, actor="Sam")
        assert set(ctx.plan["family"]) == {"Maya", "Sam's mother", "Sam's son"}
        assert _lines(ctx) == [
            # The asker's own first, then the family's by the first day each has in it.
            "- fact Sam.activity: meeting with Ana (3 May 2024)",
            "- fact Maya.activity: dentist appointment (3 May 2024)",
            "- fact Sam's son.activity: recital (4 May 2024)",
            "- fact Maya.birthday: May 10",
        ]
        # Neither the sister's job, nor a birthday past the two weeks, nor a friend's flight.
        text = ctx.prompt_sections["worldview"]
        assert "Google" not in text and "June 3" not in text and "Lima" not in text
        assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical


async def test_a_question_naming_the_attribute_puts_the_familys_first() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await _told(rt)
        ctx = await rt.query("Whose birthday is coming up?", budget_tokens=1000, actor="Sam")
        assert _lines(ctx)[0] == "- fact Maya.birthday: May 10"
        ctx = await rt.query(
            "Whose birthday is coming up in June?", budget_tokens=1000, actor="Sam"
        )
        assert _lines(ctx)[0] == "- fact Sam's mother.birthday: June 3"
        assert "Maya.birthday" not in ctx.prompt_sections["worldview"]


async def test_a_day_ahead_holds_the_familys_occasions_of_that_day() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await _told(rt)
        ctx = await rt.query("What do I have on Saturday?", budget_tokens=1000, actor="Sam")
        assert _lines(ctx)[0] == "- fact Sam's son.activity: recital (4 May 2024)"
        assert "Maya" not in ctx.prompt_sections["worldview"]


async def test_a_relative_named_in_the_question_is_asked_about_alone() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await _told(rt)
        ctx = await rt.query("What does my sister have on Friday?", budget_tokens=1000, actor="Sam")
        assert ctx.plan["relatives"] == ["Maya"] and ctx.plan["family"] == []
        assert _lines(ctx)[0] == "- fact Maya.activity: dentist appointment (3 May 2024)"
        assert "Sam's son" not in ctx.prompt_sections["worldview"]


@pytest.mark.parametrize(
    ("question", "actor"),
    [
        ("What did I do last weekend?", "Sam"),  # the past: what the asker did
        ("What does Ana have coming up?", "Sam"),  # someone else's days
        ("What do Ana and I have on Friday?", "Sam"),  # not the asker alone
        ("What do I have coming up?", None),  # no asker, no family
        ("Where do I work?", "Sam"),  # no time asked
    ],
)
async def test_other_questions_reach_no_family(question: str, actor: str | None) -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await _told(rt)
        ctx = await rt.query(question, budget_tokens=1000, actor=actor)
        assert ctx.plan["family"] == []
        assert "Sam's son" not in ctx.prompt_sections["worldview"]


async def test_the_family_is_read_as_of_the_read() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        first = await say_at(rt, "I have a meeting with Ana on Friday.", SAID, actor="Sam")
        await say_at(rt, "My sister Maya has a dentist appointment on Friday.", SAID, "Sam")
        ctx = await rt.query("What do I have coming up?", budget_tokens=1000, actor="Sam")
        assert ctx.plan["family"] == ["Maya"]
        seq = max(e.seq for e in await _events(rt) if e.id in first.event_ids)
        before = await rt.query(
            "What do I have coming up?", budget_tokens=1000, actor="Sam", as_of=seq
        )
        assert before.plan["family"] == []
        assert "Maya" not in before.prompt_sections["worldview"]


async def _events(rt: MemoryRuntime) -> list[object]:
    return [e async for e in rt.events()]


async def test_the_familys_days_come_in_the_order_of_the_period() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        for text in (
            "My wife Ana and I have two kids, Mia and Leo.",
            "Ana's birthday is May 12.",
            "Mia turns 7 on Saturday.",
            "Leo has a dentist appointment next Tuesday at 4.",
            "Ana has a work trip to Denver next week.",
            "Our anniversary is June 2.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        ctx = await rt.query("What do we have coming up?", budget_tokens=1000, actor="Sam")
        assert _lines(ctx) == [
            "- fact Mia.birthday: May 4",
            "- fact Ana.goal: trip to Denver (week of 6 May 2024)",
            "- fact Leo.activity: dentist appointment (7 May 2024)",
            "- fact Ana.birthday: May 12",
        ]
