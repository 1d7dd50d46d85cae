"""A turn that states something forgotten beside something still held stays in current
reads, with ``[forgotten]`` in place of the sentences that name what is forgotten: shown as
said, it would put the forgotten value back into the prompt."""

from __future__ import annotations

from typing import Any

from nousmem.runtime import MemoryRuntime

MIXED = "I live in Lyon. My sister Maya lives in Rome. My brother Leo lives in Oslo."


async def _say(rt: MemoryRuntime, text: str, day: int) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "user", "source": "user",
         "occurred_at": f"2026-01-{day:02d}T10:00:00Z"}
    )  # fmt: skip


async def _prompt(rt: MemoryRuntime, question: str, **kw: Any) -> str:
    return (await rt.query(question, actor="user", **kw)).to_prompt()


async def test_the_sentence_of_a_forgotten_value_is_cut_and_the_rest_kept(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, MIXED, 1)
    before = await rt.head()
    r = await _say(rt, "Forget that my sister lives in Rome.", 2)
    assert r.forgotten == ("fact:maya.location#rome",)
    for question in ("Where does my sister live?", "Where does Leo live?", "Rome"):
        prompt = await _prompt(rt, question)
        assert "Rome" not in prompt
        assert "user: I live in Lyon. [forgotten] My brother Leo lives in Oslo." in prompt
    # A read as of before the request, and the full lenses, show the turn as said.
    assert MIXED in await _prompt(rt, "Where does my sister live?", as_of=before.seq)
    assert MIXED in await _prompt(rt, "Where does my sister live?", lens="historical")
    # Said again, the value is back, and so is the sentence.
    await _say(rt, "My sister Maya lives in Rome, actually.", 3)
    assert MIXED in await _prompt(rt, "Where does my sister live?")


async def test_a_replay_cuts_the_same_sentences(rt: MemoryRuntime) -> None:
    await _say(rt, MIXED, 1)
    await _say(rt, "Forget that my sister lives in Rome.", 2)
    ctx = await rt.query("Where does Leo live?", actor="user")
    assert "[forgotten]" in ctx.to_prompt()
    report = await rt.replay_trace(ctx.trace_id)
    assert report.identical and "[forgotten]" in report.context.to_prompt()


async def test_an_excerpt_is_cut_from_the_turn_without_the_sentence(rt: MemoryRuntime) -> None:
    # A long turn that only fits as an excerpt around the question's words.
    filler = " ".join(f"We talked about item number {i} for a while." for i in range(40))
    await _say(rt, f"My sister Maya lives in Rome. {filler} Leo lives in Oslo.", 1)
    await _say(rt, "Forget that my sister lives in Rome.", 2)
    prompt = await _prompt(rt, "Where does my sister Maya live now?", budget_tokens=120)
    assert "Rome" not in prompt


async def test_whichever_value_is_forgotten_its_sentence_goes(rt: MemoryRuntime) -> None:
    await _say(rt, MIXED, 1)
    await _say(rt, "Forget that my brother lives in Oslo.", 2)
    prompt = await _prompt(rt, "Where does my sister live?")
    assert "I live in Lyon. My sister Maya lives in Rome. [forgotten]" in prompt
    assert "Oslo" not in prompt
