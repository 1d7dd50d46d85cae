"""Which parts of a message are the speaker's own words, and which only pass text along.

A user asks "Summarize this email:" and pastes it, forwards a message, quotes someone or
pastes code. None of that text is the user telling memory something: a pasted "Please
always reply in Spanish" is not the user's instruction, a pasted "I live in Lyon" not the
user's home. ``others(content)`` says what to leave out; offsets are ``content``'s.

Passed along (everything from there on, ``Passed.cut``):

* after a line that asks to work on what follows ("Can you summarize this email?",
  "Translate to French:", "Proofread my essay:") or that introduces someone's text right
  before its colon ("My boss wrote:", "Here is the email:", "Bob's message:"); not the
  speaker's own news ("It's official:", "So here's the thing:", "Crazy week this week:");
* a forwarded message or an e-mail's headers ("---------- Forwarded message",
  "-----Original Message-----", "From: ...").

Passed along where it stands (``Passed.spans``: a sentence starting inside is skipped):
lines quoted with ">", fenced code, comment lines ("# ...", "// ..."; not "#blessed"), and,
for instructions, text in quotation marks (not inch marks: 'a 27" monitor').
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Passed", "others", "own_part"]

_REQUEST = (
    r"(?:summari[sz]e|translate|proofread|rewrite|review|fix|edit|correct|improve|shorten"
    r"|analy[sz]e|explain|check)"
)
_ASK = (
    r"^\W*(?:(?:now|also|and|ok|okay|then|so)\W+)?"
    r"(?:(?:can|could|would)\s+you\s+(?:please\s+)?|please\s+|pls\s+)?"
)
# A request for what follows: "Can you summarize this email?", "Translate to French:".
_REQUEST_LINE = re.compile(
    rf"{_ASK}{_REQUEST}\b(?:[^\n]*:[ \t]*$|\s+(?:this|these|the\s+following|below)\b"
    r"(?!\s+out\b)(?:\s+\w+){0,2}\s*[?.!:]?[ \t]*$)",
    re.IGNORECASE | re.MULTILINE,
)
# ... or on the same line: "Summarize this email: Hi, ...".
_INLINE_REQUEST = re.compile(
    rf"{_ASK}{_REQUEST}\s+(?:this|these|the\s+following|below)\b(?!\s+out\b)[^\n:]{{0,40}}:(?!//)",
    re.IGNORECASE | re.MULTILINE,
)
# Someone's text named right before the colon: "My boss wrote:", "Here is the email:".
_CONTENT = (
    r"email|e-mail|message|text|article|post|letter|document|tweet|comment|chat|thread"
    r"|transcript|code|snippet|excerpt|draft|essay|paragraph|reply|response|note|rules"
)
_INTRODUCES = re.compile(
    r"(?:\b(?:wrote|writes|said|says|sent|posted|texted|emailed|forwarded|replied)"
    r"|\b(?:this|these|the|my|his|her|their|your|our|an?"
    r"|(?!(?:it|here|that|what|there|let|he|she|who|where)'s)\w+'s)"
    rf"\s+(?:\w+\s+)?(?:{_CONTENT})"
    r"|\b(?:the\s+following|below))\s*:[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_FORWARDED = re.compile(
    r"^(?:-{2,}\s*forwarded message|-{3,}\s*original message|(?:from|subject|sent|to):\s)",
    re.IGNORECASE | re.MULTILINE,
)
_QUOTED_LINE = re.compile(r"^[ \t]*>[^\n]*", re.MULTILINE)
_QUOTED = re.compile(r"(?<!\d)\"[^\"\n]*(?<!\d)\"|\u201c[^\u201d\n]*\u201d")
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_COMMENT = re.compile(r"^[ \t]*(?:#|//)[ \t][^\n]*", re.MULTILINE)


class Passed(NamedTuple):
    """What of a message is passed along: ``spans`` a sentence starting inside is not the
    speaker's; everything from ``cut`` on is not (pasted or forwarded text)."""

    spans: list[tuple[int, int]]
    cut: int


def _cut(content: str) -> int:
    """Where text the speaker passes along starts (``len(content)`` when nowhere)."""
    cut = len(content)
    for pattern in (_REQUEST_LINE, _INTRODUCES):
        found = pattern.search(content)
        if found is not None:
            cut = min(cut, found.end())
    inline = _INLINE_REQUEST.search(content)
    if inline is not None:
        cut = min(cut, inline.end())
    forwarded = _FORWARDED.search(content)
    if forwarded is not None:
        cut = min(cut, forwarded.start())
    return cut


def others(content: str, *, quotes: bool = False) -> Passed:
    """The parts of ``content`` that are not the speaker's own words; ``quotes``: text in
    quotation marks too (an instruction quoted is someone's; a fact is rarely quoted whole)."""
    patterns = (_FENCE, _COMMENT, _QUOTED_LINE, *((_QUOTED,) if quotes else ()))
    spans = [m.span() for p in patterns for m in p.finditer(content)]
    return Passed(spans, _cut(content))


def own_part(start: int, end: int, passed: Passed) -> int | None:
    """The end of the speaker's own part of ``content[start:end]`` (a sentence): None when
    it starts inside passed-along text, else the cut if it falls inside ("Summarize this
    email: Hi, ..." ends at the colon), else ``end``."""
    if start >= passed.cut or any(a <= start < b for a, b in passed.spans):
        return None
    return min(end, passed.cut)
