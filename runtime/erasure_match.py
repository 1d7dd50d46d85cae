"""Which records name an entity: the text an erasure by entity scans, and how it matches."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from pydantic import BaseModel

__all__ = ["mentions", "names"]


def fold(text: str) -> str:
    """A name as erasure compares it: one Unicode form (NFKC), so "José" typed with a
    precomposed é names the "José" a PDF gave as e + combining accent, and a full-width or
    ligature spelling names the plain one. Erasure errs towards taking more."""
    return unicodedata.normalize("NFKC", text)


def mentions(name: str) -> re.Pattern[str]:
    """Whole-word mentions of ``name`` (search :func:`fold`-ed text with it)."""
    # Any run of whitespace between the words: "Mary  Jane" and "Mary\nJane" name her too.
    words = r"\s+".join(re.escape(w) for w in fold(name).split())
    return re.compile(r"(?<!\w)" + words + r"(?!\w)", re.IGNORECASE)


# Payload fields whose values are labels from a fixed vocabulary or identifiers, never text
# about an entity: an entity named "rule" or "assert" must not erase every event whose
# extractor is "rule" or whose polarity is "assert".
_LABEL_FIELDS = frozenset(
    {
        "action",
        "attribute",
        "cardinality",
        "channels",
        "content_digest",
        "context_digest",
        "entity_digest",
        "extractor",
        "fallback",
        "from_state",
        "granularity",
        "item_type",
        "kind",
        "labels",
        "lens",
        "observation_id",
        "operation",
        "outcome",
        "polarity",
        "provider",
        "relation",
        "requested",
        "route",
        "to_state",
        "trace_id",
        "type",
        "validator",
        "verb",
    }
)
# A source is free text ("email:Zorblax Quux" names someone), except these built-in ones.
_BUILTIN_SOURCES = frozenset(
    {
        "agent",
        "anonymous",
        "caller",
        "deterministic",
        "document",
        "planner",
        "rule",
        "sleep",
        "system",
        "tool",
        "user",
        "web",
    }
)
# Fields holding the caller's own data, copied as given: every string and key in them, at
# any depth, is text (a metadata key may be named "source" and hold a name).
_CALLER_DATA = frozenset({"attempted", "metadata"})


def _texts(value: Any, key: str | None = None, caller: bool = False) -> list[str]:
    """The free-text strings of a JSON-ready payload: string values (and, inside the
    caller's data, keys), not field names, numbers, nulls or label fields."""
    if isinstance(value, str):
        if caller:
            return [value]
        if key in ("source", "origin"):  # an edge's origin is its observation's source
            return [] if value in _BUILTIN_SOURCES else [value]
        return [] if key in _LABEL_FIELDS else [value]
    out: list[str] = []
    if isinstance(value, dict):
        inner = caller or key in _CALLER_DATA
        if inner:
            out.extend(k for k in value if isinstance(k, str))
        for k, v in value.items():
            out.extend(_texts(v, k, inner))
    elif isinstance(value, list | tuple):
        for v in value:
            out.extend(_texts(v, key, caller))
    return out


def names(pat: re.Pattern[str], payload: BaseModel) -> bool:
    return any(pat.search(fold(t)) for t in _texts(payload.model_dump(mode="json")))
