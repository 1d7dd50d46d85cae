"""A question's word that joins two words ("roadtrip") also finds the turns that write
them apart ("road trip"), at the head and as of an earlier position; a word whose parts are
rarer than it ("passionate": "passion", "ate") is not split."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)

TURNS = [
    "We drove all day on our road trip to the lakes.",
    "The kids were so tired after the road trip, we slept early.",
    "My roadtrip playlist is mostly old rock songs.",
    "I ate pasta with my sister and talked about art.",
    "She is passionate about painting landscapes.",
    "The weather was lovely and we walked along the river.",
    "Work has been busy with the quarterly planning cycle.",
    "I tried a new recipe for dinner with lots of garlic.",
    "My neighbour repainted the fence a bright shade of green.",
    "We watched a documentary about deep sea creatures.",
    "We had a picnic by the lake side, then swam in the lake.",
]


async def _fill(rt: MemoryRuntime) -> None:
    # "passion" once, "passionate" twice: its parts are rarer than it.
    for i, text in enumerate([*TURNS, *TURNS, "Art is my passion."]):
        await rt.observe(
            {"content": text, "actor": "Ana", "occurred_at": T0 + i * HOUR, "ref": f"t{i}"}
        )


async def test_a_joined_word_finds_the_words_written_apart(rt: MemoryRuntime) -> None:
    await _fill(rt)
    ctx = await rt.query("How was the roadtrip?", budget_tokens=400)
    assert '"road trip"' in (ctx.plan["fts"] or "")
    assert {"t0", "t1", "t2"} <= set(ctx.refs)
    # As of the first half of the journal: the same query, scored on that prefix.
    seqs = {e.payload.ref: e.seq async for e in rt.events(kinds=["observation"])}
    half = seqs[f"t{len(TURNS) - 1}"]
    ctx = await rt.query("How was the roadtrip?", budget_tokens=400, as_of=half)
    assert {"t0", "t1", "t2"} <= set(ctx.refs)
    assert all(seqs[r] <= half for r in ctx.refs)


async def test_a_word_no_turn_holds_is_kept_beside_its_parts(rt: MemoryRuntime) -> None:
    """The index matches stemmed forms and captions, which whole-word counts do not see:
    "seasons" in a turn, "sunflowers" in a caption."""
    await _fill(rt)
    ctx = await rt.query("What did they eat lakeside?", budget_tokens=400)
    assert ctx.plan["fts"] == '"eat" OR "lakeside" OR "lake side"'
    assert "t10" in ctx.refs
    await rt.observe({"content": "I love the changing seasons here.", "actor": "Ana", "ref": "s1"})
    await rt.observe({"content": "We sailed on the sea with my son.", "actor": "Ana"})
    await rt.observe(
        {
            "content": "Look what I found at the market!",
            "actor": "Ana",
            "ref": "s2",
            "metadata": {"caption": "a vase of sunflowers"},
        }
    )
    await rt.observe({"content": "The sun was out and the flowers bloomed.", "actor": "Ana"})
    ctx = await rt.query("Which season does she like?", budget_tokens=400)
    assert '"season"' in (ctx.plan["fts"] or "")
    assert "s1" in ctx.refs
    ctx = await rt.query("Where were the sunflowers?", budget_tokens=400)
    assert '"sunflowers"' in (ctx.plan["fts"] or "")
    assert "s2" in ctx.refs
    ctx = await rt.query("Tell me about the bookshelf", budget_tokens=400)
    assert ctx.plan["fts"] is not None and "book shelf" not in ctx.plan["fts"]  # no "book"


async def test_a_word_is_not_split_into_rarer_parts(rt: MemoryRuntime) -> None:
    await _fill(rt)
    ctx = await rt.query("Who is passionate?", budget_tokens=400)
    assert ctx.plan["fts"] == '"passionate"'
    ctx = await rt.query("What happened at the weekend?", budget_tokens=400)
    assert " " not in (ctx.plan["fts"] or "").replace(" OR ", "")


async def test_a_replay_runs_the_recorded_split(rt: MemoryRuntime) -> None:
    await _fill(rt)
    ctx = await rt.query("How was the roadtrip?", budget_tokens=400)
    assert ctx.trace_id is not None
    report = await rt.replay_trace(ctx.trace_id)
    assert report.identical
