"""A relative named after "his" / "her": "Emma lives in Denver with her husband Mark" gives
``Emma spouse: Mark``, as "Emma's husband Mark" does; "Tom came with his daughter Lily"
``Tom child: Lily``; "My sister Emma and her husband Mark visited" Emma's spouse too.

The pronoun means the one person named before it in its sentence, as
``held_denials.pronoun_of`` reads it (the sentence's first word too when its verb agrees:
"Emma lives", not "Finally"; not one a word gives the other gender: "Tom came with his
daughter Lily and his son Ben" gives Ben to Tom); none when two are named, or in a
question. The relative must be named ("her husband" alone names no one).
"""

from __future__ import annotations

import re

from nousmem.policies.held_denials import pronoun_of, statements
from nousmem.policies.letters import LOWER, UPPER
from nousmem.projections.models import Claim

__all__ = ["CONFIDENCE", "pronoun_kin"]

CONFIDENCE = 0.8
_KIN = {
    **dict.fromkeys(
        "husband wife partner boyfriend girlfriend fiance fiancee fiancé fiancée".split(),
        "spouse",
    ),
    **dict.fromkeys("son daughter".split(), "child"),
    **dict.fromkeys("brother sister".split(), "sibling"),
    **dict.fromkeys("mom mother mum dad father".split(), "parent"),
}
_RELATIVE = re.compile(
    r"\b(?P<pron>[Hh]is|[Hh]er)\s+(?P<kin>" + "|".join(sorted(_KIN, key=len, reverse=True)) + r")"
    rf",?\s+(?P<name>[{UPPER}][{LOWER}]+(?:-[{UPPER}][{LOWER}]+)?)(?![\w-])"
)


def pronoun_kin(content: str) -> list[Claim]:
    """The relatives ``content`` names after a "his" / "her" that means one person named
    before it (see the module doc)."""
    if "his " not in content.lower() and "her " not in content.lower():
        return []
    out: list[Claim] = []
    for lo, text in statements(content):
        for m in _RELATIVE.finditer(text):
            who = pronoun_of(text[: m.start()], m.group("pron"), _nobody)
            name = m.group("name")
            if who is None or who == name:
                continue
            out.append(
                Claim(
                    entity=who,
                    attribute=_KIN[m.group("kin").lower()],
                    value=name,
                    confidence=CONFIDENCE,
                    span=(lo + m.start(), lo + m.end()),
                    extractor="rule",
                )
            )
    return out


def _nobody(name: str) -> str | None:
    """No kin word said as a name is read here: the person is the name as said."""
    return None
