"""Helpers shared by the CLI verbs: output, opening the journal, parsing option values."""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import stat
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from nousmem.runtime.errors import InvalidInput, NousmemError, UnsupportedOperation
from nousmem.runtime.inputs import validate_namespace
from nousmem.runtime.runtime import MemoryRuntime

_SQLITE_MAGIC = b"SQLite format 3\x00"
# What a terminal acts on rather than shows: C0 and C1 controls, DEL, line separators.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# Of those, what json.dumps(ensure_ascii=False) leaves unescaped.
_JSON_UNPRINTABLE = re.compile("[\x7f-\x9f\u2028\u2029]")


# Library field names whose option has another name (``dest``) in some verb; tried after the
# field's own name, so ``trace_id`` is ``TRACE_ID`` for feedback and ``ID`` for trace.
_FIELD_DESTS: dict[str, tuple[str, ...]] = {
    "budget_tokens": ("budget",),
    "kinds": ("kind",),
    "after_seq": ("after",),
    "event_ids": ("id",),
    "event_id": ("id",),
    "trace_id": ("id",),
    "feedback": ("note",),
    "claims": ("claim",),
    "keywords": ("keyword",),
    "targets": ("target",),
    "policy": ("text",),
    "path": ("db",),  # the journal's own checks (a --db symlink into a missing directory)
}
# How the CLI spells what an UnsupportedOperation names as the method to use instead.
_CLI_USAGE = {"erase": "nousmem erase (--id ID ... | --entity NAME) --reason TEXT"}


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


def option_names(parser: argparse.ArgumentParser) -> dict[str, str]:
    """How a verb's arguments are spelled on the command line, by ``dest``: the long option
    (``as_of`` -> ``--as-of``) or, for a positional, its metavar or upper-case name."""
    names: dict[str, str] = {}
    for action in parser._actions:  # argparse has no public way to list them
        if action.dest in ("help", argparse.SUPPRESS):
            continue
        if action.option_strings:
            longs = [o for o in action.option_strings if o.startswith("--")]
            names[action.dest] = (longs or action.option_strings)[0]
        else:
            metavar = action.metavar
            names[action.dest] = metavar if isinstance(metavar, str) else action.dest.upper()
    return names


def cli_field(field: str, options: Mapping[str, str]) -> str:
    """The option of the running verb that a library field came from.

    ``budget_tokens`` -> ``--budget``, ``observation.claims.0.attribute`` -> ``--claim #1:
    attribute``, ``targets.1`` -> ``TARGET #2``. A field no option gave is returned as is.
    """
    parts = field.split(".")
    if parts[0] == "observation" and len(parts) > 1:
        parts = parts[1:]  # observe and route build the observation from their options
    head = parts[0]
    option = next((options[d] for d in (head, *_FIELD_DESTS.get(head, ())) if d in options), None)
    if option is None:
        return field
    rest = parts[1:]
    if rest and rest[0].isdigit():  # the n-th value of a repeated option, counted from 1
        option += f" #{int(rest[0]) + 1}"
        rest = rest[1:]
    return f"{option}: {'.'.join(rest)}" if rest else option


def cli_message(exc: NousmemError, options: Mapping[str, str]) -> str:
    """``exc`` as the CLI reports it: the field named by its option, and an alternative
    named by its verb, not by the Python API."""
    if isinstance(exc, UnsupportedOperation) and exc.instead in _CLI_USAGE:
        return f"{exc.message}, use {_CLI_USAGE[exc.instead]}"
    text = str(exc)
    if isinstance(exc, InvalidInput) and exc.field and text.startswith(f"{exc.field}: "):
        return f"{cli_field(exc.field, options)}: {text[len(exc.field) + 2 :]}"
    return text


def printable(text: str) -> str:
    """``text`` for one line of human output: control characters escaped (``\\n``, ``\\x1b``)."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def json_printable(text: str) -> str:
    """JSON from ``json.dumps(..., ensure_ascii=False)`` with the control characters it leaves
    raw escaped as ``\\uXXXX`` (still valid JSON)."""
    return _JSON_UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def check_db(db: str, *, create: bool) -> bool:
    """Refuse a ``--db`` that is not a nousmem journal and may not become one.

    Returns whether opening ``db`` would initialise a new journal: the path is missing, an
    empty file or a SQLite database without tables. Only verbs that record new experience
    (``create``) may do that; every other verb refuses such a path, so that a mistyped
    ``--db`` never leaves an empty journal behind.
    """
    if not db.strip():
        raise InvalidInput("must be a journal file's path, not empty", field="--db")
    if db == ":memory:":
        # SQLite would take it for a database in memory: every write reported, none kept.
        raise InvalidInput(
            ":memory: keeps nothing once the command ends; give a journal file's path",
            field="--db",
        )
    path = Path(db)
    try:
        st = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        if not create:
            raise MissingJournal(f"no journal at {db}") from None
        parent = path.parent
        if not parent.is_dir():
            # SQLite would only say "unable to open database file".
            what = "is not a directory" if parent.exists() else "does not exist"
            raise InvalidInput(f"the directory {parent} {what}", field="--db") from None
        return True
    except OSError as exc:
        raise InvalidInput(f"cannot use {db}: {exc.strerror}", field="--db") from None
    if stat.S_ISDIR(st.st_mode):
        raise InvalidInput(f"{db} is a directory, not a journal file", field="--db")
    if not stat.S_ISREG(st.st_mode):
        # Reading a FIFO would block forever, and a device is nobody's journal.
        raise InvalidInput(f"{db} is not a regular file", field="--db")
    if st.st_size == 0:  # SQLite takes an empty file for a new database
        if not create:
            raise InvalidInput(f"{db} is an empty file, not a journal", field="--db")
        return True
    try:
        with path.open("rb") as fh:
            magic = fh.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise InvalidInput(f"cannot read {db}: {exc.strerror}", field="--db") from None
    if magic != _SQLITE_MAGIC:
        raise InvalidInput(f"{db} is not a SQLite journal", field="--db")
    tables = _tables(path)
    if tables is None or "nousmem_meta" in tables:
        return False  # None: cannot tell, so let the journal report the problem itself
    if tables:
        raise InvalidInput(f"{db} is a SQLite database but not a nousmem journal", field="--db")
    if not create:
        raise InvalidInput(f"{db} is an empty SQLite database, not a journal", field="--db")
    return True


def open_rt(args: argparse.Namespace, *, create: bool = False) -> Any:
    """Open ``--db`` for ``--namespace`` after :func:`check_db`.

    Only verbs that record new experience pass ``create=True``.
    """
    check_db(args.db, create=create)
    validate_namespace(args.namespace)
    return MemoryRuntime.open(args.db, namespace=args.namespace)


def _tables(path: Path) -> set[str] | None:
    """The tables of the SQLite file at ``path`` (None if SQLite cannot read them)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.Error:
        return None


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
    except RecursionError:
        raise InvalidInput(f"JSON nested too deeply: {text[:80]!r}", field=option) from None
    if not isinstance(value, dict):
        raise InvalidInput(
            f"must be a JSON object, got {type(value).__name__}: {text[:80]!r}", field=option
        )
    return value


__all__ = [
    "MissingJournal",
    "as_of",
    "check_db",
    "cli_field",
    "cli_message",
    "emit",
    "json_object",
    "json_printable",
    "open_rt",
    "option_names",
    "printable",
]
