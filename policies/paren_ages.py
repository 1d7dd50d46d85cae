"""Ages said in parentheses after names: "We have two kids, Lily (7) and Ben (4)" gives
Lily's age 7 and Ben's 4.

A parenthesis in the middle of a list breaks the list's reading ("kids, Lily (7) and Ben"
named no child), so the rule pass reads the text with each such age blanked out (same
length: every span still holds), and the ages come from here. Only in a sentence about
kin ("kids", "daughter", "grandkids", ...) and only a whole number up to 120 right after a
capitalised name: "Chapter (3)", "Apollo (11)" or "Lily (age 7)" are none.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.sentences import sentences
from nousmem.projections.models import Claim

__all__ = ["CONFIDENCE", "ParenAges", "paren_ages"]

CONFIDENCE = 0.85
_KIN = re.compile(
    r"\b(?:kids?|children|child|sons?|daughters?|boys|girls|grandkids|grandchildren"
    r"|grandsons?|granddaughters?|nieces?|nephews?|brothers?|sisters?|siblings|twins"
    r"|family)\b",
    re.IGNORECASE,
)
_AGED = re.compile(rf"\b(?P<name>[{UPPER}][{LETTER}'-]+)\s*\((?P<age>\d{{1,3}})\)")


class ParenAges(NamedTuple):
    """The age claims of a text's parenthesised ages, and the text with them blanked."""

    claims: list[Claim]
    text: str


def paren_ages(content: str) -> ParenAges:
    """The ``age`` claims of the names ``content`` gives an age in parentheses to, in a
    sentence about kin, and ``content`` with those parentheses blanked (see the module doc)."""
    if "(" not in content:
        return ParenAges([], content)
    claims: list[Claim] = []
    text = content
    for piece in sentences(content):
        sentence = piece.group(0)
        if _KIN.search(sentence) is None:
            continue
        lo = piece.start()
        for m in _AGED.finditer(sentence):
            if int(m.group("age")) > 120:
                continue
            claims.append(
                Claim(
                    entity=m.group("name"),
                    attribute="age",
                    value=str(int(m.group("age"))),
                    confidence=CONFIDENCE,
                    span=(lo + m.start(), lo + m.end()),
                    extractor="rule",
                )
            )
            a, b = lo + m.end("name"), lo + m.end()
            text = text[:a] + " " * (b - a) + text[b:]
    return ParenAges(claims, text)
