"""Shared fixtures: deterministic clocks and runtimes over both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(T0, timedelta(seconds=1))


@pytest.fixture(params=["sqlite", "memory"])
async def rt(request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock) -> AsyncIterator[MemoryRuntime]:
    if request.param == "sqlite":
        runtime = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice", clock=clock)
    else:
        runtime = await MemoryRuntime.memory(namespace="user/alice", clock=clock)
    try:
        yield runtime
    finally:
        await runtime.close()
