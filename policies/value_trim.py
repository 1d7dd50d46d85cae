"""Where a rule's value ends: ``trim_phrase`` cuts a captured value down to a short phrase,
``trim_name`` a captured name to the name. Both work on plain strings; nothing here knows
about claims or rules (the word lists are in ``value_words.py``)."""

from __future__ import annotations

import re
from bisect import bisect_left

from nousmem.policies.clause_leads import DASHES as _DASHES
from nousmem.policies.clause_leads import STRIP as _STRIP
from nousmem.policies.sentences import TOKEN
from nousmem.policies.subject_words import ABBREVIATIONS, NAME_STOP, PAST_IRREGULAR
from nousmem.policies.value_words import (
    ADJ_HEAD,
    HEAD_REJECT,
    LEADING_ADVERBS,
    LEADING_DROP,
    SECOND_PERSON,
    TO_CONTINUES,
    TRAILING_DEGREE,
    TRAILING_DROP,
    VALUE_REJECT,
    VALUE_REJECT_ANYWHERE,
    VALUE_REJECT_START,
    VALUE_STOP,
    VP_STOP,
)

__all__ = ["LIFELONG", "trim_name", "trim_phrase"]

# Subjects of another clause; not "it", which is often no one ("I wish it was true that I").
_OBJECT_PRONOUNS = frozenset("it that this them these those".split())

#: "all my life", "my whole career", "all these years": a span that ends a value ("Chicago
#: all my life") and keeps a present perfect going ("I've lived here all my life").
LIFELONG = re.compile(
    r"(?:all\s+(?:of\s+)?|most\s+of\s+)(?:my|his|her|their|our|your)\s+li(?:fe|ves)\b"
    r"|(?:my|his|her|their|our|your)\s+(?:whole|entire)\s+(?:li(?:fe|ves)|career)\b"
    r"|all\s+these\s+years\b",
    re.IGNORECASE,
)

# A period of work or study the time resolver does not date ("this sprint", "next quarter",
# "this semester"): it ends a value ("the auth refactor this sprint").
# So does how often ("the gym *three times a week*", "tennis *two days a week*"), the hours
# of a day, and when it starts.
_PERIOD = re.compile(
    r"(?:this|next|last|the\s+(?:current|next|last))\s+(?:sprint|quarter|semester|term"
    r"|iteration|cycle|release|season)\b"
    r"|(?:one|two|three|four|five|six|seven|a\s+few|several|many|\d+)\s+(?:times|days"
    r"|nights|mornings|evenings|hours|hrs)\s+(?:a|per|each|every)\b"
    # ... and the hours of a day: "Acme *9 to 5*", "the clinic *8am-4pm*".
    r"|\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:to|-|\u2013|until|till)\s*\d{1,2}\b"
    # When a state starts: "Google *starting next month*", "Paris *beginning in June*".
    r"|(?:starting|beginning|effective)\s+(?:today|tomorrow|tonight|now|immediately|next"
    r"|this|in|on|from|as|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    # ... and a time to come that names none: "visit Japan *someday*", "*one day*".
    r"|(?:one\s+day|some\s*day|eventually|sometime|in\s+the\s+(?:near\s+)?future)\b",
    re.IGNORECASE,
)


def trim_phrase(
    text: str, start: int, end: int, cuts: list[int], stops: frozenset[str] = VALUE_STOP
) -> tuple[str, int] | None:
    """Trim ``text[start:end]`` to a short phrase ending before any word in ``stops``.

    Returns the phrase and its end offset, or None when nothing informative is left.
    """
    first = bisect_left(cuts, start)  # cuts are in text order: the first one inside ends it
    if first < len(cuts) and cuts[first] < end:
        end = cuts[first]
    toks = [(m.group(0), m.end()) for m in TOKEN.finditer(text, start, end)]
    kept: list[tuple[str, int]] = []
    joined: int | None = None  # where "for"/"without" joined a name, if it did
    for k, (tok, tok_end) in enumerate(toks):
        low = tok.strip(_STRIP).lower()
        if not kept and low in LEADING_ADVERBS and not tok[:1].isupper():  # "Still Corners"
            continue
        if low in SECOND_PERSON and not kept:
            return None  # "I'd love to join you": about the listener, not a fact
        if joined is not None:
            # Past "for"/"without", the name goes on in capitalised words only, and a title
            # ("for Dr. Patel") shows it was a person: the value ends before "for".
            if low.rstrip(".") in _TITLES:
                del kept[joined:]
                break
            if not tok[:1].isupper():
                break
        elif low in stops and _joins_name(tok, kept, toks[k + 1][0] if k + 1 < len(toks) else ""):
            joined = len(kept)
            kept.append((tok, tok_end))  # "Teach for America", "Doctors Without Borders"
            continue
        if kept and LIFELONG.match(" ".join(t for t, _ in toks[k : k + 4])):
            break  # "Chicago all my life", "Boston my whole life"
        if kept and _PERIOD.match(" ".join(t for t, _ in toks[k : k + 3])):
            break  # "the auth refactor this sprint"
        if kept and _relative_clause(toks, k, kept):
            break  # "the farm my grandpa built", "the restaurant Tom recommended"
        if kept and not any(ch.isalnum() for ch in tok):
            break  # an emoji or a symbol ends a value: "ballet 🩰", "a new puppy 🐶 his name"
        nxt = toks[k + 1][0] if k + 1 < len(toks) else ""
        if low in _NAME_WORDS and tok[:1].isupper() and (kept or nxt[:1].isupper()):
            pass  # "Not Yet Labs", "Yet Another Mail Merge": a capitalised word of a name
        elif low in stops or tok in _DASHES or tok[:1] in "-–—" or tok.strip(_STRIP) == "im":
            if stops is not VALUE_STOP and low in _OBJECT_PRONOUNS and len(kept) <= 2:
                return None  # "want to pass *it* on", "help make *that* happen": a half phrase
            break  # "im" (I'm) only in lowercase: "IM Global" is a name
        if low == "to":
            if not (nxt.lower() in TO_CONTINUES or nxt[:1].isupper()):
                break
        kept.append((tok, tok_end))
        if len(kept) == 6:
            break
    while kept and kept[0][0].lower() in LEADING_DROP:
        kept.pop(0)
    if len(kept) > 1 and kept[0][0].lower() == "go" and kept[1][0].endswith("ing"):
        kept.pop(0)
    if len(kept) > 1 and kept[0][0] in _COLOR_WORDS and kept[1][0].lower() != "of":
        kept.pop(0)  # "the color orange" is orange (lowercase: "Color Street" is a brand)
    while len(kept) > 1 and (
        kept[-1][0].lower() in TRAILING_DROP
        or (kept[-1][0] in TRAILING_DEGREE)  # lowercase only: "Thomas More" is a name
    ):
        kept.pop()
    if not kept or (kept[0][0].lower() in VALUE_REJECT_START and not _gets(kept, stops)):
        return None
    if any(t.lower().strip(_STRIP) in VALUE_REJECT_ANYWHERE for t, _ in kept):
        return None
    value = " ".join(t.strip(_STRIP) for t, _ in kept).strip()
    last = kept[-1][0] if kept else ""
    if (
        not value
        or (value.lower() in VALUE_REJECT and value not in _CAPITALISED_NAMES)
        # "I went to pieces", not "I work at The Motley Fool"
        or (last.lower() in HEAD_REJECT and not last[:1].isupper())
    ):
        return None
    if len(kept) > 1 and kept[-2][0].lower() in ("a", "an") and kept[-1][0].lower() in ADJ_HEAD:
        return None
    return value, kept[-1][1]


#: The last word of a name that "for" or "without" continues: "*Teach* for America",
#: "*Habitat* for Humanity", "*Doctors* Without Borders", "*Center* for Disease Control". Not a
#: place or a company ("moved to Seattle for Amazon", "work at Google for Tom"): those two
#: cannot be told apart by their shape, so only these heads join.
_NAME_HEADS = frozenset(
    """teach habitat doctors engineers reporters physicians lawyers nurses teachers musicians
    architects scientists students mothers fathers parents veterans citizens clowns center
    centre institute society association foundation alliance coalition council committee
    campaign partnership fund network league union federation organization organisation
    academy commission agency bureau trust initiative project""".split()
)
#: Capitalised words after "for" that name a time, a person or the speaker, not the rest of
#: a name ("I joined the Campaign for Christmas"): the words no name starts with, and a few.
_NOT_NAME_TAIL = NAME_STOP | frozenset(
    "i'm i've i'd i'll mum grandma grandpa hanukkah ramadan diwali".split()
)
#: Titles before a person's name: a name they follow was a person's, not an organisation's.
_TITLES = frozenset(a.lower() for a in ABBREVIATIONS) | frozenset({"miss", "sir"})


# Capitalised, these are names, not the empty words they are in lowercase: "I use Go".
_CAPITALISED_NAMES = frozenset({"Go"})
_COLOR_WORDS = frozenset({"color", "colour", "colors", "colours"})
# Stop words that a capitalised name may hold ("Not Yet Labs", "Yet Another Mail Merge").
_NAME_WORDS = frozenset({"yet", "finally", "again"})
_HOLDERS = frozenset({"my", "our", "his", "her", "their"})
# Present forms that, after a name, make a relative clause ("the museum Jess works at").
_PRESENT_VERBS = frozenset("works lives owns runs manages teaches built".split())


def _verb_like(tok: str) -> bool:
    w = tok.strip(_STRIP).lower()
    return w in PAST_IRREGULAR or w in _PRESENT_VERBS or (len(w) > 3 and w.endswith("ed"))


def _relative_clause(toks: list[tuple[str, int]], k: int, kept: list[tuple[str, int]]) -> bool:
    """Whether token ``k`` opens a relative clause without "that" after the value's noun: a
    possessive and a person then a verb ("farm *my grandpa built*"), or a name then a verb
    after a lowercase noun ("restaurant *Tom recommended*")."""
    tok = toks[k][0].strip(_STRIP)
    nxt = toks[k + 1][0] if k + 1 < len(toks) else ""
    if tok.lower() in _HOLDERS and k + 2 < len(toks):
        return nxt.islower() and _verb_like(toks[k + 2][0])
    return tok[:1].isupper() and tok[1:].islower() and kept[-1][0][:1].islower() and _verb_like(nxt)


def _joins_name(tok: str, kept: list[tuple[str, int]], nxt: str) -> bool:
    """Whether ``tok`` ("for", "without") joins two parts of one capitalised name: every
    word before it is capitalised, the last one a name's head, and the next one capitalised."""
    if tok.lower() not in ("for", "without") or not kept or not nxt[:1].isupper():
        return False
    if kept[-1][0].strip(_STRIP).lower() not in _NAME_HEADS:
        return False
    if nxt.strip(_STRIP).lower() in _NOT_NAME_TAIL:
        return False
    return all(t[:1].isupper() or (i == 0 and t.lower() == "the") for i, (t, _) in enumerate(kept))


def trim_name(raw: str) -> str | None:
    parts = [p for p in raw.split() if p]
    while parts and parts[-1].lower() in NAME_STOP:
        parts.pop()
    if not parts or parts[0].lower() in NAME_STOP:
        return None
    name = " ".join(parts)
    return name[:-2] if name.endswith("'s") else name


def _gets(kept: list[tuple[str, int]], stops: frozenset[str]) -> bool:
    """A verb phrase that gets something ("thinking of *getting a dog*"): a goal's value,
    where "getting" alone is none ("I love getting", "getting there")."""
    return stops is VP_STOP and kept[0][0].lower() == "getting" and len(kept) > 1
