"""A relative named after "his" / "her": "Emma lives in Denver with her husband Mark" gives
``Emma spouse: Mark``, as "Emma's husband Mark" does; "Tom came with his daughter Lily"
``Tom child: Lily``; "My sister Emma and her husband Mark visited" Emma's spouse too.

The pronoun means the one person named before it in its sentence: the sentence's first word
too, when it is a name its verb agrees with ("Emma lives", not "Finally"); not a relative
named so before it ("Tom came with his daughter Lily and his son Ben": Ben is Tom's). None
when two are named, when a word before the name gives the other gender ("my brother Sam
... her"), or in a question. The relative must be named ("her husband" alone names no one).
"""

from __future__ import annotations

import re

from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.place_names import PLACE_NAMES
from nousmem.policies.pronoun_subject import said_gender
from nousmem.policies.sentences import sentences
from nousmem.policies.timeexpr_patterns import DAYS, MONTHS
from nousmem.policies.token_names import agrees, name_at
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
# A name this reading takes as a relative: "his daughter" just before it.
_RELATIVE_BEFORE = re.compile(
    r"\b(?:[Hh]is|[Hh]er)\s+(?:" + "|".join(sorted(_KIN, key=len, reverse=True)) + r"),?\s+$"
)
_NAMED = re.compile(rf"\b(?P<n>[{UPPER}][{LOWER}]+(?:-[{UPPER}][{LOWER}]+)?)(?:'s)?(?![\w-])")
_TOKEN = re.compile(r"\S+")
_NO_ONE = frozenset(
    "He She They We It This That There Here Today Now My Our Your His Her Their I".split()
)
_CALENDAR = frozenset(w.lower() for w in (*MONTHS, *DAYS))
_GENDER = {"his": "he", "her": "she"}


def pronoun_kin(content: str) -> list[Claim]:
    """The relatives ``content`` names after a "his" / "her" that means one person named
    before it (see the module doc)."""
    if "his " not in content.lower() and "her " not in content.lower():
        return []
    out: list[Claim] = []
    for piece in sentences(content):
        text = piece.group(0)
        if text.rstrip().endswith("?"):
            continue
        for m in _RELATIVE.finditer(text):
            before = text[: m.start()]
            who = _one_named(before)
            name = m.group("name")
            if who is None or who == name or name in _NO_ONE or name.lower() in _CALENDAR:
                continue
            if said_gender(before, who) not in (None, _GENDER[m.group("pron").lower()]):
                continue
            out.append(
                Claim(
                    entity=who,
                    attribute=_KIN[m.group("kin").lower()],
                    value=name,
                    confidence=CONFIDENCE,
                    span=(piece.start() + m.start(), piece.start() + m.end()),
                    extractor="rule",
                )
            )
    return out


def _one_named(before: str) -> str | None:
    """The one person ``before`` names, or None."""
    toks = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(before)]
    first = bool(toks) and name_at(toks, 0) is not None and agrees(toks, 0)
    names = {
        m.group("n")
        for m in _NAMED.finditer(before)
        # A relative named so already is not whom the pronoun means: "Tom came with his
        # daughter Lily and his son Ben" (Ben is Tom's).
        if not _RELATIVE_BEFORE.search(before, 0, m.start())
        and m.group("n") not in _NO_ONE
        and m.group("n") not in PLACE_NAMES
        and m.group("n").lower() not in _CALENDAR
        and (m.start() > 0 or first or before[m.end() : m.end() + 5].startswith(("'s", " and")))
    }
    return names.pop() if len(names) == 1 else None
