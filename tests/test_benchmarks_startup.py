"""Smoke tests of the journal-opening, write-breakdown and route-growth benchmarks: tiny
sizes, the shape of the output only (never timings)."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

from benchmarks import reopen, route_growth, write_breakdown


def _finite(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


async def test_reopen_smoke(tmp_path: Path) -> None:
    out = tmp_path / "open.json"
    argv = ["--plain", "60", "--turns", "20", "--read-every", "5", "--dir", str(tmp_path)]
    res = await reopen.main([*argv, "--json", str(out), "--quiet"])
    assert set(res) == {"plain", "governed"} and json.loads(out.read_text()) == res
    assert res["plain"]["events"] == 61  # 60 observations and the first query's trace
    assert res["governed"]["traces"] == 5
    for r in res.values():
        for key in ("open_and_first_query_s", "events_per_s", "ratio_to_floor", "trace_bytes_mean"):
            assert _finite(r[key]), key
    assert "open + 1st query" in reopen.render(res)
    assert os.listdir(tmp_path) == ["open.json"]  # the journals are removed


async def test_write_breakdown_smoke(tmp_path: Path) -> None:
    res = await write_breakdown.run(8, 4, "normal", str(tmp_path))
    for key in (
        "observe_and_route_us",
        "assess_us",
        "commit_and_fold_us",
        "rule_extraction_us",
        "risk_scan_us",
        "thread_hop_us",
        "gc_share",
        "observe_us",
        "route_loop_thread_us",
        "route_worker_us",
    ):
        assert _finite(res[key]), key
    text = write_breakdown.render(res, "normal")
    assert "garbage collector" in text and "commit on the worker thread" in text


async def test_write_breakdown_compares_commit_threads_only_where_both_exist(
    tmp_path: Path,
) -> None:
    res = await write_breakdown.run(8, 4, "full", str(tmp_path))
    assert "route_worker_us" not in res  # at "full" every commit is on the worker
    assert "commit on the worker thread" not in write_breakdown.render(res, "full")


async def test_route_growth_smoke(tmp_path: Path) -> None:
    res = await route_growth.run(3, 4, str(tmp_path))
    for order in route_growth.ORDERS:
        rows = res[order]
        assert [r["round"] for r in rows] == [1, 2, 3]
        before = [r["events_before"] for r in rows]
        assert before[0] == 0 and before[0] < before[1] < before[2]  # the journal grows
        assert rows[0]["ratio"] == 1.0 and all(_finite(r["us"]) for r in rows)
    assert "same dates" in route_growth.render(res)


def test_route_growth_dates_each_round_after_the_last_or_again() -> None:
    def dates(r: int, order: str) -> list[Any]:
        return [o["occurred_at"] for o in route_growth._round_items(r, 30, order)]

    for r in range(3):
        # "dated": every round after the one before; "same dates": every round starts
        # before the first round's last date (so its claims come in back-dated)
        assert max(dates(r, "dated")) < min(dates(r + 1, "dated"))
        assert min(dates(r + 1, "same dates")) < max(dates(0, "same dates"))
