"""Whose word and which time a clause speaks for: the scope of a rule claim.

The rule extractor reads "I live in Paris" as the speaker's present state. The same words
can speak for another time or another person:

* **future** -- "I will move to Berlin", "I'm going to work at Google", "Next year I'll live
  in Tokyo", "I'm moving to Berlin in June" (said in May): not true yet;
* **past state** -- "I lived in Lyon", "I was living in Lyon back then", "In 2010 I worked
  at IBM", "I was married to Tom": true once, not said to be true now. A past *change*
  ("I moved to Berlin", "I was hired by Acme") still holds, and so does the present
  perfect ("I've lived here for years");
* **reported** -- "My sister thinks I live in London", "John said I work at Microsoft":
  someone else's belief, relayed.

``clause_scope`` tells them apart from the words between a clause's start, its subject and
its verb, and from the dates its time expressions resolve to. What the extractor does with
each is in ``extract.py`` (docs/extraction.md, "Scope").
"""

from __future__ import annotations

from datetime import date, timedelta
from itertools import pairwise
from typing import NamedTuple

from nousmem.policies.clauses import Sentence, clean
from nousmem.policies.patterns import ADVERBS, FIRST_PERSON, PAST_IRREGULAR, PLAIN_NEG, words

__all__ = ["STATE_ATTRIBUTES", "Scope", "clause_scope"]

#: Single-valued attributes that describe a state which can end: the ones a future or an
#: ended state must not set. ``origin`` is left out: "I grew up in Ohio" never ends.
STATE_ATTRIBUTES = frozenset({"employer", "location", "role", "spouse", "relationship_status"})

# Between the subject and its verb: "I *will* work", "I*'ll* move", "I'm *gonna* live".
_FUTURE_AUX = words("will shall gonna")
# "I'm *going to* work at ...", "I'm *about to* move to ...".
_FUTURE_LEAD = words("going about")
# "I *was* living in", "I *had* worked at", "I *was* married to".
_PAST_AUX = words("was were had")
# A state verb in the simple past: "I *worked* at", "I *lived* in".
_PAST_STATE_VERBS = words("worked lived resided")
# The present perfect keeps the state going: "I *have* lived here since 2019".
_PERFECT = words("have has 've")
# A passive that reports a change, not a state: "I was hired by Acme".
_CHANGE_PARTICIPLES = words("hired")
# Verbs that relay what someone else thinks or said. Not "knows": "Mom knows I work at
# Google" takes it as true.
_REPORTING = words(
    "think thinks thought believe believes believed say says said claim claims claimed "
    "told tells tell insist insists insisted assume assumes assumed heard hears reckon "
    "reckons figured figures swear swears swore suspect suspects suspected"
)
# What may stand between a reporter and the reporting verb: "I *don't really* think I ...".
_BEFORE_REPORTING = ADVERBS | PLAIN_NEG | words("do does did")
# A state said to hold within this many days of the observation is current: "I worked at
# the cafe today" still says where I work.
_RECENT = timedelta(days=7)
_CLAUSE_PUNCT = tuple(",;:!?.")


class Scope(NamedTuple):
    """Which time and whose word a clause speaks for (all False: the speaker, now)."""

    future: bool
    past: bool
    reported: bool


def _past_tense(word: str) -> bool:
    return word.endswith("ed") or word in PAST_IRREGULAR


def _future_date(sent: Sentence, lo: int, hi: int, ref: date | None) -> bool:
    return ref is not None and any(m.start > ref for m in sent.mentions_between(lo, hi))


def _recent_date(sent: Sentence, lo: int, hi: int, ref: date | None) -> bool:
    return ref is not None and any(
        ref - _RECENT <= m.end <= ref for m in sent.mentions_between(lo, hi)
    )


def _reported(toks: list[tuple[int, int, str]], subject: int) -> bool:
    """A reporting verb whose own subject is not the speaker stands before token ``subject``
    in its clause: "My sister thinks I ...", "John said that I ...", "Mom told me I ..."."""
    for j in range(subject - 1, max(subject - 9, -1), -1):
        raw = toks[j][2]
        if raw.rstrip("\"')”’").endswith(_CLAUSE_PUNCT):
            return False
        if clean(raw) not in _REPORTING:
            continue
        k = j - 1
        while k >= 0 and clean(toks[k][2]) in _BEFORE_REPORTING:
            k -= 1
        return k < 0 or clean(toks[k][2]) not in FIRST_PERSON
    return False


def clause_scope(
    sent: Sentence,
    subject_start: int,
    verb_start: int,
    clause: tuple[int, int],
    ref: date | None,
) -> Scope:
    """The scope of the clause whose subject starts at ``subject_start`` and whose verb (the
    rule's match) at ``verb_start`` (sentence offsets); ``clause`` bounds its time
    expressions, ``ref`` is the observation's date (None: grammar only)."""
    starts, toks = sent.tokens()
    first = next((i for i, s in enumerate(starts) if s >= subject_start), len(toks))
    verb = next((i for i, (s, e, _) in enumerate(toks) if e > verb_start), len(toks))
    between = [clean(t[2]) for t in toks[first:verb]]
    verb_word = clean(toks[verb][2]) if verb < len(toks) else ""
    subject = between[0] if between else ""
    future = any(w in _FUTURE_AUX or w.endswith("'ll") for w in between) or any(
        a in _FUTURE_LEAD and b == "to" for a, b in pairwise(between)
    )
    perfect = subject in ("i've", "ive") or any(w in _PERFECT for w in between)
    past = not perfect and (
        (any(w in _PAST_AUX for w in between) and verb_word not in _CHANGE_PARTICIPLES)
        or verb_word in _PAST_STATE_VERBS
    )
    lo, hi = clause
    if past and _recent_date(sent, lo, hi, ref):
        past = False
    if not past and not future and not _past_tense(verb_word):
        future = _future_date(sent, lo, hi, ref)
    return Scope(future=future, past=past, reported=_reported(toks, first))
