"""A plan or an event memory holds, replaced by one said "instead" without naming it.

"We're going to Lisbon instead of Rome" names what it replaces, and the extractor denies
``trip to Rome``. "We changed our plans, we're going to Lisbon instead" does not: read
alone it left ``trip to Rome`` held beside ``trip to Lisbon``. Read against what the
speaker holds, it replaces the one held value of the same frame: the value's words but its
names ("trip to Rome" and "trip to Lisbon" are both ``trip to _``; "Berlin marathon" and
"Chicago marathon" both ``_ marathon``). When none or two held values share the frame,
nothing is replaced.

Only a ``goal`` or an ``activity`` the extractor read as a change, in a sentence with a
bare "instead" (not "instead of ...", which the extractor reads itself). Each is a denial
of the held value, journaled with the extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_denials import denial, statements
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["instead_values"]

ATTRIBUTES = ("goal", "activity")
CONFIDENCE = 0.85
_INSTEAD = re.compile(r"\binstead\b(?!\s+of\b)", re.IGNORECASE)
_WORD = re.compile(r"[\w'-]+")


def _frame(value: str) -> tuple[str, ...] | None:
    """``value``'s words with each name (a capitalised word) as "_"; None when it has no
    name or nothing else (a frame must say what kind of thing it is)."""
    words = _WORD.findall(value)
    frame = tuple("_" if w[:1].isupper() else w.lower() for w in words)
    if "_" not in frame or all(w == "_" for w in frame):
        return None
    return frame


def instead_values(
    claims: Sequence[Claim], content: str, occurred: datetime, held: HeldValues
) -> list[Claim]:
    """The denials of the held values that ``claims`` (read from ``content``, said at
    ``occurred``) replace with a bare "instead" (see the module doc)."""
    if "instead" not in content.lower():
        return []
    bare = [(lo, lo + len(text)) for lo, text in statements(content) if _INSTEAD.search(text)]
    if not bare:
        return []
    denied = {
        (match_key(c.entity), c.attribute, match_key(c.value))
        for c in claims
        if c.polarity == "negate"
    }
    # What the message denies itself ("instead of Rome" in another sentence) is what it
    # replaces: nothing is left to guess for that entity and attribute.
    named = {k[:2] for k in denied}
    out: list[Claim] = []
    for c in claims:
        if (
            c.attribute not in ATTRIBUTES
            or c.polarity != "assert"
            or not c.change
            or c.span is None
            or not any(a <= c.span[0] < b for a, b in bare)
        ):
            continue
        frame = _frame(c.value)
        if frame is None:
            continue
        entity = match_key(c.entity)
        if (entity, c.attribute) in named:
            continue
        same = [
            v
            for v in held(c.entity, c.attribute, occurred)
            if match_key(v) != match_key(c.value) and _frame(v) == frame
        ]
        if len(same) != 1 or (entity, c.attribute, match_key(same[0])) in denied:
            continue
        denied.add((entity, c.attribute, match_key(same[0])))
        out.append(denial(c.entity, c.attribute, same[0], CONFIDENCE, c.span))
    return out
