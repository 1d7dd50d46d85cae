"""Which parts of a message are the speaker's own words, and which only pass text along.

A user asks "Summarize this email:" and pastes it, forwards a message, quotes someone ("...")
or pastes code. None of that text is the user telling memory something: a pasted "Please
always reply in Spanish" is not the user's instruction, a pasted "I live in Lyon" not the
user's home. ``others(content)`` gives the spans to leave out; offsets are ``content``'s.

What passes text along:

* a line ending in ":" before a line break that introduces someone's text ("My boss
  wrote:", "Summarize this email:", "My teacher's rules:"), not one that starts the
  speaker's own list ("Rules:", "Two things:", "I have two kids:");
* a line asking to work on what follows, even without a colon ("Can you summarize this
  email?", "Translate this"), and a request followed by a colon on the same line
  ("Summarize this email: Hi, ...");
* a forwarded message ("---------- Forwarded message"), lines quoted with ">", text in
  quotation marks (not inch marks: 'a 27" monitor'), fenced code and comment lines.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Passed", "others", "own_part"]

# Not "check" or "look at": "Check this out!" and "Look at this!" introduce the speaker's
# own news as often as someone else's text.
_REQUEST = (
    r"\b(?:summari[sz]e|translate|proofread|rewrite|review|fix|edit|correct|improve"
    r"|shorten|analy[sz]e|reply\s+to|respond\s+to|what\s+do\s+you\s+think|thoughts\s+on)\b"
)
# The heading of the speaker's own list: its lines are the speaker's words.
_OWN_HEADING = re.compile(
    r"^\W*(?:(?:here\s+are|here's)\s+)?(?:(?:my|a\s+few|two|three|some|couple\s+of|one\s+more)"
    r"\s+)?(?:rules|instructions|preferences|guidelines|settings|notes?|things?)"
    r"(?:\s+for\s+you)?\s*:\s*$",
    re.IGNORECASE,
)
_COLON_LINE = re.compile(r"^[^\n]*:[ \t]*\n", re.MULTILINE)
# A line ending in ":" that introduces someone's text: "My boss wrote:", "Here's the email:",
# "My teacher's rules:" -- not "I have two kids:" or "Big news:".
_INTRODUCES = re.compile(
    r"\b(?:wrote|writes|said|says|sent|posted|texted|emailed|forwarded|replied|asked|told"
    r"|email|message|text|article|post|letter|document|tweet|comment|chat|thread|transcript"
    r"|review|code|snippet|excerpt|quote|reply|response|this|these|the\s+following|below)\b"
    r"|\b\w+'s\s+\w+",
    re.IGNORECASE,
)
# ... of "this", "the following", "below": "Can you summarize this email?" then the email.
_OF_THIS = r"\s+(?:this|these|the\s+following|below|it)\b"
_REQUEST_LINE = re.compile(rf"^[^\n]*{_REQUEST}{_OF_THIS}[^\n]*\n", re.IGNORECASE | re.MULTILINE)
_INLINE_REQUEST = re.compile(rf"{_REQUEST}{_OF_THIS}[^\n:]*:(?!//)", re.IGNORECASE)
_FORWARDED = re.compile(r"^-{2,}\s*forwarded message", re.IGNORECASE | re.MULTILINE)
_QUOTED_LINE = re.compile(r"^[ \t]*>[^\n]*", re.MULTILINE)
# A quotation, not an inch mark.
_QUOTED = re.compile(r"(?<!\d)\"[^\"\n]*(?<!\d)\"|\u201c[^\u201d\n]*\u201d")
_CODE = re.compile(r"```.*?(?:```|$)|^[ \t]*(?:#|//)[^\n]*", re.DOTALL | re.MULTILINE)


def _passed_along_from(content: str) -> int:
    """Where text the speaker passes along starts (``len(content)`` when nowhere)."""
    cut = len(content)
    for m in _COLON_LINE.finditer(content):
        line = m.group(0).strip()
        if _OWN_HEADING.match(line) is None and _INTRODUCES.search(line) is not None:
            cut = min(cut, m.end())
            break
    for pattern in (_REQUEST_LINE, _INLINE_REQUEST, _FORWARDED):
        found = pattern.search(content)
        if found is not None:
            cut = min(cut, found.end() if pattern is not _FORWARDED else found.start())
    return cut


class Passed(NamedTuple):
    """What of a message is passed along: ``spans`` a sentence starting inside is not the
    speaker's (quotations, code, ">" lines: a quoted title inside a sentence stays part of
    it); everything from ``cut`` on is not (pasted or forwarded text)."""

    spans: list[tuple[int, int]]
    cut: int


def others(content: str) -> Passed:
    """The parts of ``content`` that are not the speaker's own words."""
    spans = [
        (m.start(), m.end()) for p in (_QUOTED, _CODE, _QUOTED_LINE) for m in p.finditer(content)
    ]
    return Passed(spans, _passed_along_from(content))


def own_part(start: int, end: int, passed: Passed) -> int | None:
    """The end of the speaker's own part of ``content[start:end]`` (a sentence): None when
    it starts inside passed-along text, else the cut if it falls inside ("Summarize this
    email: Hi, ..." ends at the colon), else ``end``."""
    if start >= passed.cut or any(a <= start < b for a, b in passed.spans):
        return None
    return min(end, passed.cut)
