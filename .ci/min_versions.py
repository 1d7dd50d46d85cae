"""The lowest versions pyproject.toml allows: ``name==X`` for each runtime ``name>=X``.

``.ci/run`` installs them into a venv of their own and runs the journal, write and read tests
there. CI otherwise installs the newest versions allowed, which says nothing of a lower bound
that no longer works (aiosqlite 0.20-0.22.0 hung the first commit; pydantic 2.7-2.9 failed
the import). Prints one requirement per line.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path


def lowest(requirement: str) -> str | None:
    """``name==X`` for a requirement with a ``>=X`` bound, else None."""
    m = re.match(r"^\s*([A-Za-z0-9_.-]+)\s*(?:\[[^\]]*\])?\s*(.*)$", requirement)
    if m is None:
        return None
    name, spec = m.groups()
    bound = re.search(r">=\s*([0-9][0-9A-Za-z.]*)", spec)
    return f"{name}=={bound.group(1)}" if bound else None


def main() -> int:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml")
    project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
    pins = [p for p in (lowest(r) for r in project["dependencies"]) if p is not None]
    print("\n".join(pins))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
