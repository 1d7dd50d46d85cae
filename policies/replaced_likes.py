"""A preference memory holds, replaced by another of the same kind: "Actually I prefer aisle
seats now" after "I prefer window seats when I fly" ends ``window seats``.

``likes`` holds many values at once, so a new preference alone takes no other's place, and
both seats stayed liked. A change the extractor reads, said in words of change ("now",
"instead", "these days", "nowadays", "anymore", "switched", "changed"), of a preference
named by a head noun ("aisle *seats*", "early morning *flights*") denies each other value
held with that head ("window seats"), dated as the change is. A correction alone ("Oops, I
prefer medium roast") takes back only the message just before
(``policies/list_corrections.py``). Not a value of one word ("I prefer tea now": of what
kind, memory cannot tell), nor when the message keeps the others ("I like aisle seats now
too", "as well").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_values import HeldValues
from nousmem.policies.replaced_tools import kept_beside
from nousmem.policies.sentences import sentence_at
from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import fold_plural, tokens
from nousmem.projections.models import Claim

__all__ = ["replaced_likes"]

_ATTRIBUTE = "likes"
_CHANGE = re.compile(
    r"\b(?:now|instead|these\s+days|nowadays|any\s?more|any\s+longer|no\s+longer"
    r"|switched|changed|moved\s+on)\b",
    re.IGNORECASE,
)


def replaced_likes(
    claims: Sequence[Claim], content: str, occurred: datetime, held: HeldValues
) -> list[Claim]:
    """The denials of the preferences held at ``occurred`` that a changed preference in
    ``claims`` replaces (see the module doc), less those ``claims`` already make."""
    out: list[Claim] = []
    for c in claims:
        if c.attribute != _ATTRIBUTE or c.polarity != "assert" or not c.change:
            continue
        head = _head(c.value)
        if head is None or kept_beside(content, c.span) or not _says_change(content, c.span):
            continue
        said = {
            match_key(d.value)
            for d in (*claims, *out)
            if d.attribute == _ATTRIBUTE and match_key(d.entity) == match_key(c.entity)
        }
        for value in held(c.entity, _ATTRIBUTE, occurred):
            if match_key(value) not in said and _head(value) == head:
                out.append(c.model_copy(update={"value": value, "polarity": "negate"}))
    return out


def _head(value: str) -> str | None:
    """The head noun of a value of two words or more ("aisle seats": "seat"), else None."""
    words = tokens(value)
    return fold_plural(words[-1]) if len(words) >= 2 else None


def _says_change(content: str, span: tuple[int, int] | None) -> bool:
    """Whether the sentence of the claim at ``span`` says a change in words of change."""
    piece = None if span is None else sentence_at(content, span[0])
    if piece is None:
        return _CHANGE.search(content) is not None
    return _CHANGE.search(content, piece.start(), piece.end()) is not None
