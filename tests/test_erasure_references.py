"""Which records an erasure takes because they name a belief value: a read, an outcome or a
forget names a value as it stood when it was written. It quotes erased content when, at that
point, only erased evidence had stated the value; a surviving statement made later does not
vouch for it, and one made earlier does."""

from __future__ import annotations

import json
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


# ---- records that quote a value without being caused by its evidence ---------------------


async def _leftovers(rt: MemoryRuntime, value: str) -> list[str]:
    return [
        e.kind
        async for e in rt.events()
        if e.payload is not None and value in e.payload.model_dump_json()
    ]


async def test_a_policy_citing_an_erased_observation_goes_and_its_other_write_stays(
    rt: MemoryRuntime,
) -> None:
    ev = await rt.observe({"content": "I moved to Vexmoor.", "actor": "Alice", "occurred_at": T0})
    job = await rt.observe({"content": "I work at Acme.", "actor": "Alice", "occurred_at": T0})
    res = await rt.commit(
        {
            "writes": [
                {"claims": [{"entity": "Alice", "attribute": "location", "value": "Vexmoor"}],
                 "evidence_ids": [ev.id]},
                {"claims": [{"entity": "Alice", "attribute": "employer", "value": "Acme"}],
                 "evidence_ids": [job.id]},
            ]
        }
    )  # fmt: skip
    assert res.committed and res.policy_event_id is not None
    receipt = await rt.erase(event_ids=[ev.id], reason="privacy")
    assert receipt.verified and res.policy_event_id in receipt.erased_event_ids
    assert await _leftovers(rt, "Vexmoor") == []
    # The policy's write citing surviving evidence is judged on its own: it keeps its effect.
    employer = await rt.belief("Alice", "employer")
    assert employer is not None and employer.mode == "Acme"
    assert await rt.belief("Alice", "location") is None


async def test_a_policy_forgetting_a_value_only_erased_evidence_held_goes(
    rt: MemoryRuntime,
) -> None:
    erased = await _berlin(rt, "tool:crm", 0)
    res = await rt.commit(
        {"forget": [{"targets": ["Alice.location=Berlin"], "verb": "inhibit", "reason": "old"}]}
    )
    assert res.committed
    receipt = await rt.erase(event_ids=[erased.observation_id], reason="privacy")
    assert res.policy_event_id in receipt.erased_event_ids
    assert await _leftovers(rt, "Berlin") == []


async def test_a_later_held_candidate_quoting_the_erased_value_goes(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I live in Lisbon.", "actor": "Alice", "occurred_at": T0}
    )
    private = []
    for i in range(3):
        r = await rt.observe_and_route(
            {"content": "I just moved to Vexmoor.", "actor": "Alice",
             "occurred_at": T0 + timedelta(i + 1)}
        )  # fmt: skip
        private.append(r.observation_id)
    held = await rt.observe_and_route(
        {"content": "Alice moved to Porto", "source": "web", "occurred_at": T0 + timedelta(6),
         "claims": [{"entity": "Alice", "attribute": "location", "value": "Porto",
                     "change": True, "confidence": 0.9}]}
    )  # fmt: skip
    assert held.route == "candidate" and held.observation_id is not None
    receipt = await rt.erase(event_ids=private, reason="privacy")
    assert set(held.candidate_ids) <= set(receipt.erased_event_ids)
    assert await _leftovers(rt, "Vexmoor") == []
    assert not (await rt.get(held.observation_id)).erased  # the web page itself stays


async def test_a_read_whose_question_is_the_erased_turn_goes(rt: MemoryRuntime) -> None:
    """An agent reads with the user's turn before recording it; erasing the turn by id must
    take that read's question too. A later read that only selected it keeps its trace."""
    turn = "My therapist says my panic attacks are getting worse."
    before = await rt.query(turn, actor="Maya", budget_tokens=500)
    said = await rt.observe_and_route({"content": turn, "actor": "Maya", "occurred_at": T0})
    after = await rt.query("How is Maya doing lately?", budget_tokens=500)
    assert said.observation_id in after.refs or said.observation_id in {
        e for s in after.snippets for e in s.event_ids
    }
    receipt = await rt.erase(event_ids=[said.observation_id], reason="user asked")
    assert before.trace_id in receipt.erased_event_ids
    assert after.trace_id not in receipt.erased_event_ids  # ids quote nothing
    async for e in rt.events():
        assert e.payload is None or "panic attacks" not in e.payload.model_dump_json(), e.kind
    assert (await rt.verify()).ok


async def test_a_read_whose_suppression_names_the_erased_value_goes(rt: MemoryRuntime) -> None:
    """A read after "Rome" was forgotten notes "fact:alice.location#rome is inhibited" among
    its suppressions; erasing the only statement of Rome takes that read too."""
    await rt.observe_and_route({"content": "I live in Paris.", "actor": "Alice", "occurred_at": T0})
    rome = await rt.observe_and_route(
        {
            "content": "I moved to Rome last week.",
            "actor": "Alice",
            "occurred_at": T0 + timedelta(days=1),
        }
    )
    await rt.forget(["Alice.location=Rome"], "inhibit", reason="not true")
    ctx = await rt.query("Where does Alice live?")
    assert "rome" in json.dumps([list((await rt.trace(ctx.trace_id)).payload.suppressed)])
    receipt = await rt.erase(event_ids=[rome.observation_id], reason="user asked")
    assert ctx.trace_id in receipt.erased_event_ids
    async for e in rt.events():
        assert e.payload is None or "rome" not in e.payload.model_dump_json().lower(), e.kind


async def test_a_masked_question_goes_with_its_turn_and_a_kept_copy_keeps_it(
    rt: MemoryRuntime,
) -> None:
    """A read masks a card number in its question: erasing the raw turn (or the quarantined
    record a governed write made of it) must still take that read. A read of a sentence
    that a surviving turn also says quotes nothing erased."""
    turn = "My card 4111 1111 1111 1111 was charged twice at the psychiatry ward."
    read = await rt.query(turn, actor="Alice")
    kept = await rt.observe({"content": turn, "actor": "Alice", "occurred_at": T0})
    receipt = await rt.erase(event_ids=[kept.id], reason="user asked")
    assert read.trace_id in receipt.erased_event_ids

    turn = "My card 4111 1111 1111 1111 was charged twice at the oncology clinic."
    read = await rt.query(turn, actor="Alice")
    quarantined = await rt.observe_and_route({"content": turn, "actor": "Alice", "occurred_at": T0})
    assert quarantined.route == "quarantine"
    receipt = await rt.erase(event_ids=[quarantined.event_ids[0]], reason="user asked")
    assert read.trace_id in receipt.erased_event_ids

    twice = "We adopted a rescue greyhound named Biscuit."
    first = await rt.observe({"content": twice, "actor": "Alice", "occurred_at": T0})
    read = await rt.query(twice, actor="Alice")
    await rt.observe({"content": twice, "actor": "Alice", "occurred_at": T0})
    receipt = await rt.erase(event_ids=[first.id], reason="user asked")
    assert read.trace_id not in receipt.erased_event_ids


async def test_a_suppression_naming_a_longer_surviving_value_is_kept(rt: MemoryRuntime) -> None:
    """Erasing "Google" must not take a read that names only "google deepmind", which
    surviving evidence states."""
    google = await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": T0}
    )
    await rt.observe_and_route(
        {
            "content": "I just joined Google DeepMind.",
            "actor": "Alice",
            "occurred_at": T0 + timedelta(days=1),
        }
    )
    await rt.forget(["Alice.employer=Google DeepMind"], "inhibit", reason="not true")
    ctx = await rt.query("Where does Alice work?")
    assert "google deepmind" in json.dumps(list((await rt.trace(ctx.trace_id)).payload.suppressed))
    receipt = await rt.erase(event_ids=[google.observation_id], reason="user asked")
    assert ctx.trace_id not in receipt.erased_event_ids


async def test_a_suppression_is_judged_at_the_read_not_over_all_time(rt: MemoryRuntime) -> None:
    """Rome restated by a surviving turn only after the read: at the read only the erased
    turn stated it, so the read's "fact:alice.location#rome is inhibited" goes."""
    await rt.observe_and_route({"content": "I live in Paris.", "actor": "Alice", "occurred_at": T0})
    rome = await rt.observe_and_route(
        {"content": "I moved to Rome last week.", "actor": "Alice", "occurred_at": T0}
    )
    await rt.forget(["Alice.location=Rome"], "inhibit", reason="not true")
    ctx = await rt.query("Where does Alice live?")
    await rt.observe_and_route(
        {"content": "I live in Rome.", "actor": "Alice", "occurred_at": T0 + timedelta(days=30)}
    )
    receipt = await rt.erase(event_ids=[rome.observation_id], reason="user asked")
    assert ctx.trace_id in receipt.erased_event_ids


async def test_a_quarantined_turn_with_personal_data_takes_its_read(rt: MemoryRuntime) -> None:
    """The quarantined record redacts the email too, the read masked only the password: the
    read's question, redacted the same way, still holds the erased turn."""
    turn = "Reach me at alice.smith@example.com, my password is Hunter2Hunter2!xyz please."
    read = await rt.query(turn, actor="Alice")
    res = await rt.observe_and_route({"content": turn, "actor": "Alice", "occurred_at": T0})
    assert res.route == "quarantine"
    receipt = await rt.erase(event_ids=[res.event_ids[0]], reason="user asked")
    assert read.trace_id in receipt.erased_event_ids
    assert (await rt.verify()).ok


async def test_a_value_with_quotes_named_in_a_suppression_is_found(rt: MemoryRuntime) -> None:
    value = 'Acme "Widgets" Ltd'
    await rt.observe_and_commit(
        {
            "content": "Alice works at Initech",
            "source": "tool:hr",
            "occurred_at": T0,
            "claims": [{"entity": "Alice", "attribute": "employer", "value": "Initech"}],
        }
    )
    crm = await rt.observe_and_commit(
        {
            "content": f"Per the CRM: {value}",
            "source": "tool:crm",
            "occurred_at": T0 + timedelta(days=1),
            "claims": [{"entity": "Alice", "attribute": "employer", "value": value}],
        }
    )
    await rt.forget([f"Alice.employer={value}"], "inhibit", reason="not true")
    ctx = await rt.query("Where does Alice work?")
    receipt = await rt.erase(event_ids=[crm.observation_id], reason="user asked")
    assert ctx.trace_id in receipt.erased_event_ids


async def test_a_read_of_a_surviving_turn_holding_the_erased_sentence_stays(
    rt: MemoryRuntime,
) -> None:
    sentence = "We adopted a rescue greyhound named Biscuit."
    first = await rt.observe({"content": sentence, "actor": "Alice", "occurred_at": T0})
    longer = f"{sentence} He sleeps all day."
    read = await rt.query(longer, actor="Alice")
    await rt.observe({"content": longer, "actor": "Alice", "occurred_at": T0})
    receipt = await rt.erase(event_ids=[first.id], reason="user asked")
    assert read.trace_id not in receipt.erased_event_ids
