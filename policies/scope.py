"""Whose word and which time a clause speaks for: the scope of a rule claim.

The rule extractor reads "I live in Paris" as the speaker's present state. The same words
can speak for another time or another person:

* **future** -- "I will move to Berlin", "I'm going to work at Google", "Next year I'll live
  in Tokyo", "I work at Google starting next month", "I'm moving to Berlin in June" (said
  in May: a plan's bare month is its next one), "My new job at Google starts in June", "I
  start at Acme on Monday" (a start's bare month or weekday, too): not true yet. Not a
  future that goes on with the present ("I'll keep working at Google", "I will still live
  in Paris");
* **past state** -- "I lived in Lyon", "I was living in Lyon back then", "In 2010 I worked
  at IBM", "I was married to Tom": true once, not said to be true now. A past *change*
  ("I moved to Berlin", "I was hired by Acme") still holds, and so does the present
  perfect ("I've lived here for years");
* **reported** -- "My sister thinks I live in London", "John said I work at Microsoft",
  "According to my mom I work at ...", "I live in London, or so my sister thinks":
  someone else's belief, relayed. Not the speaker's
  own words about it ("I have to say I love hiking", "Just wanted to tell you I moved").

``clause_scope`` tells them apart from the words between a clause's start, its subject and
its verb, and from the dates the time expressions next to the claim resolve to. What the
extractor does with each is in ``extract.py`` (docs/extraction.md, step 8 "Scope").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from datetime import date, timedelta
from itertools import pairwise
from typing import NamedTuple

from nousmem.policies.clauses import clean
from nousmem.policies.patterns import words
from nousmem.policies.reporters import (
    CLAUSE_PUNCT,
    CLAUSE_STOPS,
    REPORTING,
    in_reported_quote,
    reporter,
)
from nousmem.policies.sentences import Sentence
from nousmem.policies.subject_words import PAST_IRREGULAR
from nousmem.policies.timeexpr import TimeMention
from nousmem.policies.value_trim import LIFELONG

__all__ = ["STATE_ATTRIBUTES", "Scope", "clause_scope"]

#: Attributes that describe a state which can end (a job, a home, a diet, an allergy): the
#: ones a future or an ended state must not set. ``origin`` is left out: "I grew up in
#: Ohio" never ends.
STATE_ATTRIBUTES = frozenset(
    {
        "employer",
        "location",
        "role",
        "manager",
        "team",
        "timezone",
        "spouse",
        "relationship_status",
        "age",
        "diet",
        "allergy",
        "medication",
        "condition",
        "speaks",
        "uses",
    }
)

# Between the subject and its verb: "I *will* work", "I*'ll* move", "I'm *gonna* live".
_FUTURE_AUX = words("will shall gonna won't wont")
# "I'm *going to* work at ...", "I'm *about to* move to ...".
_FUTURE_LEAD = words("going about")
# A future that goes on with the present: "I'll *keep* working at", "I will *still* live".
_CONTINUING = words("keep keeps kept continue continues stay stays remain remains still")
# "I *was* living in", "I *had* worked at", "I *wasn't* living in", "I *didn't* work at".
_PAST_AUX = words("was were had wasn't wasnt weren't werent hadn't hadnt didn't didnt")
# A state verb in the simple past: "I *worked* at", "I *lived* in".
_PAST_STATE_VERBS = words("worked lived resided")
# "I *was a* nurse": a past "be" before a noun phrase (not "I was prescribed ...").
_WAS = words("was were")
_ARTICLES = words("a an the")
# The present perfect keeps the state going: "I *have* lived here since 2019".
_PERFECT = words("have has 've")
# What makes a present perfect state go on to now, whatever else its clause says.
_STILL = re.compile(
    r"\b(?:since|still|currently|always|these\s+days|so\s+far|to\s+this\s+day"
    r"|(?:up\s+)?(?:to|until)\s+now|to\s+date)\b|\b(?:" + LIFELONG.pattern + ")",
    re.IGNORECASE,
)
# A span up to now ("for five years", "now"): it holds unless a sign of the past goes with
# it (see _perfect_is_past).
_FOR_SPAN = re.compile(
    r"\bfor\b(?=[^.,;!?]{0,40}\b(?:years?|yrs?|months?|weeks?|days?|decades?|while|ages"
    r"|long|ever|a\s+bit)\b)|\bnow\b",
    re.IGNORECASE,
)
# What ends it before now, in the claim's own clause: "I've worked at Google before", "I've
# lived in Paris as a kid", "for a year before moving to Lyon" (not "before that").
_PERFECT_PAST = re.compile(
    r"\b(?:before(?!\s+(?:that|this|then|my|his|her|our|their|the|it|I|he|she|we|they)\b)"
    r"|previously|in\s+the\s+past|back\s+then|at\s+(?:one|some)\s+point"
    r"|as\s+an?\s+(?:kid|child|teen|teenager|student|baby)|when\s+(?:I|he|she|we|they)\s+was"
    r"|when\s+(?:we|they|you)\s+were|years\s+ago|in\s+(?:my|his|her|their|our)\s+"
    r"(?:teens|twenties|thirties|forties|fifties|youth|childhood))\b",
    re.IGNORECASE,
)
# A move after a stay, anywhere later in the sentence, ends a place lived in ("I've lived in
# London for two years but moved back to Leeds").
_MOVED_ON = re.compile(
    r"\b(?:before\s+moving|(?:but|and|then)\s+(?:then\s+)?(?:I\s+|we\s+)?moved"
    r"|moved\s+(?:back|away)|back\s+home|now\s+(?:I'?m|I\s+am|we'?re|we\s+are)\s+back)\b",
    re.IGNORECASE,
)
_MODALS = words("might may could would should must")


def _perfect_is_past(
    text: str,
    clause: tuple[int, int],
    between: list[str],
    verb: str,
    times: list[TimeMention],
    ref: date | None,
) -> bool:
    """Whether a present perfect state ("I've worked at", "I've lived in") ended. Not when
    denied ("I've never worked at Google" denies it now); yes after a modal ("I might have
    lived in Ohio"); no with "since", "always", "still", "all my life" ... ("I've worked at
    Google since last year"); yes with a sign of the past in its clause ("before", "as a
    kid", "in 2015") or, for a place, a move later in the sentence; no with a span ("for five
    years"). Without either, "I've worked at Google" holds (as said) and "I've lived in
    Paris" is a place known once."""
    own = text[clause[0] : clause[1]]
    if "never" in between:
        return False
    if any(w in _MODALS for w in between):
        return True
    if _STILL.search(own):
        return False
    if _PERFECT_PAST.search(own) or (verb == "lived" and _MOVED_ON.search(text, clause[0])):
        return True
    if ref is not None and any(m.end < ref - _RECENT for m in times):
        return True  # a date gone by ("in 2015")
    if _FOR_SPAN.search(own):
        return False
    return verb != "worked"


# A passive that reports a change, not a state: "I was hired by Acme", "I was fired from
# Target", "I was diagnosed with ADHD", "I was prescribed sertraline".
_CHANGE_PARTICIPLES = words("hired fired laid let diagnosed prescribed")
# Between the report and the subject these attach to something else: "congrats *on* the new
# job I started", "thinks the world *of* me because".
_NOT_A_COMPLEMENT = words("on about of for")
# A subject and verb between the report and the claim: the report is about something else.
_NEW_CLAUSE = words(
    "it it's its there there's he's she's they're we're you're i'm is are was am that's"
)
_OBJECTS = words("me us him her them you everyone everybody")
# A time expression after these bounds the state or belongs to something else: "I live in
# Paris *until* next year", "a startup *that* launches next week".
_NOT_THE_CLAIMS = re.compile(
    r"\b(?:until|till|til|through|thru|up\s+to|who|who's|that|which|whose|when|where)\b",
    re.IGNORECASE,
)
_OPENS_SINCE = re.compile(r"since\b", re.IGNORECASE)
_STARTS = re.compile(
    r"^\s*(?:starts?|begins?|will\s+(?:start|begin)|is\s+(?:starting|beginning))\s+$",
    re.IGNORECASE,
)
_MONTH = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b", re.IGNORECASE
)
_NOT_BARE = re.compile(r"\d{4}|\b(?:last|past|ago|previous|earlier|this|next)\b", re.IGNORECASE)
_BE = words("am 'm is 's are 're")
# A start named with a bare date is scheduled: "My new job at Google starts in June", "I
# start at Acme on Monday" (said before them) mean the next June, the next Monday.
_START = words("start starts starting begin begins beginning")
_WEEKDAY = re.compile(r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b", re.I)
_BE_SUBJECTS = words("i'm im he's she's we're they're")
# Verbs whose progressive is always a plan, dated or not: "I'm marrying Tom (in June)", "I'm
# retiring", "I'm joining the platform team", "I'm leaving Acme to join Stripe": nobody says
# them of a state that holds now ("I'm quitting Google" still denies now: a cessation).
_PLANNED_ING = words("marrying joining retiring leaving")
_ACCORDING = re.compile(r"\baccording\s+to\s+(?!me\b)[^,;:.!?]*,?\s*$", re.IGNORECASE)
# A report after the claim: "I live in London, or so my sister thinks", "..., according to
# my mom", "..., my mom says". The comma ends the claim's clause; the report ends the sentence.
_AFTER = re.compile(r"\s*[,;(\u2013\u2014-]\s*(?:or\s+so\s+)?", re.IGNORECASE)
_AFTER_ACCORDING = re.compile(r"\s*[,;(\u2013\u2014-]?\s*according\s+to\s+(?!me\b)", re.I)
# After the verb: "..., Tom said so" is a report; "..., my wife says so too" agrees.
_AFTER_END = words("so anyway though lol apparently")
_AGREEING = words("and as like just")
_SINCE = re.compile(r"\bsince\s+(?:last\s+)?$", re.IGNORECASE)
_STARTING = re.compile(r"\b(?:starting|beginning)\s+(?:in|on|from)?\s*$", re.IGNORECASE)
_CLAUSE_ENDS = re.compile(r"\s*(?:[,.;!?]|$)")
_FINITE_AFTER = re.compile(
    r"(?:\s+|['\u2019](?=s\b))(?:is|was|are|were|will|would|s|has|had|works?|worked|suits?|"
    r"fits?|seems?|looks?|happens?|can|could|should|might|may|must)\b",
    re.IGNORECASE,
)
# A report the speaker distances from: "..., as my ex keeps claiming", "..., as my mom
# wrongly believes".
_DISTANCING = words("claim claims claiming claimed insist insists insisting pretends assumes")
_WRONGLY = words("wrongly falsely mistakenly")
# A state said to hold within this many days of the observation is current: "I worked at
# the cafe today" still says where I work.
_RECENT = timedelta(days=7)


class Scope(NamedTuple):
    """Which time and whose word a clause speaks for (all False: the speaker, now)."""

    future: bool
    past: bool
    reported: bool
    foretold: bool = False
    """Future by its words, not only by its date: a future auxiliary ("will", "'ll",
    "going to") or a start ("I start at Acme on Monday", "My new job starts in June")."""


def _own_times(
    sent: Sentence, clause: tuple[int, int], vend: int, possessive: bool, starting: bool
) -> list[TimeMention]:
    """The time expressions of the claim's clause, except one after a word that makes it
    another thing's time: "until next year" bounds the state, "a startup that launches next
    week" dates the launch. A possessive's value has no time of its own ("My husband Tom is
    flying to Rome tomorrow"), except when it starts ("My new job at Google starts next
    month", ``starting``: "I start my new job at Google on 3 June")."""
    lo, hi = clause
    out = []
    for m in sent.mentions_between(lo, hi):
        start = m.span[0] - sent.offset
        if start >= vend:
            between = sent.text[vend:start]
            # The word may open the mention itself ("until the end of June").
            lead = f"{between} {m.text.split(None, 1)[0]}"
            if _NOT_THE_CLAIMS.search(lead) is not None:
                continue
            if possessive and not starting and _STARTS.match(between) is None:
                continue
        out.append(m)
    return out


def _reported(sent: Sentence, toks: list[tuple[int, int, str]], subject: int) -> bool:
    """A report by someone else reaches the subject at token ``subject``: "My sister thinks
    (that) I ...", "John told everyone at the party I ...", "According to my mom, I ...".
    Not across a clause: "Everyone thinks it's crazy but I ..." is the speaker's word. Nor
    inside someone else's quotation: 'Ana told me: "I hate tea."'."""
    if subject > 0 and _ACCORDING.search(sent.text[: toks[subject][0]]) is not None:
        return True
    at = sent.offset + (toks[subject][0] if subject < len(toks) else len(sent.text))
    if in_reported_quote(sent.doc.content, at):
        return True
    for j in range(subject - 1, max(subject - 9, -1), -1):
        raw = toks[j][2]
        low = clean(raw)
        if raw.rstrip("\"')”’").endswith(CLAUSE_PUNCT) or low in CLAUSE_STOPS:
            return False
        if low in REPORTING:
            if j > 0 and clean(toks[j - 1][2]) == "to":
                return False  # "I have to say", "Needless to say", "excited to tell you"
            return reporter(toks, j)
        if low in _NEW_CLAUSE or low in _NOT_A_COMPLEMENT:
            return False  # "thinks *it's* cool that I ...": the report is about something else
        if low == "to" and j + 1 < subject and clean(toks[j + 1][2]) not in _OBJECTS:
            return False  # "told me *to rest* more now that I ...": an infinitive
    return False


def _reported_after(sent: Sentence, toks: list[tuple[int, int, str]], vend: int) -> bool:
    """A report by someone else that follows the claim and ends the sentence: "I live in
    London, or so my sister thinks", "I work at Microsoft, according to my mom". Not the
    speaker's own ("..., I told my mom") nor one with a complement of its own ("..., my
    sister thinks I should move")."""
    tail = sent.text[vend:]
    if _AFTER_ACCORDING.match(tail) is not None:
        return True
    if _AFTER.match(tail) is None:
        return False
    after = [j for j, (start, _, _) in enumerate(toks) if start >= vend][:6]
    words_after = {clean(toks[j][2]) for j in after}
    distancing = bool(words_after & (_DISTANCING | _WRONGLY))
    first = toks[after[0]][2] if after else ""
    if clean(first) in _AGREEING and not first.endswith(",") and not distancing:
        return False  # "..., and my husband thinks so too", "..., as my mom says"
    for j in after:
        low = clean(toks[j][2])
        if low in REPORTING:
            rest = [clean(t[2]) for t in toks[j + 1 :] if clean(t[2])]
            return all(w in _AFTER_END for w in rest) and reporter(toks, j)
    return False


def _starts_later(sent: Sentence, m: TimeMention, ref: date) -> bool:
    """A start named in a phrase of its own, after the mention nothing but the clause's
    end: "I work at Google, starting in June", "Starting next month, I live in Paris" (said
    in May). A bare month more than half a year back is the next one; a nearer one is the
    start that has been ("..., starting in March" said in May)."""
    start, end = m.span[0] - sent.offset, m.span[1] - sent.offset
    if _STARTING.search(sent.text[: max(0, start)]) is None:
        return False
    if _CLAUSE_ENDS.match(sent.text[end:]) is None:
        return False  # "..., starting in June my wife joins me": another clause's start
    return m.start > ref or (_bare_past(m, ref) and (ref - m.end).days > 183)


def _after_since(sent: Sentence, m: TimeMention, change: bool) -> bool:
    """The mention follows "since" as a preposition ("I'm working at Acme since Monday"),
    not as a conjunction ("I'm moving to Berlin since Monday is a holiday"): a state goes on
    since a date whatever follows; a change in the progressive is a plan unless the date
    ends its clause."""
    start, end = m.span[0] - sent.offset, m.span[1] - sent.offset
    if _SINCE.search(sent.text[: max(0, start)]) is None and not _OPENS_SINCE.match(m.text):
        return False
    return not change or _FINITE_AFTER.match(sent.text[end:]) is None


def _bare_past(m: TimeMention, ref: date, since: bool = False) -> bool:
    """A month or day named without a year ("in June", "on June 5") that resolved before
    ``ref``'s month, or a bare weekday ("on Monday") that resolved before ``ref``; not "last
    June" or "two weeks ago"; ``since``: the mention follows "since" ("I'm working at Acme
    since Monday" is the last Monday)."""
    if _NOT_BARE.search(m.text) is not None:
        return False
    if _MONTH.search(m.text) is not None:
        return m.end < ref.replace(day=1)
    return _WEEKDAY.search(m.text) is not None and m.end < ref and not since


def _past_tense(word: str) -> bool:
    return word.endswith("ed") or word in PAST_IRREGULAR


def clause_scope(
    sent: Sentence,
    subject_start: int,
    subject_tokens: int,
    verb_start: int,
    clause: tuple[int, int],
    vend: int,
    ref: date | None,
    change: bool = False,
    possessive: bool = False,
) -> Scope:
    """The scope of the claim whose subject (``subject_tokens`` words; 0 when elided) starts
    at ``subject_start`` and whose verb (the rule's match) at ``verb_start``; ``clause``
    bounds it, ``vend`` is where its value ends (sentence offsets); ``ref`` is the
    observation's date (None: grammar only); ``change``: the rule reads a change ("move
    to"), which "still" does not make a continuing state; ``possessive``: the subject is a
    possessor ("my wife Ana"), whose value takes no later date but a start."""
    starts, toks = sent.tokens()
    first = next((i for i, s in enumerate(starts) if s >= subject_start), len(toks))
    verb = next((i for i, (_, e, _) in enumerate(toks) if e > verb_start), len(toks))
    subject = clean(toks[first][2]) if subject_tokens and first < len(toks) else ""
    # The words after the subject: a subject called "Will" is no future.
    between = [clean(t[2]) for t in toks[first + subject_tokens : verb]]
    verb_word = clean(toks[verb][2]) if verb < len(toks) else ""
    continuing = not change and any(w in _CONTINUING for w in between)
    future = not continuing and (
        subject.endswith("'ll")
        or any(w in _FUTURE_AUX or w.endswith("'ll") for w in between)
        or any(a in _FUTURE_LEAD and b == "to" for a, b in pairwise(between))
    )
    perfect = subject in ("i've", "ive") or any(w in _PERFECT for w in between)
    past = not perfect and (
        (any(w in _PAST_AUX for w in between) and verb_word not in _CHANGE_PARTICIPLES)
        or verb_word in _PAST_STATE_VERBS
        or (verb_word in _WAS and verb + 1 < len(toks) and clean(toks[verb + 1][2]) in _ARTICLES)
    )
    # Only the clause's own tokens (by bisection: a long sentence has many claims).
    starting = any(
        clean(toks[i][2]) in _START
        for i in range(bisect_left(starts, clause[0]), bisect_left(starts, clause[1]))
    )
    # "I start my new job at Google on 3 June": the start verb stands before a possessive
    # subject, and the date is the start's ("My wife Ana starts her job ..." dates no wife).
    started = possessive and any(clean(t[2]) in _START for t in toks[max(0, first - 2) : first])
    foretold = future or starting or started
    times = _own_times(sent, clause, vend, possessive, started) if ref is not None else []
    if perfect and verb_word in _PAST_STATE_VERBS:
        past = _perfect_is_past(sent.text, clause, between, verb_word, times, ref)
    elif past and ref is not None and any(ref - _RECENT <= m.end <= ref for m in times):
        past = False
    # A finite verb in the past ("I moved to Berlin in June") is not future, whatever date a
    # bare month resolves to; a participle after "getting"/"being" is.
    finite_past = not between and _past_tense(verb_word)
    if not past and not future and not continuing and not finite_past and ref is not None:
        # A bare month resolves to its last occurrence; a plan in the progressive ("I'm
        # moving to Berlin in June") means its next one.
        planned = (
            starting
            or started
            or (
                verb_word.endswith("ing")
                and (subject in _BE_SUBJECTS or any(w in _BE for w in between))
            )
        )
        future = any(
            m.start > ref or (planned and _bare_past(m, ref, _after_since(sent, m, change)))
            for m in times
        ) or any(_starts_later(sent, m, ref) for m in sent.mentions)
    if (
        verb_word in _PLANNED_ING
        and not past
        and not continuing
        and (subject in _BE_SUBJECTS or any(w in _BE for w in between))
    ):
        future = foretold = True
    reported = _reported(sent, toks, first) or _reported_after(sent, toks, vend)
    return Scope(future=future, past=past, reported=reported, foretold=foretold and future)
