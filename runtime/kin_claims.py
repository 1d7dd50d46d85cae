"""What a sentence about "my sister" says of the sister memory knows, by name or by noun.

The rule extractor reads no claim of an unnamed relative: "My sister moved to Berlin" names
no one, and an entity called "my sister" would be every speaker's sister. But memory often
knows who is meant: the speaker introduced "my sister Maya" before. A governed write then
reads the sentence again as "Maya moved to Berlin" (:meth:`~.forget_kin.Relatives.one_meant`,
as a request to forget "where my sister lives" finds her) and keeps what it says of Maya.

Only where the noun means exactly one of the speaker's relatives (of two siblings, the one
introduced as a sister; a brother is never a sister). Where it may mean none (no sister
known, nor a sibling of no known noun), the sentence is about the relative memory knows by
the noun alone: an entity of that speaker's, "Lee's sister" (``Relatives.placeholder``),
which a question about "my sister" reaches and which ``rt.merge_entities`` can make one
with the sister once she is named. Where it may mean several, nothing is read. "Our
daughter ..." is read as "my daughter ...". A sentence about a group ("My kids have a soccer
game on Saturday", "The kids are allergic to peanuts") is read of each relative memory knows
by name that the group's nouns may mean, and keeps what it says of each (:data:`OF_EACH`).
A kin word said as a name ("Mom works at Target", "Mom's birthday is June 3") is the
speaker's relative by that noun (``forget_kin.TITLE_WORDS``, :func:`titled_kin`).
Never for friends (memory knowing one friend says nothing of how many one has), only for a
sentence that starts with "my <noun>" (or "our", a group) and of which the extractor read
nothing (but "My wife and I ..." or "Me and my wife ...", whose speaker's part it reads:
the wife's is read as "Ana and I ..."), or that opens with "He" / "She" after such a
sentence ("My brother just moved. He lives in Denver now."; not "She ...") or "They"
after one about a group ("My parents called. They are in Paris."), and only with the rule
extractor: a plugged-in model reads the sentence its own way. Projections hold what the
write journals, so a rebuild never reads the sentence again: the same journal gives the
same beliefs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_phrases import KIN_ALT
from nousmem.policies.held_values import Relative
from nousmem.policies.pronoun_subject import GENDER_OF, respan
from nousmem.policies.sentences import sentences
from nousmem.policies.subject_words import KIN_GROUPS, KIN_NOUNS
from nousmem.projections.belief_models import match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.forget_kin import STAND_IN, TITLE_WORDS, Relatives, kin_noun, renamed

__all__ = ["kin_claims", "relative_of", "titled_kin"]

_RULES = RuleExtractor()

# "Our daughter has a recital on Friday": a household's relative is the speaker's too, and
# so is a kin word said as a name ("Mom works at Target"). Not "my sister-in-law".
# Capitalised, as a name is said ("Mom", not "mom").
_TITLE = "(?-i:" + "|".join(sorted(w.capitalize() for w in TITLE_WORDS)) + ")"
_START = re.compile(rf"^(?:(?:my|our)\s+(?P<kin>{KIN_ALT})|(?P<title>{_TITLE}))\b(?!-)", re.I)
# "My wife and I are going to Paris": the speaker's part the extractor reads; the relative's
# is read as "Ana and I ..." (policies/joint_subject.py).
_WITH_ME = re.compile(rf"^(?:my|our)\s+(?P<kin>{KIN_ALT})\s+(?:and|&)\s+(?:I|me)\b", re.I)
# "Me and my wife are going to Paris": the same, the speaker first.
_ME_WITH = re.compile(rf"^(?:I|me)\s+(?:and|&)\s+(?P<rel>(?:my|our)\s+(?P<kin>{KIN_ALT}))\b", re.I)
# "He" / "She" opening the sentence after one about "my brother": the brother.
_PRONOUN = re.compile(r"^(?:he|she)(?=['\s])", re.I)
# "My kids have a soccer game on Saturday", "The kids have ...": of each one by name, the
# group's verb right after it (not "The kids at school are loud"). Not "my family", which
# holds the speaker too.
_GROUPS = "|".join(g for g in KIN_GROUPS if g != "family")
_GROUP = re.compile(
    rf"^(?:(?:my|our)\s+(?P<group>{_GROUPS})|the\s+(?P<kids>kids|children))"
    r"(?=\s+(?:have|had|are|were|do|don't|did|go|went|got|love|like|hate|enjoy|loved|liked"
    r"|start|want|need)\b)",
    re.I,
)
# A sentence opening with a group, whatever its verb ("My parents called."): a "They"
# opening the next one is that group ("They are in Paris until Friday.").
_GROUP_OPEN = re.compile(
    rf"^(?:(?:my|our)\s+(?P<group>{_GROUPS})|the\s+(?P<kids>kids|children))\b", re.I
)
_THEY = re.compile(r"^they(?=\s)", re.I)
# Any of them in a message: most name none, and are spared the sentence split.
_MENTION = re.compile(
    rf"\b(?:(?:my|our)\s+(?:{KIN_ALT}|{_GROUPS})|the\s+(?:kids|children)|{_TITLE})\b", re.I
)
#: What a group's sentence says of each of them: what they have on or plan, like, or are
#: allergic to. Not an age, a job or a home ("My kids are 5 and 7" is no age of either).
OF_EACH = frozenset({"activity", "allergy", "likes", "dislikes", "goal", "visited"})
# The group's verb, said of one of them ("have" -> "has"); another verb is left as said.
_AGREE = {
    "have": "has",
    "are": "is",
    "were": "was",
    "do": "does",
    "don't": "doesn't",
    "go": "goes",
    "love": "loves",
    "like": "likes",
    "hate": "hates",
    "enjoy": "enjoys",
    "start": "starts",
    "want": "wants",
    "need": "needs",
}
_FIRST_WORD = re.compile(r"^(\s+)([a-z']+)")


def kin_claims(
    obs: Observation,
    claims: Sequence[Claim],
    beliefs: BeliefStore,
    docs: Mapping[str, DocRow],
) -> list[Claim]:
    """The claims of ``obs``'s "my <relative> ..." sentences about the one relative each
    means, and of its "my kids ..." sentences about each of them, spans in ``obs.content``;
    none where ``claims`` (the extractor's) already hold one of the sentence, or where the
    noun means no one or several."""
    content = obs.content.replace("’", "'")  # same length: offsets hold
    if obs.actor is None or _MENTION.search(content) is None:
        return []
    spans = [c.span for c in claims if c.span is not None]
    kin: Relatives | None = None
    out: list[Claim] = []
    before: re.Match[str] | None = None  # "My brother" opening the sentence before
    crowd: re.Match[str] | None = None  # "My parents" opening the sentence before
    for piece in sentences(content):
        lo, hi = piece.start(), piece.end()
        text = content[lo:hi]
        with_me = _WITH_ME.match(text)
        me_with = _ME_WITH.match(text)
        if me_with is not None:
            kin = kin or Relatives(beliefs, docs, obs.actor)
            out += _me_and(obs, kin, me_with, lo)
            before = crowd = None
            continue
        start = _START.match(text)
        # "My brother just moved. He lives in Denver now.": the pronoun is the relative,
        # read as "My brother lives in Denver now."
        pronoun = _PRONOUN.match(text) if before is not None and start is None else None
        if pronoun is not None and before is not None and not _agrees(pronoun, before):
            pronoun = None  # "My brother called. She ...": someone else
        if pronoun is not None and before is not None:
            start = _START.match(before.group(0) + text[pronoun.end() :])
        before = start if pronoun is None else None
        group = None if start is not None else _GROUP.match(text)
        # "My parents called. They are in Paris until Friday.": the group, as "My parents
        # are in Paris until Friday."
        they = _THEY.match(text) if crowd is not None and start is None else None
        if they is not None and crowd is not None:
            group = _GROUP.match(crowd.group(0) + text[they.end() :])
        crowd = _GROUP_OPEN.match(text) if they is None and start is None else None
        if start is None and group is None:
            continue
        # The speaker's part of "my wife and I" is the extractor's: the wife's is read.
        if with_me is None and any(lo <= s < hi for s, _ in spans):
            continue
        kin = kin or Relatives(beliefs, docs, obs.actor)
        if group is not None:
            out += _of_each(obs, kin, group, lo, they.end() if they is not None else None)
            continue
        assert start is not None
        noun = kin_noun(start.group("kin") or start.group("title"))
        rest = start.string[start.end() :]
        # Where the words the name stands for end in the sentence as said.
        said_end = pronoun.end() if pronoun is not None else start.end()
        name = kin.one_meant(noun)
        if name is not None:
            said = _about(obs, name + rest, name, lo, said_end)
            out += _theirs(said, name) if with_me is not None else said
        elif (unnamed := kin.placeholder(noun)) is not None and not kin.known_any(noun):
            # Read with a stand-in name, which the claims then give up for the placeholder
            # (not in a message that holds the stand-in itself).
            if STAND_IN.casefold() not in content.casefold():
                said = _about(obs, STAND_IN + rest, STAND_IN, lo, said_end)
                if with_me is not None:
                    said = _theirs(said, STAND_IN)
                out += [renamed(c, unnamed) for c in said]
    return out


def _agrees(pronoun: re.Match[str], start: re.Match[str]) -> bool:
    """Whether "he" / "she" (``pronoun``) can be the relative ``start`` opens with: not
    "she" of "my brother"."""
    word = (start.group("kin") or start.group("title") or "").lower()
    return GENDER_OF.get(word) in (None, pronoun.group(0).lower())


def _me_and(obs: Observation, kin: Relatives, me_with: re.Match[str], lo: int) -> list[Claim]:
    """The relative's claims of a sentence opening "Me and my wife ..." (the speaker's are
    the extractor's), read with the name the wife is known by in place of "my wife"."""
    name = kin.one_meant(kin_noun(me_with.group("kin")))
    if name is None:
        return []
    text = me_with.string
    k0, k1 = me_with.span("rel")
    said = _RULES.extract_sync(
        obs.model_copy(update={"content": text[:k0] + name + text[k1:], "claims": []})
    )
    return [respan(c, lo, (k0, k1), len(name)) for c in _theirs(said, name)]


def _theirs(claims: list[Claim], name: str) -> list[Claim]:
    """The claims of ``claims`` whose entity is ``name`` (not the speaker's own)."""
    key = match_key(name)
    return [c for c in claims if match_key(c.entity) == key]


def titled_kin(
    obs: Observation, claims: Sequence[Claim], beliefs: BeliefStore, docs: Mapping[str, DocRow]
) -> list[Claim]:
    """``claims`` with an entity that is a kin word said as a name (``TITLE_WORDS``) made the
    speaker's relative it means: the one memory knows by name, else the one known by the
    noun alone ("Sam's mother"); as said where it may mean several."""
    if obs.actor is None or not any(match_key(c.entity) in TITLE_WORDS for c in claims):
        return list(claims)
    kin = Relatives(beliefs, docs, obs.actor)
    out = []
    for c in claims:
        title = match_key(c.entity)
        if title in TITLE_WORDS:
            noun = kin_noun(title)
            name = kin.one_meant(noun)
            if name is None and not kin.known_any(noun):
                name = kin.placeholder(noun)
            if name is not None:
                c = c.model_copy(update={"entity": name})
        out.append(c)
    return out


def _of_each(
    obs: Observation, kin: Relatives, group: re.Match[str], lo: int, said_end: int | None = None
) -> list[Claim]:
    """The claims of a sentence about a group of the speaker's relatives ("My kids have a
    soccer game on Saturday") that it says of each one memory knows by name (:data:`OF_EACH`),
    read as said of each ("Mia has a soccer game on Saturday"); none where it knows none of
    them by name (a stand-in for a group would be no one's). ``said_end``: where the words
    the group stands for end in the sentence as said, when not its own ("They")."""
    name_of = (group.group("group") or group.group("kids")).casefold()
    names: list[str] = []
    for noun in KIN_GROUPS[name_of]:
        names.extend(n for n in kin.may_mean(noun) if n not in names)
    rest = group.string[group.end() :]
    rest = _FIRST_WORD.sub(lambda m: m.group(1) + _AGREE.get(m.group(2), m.group(2)), rest, 1)
    return [
        c
        for name in names
        for c in _about(obs, name + rest, name, lo, group.end() if said_end is None else said_end)
        if c.attribute in OF_EACH
    ]


def _about(obs: Observation, text: str, name: str, lo: int, noun_end: int) -> list[Claim]:
    """The rule claims of ``text`` (the sentence read with the relative's name) that
    involve ``name``, spans moved into the observation's content, where the sentence
    starts at ``lo`` and "my <noun>" ends ``noun_end`` characters into it."""
    said = _RULES.extract_sync(obs.model_copy(update={"content": text, "claims": []}))
    key = match_key(name)
    # The name stands where "my sister" did: a span from it starts there.
    return [
        respan(c, lo, (0, noun_end), len(name))
        for c in said
        if key in (match_key(c.entity), match_key(c.value))
    ]


def relative_of(beliefs: BeliefStore, docs: Mapping[str, DocRow], actor: str | None) -> Relative:
    """Whom a relative said so means to ``actor`` ("my mom", "Mom", "my sister"): the one
    memory knows by name, else, where it knows none, the speaker's by the noun ("Lee's
    mother"); None for a word that names no relative, or one of several."""
    kin: Relatives | None = None

    def relative(said: str) -> str | None:
        nonlocal kin
        words = said.split()
        noun = kin_noun(" ".join(words[1:] if words[0].lower() in ("my", "our") else words))
        if actor is None or noun not in KIN_NOUNS:
            return None
        kin = kin or Relatives(beliefs, docs, actor)
        name = kin.one_meant(noun)
        return name if name is not None or kin.known_any(noun) else kin.placeholder(noun)

    return relative
