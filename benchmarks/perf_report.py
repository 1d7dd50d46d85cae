"""The table ``benchmarks/perf.py`` prints from its figures (see ``perf.run``)."""

from __future__ import annotations

from typing import Any

from benchmarks.common import probe_line, table


def _get(d: dict[str, Any] | None, *keys: str) -> Any:
    for k in keys:
        if d is None:
            return None
        d = d.get(k)
    return d


def render(res: dict[str, Any]) -> str:
    blocks = [
        f"perf: sizes {', '.join(f'{s:,}' for s in res['sizes'])}; durability"
        f" {res['durability']}; {res['producers']} producers; probe {res['probe']:,} events;"
        f" postings in memory: {'on' if res.get('postings_in_memory') else 'off'};"
        " features: "
        + ", ".join(f"{k}={'yes' if v else 'n/a'}" for k, v in res["features"].items())
    ]
    for n, r in res["by_size"].items():
        ing = r["ingest"]
        rows: list[list[Any]] = []
        for label, key, peer in (
            ("observe sequential (ev/s)", "observe_sequential", "floor 1 tx/event"),
            (f"observe x{res['producers']} (ev/s)", "observe_concurrent", "floor 1,000/tx"),
            ("observe_and_route sequential (obs/s)", "route_sequential", "floor 1 tx/event"),
            (
                f"observe_and_route x{res['producers']} (obs/s)",
                "route_concurrent",
                "floor 1,000/tx",
            ),
        ):
            x = ing.get(key)
            rows.append([label, _get(x, "eps"), _get(x, "floor_eps"), _get(x, "ratio"), peer])
            if key == "route_sequential" and _get(x, "journal_eps") is not None:
                per = x["journal_events"] / max(1, x["events"])
                rows.append(
                    [
                        "  the same, journal events/s",
                        x["journal_eps"],
                        None,
                        None,
                        f"{per:.2f} events per observation",
                    ]
                )
        q = r["query"]
        rows.append(
            [
                "query p50 (ms)",
                _get(q, "p50_ms"),
                _get(q, "peer_p50_ms"),
                _get(q, "ratio_p50"),
                "FTS5 MATCH",
            ]
        )
        rows.append(
            [
                "query p95 (ms)",
                _get(q, "p95_ms"),
                _get(q, "peer_p95_ms"),
                _get(q, "ratio_p95"),
                "FTS5 MATCH",
            ]
        )
        qa = r.get("query_as_of")
        rows.append(
            [
                "query as_of half p95 (ms)",
                _get(qa, "p95_ms"),
                _get(qa, "head_p95_ms"),
                _get(qa, "ratio_p95"),
                "query p95 at the head",
            ]
        )
        rows.append(
            [
                "rebuild (ev/s)",
                r["rebuild"]["eps"],
                r["rebuild"]["floor_eps"],
                r["rebuild"]["ratio"],
                "read + json.loads",
            ]
        )
        rows.append(
            [
                "verify (ev/s)",
                r["verify"]["eps"],
                r["verify"]["floor_eps"],
                r["verify"]["ratio"],
                "floor chain walk",
            ]
        )
        rp = r["replay"]
        rows.append(
            [
                "replay one trace (ms)",
                _get(rp, "ms"),
                _get(rp, "query_ms"),
                _get(rp, "ratio"),
                "the query itself",
            ]
        )
        rows.append(
            [
                "bytes on disk / observation",
                r["disk"]["bytes_per_event"],
                r["disk"]["floor_bytes_per_event"],
                r["disk"]["ratio"],
                "floor file",
            ]
        )
        rows.append(
            [
                "bytes on disk / event, all kinds",
                r["disk"]["bytes_per_event_all"],
                None,
                None,
                "after routing",
            ]
        )
        rows.append(["peak RSS so far (MiB)", r["peak_rss_bytes"] / 2**20, None, None, ""])
        title = f"\n--- {int(n):,} events (journal holds {r['journal_events']:,}) ---"
        blocks.append(table(["measure", "nousmem", "floor/peer", "ratio", "peer"], rows, title))
    srows = [
        [
            f"{int(n):,}",
            s["per_event_us"],
            s["per_event_rel"],
            s["per_query_ms"],
            s["per_query_rel"],
        ]
        for n, s in res["scaling"].items()
    ]
    blocks.append(
        table(
            ["size", "observe us/event", "rel", "query p50 ms", "rel"],
            srows,
            "\nscaling (relative to the smallest size; 1.0 = flat)",
        )
    )
    goals = res.get("goals")
    if goals:
        grows = [
            [
                g["issue"],
                g["what"],
                f"{g['at']:,}",
                g["figure"],
                g["goal"],
                "n/a" if g["met"] is None else "yes" if g["met"] else "NO",
            ]
            for g in goals
        ]
        blocks.append(
            table(
                ["issue", "goal", "at size", "figure", "target", "met"],
                grows,
                "\ngoals (n/a: that size or feature was not measured in this run)",
            )
        )
    machine = probe_line(res.get("cpu_probe_s"))
    if machine:
        blocks.append(machine)
    return "\n".join(blocks)
