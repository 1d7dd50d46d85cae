"""What ``sleep``'s compiled items cost a read.

Run ``python benchmarks/sleep_reads.py [--entities 1000] [--reads 40] [--json PATH]``.

A namespace of ``--entities`` people, each stating an employer three times in their own
words ("I work at Acme.", governed writes, one at a time) among other chat, is asked "Where
does PersonN work?" ``--reads`` times (a different person each time, ``budget_tokens=1000``)
before and after one ``sleep()``, which compiles a frame per person and a schema per
employer. The figure is the read's p50 and p95 after sleep as a ratio to the same reads
before it, in the same process and run: the cost the compiled items add to a read. An
in-memory runtime, so that only the read path is measured.
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

from benchmarks.common import Timer, fmt, note, percentile, ratio, table, write_json
from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
EMPLOYERS = ("Acme", "Initech", "Globex", "Umbrella", "Hooli", "Stark", "Wayne")


async def _reads(rt: MemoryRuntime, entities: int, reads: int) -> list[float]:
    ms = []
    for i in range(reads):
        who = f"Person{(i * 7919) % entities}"  # spread over the namespace, deterministic
        with Timer() as t:
            await rt.query(f"Where does {who} work?", budget_tokens=1000)
        ms.append(t.seconds * 1000)
    return ms


async def run(entities: int, reads: int, *, progress: bool = False) -> dict[str, Any]:
    """Build the namespace, read before and after one ``sleep()``, return the figures."""
    if entities < 2 or reads < 1:
        raise ValueError("entities must be at least 2 and reads at least 1")
    rt = await MemoryRuntime.memory(namespace="bench/sleep", config={"sleep": {"budget": 10**6}})
    try:
        note(f"writing: {entities} people x 3 statements", progress)
        n = 0
        for e in range(entities):
            for _ in range(3):
                await rt.observe_and_route(
                    {
                        "content": f"I work at {EMPLOYERS[e % len(EMPLOYERS)]}.",
                        "actor": f"Person{e}",
                        "occurred_at": T0 + timedelta(minutes=n),
                    }
                )
                n += 1
            await rt.observe(
                {
                    "content": f"Lunch chat number {e} was about the weather.",
                    "actor": f"Person{e}",
                    "occurred_at": T0 + timedelta(minutes=n),
                }
            )
            n += 1
        await _reads(rt, entities, min(reads, 5))  # warm-up, not measured
        before = await _reads(rt, entities, reads)
        note("sleep", progress)
        with Timer() as t_sleep:
            report = await rt.sleep()
        after = await _reads(rt, entities, reads)
    finally:
        await rt.close()
    return {
        "entities": entities,
        "events_before_sleep": n,
        "compiled": len(report.compiled),
        "sleep_s": t_sleep.seconds,
        "reads": reads,
        "before_p50_ms": percentile(before, 50),
        "before_p95_ms": percentile(before, 95),
        "after_p50_ms": percentile(after, 50),
        "after_p95_ms": percentile(after, 95),
        "p50_ratio": ratio(percentile(after, 50), percentile(before, 50)),
        "p95_ratio": ratio(percentile(after, 95), percentile(before, 95)),
    }


def render(res: dict[str, Any]) -> str:
    head = (
        f"sleep reads: {res['entities']:,} entities, {res['events_before_sleep']:,} events,"
        f" {res['compiled']:,} compiled items (sleep took {fmt(res['sleep_s'])} s),"
        f" {res['reads']} reads each, in-memory"
    )
    rows = [
        [f"query {p} (ms)", res[f"before_{p}_ms"], res[f"after_{p}_ms"], res[f"{p}_ratio"]]
        for p in ("p50", "p95")
    ]
    return head + "\n" + table(["measure", "before sleep", "after sleep", "ratio"], rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entities", type=int, default=1000)
    ap.add_argument("--reads", type=int, default=40)
    ap.add_argument("--json", default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    res = asyncio.run(run(args.entities, args.reads, progress=True))
    print(render(res))
    if args.json:
        write_json(args.json, res)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
