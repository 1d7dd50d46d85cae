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
from typing import NamedTuple

from nousmem.policies.clauses import trim_name, trim_phrase
from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.list_words import (
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
    SPECIES,
    SPECIES_SINGULAR,
    VALUE_STOP,
    ValueKind,
)

__all__ = [
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
    plural: bool = False,
    pattern: re.Pattern[str] | None = None,
) -> list[Item]:
    """The further items of a list whose first value ``first`` (of a rule's value
    ``kind``) ends at ``vend`` in ``text``; ``[]`` unless the words after it form one
    closed list. Items come as said (the caller normalises them as it does the first
    value), except that a noun-phrase list under a gerund keeps it: "stopped drinking tea
    and coffee" gives "drinking coffee".

    ``denied``: the clause is negated, so "or" and "nor" join items too. ``plural``: the
    noun before a name is plural or a preposition ("my *kids* Max and Lily", "friends
    *with* Tom and Ana"); a name list needs it ("my friend Tom and Ana" names one friend).
    ``pattern``: what each further item of a raw or status value matches at its start
    (group ``val``; ``Rule.items``); without one such a value takes no list.
    """
    if kind == "np":
        items = _walk(text, vend, partial(_item, cuts=cuts), _closed, denied)
        lead = first.split()
        if len(lead) > 1 and lead[0].lower().endswith("ing"):
            return [
                it
                if it.value.split()[0].lower().endswith("ing")
                else it._replace(value=f"{lead[0]} {it.value}")
                for it in items
            ]
        return items
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
    """Read items after ``vend`` while separators and items read; keep them up to the
    last item after a conjunction where the list may end ("A, B and C", "A and B and C";
    "A and B and my sister ..." keeps B)."""
    joins = ("and", "&", "or", "nor") if denied else ("and", "&")
    items: list[Item] = []
    kept = 0
    pos = vend
    while len(items) < MAX_ITEMS:
        sep = _SEP.match(text, pos)
        if sep is None or sep.end() == pos:
            break
        conj = (sep.group("c1") or sep.group("c2") or "").lower()
        if conj and conj not in joins:
            break
        stop = _STRETCH_END.search(text, sep.end())
        stretch_end = stop.start() if stop is not None else len(text)
        item = read(text, sep.end(), stretch_end)
        if item is None or _glued(text, item.end):
            break
        items.append(item)
        pos = item.end
        if conj and closed(text, pos, stretch_end):
            kept = len(items)
        elif conj:
            break
    return items[:kept]


def _glued(text: str, end: int) -> bool:
    """Whether punctuation right after an item runs on into a word ("coffee.com",
    "https://..."): the item is part of a longer token."""
    nxt = text[end + 1 : end + 2]
    return text[end : end + 1] in _TRAIL and (nxt.isalnum() or nxt == "/")


def _item(text: str, start: int, stretch_end: int, *, cuts: list[int]) -> Item | None:
    first = _WORD.match(text, start)
    if first is None or first.group(0).lower().strip(_TRAIL) in ITEM_REJECT_START:
        return None  # "and not coffee", "and her sister ...", "and maybe swimming"
    got = trim_phrase(text, start, stretch_end, cuts, VALUE_STOP)
    if got is None:
        return None
    value, end = got
    said = [w.strip(_TRAIL) for w in text[start:end].split()]
    low = [w.lower() for w in said]
    # A one-word item keeps its case: a capitalised word is a name ("Python, Go and Rust").
    verbs = said if len(said) == 1 else low
    if (
        len(value.split()) > MAX_WORDS
        or any(w in ITEM_REJECT for w in low)
        or any(w in VERBS for w in verbs)
        or _clause_like(said)
    ):
        return None
    return binomial(text, value, end, cuts) or Item(value, end)


def _clause_like(said: list[str]) -> bool:
    """Whether an item's words read as a clause: a subject and its verb ("dogs *bite*",
    "Tom *agrees*", "my wife *cleans*"; not "tv shows", "long walks": no subject opens
    them), or a verb and its object ("*adore* swimming")."""
    if len(said) < 2:
        return False
    head = said[0].lower()
    if head in CLAUSE_VERBS:
        return True  # "and adore swimming": a verb phrase, its own rule's
    if head in _DETERMINERS:
        if len(said) > 2 and said[1].lower() in PEOPLE:
            return True  # "and my wife swimming": a person does something
        rest = said[2:]
    elif said[0][:1].isupper() or (
        len(head) > 3 and head.endswith("s") and not head.endswith("ss")
    ):
        rest = said[1:]
    else:
        return False
    return any(w.lower() in CLAUSE_VERBS for w in rest)


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
    """Whether the list may end at ``end``: only a word of ``LIST_END`` may follow it."""
    rest = _WORD.search(text, end, stretch_end)
    return rest is None or rest.group(0).lower().strip(_TRAIL) in LIST_END


def _name_closed(text: str, end: int, stretch_end: int) -> bool:
    """Names stand before the clause's verb ("my kids Max and Lily *love* it"): any word
    may follow the last one."""
    return True
