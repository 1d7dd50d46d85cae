"""Tense around a time expression: whether what it dates lies ahead or behind.

A month or weekday without a year or a "last"/"next" is read by the tense of what is said
around it: a future word in its sentence ("I'll go in June", "Let's go on Saturday"), or a
present-tense schedule ("My flight is on Thursday"), points ahead, unless the expression's
own clause has a past tense ("Had a great time on Sunday, back to work tomorrow"). Every
look is bounded (``tense_bounds.LOOK`` characters either side), so a long paste costs the
same per expression as a chat turn. A date booked for is ahead (``tense_booked.py``).
"""

from __future__ import annotations

import re

from nousmem.policies.letters import UPPER
from nousmem.policies.tense_booked import booked_for
from nousmem.policies.tense_bounds import CLAUSE_END, SENT_END, bounds, last_match
from nousmem.policies.timeexpr_patterns import DAYS

__all__ = [
    "clause_before",
    "is_future",
    "looks_back",
    "object_of",
    "past_in_clause",
    "present_plan",
    "span_of_time",
    "tells_past",
]

# A going in the progressive is a plan: "I'm flying to Rome on Friday", and its "I'm" left
# out, "Flying to Rome on Friday." (_GOING_OPENS).
_GOINGS = (
    r"flying|leaving|going|heading|moving|starting|driving|visiting|travell?ing|relocating"
    r"|joining|coming"
)
# Future tense in the expression's sentence flips "in May" / "on Saturday" forwards, unless
# its own clause is in the past ("Had a great time on Sunday, back to work tomorrow"). Not
# "Will" the name, "next to/door", "the next day", "was going to".
_FUTURE = re.compile(
    r"(?:\b(?:will|shall|gonna|(?<!\bwas\s)(?<!\bwere\s)(?:going\s+to|about\s+to)"
    r"|plan(?:s|ning)?\s+(?:to|on|a|an|our|my|the)|planning|can'?t\s+wait|cannot\s+wait|looking\s+forward|upcoming"
    r"|(?<!\bthe\s)next(?!\s+(?:to|door)\b)|tomorrow|soon|hope\s+to|scheduled"
    r"|(?:'m|\bam|'re|\bare|'s|\bis)(?:\s+not|n't)?\s+(?:" + _GOINGS + r"|headed|off\s+to"
    r"|meeting|marrying|retiring|quitting|switching|migrating|turning|transferring|expecting)"
    r"|(?:excited|ready)\s+for|remind\s+(?:me|us)|(?:set|create)\s+(?:a|an)\s+reminder|make\s+sure"
    r"|(?:don'?t|do\s+not)\s+(?:let\s+(?:me|us)\s+)?forget"
    # "Put the team dinner on my calendar for Thursday": kept for a day ahead.
    r"|(?:to|on|in)\s+(?:my|our|the)\s+calendar)\b|'ll\b)",
    re.IGNORECASE,
)
# Plans in the present progressive with verbs that also tell of what is under way ("I'm
# having a party on Saturday", not "I'm having leftovers from Sunday's barbecue" nor "I'm
# working on the photos from Friday"): not when "from"/"of" comes between.
_PLAN_ING = re.compile(
    r"(?:'m|\bam|'re|\bare|'s|\bis)(?:\s+not|n't)?\s+(?:having|seeing|getting|taking|doing"
    r"|throwing|hosting|attending|graduating|playing|celebrating|working|training|preparing"
    r"|competing|presenting|performing|speaking|running|spending|staying|closing)\b"
    r"(?!\s+(?:flashbacks|fun|trouble|a\s+hard\s+time)\b)",
    re.IGNORECASE,
)
_FROM_OF = re.compile(r"\b(?:from|of)\b", re.IGNORECASE)
# Readying for an event a date names ("I've been training for the marathon in May", "We've
# been saving for our trip in June"): the event is ahead, though the readying began before.
_READYING_FOR = re.compile(
    r"(?:'ve|\bhave|'s|\bhas)\s+been\s+(?:training|preparing|studying|practicing|practising"
    r"|saving|rehearsing|getting\s+ready)\s+for\b",
    re.IGNORECASE,
)
# What was decided or promised lies ahead of the deciding: "I decided to run a marathon in
# October" (said in March); not "In October I decided to quit" (the date is the deciding's).
_DECIDED_TO = re.compile(r"\b(?:decided|agreed|promised|vowed|resolved)\s+to\b", re.IGNORECASE)
# Weaker signs of a plan: they point a date ahead only when it is what they are about, not
# an event named after "about", "from", "for" ("I want to thank you for Saturday", "Let's
# not talk about Saturday", "So good to see you on Saturday").
_FUTURE_WEAK = re.compile(
    r"\b(?:won'?t|let'?s|should(?!\s+(?:not\s+)?have\b|'ve|\s+mention)"
    r"|(?:need|have|has|want|supposed|hoping)\s+to|(?<!\bto\s)see\s+you|talk\s+to\s+you"
    r"|'d\s+(?:love|like|be|call|come|go|visit|help|send|see|meet|bring|stop|drop|pick|try"
    r"|join|rather)"
    r"|can'?t\s+(?:make\s+it|come|go|do)|cannot\s+(?:make\s+it|come|go|do))\b",
    re.IGNORECASE,
)
# What a weak sign does not reach: a date named as the object of these.
_OBJECT_OF = re.compile(r"\b(?:about|from|for|to|after|since|of)\s+(?:on\s+)?$", re.IGNORECASE)
# "Will" capitalised mid-sentence is a name ("lunch with Will on Saturday").
_WILL_NAME = re.compile(r"(?<=[a-z,] )Will\b")
# A past tense in the expression's own clause: common past forms (and the negated
# auxiliaries: "I didn't hear back until Friday") and -ed verbs, not the adjectives and
# bookings that go with plans ("excited", "booked", "scheduled"), nor a participle after a
# present "is"/"are" ("The store is closed until Monday").
_PAST = re.compile(
    # Not a future perfect: "By Christmas I'll have saved $500".
    # "(?=\w)": every form starts with a letter, so the lookbehinds run at words' starts only.
    r"\b(?=\w)(?<!'ll\shave\s)(?<!’ll\shave\s)(?<!\bwill\shave\s)(?<!\bwon't\shave\s)"
    r"(?<!won’t\shave\s)(?<!\bshall\shave\s)(?<!\bnot\shave\s)"
    r"(?:was|were|had|did|went|(?<!'ve\s)(?<!'s\s)(?<!\bhave\s)(?<!\bhas\s)got|came|saw|made|took|met"
    r"|ate|left|bought|spent|felt"
    r"|found|gave|told|said|ran|won(?!'t)|lost|wrote|drove|flew|sent|brought|caught|began"
    r"|(?:was|were|did|could|had)n'?t|did\s+not|could\s+not|slept|kept|heard|broke|fell"
    r"|knew|thought|taught|sat|stood|woke|wore|sold|paid|held|forgot|fought|rode|swam|sang"
    r"|spoke|threw|understood|overslept|chose|drank|grew"
    r"|(?<!\bis\s)(?<!\bare\s)(?<!'s\s)(?<!'re\s)(?<!'m\s)(?<!\bam\s)(?<!\bbe\s)"
    r"(?!(?:decided|agreed|promised|vowed|resolved)\s+to\b)"
    r"(?!(?:excited|interested|tired|bored|scared|worried|married|engaged|supposed|used"
    r"|scheduled|planned|booked|arranged|organized|organised|reserved|invited|need|red"
    r"|bed|shed|related|based|retired|pleased|thrilled|stoked|hyped)\b)[a-z]{2,}ed)\b",
    re.IGNORECASE,
)
# A time of day said before the day ("is at 3pm on Friday", "is at 9:30 on Monday").
_CLOCK = r"(?:\d{1,2}(?::\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|noon|midnight)"
# A schedule in the present ("My flight is on Thursday", "The wedding is in June", "I'm in
# Rome until Friday", "I have a class on Friday"): no future word, yet ahead. Not "It's
# Monday" (today), nor "I have photos from Saturday" (only "on" after have/has).
_SCHEDULE_LEAD = re.compile(
    r"(?:(?:(?<!\bit)(?<!\btoday)(?<!\bthat)(?:'s|'re|'m)|\b(?<!it\s)(?<!today\s)(?<!that\s)"
    r"(?:is|are|am))(?:\s+not)?(?:\s+(?:closed|open|free|off|busy|away|due|back|home"
    r"|available))?(?:\s+at(?:\s+" + _CLOCK + r")?)?"
    # "It's due on the 20th", "That's closed until Friday": what "it" is, not today's name.
    r"|(?:'s|\bis)(?:\s+not)?\s+(?:closed|open|due|back|available|over|finished)"
    # "I'm in London on Monday", "Ana is in Lisbon until Friday": a stay ahead.
    r"|(?:'s|'re|'m|\b(?:is|are|am))\s+in\s+(?-i:[" + UPPER + r"])[\w'-]+"
    r"(?:\s+(?-i:[" + UPPER + r"])[\w'-]+){0,2})\s+$",
    re.IGNORECASE,
)
# "until Friday", "by Tuesday": ahead, unless the sentence tells of the past and the clause
# has no present verb of its own ("Until Saturday, I had no idea he was married").
_UNTIL_LEAD = re.compile(
    r"\b(?:until|till|til|through|thru|by)\s+(?:(?:eod|cob|end\s+of\s+day|close\s+of\s+business)"
    r"\s+)?$",
    re.IGNORECASE,
)
_PRESENT = re.compile(r"(?:'s|'re|'m|\b(?:is|are|am|have|has))\b", re.IGNORECASE)
# "I have a class on Friday", not "You should have seen it", "I have never been", "I have
# a hangover from the party on Saturday" (what is had comes from the day: it is past).
_HAVE = re.compile(
    # "(?=['\w])": both forms start with "'" or a letter; the lookbehinds run only there.
    r"(?=['\w])(?<!\bshould\s)(?<!\bcould\s)(?<!\bwould\s)(?<!\bmight\s)(?<!\bmust\s)(?<!\bmay\s)"
    r"(?<!\bnot\s)(?:\b(?:have|has)\b(?!\s+(?:been|had|to|never|gone|seen|done|made|got"
    r"|eaten|taken|given|met|left|come)\b)|(?:'ve|'s|\bhave|\bhas)\s+got\b)",  # "Mia's got": has
    re.IGNORECASE,
)
# "It's my birthday on Saturday", "There's a party on Friday": what is on a day, in the
# present, is ahead as what one has on it is (not "It's been raining since Saturday").
_THERE_IS = re.compile(
    r"\b(?:it|there)(?:'s|\s+is)\b(?!\s+(?:been|got|gotten|not)\b)", re.IGNORECASE
)
_FROM_EVENT = re.compile(r"\b(?:from|of|about|after|since)\b", re.IGNORECASE)


# A day listed after another: "on Monday and Thursday", "on Monday, Tuesday or Friday".
_LISTED_AFTER = re.compile(
    r"(?:\bon\s+)?\b(?:" + "|".join(DAYS) + r")(?:,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+)$",
    re.IGNORECASE,
)


# What "I have ..." may be had on: "on Friday", "on the 5th", or a bare weekday ("I have a
# dentist appointment Friday morning").
_ON_DAY = re.compile(r"on\s|(?:" + "|".join(DAYS) + r")\b", re.IGNORECASE)


def _scheduled(text: str, start: int, left: int) -> bool:
    """A present-tense schedule leads to ``text[start:]`` (see :data:`_SCHEDULE_LEAD`), or
    to the day it is listed after ("I'm busy on Monday and Thursday")."""
    if _SCHEDULE_LEAD.search(text, max(left, start - 30), start):
        return True
    listed = _LISTED_AFTER.search(text, max(left, start - 16), start)
    if listed is not None:
        return _scheduled(text, listed.start(), left)
    if _UNTIL_LEAD.search(text, max(left, start - 28), start):
        c_left, _ = bounds(CLAUSE_END, text, start, start)
        if _PRESENT.search(text, max(left, c_left), start):
            return True
        _, right = bounds(SENT_END, text, start, start)
        return _PAST.search(text, left, right) is None
    if _ON_DAY.match(text, start) is None:
        return False
    c_left, _ = bounds(CLAUSE_END, text, start, start)
    have = last_match(_HAVE, text, max(left, c_left), start) or last_match(
        _THERE_IS, text, max(left, c_left), start
    )
    return have is not None and _FROM_EVENT.search(text, have.end(), start) is None


# A sentence that opens with a going in the progressive, its "I'm" left out: "Starting at
# Initech on Monday!", "Flying to Rome on Friday." (a past verb in the clause still wins:
# "Moving to Berlin was the best decision").
_GOING_OPENS = re.compile(
    r"\s*[\"'“(]?(?:" + _GOINGS + r")\s+(?:to|at|back|home|out|off|over|for)\b",
    re.IGNORECASE,
)


def _future_word(text: str, left: int, right: int, start: int | None = None) -> bool:
    """A future word between ``left`` and ``right``; with ``start`` (the expression's), a
    weak one too unless the expression is the object of "about", "for", "from", ..."""
    if any(not _WILL_NAME.match(text, f.start()) for f in _FUTURE.finditer(text, left, right)):
        return True
    if _GOING_OPENS.match(text, left) and text[:left].rstrip()[-1:] in ("", ".", "!", "?"):
        return True
    if start is None:
        return False
    if any(
        f.end() > start or _FROM_OF.search(text, f.end(), start) is None
        for f in _PLAN_ING.finditer(text, left, right)
    ):
        return True
    if any(
        CLAUSE_END.search(text, f.end(), start) is None
        for pattern in (_READYING_FOR, _DECIDED_TO)
        for f in pattern.finditer(text, left, start)
    ):
        return True
    if object_of(text, start, left):
        return False
    # In its own clause only: "Lovely to see you on Sunday, we should do it again".
    c_left, c_right = bounds(CLAUSE_END, text, start, start)
    return _FUTURE_WEAK.search(text, max(left, c_left), min(right, c_right)) is not None


def object_of(text: str, start: int, left: int = 0) -> bool:
    """Whether the expression at ``start`` is named after "about", "from", "for", "to",
    "after", "since" or "of" (an event: "the pictures from this Saturday")."""
    return _OBJECT_OF.search(text, max(left, start - 12), start) is not None


# A timetable in the present ("Our flight leaves on Friday", "School starts in August"),
# an age turned ("Lily turns 6 on Saturday": a birthday is never a habit), a flight
# taken ("I fly to Rome on Friday") and a return ("Tom gets back on Sunday").
_TIMETABLE = re.compile(
    r"\b(?:leaves|arrives|starts|begins|ends|opens|closes|departs|lands|returns|expires"
    r"|renews|launches|drops|comes\s+out|kicks\s+off|turns\s+\d+|flies|gets\s+back"
    r"|comes\s+back|(?<=\bI\s)(?:start|turn\s+\d+|fly|get\s+back|come\s+back)"
    r"|(?<=\bwe\s)(?:start|fly|get\s+back|come\s+back))\b",
    re.IGNORECASE,
)
# A question in the present asks about what is coming ("Are you free on Saturday?", "What
# time is the meeting on Thursday?"); one in the past tense about what was.
_PRESENT_Q = re.compile(
    r"\b(?:are|is|am|do|does|can|will|should|shall)\b|'s\b|'re\b", re.IGNORECASE
)


_PERFECT_Q = re.compile(r"\b(?:have|has|haven't|hasn't)\b|'ve\b", re.IGNORECASE)


def _ahead_anyway(text: str, start: int, left: int, right: int) -> bool:
    """No future word, yet ahead: a present-tense schedule, a timetable or a question."""
    if _scheduled(text, start, left):
        return True
    c_left, _ = bounds(CLAUSE_END, text, start, start)
    if _TIMETABLE.search(text, max(left, c_left), start) and not object_of(text, start, left):
        return True
    question = text[right : right + 1] == "?"
    return (
        question
        and _PAST.search(text, left, right) is None
        # A question with no verb before the day asks of what is coming too ("Anything on
        # Friday?", "Any plans for Saturday?"), unless a perfect looks back.
        and (
            _PRESENT_Q.search(text, left, start) is not None
            or _PERFECT_Q.search(text, left, right) is None
        )
    )


# A present tense that plans ("The plumber comes on the 20th", "I'm on vacation the first
# week of June", "My rent goes up on the 1st"): see present_plan.
_PRESENT_PLAN = re.compile(
    r"(?:'s|'re|'m|\b(?:is|are|am|have|has|need|needs|want|wants|comes?|goes|go|starts?"
    r"|begins?|leaves?|opens?|closes?|ends?|runs?|arrives?))\b",
    re.IGNORECASE,
)
_OF_EVENT = re.compile(r"\b(?:from|of|about|after|since)\s+(?:the\s+)?$", re.IGNORECASE)
_OWN_FROM = re.compile(r"(?:from|after|since)\s", re.IGNORECASE)


def present_plan(text: str, start: int, end: int, *, ranged: bool = False) -> bool:
    """Whether a calendar date at ``text[start:end]`` (a day of the month, a holiday, a part
    of a month) is ahead because its sentence is in the present and tells of nothing past:
    "The plumber comes on the 20th", "I'm proposing on Valentine's Day". Not the date of a
    thing had or told of ("I have photos from Christmas"); ``ranged``: the date opens a
    range ("I'm out from May 14 to May 20"), whose "from" is its own."""
    left, right = bounds(SENT_END, text, start, end)
    if _PAST.search(text, left, right):
        return False
    if ranged:
        return _PRESENT_PLAN.search(text, left, right) is not None
    if _OF_EVENT.search(text, max(left, start - 12), start):
        return False
    # "I have photos from the 3rd" (the date's own "from"), but "From the 22nd we're closed".
    if _OWN_FROM.match(text, start) and text[left:start].strip():
        return False
    return _PRESENT_PLAN.search(text, left, right) is not None


def is_future(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (a time expression) points ahead (see the module doc)."""
    if booked_for(text, start):
        return True
    left, right = bounds(SENT_END, text, start, end)
    if not _future_word(text, left, right, start) and not _ahead_anyway(text, start, left, right):
        return False
    c_left, c_right = bounds(CLAUSE_END, text, start, end)
    return _PAST.search(text, max(left, c_left), min(right, c_right)) is None


# Before "in N <units>" in its clause, these make it a span of time, not a date.
_DURATION = re.compile(
    r"\b(?:haven'?t|hasn'?t|hadn'?t|have\s+not|has\s+not|had\s+not|never)\b"
    r"|\bfirst\s+time\b",
    re.IGNORECASE,
)


# Done within a span: "I lost 10 pounds in a month", "We finished it in 2 weeks", "It was
# my first vacation in 3 years", "the best pizza I've had in 10 years".
_WITHIN = re.compile(
    r"\b(?:lost|gained|dropped|saved|earned|raised|finished|completed|built|learned|learnt"
    r"|wrote|ran|walked|drove|cycled|hiked|swam|climbed|managed|sold|visited|read|watched"
    r"|got(?=\s+\w+ed\b)|passed|arrived|done|taken"
    r"|first|only|best|worst|longest|biggest|happiest)\b",
    re.IGNORECASE,
)
# The present perfect tells of the past too ("the first vacation I've taken in 3 years").
_PERFECT = re.compile(
    r"(?:'ve|\bhave|\bhas)\s+(?:\w+\s+)?(?:taken|had|been|seen|done|made|eaten|read|gone"
    r"|met|felt|slept|visited|watched|lost|gained|finished|saved)\b",
    re.IGNORECASE,
)
# Between that word and "in N units", these start another clause the date belongs to
# ("I saved money for a trip in 2 weeks", "I read that it opens in 2 days").
_SUBORDINATE = re.compile(
    r"\b(?:for|that|if|when|because|until|before|'d|would|will|is|are|opens?|starts?"
    r"|who|which|about|into|starting|saying|to(?=\s+(?:a|an|the|my|our)\b)"
    r"|arrives?|comes?|ends?)\b",
    re.IGNORECASE,
)


def span_of_time(text: str, start: int, end: int) -> bool:
    """Whether "in N units" at ``text[start:end]`` says how long, not when: after a
    negation or "first time" ("I haven't seen him in 2 years"), or after what was done
    within it (see :data:`_WITHIN`) in a past-tense clause with no future word in its
    sentence ("I lost 10 pounds in a month"; not "She said the package arrives in 3 days")."""
    before = clause_before(text, start)
    if _DURATION.search(before):
        return True
    within = last_match(_WITHIN, before, 0, len(before))
    if within is None or _SUBORDINATE.search(before, within.end()):
        return False
    left, right = bounds(SENT_END, text, start, end)
    done = past_in_clause(text, start, end) or _PERFECT.search(before) is not None
    return done and not _future_word(text, left, right)


def clause_before(text: str, start: int) -> str:
    """The text of ``start``'s clause (within its sentence) before it."""
    s_left, _ = bounds(SENT_END, text, start, start)
    c_left, _ = bounds(CLAUSE_END, text, start, start)
    return text[max(s_left, c_left) : start]


def tells_past(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` has a verb in the past ("lived", "was", "sold", "used
    to"; not "need", "excited", nor a future perfect)."""
    return (
        _PAST.search(text, start, end) is not None or _USED_TO.search(text, start, end) is not None
    )


_USED_TO = re.compile(r"\bused\s+to\b", re.IGNORECASE)


def past_in_clause(text: str, start: int, end: int) -> bool:
    """Whether the clause (within its sentence) around ``text[start:end]`` has a past tense."""
    c_left, c_right = bounds(CLAUSE_END, text, start, end)
    s_left, s_right = bounds(SENT_END, text, start, end)
    return _PAST.search(text, max(c_left, s_left), min(c_right, s_right)) is not None


# Between a past verb and "this Saturday", these put the day in another clause, a plan
# ("I bought tickets for this Saturday", "He said we get a bonus this Friday", "I told her
# I'd visit this weekend").
_NEW_CLAUSE = re.compile(
    r"\b(?:for|that|if|whether|when|'d|would|could|can|will|I|we|you|he|she|they|it|is|are"
    r"|am|saying|tickets?|reservations?|table|babysitter|sitter|appointment)\b|'d\b|'s\b|'re\b"
    # "to" of a verb ("asked me to come"), not of a place ("went to the gym", "to Paris")
    rf"|\bto\b(?!\s+(?:(?:the|a|an|my|our|your|his|her|their|this|that)\b|(?-i:[{UPPER}])))",
    re.IGNORECASE,
)
_OFF = re.compile(r"\s+off\b", re.IGNORECASE)
_JUST_AFTER = re.compile(r"^\s*(?:(?!(?:if|whether|that|when)\b)\w+\s+){0,2}?$", re.IGNORECASE)


def looks_back(text: str, start: int, end: int) -> bool:
    """Whether "this Saturday" / "this weekend" at ``text[start:end]``, ahead in the
    calendar, means the one just gone: the day is what a past verb of its clause tells of
    ("We went out this Sunday", "This weekend was great"), in a sentence with no sign of a
    plan."""
    left, right = bounds(SENT_END, text, start, end)
    if _future_word(text, left, right, start) or _OFF.match(text, end):
        return False  # "I took this Friday off": a day off is booked ahead
    c_left, c_right = bounds(CLAUSE_END, text, start, end)
    lo, hi = max(left, c_left), min(right, c_right)
    last = last_match(_PAST, text, lo, start)
    if last is not None:
        return _NEW_CLAUSE.search(text, last.end(), start) is None
    after = _PAST.search(text, end, hi)
    return after is not None and _JUST_AFTER.match(text[end : after.start()]) is not None
