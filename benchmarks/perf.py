"""Runtime performance at several journal sizes, each figure beside an in-process floor/peer.

Run ``python benchmarks/perf.py [--sizes 1000,10000,100000] [--big] [--postings] [--json PATH]``
(``--big`` adds 1,000,000 events; expect several minutes; ``--postings`` turns
``JournalConfig.postings_in_memory`` on).

For each size N (ascending, one fresh journal file each, durability "normal" by default):

1. ingest -- the journal is built to N events by ``rt.observe`` from 32 concurrent producers
   (ratio to the floor: plain sqlite3 + blake3, 1,000 events per transaction); then a probe
   of ``min(N, --probe)`` events is appended at size N by sequential ``rt.observe`` (ratio to
   the floor: one transaction per event, appended to a floor file of the same size), and the
   same two for ``rt.observe_and_route`` when it exists (its 32 producers' observations are
   dated after the sequential run's, so that their claims are not back-dated);
2. query p50/p95 (``rt.query``, when it exists) beside a peer: a raw FTS5 ``MATCH`` with the
   same words on a plain FTS5 table of the same texts;
3. ``rt.rebuild()`` events/s beside the floor reading and parsing every payload;
4. ``rt.verify()`` events/s beside the floor walking its own chain;
5. replay time of one trace (``rt.replay_trace``, when it exists) beside the query it replays;
6. bytes on disk per event (file + WAL after close) and the process's peak RSS so far;
7. scaling: per-event and per-query cost at each size relative to the smallest size.

Features the runtime does not have yet are reported as ``n/a``.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from datetime import timedelta
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import (
    Progress,
    Timer,
    checkpoint,
    file_bytes,
    note,
    peak_rss_bytes,
    percentile,
    probed,
    rate,
    ratio,
    write_json,
)
from benchmarks.floor import SqliteFloor, canonical, floor_payload
from benchmarks.perf_goals import check_goals
from benchmarks.perf_report import render
from benchmarks.workload import (
    MINUTES_PER_EVENT,
    producer_observations,
    questions,
)
from nousmem.runtime import MemoryRuntime

SEED = 7
PRODUCERS = 32


async def _produce(
    write: Callable[[dict[str, Any]], Awaitable[Any]],
    streams: Sequence[Iterator[dict[str, Any]]],
    bar: Progress | None = None,
) -> None:
    async def one(stream: Iterator[dict[str, Any]]) -> None:
        for obs in stream:
            await write(obs)
            if bar is not None:
                bar.step()

    await asyncio.gather(*(one(s) for s in streams))


def _streams(
    seed: int, total: int, producers: int, *, after: int = 0
) -> list[Iterator[dict[str, Any]]]:
    """``producers`` generators that together yield ``total`` events (refs tagged by seed).

    Every stream's dates start at the workload's first date; ``after``: dated past the end
    of a stream of that many events instead (and a day), as what is said later is.
    """
    shift = timedelta(minutes=MINUTES_PER_EVENT * after, days=1) if after else timedelta(0)

    def tagged(p: int) -> Iterator[dict[str, Any]]:
        for o in producer_observations(seed, p, producers, total):
            o["ref"] = f"{seed}:{o['ref']}"
            o["occurred_at"] += shift
            yield o

    return [tagged(p) for p in range(min(producers, max(total, 1)))]


def _rel(x: float | None, base: float | None) -> float | None:
    if x is None or base is None or not math.isfinite(x) or not math.isfinite(base) or base == 0:
        return None
    return x / base


async def _one_size(
    n: int,
    tmpdir: str,
    *,
    durability: str,
    probe: int,
    n_queries: int,
    producers: int,
    progress: bool,
    postings: bool = False,
) -> dict[str, Any]:
    path = os.path.join(tmpdir, f"perf-{n}.db")
    fpath = os.path.join(tmpdir, f"floor-{n}.db")
    cfg = {"journal": {"durability": durability, "postings_in_memory": postings}}
    k = max(1, min(n, probe))
    out: dict[str, Any] = {"events": n, "probe": k}

    # -- floor: N events batched, then k events one transaction each (appended at size N).
    note(f"[{n:,}] floor: build {n:,} events (1,000/tx), then {k:,} one per tx", progress)
    floor = SqliteFloor(fpath, durability)
    with Timer() as t_fb:
        batch: list[dict[str, Any]] = []
        for s in _streams(SEED, n, producers):
            for o in s:
                batch.append(o)
                if len(batch) == 1000:
                    floor.insert_batched(batch, 1000)
                    batch = []
        if batch:
            floor.insert_batched(batch, 1000)
    probe_obs = [o for s in _streams(SEED + 1, k, 1) for o in s]
    with Timer() as t_fe:
        floor.insert_each(probe_obs)
    floor_batched_eps = rate(n, t_fb.seconds)
    floor_each_eps = rate(k, t_fe.seconds)
    floor.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    floor_bytes = file_bytes(fpath)  # before the peer's FTS5 table is added

    # -- nousmem: build with concurrent observe, then the sequential probe.
    rt = await MemoryRuntime.open(path, namespace=f"perf/{n}", config=cfg)
    try:
        bar = Progress(f"[{n:,}] observe x{producers}", n, progress)
        with Timer() as t_build:
            await _produce(rt.observe, _streams(SEED, n, producers), bar)
        bar.close()
        with Timer() as t_seq:
            for o in probe_obs:
                await rt.observe(o)
        ingest: dict[str, Any] = {
            "observe_concurrent": {
                "events": n,
                "eps": rate(n, t_build.seconds),
                "floor_eps": floor_batched_eps,
                "ratio": ratio(rate(n, t_build.seconds), floor_batched_eps),
            },
            "observe_sequential": {
                "events": k,
                "eps": rate(k, t_seq.seconds),
                "floor_eps": floor_each_eps,
                "ratio": ratio(rate(k, t_seq.seconds), floor_each_eps),
            },
            "route_sequential": None,
            "route_concurrent": None,
        }
        # Bytes per event of the observation-only journal (before any routed events).
        checkpoint(path)
        obs_events = (await rt.head()).seq
        obs_bytes = file_bytes(path)
        if hasattr(rt, "observe_and_route"):
            route = rt.observe_and_route
            note(f"[{n:,}] observe_and_route: {k:,} sequential, {k:,} x{producers}", progress)
            before = (await rt.head()).seq
            with Timer() as t_rs:
                for s in _streams(SEED + 2, k, 1):
                    for o in s:
                        await route(o)
            # A governed write appends the observation and what it derives (assessment,
            # revisions, edges, ...): the journal's event rate, beside the observations'.
            appended = (await rt.head()).seq - before
            with Timer() as t_rc:
                # Dated after the one-at-a-time run: over its dates, most claims would be
                # back-dated and refold their beliefs (benchmarks/route_growth.py measures
                # that), and the row would not show what 32 producers do.
                await _produce(route, _streams(SEED + 3, k, producers, after=k))
            ingest["route_sequential"] = {
                "events": k,
                "journal_events": appended,
                "journal_eps": rate(appended, t_rs.seconds),
                "eps": rate(k, t_rs.seconds),
                "floor_eps": floor_each_eps,
                "ratio": ratio(rate(k, t_rs.seconds), floor_each_eps),
            }
            ingest["route_concurrent"] = {
                "events": k,
                "eps": rate(k, t_rc.seconds),
                "floor_eps": floor_batched_eps,
                "ratio": ratio(rate(k, t_rc.seconds), floor_batched_eps),
            }
        out["ingest"] = ingest

        # -- query and replay.
        out["query"] = None
        out["query_as_of"] = None
        out["replay"] = None
        if hasattr(rt, "query") and n_queries > 0:
            note(f"[{n:,}] query: {n_queries} questions (+ FTS5 peer)", progress)
            floor.add_fts()
            qs = questions(SEED, n_queries)
            lat: list[float] = []
            peer: list[float] = []
            last_ctx: Any = None
            errors = 0
            for q in qs:
                t0 = time.perf_counter()
                try:
                    last_ctx = await rt.query(q, budget_tokens=1000)
                except Exception:  # a failing query is counted, not fatal
                    errors += 1
                    continue
                lat.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                floor.peer_query(q)
                peer.append((time.perf_counter() - t0) * 1000)
            p50, pp50 = percentile(lat, 50), percentile(peer, 50)
            out["query"] = {
                "queries": len(lat),
                "errors": errors,
                "p50_ms": p50,
                "p95_ms": percentile(lat, 95),
                "peer_p50_ms": pp50,
                "peer_p95_ms": percentile(peer, 95),
                "ratio_p50": ratio(p50, pp50),
                "ratio_p95": ratio(percentile(lat, 95), percentile(peer, 95)),
            }
            # Reads behind the head: the lexical channel scores with the prefix's statistics.
            half = (await rt.head()).seq // 2
            back: list[float] = []
            for q in qs:
                t0 = time.perf_counter()
                await rt.query(q, budget_tokens=1000, as_of=half)
                back.append((time.perf_counter() - t0) * 1000)
            out["query_as_of"] = {
                "as_of_seq": half,
                "p50_ms": percentile(back, 50),
                "p95_ms": percentile(back, 95),
                "head_p95_ms": percentile(lat, 95),
                "ratio_p95": ratio(percentile(back, 95), percentile(lat, 95)),
            }
            trace_id = getattr(last_ctx, "trace_id", None)
            if hasattr(rt, "replay_trace") and trace_id is not None:
                with Timer() as t_q:
                    await rt.query(qs[-1], budget_tokens=1000)
                with Timer() as t_rp:
                    await rt.replay_trace(trace_id)
                out["replay"] = {
                    "ms": t_rp.seconds * 1000,
                    "query_ms": t_q.seconds * 1000,
                    "ratio": ratio(t_rp.seconds, t_q.seconds),
                }

        # -- rebuild and verify.
        total = (await rt.head()).seq
        note(f"[{n:,}] rebuild + verify ({total:,} events)", progress)
        with Timer() as t_fr:
            floor_read = floor.read_all()
        with Timer() as t_fv:
            floor_checked = floor.verify()
        with Timer() as t_rb:
            rebuilt = await rt.rebuild()
        out["rebuild"] = {
            "events": rebuilt,
            "eps": rate(rebuilt, t_rb.seconds),
            "floor_eps": rate(floor_read, t_fr.seconds),
            "ratio": ratio(rate(rebuilt, t_rb.seconds), rate(floor_read, t_fr.seconds)),
        }
        with Timer() as t_v:
            rep = await rt.verify()
        out["verify"] = {
            "events": rep.checked,
            "ok": bool(rep.ok),
            "eps": rate(rep.checked, t_v.seconds),
            "floor_eps": rate(floor_checked, t_fv.seconds),
            "ratio": ratio(rate(rep.checked, t_v.seconds), rate(floor_checked, t_fv.seconds)),
        }
        out["journal_events"] = total
    finally:
        await rt.close()
        floor.close()

    # -- disk and memory.
    floor_rows = n + k
    payload_bytes = sum(len(canonical(floor_payload(o)).encode("utf-8")) for o in probe_obs) / max(
        1, len(probe_obs)
    )
    out["disk"] = {
        "bytes_per_event": obs_bytes / max(1, obs_events),
        "bytes_per_event_all": file_bytes(path) / max(1, out["journal_events"]),
        "floor_bytes_per_event": floor_bytes / floor_rows,
        "approx_payload_bytes": payload_bytes,
    }
    out["disk"]["ratio"] = ratio(
        out["disk"]["bytes_per_event"], out["disk"]["floor_bytes_per_event"]
    )
    out["peak_rss_bytes"] = peak_rss_bytes()
    return out


async def _warm_up(tmpdir: str, durability: str, n: int) -> None:
    """Pay one-off costs (imports, pydantic schemas, page cache) outside the measurements."""
    rt = await MemoryRuntime.open(
        os.path.join(tmpdir, "warm.db"),
        namespace="perf/warm",
        config={"journal": {"durability": durability}},
    )
    try:
        await _produce(rt.observe, _streams(SEED + 9, n, 8))
        if hasattr(rt, "observe_and_route"):
            await _produce(rt.observe_and_route, _streams(SEED + 10, max(1, n // 4), 1))
        if hasattr(rt, "query"):
            for q in questions(SEED + 9, 5):
                await rt.query(q, budget_tokens=1000)
        await rt.rebuild()
        await rt.verify()
    finally:
        await rt.close()


async def run(
    sizes: Sequence[int],
    tmpdir: str,
    *,
    durability: str = "normal",
    probe: int = 1000,
    queries: int = 50,
    producers: int = PRODUCERS,
    progress: bool = False,
    postings: bool = False,
) -> dict[str, Any]:
    """Measure every size (ascending) and return the figures; see the module docstring.
    ``postings``: with ``JournalConfig.postings_in_memory`` (off by default)."""
    sizes = sorted({int(s) for s in sizes})
    if not sizes or sizes[0] < 1:
        raise ValueError("sizes must be positive integers")
    probe_rt = MemoryRuntime  # feature detection on the class: works before opening anything
    features = {
        name: hasattr(probe_rt, name)
        for name in ("observe_and_route", "query", "replay_trace", "rebuild", "verify")
    }
    await _warm_up(tmpdir, durability, min(200, sizes[0]))
    by_size: dict[str, Any] = {}
    for n in sizes:
        by_size[str(n)] = await _one_size(
            n,
            tmpdir,
            durability=durability,
            probe=probe,
            n_queries=queries,
            producers=producers,
            progress=progress,
            postings=postings,
        )
    base = by_size[str(sizes[0])]
    base_ev = 1e6 / base["ingest"]["observe_sequential"]["eps"]
    base_q = base["query"]["p50_ms"] if base["query"] else None
    scaling: dict[str, Any] = {}
    for n in sizes:
        r = by_size[str(n)]
        per_event_us = 1e6 / r["ingest"]["observe_sequential"]["eps"]
        per_query_ms = r["query"]["p50_ms"] if r["query"] else None
        scaling[str(n)] = {
            "per_event_us": per_event_us,
            "per_event_rel": _rel(per_event_us, base_ev),
            "per_query_ms": per_query_ms,
            "per_query_rel": _rel(per_query_ms, base_q),
        }
    return {
        "sizes": sizes,
        "durability": durability,
        "postings_in_memory": postings,
        "producers": producers,
        "probe": probe,
        "features": features,
        "by_size": by_size,
        "scaling": scaling,
        "goals": check_goals(by_size),
    }


def _sizes(text: str) -> list[int]:
    try:
        vals = [int(x.replace("_", "")) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("sizes: comma-separated integers") from None
    if not vals or min(vals) < 1:
        raise argparse.ArgumentTypeError("sizes: positive integers")
    return vals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="nousmem runtime performance at several sizes")
    ap.add_argument("--sizes", type=_sizes, default=[1000, 10_000, 100_000])
    ap.add_argument("--big", action="store_true", help="add 1,000,000 events")
    ap.add_argument("--durability", choices=("full", "normal"), default="normal")
    ap.add_argument(
        "--postings", action="store_true", help="with JournalConfig.postings_in_memory on"
    )
    ap.add_argument("--probe", type=int, default=1000, help="events per sequential probe")
    ap.add_argument("--queries", type=int, default=50, help="queries per size")
    ap.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    ap.add_argument("--dir", help="directory for the database files (default: a temp dir)")
    args = ap.parse_args(argv)
    sizes = list(args.sizes) + ([1_000_000] if args.big else [])

    def go(work: str) -> dict[str, Any]:
        return asyncio.run(
            run(
                sizes,
                work,
                durability=args.durability,
                postings=args.postings,
                probe=args.probe,
                queries=args.queries,
                progress=True,
            )
        )

    if args.dir:
        os.makedirs(args.dir, exist_ok=True)
        work = tempfile.mkdtemp(prefix="perf-", dir=args.dir)
        res = probed(lambda: go(work))
    else:
        with tempfile.TemporaryDirectory(prefix="nousmem-perf-") as tmp:
            res = probed(lambda: go(tmp))
    print(render(res))
    if args.json_path:
        write_json(args.json_path, res)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
