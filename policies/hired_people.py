"""Who hired the speaker is the employer only when it is no person the speaker has.

"Stripe hired me" says the speaker works at Stripe, and "Sarah hired me" that Sarah is the
employer, as "I work for Sarah" does. But "My manager Tom hired me" tells of the manager,
not of an employer called Tom, and neither does "Dr. Lee hired me" name one called Lee: a
name the same message gives as someone the speaker has (a manager, a friend, a sister: one
of :data:`~nousmem.policies.pronoun_subject.PERSON_ATTRIBUTES`), or one with a title, is
no employer. A governed write also asks memory (``known``): "Tom hired me" after "Tom is my
manager" gives no employer Tom either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from nousmem.policies.pronoun_subject import PERSON_ATTRIBUTES
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim
from nousmem.projections.title_points import TITLE_ABBREVIATIONS

__all__ = ["hired_by_people"]

_HIRED = re.compile(r"\b(?i:hired)\b")
_TITLED = re.compile(r"(?:" + "|".join(sorted(TITLE_ABBREVIATIONS)) + r")\.?\s")


def hired_by_people(
    claims: Sequence[Claim],
    content: str,
    known: Callable[[str], bool] | None = None,
) -> list[Claim]:
    """``claims`` without the employers a "hired" names that are people: a value the
    same claims hold as a person someone has, a titled name ("Dr. Lee", and the "Lee" read
    inside it), or one ``known(value)`` says memory holds as such."""
    hired = [c for c in claims if _by_hiring(c, content)]
    if not hired:
        return list(claims)
    people = {match_key(c.value) for c in claims if c.attribute in PERSON_ATTRIBUTES}
    titled = [c.span for c in hired if c.span and _TITLED.match(c.value)]
    drop = {
        id(c)
        for c in hired
        if match_key(c.value) in people
        or _TITLED.match(c.value)
        or any(s[0] <= c.span[0] < s[1] for s in titled if c.span)  # "Lee" in "Dr. Lee"
        or (known is not None and known(c.value))
    }
    return [c for c in claims if id(c) not in drop]


def _by_hiring(claim: Claim, content: str) -> bool:
    """An employer said by hiring: "Tom hired me", "I was hired by Tom"."""
    if claim.attribute != "employer" or claim.polarity != "assert" or claim.span is None:
        return False
    return _HIRED.search(content, *claim.span) is not None
