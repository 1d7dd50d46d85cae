"""Coordinated values: "I love hiking, swimming and yoga" is three things the speaker loves.

A rule's value stops at the first comma or "and" (``trim_phrase``), so without this module a
list kept its first item only. :func:`coordinated` reads the rest of the list after a value
and returns the other items, or nothing when the words after the value do not read as one
closed list of short noun phrases. It is deliberately strict, because a wrong item becomes
a belief:

* the list must close with "and" (or "&"; "or" and "nor" only in a denied clause, where "I
  don't eat meat or fish" denies both): "I like hiking, it's great" is no list;
* every item is at most :data:`MAX_WORDS` words and none holds a common verb form: "I like
  cats and hate dogs", "I like pizza and my sister likes pasta" and "I play guitar and sing"
  add nothing;
* the list ends where the clause does (punctuation, the end of the sentence) or at a word
  that ends a value ("... and yoga *lately*");
* fixed pairs stay one value: "rock and roll", "mac and cheese" (:data:`BINOMIALS`).

Only multi-valued attributes take lists (see ``patterns.MULTI_VALUED``): "I work at Procter
and Gamble" names one employer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import NamedTuple

from nousmem.policies.clauses import trim_name, trim_phrase
from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.patterns import (
    NAME,
    NAME_STOP,
    SPECIES,
    SPECIES_SINGULAR,
    VALUE_STOP,
    ValueKind,
    words,
)

__all__ = [
    "BINOMIALS",
    "MAX_ITEMS",
    "MAX_WORDS",
    "Item",
    "binomial",
    "coordinated",
    "list_items",
]

MAX_ITEMS = 12
"""Items read after the first value; a longer run is more likely prose than a list."""
MAX_WORDS = 3
"""Words in one item: "circuit training", "Dungeons and Dragons" is a binomial."""

#: "A and B" pairs that name one thing (lowercase, single spaces).
BINOMIALS = frozenset(
    {
        "rock and roll",
        "rhythm and blues",
        "drum and bass",
        "mac and cheese",
        "macaroni and cheese",
        "fish and chips",
        "salt and pepper",
        "bread and butter",
        "peanut butter and jelly",
        "sweet and sour",
        "arts and crafts",
        "hide and seek",
        "black and white",
        "dungeons and dragons",
        "tom and jerry",
        "simon and garfunkel",
        "trinidad and tobago",
        "bosnia and herzegovina",
        "antigua and barbuda",
        "bed and breakfast",
        "pros and cons",
        "law and order",
        "pride and prejudice",
        "beauty and the beast",
        "war and peace",
        "crime and punishment",
        "research and development",
        "track and field",
        "procter and gamble",
        "johnson and johnson",
        "barnes and noble",
        "marks and spencer",
        "ernst and young",
        "black and decker",
        "dolce and gabbana",
        "abercrombie and fitch",
        "bath and body works",
        "crate and barrel",
        "bed bath and beyond",
        "arm and hammer",
    }
)

# Common verb forms: an item holding one is a clause ("and hate dogs", "and my dog loves
# it"), not a noun phrase. Gerunds are not here: "hiking and swimming" is the point.
_VERBS = words(
    "am is are was were be been has have had do does did get gets got make makes made "
    "go goes went gone take takes took see sees saw seen know knows knew think thinks "
    "thought feel feels felt want wants wanted need needs needed like likes liked love "
    "loves loved hate hates hated enjoy enjoys enjoyed prefer prefers preferred live "
    "lives lived work works worked play plays played try tries tried start starts "
    "started sing sings sang say says said tell tells told come comes came leave leaves "
    "left meet meets met buy buys bought spend spends spent give gives gave keep keeps "
    "kept find finds found watch watches watched read reads write writes wrote visit "
    "visits visited use uses used miss misses missed help helps helped call calls called "
    "look looks looked seem seems seemed become becomes became got hope hopes hoped "
    "can can't could couldn't will won't would wouldn't should shouldn't don't doesn't "
    "didn't isn't aren't wasn't weren't haven't hasn't hadn't"
)
_POSSESSIVE_LEAD = words("his her their our your its")

# A separator: ", " or ", and " or " and " (and "&", "or", "nor"). Group ``conj`` holds the
# conjunction when there is one.
_SEP = re.compile(r"\s*(?:,\s*(?:(?P<c1>and|&|or|nor)\s+)?|\s+(?P<c2>and|&|or|nor)\s+)", re.I)
# The end of the stretch an item may span: the chars a rule's VAL never crosses.
_STRETCH_END = re.compile(r"[.,;:!?()\[\]\n\"]")
_WORD = re.compile(r"\S+")
_PAIR_JOIN = re.compile(r"\s+(?:and|&|'n'|'n|n')\s+", re.I)
_TRAIL = ",.;:!?\"'"
_NAME = re.compile(NAME)
_PET = re.compile(
    r"(?:(?i:a|an|the|my|our|two|three|four|some|another)\s+)?"
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


def binomial(text: str, value: str, vend: int) -> Item | None:
    """If ``value`` (ending at ``vend`` in ``text``) is the first half of a fixed pair
    ("rock" before "and roll"), the whole pair as one value; else None."""
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
                return Item(" ".join([*head, "and", *right]), end)
            if last != said[-1]:
                break  # punctuation ends the pair's second half
    return None


def list_items(
    kind: ValueKind,
    text: str,
    vend: int,
    cuts: list[int],
    *,
    denied: bool = False,
    plural: bool = False,
    pattern: re.Pattern[str] | None = None,
) -> list[Item]:
    """The further items of a list whose first value (of a rule's value ``kind``) ends at
    ``vend`` in ``text``; ``[]`` unless the words after it form one closed list. Items
    come as said (the caller normalises them as it does the first value).

    ``denied``: the clause is negated, so "or" and "nor" join items too. ``plural``: the
    noun before a name is plural or a preposition ("my *kids* Max and Lily", "friends
    *with* Tom and Ana"); a name list needs it ("my friend Tom and Ana" names one friend).
    ``pattern``: what each further item of a raw or status value matches at its start
    (group ``val``; ``Rule.items``); without one such a value takes no list.
    """
    if kind == "np":
        return _walk(text, vend, partial(_item, cuts=cuts), _closed, denied)
    if kind == "name":
        return _walk(text, vend, _name_item, _name_closed, denied) if plural else []
    if kind == "pet":
        return _walk(text, vend, _pet_item, _closed, denied)
    if pattern is not None:
        return _walk(text, vend, partial(_matched_item, pattern=pattern), _closed, denied)
    return []


def coordinated(text: str, vend: int, cuts: list[int], *, denied: bool = False) -> list[Item]:
    """``list_items`` for a noun-phrase value (the common case)."""
    return list_items("np", text, vend, cuts, denied=denied)


def _walk(
    text: str,
    vend: int,
    read: Callable[[str, int, int], Item | None],
    closed: Callable[[str, int, int], bool],
    denied: bool,
) -> list[Item]:
    joins = ("and", "&", "or", "nor") if denied else ("and", "&")
    items: list[Item] = []
    pos = vend
    while len(items) < MAX_ITEMS:
        sep = _SEP.match(text, pos)
        if sep is None or sep.end() == pos:
            return []
        conj = (sep.group("c1") or sep.group("c2") or "").lower()
        if conj and conj not in joins:
            return []
        start = sep.end()
        stop = _STRETCH_END.search(text, start)
        stretch_end = stop.start() if stop is not None else len(text)
        item = read(text, start, stretch_end)
        if item is None:
            return []
        items.append(item)
        pos = item.end
        if conj:
            return items if closed(text, item.end, stretch_end) else []
    return []


def _item(text: str, start: int, stretch_end: int, *, cuts: list[int]) -> Item | None:
    first = _WORD.match(text, start)
    if first is None or first.group(0).lower() in _POSSESSIVE_LEAD:
        return None  # "and her sister ...": a new subject
    got = trim_phrase(text, start, stretch_end, cuts, VALUE_STOP)
    if got is None:
        return None
    value, end = got
    # Lowercase only: a capitalised word mid-sentence is a name ("Python, Go and Rust").
    said = text[start:end].split()
    if len(value.split()) > MAX_WORDS or any(w.strip("'\"") in _VERBS for w in said):
        return None
    return binomial(text, value, end) or Item(value, end)


def _name_item(text: str, start: int, stretch_end: int) -> Item | None:
    m = _NAME.match(text, start, stretch_end)
    if m is None or m.group(0).endswith(("'s", "'")):
        return None  # "Tom and Ana's sister": Ana is not the one named
    name = trim_name(m.group(0))
    if name is None or len(name.split()) != len(m.group(0).split()):
        return None  # "Tom and I", "Tom and Monday": no name
    return Item(name, m.end())


def _pet_item(text: str, start: int, stretch_end: int) -> Item | None:
    m = _PET.match(text, start, stretch_end)
    if m is None:
        return None
    species = " ".join(m.group("species").lower().split())
    value = SPECIES_SINGULAR.get(species, species)
    pet = m.group("petname")
    if pet is not None and pet.lower() not in NAME_STOP:
        return Item(f"{value} {pet}", m.end("petname"))
    return Item(value, m.end("species"))


def _matched_item(
    text: str, start: int, stretch_end: int, *, pattern: re.Pattern[str]
) -> Item | None:
    m = pattern.match(text, start, stretch_end)
    return None if m is None else Item(m.group("val"), m.end("val"))


def _closed(text: str, end: int, stretch_end: int) -> bool:
    """Whether the list ends at ``end``: nothing but a value-ending word may follow it."""
    rest = _WORD.match(text, end) if text[end:stretch_end].strip() else None
    if rest is None:
        return True
    nxt = text[rest.start() : rest.end()].lower().strip(",.;:!?'\"")
    return nxt in VALUE_STOP and nxt not in ("is", "was", "are", "were", "has", "have", "had")


def _name_closed(text: str, end: int, stretch_end: int) -> bool:
    """Names stand before the clause's verb ("my kids Max and Lily *love* it"): any word
    may follow the last one."""
    return True
