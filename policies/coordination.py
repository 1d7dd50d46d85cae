"""Coordinated values: "I love hiking, swimming and yoga" is three things the speaker loves.

A rule's value stops at the first comma or "and" (``trim_phrase``), so without this module a
list kept its first item only. :func:`list_items` reads the rest of the list after a value
and returns the other items, or nothing when the words after the value do not read as one
closed list. It is deliberately strict, because a wrong item becomes a belief:

* the list must close with "and" (or "&"; "or" and "nor" only in a denied clause, where "I
  don't eat meat or fish" denies both): "I like hiking, it's great" is no list;
* a noun-phrase item is at most :data:`MAX_WORDS` words, holds no common verb form, does
  not open with a negation, a quantity, a pronoun or a hedge, and does not read as a
  clause's subject and verb: "I like cats and hate dogs", "I like tea and not coffee", "I
  like cats and dogs bite" and "I like pizza and my sister likes pasta" add nothing;
* the list ends where the clause does (punctuation, the end of the sentence) or at a word
  that may follow a value (``list_words.LIST_END``: "... and yoga *lately*"), not at one
  that makes the last item a subject ("... and Bob *can* swim");
* fixed pairs stay one value: "rock and roll", "mac and cheese" (``list_words.BINOMIALS``).

Names, pets and the items a rule declares (``Rule.items``) have readers of their own.
Only multi-valued attributes take lists (see ``patterns.MULTI_VALUED``): "I work at Procter
and Gamble" names one employer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Literal

from nousmem.policies.list_readers import (
    MAX_WORDS,
    STRETCH_END,
    TRAIL,
    WORD,
    Item,
    binomial,
    read_gerund_phrase,
    read_matched,
    read_name,
    read_pet,
    read_pet_name,
    read_phrase,
    verbish,
)
from nousmem.policies.list_words import ADVERB_END, LIST_END
from nousmem.policies.patterns import ValueKind
from nousmem.policies.timeexpr_patterns import DAYS, MONTH_NUMBERS

__all__ = [
    "MAX_ITEMS",
    "MAX_WORDS",
    "Item",
    "NameLead",
    "binomial",
    "list_items",
    "misnamed",
    "time_after",
]

MAX_ITEMS = 12
"""Items read after the first value; a longer run is more likely prose than a list."""
# A separator: ", " or ", and " or " and " (and "&", "or", "nor"; groups c1/c2 hold the
# conjunction). Atomic groups: a run of spaces is not backtracked into (quadratic on a long
# run).
_SEP = re.compile(r"(?>\s*),\s*(?:(?P<c1>and|&|or|nor)\s+)?|(?>\s+)(?P<c2>and|&|or|nor)\s+", re.I)
# What opens a clause with its own subject after "and": "... and *my* sister loves birds".
_NEW_SUBJECT = frozenset({"my", "his", "her", "their", "our", "your", "the", "a", "an"})
_PREPOSITIONS = frozenset(
    {"to", "at", "for", "with", "in", "on", "from", "into", "over", "after", "before"}
)
_PRONOUNS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "we", "he", "she", "they", "you"})
_AUXILIARIES = frozenset(
    {"'re", "'ve", "'ll", "'d", "are", "were", "have", "will", "would", "can", "could", "both"}
)
NameLead = Literal["noun", "prep"] | None


def list_items(
    kind: ValueKind,
    text: str,
    vend: int,
    cuts: list[int],
    *,
    first: str = "",
    denied: bool = False,
    lead: NameLead = None,
    pattern: re.Pattern[str] | None = None,
    pets_of: str | None = None,
    times: Mapping[int, int] | None = None,
    subject: bool = False,
) -> list[Item]:
    """The further items of a list whose first value ``first`` (of a rule's value
    ``kind``) ends at ``vend`` in ``text``; ``[]`` unless the words after it form one
    closed list. Items come as said; the caller normalises them as it does the first value.

    ``denied``: the clause is negated, so "or" and "nor" join items too. ``lead``: what
    stands before a name value: a plural noun ("my *kids* Max and Lily": the names are the
    clause's subject, so a verb or the clause's end follows them) or a preposition
    ("friends *with* Tom and Ana": an object). Without one a name takes no list ("my friend
    Tom and Ana" names one friend). ``pattern``: what each further item of a raw or status
    value matches at its start (group ``val``; ``Rule.items``); without one such a value
    takes no list. ``pets_of``: the species of a plural pet with a first name ("my *cats*
    Luna and Milo"), whose further items are names of that species. ``times``: the end of each
    time expression by its start; one may follow each item ("visited Japan *in 2019* and Peru
    *in 2021*"), and an item's end is then past it. ``subject``: the list stands in the
    clause's subject ("My trip to Japan and Korea *is* next month"), so a verb may end it
    as after names a plural noun leads.
    """
    if kind == "np" and pattern is None:
        read: Callable[[str, int, int], Item | None] = partial(read_phrase, cuts=cuts)
        if _verb_object(first):
            # "drinking tea and coffee" is "drinking coffee", but "hiking trails and
            # waterfalls" is not "hiking waterfalls": after a gerund with an object only
            # another gerund phrase is an item ("reading books and watching movies").
            read = partial(read_gerund_phrase, cuts=cuts)
    elif kind == "name" and lead is not None:
        read = read_name
    elif kind == "pet" and pets_of is not None:
        read = partial(read_pet_name, species=pets_of)
    elif kind == "pet":
        read = read_pet
    elif pattern is not None:
        read = partial(read_matched, pattern=pattern)
    else:
        return []
    ends = (
        _subject_closed if lead == "noun" or subject else _pet_names_closed if pets_of else _closed
    )
    # Names after "and" and another name are as often the next clause's subject ("two cats
    # named Luna and Milo and Melanie says ..."): a list of pets' names has one "and".
    return _walk(text, vend, read, ends, denied, times or {}, chain=pets_of is None)


def time_after(text: str, pos: int, times: Mapping[int, int]) -> tuple[int, int] | None:
    """The (start, end) of a time expression that follows ``pos`` after spaces, if any."""
    start = pos
    while text[start : start + 1] == " ":
        start += 1
    end = times.get(start) if start > pos else None
    return None if end is None else (start, end)


_TIME_WORDS = frozenset(
    (
        *MONTH_NUMBERS,
        *DAYS,
        "spring",
        "summer",
        "fall",
        "autumn",
        "winter",
        "the",
        "this",
        "last",
        "next",
        "early",
        "mid",
        "late",
        "a",
        "an",
        "once",
        "twice",
        "again",
    )
)
_FIRST_WORD = re.compile(r"[A-Za-z]+|\d")


def _timeish(text: str, start: int) -> bool:
    """Whether the words at ``start`` go on a time said just before ("in 2019 *and 2021*",
    "in March *and April*", "last year *and the year before*") rather than name an item."""
    m = _FIRST_WORD.match(text, start)
    return m is not None and (m.group(0).isdigit() or m.group(0).lower() in _TIME_WORDS)


def misnamed(text: str, vs: int, vend: int) -> bool:
    """Whether the capitalised word at ``text[vs:vend]`` after a plural kin or friend noun
    (with no list after it) names no one: a possessive written without its apostrophe (a
    lowercase noun follows: "my kids Lego *sets*", "my friends Netflix *account*"; or a
    list that did not read: "my kids Netflix and YouTube accounts"), an acronym ("my
    brothers BMW is fast") or a name after a comma ("Hey my friends, Tom here")."""
    if "," in text[max(0, vs - 3) : vs] or (vend - vs > 1 and text[vs:vend].isupper()):
        return True
    nxt = WORD.match(text, vend + 1) if text[vend : vend + 1] == " " else None
    if nxt is None:
        return False
    word = nxt.group(0)
    low = word.lower().strip(TRAIL)
    if low in ("and", "&"):
        return True
    return (
        word[:1].islower()
        and not verbish(word)
        and low not in _AUXILIARIES
        and low not in _PREPOSITIONS
        and low not in LIST_END
        and low not in ADVERB_END
    )


def _walk(
    text: str,
    vend: int,
    read: Callable[[str, int, int], Item | None],
    ends: Callable[[str, Item, int, int], bool],
    denied: bool,
    times: Mapping[int, int],
    chain: bool = True,
) -> list[Item]:
    """Read separators and items after ``vend``. A list closes at an item after a
    conjunction that ``ends`` accepts; "A and B and C" reads on, and keeps B before "and
    <a clause with its own subject>" ("dogs and cats and my sister loves birds"), not
    before any other failing item ("hiking and Tom and I go": Tom is a subject)."""
    joins = ("and", "&", "or", "nor") if denied else ("and", "&")
    items: list[Item] = []
    chained = False
    said = time_after(text, vend, times)
    pos = vend if said is None else said[1]
    timed = said is not None  # the value before the separator had a time of its own
    while len(items) < MAX_ITEMS:
        sep = _SEP.match(text, pos)
        if sep is None or sep.end() == pos:
            return []
        conj = _conj(sep)
        if conj and conj not in joins:
            return []
        start = sep.end()
        if timed and _timeish(text, start):
            return []  # "in 2019 and 2021", "in March and April": more times, not items
        stop = STRETCH_END.search(text, start)
        stretch_end = stop.start() if stop is not None else len(text)
        item = read(text, start, stretch_end)
        if item is None or _glued(text, item.end):
            fresh = chained and _fresh_clause(text, start, items[-1], joint=read is read_name)
            return items if fresh else []
        said = time_after(text, item.end, times)
        timed = said is not None
        if said is not None:
            item = Item(item.value, said[1], said[0])
            stop = STRETCH_END.search(text, said[1])
            stretch_end = stop.start() if stop is not None else len(text)
        items.append(item)
        pos = item.end
        if conj:
            nxt = _SEP.match(text, pos)
            if chain and nxt is not None and nxt.end() > pos and _conj(nxt) in joins:
                chained = True
                continue
            return items if ends(text, item, start, stretch_end) else []
    return []  # more than MAX_ITEMS: prose, not a list


def _fresh_clause(text: str, start: int, before: Item, *, joint: bool = False) -> bool:
    """Whether the words at ``start`` (after "and") open a clause with its own subject, so
    that the item ``before`` them ends the list: "dogs and cats and *my sister* loves
    birds", "hiking and biking and *I* went"; not "hiking and Tom and *I* go", where the
    name is part of the subject, unless the names are a subject anyway (``joint``: "my
    kids Max and Lily and *I* went")."""
    opener = WORD.match(text, start)
    if opener is None:
        return False
    word = opener.group(0).lower().strip(TRAIL)
    if joint and word in ("i", "we", "me"):
        return True
    return word in _NEW_SUBJECT or (word in _PRONOUNS and not before.value[:1].isupper())


def _conj(sep: re.Match[str]) -> str:
    return (sep.group("c1") or sep.group("c2") or "").lower()


def _glued(text: str, end: int) -> bool:
    """Whether punctuation right after an item runs on into a word ("coffee.com",
    "https://..."): the item is part of a longer token."""
    nxt = text[end + 1 : end + 2]
    return text[end : end + 1] in TRAIL and (nxt.isalnum() or nxt == "/")


def _verb_object(first: str) -> bool:
    lead = first.split()
    return len(lead) > 1 and lead[0].islower() and lead[0].endswith("ing")


def _closed(text: str, item: Item, start: int, stretch_end: int) -> bool:
    """Whether the list may end after ``item`` (read from ``start``): the stretch ends, or
    a word that may follow a value comes next (``LIST_END``: "... and yoga *lately*"), or
    an adverb not followed by a verb ("... and coffee *now*", not "... and Ana *always*
    comes"). After a lone name, "too" makes it a subject ("... and Tom too")."""
    rest = WORD.search(text, item.end, stretch_end)
    if rest is None:
        return True
    word = rest.group(0).lower().strip(TRAIL)
    if word in ("too", "also") and text[start : start + 1].isupper() and " " not in item.value:
        return False
    if word in LIST_END:
        return True
    if word in ADVERB_END:
        nxt = WORD.search(text, rest.end(), stretch_end)
        return nxt is None or not verbish(nxt.group(0))
    return False


def _pet_names_closed(text: str, item: Item, start: int, stretch_end: int) -> bool:
    """After pets' names, which are an object ("I have two cats named Luna and Milo.") or the
    clause's subject ("my cats Luna and Milo *are* asleep")."""
    if _closed(text, item, start, stretch_end) or _subject_closed(text, item, start, stretch_end):
        return True
    # "... Rex and Max and *my* sister went out": the next clause has a subject of its own.
    words = text[item.end : stretch_end].split()
    return len(words) > 1 and words[0].lower() == "and" and words[1].lower() in _NEW_SUBJECT


def _subject_closed(text: str, item: Item, start: int, stretch_end: int) -> bool:
    """After names that are the clause's subject ("my kids Max and Lily *love* it"): the
    clause's end or a verb, not a noun ("my kids Netflix and YouTube *accounts*": a
    possessive without its apostrophe)."""
    rest = WORD.search(text, item.end, stretch_end)
    if rest is None:
        return True
    word = rest.group(0)
    if word.lower() in ADVERB_END:
        rest = WORD.search(text, rest.end(), stretch_end)
        if rest is None:
            return True
        word = rest.group(0)
    low = word.lower().strip(TRAIL)
    if low == "and":  # "my kids Max and Lily and I went camping"
        nxt = WORD.search(text, rest.end(), stretch_end)
        return nxt is not None and nxt.group(0).lower().strip(TRAIL) in ("i", "we", "me")
    # A verb, or a preposition when they are an object: "I took my kids Max and Lily *to*
    # the park".
    return verbish(word) or low in _AUXILIARIES or low in _PREPOSITIONS
