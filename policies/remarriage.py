"""A new spouse makes the status married.

"I married Jake last year." names a spouse and no status. After "Tom and I got divorced."
memory would hold ``spouse: Jake`` next to ``relationship_status: divorced``, a status the
new marriage ended. So a write adds ``relationship_status: married`` for a spouse asserted
plainly (not denied, not hedged) when the entity's status held is another one (divorced,
separated, widowed, single, engaged) and the observation says no status of that entity
itself ("Jake and I got married" gives its own). It has the spouse claim's
confidence, time and span, as a change, and is journaled with the other claims.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from nousmem.policies.ended_marriage import claimed_at
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["wedded_statuses"]

_WEDDING = re.compile(r"(?i)\b(?:married|marry|marrying|wed)\b")


def wedded_statuses(
    claims: Sequence[Claim],
    content: str,
    occurred: datetime,
    held_status: Callable[[str, datetime], Sequence[str]],
) -> list[Claim]:
    """The ``married`` status claims that the weddings in ``claims`` imply (an asserted
    spouse read from a wedding verb in ``content``: "I married Jake", "Jake and I got
    married"), for each entity whose status held at ``occurred`` (``held_status(entity,
    at)``) is another one; in claim order. "My husband Tom passed away" names a spouse but
    no wedding. A wedding dated before the status held now began ("I married Tom in 2005"
    after a 2019 divorce) is history: it changes no status now."""
    said = {match_key(c.entity) for c in claims if c.attribute == "relationship_status"}
    out: list[Claim] = []
    for c in claims:
        key = match_key(c.entity)
        if c.attribute != "spouse" or c.polarity != "assert" or c.hedged or key in said:
            continue
        if c.span is None or _WEDDING.search(content, c.span[0], c.span[1]) is None:
            continue
        said.add(key)  # one status per entity
        held = [match_key(v) for v in held_status(c.entity, occurred)]
        if not held or "married" in held:
            continue  # no status to contradict, or the right one already
        then = [match_key(v) for v in held_status(c.entity, claimed_at(c, occurred))]
        if then != held:
            continue  # the status held now came after the wedding
        fields = c.model_dump()
        # No stronger than the wedding it comes from: a spouse claim that cannot overturn a
        # denial must not make the status married on its own.
        fields.update(attribute="relationship_status", value="married", change=c.change)
        out.append(Claim(**fields))
    return out
