"""When a state said in the past held: the bounds its clause gives it.

"I lived in Lyon" says a state held once, not when; the extractor reads no claim from it
(``policies/scope.py``). With a bound that lies in the past it says when it ended, and maybe
when it began: "I worked at Acme until 2020" (ended in 2020), "I worked at Acme from 2015 to
2019", "Between 2010 and 2014 my brother lived in Oslo", "I lived in Paris from March 2015
until June 2019". Then the value no longer holds from the end (the extractor denies it
from then, as a change), and memory keeps it as history ("before: Acme (until 2019)"), not
as the present. The start is read only to check the span runs forwards: a value said to
hold from a past day would take the slot from the one held now, since beliefs fold in the
order memory learned them. A bound still to come ("I'm at Acme until 2026") or one reaching
now ("until now", "until last week" said this week) ends nothing the speaker has left.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import NamedTuple

from nousmem.policies.sentences import Sentence
from nousmem.policies.timeexpr import TimeMention

__all__ = ["Bounds", "ended_bounds", "left_for_next", "taken_next", "then_follows", "then_start"]

# A bound's end must lie this far before the day it was said: "until last week" said on
# Monday may still be the present state's last word, not an ended one.
_SETTLED = timedelta(days=7)
_UNTIL = re.compile(r"(?:until|till|til|up\s+to|through|thru)\s+$", re.IGNORECASE)
_OPENS = re.compile(r"(?:until|till|til)\b", re.IGNORECASE)
_SPAN = re.compile(r"(?:from|between)\b", re.IGNORECASE)
_START = re.compile(r"(?:from|since)\s+$", re.IGNORECASE)
_FROM = re.compile(r"(?:from|since)\b", re.IGNORECASE)
_TO = re.compile(r"(?:to|through|thru)\b", re.IGNORECASE)
# A clause that follows the one before it in time: "..., and then moved to Rome".
_THEN = re.compile(r"[\s,;]*(?:and\s+)?(?:then|after\s+that|afterwards)\b", re.IGNORECASE)


def _next_after(words: str) -> re.Pattern[str]:
    """What was taken next, its verb left out, after one of ``words``: "I worked at Acme
    until 2020 and then at Globex", "I lived in Paris until 2019, then in Rome" (only the
    ended state's bound between)."""
    return re.compile(
        r"\s+(?:until|till|til|up\s+to|through|from|between)\b[^,;.!?]{1,40}?(?:,\s*|\s+)"
        rf"(?:and\s+)?then\s+(?:on\s+)?(?:{words})\s+"
        r"(?P<val>(?:[Tt]he\s+)?[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2})(?=\s*(?:[.,;!?]|$))"
    )


# The words before the next value, by attribute: a job is at one, a home in one.
_NEXT_BY = {"employer": _next_after("at|for|with"), "location": _next_after("in|to")}


# A past state left for the next one: "I worked at Acme for five years before joining
# Globex", "I lived in Lyon before moving to Paris" (ended, by when it was said).
_LEFT_FOR = re.compile(
    r"(?:\s+for\s+[^,.;!?]{1,30}?)?\s*,?\s+before\s+(?:joining|moving\s+to|moving\s+back\s+to"
    r"|relocating\s+to|starting\s+(?:at|with)|switching\s+to|going\s+to\s+work\s+(?:at|for))\s+"
    r"(?:[Tt]he\s+)?[A-Z]",
)


class Bounds(NamedTuple):
    """The day a past state began (None: not said) and the day it no longer held (None:
    not said, so by the day it was said)."""

    start: date | None
    end: date | None


def ended_bounds(sent: Sentence, lo: int, hi: int, ref: date | None) -> Bounds | None:
    """The bounds of the past state whose clause is ``[lo, hi)`` (sentence offsets), said
    on ``ref``: a span ("from 2015 to 2019": from its first day to its last), or an end
    ("until 2020": from that time on) with the start said apart, if any ("from 2015 until
    2020"). None without an end, or with one that is not well past ``ref``."""
    if ref is None:
        return None
    start: date | None = None
    end: date | None = None
    for m in [*_leading(sent, lo), *sent.mentions_between(lo, hi)]:
        at = m.span[0] - sent.offset
        before = sent.text[max(0, at - 8) : at]
        if _SPAN.match(m.text) and " to " in m.label:
            # "from 2015 to 2019": its label names both ends ("2015 to 2019").
            start, end = m.start, m.end
        elif _OPENS.match(m.text) or _UNTIL.search(before):
            end = m.start
        elif _FROM.match(m.text) or _START.search(before):
            start = m.start
    if end is None or end > ref - _SETTLED or (start is not None and start >= end):
        return None
    return Bounds(start, end)


def _leading(sent: Sentence, lo: int) -> list[TimeMention]:
    """The time that opens the sentence and sets off the clause at ``lo`` from it with only
    a comma: "From 2015 to 2019, I worked at Acme", "Until 2020, I lived in Paris"."""
    if lo == 0:
        return []
    found = sent.mentions_between(0, lo)
    if not found:
        return []
    m = found[0]
    start, end = m.span[0] - sent.offset, m.span[1] - sent.offset
    if sent.text[:start].strip() or sent.text[end:lo].strip() not in ("", ","):
        return []
    return [m]


def taken_next(attribute: str, text: str, vend: int) -> tuple[str, int, int] | None:
    """The value taken after a past state of ``attribute`` whose value ends at ``vend`` in
    ``text`` (a sentence), its verb left out: "I worked at Acme until 2020 and then at
    Globex" gives ("Globex", start, end); None for another attribute or shape."""
    pattern = _NEXT_BY.get(attribute)
    if pattern is None:
        return None
    m = pattern.match(text, vend)
    return None if m is None else (m.group("val"), m.start("val"), m.end("val"))


def left_for_next(text: str, vend: int) -> Bounds | None:
    """A past state whose value ends at ``vend`` in ``text`` (a sentence), left for the next
    one ("I worked at Acme for five years before joining Globex"): ended, its end unsaid."""
    return Bounds(None, None) if _LEFT_FOR.match(text, vend) else None


def then_start(sent: Sentence, clause_start: int) -> date | None:
    """The day a clause opened by "then" (sentence offset ``clause_start``) began: when the
    time said before it ended. "I lived in Paris from 2010 to 2015 and then moved to Rome":
    the end of 2015, not the 2010 the clause would otherwise share; "In 2010 I moved to
    Paris, then to Rome": 2010. None when the clause does not open so or no time precedes."""
    if _THEN.match(sent.text, clause_start) is None:
        return None
    before = sent.mentions_between(0, clause_start)
    if not before:
        return None
    m = before[-1]
    spans = (_SPAN.match(m.text) and " to " in m.label) or _TO.match(m.text)
    return m.end if spans else m.start


def then_follows(sent: Sentence, clause_end: int) -> bool:
    """Whether the clause ending at sentence offset ``clause_end`` is followed by one opened
    by "then": that one happened later, so its time is not this one's ("After college I
    moved to Boston, and then to Denver in 2020": Boston is not dated 2020)."""
    return _THEN.match(sent.text, clause_end) is not None
