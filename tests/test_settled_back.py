"""A dispute settled back to the value it contested: Alice at Acme, Bob's "Alice works at
Globex" contests it (the slot is conflicted), and Alice's "No, I still work at Acme" settles
it back. Memory never held Globex, so Acme's span runs through the dispute and Globex's
period is one it was only claimed in: reads mark it "disputed". A dispute settled the
rival's way first is a real change: the old value's spans stay split."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from nousmem.runtime import MemoryRuntime

SLOT = "fact:alice.employer"


def d(month: int, day: int = 1) -> datetime:
    return datetime(2024, month, day, 12, tzinfo=UTC)


async def _say(rt: MemoryRuntime, when: datetime, actor: str, text: str) -> None:
    await rt.observe_and_route({"content": text, "actor": actor, "occurred_at": when})


async def _disputed(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "Alice", "I work at Acme.")
    await _say(rt, d(1, 10), "Alice", "I still work at Acme.")
    await _say(rt, d(2), "Alice", "I work at Acme and I love it.")
    await _say(rt, d(3), "Bob", "Alice works at Globex.")


async def _slot(rt: MemoryRuntime, **read: Any) -> Any:
    slot = (await rt.worldview("historical", **read)).slot(SLOT)
    assert slot is not None
    return slot


def _spans(slot: Any) -> set[tuple[Any, ...]]:
    return {
        (c.value, c.status, c.valid_from, c.valid_to, c.earlier, c.note) for c in slot.candidates
    }


async def _before(rt: MemoryRuntime) -> list[str]:
    ctx = await rt.query("Where did I work in March?", actor="Alice")
    return [ln for ln in ctx.to_prompt().splitlines() if "employer before:" in ln]


async def test_a_dispute_settled_back_leaves_the_value_held_throughout(
    rt: MemoryRuntime,
) -> None:
    await _disputed(rt)
    assert (await _slot(rt)).status == "conflicted"
    await _say(rt, d(3, 20), "Alice", "No, I still work at Acme.")
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Acme",)
    by_value = {c.value: c for c in slot.candidates}
    acme, globex = by_value["Acme"], by_value["Globex"]
    assert (acme.valid_from, acme.valid_to, acme.earlier) == (d(1), None, ())
    assert (globex.status, globex.valid_from, globex.valid_to) == ("superseded", d(3), d(3, 20))
    assert globex.note == "disputed 'Acme'; settled back to 'Acme'"
    assert (await rt.worldview("historical")).render_slot(slot) == (
        "- fact Alice.employer: Acme (since 1 January 2024); "
        "Globex (1 March 2024 - 20 March 2024, disputed) [superseded]"
    )
    assert await _before(rt) == [
        "- fact Alice.employer before: Globex (1 March 2024 - 20 March 2024, disputed)"
    ]
    # The present is Acme alone; the time of the dispute still reads conflicted.
    logical = (await rt.worldview("logical")).slot(SLOT)
    assert logical is not None and [c.value for c in logical.candidates] == ["Acme"]
    assert (await _slot(rt, as_of=d(3, 10))).status == "conflicted"
    # An event-time read after the settling agrees with the live one, and so does a rebuild.
    then = await _slot(rt, as_of=d(3, 25))
    assert _spans(then) == _spans(slot)
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_dispute_settled_the_rivals_way_is_a_real_change(rt: MemoryRuntime) -> None:
    """Carol corroborates Globex before Alice's correction: memory held Globex then, so Acme
    held the slot twice (its spans stay split) and Globex's period is no dispute."""
    await _disputed(rt)
    await _say(rt, d(3, 5), "Carol", "Alice works at Globex.")
    await _say(rt, d(3, 20), "Alice", "No, I work at Acme again.")
    slot = await _slot(rt)
    by_value = {c.value: c for c in slot.candidates}
    acme, globex = by_value["Acme"], by_value["Globex"]
    assert slot.selected == ("Acme",)
    assert acme.earlier == ((d(1), d(3)),) and acme.valid_from == d(3, 20)
    assert globex.note == "superseded by 'Acme'"
    assert "disputed" not in (await rt.worldview("historical")).render_slot(slot)
    assert all("disputed" not in ln for ln in await _before(rt))


async def _settled_back(rt: MemoryRuntime) -> None:
    await _disputed(rt)
    await _say(rt, d(3, 20), "Alice", "No, I still work at Acme.")


async def test_a_settled_back_rival_that_takes_the_slot_later_keeps_its_disputed_period(
    rt: MemoryRuntime,
) -> None:
    """Globex really takes the slot in June: its March period is still one it was only
    claimed in, and Acme's span is marked disputed for that stretch only."""
    await _settled_back(rt)
    await _say(rt, d(6), "Alice", "I now work at Globex.")
    slot = await _slot(rt)
    assert (await rt.worldview("historical")).render_slot(slot) == (
        "- fact Alice.employer: Globex (since 1 June 2024; also 1 March 2024 - 20 March 2024,"
        " disputed); Acme (1 January 2024 - 1 June 2024, disputed 1 March 2024 - 20 March"
        " 2024) [superseded]"
    )
    assert await _before(rt) == [
        "- fact Alice.employer before: Globex (1 March 2024 - 20 March 2024, disputed); "
        "Acme (1 January 2024 - 1 June 2024, disputed 1 March 2024 - 20 March 2024)"
    ]


async def test_forgetting_the_kept_value_leaves_the_rival_only_claimed(rt: MemoryRuntime) -> None:
    await _settled_back(rt)
    await rt.forget([f"{SLOT}#acme"], "invalidate", reason="user asked")
    assert await _before(rt) == [
        "- fact Alice.employer before: Globex (1 March 2024 - 20 March 2024, disputed)"
    ]


async def test_a_new_rival_denied_after_a_settled_dispute_leaves_the_slot_resolved(
    rt: MemoryRuntime,
) -> None:
    await _settled_back(rt)
    await _say(rt, d(4), "Carol", "Alice works at Initech.")
    await _say(rt, d(4, 20), "Alice", "No, I still work at Acme.")
    # The subject's correction settles it Acme's way, as a denial of Initech would.
    corrected = (await rt.worldview("logical")).slot(SLOT)
    assert corrected is not None and corrected.status == "resolved"
    await _say(rt, d(5), "Alice", "I don't work at Initech.")
    slot = (await rt.worldview("logical")).slot(SLOT)
    assert slot is not None and slot.status == "resolved" and slot.selected == ("Acme",)
    historical = await _slot(rt)
    assert historical.status == "resolved"


async def test_an_earlier_dispute_a_third_value_ended_keeps_its_periods(
    rt: MemoryRuntime,
) -> None:
    """Carol's Initech took the slot before anything settled Bob's Globex: Acme held until
    then (disputed from Bob's claim), and a later return to Acme does not rewrite that."""
    await _disputed(rt)
    await _say(rt, d(3, 5), "Carol", "Alice works at Initech.")
    then = await _before(rt)
    await _say(rt, d(3, 20), "Alice", "No, I still work at Acme.")
    line = (await _before(rt))[0]
    for part in (
        "Globex (1 March 2024 - 5 March 2024, disputed)",
        "Acme (1 January 2024 - 5 March 2024, disputed from 1 March 2024)",
    ):
        assert part in line
        assert part in then[0]


async def test_a_take_back_dated_before_the_loss_keeps_the_value_held_from_its_start(
    rt: MemoryRuntime,
) -> None:
    """Alice's "No, I still work at Acme" recorded after Bob's claim but dated before it:
    in event time it restates Acme before Bob spoke, so Acme held from 1 January, in one
    span, until Bob's claim (the latest) took the slot; live, as of a time and rebuilt
    (review rev16 #3: its span started at the correction's date; journal order also let
    the restatement, heard last, outweigh the later claim)."""
    await _say(rt, d(1), "Alice", "I work at Acme.")
    await _say(rt, d(3), "Bob", "Alice works at Globex.")
    await _say(rt, d(2, 20), "Alice", "No, I still work at Acme.")
    await _say(rt, d(4), "Alice", "I like tea.")
    reads = [await _slot(rt), await _slot(rt, as_of=d(5))]
    await rt.rebuild()
    reads.append(await _slot(rt))
    for slot in reads:
        acme = next(c for c in slot.candidates if c.value == "Acme")
        assert (acme.status, acme.valid_from, acme.valid_to, acme.earlier) == (
            "superseded",
            d(1),
            d(3),
            (),
        )
    as_of_feb = await _slot(rt, as_of=d(2, 25))
    acme = next(c for c in as_of_feb.candidates if c.value == "Acme")
    assert (acme.status, acme.valid_from, acme.valid_to) == ("selected", d(1), None)


async def test_a_back_filled_history_keeps_the_values_between(rt: MemoryRuntime) -> None:
    """Lyon, Paris (1 March), Lyon (1 May), Paris (1 July), told present first and filled in
    later: Paris keeps its March-April period and Lyon's latest span does not cover it
    (review rev21: a take-back check that ignored Paris's first assertion joined them)."""
    for when, text in [
        (d(1), "I live in Lyon."),
        (d(7), "I moved back to Paris."),
        (d(3), "I moved to Paris."),
        (d(5), "I moved back to Lyon."),
        (d(8), "I still live in Paris."),
    ]:
        await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": when})
    slot = (await rt.worldview("historical")).slot("fact:alice.location")
    assert slot is not None
    by = {c.value: c for c in slot.candidates}
    lyon, paris = by["Lyon"], by["Paris"]
    assert (d(3), d(5)) in paris.earlier
    assert lyon.valid_from == d(5)
    prompt = (await rt.query("Where did I live in April?", actor="Alice")).to_prompt()
    assert "Paris (1 March 2024 - 1 May 2024)" in prompt
    assert "disputed" not in prompt
