"""Injectable clocks: the runtime never reads wall time except through one of these."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Source of ``recorded_at`` (and of ``occurred_at`` when the caller gives none)."""

    def now(self) -> datetime:
        """Return the current time as an aware UTC datetime."""
        ...


class SystemClock:
    """The wall clock, in UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    """A deterministic clock for tests and rebuilds: starts at ``start``, advances by ``step``."""

    def __init__(self, start: datetime, step: timedelta = timedelta(seconds=1)) -> None:
        if start.tzinfo is None:
            raise ValueError("start must be timezone-aware")
        self._t = start.astimezone(UTC)
        self._step = step

    def now(self) -> datetime:
        t = self._t
        self._t = t + self._step
        return t

    def set(self, t: datetime) -> None:
        """Jump to ``t`` (aware)."""
        if t.tzinfo is None:
            raise ValueError("t must be timezone-aware")
        self._t = t.astimezone(UTC)
