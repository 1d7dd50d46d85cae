"""Opening a journal, and how much each read adds to it.

Run ``python benchmarks/reopen.py [--plain 100000] [--turns 5000] [--read-every 5] [--json PATH]``
or ``python benchmarks/reopen.py --journal FILE --namespace NS`` for a journal you already have
(for example one kept by ``benchmarks/locomo.py --db-dir DIR``).

Opening folds every event of the namespace into the in-memory projections at the first call
(there are no projection snapshots), so start-up time grows with the journal. Measured:

1. ``plain``: ``--plain`` observations written by ``rt.observe`` from 32 producers;
2. ``governed``: ``--turns`` governed writes (``rt.observe_and_route``, one at a time) with a
   read (``rt.query(q, budget_tokens=1000)``) every ``--read-every`` turns, as an agent that
   reads before it records.

For each journal, in a fresh process after the writer closed it (as a restarted agent
would; imports are not counted): the time of ``MemoryRuntime.open`` plus a first ``query``,
as events/s
beside a floor that reads and ``json.loads`` every payload of the namespace with plain
``sqlite3``; and the size of the journaled traces (the canonical JSON of ``retrieval``
payloads: mean and p50/p95 bytes) beside the mean size of every other event.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import Timer, fmt, note, percentile, rate, ratio, table, write_json
from benchmarks.workload import observations, producer_observations, questions
from nousmem.runtime import MemoryRuntime

SEED = 11
PRODUCERS = 32
NAMESPACE = "bench/open"


async def build_plain(path: str, n: int) -> None:
    async with MemoryRuntime.open(
        path, namespace=NAMESPACE, config={"journal": {"durability": "off"}}
    ) as rt:

        async def producer(p: int) -> None:
            for obs in producer_observations(SEED, p, PRODUCERS, n):
                await rt.observe(obs)

        await asyncio.gather(*(producer(p) for p in range(PRODUCERS)))


async def build_governed(path: str, turns: int, read_every: int) -> None:
    asks = questions(SEED, turns // read_every + 1)
    async with MemoryRuntime.open(
        path, namespace=NAMESPACE, config={"journal": {"durability": "off"}}
    ) as rt:
        for i, obs in enumerate(observations(SEED, turns)):
            if read_every and i % read_every == 0:
                await rt.query(asks[i // read_every], budget_tokens=1000)
            await rt.observe_and_route(obs)


def _floor_seconds(path: str, namespace: str) -> tuple[int, float]:
    """Plain sqlite3: read every payload of the namespace and parse it."""
    with Timer() as t:
        con = sqlite3.connect(path)
        try:
            rows = con.execute(
                "SELECT payload FROM events WHERE namespace = ? ORDER BY seq", (namespace,)
            ).fetchall()
        finally:
            con.close()
        for (payload,) in rows:
            if payload is not None:
                json.loads(payload)
    return len(rows), t.seconds


def _sizes(path: str, namespace: str) -> dict[str, Any]:
    con = sqlite3.connect(path)
    try:
        rows = con.execute(
            "SELECT kind, length(CAST(payload AS BLOB)) FROM events"
            " WHERE namespace = ? AND payload IS NOT NULL",
            (namespace,),
        ).fetchall()
    finally:
        con.close()
    traces = [float(n) for kind, n in rows if kind == "retrieval"]
    other = [float(n) for kind, n in rows if kind != "retrieval"]
    return {
        "traces": len(traces),
        "trace_bytes_mean": sum(traces) / len(traces) if traces else None,
        "trace_bytes_p50": percentile(traces, 50) if traces else None,
        "trace_bytes_p95": percentile(traces, 95) if traces else None,
        "other_events": len(other),
        "other_bytes_mean": sum(other) / len(other) if other else None,
    }


async def measure(path: str, namespace: str, question: str) -> dict[str, Any]:
    with Timer() as t:
        rt = await MemoryRuntime.open(path, namespace=namespace)
        try:
            await rt.query(question, budget_tokens=1000)
            events = (await rt.head()).seq
        finally:
            await rt.close()
    floor_events, floor_s = _floor_seconds(path, namespace)
    return {
        "events": events,
        "open_and_first_query_s": t.seconds,
        "events_per_s": rate(events, t.seconds),
        "floor_s": floor_s,
        "floor_events": floor_events,
        "ratio_to_floor": ratio(floor_s, t.seconds),
        **_sizes(path, namespace),
    }


def measure_in_fresh_process(path: str, namespace: str) -> dict[str, Any]:
    # The building process's heap (and its garbage collector's work) would slow the fold.
    out = path + ".json"
    cmd = [sys.executable, os.path.abspath(__file__), "--journal", path, "--namespace", namespace]
    subprocess.run([*cmd, "--json", out, "--quiet"], check=True)
    with open(out, encoding="utf-8") as f:
        result: dict[str, Any] = json.load(f)[os.path.basename(path)]
    return result


def render(results: dict[str, dict[str, Any]]) -> str:
    rows = [
        [
            name,
            r["events"],
            fmt(r["open_and_first_query_s"]),
            fmt(r["events_per_s"], 0),
            fmt(r["ratio_to_floor"]),
            r["traces"],
            fmt(r["trace_bytes_mean"], 0),
            fmt(r["trace_bytes_p95"], 0),
            fmt(r["other_bytes_mean"], 0),
        ]
        for name, r in results.items()
    ]
    headers = [
        "journal", "events", "open + 1st query (s)", "events/s", "floor ratio",
        "traces", "trace B mean", "trace B p95", "other event B mean",
    ]  # fmt: skip
    return table(headers, rows, title="opening a journal (a fresh process each)")


async def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--plain", type=int, default=100_000, help="plain observations (0: skip)")
    ap.add_argument("--turns", type=int, default=5_000, help="governed writes (0: skip)")
    ap.add_argument("--read-every", type=int, default=5, help="a query every N turns (0: none)")
    ap.add_argument("--journal", help="measure this existing journal file instead")
    ap.add_argument("--namespace", help="the namespace of --journal")
    ap.add_argument("--dir", default=None, help="where to build the journals (a temp dir)")
    ap.add_argument("--json", default=None, help="write the results as JSON here")
    ap.add_argument("--quiet", action="store_true", help="print no table")
    args = ap.parse_args(argv)
    question = questions(SEED, 1)[0]
    results: dict[str, dict[str, Any]] = {}
    if args.journal:
        if not args.namespace:
            ap.error("--journal needs --namespace")
        results[os.path.basename(args.journal)] = await measure(
            args.journal, args.namespace, question
        )
    else:
        with tempfile.TemporaryDirectory(prefix="nousmem-open-", dir=args.dir) as work:
            if args.plain:
                path = os.path.join(work, "plain.db")
                note(f"building {args.plain} plain observations ...")
                await build_plain(path, args.plain)
                results["plain"] = measure_in_fresh_process(path, NAMESPACE)
            if args.turns:
                path = os.path.join(work, "governed.db")
                note(f"building {args.turns} governed turns, a read every {args.read_every} ...")
                await build_governed(path, args.turns, args.read_every)
                results["governed"] = measure_in_fresh_process(path, NAMESPACE)
    if not args.quiet:
        print(render(results))
    if args.json:
        write_json(args.json, results)
    return results


if __name__ == "__main__":
    asyncio.run(main())
