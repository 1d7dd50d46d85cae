"""Whether a governed write costs more as governed writes pile up.

Run ``python benchmarks/route_growth.py [--rounds 10] [--per-round 1000] [--json PATH]
[--dir DIR]``.

``perf.py`` states the cost of ``observe_and_route`` at 1k and 100k events, but fills its
journal with plain observations, which leave no beliefs behind. Here the journal grows
through governed writes alone (one at a time, ``durability="normal"``): ``--rounds`` rounds
of ``--per-round`` generated utterances (``benchmarks/workload.py``), each round timed on
its own, on two journals:

- ``dated``: each round is dated after the one before (an agent recording what it hears);
- ``same dates``: each round restates the first round's dates (a history imported again),
  so most claims are dated before their belief's latest evidence and refold it in event-time
  order (``projections/backdated.py``: O(revisions after the claim's date)).

The figures are each round's µs per governed write and its ratio to the first round's, on
the same journal in the same run.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import Timer, fmt, note, ratio, run_in_tempdir, table
from benchmarks.perf import SEED, _streams
from nousmem.runtime import MemoryRuntime

ORDERS = ("dated", "same dates")


def _round_items(r: int, per_round: int, order: str) -> Iterator[dict[str, Any]]:
    # Every round's stream starts at the workload's first date; "dated" moves round r past
    # the end of round r - 1.
    after = r * per_round if order == "dated" else 0
    for stream in _streams(SEED + 20 + r, per_round, 1, after=after):
        yield from stream


async def _one(order: str, rounds: int, per_round: int, path: str, progress: bool) -> list[Any]:
    rows: list[dict[str, Any]] = []
    async with MemoryRuntime.open(
        path, namespace="bench/growth", config={"journal": {"durability": "normal"}}
    ) as rt:
        for r in range(rounds):
            note(f"{order}: round {r + 1} of {rounds}", progress)
            before = (await rt.head()).seq
            items = list(_round_items(r, per_round, order))
            with Timer() as t:
                for o in items:
                    await rt.observe_and_route(o)
            rows.append(
                {"round": r + 1, "events_before": before, "us": t.seconds / len(items) * 1e6}
            )
    first = rows[0]["us"]
    for row in rows:
        row["ratio"] = ratio(row["us"], first)
    return rows


async def run(
    rounds: int, per_round: int, tmpdir: str, *, progress: bool = False
) -> dict[str, Any]:
    """Both journals, round by round; the figures."""
    if rounds < 2 or per_round < 1:
        raise ValueError("rounds must be at least 2 and per_round at least 1")
    out: dict[str, Any] = {"rounds": rounds, "per_round": per_round}
    for i, order in enumerate(ORDERS):
        path = os.path.join(tmpdir, f"growth-{i}.db")
        out[order] = await _one(order, rounds, per_round, path, progress)
    return out


def render(res: dict[str, Any]) -> str:
    head = (
        f"governed writes one at a time, {res['rounds']} rounds of {res['per_round']:,}"
        " (durability normal); ratio = the round's cost / the first round's"
    )
    rows = [
        [
            a["round"],
            a["events_before"],
            fmt(a["us"], 0),
            fmt(a["ratio"]),
            b["events_before"],
            fmt(b["us"], 0),
            fmt(b["ratio"]),
        ]
        for a, b in zip(res[ORDERS[0]], res[ORDERS[1]], strict=True)
    ]
    headers = ["round", "dated: events before", "µs/write", "ratio"]
    headers += ["same dates: events before", "µs/write", "ratio"]
    return head + "\n" + table(headers, rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--per-round", type=int, default=1000)
    return run_in_tempdir(
        ap, lambda a, tmp: run(a.rounds, a.per_round, tmp, progress=True), render, argv
    )


if __name__ == "__main__":
    raise SystemExit(main())
