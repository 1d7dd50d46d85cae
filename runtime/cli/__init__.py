"""The ``nousmem`` command line.

Every verb except ``bench`` takes ``--db``, ``--namespace`` and ``--json``. Exit codes: 0
success, 1 a negative answer (broken chain, rejected write, differing replay, not found), 2
an error (any ``NousmemError``, printed as ``nousmem: <message>``, or a usage error).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from nousmem.runtime.cli import belief_cmds, bench_cmds, journal_cmds, memory_cmds
from nousmem.runtime.cli.common import cli_message, emit, option_names
from nousmem.runtime.errors import NousmemError
from nousmem.runtime.logging import configure_cli_logging

Handler = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default="nousmem.db", help="SQLite journal file (default: nousmem.db)")
    p.add_argument("--namespace", "-n", default="default", help="namespace (default: default)")
    p.add_argument("--json", action="store_true", help="machine-readable JSON output")
    p.add_argument("-v", "--verbose", action="count", default=0, help="log to stderr")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nousmem", description="Long-term memory for LLM agents that can explain itself."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    registrars: Sequence[Callable[[Any, Callable[[argparse.ArgumentParser], None]], None]] = (
        journal_cmds.register,
        memory_cmds.register,
        belief_cmds.register,
        bench_cmds.register,
    )
    for register in registrars:
        register(sub, _common)
    for verb in sub.choices.values():
        for action in verb._actions:  # argparse has no public way to list them
            if not action.option_strings and action.metavar is None and action.choices is None:
                # --help spells a positional as the docs and the error messages do (ENTITY).
                action.metavar = action.dest.upper()
        # Errors name the verb's options, not the library's parameters (see cli_message).
        verb.set_defaults(cli_options=option_names(verb))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``nousmem`` console script."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # usage errors (2) and --help (0)
        return exc.code if isinstance(exc.code, int) else 2
    configure_cli_logging(args.verbose)
    handler: Handler = args.handler
    try:
        return asyncio.run(handler(args))
    except NousmemError as exc:
        sys.stderr.write(f"nousmem: {cli_message(exc, getattr(args, 'cli_options', {}))}\n")
        return 2
    except KeyboardInterrupt:  # pragma: no cover
        return 130


__all__ = ["build_parser", "emit", "main"]
