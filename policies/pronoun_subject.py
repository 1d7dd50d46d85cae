"""Pronouns opening a sentence: "He" / "She" as the one person the sentence before names,
"His" / "Her" as theirs, "They" as the people it names together.

"My sister Maya just got a new job. She works at Google now." says where Maya works; the rule
table reads no claim of a pronoun. Where the sentence before (in the same message) names
exactly one person, and nothing else that could be one, a sentence opening with "He" or
"She" is read again with that name in its place and keeps what it says of them; a chain
of such sentences keeps the same person ("She works at Google. She loves it."). A person
named is a claim's entity, a value of an attribute that names people ("my sister *Maya*")
or a name opening the sentence as its subject ("Ana called."); any other capitalised word
that is not a listed place, a month, a day or a claim's value of another kind ("Google")
makes it ambiguous, and nothing is read; the one spoken to ("Thanks, Mel.") is no one.
A person's gender is known only from a word just before the name ("my sister Maya", "my
brother Tom", "Mrs. Lee"; the title is no one): "My brother Tom called. She lives in Paris"
reads nothing, and "My brother Tom and my sister Ana came. She lives in Paris" is Ana's. A
name with no such word may be either ("Tom called. She lives in Paris" reads Tom), so of
two names, one of no known gender makes it ambiguous. "His" or "Her" opening a sentence is
that person's ("My sister Maya called. Her birthday is June 3": Maya's birthday). "They"
opening a sentence is the people the sentence before names, where it names them all
together as one list ("Tom and Ana got married. They live in Boston.": each of them lives
there). A clause of its own inside a sentence, after a comma or "and" / "but", is read so
too, of the part before it: "Ana lives in Porto, she only visited Lisbon", "Tom moved to
Berlin and he loves it"; so is one after a reporting verb, of its subject: what someone
said of themselves, relayed ("Leo said he moved to Berlin", "Ana told me that she got a job
at Google", "Leo said his arm has healed").
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

__all__ = ["GENDER_OF", "PERSON_ATTRIBUTES", "pronoun_claims", "respan", "said_gender"]

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
_OPENING = re.compile(
    r"^(?:(?:and|so|but|now)\s+)?(?P<pro>(?i:he|she|they|his|her))(?=['\u2019]|\s)", re.I
)
# "His" / "Her" opening a sentence: the person's ("Her birthday is June 3": Maya's).
_POSSESSIVE = {"his": "he", "her": "she"}
_TOKEN = re.compile(r"\S+")
# Months, days and titles ("Mr. Lee" is Lee) are no one.
_NOT_PEOPLE = (
    frozenset(m.lower() for m in MONTHS)
    | frozenset(DAYS)
    | frozenset("mr mrs ms miss dr prof sir madam".split())
)
# What someone said of themselves, relayed: "Leo said he moved to Berlin", "Ana told me
# that she got a job at Google" (the part before names who "he" / "she" is).
_REPORTED = (
    r"\s+(?:said|says|told\s+(?:me|us)|mentioned|texted(?:\s+(?:me|us))?|announced|wrote"
    r"|explained|admitted|confirmed)(?:\s+that)?\s+"
)
_PRECHECK = re.compile(
    r"(?:^|[.!?,;]\s+|\s(?:and|but)\s+|" + _REPORTED + r")(?:(?:and|so|but|now)\s+)?"
    r"(?:he|she|they|his|her)\b",
    re.I,
)
# A clause of its own inside a sentence, opening with "he" / "she" / "they": "Ana lives in
# Porto, she only visited Lisbon", "Tom moved to Berlin and he loves it".
_CLAUSE = re.compile(
    r"(?:[,;]\s+|\s+(?=(?:and|but)\s))(?=(?:(?:and|so|but)\s+)?(?:he|she|they)(?:['\u2019]|\s))"
    # ... or after a reporting verb, "his" / "her" too: "Leo said his arm has healed".
    r"|(?P<rep>" + _REPORTED + r")(?=(?:he|she|they|his|her)(?:['\u2019]|\s))",
    re.I,
)
# What may stand between the names of a list: "Tom and Ana", "Tom, Ana and Leo".
_BETWEEN = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+)")


#: Words that say a person's gender, lowercase -> the pronoun ("he" / "she"): before a name
#: ("my sister Maya", "Mr. Lee") or alone ("my sister"). (``forget_requests.GENDERED`` is
#: another thing: the kin nouns that say more than the link, for reading "forget my sister".)
GENDER_OF = {
    **dict.fromkeys(
        "sister mother mom mum wife daughter aunt niece grandma grandmother granddaughter "
        "girlfriend fiancee fiancée stepmother stepdaughter stepsister mrs mrs. ms ms. miss "
        "madam lady girl woman".split(),
        "she",
    ),
    **dict.fromkeys(
        "brother father dad husband son uncle nephew grandpa grandfather grandson boyfriend "
        "fiance fiancé stepfather stepson stepbrother mr mr. sir guy boy man".split(),
        "he",
    ),
}


class _Subject(NamedTuple):
    text: str  # what stands for the pronoun: "Maya", "Tom and Ana"
    keys: frozenset[str]  # whose claims are kept
    plural: bool
    gender: str | None = None  # "he" / "she" where a word said it ("my sister Maya")


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
    for piece in _clauses(content):
        text = content[piece.start() : piece.end()]
        m = _OPENING.match(text)
        own = own_part(piece.start(), piece.end(), passed) == piece.end()
        if m is None or not own or text.rstrip().endswith("?") or prev is None:
            prev, carried = piece, None
            continue
        said_pro = m.group("pro").lower()
        pro = _POSSESSIVE.get(said_pro, said_pro)
        plural = pro == "they"
        subject = carried if carried is not None and _fits(carried, pro) else None
        if subject is None:
            people = _people(content, prev, claims, obs.actor)
            subject = _joint(content, prev, people) if plural else _one(content, prev, people, pro)
        prev, carried = piece, None
        if subject is None:
            continue
        lo, hi = m.span("pro")
        instead = subject.text + ("'s" if said_pro in _POSSESSIVE else "")
        said = read(
            obs.model_copy(update={"content": text[:lo] + instead + text[hi:], "claims": []})
        )
        mine = [c for c in said if match_key(c.entity) in subject.keys]
        out += [respan(c, piece.start(), (lo, hi), len(instead)) for c in mine]
        carried = subject
    return out


def _clauses(content: str) -> Iterable[Piece]:
    """``content``'s sentences, each cut where a clause of its own opens with a pronoun
    ("Ana lives in Porto, | she only visited Lisbon"): the part before names whom it is."""
    for piece in sentences(content):
        lo = piece.start()
        for m in _CLAUSE.finditer(content, piece.start() + 1, piece.end()):
            # The reporting verb stays with its subject ("Leo said | he moved"): the
            # verb is what makes "Leo" the name of someone.
            yield Piece(content, lo, m.end() if m.group("rep") else m.start())
            lo = m.end()
        yield Piece(content, lo, piece.end())


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


def _fits(subject: _Subject, pro: str) -> bool:
    """Whether the pronoun ``pro`` ("he", "she", "they") can stand for ``subject``."""
    if subject.plural or pro == "they":
        return subject.plural and pro == "they"
    return subject.gender in (None, pro)


def _one(content: str, piece: Piece, people: dict[str, str], pro: str) -> _Subject | None:
    """The one person of ``people`` ``pro`` ("he" / "she") can be, or None (none, or more
    than one): one whose gender the sentence ``piece`` says otherwise is not, and of two or
    more, the one of that gender where the others are each said to be of the other."""
    said = {
        key: said_gender(content, name, piece.start(), piece.end()) for key, name in people.items()
    }
    fits = [key for key in people if said[key] in (None, pro)]
    if len(fits) != 1 or (len(people) > 1 and said[fits[0]] is None):
        return None
    (key,) = fits
    return _Subject(people[key], frozenset({key}), plural=False, gender=said[key])


def said_gender(content: str, name: str, start: int = 0, end: int | None = None) -> str | None:
    """The gender ("he" / "she") a word just before ``name`` in ``content[start:end]`` says
    ("my *sister* Maya"), or None (no such word, or words that disagree)."""
    before = re.compile(rf"([\w.]+)\s+{re.escape(name)}(?![\w-])")
    stop = len(content) if end is None else end
    found = {GENDER_OF.get(m.group(1).lower()) for m in before.finditer(content, start, stop)}
    found.discard(None)
    return found.pop() if len(found) == 1 else None


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
