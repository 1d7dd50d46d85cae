"""Journal write/verify throughput beside a plain sqlite3 + blake3 floor, in one run.

Run ``python benchmarks/journal.py [--n 20000] [--durability full|normal] [--json PATH]``.

Measured in the same process, on the same generated utterances:

- floor, per event: plain ``sqlite3`` + ``blake3`` writing the same canonical payloads into
  a hash chain, one autocommit transaction per event (same WAL, same ``synchronous``);
- floor, batched: the same, 1,000 events per transaction;
- ``rt.observe`` sequential (one await after the other) -> ratio to the per-event floor;
- ``rt.observe`` from 32 concurrent producers (``asyncio.gather``; the journal's group
  commit batches them) -> ratio to the batched floor;
- ``rt.verify()`` events/s (and the floor's chain walk for comparison);
- bytes on disk per event (journal file with its WAL, after close; floor beside it).

Each write figure and its floor run interleaved, in ``--rounds`` rounds of ``n / rounds``
events, the floor first in even rounds and second in odd ones: the machines this runs on
are shared, and a slow spell would otherwise fall on one side of a ratio only.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import sqlite3
import statistics
import sys
import tempfile
from collections.abc import Awaitable, Callable
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import (
    Timer,
    file_bytes,
    note,
    peak_rss_bytes,
    probe_line,
    probed,
    rate,
    ratio,
    table,
    write_json,
)
from benchmarks.floor import SqliteFloor, canonical, floor_payload
from benchmarks.workload import observations, producer_observations
from nousmem.runtime import MemoryRuntime

PRODUCERS = 32
ROUNDS = 10
GOALS = {"sequential": 0.30, "concurrent": 0.30, "verify_eps": 100_000.0}
SEED = 20240501


async def _open(path: str, namespace: str, durability: str) -> MemoryRuntime:
    return await MemoryRuntime.open(
        path, namespace=namespace, config={"journal": {"durability": durability}}
    )


async def _concurrent(rt: MemoryRuntime, per_producer: list[list[dict[str, Any]]]) -> None:
    async def producer(items: list[dict[str, Any]]) -> None:
        for obs in items:
            await rt.observe(obs)

    await asyncio.gather(*(producer(items) for items in per_producer))


def round_spread(
    floor: Timer, ours: Timer, floor_sizes: list[int], our_sizes: list[int]
) -> dict[str, Any]:
    """Each round's own ratio (nousmem's events/s over the floor's in that round) and their
    min / median / max, rounds without events left out. Where both sides write the same
    events in each round (sequential), the whole run's ratio is a mean of these weighted by
    nousmem's time in each, so it lies between min and max; how far apart they are shows
    how much the machine moved during the run."""
    per_round = [
        (mine / o) / (theirs / f)
        for f, o, theirs, mine in zip(floor.laps, ours.laps, floor_sizes, our_sizes, strict=True)
        if theirs and mine and f > 0 and o > 0
    ]
    if not per_round:
        return {"per_round": [], "min": math.nan, "median": math.nan, "max": math.nan}
    return {
        "per_round": per_round,
        "min": min(per_round),
        "median": statistics.median(per_round),
        "max": max(per_round),
    }


def _stored_payload(path: str, seq: int = 1) -> str | None:
    conn = sqlite3.connect(path)
    try:
        got = conn.execute("SELECT payload FROM events WHERE seq = ? LIMIT 1", (seq,)).fetchone()
        return None if got is None else str(got[0])
    finally:
        conn.close()


def _rounds(items: list[Any], rounds: int) -> list[list[Any]]:
    """``items`` cut into ``rounds`` consecutive parts (the last ones may be empty)."""
    size = -(-len(items) // rounds)
    return [items[i * size : (i + 1) * size] for i in range(rounds)]


async def _interleaved(
    rounds: int,
    floor: Callable[[int], object],
    ours: Callable[[int], Awaitable[None]],
) -> tuple[Timer, Timer]:
    """Time ``floor(i)`` and ``await ours(i)`` for each round ``i``, the floor first in even
    rounds and second in odd ones; returns (floor's timer, ours)."""
    t_floor, t_ours = Timer(), Timer()
    for i in range(rounds):
        for side in (0, 1) if i % 2 == 0 else (1, 0):
            if side == 0:
                with t_floor:
                    floor(i)
            else:
                with t_ours:
                    await ours(i)
    return t_floor, t_ours


async def run(
    n: int, durability: str, tmpdir: str, *, rounds: int = ROUNDS, progress: bool = False
) -> dict[str, Any]:
    """Run every measurement once and return the figures (see the module docstring)."""
    if n < 1:
        raise ValueError("n must be at least 1")
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    obs = observations(SEED, n)
    # Generated before any clock starts, as the floor's payloads are.
    per_producer = [list(producer_observations(SEED, p, PRODUCERS, n)) for p in range(PRODUCERS)]
    conc_obs = [o for items in per_producer for o in items]

    # Warm-up (imports, pydantic schemas, page cache) on throwaway files, not measured.
    warm = min(n, 200)
    wf = SqliteFloor(os.path.join(tmpdir, "warm-floor.db"), durability)
    wf.insert_each(obs[:warm])
    wf.close()
    wrt = await _open(os.path.join(tmpdir, "warm.db"), "bench/warm", durability)
    for o in obs[:warm]:
        await wrt.observe(o)
    await wrt.close()

    # Sequential: one transaction per event, the floor's rounds between nousmem's.
    note(f"observe: {n} events, sequential, beside the floor's 1 tx/event", progress)
    f_each_path = os.path.join(tmpdir, "floor-each.db")
    floor = SqliteFloor(f_each_path, durability)
    seq_path = os.path.join(tmpdir, "seq.db")
    rt = await _open(seq_path, "bench/seq", durability)
    parts = _rounds(obs, rounds)

    async def sequential(i: int) -> None:
        for o in parts[i]:
            await rt.observe(o)

    t_floor_each, t_seq = await _interleaved(
        rounds, lambda i: floor.insert_each(parts[i]), sequential
    )
    with Timer() as t_floor_verify:
        floor_checked = floor.verify()
    floor.close()
    with Timer() as t_verify:
        report = await rt.verify()
    await rt.close()

    # Concurrent: 32 producers against the floor's 1,000 events per transaction.
    note(f"observe: {n} events, {PRODUCERS} producers, beside the floor's 1,000/tx", progress)
    floor_b = SqliteFloor(os.path.join(tmpdir, "floor-batched.db"), durability)
    conc_path = os.path.join(tmpdir, "conc.db")
    rt = await _open(conc_path, "bench/conc", durability)
    floor_parts = _rounds(conc_obs, rounds)
    producer_parts = [_rounds(items, rounds) for items in per_producer]
    t_floor_batch, t_conc = await _interleaved(
        rounds,
        lambda i: floor_b.insert_batched(floor_parts[i], 1000),
        lambda i: _concurrent(rt, [p[i] for p in producer_parts]),
    )
    floor_b.close()
    commits = getattr(rt.journal, "commits", None)
    conc_report = await rt.verify()
    await rt.close()

    seq_sizes = [len(p) for p in parts]  # both sides write the same events each round
    seq_eps = rate(n, t_seq.seconds)
    conc_eps = rate(n, t_conc.seconds)
    floor_each_eps = rate(n, t_floor_each.seconds)
    floor_batch_eps = rate(n, t_floor_batch.seconds)
    verify_eps = rate(report.checked, t_verify.seconds)
    nous_bytes = file_bytes(seq_path)
    floor_bytes = file_bytes(f_each_path)
    stored = _stored_payload(seq_path)

    return {
        "n": n,
        "rounds": rounds,
        "durability": durability,
        "producers": PRODUCERS,
        "sqlite_version": sqlite3.sqlite_version,
        "python": sys.version.split()[0],
        "floor": {
            "per_event_eps": floor_each_eps,
            "per_event_seconds": t_floor_each.seconds,
            "batched_eps": floor_batch_eps,
            "batched_seconds": t_floor_batch.seconds,
            "batch": 1000,
            "verify_eps": rate(floor_checked, t_floor_verify.seconds),
            "bytes_per_event": floor_bytes / n,
        },
        "sequential": {
            "eps": seq_eps,
            "seconds": t_seq.seconds,
            "ratio_to_floor": ratio(seq_eps, floor_each_eps),
            "goal": GOALS["sequential"],
            "ok": ratio(seq_eps, floor_each_eps) >= GOALS["sequential"],
            "rounds": round_spread(t_floor_each, t_seq, seq_sizes, seq_sizes),
        },
        "concurrent": {
            "eps": conc_eps,
            "seconds": t_conc.seconds,
            "ratio_to_floor": ratio(conc_eps, floor_batch_eps),
            "goal": GOALS["concurrent"],
            "ok": ratio(conc_eps, floor_batch_eps) >= GOALS["concurrent"],
            "rounds": round_spread(
                t_floor_batch,
                t_conc,
                [len(p) for p in floor_parts],
                [sum(len(p[i]) for p in producer_parts) for i in range(rounds)],
            ),
            "transactions": commits,
            "events_per_transaction": (n / commits) if commits else None,
            "verified": bool(conc_report.ok),
        },
        "verify": {
            "eps": verify_eps,
            "seconds": t_verify.seconds,
            "checked": report.checked,
            "ok": bool(report.ok),
            "goal": GOALS["verify_eps"],
            "goal_met": verify_eps >= GOALS["verify_eps"],
            "ratio_to_floor": ratio(verify_eps, rate(floor_checked, t_floor_verify.seconds)),
        },
        "disk": {
            "bytes_per_event": nous_bytes / n,
            "floor_bytes_per_event": floor_bytes / n,
            "ratio_to_floor": ratio(nous_bytes, floor_bytes),
        },
        "payload_matches_floor": stored == canonical(floor_payload(obs[0])),
        "peak_rss_bytes": peak_rss_bytes(),
    }


def render(res: dict[str, Any]) -> str:
    """The one table ``main`` prints."""
    f, s, c, v, d = res["floor"], res["sequential"], res["concurrent"], res["verify"], res["disk"]
    ept = c["events_per_transaction"]
    rows: list[list[Any]] = [
        [
            "observe sequential (events/s)",
            s["eps"],
            f["per_event_eps"],
            s["ratio_to_floor"],
            f">= {s['goal']:.0%} of floor",
            s["ok"],
        ],
        [
            f"observe {res['producers']} producers (events/s)",
            c["eps"],
            f["batched_eps"],
            c["ratio_to_floor"],
            f">= {c['goal']:.0%} of floor",
            c["ok"],
        ],
        [
            "verify (events/s)",
            v["eps"],
            f["verify_eps"],
            v["ratio_to_floor"],
            f">= {v['goal']:,.0f}/s",
            v["goal_met"],
        ],
        [
            "bytes on disk / event",
            d["bytes_per_event"],
            d["floor_bytes_per_event"],
            d["ratio_to_floor"],
            "",
            "",
        ],
    ]
    title = (
        f"journal benchmark: n={res['n']:,}  durability={res['durability']}"
        f"  rounds={res['rounds']}"
        f"  sqlite {res['sqlite_version']}  python {res['python']}\n"
        "floor = plain sqlite3+blake3, same canonical payloads, same WAL + synchronous;"
        " sequential vs 1 tx/event, concurrent vs 1,000 events/tx"
    )
    out = table(["measure", "nousmem", "floor", "ratio", "goal", "met"], rows, title)
    extra = (
        (f"group commit: {c['transactions']:,} transactions ({ept:.1f} events/tx)")
        if ept
        else "group commit: n/a"
    )
    for label, section in (("sequential", s), (f"{res['producers']} producers", c)):
        r = section["rounds"]
        if r["per_round"]:
            out += (
                f"\n{label}, each round's own ratio: min {r['min']:.3f}  median"
                f" {r['median']:.3f}  max {r['max']:.3f} ({len(r['per_round'])} rounds)"
            )
    out += (
        f"\n{extra}; chain verified: {v['ok'] and c['verified']};"
        f" payload bytes identical to floor: {res['payload_matches_floor']};"
        f" peak RSS {res['peak_rss_bytes'] / 2**20:.0f} MiB"
    )
    machine = probe_line(res.get("cpu_probe_s"))
    return f"{out}\n{machine}" if machine else out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000, help="events per measurement")
    ap.add_argument("--durability", choices=("full", "normal"), default="full")
    ap.add_argument(
        "--rounds", type=int, default=ROUNDS, help="interleaved floor/nousmem rounds per figure"
    )
    ap.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    ap.add_argument("--dir", help="directory for the database files (default: a temp dir)")
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if args.dir:
        os.makedirs(args.dir, exist_ok=True)
        work = tempfile.mkdtemp(prefix="journal-", dir=args.dir)  # never reuse old files
        res = probed(
            lambda: asyncio.run(
                run(args.n, args.durability, work, rounds=args.rounds, progress=True)
            )
        )
    else:
        with tempfile.TemporaryDirectory(prefix="nousmem-bench-") as tmp:
            res = probed(
                lambda: asyncio.run(
                    run(args.n, args.durability, tmp, rounds=args.rounds, progress=True)
                )
            )
    print(render(res))
    if args.json_path:
        write_json(args.json_path, res)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
