"""An activity memory holds, ended by its speaker in other words: given up or finished.

**Given up.** "I'm training for the Berlin marathon in September" holds the ``activity``
``Berlin marathon``. "I decided to skip Berlin and run Chicago instead", "I pulled out of
the marathon", "We're backing out of the Lisbon trip" name it in other words; read alone
they end nothing, so the event stayed held for good. Read against the one-off events the
speaker holds, they end the one they name, as ``cancelled_events`` does for an event called
off.

The cue ("skip", "skipping", "skipped", "pull(ed) out of", "drop(ped) out of", "withdraw
(drew) from", "back(ed) out of", "bail(ed) on", "sit (sat) out") is followed by what is
given up: its words up to the clause's end, "and", "to", "because", "so", "for" or a time
word, less articles and possessives. A held event is named when every one of those words
is one of its own ("skip Berlin" names ``Berlin marathon``); when two held events answer,
neither is ended.

Not a one-off skip of what comes back: a routine held ("yoga every Tuesday") or a skip
dated to a single day ("I'm skipping the gym today", "I skipped yoga yesterday"). Not a
supposition, a denial, a hedge or a need ("If I skip Berlin, ...", "I didn't skip it", "I
might skip Berlin", "I'm thinking about skipping it", "I need to pull out of the race").

**Finished.** "I'm reading Dune" holds ``reading Dune``, an activity under way (its value
opens with an "-ing" verb, or is a project). "I finished Dune", "Finished Project Hail
Mary, loved it!", "I'm done with Dune", "I finished the treehouse" (after "I'm building a
treehouse") end it, and so does a project shipped ("We shipped the payments migration"
after "I'm working on the payments migration project"), named as above (the verb after the
cue may be said: "I finished reading Dune", which the extractor reads as ``reading Dune``
again: that reading becomes the denial). Not a finish to come, nearly made or denied
("I'll finish Dune tomorrow", "I almost finished Dune", "I haven't finished Dune").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.cancelled_events import event_words
from nousmem.policies.held_denials import clause_so_far, denial, statements, unreal_before
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["finished_activities", "skipped_events"]

ATTRIBUTE = "activity"
CONFIDENCE = 0.85
# What any cue has in it (a substring test before the patterns: most messages have none).
_CUES = ("skip", " out of", "withdr", "bail", "sit out", "sat out", "sitting out", " one out")
_SKIPPED = re.compile(
    r"\b(?:skip|skips|skipping|skipped|(?:pull|pulled|pulling|drop|dropped|dropping|back"
    r"|backed|backing)\s+out\s+of|withdraw|withdrew|withdrawn|withdrawing)\s+(?:from\s+)?"
    r"|\b(?:bail|bailed|bailing)\s+(?:on|out\s+of)\s+"
    r"|\b(?:sit|sat|sitting)\s+(?:this\s+one\s+)?out\s+(?:of\s+)?",
    re.IGNORECASE,
)
# What was given up ends at these (or the clause's end).
_OBJECT_END = re.compile(
    r"\b(?:and|to|because|so|for|but|this|next|in|on|after|since|instead|as|at|with|then"
    r"|when|until|due|last|yesterday|today|tonight|earlier|finally|already|recently|ago"
    r"|over|during)\b|[,.;:!?()]",
    re.IGNORECASE,
)
# A hedge or a need before the cue: not given up yet.
_NOT_YET = re.compile(
    r"\b(?:might|may|could|should|would|maybe|perhaps|probably|thinking\s+(?:about|of)"
    r"|considering|tempted|need|needs|have|has|want|wants|hope|hoping|wonder|wondering"
    r"|unless|whether)\b(?:\s+\w+){0,3}\s*$",
    re.IGNORECASE,
)
# A skip of one day of what comes back.
_ONE_DAY = re.compile(
    r"\b(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening|week)|last\s+night"
    r"|again|once)\b",
    re.IGNORECASE,
)
# A routine held ("yoga every Tuesday", "swim practice on Saturdays").
_ROUTINE = re.compile(
    r"\b(?:every|each|daily|weekly|monthly|weekdays|weekends|mondays|tuesdays|wednesdays"
    r"|thursdays|fridays|saturdays|sundays)\b",
    re.IGNORECASE,
)
_SMALL = frozenset("a an the my our his her their your of".split())
_MAX_WORDS = 4


def _given_up(text: str, end: int) -> frozenset[str]:
    """The words of what the cue ending at ``end`` gives up (see the module doc)."""
    stop = _OBJECT_END.search(text, end)
    words = event_words(text[end : stop.start() if stop else len(text)])
    said = [w for w in words if w not in _SMALL]
    return frozenset(said) if 0 < len(said) <= _MAX_WORDS else frozenset()


def _not_so(text: str, at: int) -> bool:
    """Whether the cue at ``at`` is supposed, denied or still to do, in its clause."""
    before = clause_so_far(text, at)
    return unreal_before(before) or _NOT_YET.search(before) is not None


def skipped_events(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of the one-off events (``activity`` values) ``actor`` held at
    ``occurred`` that ``content`` (said then) gives up (see the module doc), less those
    ``claims`` already make or assert again."""
    if actor is None:
        return []
    low = content.lower()
    if not any(cue in low for cue in _CUES) or _SKIPPED.search(content) is None:
        return []
    events = [v for v in held(actor, ATTRIBUTE, occurred) if _ROUTINE.search(v) is None]
    if not events:
        return []
    said = {match_key(c.value) for c in claims if c.attribute == ATTRIBUTE}
    out: list[Claim] = []
    for lo, text in statements(content):
        if _ONE_DAY.search(text):
            continue
        for m in _SKIPPED.finditer(text):
            if _not_so(text, m.start()):
                continue
            words = _given_up(text, m.end())
            if not words:
                continue
            named = [v for v in events if words <= frozenset(event_words(v))]
            if len(named) != 1 or match_key(named[0]) in said:
                continue
            said.add(match_key(named[0]))
            out.append(
                denial(actor, ATTRIBUTE, named[0], CONFIDENCE, (lo + m.start(), lo + m.end()))
            )
    return out


_FINISHED = re.compile(
    r"\b(?:finished|finish\s+up|completed|(?:done|through)\s+with|wrapped\s+up|got\s+through"
    r"|shipped|launched|delivered|released)"
    r"\s+(?:(?:reading|watching|building|writing|knitting|painting|playing|listening\s+to)\s+)?",
    re.IGNORECASE,
)
# What any finish has in it (a substring test first: most messages have none).
_FINISH_CUES = (
    "finish",
    "complet",
    "done with",
    "through",
    "wrapped",
    "shipped",
    "launched",
    "delivered",
    "released",
)
# A finish to come, nearly made or doubted.
_NOT_DONE = re.compile(
    r"\b(?:will|gonna|going\s+to|about\s+to|almost|nearly|hope|hoping|want|wants|need"
    r"|needs|have\s+to|should|might|may|could|try|trying|if|when|once|before)\b(?:\s+\w+){0,2}"
    r"\s*$|'ll\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
# An activity under way: its value opens with an "-ing" verb ("reading Dune") or is a
# project ("payments migration project").
_UNDER_WAY = re.compile(r"^[a-z]+ing\s|\bproject$", re.IGNORECASE)


def finished_activities(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """``claims`` with the activities under way ``actor`` held at ``occurred`` that
    ``content`` (said then) finishes denied (see the module doc): the extractor's reading
    of one again ("I finished reading Dune") becomes its denial."""
    low = content.lower()
    if actor is None or not any(cue in low for cue in _FINISH_CUES):
        return list(claims)
    if _FINISHED.search(content) is None:
        return list(claims)
    under_way = [v for v in held(actor, ATTRIBUTE, occurred) if _UNDER_WAY.search(v)]
    if not under_way:
        return list(claims)
    out = list(claims)
    denied = {
        match_key(c.value) for c in claims if c.attribute == ATTRIBUTE and c.polarity == "negate"
    }
    for lo, text in statements(content):
        for m in _FINISHED.finditer(text):
            if _not_so(text, m.start()) or _NOT_DONE.search(text, 0, m.start()):
                continue
            words = _given_up(text, m.end())
            named = [v for v in under_way if words and words <= frozenset(event_words(v))]
            if len(named) != 1 or match_key(named[0]) in denied:
                continue
            key = match_key(named[0])
            denied.add(key)
            # The extractor's reading of the finished activity is no new start of it.
            out = [
                c
                for c in out
                if not (
                    c.attribute == ATTRIBUTE
                    and c.polarity == "assert"
                    and match_key(c.value) == key
                )
            ]
            span = (lo + m.start(), lo + m.end())
            out.append(denial(actor, ATTRIBUTE, named[0], CONFIDENCE, span))
    return out
