"""A food or a drink someone has again, ending the diet memory holds that leaves it out:
"I'm eating meat again" after "I'm vegetarian", "I started drinking again" after "I quit
drinking".

The diet rules read a diet begun ("I'm vegan now", "I stopped eating meat") and one denied
in its own words ("I'm no longer vegetarian"); a food taken up again names no diet, so read
alone it ended none and the vegetarian diet stayed held. Read against the diets held then,
it ends each that leaves the food out: meat ends ``vegetarian``, ``vegan``,
``pescatarian``, ``plant-based`` and ``meat-free``; dairy ends ``vegan`` and
``dairy-free``; a drink ends ``alcohol-free``, coffee ``coffee-free`` and
``caffeine-free``.

Only "I" or "we" having it "again", or having started to ("I've started eating fish", "I'm
back to eating meat"); not a supposition, a denial ("I'm not eating meat again") or a
one-off ("I ate meat (again) at the wedding": a lapse as often as a change of diet). Each
is a denial of the held diet, journaled with the extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.clause_leads import SUPPOSING
from nousmem.policies.held_denials import denial, denied_values, statements
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["resumed_foods"]

CONFIDENCE = 0.85
_MEATLESS = ("vegetarian", "vegan", "pescatarian", "plant-based", "meat-free")
# A food named -> the diets that leave it out.
_LEFT_OUT_BY: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("chicken", "bacon"), _MEATLESS),
    **dict.fromkeys(("meat", "red meat", "steak", "burgers"), (*_MEATLESS, "red-meat-free")),
    "pork": (*_MEATLESS, "pork-free"),
    "beef": (*_MEATLESS, "beef-free", "red-meat-free"),
    **dict.fromkeys(
        ("fish", "seafood", "shellfish"),
        ("vegetarian", "vegan", "plant-based", "fish-free", "seafood-free", "shellfish-free"),
    ),
    **dict.fromkeys(("dairy", "cheese", "milk"), ("vegan", "plant-based", "dairy-free")),
    "eggs": ("vegan", "plant-based", "eggs-free"),
    **dict.fromkeys(("gluten", "bread", "pasta"), ("gluten-free", "carb-free")),
    "sugar": ("sugar-free",),
    "carbs": ("carb-free",),
    "chocolate": ("chocolate-free",),
    "coffee": ("coffee-free", "caffeine-free"),
    "caffeine": ("caffeine-free",),
    "soda": ("soda-free",),
    "junk food": ("junk-food-free",),
    "fast food": ("fast-food-free",),
    **dict.fromkeys(("alcohol", "booze", "wine", "beer", "drinking"), ("alcohol-free",)),
}
_FOOD = "|".join(sorted((re.escape(f).replace(r"\ ", r"\s+") for f in _LEFT_OUT_BY), key=len)[::-1])
_SUBJECT = r"\b(?:I|[Ww]e)(?:'m|'ve|'re|\s+am|\s+are|\s+have)?(?:\s+(?:also|finally|now|just))?"
# Not "ate": "I ate meat again at the wedding" is a lapse as often as a change of diet.
_VERB = r"(?:eat|eats|eating|have|having|drink|drinking)"
_AGAIN = re.compile(
    _SUBJECT
    + r"\s+(?:(?:started|starting|begun|began|back\s+to)\s+)?"
    + _VERB
    + r"(?:\s+(?:some|a\s+little|a\s+bit\s+of))?\s+(?P<food>"
    + _FOOD
    + r")\s+(?:again|once\s+more)\b"
    r"|"
    + _SUBJECT
    + r"\s+(?:started|starting|begun|began|back\s+to)\s+"
    + _VERB
    + r"(?:\s+(?:some|a\s+little|a\s+bit\s+of))?\s+(?P<food2>"
    + _FOOD
    + r")\b"
    r"|" + _SUBJECT + r"\s+(?:(?:started|starting|back\s+to)\s+)?(?P<drink>drinking)\s+again\b",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\b(?:not|never|no\s+longer|n't|won't|wouldn't)\b", re.IGNORECASE)


def resumed_foods(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of diets ``actor`` held at ``occurred`` that leave out a food ``content``
    says they have again (see the module doc), less those ``claims`` already make."""
    if actor is None or ("again" not in content.lower() and not _started(content)):
        return []
    out: list[Claim] = []
    seen = denied_values(claims, "diet")
    diets: tuple[str, ...] | None = None
    for lo, text in statements(content):
        for m in _AGAIN.finditer(text):
            before = text[: m.start()]
            if SUPPOSING.search(before) or _DENIED.search(before[-25:]):
                continue
            food = " ".join(
                (m.group("food") or m.group("food2") or m.group("drink")).lower().split()
            )
            if diets is None:
                diets = tuple(held(actor, "diet", occurred))
            for diet in diets:
                if match_key(diet) in _LEFT_OUT_BY[food] and match_key(diet) not in seen:
                    seen.add(match_key(diet))
                    span = (lo + m.start(), lo + m.end())
                    out.append(denial(actor, "diet", diet, CONFIDENCE, span))
    return out


def _started(content: str) -> bool:
    low = content.lower()
    return (
        "started" in low
        or "starting" in low
        or "back to" in low
        or "began" in low
        or "begun" in low
    )
