"""A question's hedge ("What job might Ana take?", "Would Ana likely enjoy it?") frames the
question and says nothing of what to find. Searched for, it matched every turn that hedges,
and those, the newest matches, filled the ranked window ahead of the turn the question is
about."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
FILLER = [
    "The weather was lovely and we walked along the river.",
    "Work has been busy with the quarterly planning cycle.",
    "I tried a new recipe for dinner with lots of garlic.",
    "We watched a documentary about deep sea creatures.",
]
HEDGING = [
    "I might be late for dinner tonight.",
    "It might rain on Sunday, so bring a coat.",
    "We might paint the fence green after all.",
]
# Ranked window of three: the search ranks only its three newest matches.
CONFIG = {"retrieval": {"rank_window": 3, "relaxed_min_hits": 0}}


async def _fill(rt: MemoryRuntime) -> None:
    turns = ["I volunteer at the shelter's front desk every Friday.", *FILLER * 4, *HEDGING]
    for i, text in enumerate(turns):
        await rt.observe(
            {"content": text, "actor": "Ana", "occurred_at": T0 + i * HOUR, "ref": f"t{i}"}
        )


async def test_a_hedge_is_not_searched_for() -> None:
    async with MemoryRuntime.memory(namespace="u", config=CONFIG) as rt:
        await _fill(rt)
        ctx = await rt.query("What job might Ana pursue at the shelter?", budget_tokens=400)
        fts = ctx.plan["fts"] or ""
        assert "might" not in fts and '"shelter"' in fts
        assert "t0" in {r for s in ctx.snippets for r in s.refs}


async def test_a_question_of_hedges_alone_still_searches_for_them() -> None:
    """With nothing else to look for, the hedge is the question's only word."""
    async with MemoryRuntime.memory(namespace="u", config=CONFIG) as rt:
        await _fill(rt)
        ctx = await rt.query("Might it?", budget_tokens=400)
        assert ctx.plan["fts"] == '"might"'
        assert {r for s in ctx.snippets for r in s.refs} & {"t17", "t18", "t19"}
