"""The words before a subject that change what its clause states: "If I ..." (a
hypothetical), "Forget that I ..." (a request to forget), "It feels like we ..." (a
comparison), "It's not true that I ..." (a denial). ``clauses.walk_back`` asks these once it
has found the subject. ``supposed`` asks the same of a ``settled`` rule's match: "When my
divorce is final", "I might split up with my wife"."""

from __future__ import annotations

import re

from nousmem.policies.letters import UPPER
from nousmem.policies.sentences import Sentence
from nousmem.policies.subject_words import (
    ASKING,
    CONJUNCTIONS,
    FORGET_VERBS,
    HYPOTHETICAL,
    IMAGINING,
    POLITE,
    REMEMBER_VERBS,
    WANTING,
)

__all__ = [
    "AWAITING",
    "DASHES",
    "MAY_BE",
    "STRIP",
    "SUPPOSING",
    "clean",
    "denied",
    "hypothetical",
    "likened",
    "supposed",
]

STRIP = "\"'“”‘’()[]*_"
DASHES = frozenset({"-", "–", "—", "&", "+", "/", "|"})
_CLAUSE_OPENERS = frozenset({"because", "although", "though", "since", "while", "when"})
_PERSONS = frozenset("i i'm im i've i'd i'll you u ya he she they we".split())
_IMPERATIVE_LEAD = frozenset("let's lets just and but so now".split())


def clean(raw: str) -> str:
    """Lowercase a token without surrounding quotes or punctuation."""
    return raw.strip(STRIP + ",;:!?.").lower()


def _asks_to_forget(toks: list[tuple[int, int, str]], j: int, verb: str) -> bool:
    """Whether "forget" / "remember" at token ``j`` asks memory to let go of the clause
    after it. Only the plain request forms do, with nothing but politeness before them:
    "(Please) forget that I ...", "Could you forget ...", "I want you to forget ...",
    "Don't remember that ...", "Stop remembering ...". Anything else is a statement about
    someone forgetting ("I tend to forget that I live in Boston now", "Mom forgets ...",
    "Never forget that ...", "Don't ever forget ...") and keeps its fact: a fact kept by
    mistake can be forgotten, one dropped by mistake is lost."""
    words: list[str] = []
    k = j - 1
    while k >= 0:
        raw = toks[k][2]
        if raw.rstrip(STRIP)[-1:] in ",;:.!?" or raw in DASHES:
            break
        words.append(clean(raw))
        k -= 1
    words = [w for w in reversed(words) if w not in POLITE]  # clause start .. verb
    if verb in FORGET_VERBS:
        if verb != "forget":
            return False  # "forgets": someone's habit, never an imperative
        return (
            not words
            or (len(words) == 2 and words[0] in ASKING and words[1] in ("you", "u"))
            or (len(words) >= 3 and words[-2:] == ["you", "to"] and words[-3] in WANTING)
        )
    return words in (["don't"], ["dont"], ["do", "not"]) or (
        verb in ("remembering", "mentioning") and words == ["stop"]
    )


def _opens(toks: list[tuple[int, int, str]], j: int) -> bool:
    """Whether token ``j`` opens its clause (after "let's", "just" or a conjunction too)."""
    if j == 0 or toks[j - 1][2].rstrip(STRIP)[-1:] in ",;:.!?":
        return True
    return clean(toks[j - 1][2]) in _IMPERATIVE_LEAD


def hypothetical(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether "if", "wish", ... stands before the subject at token ``i``, in its clause.

    "If I worked at Google I'd be rich" and "I wish I lived in Paris" state no fact; a comma
    or a conjunction ends the search, so "If so, I work at Google" still does.
    """
    j = i - 1
    while j > max(i - 7, -1):
        raw = toks[j][2]
        if raw.rstrip(STRIP)[-1:] in ",;:.!?" or raw in DASHES:
            return False
        low = clean(raw)
        if low in HYPOTHETICAL or (low in IMAGINING and _opens(toks, j)):
            return True
        if low in FORGET_VERBS or low in REMEMBER_VERBS:
            return _asks_to_forget(toks, j, low)
        if low == "and" and j == i - 1 and j > 0 and toks[j - 1][2][:1].isupper():
            # "If Tom and I got divorced": a name joined to the subject is part of it.
            j -= 2
            continue
        if low in CONJUNCTIONS or low in _CLAUSE_OPENERS:
            return False
        if low in _PERSONS:
            # Another clause's subject: "If you need anything, I work at Google" without
            # its comma still states where I work ("wish that I ..." still does not).
            return False
        j -= 1
    return False


# What the speaker says is not so, as the whole of the clause before the subject: "It's not
# true that I ...", "It isn't the case that Tom ...", "Not true that I ...", "It's a lie
# that I ...". Nothing else in the clause: "It's not a lie that I ..." affirms, "Everyone
# thinks it's a lie that I ..." is a report, "There's a rumor that I ..." no denial.
_DENYING = re.compile(
    r"(?:(?:but|and|so|well|no|nope|actually|honestly|sorry)\s+)*"
    r"(?:(?:(?:it|that)(?:'s|\s+is|\s+was)\s+(?:not|never)|(?:it|that)\s+(?:isn't|wasn't|ain't)"
    r"|not)\s+(?:(?:really|actually|even|at\s+all)\s+)?(?:true|the\s+case)"
    r"|(?:it|that)(?:'s|\s+is|\s+was)\s+(?:(?:simply|just|completely|totally)\s+)?"
    r"(?:false|untrue|a\s+lie))"
    r"(?:\s+that)?\s*",
    re.IGNORECASE,
)


def denied(sent: Sentence, toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the clause before the subject at token ``i``, from its start, says what
    follows is not so ("It's not true that I work at Acme"; see ``_DENYING``)."""
    lo = i
    while lo > 0:
        raw = toks[lo - 1][2]
        if raw.rstrip(STRIP)[-1:] in ",;:.!?" or raw in DASHES:
            break
        if i - lo >= 9:
            return False  # longer than any denial lead
        lo -= 1
    if lo == i:
        return False
    before = sent.text[toks[lo][0] : toks[i][0]].replace("\u2019", "'")
    return _DENYING.fullmatch(before) is not None


def likened(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the clause of the subject at token ``i`` is a comparison or a disclaimer
    rather than a statement: "It feels like we're divorced", "as if we split up", "It's
    not like we're divorced", "Not that we're divorced" (the words just before it)."""
    before: list[str] = []
    for j in range(i - 1, max(i - 4, -1), -1):
        if toks[j][2].rstrip(STRIP)[-1:] in ",;:.!?":
            break  # the previous clause
        before.insert(0, clean(toks[j][2]))
    if not before:
        return False
    last = before[-1]
    return (
        last == "like"
        or (last in ("if", "though") and "as" in before)
        or (last == "that" and before[-2:-1] == ["not"])
    )


#: Words that, before a ``settled`` rule's match in its clause (commas do not end it: "If
#: the judge signs today, my divorce is final"), make the match supposed, not stated.
SUPPOSING = re.compile(
    r"\b(?i:if|unless|whether|assuming|suppose|supposing|imagine|imagining|pretend|hope"
    r"|hoping|wish|wishing|in\s+case|as\s+long\s+as|let's\s+say|can't\s+wait|cannot\s+wait)\b"
)
#: What ends that clause going back: a semicolon, a colon, a dash or "but".
CLAUSE_BREAK = re.compile(r"[;:\u2013\u2014]|\s-\s|\b(?i:but)\b")
#: Words that, right before a ``settled`` rule's match, make it awaited: "When my divorce
#: is final", "till my divorce is final" (not "After a long fight, my divorce was final").
AWAITING = re.compile(r"\b(?i:when|whenever|once|until|till|til|after|before|as\s+soon\s+as)\s+$")
#: ... or right before its subject when the match is a present copula: "When I'm 65 years
#: old", "Once Ana is 18 years old".
# A subject right before a match: a name, "I" or a pronoun.
_SUBJECT_END = rf"(?:[{UPPER}][\w'-]*|(?i:we|he|she|they|you))\s*$"
AWAITING_SUBJECT = re.compile(
    r"\b(?i:when|whenever|once|until|till|til|as\s+soon\s+as)\s+" + _SUBJECT_END
)


#: A modal right before a ``settled`` rule's match (its adverbs and "have" between) makes
#: it a possibility: "I might split up with my wife", "I could have divorced Tom" (not "I
#: should mention that I divorced my husband"; lowercase: not "In May").
MAY_BE = re.compile(r"\b(?:might|may|could|would|should)\s+(?:\w+ly\s+|not\s+|have\s+)*$")
#: An age turned in a clause that dates another event: "After / Before / Since / By the
#: time I turned 30, ...".
_TURNED = re.compile(r"(?i:turned)\b")
_DATING_SUBJECT = re.compile(r"\b(?i:after|before|since|by\s+the\s+time)\s+" + _SUBJECT_END)
#: A present copula (or an age turned) at a ``settled`` rule's match: "When I'm 65 years
#: old" is awaited and "When I turned 30, ..." dates another event, while "When I divorced
#: my husband, ..." tells the divorce.
_PRESENT = re.compile(r"(?i:'m|'s|'re|am|is|are|turned|turn)\b")


def supposed(text: str, at: int) -> bool:
    """Whether a ``settled`` rule's match at ``at`` in sentence ``text`` is supposed, awaited
    or a mere possibility rather than stated (see :data:`SUPPOSING`, :data:`AWAITING` and
    :data:`MAY_BE`)."""
    before = text[:at]
    if AWAITING.search(before) or MAY_BE.search(before):
        return True
    if AWAITING_SUBJECT.search(before) and _PRESENT.match(text, at):
        return True
    if _TURNED.match(text, at) and _DATING_SUBJECT.search(before):
        return True  # "After I turned 30, ...", "Since I turned 40, ...": another event's date
    breaks = [m.end() for m in CLAUSE_BREAK.finditer(before)]
    return SUPPOSING.search(before, breaks[-1] if breaks else 0) is not None
