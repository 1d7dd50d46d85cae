"""The README's Python example runs as written and prints what the README says it prints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
