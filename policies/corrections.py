"""A value said with the one it replaces: "My daughter's name is Mia, not Maya", "I live in
Leeds, not York".

The rules read the first value; the one after "not" is the same attribute's, denied. For a
single-valued attribute the new value would displace the old anyway, but a multi-valued
one (children, friends, languages) would otherwise keep both. The alternative runs to the
clause's end: "I work at Globex, not far from home" denies nothing. A capitalised one may
be a name of up to four words; a lowercase one ("I prefer tea, not coffee") only after a
comma and a lowercase value, one or two words that name a thing: "I like it, not gonna
lie", "I love my job, not really though", "I'm a nurse, not anymore" deny nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nousmem.policies.patterns import SPECIES_NAMES
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["corrections"]

# ", not York." / " and not the Initech office," / ", but not June 12": the alternative
# starts with a capital and ends where the clause does.
_NOT_ALT = re.compile(
    r"\s*,?\s*(?:(?i:and|but)\s+)?(?i:not)\s+(?:(?i:the)\s+)?"
    r"(?P<alt>[A-Z][\w'&-]*(?:\s+[\w'&-]+){0,3}?)\s*(?=[.!?;,)]|$)"
)

# ", not coffee." / ", not coffee or juice!": lowercase words to the clause's end, one or
# two a thing.
_NOT_LOWER = re.compile(
    r"\s*,\s*(?:(?:and|but)\s+)?not\s+(?:(?:the|a|an)\s+)?"
    r"(?P<alt>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?"
    r"(?:(?:\s*,\s*|\s+(?:or|nor)\s+)[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?){0,2})"
    r"\s*(?=[.!?;,)]|$)"
)
# Words that make ", not ..." a remark, not a thing: "not gonna lie", "not really", "not
# sure", "not me", "not anymore", "not at all", "not bad".
_REMARK = frozenset(
    "gonna going really sure me you him her them us it that this those these one ones yet "
    "anymore now today tonight always ever much many all at bad good great quite exactly "
    "necessarily so too very even just only kidding joking lying everything anything "
    "nothing something everyone anyone either neither often usually mine yours "
    "ours theirs his hers true likely well".split()
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
        m = _NOT_ALT.match(content, c.span[1]) or _lowercase_alternative(content, c)
        if m is None:
            continue
        # "not York or Hull": each one.
        at = m.start("alt")
        for part in _OR.split(m.group("alt")):
            start = content.index(part, at)
            at = start + len(part)
            if not (part[:1].isupper() or m.re is _NOT_LOWER):
                continue
            value = part
            kind, _, name = c.value.rpartition(" ")
            if c.attribute == "pet" and part[:1].isupper() and " " not in part:
                # "My dog is called Max, not Rex": the pet held is "dog Rex", as "dog Max".
                value = f"{kind} {part}" if kind else part
            elif c.attribute == "pet" and kind and part in SPECIES_NAMES:
                # "Mochi is my rabbit, not a cat": the pet held is "cat Mochi".
                value = f"{part} {name}"
            key = (match_key(c.entity), c.attribute, match_key(value))
            if key in seen:
                continue
            seen.add(key)
            fields = c.model_dump()
            fields.update(value=value, polarity="negate", change=True, span=(start, at))
            out.append(Claim.model_validate(fields))
    return out


def _lowercase_alternative(content: str, claim: Claim) -> re.Match[str] | None:
    """A lowercase ", not <thing>" after a lowercase value of ``claim``, or None."""
    if not claim.value[:1].islower() or claim.span is None:
        return None
    m = _NOT_LOWER.match(content, claim.span[1])
    if m is None:
        return None
    words = [w for part in _OR.split(m.group("alt")) for w in part.split()]
    if any(w in _REMARK or w.endswith("ly") or w in ("or", "nor") for w in words):
        return None
    return m
