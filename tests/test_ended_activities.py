"""An activity memory holds, ended in other words than its own
(``policies/ended_activities.py``): "I decided to skip Berlin" after "I'm training for the
Berlin marathon" ends the marathon, "I finished Dune" after "I'm reading Dune" ends the
reading; a routine, a skip of one day, a finish to come, a hedge, a supposition, a denial
or words two held activities answer to end nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.held_denials import unreal_before
from nousmem.runtime import MemoryRuntime

T0 = datetime(2026, 1, 6, 12, tzinfo=UTC)


async def _held(rt: MemoryRuntime, *said: str) -> set[str]:
    for i, text in enumerate(said):
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": T0 + timedelta(days=i)}
        )
    slot = (await rt.worldview("logical")).slot("fact:sam.activity")
    if slot is None:
        return set()
    return {c.value for c in slot.candidates if c.status in ("selected", "active")}


@pytest.mark.parametrize(
    "given_up",
    [
        "I decided to skip Berlin and run the Chicago marathon instead.",
        "I pulled out of the marathon.",
        "I'm skipping the Berlin marathon this year.",
        "We backed out of Berlin because of my knee.",
        "I withdrew from the Berlin marathon.",
    ],
)
async def test_a_held_event_given_up_ends(rt: MemoryRuntime, given_up: str) -> None:
    held = await _held(rt, "I'm training for the Berlin marathon in September.", given_up)
    assert "Berlin marathon" not in held
    # Given up, not a goal: no "skip Berlin" to pursue.
    goals = (await rt.worldview("logical")).slot("fact:sam.goal")
    assert goals is None or not any("skip" in c.value for c in goals.candidates)


async def test_the_event_given_up_keeps_its_period(rt: MemoryRuntime) -> None:
    await _held(
        rt,
        "I'm training for the Berlin marathon in September.",
        "I decided to skip Berlin and run the Chicago marathon instead.",
    )
    wv = await rt.worldview("historical")
    slot = wv.slot("fact:sam.activity")
    assert slot is not None
    berlin = next(c for c in slot.candidates if c.value == "Berlin marathon")
    assert berlin.status not in ("selected", "active")
    assert "Chicago marathon" in wv.render_slot(slot)


@pytest.mark.parametrize(
    "said",
    [
        "I might skip Berlin.",
        "I'm thinking about skipping Berlin.",
        "If I skip Berlin, I can rest my knee.",
        "I didn't skip Berlin.",
        "I need to pull out of the Berlin marathon.",
        "Should I skip Berlin?",
        "I skipped my run today.",
    ],
)
async def test_what_does_not_give_the_event_up_ends_nothing(rt: MemoryRuntime, said: str) -> None:
    held = await _held(rt, "I'm training for the Berlin marathon in September.", said)
    assert "Berlin marathon" in held


async def test_two_events_answering_end_neither(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        "I'm training for the Berlin marathon in September.",
        "I signed up for the Chicago marathon in October.",
        "I'm skipping the marathon.",
    )
    assert {"Berlin marathon", "Chicago marathon"} <= held


async def test_a_routine_skipped_is_still_held(rt: MemoryRuntime) -> None:
    held = await _held(rt, "I have yoga every Tuesday.", "I'm skipping yoga.")
    assert any(v.startswith("yoga") for v in held)


@pytest.mark.parametrize(
    ("before", "unreal"),
    [
        ("We didn't ", True),
        ("I didn\u2019t ", True),
        ("We never ", True),
        ("I did not really ", True),
        ("If we ", True),
        ("I finally ", False),
        ("Nothing new, I ", False),
    ],
)
def test_a_cue_denied_or_supposed_before_it_is_unreal(before: str, unreal: bool) -> None:
    # "n't" is joined to its verb: a denial all the same.
    assert unreal_before(before) is unreal


@pytest.mark.parametrize(
    "finished",
    [
        "I finished Dune, now I'm reading Project Hail Mary.",
        "Finished Dune, loved it!",
        "I'm done with Dune.",
        "I finished reading Dune last night.",
        "I've finally completed Dune.",
    ],
)
async def test_an_activity_under_way_finished_ends(rt: MemoryRuntime, finished: str) -> None:
    held = await _held(rt, "I'm reading Dune right now.", "I'm building a treehouse.", finished)
    assert "reading Dune" not in held
    assert "building treehouse" in held  # only the one named


async def test_a_finished_reading_keeps_its_period(rt: MemoryRuntime) -> None:
    await _held(rt, "I'm reading Dune right now.", "I finished reading Dune last night.")
    wv = await rt.worldview("historical")
    slot = wv.slot("fact:sam.activity")
    assert slot is not None
    assert "reading Dune (6 January 2026 - 7 January 2026)" in wv.render_slot(slot)


@pytest.mark.parametrize(
    "said",
    [
        "I'll finish Dune tomorrow.",
        "I almost finished Dune.",
        "I haven't finished Dune yet.",
        "I want to finish Dune this week.",
        "Did you finish Dune?",
        "I finished the dishes.",
    ],
)
async def test_what_does_not_finish_the_activity_ends_nothing(rt: MemoryRuntime, said: str) -> None:
    held = await _held(rt, "I'm reading Dune right now.", said)
    assert "reading Dune" in held


async def test_only_an_activity_under_way_is_finished(rt: MemoryRuntime) -> None:
    # An event is no reading under way: "finished the marathon" tells it took place.
    held = await _held(
        rt, "I'm training for the Berlin marathon in September.", "I finished the marathon!"
    )
    assert "Berlin marathon" in held


async def test_a_project_shipped_ends(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        "I'm working on the payments migration project.",
        "We shipped the payments migration last Friday!",
        "Now I'm on the fraud detection project.",
    )
    assert held == {"fraud detection project"}
