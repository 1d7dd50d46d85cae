"""The items of a list, one reader per kind of value (``policies/coordination.py`` walks
the list): a noun phrase, a gerund phrase, a name, a pet, or what a rule declares
(``Rule.items``); and fixed pairs ("rock and roll") that stay one value.

Every reader returns the item's value as said and its end offset, or None when the words do
not read as an item of that kind; all run the same checks (:func:`_acceptable`).
"""

from __future__ import annotations

import re
from itertools import islice
from typing import NamedTuple

from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.list_words import (
    BINOMIALS,
    CLAUSE_VERBS,
    ITEM_REJECT,
    ITEM_REJECT_START,
    PEOPLE,
    VERBS,
)
from nousmem.policies.patterns import NAME, NOT_A_NAME, SPECIES, SPECIES_SINGULAR
from nousmem.policies.subject_words import ABBREVIATIONS, NAME_STOP, PAST_IRREGULAR
from nousmem.policies.value_trim import trim_name, trim_phrase
from nousmem.policies.value_words import (
    VALUE_STOP,
)
from nousmem.projections.title_points import TITLE_POINT

__all__ = [
    "MAX_WORDS",
    "STRETCH_END",
    "TRAIL",
    "WORD",
    "Item",
    "binomial",
    "read_gerund_phrase",
    "read_matched",
    "read_name",
    "read_pet",
    "read_pet_name",
    "read_phrase",
    "verbish",
]

MAX_WORDS = 3
"""Words in one item: "circuit training", "Dungeons and Dragons" is a binomial."""

# The end of the stretch an item may span: the chars a rule's VAL never crosses.
STRETCH_END = re.compile(r"[,;:!?()\[\]\n\"]|(?<!\d)\.|\.(?!\d)")
WORD = re.compile(r"\S+")
_PAIR_JOIN = re.compile(r"\s+(?:and|&|'n'|'n|n')\s+", re.I)
TRAIL = ",.;:!?\"'"
_DETERMINERS = frozenset({"my", "the", "a", "an", "this", "that", "some"})
_NOT_A_NAME = re.compile(NOT_A_NAME)
_NAME = re.compile(NAME)
# Not "the cat": "a dog and the cat next door" owns no cat.
_PET = re.compile(
    r"(?P<det>(?i:a|an|my|our|two|three|four|five|some|another)\s+)?"
    r"(?:(?i:new|little|cute|rescue|baby|pet|old|senior)\s+)?"
    + SPECIES
    + r"\b(?:\s*,?\s+(?i:named|called)\s+(?P<petname>"
    + rf"[{UPPER}][{LOWER}]+(?:{TITLE_POINT}\s+[{UPPER}][{LOWER}]+)?"  # "Mr. Biscuit"
    + r"))?"
)


class Item(NamedTuple):
    """One further value of a list: its text and its end offset in the sentence."""

    value: str
    end: int
    time: int | None = None
    """Where a time expression said of this item alone starts ("Peru *in 2021*")."""


def binomial(text: str, value: str, vend: int, cuts: list[int] | None = None) -> Item | None:
    """If ``value`` (ending at ``vend`` in ``text``) is the first half of a fixed pair
    ("rock" before "and roll"), the whole pair as one value, with the noun it modifies
    ("rock and roll *music*"); else None."""
    join = _PAIR_JOIN.match(text, vend)
    if join is None:
        return None
    head = value.split()
    after = [(w.group(0), w.end()) for w in islice(WORD.finditer(text, join.end()), 3)]
    for k in range(1, min(2, len(head)) + 1):
        left = " ".join(head[-k:]).lower()
        for n in range(1, len(after) + 1):
            said = [w for w, _ in after[:n]]
            last = said[-1].rstrip(TRAIL)
            right = [*said[:-1], last]
            if f"{left} and {' '.join(right)}".lower() in BINOMIALS:
                end = after[n - 1][1] - (len(said[-1]) - len(last))
                pair = [*head, "and", *right]
                stop = STRETCH_END.search(text, end)
                more = trim_phrase(
                    text, end, stop.start() if stop else len(text), cuts or [], VALUE_STOP
                )
                if more is not None and len(pair) + len(more[0].split()) <= 6:
                    return Item(" ".join([*pair, more[0]]), more[1])
                return Item(" ".join(pair), end)
            if last != said[-1]:
                break  # punctuation ends the pair's second half
    return None


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
        any(w in ITEM_REJECT for w in low)
        or any(w in VERBS for w in verbs)
        or _clause_like(said)
        or _past_verb(said)
    )


def _past_verb(said: list[str]) -> bool:
    """Whether an item opens with a verb in the past, the same subject's next clause: "went
    to the game and *won*", "to dinner and *talked* for hours" (not "and *fried* chicken")."""
    head = said[0]
    if not head.islower():
        return False
    if head in PAST_IRREGULAR:
        return True
    return head.endswith("ed") and (len(said) == 1 or said[1].lower() in _AFTER_VERB)


# Words after a past verb that show it is one ("talked *for* hours", "failed *miserably*").
_AFTER_VERB = frozenset(
    "for with at about to all so until till together again a the it our my up out off "
    "home back miserably badly".split()
)


def _words(text: str, start: int, end: int) -> list[str]:
    return [w.strip(TRAIL) for w in text[start:end].split()]


def read_phrase(text: str, start: int, stretch_end: int, *, cuts: list[int]) -> Item | None:
    got = trim_phrase(text, start, stretch_end, cuts, VALUE_STOP)
    if got is None:
        return None
    value, end = got
    if len(value.split()) > MAX_WORDS or not _acceptable(_words(text, start, end)):
        return None
    return binomial(text, value, end, cuts) or Item(value, end)


def read_gerund_phrase(text: str, start: int, stretch_end: int, *, cuts: list[int]) -> Item | None:
    item = read_phrase(text, start, stretch_end, cuts=cuts)
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


def read_name(text: str, start: int, stretch_end: int) -> Item | None:
    if _NOT_A_NAME.match(text, start) is None:
        return None  # "my friends Chinese and Indian food", "Tom and Dr. Lee"
    m = _NAME.match(text, start, stretch_end)
    if m is None or m.group(0).endswith(("'s", "'")):
        return None  # "Tom and Ana's sister": Ana is not the one named
    name = trim_name(m.group(0))
    if name is None or len(name.split()) != len(m.group(0).split()):
        return None  # "Tom and I", "Tom and Monday": no name
    if name in ABBREVIATIONS and text[m.end() : m.end() + 1] == ".":
        return None  # "St. John", "Jr.": an abbreviation, not a name
    return Item(name, m.end())


def read_pet_name(text: str, start: int, stretch_end: int, *, species: str) -> Item | None:
    """A further name after a plural species and its first name ("my cats Luna *and Milo*"):
    the value the first one has, with this name."""
    item = read_name(text, start, stretch_end)
    if item is None or " " in item.value or item.value.lower() in NAME_STOP:
        return None  # one word, as a pet's first name is read ("Luna", not "Luna Lovegood")
    return Item(f"{species} {item.value}", item.end)


def read_pet(text: str, start: int, stretch_end: int) -> Item | None:
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


def read_matched(
    text: str, start: int, stretch_end: int, *, pattern: re.Pattern[str]
) -> Item | None:
    m = pattern.match(text, start, stretch_end)
    if m is None or not _acceptable(_words(text, start, m.end("val"))):
        return None
    return Item(m.group("val"), m.end("val"))


def verbish(word: str) -> bool:
    low = word.lower().strip(TRAIL)
    return low in CLAUSE_VERBS or (word.islower() and low.endswith("ed"))
