"""A job left, read against the employer memory holds, and the job taken next.

The rule extractor does not read a bare "I left Acme": "left" takes a city or a party as
often as a job. But when memory holds Acme as the speaker's employer, "I left Acme last
week", "I've left Acme", "I'm no longer at Acme", "I moved on from Acme" and "I left my job"
end it: a write adds the denial (a change). So do a job lost or an end of work that names no
employer, for the one memory holds: "I lost my job", "I got laid off", "I was let go last
week", "I'm unemployed now", "I'm between jobs", "I retired in March" (not one dated months
back: "I was laid off in 2015"). A job left by a name memory never knew as one is a job
when the same message takes a new one ("I left Acme in December. I work at Globex now."),
unless the name is a listed place ("I left Berlin, I work at SAP now"). In the same message
a job taken next is the new employer:
"I left Initech last week, I'm at Hooli now", "... now at Hooli"; so it is after
"I switched jobs" or "I changed jobs" without a job memory holds. Only the speaker's plain
statement: not "I never left Acme", "If I quit Acme ...", "I might leave Acme", nor a
sentence the extractor already read a claim of the employer from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from nousmem.policies.letters import LETTER
from nousmem.policies.patterns import NAME
from nousmem.policies.place_names import PLACE_NAME
from nousmem.policies.sentences import sentences
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["HeldAndSaid", "left_jobs"]

HeldAndSaid = tuple[Sequence[str], Sequence[str]]
"""An entity's employers: those memory holds, and every one said (held or not)."""

ATTRIBUTE = "employer"
CONFIDENCE = 0.9

# Where the speaker's clause may start: the sentence's start (after "Actually,", "So", ...)
# or a clause joiner.
_LEAD = (
    r"(?:^|[,;:\u2014-]\s*|\b(?:and|but|so)\s+)"
    r"(?:(?i:actually|so|well|yeah|yes|oh|anyway|update|news|btw|fyi|ok|okay)\b[,:!]?\s*)*"
)
_ADVERB = r"(?:(?i:just|finally|recently|already|officially|actually)\s+)?"
# The words after the verb that may name the job left ("Initech", "initech", "Wayne Corp
# last week"): the longest run of them memory knows as an employer is the one.
_WORDS = r"[\w&'.-]+(?:\s+[\w&'.-]+){0,3}"
_THE_JOB = r"(?i:my\s+(?:old\s+|last\s+|previous\s+)?(?:job|company|employer|position))"
# Where an unnamed leaving ends: the clause's end or a time ("I got laid off last week"),
# not an object ("I fired my accountant", "I retired my old laptop", "fired up").
_ENDS = (
    r"(?=\s*(?:[.,;!)\u2014-]|$)|\s+(?i:last|this|in|on|yesterday|today|recently|earlier"
    r"|a|two|three|after|and|but|so|because)\b)"
)
# "the company" left, the one held: "I left the company last week" (not "the company
# party": it ends where an unnamed leaving does).
_THE_COMPANY = r"(?i:the\s+(?:company|firm))"
# "I left Acme", "I've quit my job", "I moved on from Acme", "I'm no longer at/with Acme".
_LEFT = re.compile(
    _LEAD
    + r"(?:I|I['\u2019]ve|I\s+have|we|we['\u2019]ve|we\s+have)\s+"
    + _ADVERB
    + r"(?i:left|quit|moved\s+on\s+from)\s+"
    + rf"(?:(?P<job>{_THE_JOB}(?![{LETTER}])|{_THE_COMPANY}{_ENDS})|(?P<name>{_WORDS}))"
    + r"|"
    + _LEAD
    + r"I(?:['\u2019]m|\s+am)\s+(?i:no\s+longer)\s+(?i:at|with)\s+"
    + rf"(?P<name2>{_WORDS})"
    # The job held, unnamed: "I lost my job", "I got laid off", "I was let go last week",
    # "I'm unemployed now", "I'm between jobs", "I retired in March".
    + r"|"
    + _LEAD
    + r"(?:I|I['\u2019]ve|I\s+have)\s+"
    + _ADVERB
    + rf"(?i:lost)\s+{_THE_JOB}(?![{LETTER}])"
    + r"|"
    + _LEAD
    + r"I(?:['\u2019]ve\s+been|\s+have\s+been|\s+got|\s+was)\s+"
    + _ADVERB
    + r"(?i:laid\s+off|fired|let\s+go)(?:\s+(?i:from)\s+"
    + _THE_JOB
    + r")?"
    + _ENDS
    + r"|"
    + _LEAD
    + r"I(?:['\u2019]m|\s+am)\s+(?:(?i:now|currently|still)\s+)?"
    + rf"(?i:unemployed|jobless|out\s+of\s+(?:work|a\s+job)|between\s+jobs)(?![{LETTER}])"
    + r"|"
    + _LEAD
    + r"I\s+"
    + _ADVERB
    + r"(?i:retired)"
    + _ENDS
)
# Someone else's leaving, by name: "Raj left the company", "Maya quit her job", "Raj left
# Initech", "Raj is no longer at Initech", "Raj got laid off", "Raj retired". Read against
# the employers memory holds of that name only, so "Paris left me speechless" is none.
_THEY_LEFT = re.compile(
    _LEAD
    + r"(?!(?:I|We|He|She|They|It|You|My|Our|His|Her|Their|The|This|That|Everyone|Someone)\b)"
    + rf"(?P<who>{NAME})"
    + r"(?:['\u2019]s\s+(?i:no\s+longer)\s+(?i:at|with)\s+"
    + rf"(?P<tname3>{_WORDS})"
    + r"|\s+(?:(?i:has)\s+)?"
    + _ADVERB
    + r"(?:(?i:left|quit|moved\s+on\s+from)\s+"
    + r"(?:(?i:(?:his|her|their)\s+(?:old\s+|last\s+)?(?:job|company|employer|position)"
    + rf"|the\s+(?:company|firm)){_ENDS}|(?P<tname>{_WORDS}))"
    + r"|(?i:is)\s+(?i:no\s+longer)\s+(?i:at|with)\s+"
    + rf"(?P<tname2>{_WORDS})"
    + r"|(?i:lost)\s+(?i:(?:his|her|their)\s+job)"
    + _ENDS
    + r"|(?:(?i:was|got|has\s+been)\s+)"
    + _ADVERB
    + r"(?i:laid\s+off|fired|let\s+go)"
    + _ENDS
    + r"|(?i:retired)"
    + _ENDS
    + r"))"
)
# The job taken next: "I'm at Hooli now", "I'm now at Hooli", "now at Hooli", "I'm with
# Hooli now".
_NOW_AT = re.compile(
    _LEAD
    + r"(?:(?:I['\u2019]m|I\s+am)\s+(?:(?i:now)\s+)?(?i:at|with)\s+(?P<a>"
    + NAME
    + r")(?=\s+(?i:now)\b)"
    + r"|(?:I['\u2019]m|I\s+am)\s+(?i:now)\s+(?i:at|with)\s+(?P<b>"
    + NAME
    + r")"
    + r"|(?i:now)\s+(?:(?:I['\u2019]m|I\s+am)\s+)?(?i:at|with)\s+(?P<c>"
    + NAME
    + r"))"
    + rf"(?![{LETTER}'])"
)
_SWITCHED = re.compile(
    r"(?i)\b(?:switched|changed|swapped)\s+(?:jobs|companies|employers)\b"
    r"|\bnew\s+job\b"
)
# Words that make the clause no plain statement: a denial, a condition, a wish, a plan.
_UNREAL = re.compile(
    r"(?i)\b(?:if|unless|when|whether|would|could|might|may|should|will|won['\u2019]t|wish"
    r"|hope|want|plan|planning|thinking|considering|never|not|n['\u2019]t|maybe|before"
    r"|after|once)\b|n['\u2019]t\b|\?"
)
# What follows a place left for the day, not a job left: "early", "at 6", "to grab lunch".
_DAYS_LEAVING = re.compile(
    r"(?i)(?:early|late|at|around|for\s+(?:lunch|the\s+day|home)|to\s+(?:go|grab|get|pick"
    r"|meet|catch|head)|today|tonight|this\s+(?:morning|afternoon|evening))\b"
)
_NO_LONGER = re.compile(r"(?i)\bno\s+longer\s+(?:at|with)\b")
_TAKEN_NOT = frozenset(("home", "work", "school"))
# Days back within which a job lost unnamed is the one memory holds.
_RECENT = 90


def left_jobs(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    employers: Callable[[str, datetime], HeldAndSaid],
) -> list[Claim]:
    """The employer claims ``content`` (said by ``actor`` at ``occurred``) makes through the
    employers memory knows then (``employers(entity, at)``): the denial of a job left (one
    said before, by name; "my job": the one held), then the job taken next; none for a
    sentence ``claims`` (the extractor's) already read the employer from."""
    if actor is None:
        return []
    left_said = any(c.attribute == ATTRIBUTE and c.polarity == "negate" for c in claims)
    # Most messages leave no job: a substring test spares them the sentence walk.
    if not left_said and not _cued(content):
        return []
    text = content.replace("\u2019", "'")  # same length: offsets hold
    read = [c.span for c in claims if c.attribute == ATTRIBUTE and c.span is not None]
    taken_said = any(c.attribute == ATTRIBUTE and c.polarity == "assert" for c in claims)
    # Sentences that may leave a job and no employer claim was read from, with offsets.
    unread = [
        (piece.start(), piece.group(0))
        for piece in sentences(text)
        if not any(piece.start() <= s < piece.end() for s, _ in read) and _cued(piece.group(0))
    ]
    # Claims said already (a caller's own "Google, negate" beside "I left Google").
    said = {(c.attribute, match_key(c.value), c.polarity) for c in claims}
    out: list[Claim] = []
    holding: Sequence[str] = ()
    known: dict[str, str] | None = None  # looked up at the first leaving read
    left: set[str] = set()
    for lo, sentence in unread:
        for m in _LEFT.finditer(sentence):
            if _unreal(sentence, m):
                continue
            if known is None:
                holding, ever = employers(actor, occurred)
                known = {match_key(v): v for v in [*ever, *holding]}
            name = m.group("name") or m.group("name2")
            if name is None:  # "my job": whichever employer memory holds
                if _long_ago(sentence, occurred):
                    continue  # "I was laid off in 2015": a job before the one held
                gone = list(holding)
            else:
                gone = _known_prefix(name, known)
                if not gone and taken_said:
                    # "I left Acme in December. I work at Globex now.": a job taken in the
                    # same message makes the named place left a job too.
                    gone = _named_job(name)
            for value in gone:
                if (
                    match_key(value) not in left
                    and (ATTRIBUTE, match_key(value), "negate") not in said
                ):
                    left.add(match_key(value))
                    out.append(_claim(actor, value, "negate", (lo + m.start(), lo + m.end())))
    out += _others_left(unread, claims, occurred, employers)
    if not (left or left_said or _SWITCHED.search(text)) or taken_said:
        return out
    for piece in sentences(text):
        lo, sentence = piece.start(), piece.group(0)
        for m in _NOW_AT.finditer(sentence):
            value = m.group("a") or m.group("b") or m.group("c")
            if (
                value is None
                or (ATTRIBUTE, match_key(value), "assert") in said
                or _unreal(sentence, m)
                or match_key(value) in left
                or value.lower() in _TAKEN_NOT
            ):
                continue
            return [*out, _claim(actor, value, "assert", (lo + m.start(), lo + m.end()))]
    return out


def _others_left(
    unread: Sequence[tuple[int, str]],
    claims: Sequence[Claim],
    occurred: datetime,
    employers: Callable[[str, datetime], HeldAndSaid],
) -> list[Claim]:
    """The denials of the jobs others left, by name, in the ``unread`` sentences (each with
    its offset): a job named that memory knows of theirs, or (unnamed) the one it holds."""
    said: set[tuple[str, str, str, str]] = {
        (match_key(c.entity), c.attribute, match_key(c.value), c.polarity) for c in claims
    }
    out: list[Claim] = []
    for lo, sentence in unread:
        for m in _THEY_LEFT.finditer(sentence):
            if _unreal(sentence, m):
                continue
            who = m.group("who")
            holding, ever = employers(who, occurred)
            name = m.group("tname") or m.group("tname2") or m.group("tname3")
            if name is None:  # "his job", "the company": the one memory holds
                gone = [] if _long_ago(sentence, occurred) else list(holding)
            else:
                gone = _known_prefix(name, {match_key(v): v for v in [*ever, *holding]})
            for value in gone:
                key = (match_key(who), ATTRIBUTE, match_key(value), "negate")
                if key not in said:
                    said.add(key)
                    out.append(_claim(who, value, "negate", (lo + m.start(), lo + m.end())))
    return out


def _cued(text: str) -> bool:
    """Whether ``text`` holds a word every reading here needs (a job left, lost or changed):
    a plain substring test, the cheapest there is for the many messages that hold none."""
    lower = text.lower()
    return any(cue in lower for cue in _CUES)


_CUES = (
    "left",
    "quit",
    "moved on",
    "no longer",
    "switched",
    "changed",
    "swapped",
    "new job",
    "lost",
    "laid off",
    "fired",
    "let go",
    "employed",
    "jobless",
    "out of ",
    "between jobs",
    "retired",
)


def _long_ago(sentence: str, occurred: datetime) -> bool:
    """Whether ``sentence`` dates what it tells more than :data:`_RECENT` before
    ``occurred``: a job lost then is not the one memory holds now."""
    return any(
        (occurred.date() - m.end).days > _RECENT
        for m in resolve_time_expressions(sentence, occurred)
    )


def _known_prefix(words: str, known: dict[str, str]) -> list[str]:
    """The employer (as memory says it) that the longest leading run of ``words`` names,
    a full stop or comma aside; [] for none, or when what follows it says a day's leaving
    ("I left Initech early today", "... at 6", "... to grab lunch")."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        key = match_key(" ".join(parts[:n]).rstrip(".,!'"))
        if key in known:
            rest = " ".join(parts[n:])
            return [] if _DAYS_LEAVING.match(rest) else [known[key]]
    return []


_NAME_START = re.compile(NAME)
_PLACE = re.compile(PLACE_NAME)


def _named_job(words: str) -> list[str]:
    """The name leading ``words`` (a job left, for the job taken in the same message):
    [] for none, a listed place ("I left Berlin") or a day's leaving ("Acme early")."""
    m = _NAME_START.match(words)
    if m is None or _PLACE.fullmatch(m.group(0)) or m.group(0) in ("I", "I'm"):
        return []
    rest = words[m.end() :].lstrip(" .,!")
    return [] if _DAYS_LEAVING.match(rest) else [m.group(0).rstrip(".")]


def _unreal(sentence: str, m: re.Match[str]) -> bool:
    """The sentence, up to the match's end, denies, doubts or plans rather than states
    ("I'm no longer at" is the statement itself, not a denial of it)."""
    return _UNREAL.search(_NO_LONGER.sub(" ", sentence[: m.end()])) is not None


def _claim(actor: str, value: str, polarity: str, span: tuple[int, int]) -> Claim:
    return Claim(
        entity=actor,
        attribute=ATTRIBUTE,
        value=value,
        confidence=CONFIDENCE,
        polarity="negate" if polarity == "negate" else "assert",
        change=True,
        span=span,
        extractor="rule",
    )
