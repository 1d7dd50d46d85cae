"""A date something was booked, reserved or moved for: ahead, whatever the tense of the
booking ("We booked flights for April 10", "They moved the meeting to the 20th"); part of
reading a time expression's tense (``policies/tense.py``).
"""

from __future__ import annotations

import re

from nousmem.policies.subject_words import ABBREVIATIONS
from nousmem.policies.tense_bounds import CLAUSE_END, SENT_END, bounds

__all__ = ["booked_for"]

# What is booked, reserved or moved is for a date ahead, whatever the tense of the booking:
# "We booked flights for April 10", "I got tickets for Friday", "They moved the meeting to
# the 20th". Not a booking told as long past ("I had booked a room for the 5th").
# A character of the booking's sentence: no end of one, though a title's point may stand
# ("I made an appointment with Dr. Lee for Tuesday").
_IN_SENTENCE = r"(?:[^.!?;]|(?:" + "|".join(rf"(?<=\b{a})" for a in sorted(ABBREVIATIONS)) + r")\.)"
# Not a booking told as long past ("I had booked a room for the 5th", "I was booked solid
# for the 20th").
_NOT_LONG_PAST = r"(?<!\bhad\s)(?<!\bwas\s)(?<!\bwere\s)"
_BOOKED_FOR = re.compile(
    r"\b(?:" + _NOT_LONG_PAST + r"(?:booked|reserved|scheduled|rescheduled|arranged|planned"
    r"|set\s+up"
    # "made dinner reservations", "I need to make a reservation for Friday": made or to be.
    r"|signed\s+up|registered|enrolled|(?:made|make|making)\s+(?:an?\s+|the\s+|our\s+|my\s+)?"
    r"(?:\w+\s+)?(?:appointment|reservations?|booking|plans?)"
    r"|(?:bought|got|ordered|have|has)\s+(?:\w+\s+){0,2}(?:tickets?"
    r"|seats?|passes|reservations?))\b" + _IN_SENTENCE + r"{0,60}?\bfor"
    # A booking asked for: "Book a table at Nopa for Saturday", "Reserve us a room for Friday".
    r"|\b(?:book|reserve|schedule)\s+(?:a|an|the|my|our|us\s+a|me\s+a)\s+"
    + _IN_SENTENCE
    + r"{0,60}?\bfor"
    # Moved, in the passive too: "The meeting was moved to Monday", "The launch slipped to
    # June 28", "It was postponed until May 20".
    r"|(?<!\bhad\s)(?:moved|postponed|pushed(?:\s+(?:back|out))?|rescheduled|changed|delayed"
    r"|slipped|bumped|shifted|deferred|put\s+off)\b" + _IN_SENTENCE + r"{0,60}?\b(?:to|until|till)"
    # "We got tickets for the concert on March 3", "I booked a table for two on Friday"
    r"|" + _NOT_LONG_PAST + r"(?:booked|reserved|(?:bought|got)\s+(?:\w+\s+)?tickets"
    r"|made\s+(?:an?\s+)?(?:reservation|booking))\b[^.!?;]{0,40}?\bfor\b[^.!?;]{1,40}?\bon)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)

_OWN_LEAD = re.compile(r"(?:for|to|on)\s+(?:the\s+)?", re.IGNORECASE)


def booked_for(text: str, start: int) -> bool:
    """Whether the expression at ``start`` is the date something was booked for (see
    :data:`_BOOKED_FOR`), in its own clause."""
    c_left, _ = bounds(CLAUSE_END, text, start, start)
    s_left, _ = bounds(SENT_END, text, start, start)
    # An expression may open with its own "for" or "on" ("for Christmas", "on the 20th").
    own = _OWN_LEAD.match(text, start)
    end = own.end() if own is not None else start
    return _BOOKED_FOR.search(text, max(c_left, s_left, start - 120), end) is not None
