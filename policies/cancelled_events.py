"""An event memory holds on the calendar, called off by what is said later.

The calendar rules read "I have a dentist appointment on Friday" as the ``activity``
``dentist appointment``, dated to the Friday (``policies/rules_calendar.py``). People call
events off in other words, which name the event and not its reading: "My dentist
appointment got cancelled", "I canceled the reservation at Nopa", "The meeting with Ana is
off", "Tom cancelled on me", "Our plans with the Smiths fell through". Read alone they end
nothing, so the event stayed on the calendar for good; read against the activities the
speaker holds, they end the one they name.

A statement names a held event by all the words of its value (less articles, possessives
and "with", "at", "for"): "the reservation at Nopa" names ``reservation at Nopa``. Two
looser namings, each only when one held event answers to it:

- its head, the event's last word before "with" / "at" / "for" ("My appointment got
  cancelled" names ``dentist appointment``);
- its names, the capitalised words of its value ("Tom cancelled on me" names ``plans with
  Tom``), or a booking by the place named ("I cancelled at Nopa" names ``table at Nopa``).

The cue is in the statement's own clause, in the past or as a state: "cancelled" /
"canceled", "called off", "fell through", "scrapped", "is off". Not a supposition, a
denial, a need or a question ("If the meeting is cancelled, ...", "The meeting wasn't
cancelled", "I need to cancel my dentist appointment", "Is the meeting cancelled?"). Each
is a denial of the held value, journaled with the extractor's claims, as
``ended_goals`` makes for a goal given up.

An event moved to another time is told again at it (:func:`moved_events`): "The meeting
with Ana was moved to Monday", "I rescheduled my dentist appointment to the 20th", "We
pushed the dinner with the Smiths back to Sunday" assert the held value dated to the new
day, so the calendar shows it there; so does a trip planned ("Our Lisbon trip got moved to
May 10" after "We're going to Lisbon in May": the ``goal`` ``trip to Lisbon``). Named as
above; the new time right after "to" or "until" past the cue ("moved", "rescheduled",
"pushed (back)", "postponed", "bumped", "shifted", "changed"), in the statement's clause;
not a supposition, a denial or a need. (A bare month after "to" is no time the expressions
read: "pushed to June" moves nothing.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_denials import clause_so_far, denial, statements, unreal_before
from nousmem.policies.held_values import HeldValues
from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["cancelled_events", "event_words", "moved_events"]

ATTRIBUTE = "activity"
CONFIDENCE = 0.9
# What any cue has in it (a substring test before the patterns: most messages have none).
_CUES = ("cancel", "called off", "fell through", "scrapped", " off")
# The cue: called off, in the past or as a state ("got cancelled", "is off"); not "cancel"
# itself, a request or a need ("Cancel my appointment", "I need to cancel").
_CALLED_OFF = re.compile(
    r"\b(?:cancell?ed|called\s+off|fell\s+through|scrapped"
    r"|(?:is|are|'s|'re)\s+(?:now\s+|officially\s+)?off)\b(?!\s+(?:to|for|at|on\s+\w+ing)\b)",
    re.IGNORECASE,
)
# A need, a plan or an offer to call it off is not a call: "I need to / might / want to".
# ... nor a denial: "The meeting wasn't cancelled", "It hasn't been called off".
_NOT_YET = re.compile(
    r"\b(?:need|needs|have|has|want|wants|going|gonna|might|may|should|could|would|will"
    r"|thinking\s+about|about|plan|planning|try|trying)\b(?:\s+to)?(?:\s+\w+){0,3}\s*$"
    r"|(?:n't|n\u2019t|\bnot|\bnever)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
# An event moved: the cue, then its new time after "to" / "until" (read by the time
# expressions).
_MOVED = re.compile(
    r"\b(?:moved|rescheduled|pushed(?:\s+back)?|postponed|bumped|shifted|changed)\b",
    re.IGNORECASE,
)
# A planned trip (a ``goal``) that may be moved as an event is.
_TRIP = re.compile(r"\b(?:trip|vacation|holiday|getaway|honeymoon|visit)\b", re.IGNORECASE)
_TO = re.compile(r"\b(?:to|until|till)\s+(?:the\s+)?$", re.IGNORECASE)
_WORD = re.compile(r"[\w'-]+")
# Words of a value that need not be said to name it.
_SMALL = frozenset("a an the my our his her their your with at for to of on in and some".split())
_LINKS = frozenset({"with", "at", "for", "to", "from"})


def event_words(text: str) -> list[str]:
    """The lowercased words of ``text``, a possessive's "'s" left off."""
    return [w.removesuffix("'s") for w in _WORD.findall(text.lower())]


def _content(value: str) -> frozenset[str]:
    return frozenset(w for w in event_words(value) if w not in _SMALL)


def _head(value: str) -> str | None:
    """The event's noun: its last word before a link ("meeting with Ana": "meeting")."""
    words = event_words(value)
    for i, w in enumerate(words):
        if w in _LINKS:
            return words[i - 1] if i else None
    return words[-1] if words else None


def _names(value: str) -> frozenset[str]:
    """The capitalised words of ``value`` past its first: the people and places it names."""
    found = _WORD.findall(value)[1:]
    return frozenset(w.lower().removesuffix("'s") for w in found if w[:1].isupper())


def _not_so(text: str, at: int) -> bool:
    """Whether the cue at ``at`` is supposed, denied or still to do, in its clause."""
    before = clause_so_far(text, at)
    return unreal_before(before) or _NOT_YET.search(before) is not None


def _named(held: Sequence[str], said: frozenset[str]) -> list[str]:
    """The held events the words ``said`` name (see the module doc)."""
    whole = [v for v in held if _content(v) and _content(v) <= said]
    if whole:
        return whole
    heads = [v for v in held if (_head(v) or "") in said]
    if len(heads) == 1:
        return heads
    named = [v for v in held if _names(v) and _names(v) <= said]
    return named if len(named) == 1 else []


def cancelled_events(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of the events (``activity`` values) ``actor`` held at ``occurred`` that
    ``content`` (said then) calls off (see the module doc), less those ``claims`` already
    make."""
    if actor is None:
        return []
    low = content.lower()
    if not any(cue in low for cue in _CUES) or _CALLED_OFF.search(content) is None:
        return []
    events = held(actor, ATTRIBUTE, occurred)
    if not events:
        return []
    denied = {
        match_key(c.value) for c in claims if c.attribute == ATTRIBUTE and c.polarity == "negate"
    }
    out: list[Claim] = []
    for lo, text in statements(content):
        for m in _CALLED_OFF.finditer(text):
            if _not_so(text, m.start()):
                continue
            for value in _named(events, frozenset(event_words(text))):
                if match_key(value) in denied:
                    continue
                denied.add(match_key(value))
                span = (lo + m.start(), lo + m.end())
                out.append(denial(actor, ATTRIBUTE, value, CONFIDENCE, span))
    return out


def moved_events(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The held events (``activity`` values) of ``actor`` that ``content`` (said at
    ``occurred``) moves to another time, asserted again dated to it (see the module doc),
    less those ``claims`` already state."""
    if actor is None or _MOVED.search(content) is None:
        return []
    # The moves first (the time expressions are the extractor's, cached): only a message
    # that moves something to a time reads the held events.
    moves: list[tuple[str, int, TimeMention]] = []
    mentions = resolve_time_expressions(content, occurred)
    for lo, text in statements(content):
        for m in _MOVED.finditer(text):
            if _not_so(text, m.start()):
                continue
            when = next(
                (t for t in mentions if _moved_to(content, lo + m.end(), lo + len(text), t)), None
            )
            if when is not None:
                moves.append((text, lo + m.start(), when))
    if not moves:
        return []
    out: list[Claim] = []
    # Events on the calendar, and trips planned (``goal``: "Our Lisbon trip got moved to
    # May 10" after "We're going to Lisbon in May").
    for attribute in (ATTRIBUTE, "goal"):
        events = [
            v
            for v in held(actor, attribute, occurred)
            if attribute == ATTRIBUTE or _TRIP.search(v) is not None
        ]
        stated = {match_key(c.value) for c in claims if c.attribute == attribute}
        for text, start, when in moves:
            for value in _named(events, frozenset(event_words(text))):
                if match_key(value) in stated:
                    continue
                stated.add(match_key(value))
                out.append(
                    Claim(
                        entity=actor,
                        attribute=attribute,
                        value=value,
                        confidence=CONFIDENCE,
                        valid_at=when.start,
                        span=(start, when.span[1]),
                        extractor="rule",
                    )
                )
    return out


def _moved_to(content: str, cue_end: int, end: int, t: TimeMention) -> bool:
    """Whether the time ``t`` is where a move whose cue ends at ``cue_end`` goes: after it,
    in its sentence (ending at ``end``), right after "to" / "until"."""
    if not cue_end <= t.span[0] < end:
        return False
    return t.text.lower().startswith("to ") or _TO.search(content, cue_end, t.span[0]) is not None
