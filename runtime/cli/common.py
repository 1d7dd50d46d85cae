"""Helpers shared by the CLI verbs: output, opening the journal, parsing option values."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nousmem.runtime.errors import InvalidInput, NousmemError
from nousmem.runtime.runtime import MemoryRuntime

_SQLITE_MAGIC = b"SQLite format 3\x00"


class MissingJournal(NousmemError):
    """A verb that needs an existing journal file was pointed at a path that does not exist."""


def emit(args: argparse.Namespace, data: Any, human: Callable[[], str]) -> None:
    """Print ``data`` as JSON with ``--json``, otherwise the human rendering."""
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps(data, indent=2, default=str, ensure_ascii=False) + "\n")
    else:
        text = human()
        if text:
            sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))


def open_rt(args: argparse.Namespace, *, create: bool = False) -> Any:
    """Open ``--db`` for ``--namespace``.

    Only verbs that record new experience pass ``create=True``; every other verb refuses a
    path that does not exist instead of silently creating an empty journal there.
    """
    path = Path(args.db)
    if not path.exists():
        if not create:
            raise MissingJournal(f"no journal at {args.db}")
    elif path.is_dir():
        raise InvalidInput(f"{args.db} is a directory, not a journal file", field="--db")
    else:
        try:
            with path.open("rb") as fh:
                magic = fh.read(len(_SQLITE_MAGIC))
        except OSError as exc:
            raise InvalidInput(f"cannot read {args.db}: {exc.strerror}", field="--db") from None
        if magic and magic != _SQLITE_MAGIC:  # an empty file is a new SQLite database
            raise InvalidInput(f"{args.db} is not a SQLite journal", field="--db")
        if magic and not _has_tables(path):
            raise InvalidInput(
                f"{args.db} is a SQLite database but not a nousmem journal", field="--db"
            )
    return MemoryRuntime.open(args.db, namespace=args.namespace)


def _has_tables(path: Path) -> bool:
    """Is the SQLite file at ``path`` empty or a nousmem journal (never some other app's)?"""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.Error:
        return True  # cannot tell: let the journal report the problem itself
    return not names or "nousmem_meta" in names


def as_of(value: str | None) -> int | str | None:
    """``--as-of``: digits are a journal seq, anything else an ISO datetime."""
    if value is None:
        return None
    # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
    if value.isascii() and value.isdigit():
        if len(value) > 19:  # past 64 bits no seq exists; int() refuses past 4,300 digits
            raise InvalidInput("seq is beyond any journal head", field="as_of")
        return int(value)
    return value


def json_object(text: str, option: str) -> dict[str, Any]:
    """Parse the JSON object given to ``option``; a clear :class:`InvalidInput` otherwise."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(
            f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}): {text[:80]!r}",
            field=option,
        ) from None
    if not isinstance(value, dict):
        raise InvalidInput(
            f"must be a JSON object, got {type(value).__name__}: {text[:80]!r}", field=option
        )
    return value


__all__ = ["MissingJournal", "as_of", "emit", "json_object", "open_rt"]
