"""LoCoMo retrieval harness: nousmem's context beside BM25 / recency / evidence / full.

Run ``python benchmarks/locomo.py PATH [--budgets 500,1000,2000] [--json out.json]
[--limit N] [--db-dir DIR] [--records]`` with PATH any file in LoCoMo's ``locomo10.json``
format (the dataset is CC BY-NC: it is never copied into this project).

Each conversation goes into its own namespace (``locomo/<sample_id>``) of one journal through
the public API only, one turn per ``observe_and_route`` (``observe`` until that exists). Each
question is asked through ``rt.query(question, budget_tokens=B)`` for every budget B; the
baselines are packed to the same number of words as nousmem's context for that question
(``0.75 * B`` words when nousmem cannot answer). Metrics: see ``locomo_metrics``.

Importable as ``benchmarks.locomo`` from the repo root, or by file path.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.common import Progress, file_bytes, note, percentile, table, write_json
from benchmarks.embedders import load_embedder
from benchmarks.locomo_baselines import ConversationBaselines, Packed
from benchmarks.locomo_data import CATEGORY_NAMES, SKIP_REASONS, Dataset, load_dataset
from benchmarks.locomo_metrics import (
    ADVERSARIAL,
    MAIN_CATEGORIES,
    METRIC_TITLES,
    METRICS,
    Scored,
    aggregate,
    score,
)
from nousmem.runtime import MemoryRuntime

SYSTEMS = ("nousmem", "bm25", "recent", "evidence", "full", "nousmem+evidence")
# A diagnostic, not a system: nousmem's context with every gold evidence turn appended (over
# the budget). Its answer recall is what perfect evidence retrieval would add to nousmem's
# context, so the rest of a category's gap is answer words the evidence turns do not hold.
ORACLE = "nousmem+evidence"
WORDS_PER_TOKEN = 0.75  # fallback packing when nousmem gives no context: B tokens ~ 0.75 B words
_MAX_ERROR_EXAMPLES = 5


def _observation(turn: Any) -> dict[str, Any]:
    obs: dict[str, Any] = {
        "type": "utterance",
        "content": turn.content,
        "actor": turn.speaker,
        "source": "user",
        "occurred_at": turn.occurred_at,
    }
    if turn.dia_id:
        obs["ref"] = turn.dia_id
    if turn.caption:
        obs["metadata"] = {"caption": turn.caption}
    return obs


def _context_of(ctx: Any) -> tuple[list[str], str, int | None]:
    """(refs, rendered text, token_count) of a MemoryContext, read defensively."""
    refs: list[str] = []
    for s in getattr(ctx, "snippets", None) or ():
        for r in getattr(s, "refs", None) or ():
            if isinstance(r, str) and r not in refs:
                refs.append(r)
    render = getattr(ctx, "to_prompt", None)
    if callable(render):
        text = render()
    else:  # no renderer: the snippet texts
        text = "\n".join(str(getattr(s, "text", "")) for s in getattr(ctx, "snippets", ()) or ())
    tc = getattr(ctx, "token_count", None)
    return refs, text if isinstance(text, str) else str(text), tc if isinstance(tc, int) else None


def _ms_summary(ms: Sequence[float]) -> dict[str, float]:
    return {"p50_ms": percentile(ms, 50), "p95_ms": percentile(ms, 95), "count": len(ms)}


def _err(examples: list[str], exc: BaseException, where: str) -> None:
    if len(examples) < _MAX_ERROR_EXAMPLES:
        examples.append(f"{where}: {type(exc).__name__}: {exc}"[:300])


async def _ingest(
    rt: MemoryRuntime, ds: Dataset, progress: bool, embedder: Any = None
) -> tuple[dict[str, Any], dict[str, MemoryRuntime]]:
    api = "observe_and_route" if hasattr(rt, "observe_and_route") else "observe"
    scoped: dict[str, MemoryRuntime] = {}
    lat: list[float] = []
    errors = 0
    examples: list[str] = []
    bar = Progress(f"ingest ({api})", ds.n_turns, progress)
    t_start = time.perf_counter()
    for conv in ds.conversations:
        srt = rt.scoped(f"locomo/{conv.sample_id}")
        scoped[conv.sample_id] = srt
        if embedder is not None:
            srt.set_embedder(embedder)
        write = getattr(srt, api)
        for turn in conv.turns:
            t0 = time.perf_counter()
            try:
                await write(_observation(turn))
            except Exception as exc:  # report, never crash
                errors += 1
                _err(examples, exc, f"{conv.sample_id} {turn.dia_id}")
            lat.append((time.perf_counter() - t0) * 1000)
            bar.step()
    seconds = time.perf_counter() - t_start
    bar.close()
    return (
        {
            "api": api,
            "turns": len(lat),
            "seconds": seconds,
            "turns_per_s": len(lat) / seconds if seconds > 0 else math.nan,
            **_ms_summary(lat),
            "errors": errors,
            "error_examples": examples,
        },
        scoped,
    )


async def run_locomo(
    path: str,
    *,
    budgets: Sequence[int] = (500, 1000, 2000),
    limit_conversations: int | None = None,
    db_dir: str | None = None,
    out_json: str | None = None,
    progress: bool = True,
    records: bool = False,
    embedder: str | None = None,
) -> dict[str, Any]:
    """Ingest every conversation of ``path``, ask every question at every budget, score.

    Returns (and writes to ``out_json`` when given) a dict with ``dataset`` (counts and
    everything skipped), ``ingest``, ``query``, ``results[budget][system]`` (by_category,
    macro over 1-4, adversarial, query_ms) and, with ``records=True``, per-question records.
    The journal lives in ``db_dir`` (kept) or a temporary directory (removed).
    ``embedder`` (``MODULE:FACTORY``, see ``benchmarks.embedders``) turns on the dense channel.
    """
    budgets = [int(b) for b in budgets]
    if not budgets or any(b <= 0 for b in budgets):
        raise ValueError("budgets must be positive integers")
    ds = load_dataset(path, limit_conversations)
    dense = load_embedder(embedder) if embedder else None
    note(
        f"locomo: {len(ds.conversations)} conversations, {ds.n_turns} turns,"
        f" {ds.n_questions} questions from {path}",
        progress,
    )

    with ExitStack() as stack:
        if db_dir is None:
            work = stack.enter_context(tempfile.TemporaryDirectory(prefix="nousmem-locomo-"))
        else:
            os.makedirs(db_dir, exist_ok=True)
            work = tempfile.mkdtemp(prefix="locomo-", dir=db_dir)
        db_path = os.path.join(work, "locomo.db")
        rt = await MemoryRuntime.open(
            db_path, namespace="locomo", config={"journal": {"durability": "normal"}}
        )
        try:
            ingest, scoped = await _ingest(rt, ds, progress, dense)
            result = await _query_all(rt, ds, scoped, budgets, progress, records)
        finally:
            await rt.close()
        ingest["db_bytes"] = file_bytes(db_path)
        ingest["db_path"] = db_path if db_dir is not None else None

    by_cat = Counter(q.category for c in ds.conversations for q in c.questions)
    out: dict[str, Any] = {
        "benchmark": "locomo",
        "dataset": {
            "path": ds.path,
            "conversations": len(ds.conversations),
            "turns": ds.n_turns,
            "questions": ds.n_questions,
            "questions_by_category": {str(k): by_cat.get(k, 0) for k in CATEGORY_NAMES},
            "skipped": dict(sorted(ds.skipped.items())),
            "skip_reasons": {k: SKIP_REASONS[k] for k in sorted(ds.skipped)},
        },
        "budgets": budgets,
        "ingest_api": ingest["api"],
        "embedder": embedder,
        "nousmem": result["nousmem"],
        "ingest": ingest,
        "query": result["query"],
        "packing": (
            "baselines packed greedily to the word count of nousmem's context for the same"
            f" question and budget ({WORDS_PER_TOKEN} * budget words when nousmem is"
            " unavailable or failed); evidence = the gold evidence turns alone, unpacked;"
            " full = whole conversation, unpacked"
        ),
        "categories": {str(k): v for k, v in CATEGORY_NAMES.items()},
        "results": result["results"],
    }
    if records:
        out["records"] = result["records"]
    if out_json:
        write_json(out_json, out)
    return out


async def _query_all(
    rt: MemoryRuntime,
    ds: Dataset,
    scoped: dict[str, MemoryRuntime],
    budgets: list[int],
    progress: bool,
    keep_records: bool,
) -> dict[str, Any]:
    available = hasattr(rt, "query")
    systems = [s for s in SYSTEMS if available or s not in ("nousmem", ORACLE)]
    scored: dict[int, dict[str, list[tuple[int, Scored]]]] = {
        b: {s: [] for s in systems} for b in budgets
    }
    times: dict[int, dict[str, list[float]]] = {b: {s: [] for s in systems} for b in budgets}
    token_counts: dict[int, list[int]] = {b: [] for b in budgets}
    errors: dict[int, int] = dict.fromkeys(budgets, 0)
    examples: list[str] = []
    recs: list[dict[str, Any]] = []
    bar = Progress("query", ds.n_questions * len(budgets), progress)

    for conv in ds.conversations:
        base = ConversationBaselines(conv.turns)
        srt: Any = scoped[conv.sample_id]  # Any: ``query`` may not exist yet
        recent = base.recent_order()
        full = base.full()
        for q in conv.questions:
            gold = q.gold
            t0 = time.perf_counter()
            bm25 = base.bm25_order(q.question)
            bm25_ms = (time.perf_counter() - t0) * 1000
            gold_turns = base.evidence(q.evidence)
            for b in budgets:
                contexts: dict[str, tuple[Sequence[str], str, float]] = {}
                words = WORDS_PER_TOKEN * b
                if available:
                    t0 = time.perf_counter()
                    try:
                        ctx = await srt.query(q.question, budget_tokens=b)
                        refs: Sequence[str]
                        refs, text, tc = _context_of(ctx)
                        ok = True
                    except Exception as exc:  # report, score as an empty context
                        errors[b] += 1
                        _err(examples, exc, f"{q.qid} B={b}")
                        refs, text, tc, ok = [], "", None, False
                    contexts["nousmem"] = (refs, text, (time.perf_counter() - t0) * 1000)
                    if tc is not None:
                        token_counts[b].append(tc)
                    if ok:
                        words = float(len(text.split()))
                for name, order, extra_ms in (("bm25", bm25, bm25_ms), ("recent", recent, 0.0)):
                    t0 = time.perf_counter()
                    packed: Packed = base.pack(order, words)
                    ms = (time.perf_counter() - t0) * 1000 + extra_ms
                    contexts[name] = (packed.refs, packed.text, ms)
                contexts["evidence"] = (gold_turns.refs, gold_turns.text, 0.0)
                contexts["full"] = (full.refs, full.text, 0.0)
                if available:
                    own_refs, own_text, _ = contexts["nousmem"]
                    contexts[ORACLE] = (
                        tuple(dict.fromkeys((*own_refs, *gold_turns.refs))),
                        f"{own_text}\n{gold_turns.text}",
                        0.0,
                    )
                for name, (refs, text, ms) in contexts.items():
                    s = score(q.evidence, gold, refs, text)
                    scored[b][name].append((q.category, s))
                    times[b][name].append(ms)
                    if keep_records:
                        recs.append(
                            {
                                "qid": q.qid,
                                "category": q.category,
                                "budget": b,
                                "system": name,
                                "query_ms": ms,
                                "n_refs": len(refs),
                                **s.as_dict(),
                            }
                        )
                bar.step()
    bar.close()

    results: dict[str, Any] = {}
    for b in budgets:
        per: dict[str, Any] = {}
        for name in systems:
            agg = aggregate(scored[b][name])
            agg["query_ms"] = _ms_summary(times[b][name])
            per[name] = agg
        if available:
            tcs = token_counts[b]
            per["nousmem"]["token_count_mean"] = sum(tcs) / len(tcs) if tcs else math.nan
            per["nousmem"]["errors"] = errors[b]
        results[str(b)] = per
    return {
        "nousmem": "available" if available else "unavailable",
        "query": {
            "errors": {str(b): n for b, n in errors.items()} if available else None,
            "error_examples": examples,
        },
        "results": results,
        "records": recs,
    }


def render(res: dict[str, Any]) -> str:
    """Tables: one block per budget, one table per metric (rows = systems)."""
    ds = res["dataset"]
    lines = [
        f"LoCoMo retrieval: {ds['conversations']} conversations, {ds['turns']} turns,"
        f" {ds['questions']} questions ({ds['path']})",
        f"nousmem: {res['nousmem']}; ingest_api: {res['ingest_api']};"
        f" embedder: {res.get('embedder') or 'none'}; packing: {res['packing']}",
    ]
    skipped = ds["skipped"]
    lines.append(
        "skipped/repaired: "
        + (", ".join(f"{k}={v}" for k, v in skipped.items()) if skipped else "none")
    )
    ing = res["ingest"]
    lines.append(
        f"ingest: {ing['turns']} turns in {ing['seconds']:.2f}s ({ing['turns_per_s']:.0f}/s),"
        f" p50 {ing['p50_ms']:.2f} ms, p95 {ing['p95_ms']:.2f} ms, errors {ing['errors']},"
        f" {ing['db_bytes'] / 2**20:.1f} MiB on disk"
    )
    for ex in ing["error_examples"] + res["query"]["error_examples"]:
        lines.append(f"  error: {ex}")
    cats = [str(c) for c in MAIN_CATEGORIES]
    qn = ds["questions_by_category"]
    headers = [
        "system",
        *(f"{CATEGORY_NAMES[int(c)]}({qn[c]})" for c in cats),
        "macro 1-4",
        f"adversarial({qn[str(ADVERSARIAL)]})",
    ]
    for b, per in res["results"].items():
        lines.append("")
        lines.append(f"=== budget {b} tokens ===")
        timing = "; ".join(
            f"{name} p50 {r['query_ms']['p50_ms']:.2f} / p95 {r['query_ms']['p95_ms']:.2f} ms"
            for name, r in per.items()
        )
        lines.append(f"query time: {timing}")
        if "nousmem" in per:
            lines.append(
                f"nousmem token_count mean: {per['nousmem']['token_count_mean']:.0f};"
                f" query errors: {per['nousmem']['errors']}"
            )
        for m in METRICS:
            rows = [
                [
                    name,
                    *(r["by_category"][c][m] for c in cats),
                    r["macro"][m],
                    r["adversarial"][m],
                ]
                for name, r in per.items()
            ]
            lines.append("")
            lines.append(table(headers, rows, title=f"{m}: {METRIC_TITLES[m]}"))
    return "\n".join(lines)


def _budgets(text: str) -> list[int]:
    try:
        vals = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("budgets: comma-separated integers") from None
    if not vals or any(v <= 0 for v in vals):
        raise argparse.ArgumentTypeError("budgets: positive integers")
    return vals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="LoCoMo retrieval benchmark for nousmem")
    ap.add_argument("path", help="a file in LoCoMo locomo10.json format")
    ap.add_argument("--budgets", type=_budgets, default=[500, 1000, 2000])
    ap.add_argument("--json", dest="json_path", help="write every figure to this JSON file")
    ap.add_argument("--limit", type=int, default=None, help="first N conversations only")
    ap.add_argument("--db-dir", default=None, help="keep the journal in a new dir under this")
    ap.add_argument("--records", action="store_true", help="per-question records in the JSON")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument("--embedder", default=None, help="MODULE:FACTORY of a dense embedder")
    args = ap.parse_args(argv)
    try:
        res = asyncio.run(
            run_locomo(
                args.path,
                budgets=args.budgets,
                limit_conversations=args.limit,
                db_dir=args.db_dir,
                out_json=args.json_path,
                progress=not args.quiet,
                records=args.records,
                embedder=args.embedder,
            )
        )
    except (OSError, ValueError) as exc:  # unreadable file or JSON
        print(f"locomo: {exc}", file=sys.stderr)
        return 2
    print(render(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
