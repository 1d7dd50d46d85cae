"""``after_turn`` credits what the read's prompt showed and nothing else: a fact line counts
as the current values it stated (not a value hidden at the read), and an audit item (a
refused or quarantined write, shown redacted) is a record, not a memory."""

from __future__ import annotations

import pytest

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.errors import InvalidInput

KEY = "Alice's key is sk-proj-ABCDEF1234567890abcdef1234567890XYZ"


async def test_after_turn_does_not_credit_an_inhibited_value(rt: MemoryRuntime) -> None:
    await rt.observe_and_route({"content": "I love hiking.", "actor": "Sam"})
    await rt.observe_and_route({"content": "I love swimming.", "actor": "Sam"})
    await rt.forget(["Sam.likes=hiking"], "inhibit", reason="no longer true")
    ctx = await rt.query("What does Sam like?", budget_tokens=200)
    assert ctx.trace_id is not None
    line = next(s for s in ctx.snippets if s.id == "fact:sam.likes")
    assert "swimming" in line.text and "hiking" not in line.text
    outcome = await rt.after_turn(ctx.trace_id, "failure")
    assert "preference:sam.likes#swimming" in outcome.payload.targets
    assert "preference:sam.likes#hiking" not in outcome.payload.targets
    wv = await rt.worldview(lens="audit")
    slot = wv.slot("preference:sam.likes")
    assert slot is not None
    utility = {c.value: c.components.utility for c in slot.candidates}
    assert utility["hiking"] == 0.0 and utility["swimming"] < 0


async def test_after_turn_credits_a_value_the_full_lens_showed(rt: MemoryRuntime) -> None:
    """The historical lens shows an inhibited value in its line: there it was in the prompt."""
    await rt.observe_and_route({"content": "I love hiking.", "actor": "Sam"})
    await rt.observe_and_route({"content": "I love swimming.", "actor": "Sam"})
    await rt.forget(["Sam.likes=hiking"], "inhibit", reason="no longer true")
    ctx = await rt.query("What does Sam like?", lens="historical", budget_tokens=200)
    assert ctx.trace_id is not None
    line = next(s for s in ctx.snippets if s.id == "fact:sam.likes")
    assert "hiking" in line.text
    outcome = await rt.after_turn(ctx.trace_id, "success")
    assert "preference:sam.likes#hiking" in outcome.payload.targets


async def test_after_turn_does_not_credit_audit_items(rt: MemoryRuntime) -> None:
    res = await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
    q = await rt.observe_and_route({"content": KEY, "actor": "Alice"})
    (quarantined,) = q.event_ids
    ctx = await rt.query("Alice key", lens="audit")
    assert ctx.trace_id is not None
    assert ("audit", quarantined) in {(s.kind, s.id) for s in ctx.snippets}
    outcome = await rt.after_turn(ctx.trace_id, "success")
    assert quarantined not in outcome.payload.targets
    assert res.observation_id in outcome.payload.targets  # the memory is still credited
    with pytest.raises(InvalidInput):  # not a memory: no lifecycle to reinforce
        await rt.lifecycle(quarantined)


async def test_a_resolved_values_runner_up_is_marked_and_not_credited(rt: MemoryRuntime) -> None:
    """A hedged later claim stays in the running: the line marks it, and it is no current
    value of the prompt for ``after_turn``."""
    ana = {"actor": "Ana", "source": "user"}
    await rt.observe_and_route(
        {**ana, "content": "I live in Paris.", "occurred_at": "2024-01-01T10:00:00+00:00"}
    )
    await rt.observe_and_route(
        {
            **ana,
            "content": "I think I might move to Rome.",
            "occurred_at": "2024-02-01T10:00:00+00:00",
        }
    )
    assert (await rt.belief("Ana", "location")).mode == "Paris"
    ctx = await rt.query("Where do I live?", actor="Ana", lens="logical")
    line = next(ln for ln in ctx.prompt_sections["worldview"].splitlines() if "location" in ln)
    assert "Paris (since 1 January 2024);" in line
    assert line.endswith("Rome (since 1 February 2024) [less likely]")
    assert ctx.trace_id is not None
    outcome = await rt.after_turn(ctx.trace_id, "success")
    assert "fact:ana.location#paris" in outcome.payload.targets
    assert "fact:ana.location#rome" not in outcome.payload.targets
