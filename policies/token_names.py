"""Names in a sentence's tokens: where a capitalised name ends and starts, and whether the
verb after it agrees with a name ("Alice works", not "Feels like")."""

from __future__ import annotations

import re

from nousmem.policies.clause_leads import STRIP as _STRIP
from nousmem.policies.clause_leads import clean
from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.subject_words import ADVERBS, MODALS, NAME_STOP, PAST_IRREGULAR, SKIP_WORDS

__all__ = ["NAME_TOKEN", "POSSESSIVES", "agrees", "name_at"]

#: One capitalised word of a name ("Alice", "O'Brien", "Jean-Luc").
NAME_TOKEN = re.compile(rf"^[{UPPER}][{LOWER}]+(?:[-'][{UPPER}]?[{LOWER}]+)*$")
#: Possessive determiners: "my sister", "our dog".
POSSESSIVES = frozenset({"my", "our", "his", "her", "their"})
_NOUN_SUFFIXES = ("ing", "tion", "sion", "ness", "ment", "ity", "ism", "ship")
# Words after "Alice's" that make it "Alice is": a preposition (a possessive wants a noun:
# "Mia's in kindergarten", "Tom's from Peru") or a state a person is in ("Mia's allergic
# to peanuts", "Ana's vegan"); not a number ("Ana's 2 kids").
_IS_BEFORE = frozenset(
    "in at from on with into over out away home here there allergic married engaged "
    "pregnant vegan vegetarian single divorced retired".split()
)


def name_at(toks: list[tuple[int, int, str]], i: int) -> tuple[str, int] | None:
    """The capitalised name ending at token ``i`` (up to three tokens), with its start."""
    raw = toks[i][2].strip(_STRIP + ",;:!?.")
    if raw.endswith("'s"):
        raw = raw[:-2]
    if not NAME_TOKEN.match(raw) or raw.lower() in NAME_STOP:
        return None
    parts, start = [raw], toks[i][0]
    j = i - 1
    while j >= 0 and len(parts) < 3:
        prev = toks[j][2]
        if prev[-1:] in ",;:!?." or not NAME_TOKEN.match(prev) or prev.lower() in NAME_STOP:
            break
        parts.insert(0, prev)
        start = toks[j][0]
        j -= 1
    return " ".join(parts), start


def agrees(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the verb after the name at token ``i`` is third person singular or past.

    "Alice works", "Alice went", "Alice's" and "Alice will" pass; "Feels like" (a capitalised
    sentence opener, not a name) and "Alice and Bob like" do not.
    """
    if i == 0 and clean(toks[0][2]).endswith(_NOUN_SUFFIXES):
        return False  # "Dancing is ...", "Meditation helps ...": a capitalised noun
    if toks[i][2].rstrip(_STRIP + ",;:!?.").endswith("'s"):
        # "Alice's going" (is) but not "Nature's beauty" (possessive).
        nxt = clean(toks[i + 1][2]) if i + 1 < len(toks) else ""
        return (
            nxt in SKIP_WORDS or nxt in ADVERBS or nxt in _IS_BEFORE or nxt.endswith(("ing", "ed"))
        )
    for _, _, raw in toks[i + 1 : i + 5]:
        low = clean(raw)
        if low in ADVERBS:
            continue
        if low in MODALS or low in PAST_IRREGULAR or low.endswith(("ed", "'s", "'ll", "n't")):
            return True  # "Tom didn't like Ohio and moved": Tom's
        return low.endswith("s") and not low.endswith("ss")
    return False
