"""How a sentence reads as a standing instruction about what the assistant does for the
user: "Please don't schedule anything on Fridays", "Always book aisle seats", "Never call
me before 9am", "Stop emailing me after 6pm".

``instruction_grammar.py`` reads instructions about the assistant's *output* ("Always answer
in French"); an assistant that books, schedules, sends and pushes on the user's behalf is
also told what never (or always) to do. ``read_action(sentence)`` returns the parts of
such an instruction, or None; ``instructions.py`` stores it as the same ``instruction``
claim, so it holds in the worldview beside the others, and a later "From now on, book
Ryanair" withdraws "never book Ryanair" (the same words only).

An action is asked for once far more often than for good ("Don't book the 7am flight",
"Remember to call Tom"), so a plain "don't" (not "never", "always" or "stop") counts only
with a scope that recurs ("anything", "ever", "on Fridays", "before 9am", "at weekends"),
and nothing counts that is limited to now ("today", "yet", "next week", "until Monday"),
points at something the turn names ("Don't send it", "Never email them") or advises a
person ("your"). docs/extraction.md ("Standing instructions") has the word lists.
"""

from __future__ import annotations

import re

from nousmem.policies.instruction_grammar import (
    LEAD,
    Read,
    base_verb,
    core_of,
    one_off,
    standing_at_end,
)

__all__ = ["ACTION_OPENS", "PERIODIC", "read_action"]

# Verbs of what an assistant does for the user (not of its answers: instruction_grammar).
_ACTION_VERBS = (
    "schedule book call phone ring email e-mail text message ping contact wake disturb "
    "invite cc bcc send share post order buy spend pay charge remind forward reserve "
    "accept decline cancel "
    # ... and of what a coding assistant does in the user's code and systems.
    "push force-push commit merge rebase deploy release run delete remove drop install "
    "upgrade edit modify touch change rename "
    # ... and what it does around them.
    "include add check double-check confirm ask"
).split()
_ACTION_VERB = "|".join(sorted(_ACTION_VERBS, key=len, reverse=True))
# Things an assistant arranges, for "No meetings on Fridays".
_ARRANGED = (
    "meetings calls emails texts messages bookings flights invites invitations reminders "
    "notifications appointments events"
).split()
_ACTION_PATTERN = (
    LEAD
    + rf"(?:(?P<stop>stop|avoid)\s+(?P<ing>[\w-]+ing)|(?P<verb>{_ACTION_VERB})"
    + rf"|(?P<no>no)\s+(?:more\s+)?(?P<things>{'|'.join(_ARRANGED)}))\b"
    r"(?P<rest>[^\n]{0,160})$"
)
_ACTION = re.compile(_ACTION_PATTERN, re.IGNORECASE)
#: Whether a clause opens as an action instruction does (the pattern without its rest).
ACTION_OPENS = re.compile(_ACTION_PATTERN.removesuffix(r"(?P<rest>[^\n]{0,160})$"), re.IGNORECASE)

_DAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
# A scope that recurs: what turns a "don't" into a rule rather than a request for now.
_RECURRING = re.compile(
    r"\b(?:any(?:thing|one|body|where|more|\s+\w+)|every(?:thing|one|body|\s+\w+)?|ever"
    r"|whenever|each\s+\w+|without\s+(?:asking|checking)"
    rf"|(?:{'|'.join(_DAYS)})s|weekends|weekdays|(?:at|on|over)\s+(?:the\s+)?weekends?"
    r"|mornings|afternoons|evenings|nights|holidays"
    r"|(?:before|after|past)\s+(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)?"
    r"|noon|midday|midnight|lunch|work|hours|dark|dinner)(?!\s*(?:today|tonight|tomorrow))"
    r"|during\s+(?:work(?:ing)?\s+hours|lunch|meetings|holidays|my\s+\w+)"
    r"|on\s+(?:my\s+)?days?\s+off|out\s+of\s+hours|at\s+night)\b",
    re.IGNORECASE,
)
#: A schedule that repeats: it makes a plain request a standing one ("Remind me to water the
#: plants every Sunday", "Call me every Monday", "Check my inbox each morning").
PERIODIC = re.compile(
    r"\b(?:every|each)\s+(?:day|morning|afternoon|evening|night|week|weekend|weekday|month"
    rf"|year|hour|{'|'.join(_DAYS)})\b|\b(?:daily|weekly|monthly|nightly|hourly)\b"
    rf"|\b(?:{'|'.join(_DAYS)})s\b|\b(?:on\s+)?(?:weekends|weekdays)\b",
    re.IGNORECASE,
)
# A request for now, or for something this turn names: never a standing rule.
_NOW = re.compile(
    r"\b(?:today|tonight|tomorrow|yet|now|until|till|next\s+(?!to\b)\w+|this\s+\w+|these|those"
    r"|that\s+one|the\s+one|again\s+today|(?:on|for)\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b"
    rf"|(?:on|this|next|last)\s+(?:{'|'.join(_DAYS)})\b(?!s))",
    re.IGNORECASE,
)
# What an action must not open on: something the turn names ("Don't send it"), someone the
# context names ("Never email them"), or another clause ("Never text and drive").
_UNNAMED = re.compile(
    r"^\s+(?:it|that|this|these|those|him|her|them|his|their|and|or|but|so|up|off|back)\b",
    re.IGNORECASE,
)
_CALL_ME = re.compile(r"^\s+(?:me|us)\s+(?:by\s+)?(?-i:[A-Z])", re.IGNORECASE)
# "your X" is advice to a person ("Never use jargon in your presentations"), not about what
# the assistant does for the user.
_YOUR = re.compile(r"\byour\b", re.IGNORECASE)
# "Don't schedule anything on Thursdays either": "either" adds nothing to the rule.
_ALSO = re.compile(r"\s+(?:either|too|as\s+well|also)(?=\W*$)", re.IGNORECASE)
# "for me" adds nothing to what is done for the user ("Always book aisle seats for me").
_FOR_ME = re.compile(r"\s+for\s+(?:me|us)(?=\W*$)", re.IGNORECASE)


def read_action(sentence: str) -> Read | None:
    """The parts of a standing instruction about an action in ``sentence``, else None."""
    got = _ACTION.match(sentence)
    if got is None:
        return None
    rest = got.group("rest")
    mod = (got.group("mod") or "").lower()
    never = mod.startswith(("never", "don", "do not")) or mod.endswith(("never", "ever"))
    # "Stop emailing me" ends what the assistant keeps doing: a rule by itself.
    stopped = False
    if got.group("ing") is not None:
        verb = base_verb(got.group("ing"), _ACTION_VERBS) or ""
        avoid = got.group("stop").lower() == "avoid"
        if not verb or never or (mod and not avoid):
            return None  # "Don't stop calling me", "Don't avoid calling me": keep doing it
        prefix, stopped = "never ", not avoid
    elif got.group("no") is not None:
        # "No meetings on Fridays": as "don't", a rule only with a scope that recurs.
        verb, prefix, mod = "no", "", "don't"
        rest = " " + got.group("things") + rest
    else:
        verb = got.group("verb").lower()
        prefix = "never " if never else "only " if mod.endswith("only") else ""
    core = core_of(rest)
    if not core.strip() or _UNNAMED.match(core) is not None:
        return None
    if _YOUR.search(core) is not None:
        return None
    if verb == "call" and _CALL_ME.match(core) is not None:
        return None  # "Always call me Sam": the name the user goes by (rules_personal)
    if _NOW.search(core) is not None or one_off(core):
        return None
    # "always", "never", "only", "ever", "from now on" and "stop" make a rule by
    # themselves; a plain "don't", "avoid" or "no" needs a scope that recurs.
    marked = bool(got.group("when")) or stopped or standing_at_end(rest)
    ruled = marked or mod.endswith(("always", "never", "ever", "only"))
    # "Remind me to ... every Sunday": not with "don't", which a schedule only scopes.
    ruled = ruled or (not never and PERIODIC.search(core) is not None)
    plain = bool(mod) or got.group("ing") is not None
    if not ruled and plain and _RECURRING.search(core) is None:
        return None
    if not ruled and not plain:
        return None  # "Book a table for two": a request
    if mod.startswith(("remember", "make sure")) and not ruled:
        return None  # "Remember to call Tom": a task
    return Read(prefix, verb, _ALSO.sub("", _FOR_ME.sub("", core)), False)
