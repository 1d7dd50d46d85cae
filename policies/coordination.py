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
from itertools import islice
from typing import NamedTuple

from nousmem.policies.clauses import trim_phrase
from nousmem.policies.patterns import VALUE_STOP, words

__all__ = ["BINOMIALS", "MAX_ITEMS", "MAX_WORDS", "Item", "binomial", "coordinated"]

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


def coordinated(text: str, vend: int, cuts: list[int], *, denied: bool = False) -> list[Item]:
    """The further items of a list whose first value ends at ``vend`` in ``text``.

    Returns ``[]`` unless the words after the value form one closed list (see the module
    docstring); ``denied``: the clause is negated, so "or" and "nor" join items too.
    """
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
        item = _item(text, start, stretch_end, cuts)
        if item is None:
            return []
        items.append(item)
        pos = item.end
        if conj:
            return items if _closed(text, item.end, stretch_end) else []
    return []


def _item(text: str, start: int, stretch_end: int, cuts: list[int]) -> Item | None:
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


def _closed(text: str, end: int, stretch_end: int) -> bool:
    """Whether the list ends at ``end``: nothing but a value-ending word may follow it."""
    rest = _WORD.match(text, end) if text[end:stretch_end].strip() else None
    if rest is None:
        return True
    nxt = text[rest.start() : rest.end()].lower().strip(",.;:!?'\"")
    return nxt in VALUE_STOP and nxt not in ("is", "was", "are", "were", "has", "have", "had")
