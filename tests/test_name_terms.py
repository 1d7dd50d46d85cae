"""Which names of a question the lexical channel searches for.

A speaker's name opens every turn they say, so searching for it ranks their whole history;
the entity channel steers to them instead. But someone the speakers only talk about ("my
sister Lena") has no turns of her own and is rarely mentioned: her name is the question's
best word, and before session 41 it was left out like a speaker's, so "Where does Lena live
and work?" ranked every turn about living or working ahead of the one about Lena.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 3, 4, 9, tzinfo=UTC)
HOUR = timedelta(hours=1)
TURNS = [
    ("Tomas", "My sister Lena moved to Lisbon last month. She works at Acme now."),
    *[
        (who, f"My friend {friend} lives in {town} and works at {firm}.")
        for who, friend, town, firm in [
            ("Ana", "Cy", "Toronto", "Initech"),
            ("Bo", "Eli", "Berlin", "Globex"),
            ("Ana", "Fay", "Osaka", "Hooli"),
            ("Bo", "Cy", "Nairobi", "Initech"),
            ("Ana", "Eli", "Lisbon", "Globex"),
            ("Bo", "Fay", "Berlin", "Acme"),
        ]
    ],
    *[(who, "Work was long today, but I live for the weekends.") for who in ("Ana", "Bo") * 3],
]
# No relaxed search: only the recorded query's own hits are lexical.
CONFIG = {"retrieval": {"relaxed_min_hits": 0}}


async def _fill(rt: MemoryRuntime) -> None:
    for i, (who, text) in enumerate(TURNS):
        await rt.observe_and_route(
            {"content": text, "actor": who, "occurred_at": T0 + i * HOUR, "ref": f"t{i}"}
        )


async def test_the_name_of_someone_talked_about_is_searched_for() -> None:
    async with MemoryRuntime.memory(namespace="u", config=CONFIG) as rt:
        await _fill(rt)
        ctx = await rt.query("Where does Lena live and work?", budget_tokens=300)
        assert ctx.plan["entities"] == ["Lena"]
        assert '"lena"' in (ctx.plan["fts"] or "")
        lexical = [s for s in ctx.snippets if "lexical" in s.channels]
        assert lexical and lexical[0].refs == ("t0",)
        # The replay runs the recorded query.
        assert (await rt.replay_trace(ctx.trace_id)).identical


async def test_a_speakers_name_is_searched_for_only_until_they_speak() -> None:
    async with MemoryRuntime.memory(namespace="u", config=CONFIG) as rt:
        await rt.observe_and_route(
            {"content": "My friend Rui lives in Porto.", "actor": "Ana", "occurred_at": T0}
        )
        await _fill(rt)
        (last, *_) = [e async for e in rt.events(kinds=["observation"])][-1:]
        talked_about = await rt.query("Where does Rui work?", budget_tokens=300)
        said = await rt.observe_and_route(
            {"content": "I work at Globex.", "actor": "Rui", "occurred_at": T0 + 30 * HOUR}
        )
        ctx = await rt.query("Where does Rui work?", budget_tokens=300)
        # Read as of before his first turn, the past is as it was: his name was searched for.
        before = await rt.query("Where does Rui work?", budget_tokens=300, as_of=last.seq)
    assert said.route != "quarantine"
    assert talked_about.plan["entities"] == ctx.plan["entities"] == ["Rui"]
    assert '"rui"' in (talked_about.plan["fts"] or "")
    assert "rui" not in (ctx.plan["fts"] or "")
    assert before.plan["fts"] == talked_about.plan["fts"]


async def test_a_name_in_a_large_share_of_the_turns_is_not_searched_for() -> None:
    async with MemoryRuntime.memory(namespace="u", config=CONFIG) as rt:
        await _fill(rt)
        # "Lena" in every turn from here on: over common_term_share (0.2) of them.
        for i in range(6):
            await rt.observe_and_route(
                {
                    "content": f"Lena called again about the move, call number {i}.",
                    "actor": "Bo",
                    "occurred_at": T0 + (40 + i) * HOUR,
                }
            )
        ctx = await rt.query("Where does Lena live and work?", budget_tokens=300)
        assert "lena" not in (ctx.plan["fts"] or "")
