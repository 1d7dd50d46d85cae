"""Reads agree with the past they claim to show and with the worldview they print: replays
of time-range questions, event-time provenance, conflicted slots, forgotten hypotheses,
restored values, and entity names that hold an apostrophe."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.runtime import FixedClock, InvalidInput, MemoryRuntime

T0 = datetime(2023, 5, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def claim(value: str, entity: str = "Alice", **extra: Any) -> dict[str, Any]:
    return {"entity": entity, "attribute": "employer", "value": value, "confidence": 1.0, **extra}


async def test_a_time_range_read_replays_after_the_range_fills_up(rt: MemoryRuntime) -> None:
    march = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
    for i in range(30):
        await rt.observe(
            {
                "content": f"Note {i}: booked venue{i}",
                "actor": "Alice",
                "occurred_at": march + i * timedelta(hours=1),
            }
        )
    ctx = await rt.query("What happened this month?", budget_tokens=300)
    assert ctx.plan["times"] and ctx.snippets
    # The month goes on: more turns of the same month than the channel's window holds.
    for i in range(210):
        await rt.observe(
            {
                "content": f"Later chat {i} about lunch{i}",
                "actor": "Bob",
                "occurred_at": march + 5 * DAY + i * timedelta(minutes=1),
            }
        )
    rep = await rt.replay_trace(ctx.trace_id, compare_present=False)
    assert rep.identical, rep.removed
    again = await rt.query("What happened this month?", budget_tokens=300, as_of=ctx.as_of_seq)
    assert again.to_prompt() == ctx.to_prompt()


async def test_an_event_time_read_cites_only_evidence_of_its_time(rt: MemoryRuntime) -> None:
    ids = []
    for i in range(3):
        res = await rt.observe_and_commit(
            {
                "content": f"Alice works at Google ({i})",
                "actor": "Alice",
                "ref": f"chat:{i}",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Google")],
            }
        )
        ids.append(res.observation_id)
    ctx = await rt.query("Where does Alice work?", as_of=T0 + DAY / 2)
    fact = next(s for s in ctx.snippets if s.kind == "fact")
    assert set(fact.event_ids) == {ids[0]}
    assert set(ctx.refs) == {"chat:0"}


async def _conflicted_carol(rt: MemoryRuntime) -> None:
    for i in range(3):
        await rt.observe_and_commit(
            {
                "content": f"Carol works at Initech ({i})",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Initech", entity="Carol")],
            }
        )
    await rt.observe_and_route(
        {
            "content": "Carol works at Globex",
            "source": "tool:hr",
            "occurred_at": T0 + 4 * DAY,
            "claims": [claim("Globex", entity="Carol", confidence=0.9)],
        }
    )


async def test_a_conflicted_slot_is_no_settled_fact(rt: MemoryRuntime) -> None:
    await _conflicted_carol(rt)
    slot = (await rt.worldview("logical")).slot("fact:carol.employer")
    assert slot is not None and slot.status == "conflicted"
    ctx = await rt.query("Where does Carol work?", lens="logical", budget_tokens=2000)
    lines = [s.text for s in ctx.snippets if s.kind == "fact"]
    assert lines and all("[conflicted]" in t for t in lines)
    assert all("Initech" in t and "Globex" in t for t in lines)
    # The line settled on no value, so a good outcome credits neither.
    out = await rt.after_turn(ctx.trace_id, "success")
    assert not [t for t in out.payload.targets if t.startswith("fact:carol.employer#")]


async def test_a_settled_fact_line_is_still_credited(rt: MemoryRuntime) -> None:
    for i in range(3):
        await rt.observe_and_commit(
            {
                "content": f"Alice works at Google ({i})",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Google")],
            }
        )
    ctx = await rt.query("Where does Alice work?", lens="logical", budget_tokens=2000)
    assert any(s.kind == "fact" and "[conflicted]" not in s.text for s in ctx.snippets)
    out = await rt.after_turn(ctx.trace_id, "success")
    assert "fact:alice.employer#google" in out.payload.targets


async def _held_hooli(rt: MemoryRuntime) -> tuple[str, str]:
    for i in range(3):
        await rt.observe_and_commit(
            {
                "content": f"Carol works at Initech ({i})",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Initech", entity="Carol")],
            }
        )
    res = await rt.observe_and_route(
        {
            "content": "Carol works at Hooli",
            "source": "anonymous",
            "occurred_at": T0 + 5 * DAY,
            "claims": [claim("Hooli", entity="Carol")],
        }
    )
    assert res.route == "candidate" and res.candidate_ids
    return res.candidate_ids[0], res.observation_id or ""


@pytest.mark.parametrize("what", ["candidate", "evidence"])
async def test_a_forgotten_hypothesis_leaves_current_reads(rt: MemoryRuntime, what: str) -> None:
    held, obs = await _held_hooli(rt)
    before = await rt.worldview("associative")
    assert any(s.kind == "hypothesis" for s in before.slots)
    target, verb = (held, "inhibit") if what == "candidate" else (obs, "invalidate")
    res = await rt.forget([target], verb, reason="a bogus rumour")
    assert res.applied and not res.refused
    wv = await rt.worldview("associative")
    assert not any(s.kind == "hypothesis" for s in wv.slots)
    assert "Hooli" not in wv.render()
    ctx = await rt.query("Where does Carol work?", budget_tokens=2000)
    assert "Hooli" not in ctx.prompt_sections["worldview"]
    if what == "evidence":  # the utterance itself is gone too (forgetting the hypothesis
        assert "Hooli" not in ctx.to_prompt()  # alone leaves what was said, as evidence)
    history = await rt.worldview("historical")
    assert "Hooli" in history.render()


async def test_a_restored_value_holds_since_it_won_the_slot_back(rt: MemoryRuntime) -> None:
    for value, month in [("Google", 1), ("Sarvam", 3), ("Google", 5), ("Sarvam", 7)]:
        await rt.observe_and_route(
            {
                "content": f"Alice now works at {value}",
                "source": "tool:hr",
                "occurred_at": datetime(2024, month, 1, tzinfo=UTC),
                "claims": [claim(value, change=True, confidence=0.95)],
            }
        )
    slot = (await rt.worldview("historical")).slot("fact:alice.employer")
    assert slot is not None
    by_value = {c.value: c for c in slot.candidates}
    assert by_value["Sarvam"].valid_from == datetime(2024, 7, 1, tzinfo=UTC)
    google = by_value["Google"]
    assert google.valid_from == datetime(2024, 5, 1, tzinfo=UTC)
    assert google.valid_to == datetime(2024, 7, 1, tzinfo=UTC)


async def test_names_with_an_apostrophe_are_recognised(clock: FixedClock) -> None:
    async with MemoryRuntime.memory(clock=clock) as rt:
        await rt.observe_and_commit(
            {
                "content": "O'Brien works at Acme",
                "occurred_at": T0,
                "claims": [claim("Acme", entity="O'Brien")],
            }
        )
        for question in ("Where does O'Brien work?", "Where is O'Brien's office?"):
            ctx = await rt.query(question, budget_tokens=300)
            assert ctx.plan["entities"] == ["O'Brien"], question
            assert "Acme" in ctx.prompt_sections["worldview"]


@pytest.mark.parametrize("entities", [5, "Alice", iter(["Alice"]), ["Alice", 3]])
async def test_worldview_entities_must_be_a_list_of_names(rt: MemoryRuntime, entities: Any) -> None:
    with pytest.raises(InvalidInput) as exc:
        await rt.worldview("logical", entities=entities)
    assert exc.value.field == "entities"


@pytest.mark.parametrize("as_of", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:00:00-05:00"])
async def test_as_of_outside_the_utc_calendar_is_refused(rt: MemoryRuntime, as_of: str) -> None:
    await rt.observe({"content": "hello", "occurred_at": T0})
    for read in (
        rt.query("hello?", as_of=as_of),
        rt.worldview("logical", as_of=as_of),
        rt.belief("Alice", "employer", as_of=as_of),
    ):
        with pytest.raises(InvalidInput) as exc:
            await read
        assert exc.value.field == "as_of"


async def test_names_with_punctuation_are_recognised(clock: FixedClock) -> None:
    async with MemoryRuntime.memory(clock=clock) as rt:
        for i, (name, value) in enumerate([("Jean-Luc", "Starfleet"), ("AT&T", "Dallas")]):
            attribute = "employer" if i == 0 else "location"
            await rt.observe_and_commit(
                {
                    "content": f"{name}: {value}",
                    "occurred_at": T0 + i * DAY,
                    "claims": [{**claim(value, entity=name), "attribute": attribute}],
                }
            )
        for question, value in (
            ("Where does Jean-Luc work?", "Starfleet"),
            ("Where is \u201cAT&T\u201d based?", "Dallas"),
        ):
            ctx = await rt.query(question, budget_tokens=300)
            assert ctx.plan["entities"], question
            assert value in ctx.prompt_sections["worldview"]
        # A word of punctuation alone names no entity.
        await rt.observe_and_commit(
            {"content": "dash", "occurred_at": T0, "claims": [claim("Acme", entity="-")]}
        )
        assert (await rt.query("and - what", budget_tokens=300)).plan["entities"] == []
