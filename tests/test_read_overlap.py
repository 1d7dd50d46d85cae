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


async def test_the_worldview_is_worked_out_while_the_search_is_in_flight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with MemoryRuntime.open(tmp_path / "m.db", namespace="u") as rt:
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

        async def waiting(*args: Any, **kwargs: Any) -> Any:
            hits = await search(*args, **kwargs)
            await resolved.wait()
            return hits

        monkeypatch.setattr(Worldview, "snapshot", noting)
        monkeypatch.setattr(rt.journal, "search", waiting)
        ctx = await asyncio.wait_for(rt.query("Where does Sam work?", budget_tokens=300), 10)
        assert resolved.is_set()
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


async def test_a_read_that_fails_while_searching_cancels_its_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _remember(rt)
        started = asyncio.Event()
        cancelled = asyncio.Event()

        async def hanging(*args: Any, **kwargs: Any) -> Any:
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
