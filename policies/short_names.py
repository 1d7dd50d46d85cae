"""A denial that names a held value by a shorter or longer form of its name.

"I work as a nurse at Northwestern Memorial." then "I quit my job at Northwestern.": the
extractor reads the denial of ``employer: Northwestern``, a value memory never held, so the
job held stayed. People shorten names as they go on ("Northwestern", "Acme" for "Acme
Corp") or say them in full ("Acme Corporation"). A denial of a single-valued attribute whose
value memory does not hold, where exactly one held value shares its leading words (one name
a word-for-word start of the other), denies that held value instead. Asserts are left as
said: "I work at Google" after "Google Cloud" may be a move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["denied_by_name"]


def denied_by_name(
    claims: Sequence[Claim],
    occurred: datetime,
    held: HeldValues,
    single: Callable[[str], bool],
) -> list[Claim]:
    """``claims`` with each denial of a single-valued attribute (``single(attribute)``)
    whose value memory does not hold at ``occurred`` retargeted to the one held value whose
    name starts the same, word for word; claims keep their order."""
    if all(c.polarity != "negate" for c in claims):
        return list(claims)
    out: list[Claim] = []
    for c in claims:
        if c.polarity != "negate" or not single(c.attribute):
            out.append(c)
            continue
        values = held(c.entity, c.attribute, occurred)
        if not values or match_key(c.value) in {match_key(v) for v in values}:
            out.append(c)
            continue
        named = [v for v in values if _same_start(c.value, v)]
        out.append(c.model_copy(update={"value": named[0]}) if len(named) == 1 else c)
    return out


def _same_start(a: str, b: str) -> bool:
    """Whether one of two different names is the other's first words ("Northwestern",
    "Northwestern Memorial"), case aside."""
    x, y = match_key(a).split(), match_key(b).split()
    short, long = (x, y) if len(x) < len(y) else (y, x)
    return 0 < len(short) < len(long) and long[: len(short)] == short
