"""A value that held its slot on one side of an accepted merge goes on holding it from its
own start: the merge ends the other side's value there, and starts nothing (review rev16 #5;
the kept value's span used to restart at the merge)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, tzinfo=UTC)
MERGED = date(2024, 3, 1)  # the merge's event time: the namespace's latest, day 60


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


async def test_a_value_that_lost_the_slot_on_one_side_holds_again_from_the_merge(
    rt: MemoryRuntime,
) -> None:
    """Robert left Globex for Acme; Bob (three sources) is at Globex. The merged belief is
    Globex: current, from the merge (its carried records end with it losing the slot), and
    in the logical lens (review rev20 #4: it showed as superseded, the slot empty)."""
    await _say(rt, "Robert works at Globex.", 0)
    await _say(rt, "Robert now works at Acme.", 31)
    for day in (14, 15, 16):
        await _say(rt, "Bob works at Globex.", day, actor=f"P{day}")
    await _say(rt, "I like tea.", 60)
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    spans = await _all_reads(rt)
    assert spans[0] == ("Globex", "selected", MERGED, None)
    assert ("Acme", "superseded", date(2024, 2, 1), MERGED) in spans
    logical = {s.key: s for s in (await rt.worldview("logical")).slots}
    assert [c.value for c in logical["Robert.employer"].candidates] == ["Globex"]


async def test_one_value_spelled_two_ways_is_not_superseded_by_itself(rt: MemoryRuntime) -> None:
    """ "Acme" and "ACME" are one value: the merge moves nothing (review rev20 #5)."""
    await _say(rt, "Robert works at Acme.", 0)
    await _say(rt, "Bob works at ACME.", 30)
    await _say(rt, "I like tea.", 60)
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    assert await _all_reads(rt) == [("Acme", "selected", date(2024, 1, 1), None)]
    ctx = await rt.query("Where did Robert work in February 2024?")
    assert "before: Acme" not in ctx.to_prompt()
