"""What an agent reports it did for the user: the appointments it booked and the reminders
it set, as the user's own.

"I've booked you a table at Nopa for Friday at 7pm", "I scheduled your dentist appointment
for Tuesday at 10am", "Done! I reserved a hotel in Rome for you for June 3" give the user
(the ``addressee``) an ``activity``, dated by the time said (``table at Nopa``, ``dentist
appointment``, ``hotel in Rome``), as "I have a dentist appointment on Tuesday" does when
the user says it. "I've set a reminder for you to call your mom on Sunday", "I'll remind you
to pay the rent on the 1st", "I set a reminder for your mom's birthday" give a ``todo``
(``call mom``, ``mom's birthday``), as "Remind me to ..." does, and "I've added milk to your
shopping list" the ``todo`` ``buy milk``, as "Add milk to my shopping list" does.

Only a turn from an agent or an assistant (its source, before any ``:``), only its plain
report in the first person: not an offer or a question ("I can book you a table", "Shall
I book ...?"), nor a failure ("I couldn't book ...", "I haven't booked ... yet"). Who
"you" is, the extractor cannot know from one message: the write path passes the user
memory last heard from. It also reads an agent's "I cancelled your dentist appointment" and
"I moved your haircut to Saturday" as the user's "I cancelled my ..." (:func:`as_users`), so
the event the user holds is called off or moved, as when the user says it.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from nousmem.policies.agent_echoes import from_agent
from nousmem.policies.held_denials import statements
from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.projections.models import Claim

__all__ = ["agent_actions", "as_users"]

CONFIDENCE = 0.85
_LEAD = r"(?:^|[,;:!]\s*|\b(?:and|so)\s+)(?:(?i:done|all\s+set|great|ok(?:ay)?|sure)[,.!:]*\s+)?"
_DONE = _LEAD + r"I(?:['\u2019]ve|\s+have)?\s+(?:(?i:just|now|also|already|successfully)\s+)?"
# "I've booked you a table at Nopa", "I scheduled your dentist appointment".
_BOOKED = re.compile(
    _DONE + r"(?i:booked|reserved|scheduled|made|set\s+up|arranged|confirmed|rescheduled)\s+"
    r"(?:(?i:you|u)\s+)?(?:(?i:a|an|your)\s+)(?P<what>[^.!?;,]{2,80})",
)
# "I've set a reminder for you to call your mom", "I'll remind you to pay the rent".
_REMINDER = re.compile(
    _LEAD
    + r"I(?:(?:['\u2019]ve|\s+have)?\s+(?:(?i:just|also|already)\s+)?(?i:set|created|added)\s+"
    r"(?:(?i:you|u)\s+)?(?i:a|an)\s+(?i:reminder)\s+(?:(?i:for\s+you)\s+)?(?i:to|for|about|of)"
    r"|(?:['\u2019]ll|\s+will)\s+(?i:remind)\s+(?i:you)\s+(?i:to|about|of))"
    r"\s+(?P<what>[^.!?;,]{2,80})",
)
# "I've added milk and eggs to your shopping list": the things to buy.
_LISTED = re.compile(
    _DONE + r"(?i:added|put)\s+(?P<what>[^.!?;,]{2,60}?)\s+(?i:to|on)\s+(?i:your|the)\s+"
    r"(?i:shopping|grocery|groceries)\s+(?i:list)\b",
)
# Where what was booked ends: a time, a purpose for the user, or a clause of its own.
_WHAT_END = re.compile(
    r"\s+(?:for\s+(?:you|u)\b|for\s+(?=\d|the\s+\d)|(?:and|but|so|which|that|because"
    r"|as\s+requested)\b)",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\d{4}")
_WEEKDAY = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", re.IGNORECASE)
# What was booked is an occasion: a time said, or a place or a person it is at or with.
_PLACED = re.compile(r"\b(?:at|in|with|to|near)\s+(?:the\s+)?[A-Z]")
_YOUR = re.compile(r"\byour\b", re.IGNORECASE)
_TRAIL = re.compile(r"\s+(?:for|on|at|by|in|this|next|from)$", re.IGNORECASE)


# Each report, the attribute it gives the user, how its value reads, and whether what it
# names runs on only to a time or a clause of its own (a list's items are all bought).
_REPORTS = (
    (_BOOKED, "activity", "{}", True),
    (_REMINDER, "todo", "{}", True),
    (_LISTED, "todo", "buy {}", False),
)


def agent_actions(
    source: str, content: str, addressee: str | None, occurred: datetime
) -> list[Claim]:
    """The user's appointments and reminders an agent's turn reports it set up (see the
    module doc); none without an ``addressee`` or from another source."""
    if addressee is None or not from_agent(source):
        return []
    times = resolve_time_expressions(content, occurred)
    out: list[Claim] = []
    for lo, text in statements(content):
        for pattern, attribute, template, cut in _REPORTS:
            for m in pattern.finditer(text):
                at = lo + m.start("what")
                words = text[m.start("what") : m.end("what")]
                if cut:
                    value, end = _what(words, at, times)
                else:
                    value, end = " ".join(words.split()), at + len(words)
                if value is None:
                    continue
                said = [t for t in times if at <= t.span[0] < lo + len(text)]
                if attribute == "activity" and not said and not _PLACED.search(value):
                    continue  # "I've made a note of that": nothing booked
                out.append(
                    Claim(
                        entity=addressee,
                        attribute=attribute,
                        value=template.format(value),
                        confidence=CONFIDENCE,
                        valid_at=_ahead(said[0], occurred.date()) if said else None,
                        span=(lo + m.start(), end),
                        extractor="rule",
                    )
                )
    return out


def _what(words: str, at: int, times: list[TimeMention]) -> tuple[str | None, int]:
    """What was booked, from ``words`` (said at offset ``at``): up to a time said in it, a
    "for you" or a clause of its own; "your" made the user's own word ("call mom"). With
    the offset where it ends."""
    cut = len(words)
    for t in times:
        start = t.span[0] - at
        if 0 < start < cut:
            cut = start
    m = _WHAT_END.search(words, 0, cut)
    if m is not None:
        cut = m.start()
    raw = words[:cut].rstrip()
    while (trail := _TRAIL.search(raw)) is not None:
        raw = raw[: trail.start()].rstrip()
    value = " ".join(_YOUR.sub("", raw).split())
    if len(value) < 2 or not any(ch.isalpha() for ch in value):
        return None, 0
    return value, at + len(raw)


def _ahead(t: TimeMention, said: date) -> date:
    """When a time an agent booked something for is: ahead of the day it said so. The
    resolver reads "I booked a flight on June 3" as the June 3 gone by (a past verb); a
    weekday or a day without its year is the next one."""
    if t.start >= said or t.granularity != "day" or _YEAR.search(t.text):
        return t.start
    if _WEEKDAY.search(t.text):
        return t.start + timedelta(days=7 * ((said - t.start).days // 7 + 1))
    try:
        nxt = t.start.replace(year=said.year)
        return nxt if nxt >= said else t.start.replace(year=said.year + 1)
    except ValueError:  # 29 February
        return t.start


# "your" / "you" as the user would say them, padded to the same length so that every offset
# into the text still points where it did.
_SECOND_PERSON = re.compile(r"\b(?:(?P<your>[Yy]our)|(?P<you>[Yy]ou))\b")


def as_users(source: str, content: str) -> str | None:
    """An agent's turn in the user's words ("I cancelled your appointment" -> "I cancelled
    my   appointment"), each word the same length as said; None from another source or
    with no "you" / "your" in it."""
    if not from_agent(source):
        return None
    if _SECOND_PERSON.search(content) is None:
        return None

    def mine(m: re.Match[str]) -> str:
        word = "my" if m.group("your") else "me"
        if m.group(0)[0].isupper():
            word = word.capitalize()
        return word.ljust(len(m.group(0)))

    return _SECOND_PERSON.sub(mine, content)
