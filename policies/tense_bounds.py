"""Where a time expression's sentence and clause begin and end, for reading its tense
(``policies/tense.py``): every look is bounded (:data:`LOOK` characters either side), so a
long paste costs the same per expression as a chat turn.
"""

from __future__ import annotations

import re
from functools import lru_cache

from nousmem.policies.subject_words import ABBREVIATIONS

__all__ = ["CLAUSE_END", "LOOK", "SENT_END", "bounds", "last_match"]

# A sentence's end: not the point of "$3.50" or of an abbreviation ("Dr.", "St.").
SENT_END = re.compile(
    # "(?=\.)" first: the abbreviations' lookbehinds run at full stops only, not at every
    # character (which made every sentence bound cost ~7x more).
    r"[!?\n]|(?=\.)" + "".join(rf"(?<!\b{a})" for a in sorted(ABBREVIATIONS)) + r"\.(?!\d)"
)
# A clause's end inside a sentence.
CLAUSE_END = re.compile(
    r"[,;]|\b(?:and|but|then)\b"
    # What was reported is a clause of its own: "He said he'd call on Saturday", "She told
    # me she's coming on Wednesday" (not "He said on Friday that ...").
    r"|\b(?:said|says|told\s+(?:me|us|him|her|them)|promised|mentioned|announced|texted"
    r"|heard|found\s+out|realized|realised)\s+(?:that\s+)?"
    r"(?=(?:he|she|they|we|I|you|it|the|my|his|her|our|their|there)\b)"
    # ... and what was known or learnt: "I forgot that mom's birthday is on Sunday".
    r"|\b(?:forgot|remembered|learned|learnt|noticed|knew|thought|read|saw|checked"
    r"|confirmed|realized|realised|heard|found\s+out|said|told\s+(?:me|us|him|her|them)"
    r"|mentioned|announced)\s+that\s+",
    re.IGNORECASE,
)
# How far back a sentence or clause is looked for: bounds the work per expression, so a
# long paste costs the same per expression as a chat turn.
LOOK = 400


def last_match(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``text[lo:hi]``."""
    found = list(pattern.finditer(text, lo, hi))
    return found[-1] if found else None


@lru_cache(maxsize=64)
def bounds(pattern: re.Pattern[str], text: str, start: int, end: int) -> tuple[int, int]:
    """The stretch around ``text[start:end]`` between two matches of ``pattern``, looked
    for at most ``LOOK`` characters away. Memoised: one expression's checks ask for its
    sentence and clause several times (a text's hash is computed once, by ``str``)."""
    lo = max(0, start - LOOK)
    ends = [m.end() for m in pattern.finditer(text, lo, start)]
    left = ends[-1] if ends else lo
    m = pattern.search(text, end, min(len(text), end + LOOK))
    return left, m.start() if m else min(len(text), end + LOOK)
