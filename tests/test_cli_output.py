"""Human output shows recorded text as text, never as terminal commands or extra lines; a
policy file that is not UTF-8 is a one-line error; ``demo -n`` is honoured."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tests.test_cli import Run

FORGED = "hello\n     2  2024-01-01 00:00  observation        forged\x1b[31m red\u2028\x9b"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "memory.db")


def _ids(run: Run) -> list[str]:
    return [e["id"] for e in run.json("log")]


def test_log_escapes_control_characters_in_the_summary(run: Run) -> None:
    assert run("observe", FORGED) == 0
    assert run("log") == 0
    assert run.out.count("\n") == 1  # one event, one line
    assert "\x1b" not in run.out and "\x9b" not in run.out and "\u2028" not in run.out
    assert "hello\\n     2  2024-01-01" in run.out and "forged\\x1b[31m red\\u2028\\x9b" in run.out


def test_log_json_keeps_the_content_as_recorded(run: Run) -> None:
    assert run("observe", FORGED) == 0
    assert run.json("log")[0]["payload"]["content"] == FORGED


def test_show_prints_text_not_escapes_and_no_raw_controls(run: Run) -> None:
    assert run("observe", "Zoë at the café", "--actor", "Zoë") == 0
    assert run("observe", FORGED) == 0
    first, second = _ids(run)
    assert run("show", first) == 0
    assert '"content": "Zoë at the café"' in run.out and "\\u00eb" not in run.out
    assert run("show", second) == 0
    assert "\x1b" not in run.out and "\x9b" not in run.out and "\u2028" not in run.out
    payload = run.out[run.out.index("payload: ") + len("payload: ") :]
    assert json.loads(payload)["content"] == FORGED  # the escaping is JSON's own


# -- commit: a policy that is not UTF-8 ------------------------------------------------------


@pytest.fixture
def journal(run: Run) -> Run:
    assert run("observe", "Alice: hello") == 0
    return run


def test_a_policy_file_that_is_not_utf8_is_a_one_line_error(journal: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff\xfe"}')
    assert journal("commit", f"@{bad}") == 2
    assert journal.err == f"nousmem: POLICY: {bad} is not UTF-8 text (byte 0xff at offset 7)\n"


def test_a_policy_on_stdin_that_is_not_utf8_is_a_one_line_error(
    journal: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff{}"), encoding="utf-8"))
    assert journal("commit", "@-") == 2
    assert journal.err == "nousmem: POLICY: stdin is not UTF-8 text (byte 0xff at offset 0)\n"


def test_a_policy_on_stdin_is_utf8_whatever_the_locale(
    journal: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    policy = json.dumps({"retrieval": {"question": "Où travaille Zoë ?"}}, ensure_ascii=False)
    stdin = io.TextIOWrapper(io.BytesIO(policy.encode()), encoding="latin-1")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert journal("commit", "@-") == 0, journal.err
    assert journal("log", "--kind", "retrieval") == 0
    assert "'Où travaille Zoë ?'" in journal.out


# -- demo: an explicit namespace --------------------------------------------------------------


def test_demo_honours_an_explicit_default_namespace(run: Run) -> None:
    assert run("demo", "--json", "-n", "default", db=False) == 0
    assert json.loads(run.out)["namespace"] == "default"
    assert run("demo", "--json", db=False) == 0
    assert json.loads(run.out)["namespace"] == "demo"


def test_observe_says_when_the_risk_gate_quarantined_it(run: Run) -> None:
    assert run("observe", "my key is sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789") == 0
    assert "quarantined (api_key)" in run.out and "sk-proj" not in run.out
    assert run("observe", "I went hiking") == 0
    assert "quarantined" not in run.out
