"""A value said with the one it replaces: "My daughter's name is Mia, not Maya", "I live in
Leeds, not York".

The rules read the first value; the one after "not" is the same attribute's, denied. For a
single-valued attribute the new value would displace the old anyway, but a multi-valued
one (children, friends, languages) would otherwise keep both. Only a capitalised
alternative that runs to the clause's end counts: "I work at Globex, not far from home" and
"I like it, not gonna lie" deny nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["corrections"]

# ", not York." / " and not the Initech office," / ", but not June 12": the alternative
# starts with a capital and ends where the clause does.
_NOT_ALT = re.compile(
    r"\s*,?\s*(?:(?i:and|but)\s+)?(?i:not)\s+(?:(?i:the)\s+)?"
    r"(?P<alt>[A-Z][\w'&-]*(?:\s+[\w'&-]+){0,3}?)\s*(?=[.!?;,)]|$)"
)

_OR = re.compile(r"\s*,?\s+(?:or|nor|and)\s+|\s*,\s*")


def corrections(content: str, claims: Iterable[Claim]) -> list[Claim]:
    """The denials of the values ``content`` names with "not" right after a claim's value,
    for the claims of the rule extractor that assert one (in claim order, each value once,
    none that ``claims`` already hold)."""
    claims = list(claims)
    seen = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in claims}
    out: list[Claim] = []
    for c in claims:
        if c.polarity != "assert" or c.span is None or c.extractor != "rule":
            continue
        m = _NOT_ALT.match(content, c.span[1])
        if m is None:
            continue
        # "not York or Hull": each one.
        at = m.start("alt")
        for part in _OR.split(m.group("alt")):
            start = content.index(part, at)
            at = start + len(part)
            key = (match_key(c.entity), c.attribute, match_key(part))
            if key in seen or not part[:1].isupper():
                continue
            seen.add(key)
            fields = c.model_dump()
            fields.update(value=part, polarity="negate", change=True, span=(start, at))
            out.append(Claim.model_validate(fields))
    return out
