"""Shared measuring and reporting helpers for the benchmarks.

Percentiles, rates and ratios, peak RSS, bytes on disk, a timer, a tiny progress line on
stderr, table printing and JSON output. The workload lives in ``benchmarks.workload`` and
the plain-SQLite floor in ``benchmarks.floor``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import resource
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# ------------------------------------------------------------------------------ measuring


def percentile(values: Sequence[float], p: float) -> float:
    """Linear-interpolated percentile (``p`` in 0..100); NaN for no values."""
    if not values:
        return math.nan
    xs = sorted(values)
    if len(xs) == 1:
        return float(xs[0])
    k = (len(xs) - 1) * p / 100.0
    lo = math.floor(k)
    hi = min(lo + 1, len(xs) - 1)
    return float(xs[lo] + (xs[hi] - xs[lo]) * (k - lo))


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else math.inf


def ratio(a: float, b: float) -> float:
    if not (math.isfinite(a) and math.isfinite(b)) or b == 0:
        return math.nan
    return a / b


def two_sides(a: str, a_ms: Sequence[float], b: str, b_ms: Sequence[float]) -> dict[str, float]:
    """An A/B of latencies: each side's ``{side}_mean_ms``, ``_p50_ms`` and ``_p95_ms``, and
    ``{stat}_ratio`` = side ``a`` / side ``b`` for each."""
    out: dict[str, float] = {}
    for name, ms in ((a, a_ms), (b, b_ms)):
        out[f"{name}_mean_ms"] = sum(ms) / len(ms) if ms else math.nan
        out[f"{name}_p50_ms"] = percentile(ms, 50)
        out[f"{name}_p95_ms"] = percentile(ms, 95)
    for stat in ("mean", "p50", "p95"):
        out[f"{stat}_ratio"] = ratio(out[f"{a}_{stat}_ms"], out[f"{b}_{stat}_ms"])
    return out


def peak_rss_bytes() -> int:
    """Peak resident set size of this process so far (a high-water mark)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


def file_bytes(path: str) -> int:
    """Size of an SQLite database with its WAL (absent files count 0)."""
    total = 0
    for suffix in ("", "-wal"):
        try:
            total += os.path.getsize(path + suffix)
        except OSError:
            pass
    return total


def checkpoint(path: str) -> None:
    """Fold the WAL into the database file (from a second connection; the writer must idle).

    Lets ``file_bytes`` measure a journal that is still open.
    """
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


CPU_PROBE = "sum(range(10**7))"


def cpu_probe(repeat: int = 3) -> float:
    """Seconds for :data:`CPU_PROBE`, best of ``repeat``: a pure-Python yardstick printed
    beside the absolute figures (query p95, observations/s), which no same-run floor
    normalises. The shared machines run up to ~2x slower at some hours; a run that took
    0.36 s here is not comparable with one that took 0.18 s."""
    best = math.inf
    for _ in range(repeat):
        t = time.perf_counter()
        sum(range(10**7))
        best = min(best, time.perf_counter() - t)
    return best


def probe_line(probe: dict[str, float] | None) -> str:
    """The line that reports ``{"start": s, "end": s}`` from :func:`cpu_probe`."""
    if not probe:
        return ""
    return (
        f"machine: {CPU_PROBE} took {probe['start']:.2f} s before the run and"
        f" {probe['end']:.2f} s after it (best of 3; lower is faster)"
    )


def probed(measure: Any) -> Any:
    """Run ``measure()`` (returning a figures dict) between two :func:`cpu_probe` calls and
    add them to its result as ``cpu_probe_s``."""
    start = cpu_probe()
    res = measure()
    res["cpu_probe_s"] = {"start": start, "end": cpu_probe()}
    return res


def run_in_tempdir(
    ap: argparse.ArgumentParser,
    measure: Callable[[argparse.Namespace, str], Coroutine[Any, Any, dict[str, Any]]],
    render: Callable[[dict[str, Any]], str],
    argv: list[str] | None,
) -> int:
    """The end of a one-table benchmark's ``main``: add ``--json`` and ``--dir`` to ``ap``,
    parse ``argv``, run ``measure(args, tmpdir)`` between two machine probes (see
    :func:`probed`), print ``render(figures)`` with the probe's line, and write the figures
    to ``--json`` if given."""
    ap.add_argument("--json", default=None, help="also write the figures here")
    ap.add_argument("--dir", default=None, help="directory for the database file")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        res = probed(lambda: asyncio.run(measure(args, tmp)))
    print(render(res))
    line = probe_line(res.get("cpu_probe_s"))
    if line:
        print(line)
    if args.json:
        write_json(args.json, res)
    return 0


class Timer:
    """``with Timer() as t: ...`` then ``t.seconds``; each further ``with t:`` adds to it,
    and ``t.laps`` keeps each one's own time, in order."""

    def __init__(self) -> None:
        self.laps: list[float] = []
        self._t = 0.0

    @property
    def seconds(self) -> float:
        return sum(self.laps)

    def __enter__(self) -> Timer:
        self._t = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.laps.append(time.perf_counter() - self._t)


@dataclass
class Progress:
    """A single self-overwriting progress line on stderr (throttled; off when disabled)."""

    label: str
    total: int
    enabled: bool = True
    every_s: float = 0.5
    done: int = 0
    _last: float = field(default=0.0, repr=False)
    _start: float = field(default_factory=time.perf_counter, repr=False)

    def step(self, k: int = 1) -> None:
        self.done += k
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last >= self.every_s or self.done >= self.total:
            self._last = now
            el = now - self._start
            pct = 100.0 * self.done / self.total if self.total else 100.0
            sys.stderr.write(f"\r  {self.label}: {self.done}/{self.total} ({pct:5.1f}%) {el:6.1f}s")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write(
                f"\r  {self.label}: {self.done}/{self.total} done in"
                f" {time.perf_counter() - self._start:.1f}s\n"
            )
            sys.stderr.flush()


def note(msg: str, enabled: bool = True) -> None:
    """A progress message on stderr."""
    if enabled:
        sys.stderr.write(msg + "\n")
        sys.stderr.flush()


# -------------------------------------------------------------------------------- tables


def fmt(x: Any, digits: int = 3) -> str:
    """Human formatting: thousands separators for big numbers, n/a for None/NaN."""
    if x is None:
        return "n/a"
    if isinstance(x, bool):
        return "yes" if x else "NO"
    if isinstance(x, int):
        return f"{x:,}"
    if isinstance(x, float):
        if math.isnan(x):
            return "n/a"
        if math.isinf(x):
            return "inf"
        if abs(x) >= 1000:
            return f"{x:,.0f}"
        if abs(x) >= 100:
            return f"{x:.1f}"
        return f"{x:.{digits}f}"
    return str(x)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    cells = [[fmt(c) for c in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in cells:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))

    def line(vals: Sequence[str]) -> str:
        return "  ".join(
            v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(vals)
        ).rstrip()

    out = []
    if title:
        out.append(title)
    out.append(line(list(headers)))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(r) for r in cells)
    return "\n".join(out)


def finite_or_none(x: float) -> float | None:
    """JSON has no NaN/inf: such values become null."""
    return x if isinstance(x, int | float) and math.isfinite(x) else None


def jsonable(obj: Any) -> Any:
    """Deep copy with non-finite floats as None and datetimes as ISO strings."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [jsonable(v) for v in obj]
    if isinstance(obj, float):
        return finite_or_none(obj)
    if isinstance(obj, datetime):
        return obj.isoformat()
    return obj


def write_json(path: str, obj: Any) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(jsonable(obj), fh, indent=2, sort_keys=False)
        fh.write("\n")
