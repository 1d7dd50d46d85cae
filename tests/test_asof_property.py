"""``as_of`` reads see the past exactly: whatever is appended later, a read as of a journal
position gives the context a read at that position gave, and its trace replays identically.

The later events share the earlier ones' words, entities and beliefs, so they move every
statistic a read depends on (BM25's, term frequencies, known entities, utilities), and may
merge the entities or forget what a read showed.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.runtime import FixedClock, MemoryRuntime
from tests.test_rebuild_property import LENSES, QUESTION, T0, merge_or_forget, operations

QUESTIONS = (QUESTION, "Who works at Google or lives in Paris?", "What is new with Carol?")


async def apply(rt: MemoryRuntime, ops: list[tuple[str, Any, int]], when: Any) -> Any:
    trace: str | None = None
    for op, arg, hours in ops:
        if op in ("route", "commit", "assess"):
            when = when + timedelta(hours=hours)
            call = {
                "route": rt.observe_and_route,
                "commit": rt.observe_and_commit,
                "assess": rt.assess,
            }[op]
            await call({**arg, "occurred_at": when})
        elif op == "query":
            trace = (await rt.query(QUESTION, lens=arg)).trace_id
        elif op in ("merge", "forget"):  # a later merge must not move an earlier read
            await merge_or_forget(rt, op, arg, hours, when)
        elif trace is not None:
            await rt.after_turn(trace, arg)
    return when


async def run_case(before: list[Any], after: list[Any], lens: str) -> None:
    rt = await MemoryRuntime.memory(namespace="user/asof", clock=FixedClock(T0))
    try:
        when = await apply(rt, before, T0)
        then = [await rt.query(q, lens=lens) for q in QUESTIONS]
        # Later: more of the same words and people, a newcomer named in a question, and
        # feedback on what the reads showed.
        await rt.observe_and_route(
            {
                "content": "Carol says hi, I work at Google too",
                "actor": "Carol",
                "occurred_at": when,
            }
        )
        await apply(rt, after, when)
        for ctx in then:
            await rt.after_turn(ctx.trace_id, "success")
        for q, ctx in zip(QUESTIONS, then, strict=True):
            again = await rt.query(q, lens=lens, as_of=ctx.as_of_seq)
            assert again.to_prompt() == ctx.to_prompt()
            assert [(s.id, s.score) for s in again.snippets] == [
                (s.id, s.score) for s in ctx.snippets
            ]
            assert again.plan == ctx.plan
            assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical
    finally:
        await rt.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    before=st.lists(operations, min_size=1, max_size=15),
    after=st.lists(operations, min_size=1, max_size=15),
    lens=st.sampled_from(LENSES),
)
def test_as_of_reads_do_not_move_when_events_are_appended(
    before: list[Any], after: list[Any], lens: str
) -> None:
    asyncio.run(run_case(before, after, lens))


async def time_reads(rt: MemoryRuntime, as_of: Any) -> dict[str, Any]:
    # A time read is made at the head: the seq it records moves on with the journal.
    out: dict[str, Any] = {
        lens: (await rt.worldview(lens, as_of=as_of)).model_copy(update={"as_of_seq": 0})
        for lens in LENSES
    }
    for name in ("Alice", "Bob"):
        out[name] = await rt.beliefs(name, as_of=as_of)
    return out


async def run_time_case(before: list[Any], after: list[Any]) -> None:
    rt = await MemoryRuntime.memory(namespace="user/asof", clock=FixedClock(T0))
    try:
        await apply(rt, before, T0)
        latest = rt._proj.last_occurred_at or T0
        past = latest - timedelta(seconds=1)
        then = await time_reads(rt, past)
        # Everything appended from here on is dated after ``past``: merges, forgetting,
        # feedback and compressions too (they are dated by the latest event time).
        await apply(rt, [(op, arg, abs(hours) + 1) for op, arg, hours in after], latest)
        await rt.sleep()
        assert await time_reads(rt, past) == then
    finally:
        await rt.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    before=st.lists(operations, min_size=1, max_size=15),
    after=st.lists(operations, min_size=1, max_size=15),
)
def test_time_reads_do_not_move_when_later_dated_events_are_appended(
    before: list[Any], after: list[Any]
) -> None:
    asyncio.run(run_time_case(before, after))


async def test_a_busy_later_journal_leaves_an_as_of_read_alone() -> None:
    """Many later turns on the same topics shift BM25's statistics (how common each word
    is, the mean turn length): the read as of the earlier position must not see it."""
    rt = await MemoryRuntime.memory(namespace="user/busy", clock=FixedClock(T0))
    topics = ["kayak trip", "pottery class", "dog walk", "painting", "lake house", "jazz"]
    try:
        for i in range(24):
            words = " ".join(topics[(i + k) % len(topics)] for k in range(1 + i % 3))
            await rt.observe({"content": f"I went to a {words}", "actor": "Ann", "occurred_at": T0})
        questions = ["What about the kayak trip and the lake?", "Who likes pottery or jazz?"]
        then = [await rt.query(q, budget_tokens=120) for q in questions]
        for i in range(60):
            filler = " and then some more" * (i % 4)
            text = f"{topics[i % 2]} again{filler}, {topics[(i * 5) % len(topics)]}"
            await rt.observe({"content": text, "actor": "Bo", "occurred_at": T0})
        for q, ctx in zip(questions, then, strict=True):
            again = await rt.query(q, budget_tokens=120, as_of=ctx.as_of_seq)
            assert [(s.id, s.score) for s in again.snippets] == [
                (s.id, s.score) for s in ctx.snippets
            ]
            assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical
    finally:
        await rt.close()
