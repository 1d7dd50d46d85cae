"""Smoke tests of the benchmarks: tiny sizes, assertions on the shape of the output only."""

from __future__ import annotations

import gc
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import (
    backfill,
    common,
    gc_pauses,
    journal,
    kept_slots,
    locomo,
    perf,
    postings,
    sleep_reads,
)
from benchmarks.common import Timer, percentile, table
from benchmarks.locomo_data import parse_session_datetime
from benchmarks.locomo_metrics import normalize_answer, score
from benchmarks.perf_goals import GOALS, check_goals


def _finite(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def _conversation() -> list[dict[str, Any]]:
    """A generated two-session conversation in LoCoMo's locomo10.json format."""
    s1 = [
        {"speaker": "Ann", "dia_id": "D1:1", "text": "Hi Bo! I adopted a cat named Miso."},
        {"speaker": "Bo", "dia_id": "D1:2", "text": "Congrats! I started pottery classes."},
        {
            "speaker": "Ann",
            "dia_id": "D1:3",
            "text": "Look at her!",
            "blip_caption": "a photo of a grey cat on a sofa",
        },
        {"speaker": "Bo", "dia_id": "D1:4", "text": "She is lovely. I work at Globex now."},
    ]
    s2 = [
        {"speaker": "Ann", "dia_id": "D2:1", "text": "I ran a 10k race in Lisbon yesterday."},
        {"speaker": "Bo", "dia_id": "D2:2", "text": "Amazing, my pottery bowl came out great."},
        {"speaker": "Ann", "dia_id": "D2:3", "text": "Miso knocked it off the shelf though."},
        {"speaker": "Bo", "dia_id": "D2:4", "text": "Ha! I have 3 bowls left."},
    ]
    qa = [
        {
            "question": "What is the name of Ann's cat?",
            "answer": "Miso",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "When did Ann run a race in Lisbon?",
            "answer": "8 June 2023",
            "evidence": ["D2:1"],
            "category": 2,
        },
        {
            "question": "What hobby do Bo's classes and bowl share?",
            "answer": "pottery",
            "evidence": ["D1:2; D2:2"],
            "category": 1,
        },  # malformed: two ids in one string
        {
            "question": "How many bowls does Bo have left?",
            "answer": 3,  # integer answer
            "evidence": ["D2:4", "D"],
            "category": 4,
        },  # "D": malformed
        {
            "question": "Where might Bo work?",
            "answer": "Globex",
            "evidence": ["D9:9"],
            "category": 3,
        },  # not in the dialog
        {
            "question": "What did Ann's dog break?",
            "adversarial_answer": "a bowl",
            "evidence": ["D2:3"],
            "category": 5,
        },
    ]
    return [
        {
            "sample_id": "conv-test",
            "conversation": {
                "speaker_a": "Ann",
                "speaker_b": "Bo",
                "session_1_date_time": "1:56 pm on 8 May, 2023",
                "session_1": s1,
                "session_2_date_time": "10:05 am on 9 June, 2023",
                "session_2": s2,
            },
            "qa": qa,
        }
    ]


def test_helpers() -> None:
    assert percentile([1.0, 2.0, 3.0], 50) == 2.0
    assert math.isnan(percentile([], 95))
    assert "a" in table(["a", "b"], [[1, 2.5]])
    ab = common.two_sides("on", [1.0, 2.0, 3.0], "off", [2.0, 4.0, 6.0])
    assert (ab["on_mean_ms"], ab["off_p50_ms"], ab["mean_ratio"], ab["p95_ratio"]) == (
        2.0,
        4.0,
        0.5,
        0.5,
    )
    dt = parse_session_datetime("1:56 pm on 8 May, 2023")
    assert dt is not None and (dt.hour, dt.minute, dt.day, dt.month) == (13, 56, 8, 5)
    assert dt.utcoffset() is not None
    assert parse_session_datetime("someday") is None
    assert normalize_answer("The Cat, and a Dog!") == "cat dog"
    s = score(["D1:1", "D2:2"], "grey cat", ["D1:1"], "A grey dog")
    assert (s.ev_any, s.ev_all, s.ev_frac, s.sess_frac, s.ans_recall) == (1.0, 0.0, 0.5, 0.5, 0.5)


async def test_journal_smoke(tmp_path: Path) -> None:
    res = await journal.run(50, "normal", str(tmp_path))
    for key in ("floor", "sequential", "concurrent", "verify", "disk"):
        assert key in res
    for section, field in (
        ("floor", "per_event_eps"),
        ("floor", "batched_eps"),
        ("sequential", "eps"),
        ("sequential", "ratio_to_floor"),
        ("concurrent", "eps"),
        ("concurrent", "ratio_to_floor"),
        ("verify", "eps"),
        ("disk", "bytes_per_event"),
    ):
        assert _finite(res[section][field]), (section, field)
    assert res["verify"]["ok"] and res["verify"]["checked"] == 50
    assert res["concurrent"]["verified"] is True
    assert res["payload_matches_floor"] is True
    assert res["rounds"] == journal.ROUNDS
    text = journal.render(res)
    assert "observe sequential" in text
    # 50 events: 5 in every sequential round; each of the 32 producers has one or two, so
    # only the first two rounds of the concurrent run hold any of its events.
    for section, rounds in (("sequential", journal.ROUNDS), ("concurrent", 2)):
        spread = res[section]["rounds"]
        assert len(spread["per_round"]) == rounds, section
        assert spread["min"] <= spread["median"] <= spread["max"]
    assert "sequential, each round's own ratio: min" in text
    assert f"{journal.PRODUCERS} producers, each round's own ratio: min" in text
    assert "machine:" not in text  # run() alone takes no probe; main() adds it
    res["cpu_probe_s"] = {"start": 0.184, "end": 0.261}
    assert journal.render(res).endswith(
        "machine: sum(range(10**7)) took 0.18 s before the run and 0.26 s after it"
        " (best of 3; lower is faster)"
    )


def _timer(laps: Sequence[float]) -> Timer:
    t = Timer()
    t.laps.extend(laps)
    return t


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(1e-4, 10.0), st.floats(1e-4, 10.0), st.integers(0, 50)),
        min_size=1,
        max_size=12,
    )
)
def test_journal_round_spread_brackets_the_whole_runs_ratio(
    rounds: list[tuple[float, float, int]],
) -> None:
    floor = _timer([f for f, _, _ in rounds])
    ours = _timer([o for _, o, _ in rounds])
    sizes = [n for _, _, n in rounds]
    spread = journal.round_spread(floor, ours, sizes, sizes)
    kept = [(f, o, n) for f, o, n in rounds if n]
    assert spread["per_round"] == [pytest.approx(f / o) for f, o, _ in kept]
    if not kept:
        assert math.isnan(spread["median"])
        return
    whole = sum(f for f, _, _ in kept) / sum(o for _, o, _ in kept)
    assert spread["min"] * (1 - 1e-9) <= whole <= spread["max"] * (1 + 1e-9)
    assert spread["min"] <= spread["median"] <= spread["max"]


def test_journal_round_spread_compares_rates_when_round_sizes_differ() -> None:
    # The floor wrote 10 events in 1 s; nousmem 5 in 1 s that round: half the floor's rate.
    spread = journal.round_spread(_timer([1.0]), _timer([1.0]), [10], [5])
    assert spread["per_round"] == [0.5]


def test_timer_keeps_each_lap() -> None:
    t = Timer()
    for _ in range(3):
        with t:
            pass
    assert len(t.laps) == 3
    assert t.seconds == pytest.approx(sum(t.laps))


@pytest.mark.parametrize(("n", "rounds"), [(0, 3), (7, 3), (20, 10), (3, 10), (50, 1)])
def test_journal_rounds_cover_every_event_once_in_order(n: int, rounds: int) -> None:
    parts = journal._rounds(list(range(n)), rounds)
    assert len(parts) == rounds
    assert [x for p in parts for x in p] == list(range(n))


async def test_perf_smoke(tmp_path: Path) -> None:
    res = await perf.run([50, 100], str(tmp_path), probe=20, queries=3)
    assert res["sizes"] == [50, 100]
    assert set(res["by_size"]) == {"50", "100"} and set(res["scaling"]) == {"50", "100"}
    for r in res["by_size"].values():
        for key in ("observe_sequential", "observe_concurrent"):
            assert _finite(r["ingest"][key]["eps"]) and _finite(r["ingest"][key]["ratio"])
        for key in ("route_sequential", "route_concurrent"):
            assert r["ingest"][key] is None or _finite(r["ingest"][key]["eps"])
        assert r["query"] is None or _finite(r["query"]["p50_ms"])
        assert _finite(r["rebuild"]["eps"]) and _finite(r["verify"]["eps"])
        assert r["verify"]["ok"]
        assert _finite(r["disk"]["bytes_per_event"]) and r["peak_rss_bytes"] > 0
    assert res["scaling"]["50"]["per_event_rel"] == 1.0
    # The issues state their goals at 1k, 10k and 100k events: none of them was run here.
    assert [g["met"] for g in res["goals"]] == [None] * len(GOALS)
    assert "scaling" in perf.render(res) and "goals (n/a" in perf.render(res)
    assert "postings in memory: off" in perf.render(res)
    assert "machine:" not in perf.render(res)
    res["cpu_probe_s"] = {"start": 0.3, "end": 0.4}
    assert (
        perf.render(res)
        .splitlines()[-1]
        .startswith("machine: sum(range(10**7)) took 0.30 s before the run and 0.40 s after it")
    )


async def test_perf_smoke_with_postings_in_memory(tmp_path: Path) -> None:
    res = await perf.run([60], str(tmp_path), probe=10, queries=3, postings=True)
    assert res["postings_in_memory"] is True and _finite(res["by_size"]["60"]["query"]["p50_ms"])
    assert "postings in memory: on" in perf.render(res)


def _size(route_eps: float | None, p95: float | None, replay_ms: float | None) -> dict[str, Any]:
    route = None if route_eps is None else {"eps": route_eps}
    return {
        "ingest": {"route_sequential": route},
        "query": None if p95 is None else {"p95_ms": p95},
        "replay": None if replay_ms is None else {"ms": replay_ms},
    }


def test_perf_goals_are_checked_at_their_sizes() -> None:
    by_size = {
        "1000": _size(2_000.0, 5.0, 10.0),
        "10000": _size(900.0, 6.0, 10.0),
        "100000": _size(1_600.0, 18.5, 2_500.0),
    }
    rows = {(g["what"], g["at"]): g for g in check_goals(by_size)}
    route = "observe_and_route one at a time, obs/s"
    assert rows[(route, 1_000)]["met"] is True and rows[(route, 100_000)]["met"] is True
    # 1e6/1600 against 1e6/2000 us an observation: 1.25x the cost at 1k.
    cost = rows[("observe_and_route cost per obs, 100k / 1k", 100_000)]
    assert cost["figure"] == pytest.approx(1.25) and cost["met"] is True
    assert rows[("query p95, ms", 100_000)]["met"] is True
    ratio = rows[("query p95, 100k / 10k", 100_000)]
    assert ratio["figure"] == pytest.approx(18.5 / 6.0) and ratio["met"] is False
    assert rows[("replay_trace of one read, ms", 100_000)]["met"] is False
    # Below a goal's line, and sizes or features missing from a run.
    by_size["100000"] = _size(1_400.0, 20.5, None)
    del by_size["10000"]
    rows = {(g["what"], g["at"]): g for g in check_goals(by_size)}
    assert rows[(route, 100_000)]["met"] is False
    assert rows[("query p95, ms", 100_000)]["met"] is False
    assert rows[("query p95, 100k / 10k", 100_000)]["met"] is None
    assert rows[("replay_trace of one read, ms", 100_000)]["figure"] is None


def test_probed_times_the_machine_before_and_after_the_measure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    readings = iter([0.25, 0.5])

    def fake_probe(repeat: int = 3) -> float:
        calls.append("probe")
        return next(readings)

    def measure() -> dict[str, Any]:
        calls.append("measure")
        return {"figure": 1}

    monkeypatch.setattr(common, "cpu_probe", fake_probe)
    res = common.probed(measure)
    assert calls == ["probe", "measure", "probe"]
    assert res == {"figure": 1, "cpu_probe_s": {"start": 0.25, "end": 0.5}}
    assert common.probe_line(None) == ""


def test_cpu_probe_is_a_positive_duration() -> None:
    t = common.cpu_probe(repeat=1)
    assert math.isfinite(t) and t > 0


async def test_locomo_smoke(tmp_path: Path) -> None:
    path = tmp_path / "mini-locomo.json"
    path.write_text(json.dumps(_conversation()), encoding="utf-8")
    out = tmp_path / "out.json"
    res = await locomo.run_locomo(
        str(path),
        budgets=(100, 300),
        db_dir=str(tmp_path / "db"),
        out_json=str(out),
        progress=False,
        records=True,
    )
    ds = res["dataset"]
    assert (ds["conversations"], ds["turns"], ds["questions"]) == (1, 8, 6)
    skipped = ds["skipped"]
    assert skipped["evidence_split"] == 1
    assert skipped["evidence_malformed"] == 1
    assert skipped["evidence_not_in_dialog"] == 1
    assert skipped["answer_not_string"] == 1
    assert skipped["question_without_evidence"] == 1
    assert res["ingest_api"] in ("observe", "observe_and_route")
    assert res["nousmem"] in ("available", "unavailable")
    assert res["ingest"]["turns"] == 8 and res["ingest"]["errors"] == 0
    assert set(res["results"]) == {"100", "300"}
    expected = {"bm25", "recent", "evidence", "full"}
    if res["nousmem"] == "available":
        expected |= {"nousmem", "nousmem+evidence"}
    for per in res["results"].values():
        assert set(per) == expected
        for r in per.values():
            assert set(r["by_category"]) == {"1", "2", "3", "4"}
            assert r["adversarial"]["questions"] == 1
            assert _finite(r["macro"]["ans_recall"]) and _finite(r["macro"]["ctx_words"])
            assert _finite(r["query_ms"]["p50_ms"])
        assert per["full"]["macro"]["ev_all"] == 1.0
        # The gold evidence turns hold every evidence ref and nothing more than the full talk.
        assert per["evidence"]["macro"]["ev_all"] == 1.0
        ev_words = per["evidence"]["macro"]["ctx_words"]
        assert 0 < ev_words < per["full"]["macro"]["ctx_words"]
        if "nousmem" in per:
            # nousmem's context plus every evidence turn: all evidence in, every answer word
            # nousmem or the evidence held, and exactly the words of both.
            oracle, own = per["nousmem+evidence"], per["nousmem"]
            assert oracle["macro"]["ev_all"] == 1.0
            for c in ("1", "2", "3", "4"):
                got, base, ev = (
                    r["by_category"][c]["ans_recall"] for r in (oracle, own, per["evidence"])
                )
                if _finite(got):
                    assert got >= max(base, ev)
            assert oracle["macro"]["ctx_words"] == pytest.approx(
                own["macro"]["ctx_words"] + ev_words
            )
    assert res["records"] and {"qid", "system", "budget", "ev_frac"} <= set(res["records"][0])
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["dataset"]["skipped"] == skipped
    assert "budget 100 tokens" in locomo.render(res)


async def test_sleep_reads_smoke() -> None:
    res = await sleep_reads.run(entities=8, reads=3)
    assert res["compiled"] >= 8  # a frame per person, a schema per shared employer
    assert res["events_before_sleep"] == 32
    for key in ("before_p50_ms", "after_p50_ms", "p50_ratio", "p95_ratio"):
        assert res[key] > 0
    text = sleep_reads.render(res)
    assert "query p50 (ms)" in text and "8 entities" in text
    with pytest.raises(ValueError, match="entities"):
        await sleep_reads.run(entities=1, reads=3)


async def test_backfill_smoke() -> None:
    res = await backfill.run([6], reads=2)
    (row,) = res["rows"]
    assert row["statements"] == 6 and row["same_belief"]
    for key in ("forward_write_ms", "backward_write_ms", "write_ratio", "read_ratio"):
        assert row[key] > 0
    assert "same belief" in backfill.render(res)
    with pytest.raises(ValueError, match="sizes"):
        await backfill.run([1], reads=2)


async def test_kept_slots_smoke(tmp_path: Any) -> None:
    res = await kept_slots.run(60, 6, 3, 2, str(tmp_path))
    assert res["events"] > 66 and res["rounds"] == 2  # the routed ones derive events too
    for key in ("kept_mean_ms", "fresh_p95_ms", "mean_ratio", "p95_ratio"):
        assert res[key] > 0
    assert "resolved afresh" in kept_slots.render(res)
    with pytest.raises(ValueError, match="rounds"):
        await kept_slots.run(60, 6, 3, 1, str(tmp_path))


async def test_gc_pauses_smoke(tmp_path: Any) -> None:
    res = await gc_pauses.run(60, 3, 4, 2, str(tmp_path))
    assert res["events"] == 60 + 2 * 2 * 4 + 3 * 2 * 2 + 20  # + a trace per read
    assert res["tracked_objects"] > 60
    for side in gc_pauses.SIDES:
        assert 0 < res[f"{side}_read_p50_ms"] <= res[f"{side}_read_max_ms"]
        assert res[f"{side}_full_collections"] >= 0
    assert "gc.freeze()" in gc_pauses.render(res)
    assert gc.get_freeze_count() == 0  # every frozen round unfroze
    with pytest.raises(ValueError, match="rounds"):
        await gc_pauses.run(60, 3, 4, 1, str(tmp_path))


def test_a_benchmarks_main_runs_it_in_a_temp_dir_with_the_probe_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    probes = iter([0.2, 0.3])
    monkeypatch.setattr(common, "cpu_probe", lambda: next(probes))
    out = tmp_path / "gc.json"
    args = ["--n", "40", "--queries", "2", "--writes", "2", "--rounds", "2"]
    assert gc_pauses.main([*args, "--dir", str(tmp_path), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "after gc.freeze()" in printed
    assert "machine: sum(range(10**7)) took 0.20 s before the run and 0.30 s after" in printed
    figures = json.loads(out.read_text())
    assert figures["events"] == 40 + 2 * 2 * 2 + 2 * 2 * 2 + 20
    assert figures["cpu_probe_s"] == {"start": 0.2, "end": 0.3}
    assert [p.name for p in tmp_path.iterdir()] == ["gc.json"]  # the journal went with it


def test_gc_pauses_counts_full_collections_only() -> None:
    seen = gc_pauses.FullCollections()
    with seen.installed():
        gc.collect(0)
        gc.collect(1)
        assert seen.ms == []
        gc.collect()
    assert len(seen.ms) == 1 and seen.ms[0] >= 0
    gc.collect()
    assert len(seen.ms) == 1  # removed on leaving
    with gc_pauses._side("frozen"):
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


async def test_postings_smoke(tmp_path: Any) -> None:
    res = await postings.run(80, 4, 2, 3, str(tmp_path))
    assert res["events"] == 80 and res["compared_contexts"] == 8
    assert res["identical_contexts"] == 8  # the postings rank as FTS5 does
    assert res["on_mean_ms"] > 0 and res["off_mean_ms"] > 0 and res["cold_max_ms"] > 0
    assert "FTS5 statement" in postings.render(res)
    with pytest.raises(ValueError):
        await postings.run(80, 4, 1, 3, str(tmp_path))


def test_context_reading() -> None:
    """The harness reads a MemoryContext's snippets/refs/to_prompt/token_count defensively."""

    class Snippet:
        def __init__(self, text: str, refs: list[Any]) -> None:
            self.text, self.refs = text, refs

    class Ctx:
        snippets = (Snippet("Ann: hi", ["D1:1", None]), Snippet("Bo: yo", ["D1:2", "D1:1"]))
        token_count = 7

        def to_prompt(self) -> str:
            return "Ann: hi\nBo: yo"

    refs, text, tc = locomo._context_of(Ctx())
    assert refs == ["D1:1", "D1:2"] and text == "Ann: hi\nBo: yo" and tc == 7
    assert locomo._context_of(object()) == ([], "", None)


class _Toy:
    """A toy embedder for ``--embedder tests.test_benchmarks_smoke:toy_embedder``."""

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [[float(len(t)), float(t.count(" ")) + 1.0] for t in texts]


TOY = _Toy()


def toy_embedder() -> _Toy:
    return TOY


async def test_locomo_with_an_embedder(tmp_path: Path) -> None:
    path = tmp_path / "mini-locomo.json"
    path.write_text(json.dumps(_conversation()), encoding="utf-8")
    before = TOY.calls
    res = await locomo.run_locomo(
        str(path),
        budgets=(300,),
        progress=False,
        embedder="tests.test_benchmarks_smoke:toy_embedder",
    )
    assert res["embedder"] == "tests.test_benchmarks_smoke:toy_embedder"
    assert TOY.calls > before  # the dense channel ran
    assert "embedder: tests.test_benchmarks_smoke:toy_embedder" in locomo.render(res)
    for bad, why in [
        ("no-colon", "expected MODULE:FACTORY"),
        ("tests.nowhere:x", "No module named"),
        ("tests.test_benchmarks_smoke:_conversation", "has no embed"),
    ]:
        with pytest.raises(ValueError, match=why):
            await locomo.run_locomo(str(path), budgets=(300,), progress=False, embedder=bad)


def test_dense_benchmark_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import dense

    rows = dense.run([200], dim=8, queries=3)
    measures = {r["measure"] for r in rows}
    assert "nousmem DenseIndex.rank" in measures and "peer matvec+argpartition" in measures
    assert all(_finite(r["p95_ms"]) and r["p95_ms"] >= r["p50_ms"] for r in rows)
    assert dense.main(["--sizes", "100", "--dim", "4", "--queries", "2", "--cache", "0"]) == 0
    out = capsys.readouterr().out
    assert "p50 / argpartition" in out and "vector cache" not in out


def test_dense_cache_benchmark_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import dense

    r = dense.run_cache(60, dim=16, cost_us=0, repeats=1)
    assert r["texts_fresh"] == 61 and r["texts_cached"] == 1  # the question only
    assert r["cache_rows"] == 60 and r["cached_s"] > 0 and r["fresh_s"] > 0
    args = ["--sizes", "50", "--dim", "8", "--queries", "2", "--cache", "40", "--cost-us", "0"]
    assert dense.main([*args, "--cache-repeats", "1"]) == 0
    assert "ratio no cache / cache" in capsys.readouterr().out


def test_perf_streams_dated_after_another_start_past_its_end() -> None:
    first = [o["occurred_at"] for s in perf._streams(1, 50, 1) for o in s]
    later = [o["occurred_at"] for s in perf._streams(2, 50, 32, after=50) for o in s]
    again = [o["occurred_at"] for s in perf._streams(3, 50, 32) for o in s]
    assert max(first) < min(later)  # the concurrent route run is not back-dated
    assert min(again) < max(first)  # without ``after`` a stream restates the same dates
