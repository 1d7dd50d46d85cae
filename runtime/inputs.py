"""Checks of caller-supplied text shared by the public entry points.

Python strings may hold lone surrogates (``"\\ud800"``: what ``surrogateescape`` makes of
undecodable bytes, e.g. in ``sys.argv``). They cannot be written as UTF-8, so the journal
cannot store them; every entry point refuses them up front with the field they came in.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from nousmem.runtime.canonical import MIN_YEAR
from nousmem.runtime.errors import InvalidInput, NamespaceError

_SURROGATE = re.compile("[\ud800-\udfff]")

#: How deeply an observation's ``metadata`` may nest dicts and lists (the metadata dict
#: itself is level 1). The journal reads rows back with pydantic's JSON parser, which
#: refuses documents nested about 200 deep: a deeper payload would be written and then be
#: unreadable. Real metadata is a few levels deep; 64 leaves room for the records that
#: embed an observation (``write.rejected``) and stays far from Python's recursion limit.
MAX_METADATA_DEPTH = 64


def check_text(value: Any, field: str) -> None:
    """Raise :class:`InvalidInput` naming the first string in ``value`` (a string, or
    models, dicts, lists and tuples of them, dict keys included) that is not valid UTF-8."""
    bad = _first_bad(value, field)
    if bad is not None:
        raise InvalidInput("contains a lone surrogate, which is not valid UTF-8", field=bad)


MAX_REASON = 4000
"""Longest reason a verb that journals one (forget, erase, relate) accepts, in characters."""


def check_reason(value: Any, field: str = "reason") -> str:
    """``value`` as a journaled reason, stripped: a non-empty string of at most
    :data:`MAX_REASON` characters that is valid UTF-8; else :class:`InvalidInput`."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("must be a non-empty string", field=field)
    if len(value) > MAX_REASON:
        raise InvalidInput(f"must be at most {MAX_REASON} characters", field=field)
    check_text(value, field)
    return value.strip()


def check_flag(value: Any, field: str) -> bool:
    """``value`` if it is a bool; else :class:`InvalidInput` (``1``, ``"yes"`` or ``None``
    must not switch on a destructive write by truthiness)."""
    if not isinstance(value, bool):
        raise InvalidInput(
            f"must be a boolean (True or False), got {type(value).__name__}", field=field
        )
    return value


def check_depth(value: Any, field: str, limit: int = MAX_METADATA_DEPTH) -> None:
    """Raise :class:`InvalidInput` naming ``field`` if dicts and lists in ``value`` nest
    deeper than ``limit`` levels.

    Iterative, so even a self-referencing dict is refused here rather than by a
    RecursionError in whatever walks it next; depth-first, so a cycle is met within
    ``limit`` steps of descent.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple):
            children = node
        else:
            continue
        if depth > limit:
            raise InvalidInput(
                f"nests dicts and lists deeper than {limit} levels (or contains itself)",
                field=field,
            )
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list | tuple))


def _first_bad(value: Any, path: str) -> str | None:
    if isinstance(value, str):
        # isascii() is a flag check: most text never reaches the regex.
        return None if value.isascii() or _SURROGATE.search(value) is None else path
    if isinstance(value, BaseModel):
        items: Any = value.__dict__.items()  # a pydantic model's field values
    elif isinstance(value, dict):
        for k in value:
            if isinstance(k, str) and _first_bad(k, path) is not None:
                return f"{path}.{k.encode('utf-8', 'backslashreplace').decode()}"
        items = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    else:
        return None
    for k, v in items:
        bad = _first_bad(v, f"{path}.{k}")
        if bad is not None:
            return bad
    return None


def validate_namespace(namespace: str) -> str:
    """``namespace`` if it is one: 1-200 characters, no surrounding spaces or controls."""
    if not isinstance(namespace, str) or not namespace.strip() or len(namespace) > 200:
        raise NamespaceError(
            "namespace must be a non-empty string of at most 200 characters", field="namespace"
        )
    # Controls (ESC, DEL, ...) and invisible format characters (zero-width space, joiners):
    # "alice" and "alice\u200b" would be two namespaces that print alike.
    if namespace != namespace.strip() or any(
        unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in namespace
    ):
        raise NamespaceError(
            "namespace must not have surrounding spaces, control characters or invisible"
            " format characters",
            field="namespace",
        )
    check_text(namespace, "namespace")
    return namespace


def utc_offset(value: datetime, field: str) -> timedelta | None:
    """``value.utcoffset()``, with a broken tzinfo (an offset outside ±24 hours, or one
    that raises) refused as :class:`InvalidInput` naming ``field``."""
    try:
        return value.utcoffset()
    except Exception as exc:  # the caller's tzinfo: any error of its own is bad input
        raise InvalidInput(f"its time zone gives no usable offset ({exc})", field=field) from None


def storable_time(t: datetime, field: str) -> datetime:
    """``t`` (UTC) if the journal can store it: its timestamps have four-digit years."""
    if not MIN_YEAR <= t.year <= 9999:
        raise InvalidInput(
            f"{t.isoformat()} is outside the years {MIN_YEAR}-9999 the journal stores (in UTC)",
            field=field,
        )
    return t
