"""A value said with the one it replaces: "My daughter's name is Mia, not Maya", "I live in
Leeds, not York"; and the other way round, a value denied with the one that holds instead:
"I don't live in Boston, it's Cambridge", "I'm not allergic to peanuts. It's shellfish."

The rules read the first value; the one after "not" is the same attribute's, denied. For a
single-valued attribute the new value would displace the old anyway, but a multi-valued
one (children, friends, languages) would otherwise keep both. The alternative runs to the
clause's end: "I work at Globex, not far from home" denies nothing. A capitalised one may
be a name of up to four words; a lowercase one ("I prefer tea, not coffee") only after a
comma and a lowercase value, one or two words that name a thing: "I like it, not gonna
lie", "I love my job, not really though", "I'm a nurse, not anymore" deny nothing.

After a denied value, "it's Y" (or "it is Y", "it's actually Y") to the end of its clause,
in the same sentence or as the whole next one, asserts Y for the denied claim's entity and
attribute, with its flags (a correction's stays one). Y is a name of up to four words after
a denied name ("I don't work at Acme, it's Globex"; not "it's too far"), or after a denied
allergy, diet, medication or condition one or two lowercase words that name a thing ("I'm
not allergic to peanuts, it's shellfish"; not "it's weird", "it's a long story").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nousmem.policies.patterns import SPECIES_NAMES
from nousmem.policies.timeexpr_patterns import DAY_NUM, MONTH_NUMBERS
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["corrections", "replacements"]

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

# ", it's Cambridge." / ". It's actually shellfish!": what holds instead of a denied value,
# to the end of its clause (the separator before it is checked by ``replacements``).
_ITS = re.compile(
    r"(?P<sep>\s*[,;:\u2014\u2013]\s*|\s*[.!]\s+|\s+-\s+)(?:(?i:but|and)\s+)?(?i:it(?:'s|\s+is))"
    r"\s+(?:(?i:actually|really|just)\s+)?(?:(?P<the>the)\s+)?"
    r"(?P<alt>[\w'&-]+(?:\s+[\w'&-]+){0,3}?)(?:\s+(?i:now|instead|actually))?\s*(?=[.!;,)]|$)"
)
_CALENDAR = frozenset([*DAY_NUM, *MONTH_NUMBERS, "i", "today", "tomorrow", "yesterday"])
# Attributes whose lowercase values name things ("shellfish", "vegetarian", "ibuprofen",
# "asthma"), so that a lowercase "it's Y" after a denied one may be another.
_LOWER_THINGS = frozenset({"allergy", "diet", "medication", "condition"})
# What "it's ..." says of the denial rather than in its place: "it's weird", "it's fine".
_VERDICT = frozenset(
    "weird odd fine ok okay crazy funny sad strange hard tough rare real wrong right mild "
    "worse fake new old same different over gone late early free expensive cheap far close "
    "nice cool hot cold big small fun gross bitter sweet spicy healthy unhealthy bland safe "
    "dangerous scary silly stupid dumb normal possible impossible complicated simple easy "
    "true false obvious clear unclear serious lame mine yours".split()
)


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


def replacements(content: str, claims: Iterable[Claim]) -> list[Claim]:
    """The values ``content`` says hold instead of a denied one ("it's Y" after it; see the
    module doc), for the claims of the rule extractor that deny one (in claim order, each
    value once, none that ``claims`` already hold)."""
    claims = list(claims)
    seen = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in claims}
    out: list[Claim] = []
    for c in claims:
        if c.polarity != "negate" or c.span is None or c.extractor != "rule":
            continue
        value = _replacement(content, c)
        if value is None:
            continue
        start, end = value
        key = (match_key(c.entity), c.attribute, match_key(content[start:end]))
        if key in seen:
            continue
        seen.add(key)
        fields = c.model_dump()
        fields.update(value=content[start:end], polarity="assert", span=(start, end))
        out.append(Claim.model_validate(fields))
    return out


def _replacement(content: str, claim: Claim) -> tuple[int, int] | None:
    """The span of what holds instead of ``claim``'s denied value, or None."""
    assert claim.span is not None
    end = claim.span[1]
    m = _ITS.search(content, end, end + 200)
    if m is None:
        return None
    between = content[end : m.start()]
    sep = m.group("sep").strip()
    # The same sentence (", it's Y") or the whole next one (". It's Y."), with nothing but
    # the denial's own clause before it.
    if "?" in between or any(p in between for p in ".!"):
        return None
    if sep in (".", "!") and content[m.end() : m.end() + 1] not in ("", ".", "!"):
        return None
    alt = m.group("alt")
    words = alt.split()
    if claim.value[:1].isupper():
        # A name, not a day's ("it's Monday") nor a verdict's ("it's OK").
        if not all(w[:1].isupper() or w in ("of", "de", "&") for w in words) or any(
            w.lower() in _VERDICT or w.lower() in _CALENDAR for w in words
        ):
            return None
    elif (
        claim.attribute not in _LOWER_THINGS
        or m.group("the")
        or len(words) > 2
        or not alt.islower()
        or any(w in _VERDICT or w in _REMARK or w.endswith(("ly", "ing", "ed")) for w in words)
        or words[0] in ("a", "an", "not", "no")
    ):
        return None
    return m.start("alt"), m.end("alt")
