"""Which records an erasure takes because they name a belief value: a read, an outcome or a
forget names a value as it stood when it was written. It quotes erased content when, at that
point, only erased evidence had stated the value; a surviving statement made later does not
vouch for it, and one made earlier does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
BERLIN = "fact:alice.location#berlin"


async def _berlin(rt: MemoryRuntime, source: str, days: int) -> Any:
    res = await rt.observe_and_commit(
        {
            "content": "Alice lives in Berlin",
            "source": source,
            "occurred_at": T0 + timedelta(days),
            "claims": [{"entity": "Alice", "attribute": "location", "value": "Berlin"}],
        }
    )
    assert res.observation_id is not None
    return res


async def _read(rt: MemoryRuntime) -> str:
    ctx = await rt.query("Where does Alice live?")
    assert ctx.trace_id is not None
    assert BERLIN in (await rt.get(ctx.trace_id)).payload.worldview
    return ctx.trace_id


async def test_a_read_made_while_only_the_erased_claim_stated_the_value_goes(
    rt: MemoryRuntime,
) -> None:
    erased = await _berlin(rt, "tool:crm", 0)
    before = await _read(rt)
    await _berlin(rt, "tool:hr", 1)  # a later revision: re-derived, it survives
    after = await _read(rt)
    receipt = await rt.erase(event_ids=[erased.observation_id], reason="privacy")
    assert len(receipt.rederived_event_ids) == 1
    assert (await rt.get(before)).erased
    assert not (await rt.get(after)).erased


async def test_a_read_of_a_value_surviving_evidence_stated_first_stays(rt: MemoryRuntime) -> None:
    await _berlin(rt, "tool:hr", 0)
    earlier = await _read(rt)
    erased = await _berlin(rt, "tool:crm", 1)
    later = await _read(rt)
    await rt.erase(event_ids=[erased.observation_id], reason="privacy")
    assert not (await rt.get(earlier)).erased and not (await rt.get(later)).erased
