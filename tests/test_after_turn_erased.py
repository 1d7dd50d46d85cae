"""``after_turn`` against erasures: an outcome never names, nor reinforces, what an erasure
took, whether the erasure came before it in this process or raced it from another one (the
erasure gate is per process; the outcome's commit is guarded against erasures it did not
fold, and planned again)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime, StaleHead, UnknownEvent
from nousmem.runtime.canonical import canonical_json
from tests.helpers import two_processes

T0 = datetime(2024, 3, 1, tzinfo=UTC)


def _turn(content: str, day: int = 0) -> dict[str, Any]:
    return {"content": content, "actor": "Bob", "occurred_at": T0 + timedelta(days=day)}


async def _glacier(rt: MemoryRuntime) -> tuple[str, str, str]:
    """Two turns a question about the glacier selects: (trace id, red door id, trail id)."""
    door = await rt.observe_and_route(_turn("The hut above the glacier had a red door."))
    trail = await rt.observe_and_route(_turn("The glacier trail was icy in the morning.", 1))
    assert door.observation_id is not None and trail.observation_id is not None
    ctx = await rt.query("What about the glacier?")
    assert ctx.trace_id is not None
    assert {door.observation_id, trail.observation_id} <= {s.id for s in ctx.snippets}
    return ctx.trace_id, door.observation_id, trail.observation_id


def _before_commit(rt: MemoryRuntime, meanwhile: Callable[[], Awaitable[Any]]) -> None:
    """Run ``meanwhile`` each time ``rt`` has looked up the trace an outcome is planned
    from: after its catch-up, before its commit."""
    real = rt.journal.get

    async def get(*args: Any, **kwargs: Any) -> Any:
        out = await real(*args, **kwargs)
        await meanwhile()
        return out

    rt.journal.get = get  # type: ignore[method-assign]


async def test_an_outcome_after_an_erasure_credits_only_the_surviving_memories(
    rt: MemoryRuntime,
) -> None:
    trace, door, trail = await _glacier(rt)
    await rt.erase(event_ids=[door], reason="gdpr")
    out = await rt.after_turn(trace, "success")
    assert out.payload.targets == (trail,)
    await rt.rebuild()
    assert (await rt.after_turn(trace, "failure")).payload.targets == (trail,)


async def test_an_outcome_racing_another_process_erasure_credits_only_the_survivors(
    tmp_path: Path,
) -> None:
    async with two_processes(tmp_path / "m.db") as (a, b):
        trace, door, trail = await _glacier(a)
        erasures: list[Any] = []

        async def erase_once() -> None:
            if not erasures:
                erasures.append(await b.erase(event_ids=[door], reason="gdpr"))

        _before_commit(a, erase_once)
        out = await a.after_turn(trace, "success")
        erasure = await b.get(erasures[0].erasure_event_id)
        assert out.seq > erasure.seq
        assert out.payload.targets == (trail,)
        assert [e.id async for e in b.events(after_seq=erasure.seq)] == [out.id]
        assert (await b.verify()).ok


async def test_an_outcome_racing_another_process_erasure_of_its_trace_is_refused(
    tmp_path: Path,
) -> None:
    async with two_processes(tmp_path / "m.db") as (a, b):
        r = await a.observe_and_route(
            {"content": "I work at Google as a data engineer.", "actor": "Alice", "occurred_at": T0}
        )
        ctx = await a.query("Where does Alice work?")
        assert ctx.trace_id is not None
        erasures: list[Any] = []

        async def erase_once() -> None:
            if not erasures:
                erasures.append(await b.erase(event_ids=[r.observation_id], reason="gdpr"))

        _before_commit(a, erase_once)
        # The trace showed Google as Alice's employer: the erasure took it too.
        with pytest.raises(UnknownEvent, match="erased"):
            await a.after_turn(ctx.trace_id, "success")
        assert ctx.trace_id in erasures[0].erased_event_ids
        erasure = await b.get(erasures[0].erasure_event_id)
        later = [e async for e in b.events(after_seq=erasure.seq)]
        assert later == []
        mentions = [
            e.kind
            async for e in b.events()
            if e.payload is not None
            and "google" in canonical_json(e.payload.model_dump(mode="json")).casefold()
        ]
        assert mentions == []
        assert (await b.verify()).ok


async def test_an_outcome_overlapped_by_erasures_every_time_gives_up(tmp_path: Path) -> None:
    async with two_processes(tmp_path / "m.db") as (a, b):
        trace, _, _ = await _glacier(a)
        others = [(await a.observe(_turn(f"Unrelated note number {i}.", 2))).id for i in range(3)]
        pending = list(others)

        async def erase_another() -> None:
            if pending:
                await b.erase(event_ids=[pending.pop(0)], reason="gdpr")

        _before_commit(a, erase_another)
        head = (await b.head()).seq
        with pytest.raises(StaleHead, match="after_turn"):
            await a.after_turn(trace, "success")
        assert pending == []
        assert [e.kind async for e in b.events(after_seq=head)] == ["erasure"] * 3
