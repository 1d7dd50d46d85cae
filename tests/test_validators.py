"""Each default validator of the ValidatorStack rejects what it should, and its reason is
journaled in the ``write.rejected`` record."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.validators import (
    SUPPORTED_OPERATIONS,
    ProposedClaim,
    ProposedWrite,
    SupportedOperation,
    ValidatorStack,
)
from nousmem.projections.models import Claim
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.canonical import payload_digest
from tests.helpers import claim, kinds_after
from tests.test_write_path import API_KEY, AWS_KEY, MISSING_ID, T0, all_events, establish


def _rejection_reasons(event: Any) -> dict[str, str]:
    return {v.validator: v.reason for v in event.payload.verdicts if not v.ok}


async def test_min_confidence_rejects_low_confidence_commit(rt: MemoryRuntime) -> None:
    before = (await rt.head()).seq
    res = await rt.observe_and_commit(
        {
            "content": "Alice might work at Acme",
            "actor": "Alice",
            "occurred_at": T0,
            "claims": [claim("Acme", confidence=0.2)],
        }
    )
    assert not res.committed
    assert [v.validator for v in res.rejected] == ["min_confidence"]
    assert "0.18 < 0.3" in res.rejected[0].reason
    assert res.observation_id is None and not res.delta_ids
    (event,) = [e async for e in rt.events(after_seq=before)]
    assert event.kind == "write.rejected"
    assert event.payload.operation == "observe_and_commit"
    assert event.payload.attempted["content"] == "Alice might work at Acme"
    assert _rejection_reasons(event) == {"min_confidence": res.rejected[0].reason}
    assert res.event_ids == (event.id,)
    assert await rt.belief("Alice", "employer") is None


async def test_evidence_ids_validator_rejects_a_policy_citing_nothing_known(
    rt: MemoryRuntime,
) -> None:
    before = (await rt.head()).seq
    res = await rt.commit({"writes": [{"claims": [claim("Acme")], "evidence_ids": [MISSING_ID]}]})
    assert not res.committed
    (event,) = [e async for e in rt.events(after_seq=before)]
    reasons = _rejection_reasons(event)
    assert set(reasons) == {"evidence_ids"}
    assert MISSING_ID in reasons["evidence_ids"]
    res = await rt.commit({"writes": [{"claims": [claim("Acme")]}]})
    assert not res.committed
    assert "no evidence ids" in {v.validator: v.reason for v in res.rejected}["evidence_ids"]


async def test_namespace_validator_rejects_foreign_evidence_and_targets(
    rt: MemoryRuntime,
) -> None:
    bob = rt.scoped("user/bob")
    foreign = await bob.observe({"content": "Bob works at Initech", "occurred_at": T0})
    mine = await rt.observe({"content": "Alice works at Acme", "occurred_at": T0})
    before = (await rt.head()).seq
    res = await rt.commit(
        {"writes": [{"claims": [claim("Initech")], "evidence_ids": [foreign.id]}]}
    )
    assert not res.committed
    reasons = {v.validator: v.reason for v in res.rejected}
    assert "another namespace" in reasons["namespace"] and foreign.id in reasons["namespace"]
    res = await rt.commit(
        {
            "writes": [
                {"claims": [claim("Acme")], "evidence_ids": [mine.id], "namespace": "user/bob"}
            ]
        }
    )
    assert not res.committed
    reasons = {v.validator: v.reason for v in res.rejected}
    assert set(reasons) == {"namespace"} and "'user/bob'" in reasons["namespace"]
    assert await kinds_after(rt, before) == ["write.rejected", "write.rejected"]
    assert (await bob.head()).seq == 1  # nothing crossed the wall
    assert await rt.belief("Alice", "employer") is None


@pytest.mark.parametrize(
    ("consolidate", "fragment"),
    [
        ({"clusters": [], "target_type": "frame"}, "non-empty clusters"),
        ({"clusters": [["OBS"]], "target_type": "poem"}, "target_type"),
    ],
)
async def test_consolidation_plan_validator(
    rt: MemoryRuntime, consolidate: dict[str, Any], fragment: str
) -> None:
    obs = await rt.observe({"content": "Alice went hiking", "occurred_at": T0})
    plan = {
        **consolidate,
        "clusters": [[obs.id if x == "OBS" else x for x in c] for c in consolidate["clusters"]],
    }
    before = (await rt.head()).seq
    res = await rt.commit({"consolidate": [plan]})
    assert not res.committed
    reasons = {v.validator: v.reason for v in res.rejected}
    assert set(reasons) == {"consolidation_plan"}
    assert fragment in reasons["consolidation_plan"]
    (event,) = [e async for e in rt.events(after_seq=before)]
    assert event.kind == "write.rejected" and event.payload.operation == "commit_policy"
    assert event.payload.attempted["consolidate"][0]["target_type"] == plan["target_type"]


async def test_destructive_merge_needs_authorization(rt: MemoryRuntime) -> None:
    await establish(rt, entity="Alice")
    await establish(rt, entity="Alicia")
    before = (await rt.head()).seq
    event = await rt.merge_entities("Alice", "Alicia", reason="same person")
    assert event.kind == "write.rejected"
    assert event.payload.operation == "merge"
    assert event.payload.attempted == {"keep": "Alice", "absorb": "Alicia", "reason": "same person"}
    assert _rejection_reasons(event) == {
        "destructive": "merge is destructive and was not authorised"
    }
    assert await kinds_after(rt, before) == ["write.rejected"]
    assert await rt.entities() == ["Alice", "Alicia"]


async def test_risk_gate_quarantines_instead_of_rejecting(rt: MemoryRuntime) -> None:
    content = f"deploy with {API_KEY} please"
    res = await rt.observe_and_route({"content": content, "occurred_at": T0})
    assert res.route == "quarantine" and not res.committed and not res.rejected
    (event,) = await all_events(rt)
    assert event.kind == "quarantined"
    verdicts = {v.validator: v for v in event.payload.verdicts}
    assert not verdicts["risk"].ok and verdicts["risk"].action == "quarantine"
    assert "api_key" in verdicts["risk"].reason
    assert event.payload.labels == ("api_key",)
    assert API_KEY not in event.payload.redacted and "[REDACTED:api_key]" in event.payload.redacted
    assert event.payload.content_digest == payload_digest(content).hex()
    # The explicit-commit path cannot bypass the gate either.
    res = await rt.observe_and_commit(
        {
            "content": f"Alice's key is {AWS_KEY}",
            "occurred_at": T0,
            "claims": [claim(AWS_KEY, "api_token")],
        }
    )
    assert res.route == "quarantine"
    assert await kinds_after(rt, 1) == ["quarantined"]
    assert await rt.belief("Alice", "api_token") is None


def test_supported_operation_validator() -> None:
    v = SupportedOperation()
    bad = v.check(ProposedWrite(operation="truncate_journal", namespace="ns"))
    assert not bad.ok and bad.action == "reject" and "'truncate_journal'" in bad.reason
    for op in sorted(SUPPORTED_OPERATIONS):
        assert v.check(ProposedWrite(operation=op, namespace="ns")).ok
    ok_claim = ProposedClaim(claim=Claim(entity="a", attribute="b", value="c"), reliability=0.9)
    assert v.check(ProposedWrite(operation="merge", namespace="ns", claims=(ok_claim,))).ok
    # Through the default stack the verdict is recorded next to every other one.
    verdicts = ValidatorStack().run(
        ProposedWrite(
            operation="rm -rf", namespace="ns", evidence_ids=("e",), known_evidence=frozenset({"e"})
        )
    )
    failed = {x.validator for x in verdicts if not x.ok}
    assert failed == {"supported_operation"}
    assert len(verdicts) == len(ValidatorStack().validators)
