"""Shared fixtures: deterministic clocks and runtimes over both backends."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(T0, timedelta(seconds=1))


@pytest.fixture(params=["sqlite", "memory"])
async def rt(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> AsyncIterator[MemoryRuntime]:
    if request.param == "sqlite":
        runtime = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice", clock=clock)
    else:
        runtime = await MemoryRuntime.memory(namespace="user/alice", clock=clock)
    try:
        yield runtime
    finally:
        await runtime.close()


class _Capture(logging.Handler):
    _PAIR = re.compile(r"(\w+)=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S+)")

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.events: list[dict[str, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        pairs = {k: v.strip("'\"") for k, v in self._PAIR.findall(record.getMessage())}
        self.events.append(pairs)


@pytest.fixture
async def memory_rt() -> AsyncIterator[MemoryRuntime]:
    """An in-memory runtime in the default namespace on the system clock, for tests whose
    observations carry their own times."""
    runtime = await MemoryRuntime.memory()
    try:
        yield runtime
    finally:
        await runtime.close()


@pytest.fixture
def log_events() -> Iterator[list[dict[str, str]]]:
    """Structured log events nousmem emitted (through stdlib logging) during the test."""
    handler = _Capture()
    logger = logging.getLogger("nousmem")
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield handler.events
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
