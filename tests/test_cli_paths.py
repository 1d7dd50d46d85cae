"""What ``--db`` may be: a path that is not a journal is refused before anything opens it,
and bad input never leaves a new journal file behind."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli import NS, Run

NOT_A_NAMESPACE = " padded"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "memory.db")


def _foreign(path: Path) -> Path:
    """Another program's SQLite database."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")
    conn.commit()
    conn.close()
    return path


def _files(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()}


# -- demo goes through the same checks as every other verb ----------------------------------


def test_demo_leaves_another_programs_database_untouched(run: Run, tmp_path: Path) -> None:
    foreign = _foreign(tmp_path / "other.db")
    before = foreign.read_bytes()
    assert run("demo", "--db", str(foreign), db=False) == 2
    assert run.err == f"nousmem: --db: {foreign} is a SQLite database but not a nousmem journal\n"
    assert foreign.read_bytes() == before  # no schema, and still in rollback-journal mode
    assert _files(tmp_path) == {"other.db"}


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("dir", "is a directory, not a journal file"),
        ("/dev/null", "/dev/null is not a regular file"),
        ("missing/x.db", "does not exist"),
    ],
)
def test_demo_names_db_when_it_cannot_be_a_journal(
    run: Run, tmp_path: Path, where: str, message: str
) -> None:
    (tmp_path / "dir").mkdir()
    db = where if where.startswith("/") else str(tmp_path / where)
    assert run("demo", "--db", db, db=False) == 2
    assert run.err.startswith("nousmem: --db: ") and message in run.err
    assert run.err.count("\n") == 1
    assert _files(tmp_path) == {"dir"}


@pytest.mark.parametrize(
    ("db", "message"),
    [
        (":memory:", ":memory: keeps nothing once the command ends"),
        ("", "must be a journal file's path, not empty"),
        ("link", "does not exist"),  # a symlink into a missing directory
    ],
)
@pytest.mark.parametrize("verb", [["observe", "my diary entry"], ["route", "hi"], ["demo"]])
def test_a_db_that_would_keep_nothing_is_refused(
    run: Run, tmp_path: Path, db: str, message: str, verb: list[str]
) -> None:
    if db == "link":
        (tmp_path / "link").symlink_to(tmp_path / "nowhere" / "x.db")
        db = str(tmp_path / "link")
    assert run(*verb, "--db", db, db=False) == 2
    assert run.err.startswith("nousmem: --db: ") and message in run.err
    assert _files(tmp_path) <= {"link"}


def test_help_spells_positionals_as_the_docs_do(run: Run) -> None:
    from nousmem.runtime.cli import build_parser

    usage = build_parser()._subparsers._group_actions[0].choices["belief"].format_usage()  # type: ignore[union-attr]
    assert usage.rstrip().endswith("ENTITY [ATTRIBUTE]")


def test_demo_with_a_bad_namespace_creates_nothing(run: Run) -> None:
    assert run("demo", "--db", str(run.db), "-n", NOT_A_NAMESPACE, db=False) == 2
    assert run.err.startswith("nousmem: --namespace: ")
    assert not run.db.exists()


# -- a first write that fails creates no journal --------------------------------------------

BAD_WRITES = [
    ["observe", ""],
    ["route", "hi", "--occurred-at", "yesterday"],
    ["route", "hi", "-n", NOT_A_NAMESPACE],
    ["observe", "hi", "-n", NOT_A_NAMESPACE],
    ["route", "x" * 70_000],
    ["observe", "x" * 70_000],
    ["route", "hi", "--claim", '{"entity": "a"}'],
    ["route", "hi", "--commit", "--claim", '{"entity": "a"}'],
]


@pytest.mark.parametrize("argv", BAD_WRITES, ids=lambda a: " ".join(a)[:40])
def test_a_refused_first_write_leaves_no_journal(run: Run, argv: list[str]) -> None:
    assert run(*argv, "--db", str(run.db), db=False) == 2
    assert run.err.startswith("nousmem: ") and run.err.count("\n") == 1
    assert _files(run.db.parent) == set()  # no journal, no -wal or -shm beside it


@pytest.mark.parametrize("argv", BAD_WRITES[:3], ids=lambda a: " ".join(a)[:40])
def test_a_refused_first_write_leaves_an_empty_file_empty(run: Run, argv: list[str]) -> None:
    run.db.touch()
    assert run(*argv, "--db", str(run.db), db=False) == 2
    assert run.db.stat().st_size == 0 and _files(run.db.parent) == {run.db.name}


def test_a_write_creates_the_journal_in_an_empty_file(run: Run) -> None:
    run.db.touch()
    assert run("observe", "Alice: hello") == 0
    assert run("verify") == 0 and "1 events verified" in run.out


def test_a_write_refuses_a_missing_directory(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "missing" / "x.db"
    assert run("route", "hi", "--db", str(db), db=False) == 2
    assert run.err == f"nousmem: --db: the directory {db.parent} does not exist\n"
    notes = tmp_path / "notes.txt"
    notes.write_text("text")
    assert run("observe", "hi", "--db", str(notes / "x.db"), db=False) == 2
    assert run.err == f"nousmem: --db: the directory {notes} is not a directory\n"


# -- special and empty files ----------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("verb", [["verify"], ["observe", "hi"]])
def test_a_fifo_is_refused_not_read(tmp_path: Path, verb: list[str]) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # Run in a child process: reading the FIFO would hang the test run, not fail it.
    proc = _cli(*verb, "--db", str(fifo), timeout=30)
    assert proc.returncode == 2
    assert proc.stderr == f"nousmem: --db: {fifo} is not a regular file\n"


@pytest.mark.parametrize("verb", [["verify"], ["log"], ["stats"], ["query", "Where?"]])
def test_verbs_that_do_not_record_refuse_an_empty_file(
    run: Run, tmp_path: Path, verb: list[str]
) -> None:
    run.db.touch()
    assert run(*verb) == 2
    assert run.err == f"nousmem: --db: {run.db} is an empty file, not a journal\n"
    assert run.db.stat().st_size == 0 and _files(tmp_path) == {run.db.name}


def test_verbs_that_do_not_record_refuse_an_empty_sqlite_database(run: Run, tmp_path: Path) -> None:
    conn = sqlite3.connect(run.db)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("DROP TABLE t")  # a valid SQLite header, no tables
    conn.commit()
    conn.close()
    before = run.db.read_bytes()
    assert run("verify") == 2
    assert run.err == f"nousmem: --db: {run.db} is an empty SQLite database, not a journal\n"
    assert run.db.read_bytes() == before


# -- an unopenable file: one line, never a traceback from aiosqlite's thread ----------------


def _cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nousmem.runtime.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# aiosqlite's worker thread used to resolve a future after asyncio.run had closed the loop,
# in about half the runs, with "RuntimeError: Event loop is closed" and a traceback on
# stderr. Each child makes RUNS attempts (each asyncio.run has its own loop) and then waits
# for every thread, so that a late traceback cannot escape the check.
RUNS = 20

OPEN_MISSING = """
import asyncio, sys, threading
from nousmem.runtime.cli import main
from nousmem.runtime.errors import StorageError
from nousmem.runtime.runtime import MemoryRuntime

async def open_it(path):
    async with MemoryRuntime.open(path):
        pass

via, path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
for _ in range(runs):
    if via == "cli":
        assert main(["route", "hi", "--db", path]) == 2
    else:
        try:
            asyncio.run(open_it(path))
        except StorageError as exc:
            print(exc, file=sys.stderr)
for t in threading.enumerate():
    if t is not threading.current_thread():
        t.join()
"""


@pytest.mark.parametrize("via", ["cli", "python"])
def test_a_file_sqlite_cannot_open_is_one_line_every_time(tmp_path: Path, via: str) -> None:
    # A path past SQLite's 512-byte limit in a directory that exists passes every check of
    # the CLI and the runtime, so the failure comes from SQLite itself.
    deep = tmp_path / ("d" * 200) / ("e" * 200) / ("f" * 200)
    deep.mkdir(parents=True)
    link = deep / "x.db"
    proc = subprocess.run(
        [sys.executable, "-c", OPEN_MISSING, via, str(link), str(RUNS)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    prefix = "nousmem: " if via == "cli" else ""
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == f"{prefix}sqlite: unable to open database file\n" * RUNS


def test_the_cli_refuses_a_missing_directory_in_a_child_process(tmp_path: Path) -> None:
    db = tmp_path / "missing" / "x.db"
    proc = _cli("route", "hi", "--db", str(db), "-n", NS)
    assert (proc.returncode, proc.stderr) == (
        2,
        f"nousmem: --db: the directory {db.parent} does not exist\n",
    )


def test_a_dangling_link_names_the_missing_directory(tmp_path: Path) -> None:
    link = tmp_path / "link.db"
    link.symlink_to(tmp_path / "missing" / "x.db")
    proc = _cli("route", "hi", "--db", str(link), "-n", NS)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"nousmem: --db: the directory {tmp_path / 'missing'}")
