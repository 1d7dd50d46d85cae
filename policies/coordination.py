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
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import Literal, NamedTuple

from nousmem.policies.clauses import trim_name, trim_phrase
from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.list_words import (
    ADVERB_END,
    BINOMIALS,
    CLAUSE_VERBS,
    ITEM_REJECT,
    ITEM_REJECT_START,
    LIST_END,
    PEOPLE,
    VERBS,
)
from nousmem.policies.patterns import (
    NAME,
    NAME_STOP,
    NOT_A_NAME,
    SPECIES,
    SPECIES_SINGULAR,
    VALUE_STOP,
    ValueKind,
)

__all__ = [
    "MAX_ITEMS",
    "MAX_WORDS",
    "Item",
    "NameLead",
    "binomial",
    "coordinated",
    "list_items",
    "possessive_slip",
]

MAX_ITEMS = 12
"""Items read after the first value; a longer run is more likely prose than a list."""
MAX_WORDS = 3
"""Words in one item: "circuit training", "Dungeons and Dragons" is a binomial."""

# A separator: ", " or ", and " or " and " (and "&", "or", "nor"). Group ``conj`` holds the
# conjunction when there is one.
# Atomic groups: a run of spaces is not backtracked into (quadratic on a long run).
_SEP = re.compile(r"(?>\s*),\s*(?:(?P<c1>and|&|or|nor)\s+)?|(?>\s+)(?P<c2>and|&|or|nor)\s+", re.I)
# The end of the stretch an item may span: the chars a rule's VAL never crosses.
_STRETCH_END = re.compile(r"[.,;:!?()\[\]\n\"]")
_WORD = re.compile(r"\S+")
_PAIR_JOIN = re.compile(r"\s+(?:and|&|'n'|'n|n')\s+", re.I)
_TRAIL = ",.;:!?\"'"
_DETERMINERS = frozenset({"my", "the", "a", "an", "this", "that", "some"})
# What opens a clause with its own subject after "and": "... and *my* sister loves birds".
_NEW_SUBJECT = frozenset({"my", "his", "her", "their", "our", "your", "the", "a", "an"})
_PREPOSITIONS = frozenset(
    {"to", "at", "for", "with", "in", "on", "from", "into", "over", "after", "before"}
)
_PRONOUNS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "we", "he", "she", "they", "you"})
_AUXILIARIES = frozenset(
    {"'re", "'ve", "'ll", "'d", "are", "were", "have", "will", "would", "can", "could", "both"}
)
_NOT_A_NAME = re.compile(NOT_A_NAME)
_ABBREVIATIONS = frozenset({"St", "Jr", "Sr", "Mt", "Ft", "Rev", "Gen", "Col", "Lt"})
NameLead = Literal["noun", "prep"] | None
_NAME = re.compile(NAME)
# Not "the cat": "a dog and the cat next door" owns no cat.
_PET = re.compile(
    r"(?P<det>(?i:a|an|my|our|two|three|four|five|some|another)\s+)?"
    r"(?:(?i:new|little|cute|rescue|baby|pet|old|senior)\s+)?"
    + SPECIES
    + r"\b(?:\s*,?\s+(?i:named|called)\s+(?P<petname>"
    + rf"[{UPPER}][{LOWER}]+"
    + r"))?"
)


class Item(NamedTuple):
    """One further value of a list: its text and its end offset in the sentence."""

    value: str
    end: int


def binomial(text: str, value: str, vend: int, cuts: list[int] | None = None) -> Item | None:
    """If ``value`` (ending at ``vend`` in ``text``) is the first half of a fixed pair
    ("rock" before "and roll"), the whole pair as one value, with the noun it modifies
    ("rock and roll *music*"); else None."""
    join = _PAIR_JOIN.match(text, vend)
    if join is None:
        return None
    head = value.split()
    after = [(w.group(0), w.end()) for w in islice(_WORD.finditer(text, join.end()), 3)]
    for k in range(1, min(2, len(head)) + 1):
        left = " ".join(head[-k:]).lower()
        for n in range(1, len(after) + 1):
            said = [w for w, _ in after[:n]]
            last = said[-1].rstrip(_TRAIL)
            right = [*said[:-1], last]
            if f"{left} and {' '.join(right)}".lower() in BINOMIALS:
                end = after[n - 1][1] - (len(said[-1]) - len(last))
                pair = [*head, "and", *right]
                stop = _STRETCH_END.search(text, end)
                more = trim_phrase(
                    text, end, stop.start() if stop else len(text), cuts or [], VALUE_STOP
                )
                if more is not None and len(pair) + len(more[0].split()) <= 6:
                    return Item(" ".join([*pair, more[0]]), more[1])
                return Item(" ".join(pair), end)
            if last != said[-1]:
                break  # punctuation ends the pair's second half
    return None


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
    takes no list.
    """
    if kind == "np":
        read: Callable[[str, int, int], Item | None] = partial(_item, cuts=cuts)
        if _verb_object(first):
            # "drinking tea and coffee" is "drinking coffee", but "hiking trails and
            # waterfalls" is not "hiking waterfalls": after a gerund with an object only
            # another gerund phrase is an item ("reading books and watching movies").
            read = partial(_gerund_item, cuts=cuts)
    elif kind == "name" and lead is not None:
        read = _name_item
    elif kind == "pet":
        read = _pet_item
    elif pattern is not None:
        read = partial(_matched_item, pattern=pattern)
    else:
        return []
    ends = _subject_closed if lead == "noun" else _closed
    return _walk(text, vend, read, ends, denied)


def possessive_slip(text: str, vend: int) -> bool:
    """Whether a capitalised word ending at ``vend`` after a plural noun is a possessive
    written without its apostrophe: a lowercase noun follows it ("my kids Lego *sets*",
    "my friends Netflix *account*"), or a list that did not read ("my kids Netflix and
    YouTube accounts")."""
    nxt = _WORD.match(text, vend + 1) if text[vend : vend + 1] == " " else None
    if nxt is None:
        return False
    word = nxt.group(0)
    low = word.lower().strip(_TRAIL)
    if low in ("and", "&"):
        return True
    return (
        word[:1].islower()
        and not _verbish(word)
        and low not in _AUXILIARIES
        and low not in _PREPOSITIONS
        and low not in LIST_END
        and low not in ADVERB_END
    )


def coordinated(text: str, vend: int, cuts: list[int], *, denied: bool = False) -> list[Item]:
    """``list_items`` for a noun-phrase value (the common case)."""
    return list_items("np", text, vend, cuts, denied=denied)


def _walk(
    text: str,
    vend: int,
    read: Callable[[str, int, int], Item | None],
    ends: Callable[[str, Item, int, int], bool],
    denied: bool,
) -> list[Item]:
    """Read separators and items after ``vend``. A list closes at an item after a
    conjunction that ``ends`` accepts; "A and B and C" reads on, and keeps B before "and
    <a clause with its own subject>" ("dogs and cats and my sister loves birds"), not
    before any other failing item ("hiking and Tom and I go": Tom is a subject)."""
    joins = ("and", "&", "or", "nor") if denied else ("and", "&")
    items: list[Item] = []
    chained = False
    pos = vend
    while len(items) < MAX_ITEMS:
        sep = _SEP.match(text, pos)
        if sep is None or sep.end() == pos:
            return []
        conj = _conj(sep)
        if conj and conj not in joins:
            return []
        start = sep.end()
        stop = _STRETCH_END.search(text, start)
        stretch_end = stop.start() if stop is not None else len(text)
        item = read(text, start, stretch_end)
        if item is None or _glued(text, item.end):
            fresh = chained and _fresh_clause(text, start, items[-1], joint=read is _name_item)
            return items if fresh else []
        items.append(item)
        pos = item.end
        if conj:
            nxt = _SEP.match(text, pos)
            if nxt is not None and nxt.end() > pos and _conj(nxt) in joins:
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
    opener = _WORD.match(text, start)
    if opener is None:
        return False
    word = opener.group(0).lower().strip(_TRAIL)
    if joint and word in ("i", "we", "me"):
        return True
    return word in _NEW_SUBJECT or (word in _PRONOUNS and not before.value[:1].isupper())


def _conj(sep: re.Match[str]) -> str:
    return (sep.group("c1") or sep.group("c2") or "").lower()


def _glued(text: str, end: int) -> bool:
    """Whether punctuation right after an item runs on into a word ("coffee.com",
    "https://..."): the item is part of a longer token."""
    nxt = text[end + 1 : end + 2]
    return text[end : end + 1] in _TRAIL and (nxt.isalnum() or nxt == "/")


def _verb_object(first: str) -> bool:
    lead = first.split()
    return len(lead) > 1 and lead[0].islower() and lead[0].endswith("ing")


def _acceptable(said: list[str]) -> bool:
    """The checks every item passes, whoever reads it: no negation, quantity, pronoun or
    hedge first ("and *not* coffee", "and *nobody* cares"), no filler ("and *stuff*"), no
    common verb ("and *hate* dogs") and no clause ("and dogs *bite*")."""
    if not said or said[0].lower() in ITEM_REJECT_START:
        return False
    low = [w.lower() for w in said]
    # A one-word item keeps its case: a capitalised word is a name ("Python, Go and Rust").
    verbs = said if len(said) == 1 else low
    return not (
        any(w in ITEM_REJECT for w in low) or any(w in VERBS for w in verbs) or _clause_like(said)
    )


def _words(text: str, start: int, end: int) -> list[str]:
    return [w.strip(_TRAIL) for w in text[start:end].split()]


def _item(text: str, start: int, stretch_end: int, *, cuts: list[int]) -> Item | None:
    got = trim_phrase(text, start, stretch_end, cuts, VALUE_STOP)
    if got is None:
        return None
    value, end = got
    if len(value.split()) > MAX_WORDS or not _acceptable(_words(text, start, end)):
        return None
    return binomial(text, value, end, cuts) or Item(value, end)


def _gerund_item(text: str, start: int, stretch_end: int, *, cuts: list[int]) -> Item | None:
    item = _item(text, start, stretch_end, cuts=cuts)
    head = item.value.split()[0] if item is not None else ""
    return item if head.islower() and head.endswith("ing") else None


def _clause_like(said: list[str]) -> bool:
    """Whether an item's words read as a clause: a subject and its verb ("dogs *bite*",
    "Tom *agrees*", "Tom *complains*", "my wife *cleans*"; not "tv shows", "long walks":
    no subject opens them), or a verb and its object ("*adore* swimming")."""
    if len(said) < 2:
        return False
    head = said[0].lower()
    if head in CLAUSE_VERBS:
        return True  # "and adore swimming": a verb phrase, its own rule's
    if head in _DETERMINERS:
        if len(said) > 2 and said[1].lower() in PEOPLE:
            return True  # "and my wife swimming": a person does something
        rest = said[2:]
    elif said[0][:1].isupper():
        # "Tom complains": a name and a lowercase -s word is a clause more often than a
        # noun phrase ("Python scripts").
        if len(said) == 2 and said[1].islower() and said[1].endswith("s"):
            return True
        rest = said[1:]
    elif len(head) > 3 and head.endswith("s") and not head.endswith("ss"):
        rest = said[1:]
    else:
        return False
    return any(w.lower() in CLAUSE_VERBS for w in rest)


def _name_item(text: str, start: int, stretch_end: int) -> Item | None:
    if _NOT_A_NAME.match(text, start) is None:
        return None  # "my friends Chinese and Indian food", "Tom and Dr. Lee"
    m = _NAME.match(text, start, stretch_end)
    if m is None or m.group(0).endswith(("'s", "'")):
        return None  # "Tom and Ana's sister": Ana is not the one named
    name = trim_name(m.group(0))
    if name is None or len(name.split()) != len(m.group(0).split()):
        return None  # "Tom and I", "Tom and Monday": no name
    if name in _ABBREVIATIONS and text[m.end() : m.end() + 1] == ".":
        return None  # "St. John", "Jr.": an abbreviation, not a name
    return Item(name, m.end())


def _pet_item(text: str, start: int, stretch_end: int) -> Item | None:
    m = _PET.match(text, start, stretch_end)
    if m is None or not _acceptable(_words(text, start, m.end())):
        return None
    species = " ".join(m.group("species").lower().split())
    if m.group("det") is None and not species.endswith("s"):
        return None  # "a dog and fish for dinner": a pet is counted ("a fish", "two fish")
    value = SPECIES_SINGULAR.get(species, species)
    pet = m.group("petname")
    if pet is not None and pet.lower() not in NAME_STOP:
        return Item(f"{value} {pet}", m.end("petname"))
    return Item(value, m.end("species"))


def _matched_item(
    text: str, start: int, stretch_end: int, *, pattern: re.Pattern[str]
) -> Item | None:
    m = pattern.match(text, start, stretch_end)
    if m is None or not _acceptable(_words(text, start, m.end("val"))):
        return None
    return Item(m.group("val"), m.end("val"))


def _verbish(word: str) -> bool:
    low = word.lower().strip(_TRAIL)
    return low in CLAUSE_VERBS or (word.islower() and low.endswith("ed"))


def _closed(text: str, item: Item, start: int, stretch_end: int) -> bool:
    """Whether the list may end after ``item`` (read from ``start``): the stretch ends, or
    a word that may follow a value comes next (``LIST_END``: "... and yoga *lately*"), or
    an adverb not followed by a verb ("... and coffee *now*", not "... and Ana *always*
    comes"). After a lone name, "too" makes it a subject ("... and Tom too")."""
    rest = _WORD.search(text, item.end, stretch_end)
    if rest is None:
        return True
    word = rest.group(0).lower().strip(_TRAIL)
    if word in ("too", "also") and text[start : start + 1].isupper() and " " not in item.value:
        return False
    if word in LIST_END:
        return True
    if word in ADVERB_END:
        nxt = _WORD.search(text, rest.end(), stretch_end)
        return nxt is None or not _verbish(nxt.group(0))
    return False


def _subject_closed(text: str, item: Item, start: int, stretch_end: int) -> bool:
    """After names that are the clause's subject ("my kids Max and Lily *love* it"): the
    clause's end or a verb, not a noun ("my kids Netflix and YouTube *accounts*": a
    possessive without its apostrophe)."""
    rest = _WORD.search(text, item.end, stretch_end)
    if rest is None:
        return True
    word = rest.group(0)
    if word.lower() in ADVERB_END:
        rest = _WORD.search(text, rest.end(), stretch_end)
        if rest is None:
            return True
        word = rest.group(0)
    low = word.lower().strip(_TRAIL)
    if low == "and":  # "my kids Max and Lily and I went camping"
        nxt = _WORD.search(text, rest.end(), stretch_end)
        return nxt is not None and nxt.group(0).lower().strip(_TRAIL) in ("i", "we", "me")
    # A verb, or a preposition when they are an object: "I took my kids Max and Lily *to*
    # the park".
    return _verbish(word) or low in _AUXILIARIES or low in _PREPOSITIONS
