"""What a back-filled history costs: the same statements recorded newest first.

Run ``python benchmarks/backfill.py [--sizes 50,200,800] [--reads 20] [--json PATH]``.

For each size N, one person states where they live N times, a day apart, cycling through
five cities ("I live in Lyon.", governed writes, one at a time). The forward run records
them in date order. Two runs record statements dated before the belief's latest evidence,
which refold the belief in event-time order (``projections/backdated.py``): the import run
records the newest statement first and then the rest in date order (an imported history
after a newer fact: each refolds from the belief's last mark, ~5 folds), the backward run
records all of them newest first (each refolds everything after its date: O(N)). The
figures are each run's cost per write, and the backward run's per read of that belief
("Where does Mia live?", ``budget_tokens=1000``, ``--reads`` of them), as ratios to the
forward run's in the same process and run. All runs end in the same belief (checked).
In-memory runtimes: only the projections are measured.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import Timer, note, percentile, ratio, table, write_json
from nousmem.runtime import MemoryRuntime

T0 = datetime(2020, 1, 1, 9, 0, tzinfo=UTC)
CITIES = ("Lyon", "Paris", "Rome", "Berlin", "Madrid")


async def _one(n: int, reads: int, order: str) -> dict[str, Any]:
    items = [(f"I live in {CITIES[i % len(CITIES)]}.", T0 + timedelta(days=i)) for i in range(n)]
    if order == "backward":
        items.reverse()
    elif order == "after_newest":  # the newest fact first, then the rest in date order
        items = [items[-1], *items[:-1]]
    rt = await MemoryRuntime.memory(namespace="bench/backfill")
    try:
        with Timer() as t_write:
            for text, when in items:
                await rt.observe_and_route({"content": text, "actor": "Mia", "occurred_at": when})
        await rt.query("Where does Mia live?")  # the first read after the writes: not timed
        ms = []
        for _ in range(reads):
            with Timer() as t:
                await rt.query("Where does Mia live?", budget_tokens=1000)
            ms.append(t.seconds * 1000)
        belief = await rt.belief("Mia", "location")
    finally:
        await rt.close()
    return {
        "write_ms": t_write.seconds * 1000 / n,
        "read_p50_ms": percentile(ms, 50),
        "belief": None if belief is None else [list(x) for x in belief.distribution],
    }


async def run(sizes: list[int], reads: int, *, progress: bool = False) -> dict[str, Any]:
    """Both runs at every size; returns the figures (``rows``, one per size)."""
    if not sizes or any(n < 2 for n in sizes) or reads < 1:
        raise ValueError("sizes must be at least 2 statements and reads at least 1")
    rows = []
    for n in sizes:
        note(f"backfill: {n} statements, forward then backward", progress)
        fwd = await _one(n, reads, "forward")
        bwd = await _one(n, reads, "backward")
        imp = await _one(n, reads, "after_newest")
        rows.append(
            {
                "statements": n,
                "forward_write_ms": fwd["write_ms"],
                "backward_write_ms": bwd["write_ms"],
                "write_ratio": ratio(bwd["write_ms"], fwd["write_ms"]),
                "import_write_ms": imp["write_ms"],
                "import_write_ratio": ratio(imp["write_ms"], fwd["write_ms"]),
                "forward_read_p50_ms": fwd["read_p50_ms"],
                "backward_read_p50_ms": bwd["read_p50_ms"],
                "read_ratio": ratio(bwd["read_p50_ms"], fwd["read_p50_ms"]),
                "same_belief": fwd["belief"] == bwd["belief"] == imp["belief"],
            }
        )
    return {"reads": reads, "rows": rows}


def render(res: dict[str, Any]) -> str:
    head = f"backfill: one belief, statements a day apart, {res['reads']} reads each, in-memory"
    rows = [
        [
            r["statements"],
            r["forward_write_ms"],
            r["backward_write_ms"],
            r["write_ratio"],
            r["import_write_ms"],
            r["import_write_ratio"],
            r["forward_read_p50_ms"],
            r["backward_read_p50_ms"],
            r["read_ratio"],
            "yes" if r["same_belief"] else "NO",
        ]
        for r in res["rows"]
    ]
    cols = [
        "statements",
        "write ms fwd",
        "write ms bwd",
        "ratio",
        "write ms import",
        "ratio",
        "read p50 fwd",
        "read p50 bwd",
        "ratio",
        "same belief",
    ]
    return head + "\n" + table(cols, rows)


def _sizes(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("sizes: comma-separated integers") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=_sizes, default=[50, 200, 800])
    ap.add_argument("--reads", type=int, default=20)
    ap.add_argument("--json", default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    res = asyncio.run(run(args.sizes, args.reads, progress=True))
    print(render(res))
    if args.json:
        write_json(args.json, res)
    return 0 if all(r["same_belief"] for r in res["rows"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
