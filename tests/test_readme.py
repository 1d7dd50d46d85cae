"""The README's Python example runs as written and prints what the README says it prints;
the docs' complete Python blocks run."""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_example_prints_its_documented_output(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    code = re.search(r"### Use it from Python\n\n```python\n(.*?)```", text, re.S)
    shown = re.search(r"Output \(event ids differ on every run\):\n\n```\n(.*?)```", text, re.S)
    assert code is not None and shown is not None
    run = subprocess.run(
        [sys.executable, "-c", code.group(1)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == shown.group(1)


DOCS = sorted((README.parent / "docs").glob("*.md"))
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _doc_blocks() -> list[Any]:
    """Every ```python block of docs/*.md but those that start with ``# Fragment:``."""
    blocks = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in _BLOCK.finditer(text):
            if not m.group(1).startswith("# Fragment:"):
                line = text.count("\n", 0, m.start()) + 1
                where = f"{doc.name}:{line}"
                blocks.append(pytest.param(where, m.group(1), id=where))
    return blocks


@pytest.mark.parametrize(("where", "code"), _doc_blocks())
async def test_the_docs_python_blocks_run(
    where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The docs' convention (docs/api.md, "Conventions"): top-level await, and `rt` open.
    monkeypatch.chdir(tmp_path)
    compiled = compile(code, where, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    async with MemoryRuntime.memory(namespace="user/alice") as rt:
        result = eval(compiled, {"rt": rt, "__name__": "__doc_block__"})
        if inspect.iscoroutine(result):
            await result
