"""Property: any mix of writes, reads, feedback, merges, forgetting, sleep, planner
consolidation and erasure leaves a journal that verifies, whose projections a rebuild and a
fresh fold reproduce, whose worldviews as of any seq or time a rebuild reproduces, and whose
reads (as of their seq, and replayed) come out the same later.

Written from a reviewer's exploratory test, which found two bugs in one run (an order
dependence in deciding compiled items' visibility, and a merge folded after erasure).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.runtime import FixedClock, InvalidInput, MemoryRuntime, UnsupportedOperation
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.core import _Shared
from nousmem.runtime.ids import IdGenerator
from tests.test_rebuild_property import (
    LENSES,
    QUESTION,
    T0,
    full_state,
    merge_or_forget,
    observations,
)

QUESTIONS = (QUESTION, "deploy procedure summary", "Who works at Google or lives in Paris?")
WRITES = ("route", "commit", "observe")
FORGET = ("inhibit", "restore", "invalidate", "archive", "expire")

OPS = st.one_of(
    st.tuples(st.sampled_from(WRITES), observations(), st.integers(-48, 24 * 30)),
    st.tuples(st.just("query"), st.sampled_from(LENSES), st.integers(0, 3)),
    st.tuples(st.just("after_turn"), st.sampled_from(("success", "failure")), st.just(0)),
    st.tuples(st.just("merge"), st.just(""), st.just(0)),
    st.tuples(st.just("forget_candidate"), st.sampled_from(FORGET[:4]), st.integers(0, 7)),
    st.tuples(st.just("forget_doc"), st.sampled_from(FORGET), st.integers(0, 20)),
    st.tuples(st.just("sleep"), st.just(""), st.just(0)),
    st.tuples(
        st.just("consolidate"),
        st.sampled_from(("frame", "procedure", "schema")),
        st.lists(st.integers(0, 20), min_size=1, max_size=3),
    ),
    st.tuples(st.just("erase"), st.sampled_from(("doc", "Bob")), st.integers(0, 20)),
)


async def _apply(rt: MemoryRuntime, ops: list[tuple[str, Any, Any]]) -> list[tuple[str, str, Any]]:
    """Run ``ops``; returns the reads made since the last erasure (which rewrites the past
    on purpose), for the as-of and replay checks."""
    when = T0
    trace: str | None = None
    reads: list[tuple[str, str, Any]] = []
    for op, arg, n in ops:
        docs = sorted(rt._proj.docs)
        if op in WRITES:
            when = when + timedelta(hours=n)
            write = {
                "route": rt.observe_and_route,
                "commit": rt.observe_and_commit,
                "observe": rt.observe,
            }[op]
            await write({**arg, "occurred_at": when})
        elif op == "query":
            question = QUESTIONS[n % len(QUESTIONS)]
            ctx = await rt.query(question, lens=arg)
            trace = ctx.trace_id
            reads.append((question, arg, ctx))
        elif op == "after_turn" and trace:
            await rt.after_turn(trace, arg)
        elif op == "merge":
            await merge_or_forget(rt, "merge", "", 0, when)
        elif op == "forget_candidate":
            await merge_or_forget(rt, "forget", arg, n, when)
        elif op == "forget_doc" and docs:
            try:
                await rt.forget([docs[n % len(docs)]], arg, reason="property")
            except (InvalidInput, UnsupportedOperation):
                pass
        elif op == "sleep":
            await rt.sleep()
        elif op == "consolidate" and docs:
            cluster = sorted({docs[i % len(docs)] for i in n})
            await rt.commit({"consolidate": [{"clusters": [cluster], "target_type": arg}]})
        elif op == "erase":
            observed = [d for d in docs if rt._proj.docs[d].kind == "observation"]
            if arg == "Bob":
                try:
                    await rt.erase(entity="Bob", reason="property")
                except InvalidInput:
                    pass
            elif observed:
                await rt.erase(event_ids=[observed[n % len(observed)]], reason="property")
            trace, reads = None, []
    return reads


async def _case(ops: list[tuple[str, Any, Any]], ttl: bool) -> None:
    config = (
        RuntimeConfig(ttl={"observation_types": {"task_result": 5.0, "user_preference": 20.0}})
        if ttl
        else None
    )
    clock = FixedClock(T0, timedelta(seconds=1))
    rt = await MemoryRuntime.memory(namespace="user/mix", clock=clock, config=config)
    try:
        reads = await _apply(rt, ops)
        assert (await rt.verify()).ok
        head = (await rt.head()).seq
        times = sorted({d.occurred_at for d in rt._proj.docs.values()})
        points: list[Any] = [head, head // 2, *times[:: max(1, len(times) // 3)][:3]]

        async def worldviews() -> dict[tuple[str, str], Any]:
            return {
                (str(p), lens): (await rt.worldview(lens, as_of=p)).model_dump()
                for p in points
                for lens in LENSES
            }

        recorded = [
            await rt.query(q, lens="associative", as_of=p) for p in points for q in QUESTIONS[:2]
        ]
        for question, lens, ctx in reads:
            again = await rt.query(question, lens=lens, as_of=ctx.as_of_seq)
            assert again.to_prompt() == ctx.to_prompt(), (question, lens)
            assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical

        live, live_views = full_state(rt._proj), await worldviews()
        await rt.rebuild()
        assert full_state(rt._proj) == live
        assert await worldviews() == live_views
        for ctx in recorded:
            assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical

        live = full_state(rt._proj)
        fresh = MemoryRuntime(
            _Shared(rt.journal, FixedClock(T0), IdGenerator()), rt.namespace, rt.config
        )
        await fresh._refresh()
        assert full_state(fresh._proj) == live
    finally:
        await rt.close()


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(OPS, min_size=1, max_size=30), st.booleans())
def test_any_mix_of_operations_keeps_the_invariants(
    ops: list[tuple[str, Any, Any]], ttl: bool
) -> None:
    asyncio.run(_case(ops, ttl))
