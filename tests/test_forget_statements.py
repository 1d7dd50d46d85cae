"""Forgetting a belief value also keeps the observations that state it out of reads: "Sam: I
love hiking." in the prompt would put the inhibited preference back in its own words. An
observation that states something still held stays; the full lenses and reads of the past
still show it; restoring the value brings it back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.test_merge_reads import bob_and_robert, merge

T0 = datetime(2024, 3, 1, tzinfo=UTC)
DAY = timedelta(days=1)


async def _sam(rt: MemoryRuntime) -> dict[str, str]:
    ids = {}
    for i, text in enumerate(
        ["I love hiking.", "I love swimming.", "I play chess and I love hiking."]
    ):
        r = await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": T0 + i * DAY}
        )
        assert r.observation_id is not None
        ids[text] = r.observation_id
    return ids


def _shown(ctx: object) -> set[str]:
    return {e for s in ctx.snippets for e in s.event_ids}  # type: ignore[attr-defined]


@pytest.mark.parametrize("verb", ["inhibit", "invalidate", "archive"])
async def test_an_observation_stating_only_a_forgotten_value_leaves_reads(verb: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        ids = await _sam(rt)
        before = await rt.query("What does Sam love?", budget_tokens=400)
        assert ids["I love hiking."] in _shown(before)
        seq = (await rt.head()).seq
        await rt.forget(["Sam.likes=hiking"], verb, reason="user asked")
        for lens in ("associative", "logical"):
            ctx = await rt.query("What does Sam love?", budget_tokens=400, lens=lens)
            assert ids["I love hiking."] not in _shown(ctx)
            assert "Sam: I love hiking." not in ctx.to_prompt()
            why = {s.id: s.reason for s in ctx.suppressed}
            assert "every belief it states is forgotten" in why[ids["I love hiking."]]
            # It also states chess, which is not forgotten: it stays.
            assert ids["I play chess and I love hiking."] in _shown(ctx)
        for lens in ("historical", "audit"):
            ctx = await rt.query("What does Sam love?", budget_tokens=600, lens=lens)
            assert ids["I love hiking."] in _shown(ctx)
        # The read made before the forget replays as it was; as_of before it sees it.
        assert (await rt.replay_trace(before.trace_id)).identical
        past = await rt.query("What does Sam love?", budget_tokens=400, as_of=seq)
        assert ids["I love hiking."] in _shown(past)


async def test_restoring_the_value_brings_its_statements_back() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        ids = await _sam(rt)
        await rt.forget(["Sam.likes=hiking"], "inhibit", reason="user asked")
        await rt.forget(["Sam.likes=hiking"], "restore", reason="user changed their mind")
        ctx = await rt.query("What does Sam love?", budget_tokens=400)
        assert ids["I love hiking."] in _shown(ctx)


async def test_a_statement_of_an_absorbed_name_leaves_with_the_kept_entitys_value() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        ids = await bob_and_robert(rt)
        await merge(rt)
        await rt.forget(["Bob.location=Paris"], "inhibit", reason="moved away")
        ctx = await rt.query("Where does Robert live? Paris?", budget_tokens=400)
        assert ids["Robert lives in Paris"] not in _shown(ctx)
        assert ids["Bob works at Acme"] not in {s.id for s in ctx.suppressed}


async def test_rebuild_gives_the_same_reads() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _sam(rt)
        await rt.forget(["Sam.likes=hiking"], "inhibit", reason="user asked")
        live = await rt.query("What does Sam love?", budget_tokens=400)
        await rt.rebuild()
        rebuilt = await rt.query("What does Sam love?", budget_tokens=400)
        assert rebuilt.to_prompt() == live.to_prompt()
        assert rebuilt.suppressed == live.suppressed


async def test_an_observation_saying_more_than_its_beliefs_stays() -> None:
    text = (
        "I work at Google. I am allergic to peanuts and my daughter Emma starts school in "
        "Boston on Monday."
    )
    async with MemoryRuntime.memory(namespace="t") as rt:
        r = await rt.observe_and_route({"content": text, "actor": "Bob", "occurred_at": T0})
        await rt.forget(["Bob.employer=Google"], "inhibit", reason="left")
        ctx = await rt.query("Is Bob allergic to anything?", budget_tokens=400)
        assert r.observation_id in _shown(ctx)  # the allergy is not forgotten with the job
        assert "allergic to peanuts" in ctx.to_prompt()


async def test_a_merge_after_a_read_does_not_change_what_it_hid() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for text in ["Bob works at Zentrix.", "Robert likes chess.", "Robert works at Zentrix."]:
            await rt.observe_and_route({"content": text, "actor": "user"})
        await rt.forget(["fact:bob.employer#zentrix"], "inhibit", reason="wrong")
        ctx = await rt.query("Where does Bob work? Zentrix", budget_tokens=500)
        assert any("every belief it states" in s.reason for s in ctx.suppressed)
        await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
        rep = await rt.replay_trace(ctx.trace_id, compare_present=False)
        assert rep.identical, (rep.added, rep.removed)


async def test_a_value_inside_another_word_does_not_name_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        r = await rt.observe_and_route(
            {"content": "I like art. The party starts at eight.", "actor": "Sam", "occurred_at": T0}
        )
        await rt.forget(["Sam.likes=art"], "inhibit", reason="not any more")
        ctx = await rt.query("When does the party start?", budget_tokens=300)
        assert r.observation_id in _shown(ctx)  # "party" does not name "art"


@pytest.mark.parametrize("target", ["Sam.Likes=hiking", "SAM.LIKES=Hiking", "Sam. likes =hiking"])
async def test_a_target_in_another_case_forgets_the_value_its_slot_shows(target: str) -> None:
    async with MemoryRuntime.memory() as rt:
        await _sam(rt)
        res = await rt.forget([target], "inhibit", reason="the user asked")
        assert [a["target"] for a in res.applied] == ["preference:sam.likes#hiking"]
        wv = await rt.worldview(lens="logical")
        assert "hiking" not in wv.render()
        ctx = await rt.query("What does Sam love?", lens="logical")
        assert "Sam: I love hiking." not in ctx.to_prompt()  # its only statement


async def test_a_forgotten_value_named_with_words_between_leaves_reads() -> None:
    async with MemoryRuntime.memory() as rt:
        said = await rt.observe_and_route(
            {"content": "I have a dog named Biscuit.", "actor": "Maya", "occurred_at": T0}
        )
        assert [(d.attribute, d.value) for d in said.deltas] == [("pet", "dog Biscuit")]
        await rt.forget(["Maya.pet=dog Biscuit"], "inhibit", reason="the user asked")
        ctx = await rt.query("What pets does Maya have?")
        assert "Biscuit" not in ctx.to_prompt()


@pytest.mark.parametrize(
    ("value_text", "attribute_target", "other"),
    [
        ("I work at AT&T.", "Maya.employer=AT&T", "Meet me at the T station."),
        ("I live in New York.", "Maya.location=New York", "York Minster is the new cathedral."),
    ],
)
async def test_a_sentence_sharing_short_or_reordered_words_is_not_hidden(
    value_text: str, attribute_target: str, other: str
) -> None:
    async with MemoryRuntime.memory() as rt:
        first = await rt.observe_and_route(
            {"content": value_text, "actor": "Maya", "occurred_at": T0}
        )
        assert first.deltas, value_text
        both = await rt.observe_and_route(
            {"content": f"{value_text} {other}", "actor": "Maya", "occurred_at": T0 + DAY}
        )
        await rt.forget([attribute_target], "inhibit", reason="the user asked")
        ctx = await rt.query(other, actor="Maya")
        assert both.observation_id in {s.id for s in ctx.snippets}


@pytest.mark.parametrize(
    ("said", "target"),
    [
        ("I love Trader Joe\u2019s.", "Sam.likes=Trader Joe's"),
        ("I love rock 'n' roll.", "Sam.likes=rock 'n' roll"),
    ],
)
async def test_a_forgotten_value_typed_with_other_apostrophes_leaves_reads(
    said: str, target: str
) -> None:
    async with MemoryRuntime.memory() as rt:
        res = await rt.observe_and_route({"content": said, "actor": "Sam", "occurred_at": T0})
        values = [d.value for d in res.deltas]
        assert values, said
        await rt.forget([f"Sam.likes={values[0]}"], "inhibit", reason="the user asked")
        ctx = await rt.query("What does Sam love?")
        assert res.observation_id not in {s.id for s in ctx.snippets}
