""" "He" and "she" opening a sentence, as the one person the sentence before names.

"My sister Maya just got a new job. She works at Google now." says where Maya works; the rule
table reads no claim of a pronoun. Where the sentence before (in the same message) names
exactly one person, and nothing else that could be one, a sentence opening with "He" or
"She" is read again with that name in its place and keeps what it says of them; a chain
of such sentences keeps the same person ("She works at Google. She loves it."). A person
named is a claim's entity, a value of an attribute that names people ("my sister *Maya*")
or a name opening the sentence as its subject ("Ana called."); any other capitalised word
that is not a listed place, a month, a day or a claim's value of another kind ("Google")
makes it ambiguous, and nothing is read. Gender is not known: "Tom called. She lives in
Paris" would read Tom, so two names, or none, give nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from nousmem.policies.place_names import PLACE_NAMES
from nousmem.policies.sentences import Piece, sentences
from nousmem.policies.timeexpr_patterns import DAYS, MONTHS
from nousmem.policies.token_names import agrees, name_at
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim, Observation

__all__ = ["PERSON_ATTRIBUTES", "pronoun_claims"]

#: Attributes whose value is a person someone has ("my sister *Maya*", "my doctor *Dr. Lee*"):
#: a person named in passing. (An employer, a project or a liked name is no one.)
PERSON_ATTRIBUTES = frozenset(
    {
        "child",
        "coworker",
        "dentist",
        "doctor",
        "friend",
        "grandparent",
        "manager",
        "nanny",
        "neighbor",
        "parent",
        "relative",
        "roommate",
        "sibling",
        "spouse",
        "teacher",
        "therapist",
    }
)

# "She works", "He's", "And she ...", "So he ..."; not "She said" (a report: rules_reported
# reads what the speaker is told) nor a question.
_OPENING = re.compile(r"^(?:(?:and|so|but|now)\s+)?(?P<pro>(?i:he|she))(?=['\u2019]|\s)", re.I)
_TOKEN = re.compile(r"\S+")
_NOT_PEOPLE = frozenset(m.lower() for m in MONTHS) | frozenset(DAYS) | {"i", "i'm", "i'd"}
_PRECHECK = re.compile(r"(?:^|[.!?]\s+)(?:(?:and|so|but|now)\s+)?(?:he|she)\b", re.I)


def pronoun_claims(
    content: str,
    obs: Observation,
    claims: Sequence[Claim],
    read: Callable[[Observation], list[Claim]],
) -> list[Claim]:
    """The claims of ``content``'s sentences opening with "He" / "She" about the one person
    the sentence before names (see the module doc), spans in ``content``. ``claims`` are
    the extractor's of the whole content; ``read`` reads a sentence's claims (the
    extractor's own)."""
    if _PRECHECK.search(content) is None:
        return []
    out: list[Claim] = []
    prev: Piece | None = None
    carried: str | None = None  # the person the sentence before was read of by its pronoun
    for piece in sentences(content):
        text = content[piece.start() : piece.end()]
        m = _OPENING.match(text)
        if m is None or text.rstrip().endswith("?") or prev is None:
            prev, carried = piece, None
            continue
        name = carried or _one_person(content, prev, claims, obs.actor)
        prev, carried = piece, None
        if name is None:
            continue
        lo, hi = m.span("pro")
        said = read(obs.model_copy(update={"content": text[:lo] + name + text[hi:], "claims": []}))
        key = match_key(name)
        shift = len(name) - (hi - lo)
        mine = [c for c in said if match_key(c.entity) == key]
        out += [_moved(c, piece.start(), lo, len(name), shift) for c in mine]
        carried = name
    return out


def _moved(claim: Claim, start: int, lo: int, length: int, shift: int) -> Claim:
    """``claim`` (of the sentence read with the name of ``length`` at ``lo``) with its span
    in the content, where the sentence starts at ``start``: in the name, the pronoun's
    start; past it, ``shift`` less."""
    if claim.span is None:
        return claim

    def at(i: int) -> int:
        return start + (i if i < lo else lo if i < lo + length else i - shift)

    a, b = claim.span
    return claim.model_copy(update={"span": (at(a), at(b))})


def _one_person(
    content: str, piece: Piece, claims: Sequence[Claim], actor: str | None
) -> str | None:
    """The one person the sentence ``piece`` names, or None (none, or more than one)."""
    lo, hi = piece.start(), piece.end()
    own = [c for c in claims if c.span is not None and lo <= c.span[0] < hi]
    me = match_key(actor) if actor else None
    people: dict[str, str] = {}
    for c in own:
        for who in (c.entity, c.value if c.attribute in PERSON_ATTRIBUTES else None):
            if who is not None and match_key(who) != me:
                people.setdefault(match_key(who), who)
    # Values of other kinds ("Google", "Denver") are no one; nor is a listed place.
    things = {match_key(c.value) for c in own if c.attribute not in PERSON_ATTRIBUTES}
    toks = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(content, lo, hi)]
    for name in _names(toks):
        key = match_key(name)
        if key == me or key in things or name in PLACE_NAMES or key in _NOT_PEOPLE:
            continue
        people.setdefault(key, name)
    if len(people) != 1:
        return None
    return next(iter(people.values()))


def _names(toks: list[tuple[int, int, str]]) -> Iterable[str]:
    """The capitalised names among ``toks``: the first token only where it is the subject
    of a verb that agrees with it ("Ana called"), not a sentence's capital ("Great news")."""
    i = len(toks) - 1
    while i >= 0:
        named = name_at(toks, i)
        if named is None:
            i -= 1
            continue
        first = next(j for j in range(i + 1) if toks[j][0] == named[1])
        if first > 0 or agrees(toks, i):
            yield named[0]
        i = first - 1
