""" "What did I ask you to forget?" The audit lens lists each memory the user asked memory to
forget (``forgotten``: what kind of memory, never its value) and each erasure (``erased``:
how many events, the reason masked); a question about forgetting lists them in the default
lens too, and a rebuild lists the same."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime

T0 = datetime(2025, 1, 1, 9, tzinfo=UTC)
DAY = timedelta(days=1)
EMAIL = "sam.k@example.com"


async def _say(rt: MemoryRuntime, text: str, day: int, actor: str = "Sam") -> None:
    await rt.observe_and_route({"content": text, "actor": actor, "occurred_at": T0 + day * DAY})


async def _forgot_lyon(rt: MemoryRuntime) -> None:
    await _say(rt, "I work at Acme and I live in Lyon.", 0)
    await _say(rt, "Forget that I live in Lyon.", 2)


async def test_a_value_asked_to_forget_is_listed_by_kind_not_by_value() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _say(rt, "I work at Acme and I live in Lyon.", 0)
        before = (await rt.head()).seq
        await _say(rt, "Forget that I live in Lyon.", 2)
        wv = await rt.worldview("audit")
        (item,) = wv.audit
        assert (item.kind, item.summary, item.reasons) == (
            "forgotten",
            "Sam's location",
            ("asked to forget",),
        )
        assert item.line == "- forgotten 3 January 2025: Sam's location (asked to forget)"
        lifecycle = [e async for e in rt.events(kinds=["lifecycle"])]
        assert item.event_id == lifecycle[-1].id
        for lens in ("logical", "historical", "associative"):
            assert (await rt.worldview(lens)).audit == ()
        assert (await rt.worldview("audit", as_of=before)).audit == ()
        assert (await rt.worldview("audit", as_of=T0 + DAY)).audit == ()


async def test_a_turn_asked_to_forget_is_listed_by_its_date() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _say(rt, f"My email is {EMAIL}.", 0)
        await _say(rt, "Please forget my email.", 1)
        (item,) = (await rt.worldview("audit")).audit
        assert (item.kind, item.summary) == ("forgotten", "a turn of 1 January 2025")
        ctx = await rt.query("What did I ask you to forget?", actor="Sam")
        assert item.event_id in {s.id for s in ctx.snippets}
        assert EMAIL not in ctx.to_prompt()


async def test_an_erasure_is_listed_with_its_count_and_a_masked_reason() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _say(rt, "Alice works at Acme.", 0, actor="Bob")
        await _say(rt, "Alice lives in Porto.", 1, actor="Bob")
        receipt = await rt.erase(entity="Alice", reason=f"Alice asked by mail from {EMAIL}")
        (item,) = (await rt.worldview("audit")).audit
        n = len(receipt.erased_event_ids)
        assert n >= 2
        assert (item.event_id, item.kind) == (receipt.erasure_event_id, "erased")
        assert item.summary == f"{n} events erased"
        (reason,) = item.reasons
        assert "[erased entity]" in reason and "[REDACTED:email]" in reason
        for raw in ("Alice", EMAIL, "Porto", "Acme"):
            assert raw not in item.line
        ctx = await rt.query("What was erased?")
        assert receipt.erasure_event_id in {s.id for s in ctx.snippets}
        for raw in ("Alice", EMAIL, "Porto"):
            assert raw not in ctx.to_prompt()


@pytest.mark.parametrize(
    "question",
    [
        "What did I ask you to forget?",
        "What have I told you to forget?",
        "What have you forgotten?",
        "What did you delete?",
        "Which memories were deleted?",
    ],
)
async def test_a_question_about_forgetting_lists_what_was_forgotten(question: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _forgot_lyon(rt)
        (item,) = (await rt.worldview("audit")).audit
        ctx = await rt.query(question, actor="Sam")
        assert ctx.plan["refusals"] is True
        assert item.event_id in {s.id for s in ctx.snippets}
        prompt = ctx.to_prompt()
        assert "forgotten: Sam's location (asked to forget)" in prompt
        assert "Lyon" not in prompt
        assert (await rt.replay_trace(ctx.trace_id)).identical


@pytest.mark.parametrize(
    "question",
    ["Did I forget my keys?", "What did I forget to pack?", "Where do I live?", "Where do I work?"],
)
async def test_other_questions_list_nothing_forgotten(question: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _forgot_lyon(rt)
        (item,) = (await rt.worldview("audit")).audit
        ctx = await rt.query(question, actor="Sam")
        assert ctx.plan["refusals"] is False
        assert item.event_id not in {s.id for s in ctx.snippets}


async def test_rebuild_lists_the_same_forgotten_and_erased_items() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _forgot_lyon(rt)
        await _say(rt, "Alice works at Acme.", 3, actor="Bob")
        await rt.erase(entity="Alice", reason="asked")
        live = await rt.worldview("audit")
        assert [a.kind for a in live.audit] == ["forgotten", "erased"]
        await rt.rebuild()
        assert await rt.worldview("audit") == live
