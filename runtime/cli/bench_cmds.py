"""``nousmem bench locomo|beliefs|journal|perf``: runs the harnesses in ``benchmarks/``.

The harnesses live in the source checkout (they are not part of the installed package), so
this verb looks for ``benchmarks/`` in the current directory and then next to the package.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from nousmem.runtime.errors import InvalidInput


def _load(name: str) -> ModuleType:
    here = Path(__file__).resolve()
    for root in (Path.cwd(), *here.parents):
        if (root / "benchmarks" / f"{name}.py").is_file():
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))
            return importlib.import_module(f"benchmarks.{name}")
    raise InvalidInput(
        "benchmarks/ not found: run `nousmem bench` from a source checkout of nousmem",
        field="bench",
    )


async def cmd_bench(args: argparse.Namespace) -> int:
    mod = _load(args.which)
    argv = list(args.rest)
    if args.which == "locomo" and not argv:
        raise InvalidInput("give the path of a LoCoMo-format JSON file", field="path")
    if args.json_out:
        argv += ["--json", args.json_out]
    # The harnesses call asyncio.run themselves: give them a thread with its own loop.
    result: Any = await asyncio.to_thread(mod.main, argv)
    return int(result or 0)


def register(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser(
        "bench", help="run a benchmark harness (locomo PATH | beliefs | journal | perf)"
    )
    p.add_argument("which", choices=["locomo", "beliefs", "journal", "perf"])
    p.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the harness")
    p.add_argument("--json-out", dest="json_out", help="also write the results as JSON")
    p.add_argument("-v", "--verbose", action="count", default=0)
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(handler=cmd_bench)
