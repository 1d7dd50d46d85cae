"""Erasure follows entity merges: after "Robert" is merged into "Bob", later revisions of
Bob's beliefs quote priors built from Robert's evidence, so erasing Robert erases them too
(and re-derives what Bob's own evidence supports). Reads, outcomes and forgets after a merge
name the kept entity's candidates (``fact:bob.location#...``) whichever name the erased claim
used, and whether the merge came before or after it: they go with the erased value."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime

T0 = datetime(2023, 5, 1, tzinfo=UTC)
SECRET_PLACE = "Zorbville"


def _claim(value: str, entity: str, attribute: str = "location") -> dict[str, Any]:
    return {"entity": entity, "attribute": attribute, "value": value, "confidence": 1.0}


async def test_erasing_an_absorbed_entity_reaches_the_kept_entitys_later_revisions(
    rt: MemoryRuntime,
) -> None:
    await rt.observe_and_commit(
        {
            "content": "Bob works at Acme",
            "source": "tool:crm",
            "occurred_at": T0,
            "claims": [_claim("Acme", "Bob", "employer")],
        }
    )
    await rt.observe_and_commit(
        {
            "content": f"Robert lives in {SECRET_PLACE}",
            "source": "tool:crm",
            "occurred_at": T0 + timedelta(1),
            "claims": [_claim(SECRET_PLACE, "Robert")],
        }
    )
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    await rt.observe_and_commit(
        {
            "content": "Bob lives in Lisbon",
            "source": "tool:crm",
            "occurred_at": T0 + timedelta(3),
            "claims": [_claim("Lisbon", "Bob")],
        }
    )
    await rt.erase(entity="Robert", reason="right to be forgotten")
    holding = [
        (e.seq, e.kind)
        async for e in rt.events()
        if e.payload is not None and SECRET_PLACE in e.payload.model_dump_json()
    ]
    assert holding == []
    belief = await rt.belief("Bob", "location")
    assert belief is not None and belief.mode == "Lisbon"
    ctx = await rt.query("Where does Bob live?", budget_tokens=1000)
    assert SECRET_PLACE not in ctx.to_prompt() and "Lisbon" in ctx.to_prompt()
    assert (await rt.verify()).ok


def _at(days: int) -> datetime:
    return T0 + timedelta(days)


async def _holding(rt: MemoryRuntime, word: str) -> list[tuple[int, str]]:
    return [
        (e.seq, e.kind)
        async for e in rt.events()
        if e.payload is not None
        and e.kind != "erasure"
        and word in e.payload.model_dump_json().casefold()
    ]


async def _read_feedback_and_forget(rt: MemoryRuntime, name: str, value: str) -> None:
    """A read, its outcome and a forget after the merge: all name the kept entity's value."""
    ctx = await rt.query(f"Where does {name} live?")
    assert ctx.trace_id is not None
    trace = await rt.get(ctx.trace_id)
    assert f"fact:bob.location#{value.casefold()}" in trace.payload.worldview
    await rt.after_turn(ctx.trace_id, "success")
    await rt.forget([f"{name}.location={value}"], "archive", reason="old news")


async def test_records_naming_the_kept_entity_go_with_a_value_claimed_after_the_merge(
    rt: MemoryRuntime,
) -> None:
    says = [("Bob lives in Paris.", "Maya"), ("Robert lives in Paris.", "Tom")]
    for i, (text, actor) in enumerate(says):
        await rt.observe_and_route({"content": text, "actor": actor, "occurred_at": _at(i)})
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    moved = await rt.observe_and_route(
        {"content": "Robert moved to Rome.", "actor": "Tom", "occurred_at": _at(3)}
    )
    await _read_feedback_and_forget(rt, "Bob", "Rome")
    await rt.erase(event_ids=[moved.observation_id], reason="Tom asked to delete it")
    assert await _holding(rt, "rome") == []
    assert (await rt.verify()).ok


@pytest.mark.parametrize("chained", [False, True])
async def test_records_naming_the_kept_entity_go_with_a_value_claimed_before_the_merge(
    rt: MemoryRuntime, chained: bool
) -> None:
    """The merge comes after the erased claim (and, chained, Rob -> Robert -> Bob)."""
    secret = await rt.observe_and_commit(
        {
            "content": f"Rob lives in {SECRET_PLACE}",
            "source": "tool:crm",
            "occurred_at": _at(0),
            "claims": [_claim(SECRET_PLACE, "Rob" if chained else "Robert")],
        }
    )
    for i, name in enumerate(("Robert", "Bob") if chained else ("Bob",)):
        await rt.observe_and_commit(
            {
                "content": f"{name} works at Acme",
                "source": "tool:crm",
                "occurred_at": _at(1 + i),
                "claims": [_claim("Acme", name, "employer")],
            }
        )
    if chained:
        await rt.merge_entities("Robert", "Rob", reason="same person", authorized=True)
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    await _read_feedback_and_forget(rt, "Robert", SECRET_PLACE)
    await rt.erase(event_ids=[secret.observation_id], reason="wrong person")
    assert await _holding(rt, SECRET_PLACE.casefold()) == []
    assert (await rt.verify()).ok


async def test_a_later_revision_under_the_kept_name_quotes_a_claim_made_under_the_other(
    rt: MemoryRuntime,
) -> None:
    """Merged first, then "Robert" is claimed and "Bob" revised: Bob's revision's prior held
    the erased value, so it is erased too and re-derived."""
    await rt.observe_and_commit(
        {
            "content": "Bob lives in Lisbon",
            "source": "tool:crm",
            "occurred_at": _at(0),
            "claims": [_claim("Lisbon", "Bob")],
        }
    )
    await rt.observe_and_commit(
        {
            "content": "Robert works at Acme",
            "source": "tool:crm",
            "occurred_at": _at(1),
            "claims": [_claim("Acme", "Robert", "employer")],
        }
    )
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    secret = await rt.observe_and_commit(
        {
            "content": f"Robert lives in {SECRET_PLACE}",
            "source": "tool:crm",
            "occurred_at": _at(2),
            "claims": [_claim(SECRET_PLACE, "Robert")],
        }
    )
    await rt.observe_and_commit(
        {
            "content": "Bob lives in Lisbon",
            "source": "tool:crm",
            "occurred_at": _at(3),
            "claims": [_claim("Lisbon", "Bob")],
        }
    )
    receipt = await rt.erase(event_ids=[secret.observation_id], reason="wrong person")
    assert len(receipt.rederived_event_ids) == 1
    assert await _holding(rt, SECRET_PLACE.casefold()) == []
    belief = await rt.belief("Bob", "location")
    assert belief is not None and dict(belief.distribution) == {"Lisbon": 1.0}
