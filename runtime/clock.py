"""Injectable clocks: the runtime never reads wall time except through one of these."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol

from nousmem.runtime.errors import InvalidInput


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
        self._t: datetime | None = _aware(start, "start")
        if not isinstance(step, timedelta):
            raise InvalidInput("must be a timedelta", field="step")
        self._step = step

    def now(self) -> datetime:
        t = self._t
        if t is None:
            raise InvalidInput("FixedClock ran past the last datetime (year 9999)", field="clock")
        try:
            self._t = t + self._step
        except OverflowError:  # this instant is still good; the next one does not exist
            self._t = None
        return t

    def peek(self) -> datetime:
        """The time :meth:`now` returns next, without moving on (``assess``, a dry run, reads
        this, so the write it predicts happens at the time it predicted)."""
        if self._t is None:
            raise InvalidInput("FixedClock ran past the last datetime (year 9999)", field="clock")
        return self._t

    def set(self, t: datetime) -> None:
        """Jump to ``t`` (aware)."""
        self._t = _aware(t, "t")


def _aware(t: object, field: str) -> datetime:
    """``t`` in UTC; InvalidInput (a ValueError, as before) unless it is an aware datetime."""
    if not isinstance(t, datetime) or t.tzinfo is None:
        raise InvalidInput("must be a timezone-aware datetime", field=field)
    return t.astimezone(UTC)


def check_clock(clock: object) -> None:
    """Refuse a ``clock`` argument that is neither None nor an object with a callable
    ``now``, before anything is opened (it would otherwise fail at the first write)."""
    if clock is not None and not callable(getattr(clock, "now", None)):
        raise InvalidInput(
            f"must be None or an object with a now() method, got {type(clock).__name__}",
            field="clock",
        )
