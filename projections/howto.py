"""How-tos the user teaches in plain words: "To run the tests, use `make test`."

An agent is told how things are done far more often than it records a task's outcome, and
the procedural lens should hold both. ``taught(content)`` finds the first sentence that
opens with a purpose and goes on with an instruction ("To deploy to staging, run
./deploy.sh staging first.", "In order to reset the cache, delete ~/.cache/app."): its
purpose keys the procedure slot ("deploy to staging") and the text from that sentence on is
the procedure. Idioms that open the same way ("To be honest, ...", "To me, ...", "To sum
up, ...", "To make matters worse, ...") and purposes followed by anything but an
instruction verb ("To get there, we took the train") are no how-to.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["HowTo", "taught"]

# What a purpose never opens with: a pronoun, an article or an idiom's first words.
_NOT_PURPOSE = (
    r"(?!(?:be|me|us|him|her|them|my|your|his|our|their|this|that|these|those|the|a|an|each"
    r"|some|all|every\w*|any\w*|whom|what|sum|summari[sz]e|clarify|answer|start\s+with"
    r"|begin\s+with|conclude|do\s+so|do\s+this|do\s+that|make\s+matters|put\s+it|say"
    r"|tell\s+(?:you|the)|my\s+surprise|this\s+day|date|no\s+one|nobody)\b)"
)
# Verbs an instruction opens with (after "just", "first", "simply" or "you can / need to").
_STEP_VERBS = (
    "use run call open click go type set add delete remove restart reboot install press "
    "edit bump tag push pull merge ask email check make do start stop enable disable select "
    "choose create copy paste update upgrade build deploy log sign export import send put "
    "turn hit navigate visit download upload clear reset rerun wait follow change switch "
    "write read mount unmount kill source activate rebuild rename move"
).split()
_HOWTO = re.compile(
    r"(?:^|(?<=[.!?\n]))\s*(?:(?:ok(?:ay)?|so|also|btw|fyi|note|tip)[,:]?\s+)?"
    r"(?:to|in\s+order\s+to)\s+"
    + _NOT_PURPOSE
    + r"(?P<purpose>[a-z][\w'-]*(?:\s+[\w'./@#-]+){0,5}?)\s*,\s*"
    r"(?:(?:just|first|simply|always)\s+|you\s+(?:can|need\s+to|have\s+to|should|must)\s+)?"
    rf"(?:{'|'.join(sorted(_STEP_VERBS, key=len, reverse=True))})\b",
    re.IGNORECASE,
)


_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|$")


class HowTo(NamedTuple):
    """A taught procedure: its purpose (the slot's key) and its text."""

    purpose: str
    text: str


def taught(content: str) -> HowTo | None:
    """The first how-to in ``content``, else None."""
    if "to " not in content.lower():
        return None  # nearly every message: one scan
    m = _HOWTO.search(content)
    if m is None:
        return None
    end = _SENTENCE_END.search(content, m.end())
    if end is not None and end.group(0).startswith("?"):
        return None  # a question: "To run the tests, do I use make?"
    purpose = " ".join(m.group("purpose").lower().split())
    text = content[m.start() :].strip()
    return HowTo(purpose, text) if text else None
