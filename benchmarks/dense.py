"""The dense channel's ranking cost at several index sizes, beside numpy peers in one run.

Run ``python benchmarks/dense.py [--sizes 10000,100000] [--dim 384] [--queries 200]``.

Vectors (float32, as stored) come from a seeded generator (no model: this measures
nousmem's part, not the embedder's). For each size N it reports per-query p50/p95 of:

- ``DenseIndex.rank`` (limit 50, every row in view), as the dense channel calls it: the
  question is embedded in a worker thread, so this includes one thread round trip;
- peer ``matvec + argpartition``: the least any exact top-50 needs (no ties, no view mask);
- peer ``matvec + argsort``: a full sort of the similarities in numpy;
- the Python sort of every row that the dense channel used before (small sizes only).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import percentile, table
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

    def partition(i: int) -> object:
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--queries", type=int, default=200)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
