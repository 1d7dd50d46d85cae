"""The docs describe the library as it is: docs/cli.md's examples print what the CLI prints,
every public name is documented, README lists every CLI verb, and every figure of
docs/performance.md names the command that measures it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import nousmem.policies
import nousmem.projections
import nousmem.runtime
from nousmem.runtime.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CLI_MD = DOCS / "cli.md"

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)
_ULID = re.compile(r"\b[0-9A-HJKMNP-TV-Z]{26}\b")
# Hashes move with anything recorded (a trace holds the read-rules generation): compared as
# hashes, not as values.
_HASH = re.compile(r"\b(head|digest) [0-9a-f]{12,64}\b")
ELLIPSIS = "…"
"""A line of only this in an example's output stands for any number of omitted lines."""


@dataclass
class Example:
    line: int
    script: str
    shown: str | None


def cli_examples(text: str) -> list[Example]:
    """Every ```bash block of ``text`` with the plain ``` block right after it, if any."""
    blocks = [(m.group(1), m.group(2), m.start(), m.end()) for m in _FENCE.finditer(text)]
    out: list[Example] = []
    for i, (lang, body, start, end) in enumerate(blocks):
        if lang != "bash":
            continue
        shown = None
        if i + 1 < len(blocks):
            nlang, nbody, nstart, _ = blocks[i + 1]
            if nlang == "" and not text[end:nstart].strip():
                shown = nbody
        out.append(Example(text.count("\n", 0, start) + 1, body, shown))
    return out


def run_examples(examples: list[Example], cwd: Path) -> list[str]:
    """Run the examples in order in one shell (a later block may use an earlier variable)
    and return each block's stdout."""
    marker = "@@nousmem-docs-example@@"
    script = "".join(f"echo {marker}\n{e.script}" for e in examples)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("NO_COLOR", None)
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return [part.lstrip("\n") for part in done.stdout.split(f"{marker}\n")[1:]]


def _lines(text: str) -> list[str]:
    return [
        _HASH.sub(r"\1 <hash>", _ULID.sub("<id>", line.rstrip()))
        for line in text.rstrip("\n").split("\n")
    ]


def matches(shown: str, actual: str) -> bool:
    """Whether ``actual`` is ``shown`` up to event ids (they differ on every run), where a
    line ``…`` of ``shown`` stands for any run of lines."""
    want, got = _lines(shown), _lines(actual)
    parts: list[list[str]] = [[]]
    for line in want:
        if line == ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return want == got
    first, *middle, last = parts
    if got[: len(first)] != first or (last and got[-len(last) :] != last):
        return False
    pos, end = len(first), len(got) - len(last)
    for part in middle:
        for at in range(pos, end - len(part) + 1):
            if got[at : at + len(part)] == part:
                pos = at + len(part)
                break
        else:
            return False
    return pos <= end


def test_the_example_matcher_reads_an_ellipsis_line_as_omitted_lines() -> None:
    assert matches("a\n…\nd\n", "a\nb\nc\nd\n")
    assert matches("a\n…\n", "a\nb\n") and matches("a\n…\nc\n…\n", "a\nb\nc\nd\n")
    assert not matches("a\n…\nd\n", "a\nb\n") and not matches("a\nd\n", "a\nb\nd\n")
    assert matches("seq 1  01M8PVB2P1DMZ407GDY77H1PFX\n", "seq 1  01J00P0KER97KE0QJAJV44N160\n")


def test_the_cli_reference_examples_print_what_the_cli_prints(tmp_path: Path) -> None:
    # The page says: run the examples in order in an empty directory. The benchmark
    # harnesses have their own smoke test and print timings, so they are not run here.
    examples = [
        e
        for e in cli_examples(CLI_MD.read_text(encoding="utf-8"))
        if "nousmem bench" not in e.script
    ]
    assert len(examples) > 20
    outputs = run_examples(examples, tmp_path)
    assert len(outputs) == len(examples)
    stale = [
        f"docs/cli.md:{e.line}:\n--- shown\n{e.shown}--- printed\n{got}"
        for e, got in zip(examples, outputs, strict=True)
        if e.shown is not None and not matches(e.shown, got)
    ]
    assert not stale, "\n".join(stale)


def _documented_text() -> str:
    pages = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    return "".join(p.read_text(encoding="utf-8") for p in pages)


@pytest.mark.parametrize("module", [nousmem.runtime, nousmem.policies, nousmem.projections])
def test_every_public_name_is_documented(module: object) -> None:
    text = _documented_text()
    names: list[str] = module.__all__  # type: ignore[attr-defined]
    missing = [n for n in names if not re.search(rf"\b{re.escape(n)}\b", text)]
    assert not missing


def test_the_readme_lists_every_cli_verb() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = re.search(r"The same verbs are on the command line \((.*?)\)", readme, re.S)
    assert listed is not None
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    verbs = sorted(sub.choices)  # type: ignore[arg-type]
    assert [v for v in verbs if f"`{v}`" not in listed.group(1)] == []


def test_every_performance_figure_names_the_command_that_measures_it() -> None:
    text = (DOCS / "performance.md").read_text(encoding="utf-8")
    rows = [r for r in text.splitlines() if r.startswith("| ") and not r.startswith("| what")]
    assert rows
    for row in rows:
        if set(row) <= set("|- "):
            continue
        how = row.rstrip(" |").rsplit(" | ", 1)[1]
        scripts = re.findall(r"python (benchmarks/\w+\.py)", how)
        assert scripts, row
        assert all((ROOT / s).is_file() for s in scripts), row
    # The figures outside the table: the write breakdown and the trace sizes.
    section = text[text.index("## Where the time goes") : text.index("## Settings")]
    assert "python benchmarks/write_breakdown.py" in section
    assert "python benchmarks/reopen.py" in text[text.index("a trace is") :]
    for script in re.findall(r"benchmarks/\w+\.py", text):
        assert (ROOT / script).is_file(), script
