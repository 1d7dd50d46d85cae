"""A goal to get a pet, done: "We adopted a beagle named Max" after "I'm thinking about
adopting a dog" (``policies/ended_goals.py`` asks). The new pet must be one memory was
never told of, and of the goal's species where both name one ("a cat named Luna" does not
fulfil "get a dog"; "a puppy" is a dog)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nousmem.policies.patterns import SPECIES_WORDS
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["new_pets", "pet_done", "pet_kinds"]

# A pet goal's verbs, and the species a pet's words name ("puppy" is a dog).
_PET_VERBS = frozenset("get getting adopt adopting buy buying rescue rescuing".split())
_YOUNG = {"puppy": "dog", "pup": "dog", "kitten": "cat", "kitty": "cat", "bunny": "rabbit"}
_ALL_SPECIES = frozenset(SPECIES_WORDS.split())
_WORD = re.compile(r"[\w'-]+")


def pet_kinds(verb: str, words: frozenset[str]) -> frozenset[str]:
    """The species a goal to get a pet names (its verb and object's words: "adopt",
    {"dog"} gives {"dog"}), else none."""
    if verb not in _PET_VERBS:
        return frozenset()
    return frozenset(k for k in map(_species, words) if k is not None)


def new_pets(claims: Sequence[Claim], known: Sequence[str]) -> list[Claim]:
    """The pets ``claims`` assert that memory was never told of (``known``)."""
    told = {match_key(v) for v in known}
    return [
        c
        for c in claims
        if c.attribute == "pet" and c.polarity == "assert" and match_key(c.value) not in told
    ]


def pet_done(
    kinds: frozenset[str], pets: Sequence[Claim], lo: int, text: str
) -> tuple[int, int, str] | None:
    """The span (in ``text``, the sentence at ``lo``) of a new pet of one of ``kinds`` (the
    goal's species, or of none named), marked "done"; None without one."""
    if not kinds:
        return None
    for c in pets:
        if c.span is None or not lo <= c.span[0] < lo + len(text):
            continue
        named = {k for k in map(_species, _WORD.findall(match_key(c.value))) if k is not None}
        if named and named.isdisjoint(kinds):
            continue  # "a cat named Luna" does not fulfil "get a dog"
        return c.span[0] - lo, c.span[1] - lo, "done"
    return None


def _species(word: str) -> str | None:
    word = word.removesuffix("s") if word.endswith("s") and word[:-1] in _ALL_SPECIES else word
    word = _YOUNG.get(word, word)
    return word if word in _ALL_SPECIES else None
