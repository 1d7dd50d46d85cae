"""A pet named in the next sentence or clause: "We just got a puppy! His name is Biscuit", "I
adopted a cat last week. We named her Luna.", "I adopted a rescue cat, her name is Mochi".

A rule reads a pet and its name said together ("a puppy named Biscuit", "our cat Luna");
said apart, the name comes in the sentence right after (or the clause after a comma or
"and"), with a pronoun for the pet. Only a
pet claimed without a name (its value a bare species: "puppy") takes one, and only from the
sentence that follows it at once, opening with "His / Her / Its name is X", "Their name is
X", "We / I named him / her / it X" or "We / I call(ed) him / her X", and only when it is the
one animal its sentence ends on ("I got a dog and my sister got a cat. Her name is Luna"
names neither).
"""

from __future__ import annotations

import re

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import SPECIES_NAMES, SPECIES_WORDS
from nousmem.policies.rules_pets import BREED_NAMES
from nousmem.projections.models import Claim

__all__ = ["named_later", "without_bare_twins"]

_BREED = re.compile(BREED_NAMES)
_ANIMAL = re.compile(r"\b(?:" + "|".join(sorted(SPECIES_WORDS.split())) + r")\b", re.IGNORECASE)
# The rest of the pet's sentence ("... a cat *last week*. "): its end mark, perhaps an emoji
# or a closing quote, and spaces; or a clause break in it ("I adopted a cat*, *her name is
# Mochi", "... a dog *and* we named him Rex").
_NEXT = re.compile(
    r"[^.!?\n]{0,80}?[.!?]+[^\w\n]{0,4}?\s+|\s*(?:[,;\u2013\u2014-]\s*)(?:and\s+)?|\s+and\s+"
)
_NAMED = re.compile(
    r"(?:(?:His|Her|Its|Their|his|her|its|their)\s+name\s+is"
    r"|(?:We|I|we|i)(?:'ve)?\s+(?:named|call|called|calling)\s+(?:him|her|it|them))\s+"
    # One whole name: "Mr. Whiskers" keeps the species alone, as the rules do.
    r"(?!(?:Mr|Mrs|Ms|Dr|Sir|St|Prof)\.)"
    rf"(?P<name>[{UPPER}][{LETTER}'-]*(?:\s+[{UPPER}][{LETTER}'-]*)?)"
    r"(?=\s*(?:[.!,;]|[^\w\s]|$))"
)


def named_later(content: str, claims: list[Claim]) -> list[Claim]:
    """``claims`` with each unnamed pet that the next sentence names given its name (the
    claim's span then reaches the name)."""
    # Where each unnamed pet's sentence ends; two in one sentence leave "her" unclear.
    ends: dict[int, int] = {}
    for c in claims:
        gap = _NEXT.match(content, c.span[1]) if c.span and _unnamed_pet(c) else None
        if gap is not None:
            ends[id(c)] = gap.end()
    per_sentence = list(ends.values())
    out: list[Claim] = []
    for c in claims:
        at = ends.get(id(c))
        named = _NAMED.match(content, at) if at is not None else None
        # Nor when another animal comes after it ("I got a dog and my sister got a cat").
        if (
            named is None
            or at is None
            or per_sentence.count(at) != 1
            or (c.span is not None and _ANIMAL.search(content, c.span[1], at) is not None)
        ):
            out.append(c)
            continue
        start = c.span[0] if c.span else named.start()
        out.append(
            c.model_copy(
                update={
                    "value": f"{c.value} {named.group('name')}",
                    "span": (start, named.end("name")),
                }
            )
        )
    return out


def without_bare_twins(claims: list[Claim]) -> list[Claim]:
    """``claims`` without a bare species that a named pet of the same holder and polarity
    already says: "Mochi is my rabbit" is "rabbit Mochi", not that and a second, unnamed
    rabbit ("my rabbit" is read on its own too)."""
    named = {
        (c.entity, c.polarity, c.value.rpartition(" ")[0])
        for c in claims
        if c.attribute == "pet" and " " in c.value
    }
    return [
        c
        for c in claims
        if not (
            c.attribute == "pet"
            and c.extractor == "rule"
            and (c.entity, c.polarity, c.value) in named
            and (c.value in SPECIES_NAMES or _BREED.fullmatch(c.value) is not None)
        )
    ]


def _unnamed_pet(c: Claim) -> bool:
    return (
        c.attribute == "pet"
        and c.polarity == "assert"
        and (c.value in SPECIES_NAMES or _BREED.fullmatch(c.value) is not None)
    )
