"""commit() holds a planner to what the rest of the API holds a caller to: erased events are
no evidence, and what it journals is bounded by InputConfig.max_payload_bytes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import InvalidInput, MemoryRuntime, PayloadTooLarge
from tests.helpers import claim, kinds_after

T0 = datetime(2023, 7, 1, 10, 0, tzinfo=UTC)


async def _erased(rt: MemoryRuntime) -> str:
    ev = await rt.observe({"content": "Alice works at Globex", "actor": "Alice", "occurred_at": T0})
    await rt.erase(event_ids=[ev.id], reason="the user asked")
    assert (await rt.get(ev.id)).erased
    return str(ev.id)


async def test_commit_refuses_an_erased_event_as_evidence(rt: MemoryRuntime) -> None:
    # A planner still holding the erased text could re-create it, citing a hole.
    erased = await _erased(rt)
    head = (await rt.head()).seq
    res = await rt.commit(
        {"writes": [{"claims": [claim("Globex")], "evidence_ids": [erased], "source": "user"}]}
    )
    assert not res.committed
    reasons = {v.validator: v.reason for v in res.rejected}
    assert set(reasons) == {"evidence_ids"}
    assert "erased" in reasons["evidence_ids"] and erased in reasons["evidence_ids"]
    assert await kinds_after(rt, head) == ["write.rejected"]
    assert await rt.belief("Alice", "employer") is None


async def test_a_consolidation_of_erased_events_is_refused(rt: MemoryRuntime) -> None:
    erased = await _erased(rt)
    head = (await rt.head()).seq
    res = await rt.commit(
        {"consolidate": [{"clusters": [[erased]], "target_type": "frame", "summary": "Globex"}]}
    )
    assert not res.committed and any("erased" in v.reason for v in res.rejected)
    assert await kinds_after(rt, head) == ["write.rejected"]
    assert [e async for e in rt.events(kinds=["sleep.compiled"])] == []


@pytest.mark.parametrize(
    ("policy", "field"),
    [
        ({"retrieval": {"question": "Where?"}, "rationale": "x" * 2001}, "policy.rationale"),
        ({"consolidate": [{"summary": "y" * 4001}]}, "policy.consolidate.0.summary"),
        ({"consolidate": [{"target_type": "z" * 101}]}, "policy.consolidate.0.target_type"),
    ],
)
async def test_a_policy_text_past_its_bound_is_invalid_input(
    rt: MemoryRuntime, policy: dict[str, object], field: str
) -> None:
    head = (await rt.head()).seq
    with pytest.raises(InvalidInput) as info:
        await rt.commit(policy)
    assert info.value.field == field
    assert await kinds_after(rt, head) == []


async def test_a_policy_too_large_to_journal_raises_and_writes_nothing(
    rt: MemoryRuntime,
) -> None:
    ev = await rt.observe({"content": "Alice works at Sarvam", "actor": "Alice", "occurred_at": T0})
    head = (await rt.head()).seq
    many = [
        {"claims": [claim(f"Company {i} " + "v" * 400)], "evidence_ids": [ev.id], "source": "user"}
        for i in range(300)
    ]
    with pytest.raises(PayloadTooLarge) as info:
        await rt.commit({"writes": many})
    assert info.value.field == "policy"
    # Its rejection would be as large: refused the same way, before anything is written.
    refused = [{**w, "evidence_ids": ["01HZZZZZZZZZZZZZZZZZZZZZZZ"]} for w in many]
    with pytest.raises(PayloadTooLarge):
        await rt.commit({"writes": refused})
    assert await kinds_after(rt, head) == []
    assert await rt.belief("Alice", "employer") is None
