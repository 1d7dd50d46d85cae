"""``nousmem bench locomo|beliefs|journal|perf``: runs the harnesses in ``benchmarks/``.

The harnesses live in the source checkout (they are not part of the installed package), so
this verb looks for a nousmem checkout in the current directory, its parents, and the
folders above the package, and refuses (exit 2) when there is none.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from nousmem.runtime.errors import InvalidInput

HARNESSES = ("locomo", "beliefs", "journal", "perf")


def _roots() -> Iterator[Path]:
    """Where to look for a checkout: the working directory and up, then above the package."""
    cwd = Path.cwd().resolve()
    yield from (cwd, *cwd.parents)
    yield from Path(__file__).resolve().parents


def _is_checkout(root: Path, name: str) -> bool:
    """A nousmem source tree: its pyproject names the project and holds the harness."""
    bench = root / "benchmarks"
    if not ((bench / "__init__.py").is_file() and (bench / f"{name}.py").is_file()):
        return False
    try:
        meta = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return 'name = "nousmem"' in meta


def _load(name: str) -> ModuleType:
    root = next((r for r in _roots() if _is_checkout(r, name)), None)
    if root is None:
        raise InvalidInput(
            "benchmarks/ not found: the harnesses ship with the source, not the package;"
            " run `nousmem bench` inside a checkout of nousmem",
            field="bench",
        )
    loaded = sys.modules.get("benchmarks")
    where = getattr(loaded, "__file__", None) if loaded is not None else None
    if loaded is not None and (where is None or Path(where).resolve().parent.parent != root):
        raise InvalidInput(
            f"another 'benchmarks' package is already imported ({where}); run from {root}",
            field="bench",
        )
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        return importlib.import_module(f"benchmarks.{name}")
    except ImportError as exc:
        raise InvalidInput(
            f"cannot import benchmarks/{name}.py from {root}: {exc}", field="bench"
        ) from None


def _split_json_out(rest: list[str]) -> tuple[list[str], str | None]:
    """Pull ``--json-out PATH`` / ``--json-out=PATH`` out of the harness arguments."""
    out: list[str] = []
    path: str | None = None
    it = iter(rest)
    for a in it:
        if a == "--json-out":
            path = next(it, None)
            if path is None:
                raise InvalidInput("expected a file path", field="--json-out")
        elif a.startswith("--json-out="):
            path = a.split("=", 1)[1]
        else:
            out.append(a)
    return out, path


def _run(main: Callable[[list[str]], Any], argv: list[str], quiet: bool) -> int:
    """Run a harness's ``main`` (it calls ``asyncio.run`` itself: a worker thread)."""
    try:
        if quiet:  # --json: the harness's report goes to stderr, stdout stays JSON
            with contextlib.redirect_stdout(sys.stderr):
                result = main(argv)
        else:
            result = main(argv)
    except SystemExit as exc:  # the harness's own argument errors and --help
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    return int(result or 0)


async def cmd_bench(args: argparse.Namespace) -> int:
    if args.db is not None or args.namespace is not None:
        sys.stderr.write(
            "nousmem bench: --db/--namespace ignored: each harness builds its own journals"
            " (journal and perf take --dir)\n"
        )
    argv, late_out = _split_json_out(list(args.rest))
    json_out = late_out or args.json_out
    if args.which == "locomo" and not [a for a in argv if not a.startswith("-")]:
        raise InvalidInput("give the path of a LoCoMo-format JSON file", field="path")
    mod = _load(args.which)
    code, results = await asyncio.to_thread(_bench, mod.main, argv, json_out, args.json)
    if args.json:
        sys.stdout.write(json.dumps(results, indent=2) + "\n")
    return code


def _bench(
    main: Callable[[list[str]], Any], argv: list[str], json_out: str | None, as_json: bool
) -> tuple[int, Any]:
    """Run the harness; with ``as_json`` also read back the results it wrote."""
    with tempfile.TemporaryDirectory(prefix="nousmem-bench-") as tmp:
        target = json_out or (str(Path(tmp) / "results.json") if as_json else None)
        if target is not None:
            argv = [*argv, "--json", target]
        code = _run(main, argv, as_json)
        if not as_json or target is None:
            return code, None
        try:
            return code, json.loads(Path(target).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return code, None  # the harness failed before writing its results


def register(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser(
        "bench",
        help="run a benchmark harness (locomo PATH | beliefs | journal | perf)",
        description="Arguments after the harness name go to the harness; --json-out PATH"
        " is understood anywhere.",
    )
    p.add_argument("--json-out", dest="json_out", help="also write the results as JSON")
    p.add_argument(
        "--json", action="store_true", help="print the results as JSON on stdout (report on stderr)"
    )
    p.add_argument("-v", "--verbose", action="count", default=0, help="log to stderr")
    p.add_argument("--db", help="accepted for consistency; ignored (with a warning)")
    p.add_argument("--namespace", "-n", help="accepted for consistency; ignored (with a warning)")
    p.add_argument("which", choices=HARNESSES)
    p.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the harness")
    p.set_defaults(handler=cmd_bench)
