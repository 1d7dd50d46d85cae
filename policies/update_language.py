"""Update language: words that mark a claim as a change of what held before.

"I *now* work at Meta", "I *switched* to Emacs", "*Actually*, I live in Lyon": a claim said
this way supersedes the previous value of a single-valued attribute (``Claim.change``)
rather than competing with it. Read per clause by the rule extractor.
"""

from __future__ import annotations

import re

__all__ = ["corrects", "says_change"]

_CHANGE = re.compile(
    r"\b(?:(?=now)(?<!right\s)(?<!for\s)(?<!just\s)(?<!by\s)(?<!until\s)now|instead|switched"
    r"|switching|moved|relocated|replaces?|replaced|supersedes?|superseded|no\s+longer"
    r"|these\s+days|nowadays|just\s+joined|started\s+at|any\s?more|from\s+now\s+on"
    r"|new\s+job|again|(?-i:still)|actually|in\s+fact|correction|i\s+meant|scratch\s+that)\b",
    re.IGNORECASE,
)
# A correction led by its own clause ("Actually, ...", "No, ...") marks the next one.
# Words that correct what was just said.
_CORRECTS = r"actually|in\s+fact|correction|scratch\s+that|no|nope|sorry|wait"
_LEAD_CORRECTION = re.compile(
    rf"(?:^|[.!?;]\s*)(?:{_CORRECTS})\s*[,:;\u2013\u2014-]\s*$",
    re.IGNORECASE,
)
# ... or inside it, where the clause splitter does not cut ("Sorry: ...", "No - ...").
_OWN_LEAD = re.compile(
    rf"\W*(?:{_CORRECTS})(?:\s*:|\s+[-\u2013\u2014]|\s*[\u2013\u2014])\s",
    re.IGNORECASE,
)

# A correction anywhere between two statements: "I'm vegan, *actually no*, I'm not vegan".
_CORRECTION = re.compile(rf"\b(?:{_CORRECTS}|i\s+meant?|or\s+rather|well)\b", re.IGNORECASE)


def corrects(text: str, lo: int, hi: int) -> bool:
    """Whether ``text[lo:hi]``, the words between a statement and a later one, holds a
    correction: then the later one takes the first back."""
    return _CORRECTION.search(text, lo, hi) is not None


def says_change(text: str, clause_start: int, clause_end: int) -> bool:
    """Whether the clause ``text[clause_start:clause_end]`` is said as a change: update
    words inside it, or a correction that leads it ("Actually, ..." just before it)."""
    region = text[clause_start:clause_end]
    return (
        _CHANGE.search(region) is not None
        or _OWN_LEAD.match(region) is not None
        or (
            clause_start > 0
            and _LEAD_CORRECTION.search(text, max(0, clause_start - 40), clause_start) is not None
        )
    )
