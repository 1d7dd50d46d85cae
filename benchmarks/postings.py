"""What ``JournalConfig.postings_in_memory`` saves a read, and what its first reads cost.

Run ``python benchmarks/postings.py [--n 100000] [--queries 200] [--rounds 4] [--cold 50]
[--json PATH] [--dir DIR]``.

The journal is built as ``perf.py`` builds it: ``--n`` generated utterances through
``observe`` from 32 producers. Then, in one process on that journal:

- **cold**: the first ``--cold`` generated questions, each once, with the postings on,
  timed, as a fresh process would ask them: they read each word's postings (after the next
  commit, on the journal's thread) and every row's length;
- **warm**: ``--queries`` questions asked ``--rounds`` times over, alternating rounds with
  the postings on and rounds with FTS5's ranked statement, so the machine's load falls on
  both alike. Each read's context is compared across the two sides: they must be equal.

The figures are each side's mean, p50 and p95, their ratios, and the cold reads' p50, p95
and slowest.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import (
    fmt,
    note,
    percentile,
    run_in_tempdir,
    table,
    two_sides,
)
from benchmarks.perf import PRODUCERS, SEED, _produce, _streams
from benchmarks.workload import questions
from nousmem.runtime import MemoryRuntime


async def _round(rt: MemoryRuntime, qs: list[str], on: bool) -> tuple[list[float], list[str]]:
    rt.journal._writer.fts.in_memory = on  # type: ignore[attr-defined]
    times, prompts = [], []
    for q in qs:
        t0 = time.perf_counter()
        ctx = await rt.query(q, budget_tokens=1000)
        times.append((time.perf_counter() - t0) * 1000)
        prompts.append(ctx.to_prompt())
    return times, prompts


async def run(
    n: int, n_queries: int, rounds: int, cold: int, tmpdir: str, *, progress: bool = False
) -> dict[str, Any]:
    """Build the journal, time the cold reads and the alternating rounds."""
    if n < 1 or n_queries < 1 or rounds < 2 or cold < 1:
        raise ValueError("n, queries and cold must be at least 1, rounds at least 2")
    rt = await MemoryRuntime.open(
        os.path.join(tmpdir, "postings.db"),
        namespace="bench/postings",
        config={"journal": {"durability": "normal", "postings_in_memory": True}},
    )
    try:
        note(f"observe: {n:,} events, {PRODUCERS} producers", progress)
        await _produce(rt.observe, _streams(SEED, n, PRODUCERS))
        events = (await rt.head()).seq
        note(f"cold: {cold} questions with the postings on", progress)
        cold_ms, _ = await _round(rt, questions(SEED + 5, cold), True)
        qs = questions(SEED, n_queries)
        await _round(rt, qs[:20], True)  # warm-up, not measured
        on: list[float] = []
        off: list[float] = []
        seen: dict[bool, list[str]] = {True: [], False: []}
        for r in range(rounds):
            note(f"round {r + 1} of {rounds}", progress)
            for side in (True, False) if r % 2 == 0 else (False, True):
                ms, prompts = await _round(rt, qs, side)
                (on if side else off).extend(ms)
                seen[side].extend(prompts)
    finally:
        await rt.close()
    out: dict[str, Any] = {"events": events, "queries": n_queries, "rounds": rounds}
    out["identical_contexts"] = sum(a == b for a, b in zip(seen[True], seen[False], strict=True))
    out["compared_contexts"] = len(seen[True])
    out.update(two_sides("on", on, "off", off))
    out["cold_reads"] = cold
    out["cold_p50_ms"] = percentile(cold_ms, 50)
    out["cold_p95_ms"] = percentile(cold_ms, 95)
    out["cold_max_ms"] = max(cold_ms)
    return out


def render(res: dict[str, Any]) -> str:
    head = (
        f"postings in memory: {res['events']:,} events, {res['queries']} questions x"
        f" {res['rounds']} rounds per side, alternating; contexts identical:"
        f" {res['identical_contexts']} of {res['compared_contexts']}"
    )
    rows = [
        [f"query {s} (ms)", res[f"on_{s}_ms"], res[f"off_{s}_ms"], res[f"{s}_ratio"]]
        for s in ("mean", "p50", "p95")
    ]
    cold = (
        f"cold, the first {res['cold_reads']} reads with the postings on: p50"
        f" {fmt(res['cold_p50_ms'])} ms, p95 {fmt(res['cold_p95_ms'])} ms, slowest"
        f" {fmt(res['cold_max_ms'])} ms"
    )
    return (
        head
        + "\n"
        + table(["measure", "postings", "FTS5 statement", "ratio"], rows)
        + f"\n(ratio = postings / FTS5; {fmt(res['mean_ratio'])} of the mean)\n"
        + cold
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--cold", type=int, default=50, help="reads timed before any warm-up")
    return run_in_tempdir(
        ap,
        lambda a, tmp: run(a.n, a.queries, a.rounds, a.cold, tmp, progress=True),
        render,
        argv,
    )


if __name__ == "__main__":
    raise SystemExit(main())
