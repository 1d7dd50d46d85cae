"""A status that says a marriage ended ends the spouse memory holds.

"We split up" or "I'm divorced" names no spouse, so no extractor can deny one: the speaker
leaves it to the listener, who knows whom they married. Memory knows it too, so a write adds
the denial: after "I'm married to Tom.", "We split up." denies Tom as spouse, with the
status claim's confidence, time and span, as a change. Nothing is added when the same
observation names a spouse of that entity ("I divorced Tom", "We divorced and I married
Jake"): the sentence said which marriage it meant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["ENDED_STATUSES", "ended_spouses"]

#: Relationship statuses that leave no spouse held.
ENDED_STATUSES = frozenset({"divorced", "separated", "widowed"})


def ended_spouses(
    claims: Sequence[Claim], held_spouses: Callable[[str], Sequence[str]]
) -> list[Claim]:
    """Denials of the spouses ``held_spouses(entity)`` returns, for each entity that
    ``claims`` assert an ended-marriage status of and name no spouse of; in claim order."""
    named = {match_key(c.entity) for c in claims if c.attribute == "spouse"}
    out: list[Claim] = []
    for c in claims:
        if (
            c.attribute != "relationship_status"
            or c.polarity != "assert"
            or match_key(c.value) not in ENDED_STATUSES
            or match_key(c.entity) in named
        ):
            continue
        named.add(match_key(c.entity))  # one denial per spouse, however often it was said
        fields = c.model_dump()
        fields.update(attribute="spouse", polarity="negate", change=True)
        out.extend(Claim(**{**fields, "value": v}) for v in held_spouses(c.entity))
    return out
