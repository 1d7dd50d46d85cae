"""The ``nousmem`` command line, driven through ``main([...])`` in process."""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime.cli import bench_cmds, main

NS = "user/alice"


class Run:
    """Call the CLI and capture what it printed."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.db = db
        self.out = ""
        self.err = ""

    def __call__(self, *argv: str, db: bool = True) -> int:
        args = list(argv)
        if db:
            args += ["--db", str(self.db), "-n", NS]
        code = main(args)
        captured = self.capsys.readouterr()
        self.out, self.err = captured.out, captured.err
        return code

    def json(self, *argv: str) -> Any:
        code = self(*argv, "--json")
        assert code == 0, self.err
        return json.loads(self.out)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "memory.db")


@pytest.fixture
def alice(run: Run) -> Run:
    """A journal with Alice's job, its change, a hobby and a colleague."""
    for text, day in [
        ("I work at Google as a data engineer.", "2024-03-01"),
        ("I play tennis on weekends.", "2024-03-02"),
        ("I just joined Sarvam AI, I left Google.", "2024-06-01"),
    ]:
        assert run("route", text, "--actor", "Alice", "--occurred-at", f"{day}T09:00:00+00:00") == 0
    assert (
        run("route", "Bob works at Sarvam AI.", "--occurred-at", "2024-06-02T09:00:00+00:00") == 0
    )
    return run


def _trace(run: Run, question: str = "Where does Alice work?") -> str:
    trace_id: str = run.json("query", question)["trace_id"]
    return trace_id


# -- the journal must exist -----------------------------------------------------------------

REFUSE_MISSING = [
    ["log"],
    ["show", "01HQWKVSM04KM6GTPWR11VHZAC"],
    ["verify"],
    ["stats"],
    ["query", "Where does Alice work?"],
    ["worldview"],
    ["trace", "01HQWKVSM04KM6GTPWR11VHZAC"],
    ["replay", "01HQWKVSM04KM6GTPWR11VHZAC"],
    ["lifecycle", "01HQWKVSM04KM6GTPWR11VHZAC"],
    ["forget", "inhibit", "Alice.employer=Google", "--reason", "old"],
    ["erase", "--entity", "Bob", "--reason", "privacy"],
    ["sleep"],
    ["rebuild"],
    ["belief", "Alice", "employer"],
    ["identity", "Alice"],
    ["merge", "Alice", "Al", "--reason", "same"],
    ["relate", "01HQWKVSM04KM6GTPWR11VHZAC", "01HQWKVSM04KM6GTPWR11VHZAD", "--reason", "x"],
    ["feedback", "01HQWKVSM04KM6GTPWR11VHZAC", "success"],
    ["propose", "Where does Alice work?"],
    ["commit", "{}"],
    ["route", "I work at Google.", "--dry-run"],
]


@pytest.mark.parametrize("argv", REFUSE_MISSING, ids=lambda a: " ".join(a[:2]))
def test_verbs_refuse_a_missing_journal_and_create_nothing(run: Run, argv: list[str]) -> None:
    assert run(*argv) == 2
    assert run.err == f"nousmem: no journal at {run.db}\n"
    assert run.out == ""
    assert not run.db.exists()


def test_write_verbs_create_the_journal(run: Run) -> None:
    assert run("observe", "Alice: hello", "--type", "utterance") == 0
    assert run.db.exists() and run.out.startswith("seq 1 ")
    other = run.db.with_name("other.db")
    assert main(["route", "I work at Acme.", "--actor", "Alice", "--db", str(other)]) == 0
    assert other.exists()


def test_a_file_that_is_not_a_journal_is_refused_untouched(run: Run, tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    assert run("verify", "--db", str(text), db=False) == 2
    assert "is not a SQLite journal" in run.err
    foreign = tmp_path / "other.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert run("log", "--db", str(foreign), db=False) == 2
    assert "not a nousmem journal" in run.err
    assert run("log", "--db", str(tmp_path), db=False) == 2
    assert "is a directory" in run.err
    names = {r[0] for r in sqlite3.connect(foreign).execute("SELECT name FROM sqlite_master")}
    assert names == {"t"}


# -- observe / route --------------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["observe", "route"])
def test_invalid_claim_json_is_a_clear_error(run: Run, verb: str) -> None:
    assert run(verb, "Alice works at Acme.", "--claim", "{entity: alice}") == 2
    assert run.err.startswith("nousmem: --claim: not valid JSON")
    assert "Traceback" not in run.err
    assert not run.db.exists()
    assert run(verb, "Alice works at Acme.", "--claim", "[1, 2]") == 2
    assert "--claim: must be a JSON object" in run.err


def test_claims_that_do_not_validate_name_the_field(run: Run) -> None:
    assert run("observe", "x", "--claim", '{"entity": "alice"}') == 2
    assert run.err.startswith("nousmem: --claim #1: attribute: ")


def test_observe_with_a_claim_records_evidence_only(run: Run) -> None:
    claim = '{"entity": "alice", "attribute": "employer", "value": "Acme"}'
    ev = run.json("observe", "Alice works at Acme.", "--claim", claim, "--keyword", "job")
    assert ev["kind"] == "observation" and ev["payload"]["claims"][0]["value"] == "Acme"
    assert run("belief", "alice", "employer") == 1  # evidence only: no belief yet


def test_route_shows_the_route_and_the_delta(alice: Run) -> None:
    assert alice("log", "--kind", "belief.revised") == 0
    assert alice.out.count("belief.revised") == 5  # employer x2, role, hobby, Bob's employer
    assert "Alice.employer +Sarvam AI: Google -> Sarvam AI (1.93 bits)" in alice.out
    code = alice("route", "I moved to Pune.", "--actor", "Alice", "--dry-run")
    assert code == 0 and "(dry run)" in alice.out and "delta Alice.location = Pune" in alice.out
    assert alice("belief", "Alice", "location") == 1  # the dry run wrote nothing


def test_route_quarantines_a_secret(run: Run) -> None:
    assert run("route", "my password is hunter2", "--actor", "Alice") == 0
    assert run.out.startswith("route: quarantine")
    assert run("log") == 0
    assert "quarantined" in run.out and "hunter2" not in run.out


def test_route_commit_and_dry_run_are_exclusive(run: Run) -> None:
    assert run("route", "x", "--commit", "--dry-run") == 2
    assert "not allowed with" in run.err


# -- reads ------------------------------------------------------------------------------------


def test_query_trace_and_replay(alice: Run) -> None:
    assert alice("query", "Where does Alice work?", "--budget", "300") == 0
    assert "## Worldview Snapshot" in alice.out and "Sarvam AI" in alice.out
    assert "(trace " in alice.out
    trace_id = _trace(alice)
    assert alice("trace", trace_id) == 0
    assert alice.out.startswith("question: Where does Alice work?")
    assert alice("replay", trace_id) == 0
    assert alice.out.startswith("identical: True")
    assert "because" not in alice.out  # nothing to explain when the replay is identical
    report = alice.json("replay", trace_id)
    assert report["identical"] is True and "context" not in report
    assert alice("trace", "01HQWKVSM04KM6GTPWR11VHZAC") == 2
    assert "no trace" in alice.err


def test_trace_prints_graph_activation_paths_and_suppressions() -> None:
    from nousmem.runtime.cli.memory_cmds import _activation

    assert _activation(None) == []
    record = {
        "seeds": 3,
        "paths": [{"id": f"e{i}", "score": 1 / (i + 1), "path": ["e9", f"e{i}"]} for i in range(7)],
        "suppressed": [{"id": "e8", "reason": "contradicted by e9", "path": ["e9", "e8"]}],
    }
    lines = _activation(record)
    assert lines[0] == "graph activation: 3 seeds, 7 paths, 1 suppressed"
    assert lines[1] == "  e0 (1.000): e9 -> e0" and len([x for x in lines if " -> " in x]) == 6
    assert "  suppressed e8: contradicted by e9 (e9 -> e8)" in lines
    assert lines[-1] == "  ... (--json shows all)"


def test_trace_and_replay_show_the_date_bound_and_present_changes(alice: Run) -> None:
    dated = alice.json("query", "Where does Alice work?", "--as-of", "2024-04-01T00:00:00+00:00")
    bound = "event time <= 2024-04-01T00:00:00+00:00"
    assert alice("trace", dated["trace_id"]) == 0 and bound in alice.out.splitlines()[1]
    assert alice("replay", dated["trace_id"]) == 0
    assert alice.out.splitlines()[0].endswith(f", {bound})")
    assert "present: +0 -0, prompt identical" in alice.out  # the present keeps the bound
    trace_id = _trace(alice)
    joined = "I joined Anthropic, I left Sarvam AI."
    at = "2024-09-01T09:00:00+00:00"
    assert alice("route", joined, "--actor", "Alice", "--occurred-at", at) == 0
    assert alice("replay", trace_id) == 0
    assert "prompt differs" in alice.out
    assert "  worldview + fact:alice.employer#anthropic" in alice.out
    assert "because belief.revised" in alice.out
    report = alice.json("replay", trace_id)
    assert report["present_identical"] is False and "present" not in report
    assert report["present_worldview_added"] == ["fact:alice.employer#anthropic"]
    assert report["present_explaining_events"]


def test_query_rejects_a_bad_lens(alice: Run) -> None:
    assert alice("query", "Where?", "--lens", "sideways") == 2
    assert alice.err.startswith("nousmem: --lens: must be one of")


def test_worldview_lenses(alice: Run) -> None:
    assert alice("worldview", "--lens", "historical") == 0
    line = next(x for x in alice.out.splitlines() if "Alice.employer" in x)
    assert "Sarvam AI (since 1 June 2024)" in line
    assert "Google (1 March 2024 - 1 June 2024) [superseded]" in line
    assert alice("worldview", "--as-of", "1") == 0 and alice.out == "(empty worldview)\n"


def test_belief_and_beliefs(alice: Run) -> None:
    assert alice("belief", "Alice", "employer") == 0
    first = alice.out.splitlines()[0]
    assert first.startswith("Alice.employer (single): Sarvam AI")
    assert "deltas:" in alice.out and "Google" in alice.out
    b = alice.json("belief", "Alice", "employer")
    assert b["mode"] == "Sarvam AI" and b["distribution"][0][0] == "Sarvam AI"
    old = alice.json("belief", "Alice", "employer", "--as-of", "2024-04-01T00:00:00+00:00")
    assert old["mode"] == "Google"
    assert alice("beliefs", "Alice") == 0
    assert "Alice.employer" in alice.out and "Alice.hobby (multi): tennis" in alice.out
    assert [x["attribute"] for x in alice.json("belief", "Alice")] == ["employer", "hobby", "role"]
    assert alice("belief", "Zed") == 1 and alice.out == "no belief about Zed\n"
    assert alice("belief", "Alice", "employer", "--as-of", "yesterday-ish") == 2
    assert alice.err.startswith("nousmem: ")


def test_identity_and_merge(alice: Run) -> None:
    cands = alice.json("identity", "Alice", "--k", "3")
    assert [c["entity"] for c in cands] == ["Bob"]
    assert cands[0]["shared_attributes"] == ["employer"]
    assert alice("identity", "Alice", "--k", "0") == 2 and "k: " in alice.err
    assert alice("merge", "Alice", "Bob", "--reason", "same person") == 1
    assert alice.out.startswith("merge refused") and "--authorized" in alice.out
    assert alice("merge", "Alice", "Bob", "--reason", "same person", "--authorized") == 0
    assert alice.out.startswith("merged Bob into Alice")
    assert alice("merge", "Alice", "Zed", "--reason", "x") == 2
    assert "ABSORB: no beliefs about 'Zed'" in alice.err


def test_relate(alice: Run) -> None:
    a, b = [e["id"] for e in alice.json("log", "--kind", "observation")][:2]
    assert alice("relate", a, b, "--relation", "evidence_for", "--reason", "backs it") == 0
    assert alice.out.startswith(f"derive: {a} -[evidence_for 1]-> {b}; event ")
    argv = ["relate", a, b, "--relation", "evidence_for"]
    assert alice(*argv, "--verb", "decay", "--weight", "0.5", "--reason", "less") == 0
    assert alice.out.startswith(f"decay: {a} -[evidence_for]-> {b} by 0.5; event ")
    assert alice(*argv, "--verb", "inhibit", "--reason", "no") == 1
    assert alice.out.startswith("inhibit refused") and "--authorized" in alice.out
    assert alice(*argv, "--verb", "inhibit", "--reason", "no", "--authorized") == 0
    assert alice.out.startswith(f"inhibit: {a} inhibits {b}; event ")
    edge = alice.json(*argv, "--verb", "reinforce", "--reason", "x")
    assert (edge["kind"], edge["payload"]["verb"]) == ("edge", "reinforce")
    assert alice("relate", a, "entity:Bob", "--reason", "x") == 2
    assert "TARGET: unknown node 'entity:Bob'" in alice.err
    assert alice("relate", a, b, "--relation", "contradicts", "--reason", "x") == 2
    assert "relation: must be one of" in alice.err


def test_feedback_after_a_query(alice: Run) -> None:
    trace_id = _trace(alice)
    assert alice("feedback", trace_id, "success", "--note", "right answer") == 0
    assert alice.out.startswith("success recorded for")
    assert alice("log", "--kind", "outcome") == 0 and "outcome" in alice.out
    assert alice("feedback", trace_id, "great") == 2  # not an outcome
    assert alice("feedback", "01HQWKVSM04KM6GTPWR11VHZAC", "failure") == 2
    assert "no trace" in alice.err


def test_propose_then_commit(alice: Run, tmp_path: Path) -> None:
    assert alice("propose", "Where does Alice work?") == 0
    assert alice.out.startswith("retrieval: 'Where does Alice work?'")
    policy = alice.json("propose", "Where does Alice work?")
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(policy))
    assert alice("commit", f"@{path}") == 0
    assert alice.out.startswith("committed") and "## Worldview Snapshot" in alice.out
    result = alice.json("commit", json.dumps(policy))
    assert result["committed"] is True and result["trace_id"]


def test_commit_bad_input_and_rejection(alice: Run, tmp_path: Path) -> None:
    assert alice("commit", "{not json") == 2
    assert alice.err.startswith("nousmem: POLICY: not valid JSON")
    assert alice("commit", f"@{tmp_path / 'missing.json'}") == 2
    assert "POLICY: cannot read" in alice.err
    assert alice("commit", '{"retrieval": {"question": ""}}') == 2
    assert alice.err.startswith("nousmem: POLICY: retrieval.question")
    write = {"writes": [{"claims": [{"entity": "Alice", "attribute": "city", "value": "Pune"}],
                         "evidence_ids": ["01HQWKVSM04KM6GTPWR11VHZAC"]}]}  # fmt: skip
    assert alice("commit", json.dumps(write)) == 1
    assert alice.out.startswith("rejected") and "rejected by evidence_ids" in alice.out
    assert alice("belief", "Alice", "city") == 1


# -- forgetting, lifecycle, sleep, erase, rebuild ------------------------------------------------


def test_forget_and_lifecycle(alice: Run) -> None:
    assert alice("forget", "inhibit", "Alice.employer=Google", "--reason", "outdated") == 0
    assert alice.out == "fact:alice.employer#google: fresh -> inhibited\n"
    assert alice("lifecycle", "fact:alice.employer#google") == 0
    head = "fact:alice.employer#google: inhibited (effective inhibited) outdated\n"
    assert alice.out.startswith(head)
    assert "inhibit fresh -> inhibited outdated" in alice.out
    assert alice("forget", "inhibit", "Alice.employer=Google", "--reason", "again") == 1
    assert "REFUSED" in alice.out
    assert alice("forget", "delete", "Alice.employer=Google", "--reason", "x") == 2
    assert "erase" in alice.err
    assert alice("forget", "inhibit", "Nobody.nothing=x", "--reason", "x") == 2


def test_lifecycle_after_a_merge_shows_the_absorbed_candidates_history(alice: Run) -> None:
    assert alice("forget", "archive", "Bob.employer=Sarvam AI", "--reason", "old record") == 0
    assert alice("merge", "Alice", "Bob", "--reason", "same person", "--authorized") == 0
    assert alice("lifecycle", "Bob.employer=Sarvam AI") == 0
    assert alice.out.startswith("fact:alice.employer#sarvam ai: archived")
    assert "archive fresh -> archived old record (on fact:bob.employer#sarvam ai)" in alice.out
    carried = "carried over by a merge: fact:bob.employer#sarvam ai was archived\n"
    assert carried in alice.out  # recorded on the kept candidate itself: no "(on ...)"


def test_sleep_rebuild_and_stats(alice: Run) -> None:
    assert alice("sleep") == 0 and alice.out.startswith("compiled ")
    assert alice("sleep", "--budget", "0") == 2
    stats = alice.json("stats")
    assert alice("rebuild") == 0
    assert alice.out == f"rebuilt projections from {stats['events']} events\n"
    assert alice.json("stats")["head_hash"] == stats["head_hash"]


def test_erase_an_entity(alice: Run) -> None:
    assert alice("erase", "--entity", "Bob", "--reason", "privacy request") == 0
    assert alice.out.startswith("erased ") and alice.out.endswith("chain verified: True\n")
    assert alice("erase", "--entity", "Bob", "--reason", "again", "--receipt") == 0
    assert "chain verified  yes" in alice.out
    assert alice("erase", "--reason", "nothing given") == 2
    assert alice("belief", "Bob", "employer") == 1
    assert alice("verify") == 0


def test_erase_says_when_a_reader_keeps_the_files_from_being_scrubbed(
    alice: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nousmem.runtime.journal import scrub

    monkeypatch.setattr(scrub, "ERASURE_WAIT_S", 0.2)
    reader = sqlite3.connect(alice.db, isolation_level=None)  # a backup tool's long read
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM events").fetchone()
    try:
        assert alice("erase", "--entity", "Bob", "--reason", "privacy request") == 0
        assert alice.out.endswith("files scrubbed: not yet (a reader holds the WAL)\n")
    finally:
        reader.execute("ROLLBACK")
        reader.close()
    assert alice("erase", "--entity", "Nobody", "--reason", "later", "--receipt") == 0
    assert "files scrubbed  yes" in alice.out  # this erasure finished the earlier scrub


# -- journal verbs ----------------------------------------------------------------------------


def test_log_show_and_their_errors(alice: Run) -> None:
    events = alice.json("log", "--limit", "2")
    assert len(events) == 2
    assert alice("show", events[0]["id"]) == 0 and "payload:" in alice.out
    assert alice("show", "01HQWKVSM04KM6GTPWR11VHZAC") == 1
    assert alice("log", "--kind", "nonsense") == 2 and "unknown kind" in alice.err


def test_verify_fails_on_a_tampered_file(alice: Run) -> None:
    assert alice("verify") == 0 and alice.out.startswith("ok: ")
    conn = sqlite3.connect(alice.db)
    for trigger in ("events_no_update", "events_no_delete", "events_chain"):
        conn.execute(f"DROP TRIGGER {trigger}")
    conn.execute("UPDATE events SET payload = replace(payload, 'Google', 'Gooogle') WHERE seq = 1")
    conn.commit()
    conn.close()
    assert alice("verify") == 1
    assert alice.out.startswith("BROKEN at seq 1: payload changed")
    assert alice("verify", "--json") == 1
    assert json.loads(alice.out)["bad_seq"] == 1


def test_usage_errors_exit_2(run: Run) -> None:
    assert run("frobnicate", db=False) == 2
    assert run("query", db=True) == 2  # QUESTION missing
    assert run("--help", db=False) == 0


# -- demo -------------------------------------------------------------------------------------


def test_demo_runs_end_to_end_and_is_deterministic(run: Run) -> None:
    assert run("demo", db=False) == 0
    lines = run.out
    assert "verify: ok" in lines
    for needle in (
        "belief_update  alice.employer: Google -> Sarvam AI",
        "candidate",
        "quarantine",
        "[REDACTED:api_key]",
        "## Worldview Snapshot",
        "## Supporting memories",
        "replay_trace: identical",
        "[superseded]",
        "suppressed (lifecycle: inhibited)",
        "chain verified: yes",
    ):
        assert needle in lines, needle
    assert "sk-live" not in lines
    assert 30 <= len(lines.splitlines()) <= 50
    assert run("demo", db=False) == 0 and run.out == lines  # fixed clock, seeded ids


def test_demo_prints_what_docs_cli_md_shows(run: Run) -> None:
    # The reference lists the demo's whole output, down to the head hash (which moves with
    # any change to what the demo journals, the config digest in its traces included).
    doc = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    start = doc.index("nousmem demo: alice's memory")
    shown = doc[start : doc.index("\n", doc.index("11. verify: ok", start))]
    assert run("demo", db=False) == 0
    assert run.out.strip() == shown.strip()


def test_demo_json_and_keep(run: Run) -> None:
    assert run("demo", "--json", db=False) == 0
    data = json.loads(run.out)
    assert data["verified"] is True and data["replay_identical"] is True
    assert data["suppressed"] is True and data["db"] is None
    assert run("demo", "--keep") == 0 and run.db.exists()
    assert run("verify") == 0
    assert run("demo", "--keep") == 2  # the namespace already holds the story
    assert "already has events" in run.err
    # What the message suggests works: another, empty namespace of the same file.
    assert run("demo", "--db", str(run.db), "-n", "second", db=False) == 0, run.err
    assert "chain verified: yes" in run.out


# -- bench ------------------------------------------------------------------------------------


@pytest.fixture
def fake_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A source tree whose ``journal`` harness records its arguments."""
    root = tmp_path / "checkout"
    (root / "benchmarks").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "nousmem"\n')
    (root / "benchmarks" / "__init__.py").write_text("")
    (root / "benchmarks" / "journal.py").write_text(
        "import json, sys\n"
        "def main(argv):\n"
        "    if '--fail' in argv:\n"
        "        raise SystemExit(3)\n"
        "    print('human report')\n"
        "    path = argv[argv.index('--json') + 1] if '--json' in argv else None\n"
        "    if path:\n"
        "        open(path, 'w').write(json.dumps({'argv': argv}))\n"
        "    return 0\n"
    )
    saved = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "benchmarks"}
    for k in saved:
        del sys.modules[k]
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.chdir(root)
    try:
        yield root
    finally:
        for k in [k for k in sys.modules if k.split(".")[0] == "benchmarks"]:
            del sys.modules[k]
        sys.modules.update(saved)


def test_bench_json_out_anywhere_and_json(run: Run, fake_checkout: Path) -> None:
    out = fake_checkout / "r.json"
    assert run("bench", "journal", "--n", "5", "--json-out", str(out), db=False) == 0
    assert json.loads(out.read_text())["argv"] == ["--n", "5", "--json", str(out)]
    assert "human report" in run.out
    out.unlink()
    assert run("bench", "--json-out", str(out), "journal", db=False) == 0
    assert json.loads(out.read_text())["argv"] == ["--json", str(out)]
    assert run("bench", "--json", "journal", "--n", "7", db=False) == 0
    assert json.loads(run.out)["argv"][:2] == ["--n", "7"]
    assert "human report" in run.err
    assert run("bench", "journal", "--fail", db=False) == 3
    assert run("bench", "--db", "x.db", "journal", db=False) == 0
    assert "ignored" in run.err


def test_bench_without_benchmarks_is_a_clear_error(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_cmds, "_roots", lambda: iter([tmp_path]))
    assert run("bench", "perf", db=False) == 2
    assert run.err.startswith("nousmem: bench: benchmarks/ not found")
    assert run("bench", "locomo", db=False) == 2
    assert "LoCoMo" in run.err
