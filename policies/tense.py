"""Tense around a time expression: whether what it dates lies ahead or behind.

A month or weekday without a year or a "last"/"next" is read by the tense of what is said
around it: a future word in its sentence ("I'll go in June", "Let's go on Saturday"), or a
present-tense schedule ("My flight is on Thursday"), points ahead, unless the expression's
own clause has a past tense ("Had a great time on Sunday, back to work tomorrow"). Every
look is bounded (:data:`LOOK` characters either side), so a long paste costs the same per
expression as a chat turn.
"""

from __future__ import annotations

import re

from nousmem.policies.patterns import ABBREVIATIONS

__all__ = ["clause_before", "is_future", "past_in_clause", "span_of_time"]

# Future tense in the expression's sentence flips "in May" / "on Saturday" forwards, unless
# its own clause is in the past ("Had a great time on Sunday, back to work tomorrow"). Not
# "Will" the name, "next to/door", "the next day", "was going to".
_FUTURE = re.compile(
    r"(?:\b(?:will|shall|won'?t|gonna|(?<!\bwas\s)(?<!\bwere\s)(?:going\s+to|about\s+to)"
    r"|plan(?:s|ning)?\s+(?:to|on)|can'?t\s+wait|cannot\s+wait|looking\s+forward|upcoming"
    r"|(?<!\bthe\s)next(?!\s+(?:to|door)\b)|tomorrow|soon|hope\s+to|scheduled"
    r"|let'?s|should(?!\s+have\b|'ve)|(?:need|have|has|want|supposed|hoping)\s+to"
    r"|see\s+you|talk\s+to\s+you"
    r"|(?:excited|ready)\s+for"
    r"|(?:'m|\bam|'re|\bare|'s|\bis)(?:\s+not|n't)?\s+(?:flying|leaving|going|heading"
    r"|driving|coming"
    r"|moving|starting|meeting|visiting|travell?ing|having|seeing|getting|taking|doing"
    r"|throwing|hosting|attending|graduating|playing|celebrating|working))\b|'ll\b)",
    re.IGNORECASE,
)
# "Will" capitalised mid-sentence is a name ("lunch with Will on Saturday").
_WILL_NAME = re.compile(r"(?<=[a-z,] )Will\b")
# A sentence's end: not the point of "$3.50" or of an abbreviation ("Dr.", "St.").
_SENT_END = re.compile(
    r"[!?\n]|" + "".join(rf"(?<!\b{a})" for a in sorted(ABBREVIATIONS)) + r"\.(?!\d)"
)
# A clause's end inside a sentence.
_CLAUSE_END = re.compile(r"[,;]|\b(?:and|but|then)\b", re.IGNORECASE)
# A past tense in the expression's own clause: common past forms and -ed verbs (not the
# adjectives and bookings that go with plans: "excited", "booked", "scheduled").
_PAST = re.compile(
    r"\b(?:was|were|had|did|went|got|came|saw|made|took|met|ate|left|bought|spent|felt"
    r"|found|gave|told|said|ran|won(?!'t)|lost|wrote|drove|flew|sent|brought|caught|began"
    r"|(?!(?:excited|interested|tired|bored|scared|worried|married|engaged|supposed|used"
    r"|scheduled|planned|booked|arranged|organized|organised|reserved|invited|need|red"
    r"|bed|shed|related|based|retired|pleased|thrilled|stoked|hyped)\b)[a-z]{2,}ed)\b",
    re.IGNORECASE,
)
# How far back a sentence or clause is looked for: bounds the work per expression, so a
# long paste costs the same per expression as a chat turn.
LOOK = 400


def _bounds(pattern: re.Pattern[str], text: str, start: int, end: int) -> tuple[int, int]:
    """The stretch around ``text[start:end]`` between two matches of ``pattern``, looked
    for at most ``LOOK`` characters away."""
    lo = max(0, start - LOOK)
    ends = [m.end() for m in pattern.finditer(text, lo, start)]
    left = ends[-1] if ends else lo
    m = pattern.search(text, end, min(len(text), end + LOOK))
    return left, m.start() if m else min(len(text), end + LOOK)


# A schedule in the present ("My flight is on Thursday", "The wedding is in June", "I'm in
# Rome until Friday", "I have a class on Friday"): no future word, yet ahead. Not "It's
# Monday" (today), nor "I have photos from Saturday" (only "on" after have/has).
_SCHEDULE_LEAD = re.compile(
    r"(?:(?<!\bit)(?<!\btoday)(?<!\bthat)(?:'s|'re|'m)|\b(?<!it\s)(?<!today\s)(?<!that\s)"
    r"(?:is|are|am))\s+$|\b(?:until|till|til)\s+$",
    re.IGNORECASE,
)
_HAVE = re.compile(r"\b(?:have|has)\b(?!\s+(?:been|had|to)\b)", re.IGNORECASE)


def _scheduled(text: str, start: int, left: int) -> bool:
    """A present-tense schedule leads to ``text[start:]`` (see :data:`_SCHEDULE_LEAD`)."""
    if _SCHEDULE_LEAD.search(text, max(left, start - 16), start):
        return True
    if text[start : start + 3].lower() != "on ":
        return False
    c_left, _ = _bounds(_CLAUSE_END, text, start, start)
    return _HAVE.search(text, max(left, c_left), start) is not None


def _future_word(text: str, left: int, right: int) -> bool:
    return any(not _WILL_NAME.match(text, f.start()) for f in _FUTURE.finditer(text, left, right))


def is_future(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (a time expression) points ahead (see the module doc)."""
    left, right = _bounds(_SENT_END, text, start, end)
    if not _future_word(text, left, right) and not _scheduled(text, start, left):
        return False
    c_left, c_right = _bounds(_CLAUSE_END, text, start, end)
    return _PAST.search(text, max(left, c_left), min(right, c_right)) is None


# Before "in N <units>" in its clause, these make it a span of time, not a date.
_DURATION = re.compile(
    r"\b(?:haven'?t|hasn'?t|hadn'?t|have\s+not|has\s+not|had\s+not|never)\b"
    r"|\bfirst\s+time\b",
    re.IGNORECASE,
)


def span_of_time(text: str, start: int, end: int) -> bool:
    """Whether "in N units" at ``text[start:end]`` says how long, not when: after a
    negation or "first time" ("I haven't seen him in 2 years"), or in a past-tense clause
    of a sentence with no future word ("I lost 10 pounds in a month", "my first vacation in
    3 years was great"; not "She said she'll be back in 2 days")."""
    if _DURATION.search(clause_before(text, start)):
        return True
    left, right = _bounds(_SENT_END, text, start, end)
    return past_in_clause(text, start, end) and not _future_word(text, left, right)


def clause_before(text: str, start: int) -> str:
    """The text of ``start``'s clause (within its sentence) before it."""
    s_left, _ = _bounds(_SENT_END, text, start, start)
    c_left, _ = _bounds(_CLAUSE_END, text, start, start)
    return text[max(s_left, c_left) : start]


def past_in_clause(text: str, start: int, end: int) -> bool:
    """Whether the clause (within its sentence) around ``text[start:end]`` has a past tense."""
    c_left, c_right = _bounds(_CLAUSE_END, text, start, end)
    s_left, s_right = _bounds(_SENT_END, text, start, end)
    return _PAST.search(text, max(c_left, s_left), min(c_right, s_right)) is not None
