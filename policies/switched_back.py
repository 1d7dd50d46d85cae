"""A switch back ends what replaced the value switched back to.

"We switched from GitHub Actions to Buildkite." then "We moved back to GitHub Actions.": the
extractor reads the tool used again, but the sentence does not name Buildkite, so memory
would hold both. The switch that dropped GitHub Actions said what took its place: the
values its observation asserted. A change back to a value denies those, when memory still
holds them; an earlier switch that named nothing in its place ends nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import Revision, match_key
from nousmem.projections.models import Claim

__all__ = ["switched_back"]

#: The revisions memory folded for (entity, attribute), in journal order.
Revisions = Callable[[str, str], Sequence[Revision]]

_BACK = re.compile(r"\bback\s+(?:over\s+)?to\b", re.IGNORECASE)


def switched_back(
    claims: Sequence[Claim],
    content: str,
    occurred: datetime,
    held: HeldValues,
    revisions: Revisions,
) -> list[Claim]:
    """The denials a change back (a ``change`` claim whose span says "back to") makes, said
    at ``occurred``: of each value the latest switch away from the claimed value asserted,
    that memory still holds."""
    if "back" not in content.lower():
        return []  # most messages switch nothing back: a substring test spares the rest
    said = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in claims}
    out: list[Claim] = []
    for c in claims:
        if c.polarity != "assert" or not c.change or c.span is None:
            continue
        if _BACK.search(content, c.span[0], c.span[1]) is None:
            continue
        history = [r for r in revisions(c.entity, c.attribute) if r.occurred_at <= occurred]
        back_to = match_key(c.value)
        dropped = [r for r in history if r.polarity == "negate" and match_key(r.value) == back_to]
        if not dropped or not dropped[-1].evidence_ids:
            continue
        switch = set(dropped[-1].evidence_ids)
        now = {match_key(v) for v in held(c.entity, c.attribute, occurred)}
        for r in history:
            key = (match_key(c.entity), c.attribute, match_key(r.value))
            if (
                r.polarity == "assert"
                and switch.intersection(r.evidence_ids)
                and match_key(r.value) in now
                and match_key(r.value) != back_to
                and key not in said
            ):
                said.add(key)
                out.append(c.model_copy(update={"value": r.value, "polarity": "negate"}))
    return out
