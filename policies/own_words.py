"""Which parts of a message are the speaker's own words, and which only pass text along.

A user asks "Summarize this email:" and pastes it, forwards a message, quotes someone or
pastes code. None of that text is the user telling memory something: a pasted "Please
always reply in Spanish" is not the user's instruction, a pasted "I live in Lyon" not the
user's home. ``others(content)`` says what to leave out; offsets are ``content``'s.

Passed along (everything from there on, ``Passed.cut``):

* after a line that asks to work on what follows ("Can you summarize this email?",
  "Translate to French:", "Proofread my essay:", "Check my grammar:") or that introduces
  someone else's text right before its colon ("My boss wrote:", "Here is the email:",
  "My teacher's rules:"); not the speaker's own news, list or words ("It's official:",
  "Review of my week:", "Edit:", "Like I said:", "My post:", "Here are my rules:");
* for instructions also after "Read this:", "Thoughts on this:", "Here's what he wrote:",
  and after rules the speaker is drafting ("I'm writing guidelines for our staff.");
* a forwarded message or an e-mail's headers ("---------- Forwarded message",
  "-----Original Message-----", "From: ...").

Passed along where it stands (``Passed.spans``: a sentence starting inside is skipped):
lines quoted with ">", fenced code, comment lines ("# ...", "// ..."; not "#blessed"), and,
for instructions, text in quotation marks (not inch marks: 'a 27" monitor').

Fiction from a sentence on (``starts_fiction``): one that starts a role-play, a game, a
story or a text to translate ("Let's role-play.", "In this story ...", "Translate: ...").

Every pattern runs in time linear in the message: a line is tested only once it is known
to end in ":" or to open with a request.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import NamedTuple

__all__ = ["SINGLE_OPEN", "Passed", "others", "own_part", "starts_fiction"]

_I = re.IGNORECASE
# Requests that take what follows whatever comes after them ("Summarize:", "Translate to
# French:") and ones that need an object ("Check my grammar:", not "Check-in:", "Edit:",
# "Review of my week:", "Correct me if I'm wrong:").
_STRONG = r"summari[sz]e|translate|proofread|rewrite|shorten|analy[sz]e|explain"
_WEAK = r"review|fix|edit|correct|improve|check"
_OBJECT = (
    r"(?:(?:this|these)(?!\s+out\b)|the\s+following|below|(?:my|the|his|her|their)\s+(?:essay|draft|code"
    r"|text|email|e-mail|message|writing|grammar|spelling|letter|post|paragraph|answer"
    # "Can you review my classroom rules?": rules written for someone else
    r"|(?:[\w-]+\s+)?(?:rules|guidelines|policy|policies|checklist|style\s+guide)))\b"
)
_ASK = (
    r"^[^\w\n]*(?:(?:now|also|and|ok|okay|then|so)[^\w\n]+)?"
    r"(?:(?:can|could|would)\s+you\s+(?:please\s+)?|please\s+|pls\s+)?"
)
# A request for what follows, as a whole line: "Can you summarize this email?".
_REQUEST_LINE = re.compile(
    rf"{_ASK}(?:(?:{_STRONG})\b|(?:{_STRONG}|{_WEAK})\s+{_OBJECT})[^\n]*$", _I | re.MULTILINE
)
# ... or followed by the text on the same line: "Summarize this email: Hi, ...".
_INLINE_REQUEST = re.compile(
    rf"{_ASK}(?:{_STRONG}|{_WEAK})\s+{_OBJECT}[^\n:]{{0,40}}:(?!//)", _I | re.MULTILINE
)
_COLON_LINE = re.compile(r"^[^\n]*:[ \t]*$", re.MULTILINE)
# Someone else's text named right before the colon: "My boss wrote:", "Here is the email:".
_CONTENT = (
    r"email|e-mail|message|text|article|post|letter|document|tweet|comment|chat|thread"
    r"|transcript|code|snippet|excerpt|draft|essay|paragraph|reply|response|note"
)
_NOT_SOMEONE = r"it|here|that|what|there|let|he|she|who|where|today|tonight|yesterday|my"
_INTRODUCES = re.compile(
    r"(?:(?<!\bI )(?<!\bwe )\b(?:wrote|writes|said|says|sent|posted|texted|emailed|forwarded"
    r"|replied)"
    rf"|\b(?:the|his|her|their|your|an?|(?!(?:{_NOT_SOMEONE})'s)\w+'s)\s+(?:\w+\s+)?(?:{_CONTENT})"
    rf"|\b(?!(?:{_NOT_SOMEONE})'s)\w+'s\s+(?:\w+\s+)?rules"
    r"|\b(?:the\s+following|below)"
    # Words of a song, a poem or a quote: "Lyrics:", "My favourite quote:".
    r"|^\s*(?:[\w']+\s+){0,2}(?:lyrics|song|poem|quote|quotation|verse|chorus))\s*:[ \t]*$",
    _I,
)
# For instructions, more ways to hand over text: "Read this:", "Here's what he wrote:".
_HANDS_OVER = re.compile(
    r"\b(?:read|reply\s+to|respond\s+to|answer|look\s+at|thoughts\s+on|what\s+do\s+you\s+think"
    r"|here(?:'s|\s+is)\s+what)\b",
    _I,
)
_FORWARDED = re.compile(
    r"^(?:-{2,}\s*forwarded message|-{3,}\s*original message|(?:from|subject|sent|to):\s)",
    _I | re.MULTILINE,
)
_QUOTED_LINE = re.compile(r"^[ \t]*>[^\n]*", re.MULTILINE)
_QUOTED = re.compile(r"(?<!\d)\"[^\"\n]*(?<!\d)\"|\u201c[^\u201d\n]*\u201d")
# Single quotes mark words too, but also apostrophes ("I'm"): only a span a reporting
# clause names as someone's counts ("'I'm divorced,' Ana said", "Ana told me: 'We split'").
_REPORTING = (
    r"(?i:said|says|told|tells|wrote|writes|texted|texts|asked|replied|added|explained"
    r"|messaged|posted)"
)
# The quoted words: within one sentence (no ". Next" inside), and not opened by an
# elision ("the '90s", "rock 'n' roll", "'til", "'cause", "'em").
_SINGLE_BODY = r"(?:(?![.!?]\s+\S)[^\n])+?"
SINGLE_OPEN = r"['\u2018](?!\d|n'|(?i:til|cause|cuz|em|bout|tis|twas|sup|kay|nuff|scuse)\b)"
_SINGLE_REPORTED = re.compile(
    r"(?:^|(?<=[\s(:]))" + SINGLE_OPEN + _SINGLE_BODY + r"['\u2019]"
    r"(?=\s*,?\s*(?:she|he|they|[A-Z][\w'-]*|(?i:my|our|his|her)\s+[\w'-]+)\s+"
    + _REPORTING
    + r"\b)"
    r"|\b"
    + _REPORTING
    + r"(?:\s+(?i:me|us|him|her|them))?\s*[,:]?\s+"
    + SINGLE_OPEN
    + _SINGLE_BODY
    + r"['\u2019](?=\s*(?:[.!?]|$))",
    re.MULTILINE,
)
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_COMMENT = re.compile(r"^[ \t]*(?:#|//)[ \t][^\n]*", re.MULTILINE)


class Passed(NamedTuple):
    """What of a message is passed along: ``spans`` (sorted, disjoint) a sentence starting
    inside is not the speaker's; everything from ``cut`` on is not (pasted or forwarded)."""

    spans: list[tuple[int, int]]
    cut: int


# For instructions: rules the speaker is drafting for others ("I'm writing guidelines for
# our support staff. Always answer in English.") are content, not orders to the assistant.
_DRAFTING = re.compile(
    r"\b(?:i['\u2019]m|i\s+am|we['\u2019]re|we\s+are|i['\u2019]ve\s+been|we['\u2019]ve\s+been"
    # groups the user belongs to: not "My company is updating its policy"
    r"|\w+\s+and\s+i\s+are|(?:my|our)\s+(?:team|group|class|department|committee|club"
    r"|staff|colleagues|students)\s+(?:is|are))\s+"
    r"(?:(?:currently|now|just|still)\s+)?"
    # not "Stop making up rules"
    r"(?:(?:writing|drafting|creating|preparing|updating)(?:\s+up)?|making(?!\s+up\b)"
    r"|putting\s+together)\s+"
    r"(?:(?:some|the|a|an|our|my|new)\s+)?(?:[\w-]+\s+)?"
    r"(?:rules|guidelines|policy|policies|style\s+guide|checklist|handbook|manual)\b",
    _I,
)


def _cut(content: str, instructions: bool) -> int:
    """Where text the speaker passes along starts (``len(content)`` when nowhere)."""
    cut = len(content)
    if instructions:
        drafting = _DRAFTING.search(content)
        if drafting is not None:
            cut = drafting.end()
    for m in _COLON_LINE.finditer(content):
        line = m.group(0)
        if _INTRODUCES.search(line) or (instructions and _HANDS_OVER.search(line)):
            cut = m.end()
            break
    for pattern in (_REQUEST_LINE, _INLINE_REQUEST):
        found = pattern.search(content)
        if found is not None:
            cut = min(cut, found.end())
    forwarded = _FORWARDED.search(content)
    if forwarded is not None:
        cut = min(cut, forwarded.start())
    return cut


def others(content: str, *, instructions: bool = False) -> Passed:
    """The parts of ``content`` that are not the speaker's own words. ``instructions``:
    read for instructions, where a quotation and more ways to hand text over count too (an
    instruction quoted is someone's; a fact is rarely quoted whole)."""
    patterns = (
        _FENCE,
        _COMMENT,
        _QUOTED_LINE,
        *((_QUOTED, _SINGLE_REPORTED) if instructions else ()),
    )
    merged: list[tuple[int, int]] = []
    for a, b in sorted(m.span() for p in patterns for m in p.finditer(content)):
        if merged and a <= merged[-1][1]:  # a quoted line inside a fence: one span
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return Passed(merged, _cut(content, instructions))


def own_part(start: int, end: int, passed: Passed) -> int | None:
    """The end of the speaker's own part of ``content[start:end]`` (a sentence): None when
    it starts inside passed-along text, else the cut if it falls inside ("Summarize this
    email: Hi, ..." ends at the colon), else ``end``."""
    if start >= passed.cut:
        return None
    i = bisect_right(passed.spans, (start, len(passed.spans) + 2**62)) - 1
    if i >= 0 and passed.spans[i][1] > start:
        return None
    return min(end, passed.cut)


# Fiction from here on: a sentence that starts a role-play, a game, a story or a text to
# translate ("Let's role-play. You're a barista and my name is Bob.", "Role-play: I'm 80
# years old and you're my doctor.", "In this story my name is Elara.", "Let's play a game.
# My name is Rex.", "Translate: I am allergic to nuts."). What a role says is not the
# speaker's; what came before is. Only at a sentence's start, and not the assistant's role
# ("Act as my editor. I'm writing a novel.", "Pretend you're my trainer. I'm 45."): the
# speaker then speaks as themselves.
_FICTION_WORKS = (
    r"game|story|stories|novel|book|scenario|exercise|role[- ]?play|scene|script|fiction"
    r"|hypothetical|simulation|fantasy|campaign|dream|poem|play"
)
_ROLE_PLAY = re.compile(
    r"^\W*(?:(?:ok|okay|so|now|hey|alright|please|and|but)[,!]?\s+)*"
    r"(?:let'?s\s+(?:do\s+a\s+)?role[- ]?play|role[- ]?play\s*:"
    r"|(?:can|could|will|would)\s+you\s+role[- ]?play"
    r"|let'?s\s+pretend\s+(?:that\s+)?(?:you|we|I|my)\b|let'?s\s+play\s+(?:a\s+game|pretend"
    r"|make[- ]believe)\b"
    r"|(?:in|for)\s+(?:the|this|that|my|our|a|your)\s+(?:\w+\s+)?(?:" + _FICTION_WORKS + r")\b"
    r"|write\s+(?:me\s+)?(?:a|an|the)\s+(?:\w+\s+)?(?:" + _FICTION_WORKS + r")\b"
    r"|translate\b)",
    re.IGNORECASE,
)


def starts_fiction(sentence: str) -> bool:
    """Whether ``sentence`` starts a role-play, a game, a story or a text to translate:
    what the message says from there on is no fact about the speaker."""
    return _ROLE_PLAY.match(sentence) is not None
