"""What the belief slots reads keep (``runtime/slot_touches.py``) save a read.

Run ``python benchmarks/kept_slots.py [--n 100000] [--routed 4000] [--queries 200]
[--rounds 4] [--json PATH] [--dir DIR]``.

The journal is built as ``perf.py`` builds it: ``--n`` generated utterances through
``observe`` (32 producers), then ``--routed`` more through ``observe_and_route`` (half one
at a time, half from 32 producers), which gives a dozen people long belief histories
(back-dated statements included). Then ``--queries`` generated questions are asked
``--rounds`` times over, alternating rounds with the kept slots and rounds in which every
read resolves every slot afresh (``SlotTouches.slot`` bypassed), in the same process on
the same journal, so the machine's load falls on both alike. The figures are each side's
mean, p50 and p95 and their ratios. Only back-to-back reads are measured: a write that
moves event time or touches the entity between two reads makes the next read resolve
afresh, as the "without" rounds do.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import fmt, note, run_in_tempdir, table, two_sides
from benchmarks.perf import PRODUCERS, SEED, _produce, _streams
from benchmarks.workload import questions
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.slot_touches import SlotTouches


@contextmanager
def _afresh() -> Iterator[None]:
    """Every read resolves every belief slot (the kept ones are not served)."""
    kept = SlotTouches.slot
    SlotTouches.slot = lambda self, key, since, now, resolve: resolve()  # type: ignore[method-assign]
    try:
        yield
    finally:
        SlotTouches.slot = kept  # type: ignore[method-assign]


async def _round(rt: MemoryRuntime, qs: list[str]) -> list[float]:
    out = []
    for q in qs:
        t0 = time.perf_counter()
        await rt.query(q, budget_tokens=1000)
        out.append((time.perf_counter() - t0) * 1000)
    return out


async def run(
    n: int, routed: int, n_queries: int, rounds: int, tmpdir: str, *, progress: bool = False
) -> dict[str, Any]:
    """Build the journal, time the alternating rounds, return the figures."""
    if n < 1 or routed < 2 or n_queries < 1 or rounds < 2:
        raise ValueError("n must be at least 1, routed 2, queries 1 and rounds 2")
    rt = await MemoryRuntime.open(
        os.path.join(tmpdir, "kept.db"),
        namespace="bench/kept",
        config={"journal": {"durability": "normal"}},
    )
    try:
        note(f"observe: {n:,} events, {PRODUCERS} producers", progress)
        await _produce(rt.observe, _streams(SEED, n, PRODUCERS))
        note(f"observe_and_route: {routed:,} observations", progress)
        for s in _streams(SEED + 2, routed // 2, 1):
            for o in s:
                await rt.observe_and_route(o)
        await _produce(rt.observe_and_route, _streams(SEED + 3, routed - routed // 2, PRODUCERS))
        events = (await rt.head()).seq
        qs = questions(SEED, n_queries)
        await _round(rt, qs[:20])  # warm-up, not measured
        kept: list[float] = []
        fresh: list[float] = []
        for r in range(rounds):
            note(f"round {r + 1} of {rounds}", progress)
            for side in ("kept", "fresh") if r % 2 == 0 else ("fresh", "kept"):
                if side == "kept":
                    kept += await _round(rt, qs)
                else:
                    with _afresh():
                        fresh += await _round(rt, qs)
    finally:
        await rt.close()
    out: dict[str, Any] = {"events": events, "routed": routed, "queries": n_queries}
    out["rounds"] = rounds
    out.update(two_sides("kept", kept, "fresh", fresh))
    return out


def render(res: dict[str, Any]) -> str:
    head = (
        f"kept slots: {res['events']:,} events ({res['routed']:,} routed observations),"
        f" {res['queries']} questions x {res['rounds']} rounds per side, alternating"
    )
    rows = [
        [f"query {s} (ms)", res[f"kept_{s}_ms"], res[f"fresh_{s}_ms"], res[f"{s}_ratio"]]
        for s in ("mean", "p50", "p95")
    ]
    return (
        head
        + "\n"
        + table(["measure", "slots kept", "resolved afresh", "ratio"], rows)
        + f"\n(ratio = kept / afresh; {fmt(res['mean_ratio'])} of the mean)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--routed", type=int, default=4000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=4)
    return run_in_tempdir(
        ap,
        lambda a, tmp: run(a.n, a.routed, a.queries, a.rounds, tmp, progress=True),
        render,
        argv,
    )


if __name__ == "__main__":
    raise SystemExit(main())
