"""A plan or an event replaced by one said with a bare "instead" (``policies/
instead_values.py``): "We're going to Lisbon instead" after "We're going to Rome in May"
ends the Rome trip; nothing ends when no held value, or two, share the new one's frame,
nor when the message names what it replaces."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import held, say_at

T0 = datetime(2026, 1, 5, 12, tzinfo=UTC)


async def _held_after(rt: MemoryRuntime, *said: str, attribute: str = "goal") -> set[str]:
    for i, text in enumerate(said):
        await say_at(rt, text, T0 + timedelta(days=i), actor="Sam")
    return set(await held(rt, "Sam", attribute))


@pytest.mark.parametrize(
    ("said", "attribute", "left"),
    [
        (
            ("We're going to Rome in May.", "We changed our plans, we're going to Lisbon instead."),
            "goal",
            {"trip to Lisbon"},
        ),
        (
            (
                "I'm training for the Berlin marathon.",
                "I'm running the Chicago marathon instead.",
            ),
            "activity",
            {"Chicago marathon"},
        ),
    ],
)
async def test_a_bare_instead_replaces_the_value_of_its_frame(
    said: tuple[str, ...], attribute: str, left: set[str]
) -> None:
    async with MemoryRuntime.memory(namespace="instead") as rt:
        assert await _held_after(rt, *said, attribute=attribute) == left


@pytest.mark.parametrize(
    ("said", "left"),
    [
        # Two held trips share the frame: which one is unclear.
        (
            (
                "We're going to Rome in May.",
                "We're going to Oslo in June.",
                "We're going to Lisbon instead.",
            ),
            {"trip to Rome", "trip to Oslo", "trip to Lisbon"},
        ),
        # The message names what it replaces: only that one.
        (
            (
                "We're going to Rome in May.",
                "We're going to Oslo in June.",
                "We're going to Lisbon instead of Oslo.",
            ),
            {"trip to Rome", "trip to Lisbon"},
        ),
        # No "instead": a second trip.
        (
            ("We're going to Rome in May.", "We're going to Lisbon in June."),
            {"trip to Rome", "trip to Lisbon"},
        ),
    ],
)
async def test_what_does_not_say_which_replaces_nothing(
    said: tuple[str, ...], left: set[str]
) -> None:
    async with MemoryRuntime.memory(namespace="instead") as rt:
        assert await _held_after(rt, *said) == left
