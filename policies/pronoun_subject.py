"""Pronouns opening a sentence: "He" / "She" as the one person the sentence before names,
"They" as the people it names together.

"My sister Maya just got a new job. She works at Google now." says where Maya works; the rule
table reads no claim of a pronoun. Where the sentence before (in the same message) names
exactly one person, and nothing else that could be one, a sentence opening with "He" or
"She" is read again with that name in its place and keeps what it says of them; a chain
of such sentences keeps the same person ("She works at Google. She loves it."). A person
named is a claim's entity, a value of an attribute that names people ("my sister *Maya*")
or a name opening the sentence as its subject ("Ana called."); any other capitalised word
that is not a listed place, a month, a day or a claim's value of another kind ("Google")
makes it ambiguous, and nothing is read; the one spoken to ("Thanks, Mel.") is no one.
Gender is not known: "Tom called. She lives in Paris" would read Tom, so two names, or
none, give nothing. "They" opening a sentence is the people the sentence before names,
where it names them all together as one list ("Tom and Ana got married. They live in
Boston.": each of them lives there).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import NamedTuple

from nousmem.policies.own_words import others, own_part
from nousmem.policies.place_names import PLACE_NAMES
from nousmem.policies.sentences import Piece, sentences
from nousmem.policies.timeexpr_patterns import DAYS, MONTHS
from nousmem.policies.token_names import agrees, name_at
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim, Observation

__all__ = ["PERSON_ATTRIBUTES", "pronoun_claims", "respan"]

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

# "She works", "He's", "And she ...", "So he ...", "They live"; not a question.
_OPENING = re.compile(r"^(?:(?:and|so|but|now)\s+)?(?P<pro>(?i:he|she|they))(?=['\u2019]|\s)", re.I)
_TOKEN = re.compile(r"\S+")
_NOT_PEOPLE = frozenset(m.lower() for m in MONTHS) | frozenset(DAYS)
_PRECHECK = re.compile(r"(?:^|[.!?]\s+)(?:(?:and|so|but|now)\s+)?(?:he|she|they)\b", re.I)
# What may stand between the names of a list: "Tom and Ana", "Tom, Ana and Leo".
_BETWEEN = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+)")


class _Subject(NamedTuple):
    text: str  # what stands for the pronoun: "Maya", "Tom and Ana"
    keys: frozenset[str]  # whose claims are kept
    plural: bool


def pronoun_claims(
    content: str,
    obs: Observation,
    claims: Sequence[Claim],
    read: Callable[[Observation], list[Claim]],
) -> list[Claim]:
    """The claims of ``content``'s sentences opening with "He" / "She" about the one person
    the sentence before names, or with "They" about the people it names as one subject
    ("Tom and Ana got married. They live in Boston."), spans in ``content`` (see the module
    doc). ``claims`` are the extractor's of the whole content; ``read`` reads a sentence's
    claims (the extractor's own)."""
    if _PRECHECK.search(content) is None:
        return []
    out: list[Claim] = []
    prev: Piece | None = None
    carried: _Subject | None = None  # whom the sentence before was read of by its pronoun
    passed = others(content)  # pasted, forwarded, quoted: not the speaker's word
    for piece in sentences(content):
        text = content[piece.start() : piece.end()]
        m = _OPENING.match(text)
        own = own_part(piece.start(), piece.end(), passed) == piece.end()
        if m is None or not own or text.rstrip().endswith("?") or prev is None:
            prev, carried = piece, None
            continue
        plural = m.group("pro").lower() == "they"
        subject = carried if carried is not None and carried.plural == plural else None
        if subject is None:
            people = _people(content, prev, claims, obs.actor)
            subject = _joint(content, prev, people) if plural else _one(people)
        prev, carried = piece, None
        if subject is None:
            continue
        lo, hi = m.span("pro")
        said = read(
            obs.model_copy(update={"content": text[:lo] + subject.text + text[hi:], "claims": []})
        )
        mine = [c for c in said if match_key(c.entity) in subject.keys]
        out += [respan(c, piece.start(), (lo, hi), len(subject.text)) for c in mine]
        carried = subject
    return out


def respan(claim: Claim, at: int, cut: tuple[int, int], length: int) -> Claim:
    """``claim``, read of a sentence whose words ``cut`` were replaced by a text of
    ``length`` ("She" by "Maya"), with its span in the content, where the sentence as said
    starts at ``at``: a point in the replacement goes to where the words stood, one past it
    back by the difference in length."""
    if claim.span is None:
        return claim
    lo, hi = cut
    shift = length - (hi - lo)

    def back(i: int) -> int:
        return at + (i if i < lo else lo if i < lo + length else i - shift)

    a, b = claim.span
    return claim.model_copy(update={"span": (back(a), back(b))})


def _people(
    content: str, piece: Piece, claims: Sequence[Claim], actor: str | None
) -> dict[str, str]:
    """The people the sentence ``piece`` names (match key -> name), in no order; any
    capitalised word that could be one counts (see the module doc)."""
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
    return people


def _one(people: dict[str, str]) -> _Subject | None:
    """The one person of ``people``, or None (none, or more than one)."""
    if len(people) != 1:
        return None
    ((key, name),) = people.items()
    return _Subject(name, frozenset({key}), plural=False)


def _joint(content: str, piece: Piece, people: dict[str, str]) -> _Subject | None:
    """Two or more of ``people`` and no one else, named together in ``piece`` as one list
    ("Tom and Ana", "Tom, Ana and Leo"), or None."""
    if len(people) < 2:
        return None
    lo, hi = piece.start(), piece.end()
    found = []
    for name in people.values():
        at = re.search(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", content[lo:hi])
        if at is None:
            return None
        found.append(at.span())
    found.sort()
    for (_, a_end), (b_start, _) in pairwise(found):
        if _BETWEEN.fullmatch(content, lo + a_end, lo + b_start) is None:
            return None
    said = content[lo + found[0][0] : lo + found[-1][1]]
    return _Subject(said, frozenset(people), plural=True)


def _names(toks: list[tuple[int, int, str]]) -> Iterable[str]:
    """The capitalised names among ``toks``: the first token only where it is the subject
    of a verb that agrees with it ("Ana called") or leads a list of names ("Tom and Ana"),
    not a sentence's capital ("Great news")."""
    i = len(toks) - 1
    while i >= 0:
        named = name_at(toks, i)
        if named is None:
            i -= 1
            continue
        first = next(j for j in range(i + 1) if toks[j][0] == named[1])
        if (first > 0 or agrees(toks, i) or _listed(toks, i)) and not _spoken_to(toks, first, i):
            yield named[0]
        i = first - 1


# Words before the name of the one spoken to: "Hey Mel", "Thanks Tom", "Congrats, Ana".
_GREETINGS = frozenset("hey hi hello thanks thank thx congrats congratulations dear yo".split())


def _spoken_to(toks: list[tuple[int, int, str]], first: int, last: int) -> bool:
    """Whether the name of tokens ``first``..``last`` is the person spoken to: after a
    greeting ("Hey Mel", "Thanks, Tom"), or set off by a comma at the sentence's end
    ("Great to hear, Mel!"). The listener is not who "she" is."""
    if first > 0 and toks[first - 1][2].strip(",.!?;:").lower() in _GREETINGS:
        return True
    return first > 0 and toks[first - 1][2].endswith(",") and last == len(toks) - 1


def _listed(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the name ending at token ``i`` leads a list of names ("Tom, Ana and Leo came",
    "Tom and Ana got married")."""
    if toks[i][2].endswith(","):
        return True
    return i + 1 < len(toks) and toks[i + 1][2].lower() in ("and", "&")
