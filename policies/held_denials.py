"""Pieces the write-time readings share (``runtime/claims_in_context.py``): each reads an
observation's statements against what memory holds and denies the held values they end
("I gave up on Spanish", "We got rid of Jenkins", "I graduated")."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from nousmem.policies.clause_leads import SUPPOSING
from nousmem.policies.sentences import sentences
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["denial", "denied_values", "statements", "unreal_before"]


def denial(
    entity: str, attribute: str, value: str, confidence: float, span: tuple[int, int]
) -> Claim:
    """A reading's denial of the held ``value``: a change, read by rule at ``span``."""
    return Claim(
        entity=entity,
        attribute=attribute,
        value=value,
        confidence=confidence,
        polarity="negate",
        change=True,
        span=span,
        extractor="rule",
    )


def denied_values(claims: Sequence[Claim], attribute: str) -> set[str]:
    """The match keys of the ``attribute`` values ``claims`` deny already."""
    return {
        match_key(c.value) for c in claims if c.attribute == attribute and c.polarity == "negate"
    }


def statements(content: str) -> Iterator[tuple[int, str]]:
    """The (start, text) of ``content``'s sentences, questions left out."""
    for piece in sentences(content):
        text = piece.group(0)
        if not text.rstrip().endswith("?"):
            yield piece.start(), text


# A denial just before what a statement says: "We never got rid of Jenkins", "I didn't
# graduate", "There's no way we dropped Slack".
_DENIED_BEFORE = re.compile(r"\b(?:not|never|n't|no)\b(?:\s+\w+){0,2}\s*$", re.IGNORECASE)


def unreal_before(before: str) -> bool:
    """Whether the words ``before`` a statement's cue, in its sentence, suppose it ("If we
    drop Jenkins, ...") or deny it just before ("We never dropped Jenkins")."""
    return SUPPOSING.search(before) is not None or _DENIED_BEFORE.search(before) is not None
