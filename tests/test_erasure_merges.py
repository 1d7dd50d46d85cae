"""Erasure follows entity merges: after "Robert" is merged into "Bob", later revisions of
Bob's beliefs quote priors built from Robert's evidence, so erasing Robert erases them too
(and re-derives what Bob's own evidence supports)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

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
