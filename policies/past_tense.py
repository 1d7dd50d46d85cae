"""A past-tense clause put in the present, as a statement of it would read.

"Forget that I lived in Lyon" names Lyon as "I live in Lyon" would: the rule extractor reads
no claim in the past tense, and reads "used to" as a denial of the present. Used by the
reader of requests to forget (``runtime/forget_asked.py``).
"""

from __future__ import annotations

import re

__all__ = ["present_tense"]

_PAST_VERBS: dict[str, tuple[str, str]] = {
    "lived": ("live", "lives"),
    "worked": ("work", "works"),
    "liked": ("like", "likes"),
    "loved": ("love", "loves"),
    "enjoyed": ("enjoy", "enjoys"),
    "hated": ("hate", "hates"),
    "played": ("play", "plays"),
    "owned": ("own", "owns"),
    "used": ("use", "uses"),
    "studied": ("study", "studies"),
    "had": ("have", "has"),
    "was": ("am", "is"),
}
_PAST_CLAUSE = re.compile(
    r"^(?P<subject>i|my\s+[\w-]+(?:\s+(?-i:[A-Z])[\w-]*)?|(?-i:[A-Z])[\w-]*)\s+"
    r"(?:(?:once|previously|formerly|still)\s+)?"
    r"(?:(?P<used>used\s+to)\s+(?P<base>\w+)|(?P<past>" + "|".join(_PAST_VERBS) + r"))\b",
    re.I,
)


def present_tense(clause: str) -> str | None:
    """``clause`` with its past-tense verb in the present ("I lived in Lyon" -> "I live in
    Lyon", "my sister used to work at Acme" -> "my sister works at Acme"), else None."""
    m = _PAST_CLAUSE.match(clause)
    if m is None:
        return None
    first = m.group("subject").casefold() == "i"
    if m.group("used") is not None:
        base = m.group("base").casefold()
        verb = ("am" if first else "is") if base == "be" else base if first else _third(base)
    else:
        verb = _PAST_VERBS[m.group("past").casefold()][0 if first else 1]
    return f"{m.group('subject')} {verb}{clause[m.end() :]}"


def _third(base: str) -> str:
    if base == "be":
        return "is"
    for past, (plain, third) in _PAST_VERBS.items():
        if base in (plain, past):
            return third
    return base + ("es" if base.endswith(("s", "sh", "ch", "o")) else "s")
