"""Bad command-line values get a one-line ``nousmem: <field>: ...`` error and exit 2, never a
traceback or a silently wrong listing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli import Run


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    r = Run(capsys, tmp_path / "memory.db")
    for text in ("I work at Google.", "I live in Oslo.", "I like tea."):
        assert r("route", text, "--actor", "Alice") == 0
    return r


def test_undecodable_bytes_in_an_argument_are_refused(run: Run) -> None:
    # What Python makes of the byte 0xFF in argv (surrogateescape).
    assert run("observe", "hello \udcff world") == 2
    assert run.err.startswith("nousmem: observation.content:")
    assert run("log") == 0 and "hello" not in run.out


def test_a_unicode_digit_is_not_a_seq(run: Run) -> None:
    assert run("query", "Where?", "--as-of", "\u00b2") == 2
    assert run.err.startswith("nousmem: as_of:")


def test_a_seq_past_any_head_is_refused_not_a_traceback(run: Run) -> None:
    assert run("query", "Where?", "--as-of", "9" * 5000) == 2
    assert run.err.startswith("nousmem: as_of:")


def test_a_negative_limit_is_refused(run: Run) -> None:
    assert run("log", "--limit", "-1") == 2
    assert "--limit" in run.err


def test_limit_keeps_the_last_events(run: Run) -> None:
    assert run("log") == 0
    every = run.out.splitlines()
    assert run("log", "--limit", "2") == 0
    assert run.out.splitlines() == every[-2:]


def test_an_after_seq_past_any_seq_lists_nothing(run: Run) -> None:
    assert run("log", "--after", str(2**63)) == 0
    assert run.out.strip() == ""
