"""A read whose own words are rare starts its relaxed search alongside its own work.

The relaxed query fills a budget the strict query's hits cannot (fewer than
``relaxed_min_hits``). When the strict terms' document counts already say so, the strict
search (short: few matches) is awaited first and the relaxed one then runs on the journal's
thread while the read works out its worldview; before, it started only when that work had
ended. The context is the same either way.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime
from nousmem.runtime import query as query_module
from nousmem.runtime.fts_query import few_matches, relaxed_query

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
TOPICS = ["coffee", "garden", "cello", "chess", "bread", "kayak"]
QUESTIONS = [
    "Where did Ana go last weekend?",  # "go": no turn says it
    "What does Ana think about the kayak?",  # rare: a few turns
    "Does Ana like coffee in the garden?",  # common: many turns
    "What did Ana play?",
    "Tell me about bread and chess.",
]


async def _fill(rt: MemoryRuntime) -> None:
    for i in range(36):
        topic = TOPICS[i % len(TOPICS)]
        text = f"Ana talked about {topic} with Ben today, and the {topic} was lovely."
        if i % 12 == 5:
            text = f"Ana bought a red kayak for the lake, number {i}."
        await rt.observe(
            {
                "content": text,
                "actor": "Ana",
                "occurred_at": T0 + timedelta(hours=i),
                "ref": f"t{i}",
            }
        )


def _seen(ctx: Any) -> tuple[Sequence[str], str]:
    return [s.id for s in ctx.snippets], ctx.to_prompt()


async def test_few_matches_counts_the_observations_of_the_query_terms(rt: MemoryRuntime) -> None:
    await _fill(rt)
    proj = rt._proj
    assert proj.doc_frequency("kayak") == 6
    assert few_matches(proj, '"go"', None, 10)
    assert few_matches(proj, '"kayak"', None, 10)
    assert not few_matches(proj, '"kayak" OR "cello"', None, 10)
    assert few_matches(proj, None, None, 1) and not few_matches(proj, None, None, 0)
    # As of an earlier position, counted there: four observations in, one said "cello".
    assert few_matches(proj, '"kayak" OR "cello"', 4, 10)


async def test_the_relaxed_search_starts_before_the_reads_own_work(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _fill(rt)
    order: list[str] = []
    search = rt.journal.search
    snapshot = rt._proj.worldview.snapshot

    async def logged_search(namespace: str, query: str, **kw: Any) -> Any:
        order.append(f"search {query}")
        return await search(namespace, query, **kw)

    def logged_snapshot(*a: Any, **kw: Any) -> Any:
        order.append("worldview")
        return snapshot(*a, **kw)

    monkeypatch.setattr(rt.journal, "search", logged_search)
    monkeypatch.setattr(rt._proj.worldview, "snapshot", logged_snapshot)
    ctx = await rt.query("Where did Ana go last weekend?", budget_tokens=300)
    relaxed = relaxed_query(rt._proj, query_module.QueryPlan.model_validate(ctx.plan))
    assert few_matches(rt._proj, ctx.plan["fts"], None, 10) and relaxed is not None
    assert order[:3] == [f"search {ctx.plan['fts']}", f"search {relaxed}", "worldview"]
    assert ctx.snippets  # the relaxed hits filled the budget

    # Common words: one search, under way while the read works out its worldview.
    order.clear()
    await rt.query("Does Ana like coffee in the garden?", budget_tokens=300)
    assert [o for o in order if o.startswith("search")] == [order[0]]


@pytest.mark.parametrize("question", QUESTIONS)
async def test_the_context_is_the_same_with_or_without_the_early_search(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    await _fill(rt)
    seen = {}
    for name, rule in (
        ("never", lambda *a: False),
        ("always", lambda *a: True),
        ("counted", few_matches),
    ):
        monkeypatch.setattr(query_module, "few_matches", rule)
        seen[name] = _seen(await rt.query(question, budget_tokens=300))
    assert seen["never"] == seen["always"] == seen["counted"]
    assert seen["never"][0]


async def test_a_failed_read_leaves_no_search_behind(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worldview fails after the early relaxed search started: the read raises that
    failure, and the search is settled (no "exception was never retrieved")."""
    await _fill(rt)

    def broken(*a: Any, **kw: Any) -> Any:
        raise RuntimeError("worldview broke")

    reported: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: reported.append(context))
    try:
        monkeypatch.setattr(rt._proj.worldview, "snapshot", broken)
        with pytest.raises(Exception, match="worldview broke"):
            await rt.query("Where did Ana go last weekend?", budget_tokens=300)
        monkeypatch.undo()
        for _ in range(50):  # the journal's thread finishes what it was given
            await asyncio.sleep(0.01)
            if all(t.done() for t in asyncio.all_tasks() if t is not asyncio.current_task()):
                break
        gc.collect()
    finally:
        loop.set_exception_handler(None)
    assert [
        t for t in asyncio.all_tasks() if not t.done() and t is not asyncio.current_task()
    ] == []
    assert reported == []
    ctx = await rt.query("Where did Ana go last weekend?", budget_tokens=300)
    assert ctx.snippets
