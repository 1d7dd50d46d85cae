"""A value that held its slot on one side of an accepted merge goes on holding it from its
own start: the merge ends the other side's value there, and starts nothing (review rev16 #5;
the kept value's span used to restart at the merge)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, tzinfo=UTC)
MERGED = date(2024, 3, 1)  # the merge's event time: the namespace's latest, day 60


@pytest.fixture
async def rt() -> AsyncIterator[MemoryRuntime]:
    runtime = await MemoryRuntime.memory()
    try:
        yield runtime
    finally:
        await runtime.close()


async def _say(rt: MemoryRuntime, text: str, day: int, actor: str = "Ann") -> None:
    await rt.observe_and_route(
        {"content": text, "actor": actor, "occurred_at": T0 + timedelta(days=day)}
    )


async def _spans(rt: MemoryRuntime, **kw: object) -> list[tuple[str, str, date, date | None]]:
    wv = await rt.worldview("historical", **kw)  # type: ignore[arg-type]
    (slot,) = [s for s in wv.slots if s.key == "Robert.employer"]
    return [
        (c.value, c.status, c.valid_from.date(), c.valid_to.date() if c.valid_to else None)
        for c in slot.candidates
    ]


async def _all_reads(rt: MemoryRuntime) -> list[tuple[str, str, date, date | None]]:
    """The spans live, as of a time after the merge, and rebuilt: all three the same."""
    live = await _spans(rt)
    assert await _spans(rt, as_of=T0 + timedelta(days=90)) == live
    await rt.rebuild()
    assert await _spans(rt) == live
    return live


async def test_the_kept_sides_value_holds_from_its_own_start(rt: MemoryRuntime) -> None:
    await _say(rt, "Robert works at Acme.", 0)
    await _say(rt, "Bob works at Globex.", 30)
    await _say(rt, "I like tea.", 60)
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    assert await _all_reads(rt) == [
        ("Acme", "selected", date(2024, 1, 1), None),
        ("Globex", "superseded", date(2024, 1, 31), MERGED),
    ]


async def test_the_absorbed_sides_value_holds_from_its_own_start(rt: MemoryRuntime) -> None:
    await _say(rt, "Robert works at Acme.", 0)
    for day in (30, 35, 38):  # three sources: Globex wins the merged belief
        await _say(rt, "Bob works at Globex.", day, actor=f"P{day}")
    await _say(rt, "I like tea.", 60)
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    assert await _all_reads(rt) == [
        ("Globex", "selected", date(2024, 1, 31), None),
        ("Acme", "superseded", date(2024, 1, 1), MERGED),
    ]


async def test_a_value_taken_after_the_merge_still_starts_its_span(rt: MemoryRuntime) -> None:
    await _say(rt, "Robert works at Acme.", 0)
    await _say(rt, "Bob works at Globex.", 30)
    await _say(rt, "I like tea.", 60)
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    await _say(rt, "Robert now works at Initech.", 70)
    spans = await _all_reads(rt)
    assert spans[0] == ("Initech", "selected", date(2024, 3, 11), None)
    assert ("Acme", "superseded", date(2024, 1, 1), date(2024, 3, 11)) in spans
