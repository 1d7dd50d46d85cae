"""A vegetarian who eats fish is a pescatarian: "I'm a vegetarian but I eat fish" gives the
diet ``pescatarian``, not ``vegetarian`` (which would tell an assistant never to suggest
the salmon). So do "..., though I still eat seafood" and "I'm vegetarian except for fish".
Not "I'm vegetarian but my husband eats fish" (someone else eats it) nor "... but I miss
fish" (no eating).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nousmem.policies.sentences import sentence_at
from nousmem.projections.models import Claim

__all__ = ["as_pescatarian"]

_FISH = r"(?:fish|seafood|salmon|tuna|shellfish|shrimp|prawns)"
# After the diet, in its sentence: the speaker (or the diet's holder, unsaid) eating fish.
_EATS_FISH = re.compile(
    r"[^.!?;]*?\b(?:"
    r"(?:but|though|although|yet|except\s+that)\s+(?:(?P<who>i|he|she|they|we)\s+)?"
    r"(?:(?:do|does|still|also|sometimes|occasionally|will)\s+)*eats?\s+"
    + _FISH
    + r"|except\s+(?:for\s+)?"
    + _FISH
    + r"|(?:who|that)\s+eats?\s+"
    + _FISH
    + r")\b",
    re.IGNORECASE,
)


def as_pescatarian(claims: Sequence[Claim], content: str, actor: str | None) -> list[Claim]:
    """``claims``, a ``vegetarian`` diet whose sentence says its holder eats fish read as
    ``pescatarian`` (see the module doc). ``actor``: the speaker, whose fish is "I eat";
    another's is "he / she / they eat(s)" ("Ana is vegetarian but I eat fish" is Ana's
    diet and the speaker's fish)."""
    out = []
    for c in claims:
        if (
            c.attribute == "diet"
            and c.polarity == "assert"
            and c.value.casefold() == "vegetarian"
            and c.span is not None
            and (piece := sentence_at(content, c.span[0])) is not None
            and (m := _EATS_FISH.match(content, c.span[1], piece.end())) is not None
            and _holder(m.group("who"), c.entity == actor)
        ):
            c = c.model_copy(update={"value": "pescatarian"})
        out.append(c)
    return out


def _holder(who: str | None, speaker: bool) -> bool:
    """Whether the pronoun ``who`` (None: none said) may be the diet's holder."""
    if who is None:
        return True
    return (who.lower() in ("i", "we")) == speaker
