"""A value that excludes the values held beside it: "I'm pescatarian now" after "I'm
vegetarian".

A multi-valued attribute holds several values at once (a vegetarian can be gluten-free
too), but some of its values exclude each other: one eats fish or does not. An attribute's
spec names such groups (``AttributeSpec.exclusive``; in the default schema, the eating
patterns of ``diet``). A claim asserting a value of a group says that the group's other
values no longer hold, but names none of them: the speaker leaves it to the listener, who
knows the earlier diet. Memory knows it too, so a write adds the denial of each other value
of the group that memory holds at the claim's time, with the claim's confidence, time and
span, as a change (as :mod:`.ended_marriage` does for a spouse).

Nothing is added for a hedged claim ("I think I'm pescatarian now" is a guess), for a value
the same observation itself asserts or denies ("I'm vegan, not vegetarian" has said it), or
twice for one value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from nousmem.policies.ended_marriage import claimed_at
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["ExclusiveGroups", "exclusive_denials"]

#: An attribute's groups of mutually exclusive values.
ExclusiveGroups = Callable[[str], Sequence[Sequence[str]]]


def exclusive_denials(
    claims: Sequence[Claim], occurred: datetime, groups: ExclusiveGroups, held: HeldValues
) -> list[Claim]:
    """The denials ``claims`` imply of held values that exclude a value they assert, in
    claim order (``occurred``: when the observation was said)."""
    said = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in claims}
    out: list[Claim] = []
    for c in claims:
        if c.polarity != "assert" or c.hedged:
            continue
        value = match_key(c.value)
        rivals = {
            match_key(v) for g in groups(c.attribute) if value in map(match_key, g) for v in g
        } - {value}
        if not rivals:
            continue
        entity = match_key(c.entity)
        for v in held(c.entity, c.attribute, claimed_at(c, occurred)):
            key = (entity, c.attribute, match_key(v))
            if key[2] in rivals and key not in said:
                said.add(key)
                out.append(c.model_copy(update={"value": v, "polarity": "negate", "change": True}))
    return out
