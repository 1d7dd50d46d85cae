"""Update language: words that mark a claim as a change of what held before.

"I *now* work at Meta", "I *switched* to Emacs", "*Actually*, I live in Lyon": a claim said
this way supersedes the previous value of a single-valued attribute (``Claim.change``)
rather than competing with it. Read per clause by the rule extractor.
"""

from __future__ import annotations

import re

from nousmem.policies.sentences import sentence_at

__all__ = ["corrects", "says_change", "says_mistake", "says_retraction"]

_CHANGE = re.compile(
    r"\b(?:(?=now)(?<!right\s)(?<!for\s)(?<!just\s)(?<!by\s)(?<!until\s)now|instead|switched"
    r"|switching|moved|relocated|replaces?|replaced|supersedes?|superseded|no\s+longer"
    r"|these\s+days|nowadays|just\s+joined|started\s+at|any\s?more|from\s+now\s+on"
    r"|new\s+job|again|(?-i:still)|actually|in\s+fact|correction|i\s+meant|scratch\s+that)\b",
    re.IGNORECASE,
)
# A correction led by its own clause ("Actually, ...", "No, ...") marks the next one.
# Words that correct what was just said.
_CORRECTS = (
    r"actually|in\s+fact|correction|scratch\s+that|(?:no|oh)\s+wait|no|nope|sorry|wait|oops"
    r"|my\s+(?:mistake|bad)"
)
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
    return _CHANGE.search(region) is not None or _led_by_correction(text, clause_start, region)


def _led_by_correction(text: str, clause_start: int, region: str) -> bool:
    """Whether the clause ``region`` of ``text`` (from ``clause_start``) opens with a
    correction ("Sorry: ...") or follows one that leads it ("Actually, ...")."""
    return _OWN_LEAD.match(region) is not None or (
        clause_start > 0
        and _LEAD_CORRECTION.search(text, max(0, clause_start - 40), clause_start) is not None
    )


# Words that say the world changed ("I moved back to Leeds", "Actually, I now work at
# Globex"): a correction said with them is still a change, not a claim taken back.
_WORLD_CHANGE = re.compile(
    r"\b(?:(?=now)(?<!right\s)(?<!for\s)(?<!just\s)(?<!by\s)(?<!until\s)now|instead|switched"
    r"|switching|moved|moving|relocated|replaces?|replaced|supersedes?|superseded|no\s+longer"
    r"|these\s+days|nowadays|just\s+joined|started|starting|any\s?more|from\s+now\s+on"
    r"|new\s+job|again|back|left|quit|became|got|since|changed)\b",
    re.IGNORECASE,
)
# Words that take back what was said: the state went on ("still"), or the speaker was
# wrong ("actually", "I meant", "I misspoke").
_TAKE_BACK = re.compile(
    r"\b(?:(?-i:still)|actually|in\s+fact|correction|i\s+meant|scratch\s+that|misspoke"
    r"|my\s+mistake|my\s+bad|i\s+was\s+wrong|i\s+got\s+that\s+wrong)\b",
    re.IGNORECASE,
)


def says_retraction(text: str, clause_start: int, clause_end: int) -> bool:
    """Whether the clause ``text[clause_start:clause_end]`` corrects what was said rather
    than reporting a change: "Actually no, Ana still lives in Porto", "Sorry, I meant Acme",
    "No wait, I live in Leeds", "I still work at Acme"; not "I moved back to Leeds" or
    "Actually, I now work at Globex", which say the world changed."""
    region = text[clause_start:clause_end]
    if _WORLD_CHANGE.search(region) is not None:
        return False
    return _TAKE_BACK.search(region) is not None or _led_by_correction(text, clause_start, region)


# Words that say the speaker was wrong (not "still": the state went on, beside others).
_MISTAKE = re.compile(
    r"\b(?:actually|in\s+fact|correction|i\s+meant|scratch\s+that|misspoke|my\s+mistake"
    r"|my\s+bad|i\s+was\s+wrong|i\s+got\s+that\s+wrong|oops|sorry|(?:no|oh)\s+wait)\b",
    re.IGNORECASE,
)
# Words that add to what was said ("Actually, I also use PyCharm"): no mistake in it.
_ADDS = re.compile(r"\b(?:also|too|as\s+well|another|additionally|besides)\b", re.IGNORECASE)


def says_mistake(text: str, at: int) -> bool:
    """Whether the sentence of ``text`` that holds offset ``at`` says, before it, that the
    speaker got something wrong ("Sorry, I meant I use PyCharm", "Actually, I prefer light
    mode"), and neither that the world changed nor that it adds to what was said ("Actually,
    I also use PyCharm")."""
    piece = sentence_at(text, at)
    if piece is None:
        return False
    sentence = piece.group()
    return (
        _MISTAKE.search(text, piece.start(), at) is not None
        and _WORLD_CHANGE.search(sentence) is None
        and _ADDS.search(sentence) is None
    )
