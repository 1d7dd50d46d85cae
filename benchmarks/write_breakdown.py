"""Where the time of a governed write goes.

Run ``python benchmarks/write_breakdown.py [--n 3000] [--warmup 1000] [--durability normal]``.

On one journal file, after ``--warmup`` governed writes, each row times ``--n`` operations on
the benchmark workload's utterances (``benchmarks/workload.py``), one at a time:

- ``observe_and_route``: the whole governed write;
- ``assess``: its planning on the event loop (parse, extract, risk scan, impact meter, router,
  validators; the dry run writes nothing), so commit + fold is the difference of the two;
- the rule extractor (``RuleExtractor().extract_sync``) and the risk scan (``detect_risks``)
  alone, on the same texts;
- the thread hop: a no-op job through aiosqlite's worker thread and back, what every commit
  pays once (this reaches into the journal's private connection, as no API exposes it);
- ``observe_and_route`` again with the garbage collector off, for its share of a write;
- a plain ``observe``;
- at durability "normal" or "off", ``observe_and_route`` with each commit on the event
  loop's thread against the worker thread (the journal's private switch flipped between
  alternating blocks of ``--n / 8`` writes, so a slow spell of the machine falls on both).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import Timer, fmt, note, table, write_json
from benchmarks.workload import observations
from nousmem.policies import RuleExtractor, detect_risks
from nousmem.projections import Observation
from nousmem.runtime import MemoryRuntime

SEED = 13


async def _per_op(items: list[Any], op: Callable[[Any], Awaitable[Any]]) -> float:
    """Mean microseconds per ``op`` over ``items``, one after the other."""
    with Timer() as t:
        for item in items:
            await op(item)
    return t.seconds / len(items) * 1e6


async def run(n: int, warmup: int, durability: str, workdir: str) -> dict[str, float]:
    path = os.path.join(workdir, "breakdown.db")
    total = warmup + 6 * n
    obs = observations(SEED, total)
    batches = [obs[warmup + i * n : warmup + (i + 1) * n] for i in range(5)]
    out: dict[str, float] = {}
    async with MemoryRuntime.open(
        path, namespace="bench/breakdown", config={"journal": {"durability": durability}}
    ) as rt:
        note(f"warm-up: {warmup} governed writes ...")
        for o in obs[:warmup]:
            await rt.observe_and_route(o)
        out["observe_and_route_us"] = await _per_op(batches[0], rt.observe_and_route)
        out["assess_us"] = await _per_op(batches[1], rt.assess)
        out["commit_and_fold_us"] = out["observe_and_route_us"] - out["assess_us"]
        extractor = RuleExtractor()
        parsed = [Observation.model_validate(o) for o in batches[1]]

        async def extract(o: Observation) -> None:
            extractor.extract_sync(o)

        async def scan(o: Observation) -> None:
            detect_risks(o.content)

        out["rule_extraction_us"] = await _per_op(parsed, extract)
        out["risk_scan_us"] = await _per_op(parsed, scan)
        db: Any = rt.journal._db  # type: ignore[attr-defined]  # no public handle exists

        async def hop(_: object) -> None:
            await db._execute(lambda: None)

        out["thread_hop_us"] = await _per_op(list(range(n)), hop)
        gc.collect()
        gc.disable()
        try:
            out["observe_and_route_gc_off_us"] = await _per_op(batches[2], rt.observe_and_route)
        finally:
            gc.enable()
        out["observe_and_route_gc_on_us"] = await _per_op(batches[3], rt.observe_and_route)
        on, off = out["observe_and_route_gc_on_us"], out["observe_and_route_gc_off_us"]
        out["gc_share"] = (on - off) / on
        out["observe_us"] = await _per_op(batches[4], rt.observe)
        journal: Any = rt.journal
        if durability != "full" and hasattr(journal, "_inline"):
            rest, size = obs[warmup + 5 * n :], max(1, n // 8)
            sides: dict[bool, list[float]] = {True: [], False: []}
            for i in range(8):
                journal._inline = i % 2 == 0  # private: no API switches the path
                block = rest[i * size : (i + 1) * size]
                sides[journal._inline].append(await _per_op(block, rt.observe_and_route))
            journal._inline = True
            out["route_loop_thread_us"] = sum(sides[True]) / len(sides[True])
            out["route_worker_us"] = sum(sides[False]) / len(sides[False])
    return out


def render(r: dict[str, float], durability: str) -> str:
    rows = [
        ["observe_and_route (whole governed write)", fmt(r["observe_and_route_us"], 0)],
        ["  assess: planning on the event loop", fmt(r["assess_us"], 0)],
        ["    rule extraction", fmt(r["rule_extraction_us"], 1)],
        ["    risk scan (detect_risks)", fmt(r["risk_scan_us"], 1)],
        ["  commit and fold (the difference)", fmt(r["commit_and_fold_us"], 0)],
        ["thread hop (no-op job on the worker)", fmt(r["thread_hop_us"], 1)],
        ["observe_and_route, gc on", fmt(r["observe_and_route_gc_on_us"], 0)],
        ["observe_and_route, gc off", fmt(r["observe_and_route_gc_off_us"], 0)],
        ["  garbage collector's share", f"{r['gc_share']:.1%}"],
        ["observe (plain)", fmt(r["observe_us"], 0)],
    ]
    if "route_worker_us" in r:
        rows += [
            ["observe_and_route, commit on the loop's thread", fmt(r["route_loop_thread_us"], 0)],
            ["observe_and_route, commit on the worker thread", fmt(r["route_worker_us"], 0)],
        ]
    return table(["step", "µs per op"], rows, title=f"a governed write, durability={durability}")


def main(argv: list[str] | None = None) -> dict[str, float]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--n", type=int, default=3000, help="operations per row")
    ap.add_argument("--warmup", type=int, default=1000, help="governed writes before timing")
    ap.add_argument("--durability", default="normal", choices=("full", "normal", "off"))
    ap.add_argument("--dir", default=None, help="where to put the journal (a temp dir)")
    ap.add_argument("--json", default=None, help="write the results as JSON here")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="nousmem-breakdown-", dir=args.dir) as work:
        result = asyncio.run(run(args.n, args.warmup, args.durability, work))
    print(render(result, args.durability))
    if args.json:
        write_json(args.json, result)
    return result


if __name__ == "__main__":
    main()
