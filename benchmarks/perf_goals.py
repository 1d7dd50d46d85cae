"""The issues' speed goals that ``benchmarks/perf.py`` measures, checked against its figures.

Each goal names the journal sizes it is stated at (1k, 10k, 100k events). A run that did not
measure a size reports the goal as ``n/a`` rather than guessing from another size. Absolute
goals (milliseconds, observations/s) move with the machine; read them beside the run's
``machine:`` line.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["GOALS", "Goal", "check_goals"]


def _route_obs_per_s(size: dict[str, Any]) -> float | None:
    x = size["ingest"].get("route_sequential")
    return None if x is None else float(x["eps"])


def _route_us(size: dict[str, Any]) -> float | None:
    eps = _route_obs_per_s(size)
    return None if not eps else 1e6 / eps


def _query_p95(size: dict[str, Any]) -> float | None:
    q = size.get("query")
    return None if q is None else float(q["p95_ms"])


def _replay_ms(size: dict[str, Any]) -> float | None:
    r = size.get("replay")
    return None if r is None else float(r["ms"])


@dataclass(frozen=True)
class Goal:
    """``measure(by_size[at])``, or its ratio to ``measure(by_size[over])``, against
    ``limit`` (``at_least``: the figure must reach it; else stay at or under it)."""

    issue: str
    what: str
    at: int
    limit: float
    at_least: bool
    measure: Callable[[dict[str, Any]], float | None]
    over: int | None = None

    def figure(self, by_size: dict[str, Any]) -> float | None:
        here = by_size.get(str(self.at))
        value = None if here is None else self.measure(here)
        if value is None or self.over is None:
            return value
        there = by_size.get(str(self.over))
        base = None if there is None else self.measure(there)
        return None if not base else value / base


GOALS: tuple[Goal, ...] = (
    Goal("#4", "observe_and_route one at a time, obs/s", 1_000, 1_500.0, True, _route_obs_per_s),
    Goal("#4", "observe_and_route one at a time, obs/s", 100_000, 1_500.0, True, _route_obs_per_s),
    Goal("#4", "observe_and_route cost per obs, 100k / 1k", 100_000, 1.5, False, _route_us, 1_000),
    Goal("#5", "query p95, ms", 100_000, 20.0, False, _query_p95),
    Goal("#5", "query p95, 100k / 10k", 100_000, 3.0, False, _query_p95, 10_000),
    Goal("#5", "replay_trace of one read, ms", 100_000, 2_000.0, False, _replay_ms),
)
"""From issue #4 (the governed write path) and issue #5 (the read path)."""


def check_goals(by_size: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per goal: its figure in this run (None when a size it needs was not run or
    the feature is missing) and whether it is met (None then)."""
    rows: list[dict[str, Any]] = []
    for g in GOALS:
        fig = g.figure(by_size)
        met = None
        if fig is not None and math.isfinite(fig):
            met = fig >= g.limit if g.at_least else fig <= g.limit
        rows.append(
            {
                "issue": g.issue,
                "what": g.what,
                "at": g.at,
                "figure": fig,
                "goal": f"{'>=' if g.at_least else '<='} {g.limit:,g}",
                "met": met,
            }
        )
    return rows
