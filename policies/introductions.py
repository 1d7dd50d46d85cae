"""A speaker introducing themselves at the start of a sentence: "Hi! I'm Priya", "Hey
there, I'm Tom, a nurse from Ohio", "This is Priya from Stripe".

The rules read a name said as one ("My name is Priya", "Call me Priya"). "I'm X" names the
speaker only where a greeting or the sentence's start leads to it and the name ends the
clause or opens an apposition; a capital word after "I'm" is as often a nationality, a
faith or a mood ("I'm Canadian", "I'm Back!"), which are no names.

An apposition describes the speaker ("I'm Priya, a backend engineer at Stripe"): the rule
pass reads it as "I'm a backend engineer at Stripe" would be read, on a copy of the text in
which the name and its comma are blanked out (same length, so every span still holds).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import NAME_TITLE, NOT_A_NAME
from nousmem.policies.sentences import sentences
from nousmem.projections.models import Claim

__all__ = ["CONFIDENCE", "Introduction", "introductions"]

CONFIDENCE = 0.85
# Capitalised words after "I'm" that are no name: moods, states, fillers.
_NOT_NAMES = (
    "Good Fine Great Okay Ok Sorry Back Here Home Done Ready Happy Sad Tired Excited New Glad "
    "Sure Not So Just Still Also Really Very Well Alive Free Busy Bored Hungry Sick Lost "
    "Stuck Confused Curious Interested Trying Looking Going Thinking Working Living Learning "
    "Planning Hoping Writing Reading Asking Wondering Calling Texting Messaging Reaching "
    "Afraid Glad Grateful Thankful Honored Honoured Retired Single Married Engaged Divorced "
    "Pregnant Vegan Vegetarian Gay Straight Bi Trans Queer Your The A An In On At From With "
    "Always Never Finally Almost Currently Only"
)
# (not "I'd" / "I'll" as a word of it: "I'm Google I'd say" names no "Google I'd")
_NAME = rf"(?!I')[{UPPER}][{LETTER}'-]+(?:\s+(?!I')[{UPPER}][{LETTER}'-]+)?"
_INTRO = re.compile(
    r"^\W*(?:(?:hi|hey|hello|hiya|yo|greetings|howdy|good\s+(?:morning|afternoon|evening))"
    r"(?:\s+(?:there|all|everyone|folks|guys))?\W+)*"
    r"(?:I'm|I\s+am|this\s+is|it's)\s+"
    # "I'm Dr. Sarah Patel": the name after the title.
    + r"(?:(?P<title>(?-i:"
    + NAME_TITLE
    + r"))\s+)?"
    + NOT_A_NAME
    + r"(?!(?:"
    + "|".join(_NOT_NAMES.split())
    + r")\b)(?!I\b|I')(?P<name>(?-i:"
    + _NAME
    + r"))(?:(?P<appos>\s*,\s*(?=(?:an?|the|your)\s))|\s*(?=[.!;,]|$)|\s+(?=(?:and|here|from"
    r"|-|by\s+the\s+way)\b))",
    re.IGNORECASE,
)


# What any introduction has in it: a cheap test that spares every other message the split
# into sentences (the extractor reads every message).
_CUE = re.compile(r"(?:\b(?i:i'm|i\s+am|this\s+is|it's))\s+(?-i:[A-Z])")


class Introduction(NamedTuple):
    """The name claims of a text's self-introductions, and the text to read the rest in."""

    claims: list[Claim]
    text: str


def introductions(content: str, actor: str | None) -> Introduction:
    """The speaker's ``name`` claims in ``content``'s self-introductions (none without an
    ``actor``), and ``content`` with each apposed name blanked out (see the module doc)."""
    if actor is None or _CUE.search(content) is None:
        return Introduction([], content)
    claims: list[Claim] = []
    text = content
    for piece in sentences(content):
        m = _INTRO.match(piece.group(0))
        if m is None or m.group("name").endswith("ing"):
            continue
        lo = piece.start()
        name = " ".join(m.group("name").split())
        claims.append(
            Claim(
                entity=actor,
                attribute="name",
                value=name,
                confidence=CONFIDENCE,
                span=(lo + m.start("name"), lo + m.end("name")),
                extractor="rule",
            )
        )
        if m.group("appos") is not None:
            # "I'm Priya, a backend engineer": the rest describes the speaker.
            a, b = lo + m.start("title" if m.group("title") else "name"), lo + m.end("appos")
            text = text[:a] + " " * (b - a) + text[b:]
    return Introduction(claims, text)
