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
    assert run.err.startswith("nousmem: CONTENT:")
    assert run("log") == 0 and "hello" not in run.out


def test_a_unicode_digit_is_not_a_seq(run: Run) -> None:
    assert run("query", "Where?", "--as-of", "\u00b2") == 2
    assert run.err.startswith("nousmem: --as-of:")


def test_a_seq_past_any_head_is_refused_not_a_traceback(run: Run) -> None:
    assert run("query", "Where?", "--as-of", "9" * 5000) == 2
    assert run.err.startswith("nousmem: --as-of:")


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


@pytest.mark.parametrize(
    ("argv", "prefix"),
    [
        (("query", "Where?", "--as-of", "yesterday"), "--as-of: not an ISO datetime"),
        (("query", "Where?", "--budget", "5"), "--budget: "),
        (("query", "Where?", "--k", "0"), "--k: "),
        (("query", "Where?", "--actor", ""), "--actor: "),
        (("query", " "), "QUESTION: "),
        (("log", "--kind", "bogus"), "--kind: unknown kind(s) ['bogus']"),
        (("log", "--after", "-1"), "--after: "),
        (
            ("forget", "inhibit", "Alice.employer=Google", "Nobody.x=y", "--reason", "x"),
            "TARGET #2: ",
        ),
        (("lifecycle", "Nobody.x=y"), "TARGET: "),
        (("erase", "--id", "nope", "--reason", "x"), "--id #1: no event 'nope'"),
        (("route", "x", "--claim", '{"entity": "a"}'), "--claim #1: attribute: "),
        (("observe", "x", "--occurred-at", "soon"), "--occurred-at: "),
        (("feedback", "", "success"), "TRACE_ID: "),
        (("trace", ""), "ID: "),
        (("belief", "Alice", " "), "ATTRIBUTE: "),
    ],
)
def test_errors_name_the_option_not_the_python_parameter(
    run: Run, argv: tuple[str, ...], prefix: str
) -> None:
    assert run("stats", "--json") == 0
    before = run.out
    assert run(*argv) == 2
    assert run.err.startswith(f"nousmem: {prefix}"), run.err
    assert run("stats", "--json") == 0 and run.out == before  # nothing written


def test_forget_delete_points_to_the_erase_verb(run: Run) -> None:
    assert run("forget", "delete", "Alice.employer=Google", "--reason", "x") == 2
    assert "use nousmem erase (--id ID ... | --entity NAME) --reason TEXT" in run.err
    assert "rt.erase" not in run.err


def test_erase_needs_exactly_one_of_id_and_entity(run: Run) -> None:
    assert run("erase", "--reason", "x") == 2
    assert "one of the arguments --id --entity is required" in run.err
    assert run("erase", "--id", "x", "--entity", "Alice", "--reason", "x") == 2
    assert "not allowed with" in run.err
