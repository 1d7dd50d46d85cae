"""Two moves in one sentence, the second's verb left out ("I moved to Berlin in 2019 and then
to Munich last year"): both are read, each dated by its own time, and the first value's
period is shown as its claims dated it ("Berlin (2019 - 2025)")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted

SAID = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("I moved to Berlin in 2019 and then to Munich last year.", ["Berlin", "Munich"]),
        ("I moved to Berlin in 2019, then to Munich in 2023.", ["Berlin", "Munich"]),
        ("We moved to Lisbon and then on to Porto.", ["Lisbon", "Porto"]),
        # Not a place by name: a home of its own kind, the countryside.
        ("I moved to Berlin, then to a new apartment.", ["Berlin"]),
        ("I moved to Berlin and then to the countryside.", ["Berlin"]),
    ],
)
def test_a_move_after_then_is_read(text: str, places: list[str]) -> None:
    got = [v for a, v, p in extracted(text) if a == "location" and p == "assert"]
    assert got == places


async def test_each_move_is_dated_by_its_own_time_and_the_first_ends_when_the_next_began() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await rt.observe_and_route(
            {
                "content": "I moved to Berlin in 2019 and then to Munich last year.",
                "actor": "Sam",
                "occurred_at": SAID,
            }
        )
        assert "- fact Sam.location: Munich (since 2025)" in (await rt.worldview()).render()
        history = (await rt.worldview("historical")).render()
        assert "Berlin (2019 - 2025) [superseded]" in history
        ctx = await rt.query("Where did I live before Munich?", actor="Sam")
        assert "- fact Sam.location before: Berlin (2019 - 2025)" in ctx.to_prompt()
