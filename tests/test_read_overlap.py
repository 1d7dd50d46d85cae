"""A read's lexical search runs on the journal's thread while the event loop works out the
worldview and the fact lines, which no hit changes (the FTS5 ranking releases the GIL, so a
second core does it). The context is the one a read that waited for its search first gets."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from nousmem.projections.worldview import Worldview
from nousmem.runtime import MemoryRuntime


async def _remember(rt: Any) -> None:
    for i, text in enumerate(
        ["I work at Acme.", "I adopted a cat named Miso.", "I quit Acme, I joined Globex."]
    ):
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": datetime(2025, 1, 1 + i, tzinfo=UTC)}
        )


@pytest.mark.parametrize(
    ("relaxed_min_hits", "overlapped"),
    [
        # Only the strict search (no relaxed query): it overlaps the worldview.
        (0, 0),
        # Three turns are fewer than relaxed_min_hits: the strict search (short) is awaited,
        # and the relaxed one overlaps the worldview (see QueryEngine._start_searches).
        (10, 1),
    ],
)
async def test_the_worldview_is_worked_out_while_the_search_is_in_flight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, relaxed_min_hits: int, overlapped: int
) -> None:
    config = {"retrieval": {"relaxed_min_hits": relaxed_min_hits}}
    async with MemoryRuntime.open(tmp_path / "m.db", namespace="u", config=config) as rt:
        await _remember(rt)
        expected = await rt.query("Where does Sam work?", budget_tokens=300)

        # The search may finish only once the worldview was resolved: a read that awaited
        # its search before resolving would never get there.
        resolved = asyncio.Event()
        snapshot = Worldview.snapshot

        def noting(self: Worldview, *args: Any, **kwargs: Any) -> Any:
            resolved.set()
            return snapshot(self, *args, **kwargs)

        search = rt.journal.search
        calls: list[str] = []

        async def waiting(*args: Any, **kwargs: Any) -> Any:
            calls.append(args[1])
            nth = len(calls) - 1
            hits = await search(*args, **kwargs)
            if nth == overlapped:
                await resolved.wait()
            return hits

        monkeypatch.setattr(Worldview, "snapshot", noting)
        monkeypatch.setattr(rt.journal, "search", waiting)
        ctx = await asyncio.wait_for(rt.query("Where does Sam work?", budget_tokens=300), 10)
        assert resolved.is_set()
        assert len(calls) == overlapped + 1
        assert ctx.to_prompt() == expected.to_prompt()
        assert [s.id for s in ctx.snippets] == [s.id for s in expected.snippets]
        assert "Globex" in ctx.to_prompt()


async def test_a_failing_search_fails_the_read_and_leaves_no_task_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _remember(rt)
        before = await rt.head()

        async def broken(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("disk gone")

        monkeypatch.setattr(rt.journal, "search", broken)
        with pytest.raises(RuntimeError, match="disk gone"):
            await rt.query("Where does Sam work?", budget_tokens=300)
        assert (await rt.head()).seq == before.seq  # no trace of a read that failed
        current = asyncio.current_task()
        assert [t for t in asyncio.all_tasks() if t is not current] == []


@pytest.mark.parametrize(("relaxed_min_hits", "overlapped"), [(0, 0), (10, 1)])
async def test_a_read_that_fails_while_searching_cancels_its_search(
    monkeypatch: pytest.MonkeyPatch, relaxed_min_hits: int, overlapped: int
) -> None:
    """The search in flight while the worldview fails (the strict one, or the relaxed one
    of a read whose words are rare) is cancelled."""
    config = {"retrieval": {"relaxed_min_hits": relaxed_min_hits}}
    async with MemoryRuntime.memory(namespace="u", config=config) as rt:
        await _remember(rt)
        started = asyncio.Event()
        cancelled = asyncio.Event()
        search = rt.journal.search
        calls: list[str] = []

        async def hanging(*args: Any, **kwargs: Any) -> Any:
            calls.append(args[1])
            if len(calls) - 1 < overlapped:
                return await search(*args, **kwargs)
            started.set()
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                cancelled.set()
                raise

        def failing(self: Worldview, *args: Any, **kwargs: Any) -> Any:
            raise ValueError("worldview broke")

        monkeypatch.setattr(rt.journal, "search", hanging)
        monkeypatch.setattr(Worldview, "snapshot", failing)
        with pytest.raises(ValueError, match="worldview broke"):
            await asyncio.wait_for(rt.query("Where does Sam work?", budget_tokens=300), 10)
        assert started.is_set()
        await asyncio.wait_for(cancelled.wait(), 5)
