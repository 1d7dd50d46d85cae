"""What the garbage collector's full collections cost a long-lived process, and ``gc.freeze``.

Run ``python benchmarks/gc_pauses.py [--n 100000] [--queries 200] [--writes 1000]
[--rounds 4] [--json PATH] [--dir DIR]``.

Projections keep about one Python object per observation in memory (its ``DocRow``), so
CPython's full (generation 2) collection walks ~100k objects at 100k events. It runs when
the objects that survived the younger collections since the last one reach a quarter of
those it kept then: every few hundred reads, or every few thousand writes. The read or write
that triggers it waits for the whole walk.

The journal is built as ``perf.py`` builds it (``--n`` generated utterances through
``observe`` from 32 producers). Then rounds of ``--queries`` reads and ``--writes``
sequential ``observe`` calls alternate between the process as it is and the process after
``gc.freeze()`` (everything alive then moved out of the collector's reach; ``gc.unfreeze()``
after the round), in the same process on the same journal. Each side reports its reads' and
writes' p50 / p99 / slowest and the full collections seen during its rounds
(``gc.callbacks``).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import fmt, note, percentile, run_in_tempdir, table
from benchmarks.perf import PRODUCERS, SEED, _produce, _streams
from benchmarks.workload import questions
from nousmem.runtime import MemoryRuntime

SIDES = ("as_is", "frozen")


class FullCollections:
    """The duration (ms) of every generation-2 collection while installed."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.ms.append((time.perf_counter() - self._start) * 1000)

    @contextmanager
    def installed(self) -> Iterator[FullCollections]:
        gc.callbacks.append(self)
        try:
            yield self
        finally:
            gc.callbacks.remove(self)


@contextmanager
def _side(side: str) -> Iterator[None]:
    if side == "frozen":
        gc.freeze()
    try:
        yield
    finally:
        if side == "frozen":
            gc.unfreeze()


async def _timed(calls: list[Any]) -> list[float]:
    out = []
    for call in calls:
        t0 = time.perf_counter()
        await call()
        out.append((time.perf_counter() - t0) * 1000)
    return out


async def run(
    n: int, n_queries: int, n_writes: int, rounds: int, tmpdir: str, *, progress: bool = False
) -> dict[str, Any]:
    """Build the journal, run the alternating rounds, return the figures."""
    if n < 1 or n_queries < 1 or n_writes < 1 or rounds < 2:
        raise ValueError("n, queries and writes must be at least 1, and rounds 2")
    rt = await MemoryRuntime.open(
        os.path.join(tmpdir, "gc.db"),
        namespace="bench/gc",
        config={"journal": {"durability": "normal"}},
    )
    reads: dict[str, list[float]] = {s: [] for s in SIDES}
    writes: dict[str, list[float]] = {s: [] for s in SIDES}
    full: dict[str, list[float]] = {s: [] for s in SIDES}
    try:
        note(f"observe: {n:,} events, {PRODUCERS} producers", progress)
        await _produce(rt.observe, _streams(SEED, n, PRODUCERS))
        tracked = len(gc.get_objects())
        await _timed([lambda q=q: rt.query(q) for q in questions(SEED + 1, 20)])  # warm-up
        for r in range(rounds):
            note(f"round {r + 1} of {rounds}", progress)
            for side in SIDES if r % 2 == 0 else SIDES[::-1]:
                qs = questions(SEED + 10 + 2 * r + (side == "frozen"), n_queries)
                obs = [
                    o
                    for s in _streams(SEED + 100 + 2 * r + (side == "frozen"), n_writes, 1)
                    for o in s
                ]
                with _side(side), FullCollections().installed() as seen:
                    reads[side] += await _timed(
                        [lambda q=q: rt.query(q, budget_tokens=1000) for q in qs]
                    )
                    writes[side] += await _timed([lambda o=o: rt.observe(o) for o in obs])
                full[side] += seen.ms
        events = (await rt.head()).seq
    finally:
        await rt.close()
    out: dict[str, Any] = {
        "events": events,
        "tracked_objects": tracked,
        "queries": n_queries,
        "writes": n_writes,
        "rounds": rounds,
    }
    for side in SIDES:
        for what, ms in (("read", reads[side]), ("write", writes[side])):
            out[f"{side}_{what}_p50_ms"] = percentile(ms, 50)
            out[f"{side}_{what}_p99_ms"] = percentile(ms, 99)
            out[f"{side}_{what}_max_ms"] = max(ms)
        out[f"{side}_full_collections"] = len(full[side])
        out[f"{side}_full_collection_max_ms"] = max(full[side], default=0.0)
        out[f"{side}_full_collection_total_ms"] = sum(full[side])
    return out


def render(res: dict[str, Any]) -> str:
    head = (
        f"gc pauses: {res['events']:,} events ({res['tracked_objects']:,} objects tracked after"
        f" the build), {res['rounds']} rounds per side of {res['queries']} reads and"
        f" {res['writes']} writes, alternating"
    )
    rows = [
        [f"{what} {stat} (ms)", res[f"as_is_{what}_{stat}_ms"], res[f"frozen_{what}_{stat}_ms"]]
        for what in ("read", "write")
        for stat in ("p50", "p99", "max")
    ]
    rows += [
        ["full collections", res["as_is_full_collections"], res["frozen_full_collections"]],
        [
            "slowest full collection (ms)",
            res["as_is_full_collection_max_ms"],
            res["frozen_full_collection_max_ms"],
        ],
        [
            "all full collections (ms)",
            res["as_is_full_collection_total_ms"],
            res["frozen_full_collection_total_ms"],
        ],
    ]
    return (
        head
        + "\n"
        + table(["measure", "as is", "after gc.freeze()"], rows)
        + (
            f"\n(as is: the slowest read {fmt(res['as_is_read_max_ms'])} ms against"
            f" {fmt(res['frozen_read_max_ms'])} ms frozen)"
        )
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--writes", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=4)
    return run_in_tempdir(
        ap,
        lambda a, tmp: run(a.n, a.queries, a.writes, a.rounds, tmp, progress=True),
        render,
        argv,
    )


if __name__ == "__main__":
    raise SystemExit(main())
