"""Whether a sentence names a value, and how a candidate id splits into its parts."""

from __future__ import annotations

import re

__all__ = ["ASKED_TO_FORGET", "ATTR_SPLIT", "FORGOTTEN", "names_value"]

#: What a turn shows where it asked memory to forget something (``runtime/request_text.py``).
ASKED_TO_FORGET = "[asked to forget]"
#: What a turn shows in place of a sentence that names a value memory has forgotten
#: (``runtime/forgotten_text.py``): "I live in Lyon. [forgotten] My brother lives in Oslo."
FORGOTTEN = "[forgotten]"

_WORDS = re.compile(r"\w+")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
#: Where ``kind:entity.attribute#value`` may split between entity, attribute and value
#: (entity and value may hold "." and "#" themselves: "fact:c# team.uses#rider").
ATTR_SPLIT = re.compile(r"\.([a-z_][a-z0-9_]*)#")


def names_value(sentence: str, value: str) -> bool:
    """Whether ``sentence`` (a match key) names ``value``: its text as whole words (a
    forgotten "art" is not named by "The party starts at eight."), or, for a value of two
    words of three letters or more, those words in order with at most two words between
    ("I have a dog named Biscuit." names "dog Biscuit"; "Trader Joe’s" names "Trader
    Joe's"). A value with fewer such words needs its text: "AT&T" is not named by "at the
    T station", "C++" not by "a C in chemistry". Typographic apostrophes count as "'"."""
    sentence, value = sentence.translate(_APOSTROPHES), value.translate(_APOSTROPHES)
    if re.search(rf"(?<!\w){re.escape(value)}(?!\w)", sentence):
        return True
    wanted = [w for w in _WORDS.findall(value) if len(w) >= 3]
    if len(wanted) < 2:
        return False
    gap = r"(?:\W+\w+){0,2}?\W+"
    return (
        re.search(r"(?<!\w)" + gap.join(map(re.escape, wanted)) + r"(?!\w)", sentence) is not None
    )
