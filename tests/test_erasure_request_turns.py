"""Erasure and the newer read features: a request to forget never shows its words (so an
erasure of what it named cannot bring them back), and a read trace that reached a relative
named only in an erased turn goes with the erasure."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime, UnknownEvent

T0 = datetime(2024, 1, 1, tzinfo=UTC)


async def _say(rt: MemoryRuntime, text: str, day: int) -> str:
    r = await rt.observe_and_route(
        {"content": text, "actor": "Dana", "source": "user", "occurred_at": T0 + timedelta(day)}
    )
    return str(r.observation_id)


async def test_erasing_the_statement_keeps_the_request_words_out(rt: MemoryRuntime) -> None:
    said = await _say(rt, "I live in Lyon.", 0)
    await _say(rt, "Please forget that I live in Lyon.", 1)
    await rt.erase(event_ids=[said], reason="privacy")
    prompt = (await rt.query("Where do I live?", actor="Dana")).to_prompt()
    assert "Lyon" not in prompt
    # Rebuilt from the journal, the same.
    await rt.rebuild()
    assert "Lyon" not in (await rt.query("Where do I live?", actor="Dana")).to_prompt()


@pytest.mark.parametrize(("lens", "budget"), [("procedural", 1000), ("associative", 40)])
async def test_a_trace_naming_an_erased_relative_goes(
    rt: MemoryRuntime, lens: str, budget: int
) -> None:
    first = await _say(rt, "My brother Sara lives in Vienna.", 0)
    for i, text in enumerate(["I live in Rome.", "I work at Globex.", "I like tea."], 1):
        await _say(rt, text, 30 * i)
    ctx = await rt.query("Tell me about my brother", actor="Dana", lens=lens, budget_tokens=budget)
    await rt.erase(event_ids=[first], reason="privacy")
    with pytest.raises(UnknownEvent):
        await rt.trace(ctx.trace_id)
