"""The dense channel's ranking cost at several index sizes, beside numpy peers in one run.

Run ``python benchmarks/dense.py [--sizes 10000,100000] [--dim 384] [--queries 200]``.

Vectors (float32, as stored) come from a seeded generator (no model: this measures
nousmem's part, not the embedder's). For each size N it reports per-query p50/p95 of:

- ``DenseIndex.rank`` (limit 50, every row in view), as the dense channel calls it: the
  question is embedded in a worker thread, so this includes one thread round trip;
- peer ``matvec + argpartition``: the least any exact top-50 needs (no ties, no view mask);
- peer ``matvec + argsort``: a full sort of the similarities in numpy;
- the Python sort of every row that the dense channel used before (small sizes only).

``--cache N`` (default 10,000; 0 skips it) measures the vector cache: a SQLite runtime with
N observations (``benchmarks.common.observations``) is reopened and its first dense read is
timed with a named embedder (vectors from the cache) and with the same embedder nameless
(every observation embedded again), alternately, ``--cache-repeats`` times each, in this
process. The embedder is :class:`HashingEmbedder`: signed feature hashing of the words into
``--dim`` dimensions plus a fixed cost per text (``--cost-us``, default 1,000 us, about
MiniLM's on a CPU), spent in ``hashlib.pbkdf2_hmac`` calibrated at start. The projections
are folded by a read without the dense channel first, so only the dense channel's catch-up
(and one question embedding) is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import inspect
import math
import os
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import file_bytes, percentile, table
from benchmarks.workload import observations
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.dense import DenseIndex
from nousmem.runtime.docrows import DocRow

T0 = datetime(2024, 1, 1, tzinfo=UTC)
LIMIT = 50
OLD_SORT_MAX = 20_000  # the old Python sort takes seconds per query beyond this


class _Seeded:
    """Row ``i`` of a seeded Gaussian matrix for text ``d<i>``; a fresh vector per question."""

    def __init__(self, n: int, dim: int, seed: int = 7) -> None:
        rng = np.random.default_rng(seed)
        self.rows = rng.standard_normal((n, dim))
        self.questions = rng.standard_normal((1024, dim))

    def embed(self, texts: Sequence[str]) -> Any:
        return np.stack(
            [self.rows[int(t[1:])] if t[0] == "d" else self.questions[int(t[1:])] for t in texts]
        )


async def _ms(fn: Callable[[int], object], queries: int) -> list[float]:
    out = []
    for i in range(queries):
        t = time.perf_counter()
        got = fn(i)
        if inspect.isawaitable(got):
            await got
        out.append((time.perf_counter() - t) * 1000)
    return out


def run(sizes: Sequence[int], dim: int, queries: int) -> list[dict[str, Any]]:
    """Every measure at every size (see the module docstring)."""

    async def every() -> list[dict[str, Any]]:
        return [row for n in sizes for row in await _one_size(n, dim, queries)]

    return asyncio.run(every())


async def _one_size(n: int, dim: int, queries: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    emb = _Seeded(n, dim)
    docs = {
        f"e{i:08d}": DocRow(f"e{i:08d}", i + 1, "observation", f"d{i}", T0, None, None)
        for i in range(n)
    }
    index = DenseIndex(emb)
    t = time.perf_counter()
    await index.catch_up(lambda: docs)
    build_s = time.perf_counter() - t
    mat = index.vectors
    ids = index.ids
    qs = (emb.questions / np.linalg.norm(emb.questions, axis=1, keepdims=True)).astype(np.float32)

    def ours(i: int) -> Awaitable[list[str]]:
        return index.rank(
            f"q{i % 1024}",
            as_of_seq=n,
            as_of_time=T0 + timedelta(days=1),
            admit=docs.__contains__,
            limit=LIMIT,
        )

    def partition(i: int) -> Any:
        sims = mat @ qs[i % 1024]
        top = np.argpartition(sims, len(sims) - LIMIT)[-LIMIT:]
        return top[np.argsort(-sims[top])]

    def argsort(i: int) -> object:
        return np.argsort(-(mat @ qs[i % 1024]))[:LIMIT]

    def old(i: int) -> object:
        sims = mat @ qs[i % 1024]
        order = sorted(range(len(sims)), key=lambda j: (-float(sims[j]), ids[j]))
        return [ids[j] for j in order if ids[j] in docs][:LIMIT]

    # Same answer as the peers (Gaussian vectors: no ties).
    assert await ours(0) == [ids[j] for j in partition(0)]
    peers = [("nousmem DenseIndex.rank", ours), ("peer matvec+argpartition", partition)]
    peers.append(("peer matvec+argsort", argsort))
    if n <= OLD_SORT_MAX:
        peers.append(("previous: Python sort of every row", old))
    base = percentile(await _ms(partition, queries), 50)
    for name, fn in peers:
        lat = await _ms(fn, queries if fn is not old else max(5, queries // 20))
        rows.append(
            {
                "size": n,
                "measure": name,
                "p50_ms": percentile(lat, 50),
                "p95_ms": percentile(lat, 95),
                "vs_argpartition": percentile(lat, 50) / base if base else float("nan"),
                "index_build_s": build_s,
            }
        )
    return rows


class HashingEmbedder:
    """Deterministic toy model: signed feature hashing of words, and ``cost_us`` of CPU work
    (PBKDF2 iterations, calibrated once) per text. ``texts`` counts what it embedded."""

    _WORD = re.compile(r"\w+")

    def __init__(self, dim: int, cost_us: float, name: str | None = None) -> None:
        self.dim = dim
        self.iterations = _calibrate(cost_us)
        self.texts = 0
        if name is not None:
            self.name = name

    def embed(self, texts: Sequence[str]) -> Any:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            hashlib.pbkdf2_hmac("sha256", text.encode(), b"cost", self.iterations)
            for word in self._WORD.findall(text.lower()):
                h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "big")
                out[row, h % self.dim] += 1.0 if h >> 63 else -1.0
        self.texts += len(texts)
        return out


_ITERATIONS: dict[float, int] = {}


def _calibrate(cost_us: float) -> int:
    """PBKDF2 iterations that take about ``cost_us`` microseconds here."""
    if cost_us <= 0:
        return 1
    if cost_us not in _ITERATIONS:
        probe = 20_000
        best = math.inf
        for _ in range(5):  # the fastest of a few: the first runs are slower
            t = time.perf_counter()
            hashlib.pbkdf2_hmac("sha256", b"calibration", b"cost", probe)
            best = min(best, time.perf_counter() - t)
        per_us = probe / (best * 1e6)
        _ITERATIONS[cost_us] = max(1, round(per_us * cost_us))
    return _ITERATIONS[cost_us]


async def _first_read(path: str, embedder: HashingEmbedder) -> tuple[float, list[str]]:
    """Seconds of the first dense read after opening ``path``, and its snippet ids."""
    async with MemoryRuntime.open(path, namespace="bench/dense") as rt:
        await rt.query("warm-up: fold the projections")
        rt.set_embedder(embedder)
        t = time.perf_counter()
        ctx = await rt.query("Who went hiking with a friend last weekend?")
        took = time.perf_counter() - t
        if any(s.id == "channel:dense" for s in ctx.suppressed):
            raise RuntimeError("the dense channel failed")
        return took, [s.id for s in ctx.snippets]


def run_cache(n: int, dim: int, cost_us: float, repeats: int) -> dict[str, Any]:
    """The vector cache section (see the module docstring)."""

    async def go(path: str) -> dict[str, Any]:
        config = {"journal": {"durability": "normal"}}  # the fill is not what is measured
        async with MemoryRuntime.open(path, namespace="bench/dense", config=config) as rt:
            for obs in observations(11, n):
                await rt.observe(obs)
        before = file_bytes(path)
        named = HashingEmbedder(dim, cost_us, name=f"hashing-{dim}")
        sample = [o["content"] for o in observations(12, 200)]
        t = time.perf_counter()
        named.embed(sample)
        per_text_us = (time.perf_counter() - t) / len(sample) * 1e6
        named.texts = 0
        build_s, _ = await _first_read(path, named)
        cached: list[float] = []
        fresh: list[float] = []
        calls = {"cached": 0, "fresh": 0}
        for _ in range(repeats):
            emb = HashingEmbedder(dim, cost_us)
            t, ids_fresh = await _first_read(path, emb)
            fresh.append(t)
            calls["fresh"] = emb.texts
            emb = HashingEmbedder(dim, cost_us, name=named.name)
            t, ids_cached = await _first_read(path, emb)
            cached.append(t)
            calls["cached"] = emb.texts
            if ids_cached != ids_fresh:
                raise AssertionError("cached vectors ranked differently from fresh ones")
        with sqlite3.connect(path) as conn:
            rows = conn.execute("SELECT count(*) FROM dense_vectors").fetchone()[0]
        return {
            "n": n,
            "dim": dim,
            "cost_us": cost_us,
            "per_text_us": per_text_us,
            "build_s": build_s,
            "fresh_s": statistics.median(fresh),
            "cached_s": statistics.median(cached),
            "texts_fresh": calls["fresh"],
            "texts_cached": calls["cached"],
            "cache_rows": rows,
            "cache_bytes": file_bytes(path) - before,
        }

    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(go(os.path.join(tmp, "cache.db")))


def _print_cache(r: dict[str, Any], repeats: int) -> None:
    print(
        f"\nvector cache: first dense read after reopening, {r['n']:,} observations,"
        f" dim={r['dim']}, HashingEmbedder at {r['cost_us']:.0f} us/text"
        f" (measured {r['per_text_us']:.0f}),"
        f" median of {repeats} (alternating)"
    )
    print(
        table(
            ["first read after reopening", "texts embedded", "seconds"],
            [
                ["no cache (nameless embedder)", f"{r['texts_fresh']:,}", f"{r['fresh_s']:.3f}"],
                ["with the cache (named)", f"{r['texts_cached']:,}", f"{r['cached_s']:.3f}"],
                ["ratio no cache / cache", "", f"{r['fresh_s'] / r['cached_s']:.1f}x"],
            ],
        )
    )
    print(
        f"first read that filled the cache: {r['build_s']:.3f} s; cache: {r['cache_rows']:,}"
        f" rows, file grew by {r['cache_bytes'] / 1e6:.1f} MB"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--cache", type=int, default=10_000, help="observations; 0 skips it")
    ap.add_argument("--cost-us", type=float, default=1000.0)
    ap.add_argument("--cache-repeats", type=int, default=3)
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = run(sizes, args.dim, args.queries)
    print(f"dense ranking: dim={args.dim}, limit={LIMIT}, {args.queries} queries per size")
    print(
        table(
            ["size", "measure", "p50 ms", "p95 ms", "p50 / argpartition"],
            [
                [
                    f"{r['size']:,}",
                    r["measure"],
                    f"{r['p50_ms']:.2f}",
                    f"{r['p95_ms']:.2f}",
                    f"{r['vs_argpartition']:.2f}",
                ]
                for r in rows
            ],
        )
    )
    for n in sizes:
        build = next(r["index_build_s"] for r in rows if r["size"] == n)
        print(f"index of {n:,} rows built in {build:.2f} s (embedder included)")
    if args.cache > 0:
        r = run_cache(args.cache, args.dim, args.cost_us, args.cache_repeats)
        _print_cache(r, args.cache_repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
