"""Which records name an entity: the text an erasure by entity scans, and how it matches."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from pydantic import BaseModel

__all__ = ["mentioned", "mentions", "names", "redact_mentions"]


def fold(text: str) -> str:
    """A name as erasure compares it: one Unicode form (NFKC), so "José" typed with a
    precomposed é names the "José" a PDF gave as e + combining accent, and a full-width or
    ligature spelling names the plain one. Erasure errs towards taking more."""
    return unicodedata.normalize("NFKC", text)


def _caseless(text: str) -> tuple[str, list[int]]:
    """``text`` case-folded as belief keys are (full folding: "Weiß" is "weiss"), and for
    each character of the result the index of the character of ``text`` it came from."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        f = ch.casefold()
        out.append(f)
        where.extend([i] * len(f))
    return "".join(out), where


def mentions(name: str) -> re.Pattern[str]:
    """Whole-word mentions of ``name``, for :func:`mentioned` and :func:`redact_mentions`."""
    # Any run of whitespace between the words: "Mary  Jane" and "Mary\nJane" name her too.
    words = r"\s+".join(re.escape(w) for w in _caseless(fold(name))[0].split())
    return re.compile(r"(?<!\w)" + words + r"(?!\w)")


def mentioned(pat: re.Pattern[str], text: str) -> bool:
    """Whether ``text`` names the entity of ``pat`` (in any case or Unicode form)."""
    return pat.search(_caseless(fold(text))[0]) is not None


def redact_mentions(pat: re.Pattern[str], text: str, mark: str) -> str:
    """``text`` (NFKC) with each mention of the entity of ``pat`` replaced by ``mark``."""
    t = fold(text)
    folded, where = _caseless(t)
    out: list[str] = []
    last = 0
    for m in pat.finditer(folded):
        if m.end() == m.start():
            continue
        start, end = where[m.start()], where[m.end() - 1] + 1
        out += [t[last:start], mark]
        last = end
    return "".join(out) + t[last:]


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
    return any(mentioned(pat, t) for t in _texts(payload.model_dump(mode="json")))
