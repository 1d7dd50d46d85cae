"""Sentence mechanics for the rule extractor: who a verb's subject is.

``walk_back`` reads leftwards from a verb over auxiliaries and adverbs to its subject ("I",
a capitalised name, or a pronoun the extractor cannot resolve), collecting negators and
modals on the way. Where a value ends is ``value_trim.py``; the sentences these read
(tokens, clauses, time mentions) are in ``sentences.py``.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import NamedTuple

from nousmem.policies.carried_subject import sentence_subject
from nousmem.policies.clause_leads import DASHES as _DASHES
from nousmem.policies.clause_leads import STRIP as _STRIP
from nousmem.policies.clause_leads import clean, denied, hypothetical, likened
from nousmem.policies.sentences import Sentence
from nousmem.policies.subject_words import (
    CESSATION,
    CONDITIONAL,
    CONJUNCTIONS,
    FIRST_PERSON,
    OTHER_SUBJECTS,
    PAST_IRREGULAR,
    PLAIN_NEG,
    SKIP_WORDS,
)
from nousmem.policies.tense import tells_past
from nousmem.policies.token_names import NAME_TOKEN, POSSESSIVES, agrees, name_at

__all__ = [
    "RELATION_WORDS",
    "Walk",
    "clean",
    "joined",
    "joint_walk",
    "not_stated",
    "walk_back",
]

_BOUNDARY_END = (",", ";", ":", "—", "–")


class Walk(NamedTuple):
    """Who the subject of a verb is, and what stood between them."""

    kind: str  # "actor" | "name" | "none" | "elided" | "poss"
    name: str | None
    start: int  # sentence-relative start of the clause (subject, boundary or sentence start)
    plain_neg: bool
    cessation: bool
    conditional: bool  # a modal, or "if"/"wish" before the subject: a hypothetical clause


_RELATIVE = frozenset({"who", "that", "which"})
# Words ending in "s" that are no third-person present verb ("was" is past, "this" and
# "his" no verb at all); "is" and "has" are, and are checked first.
_S_VERB_NOT = frozenset({"was", "this", "his", "its", "us", "yes", "plus"})


def _s_verb(raw: str) -> bool:
    low = clean(raw)
    return low in ("is", "has") or (
        len(low) > 3 and low.endswith("s") and not low.endswith("ss") and low not in _S_VERB_NOT
    )


def _in_relative(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Token ``i`` (a conjunction) joins two verbs of a relative clause about someone else:
    "I have a brother who lives in Denver and works at Google". Both verbs in the third
    person present, the pronoun right before the first, no first-person subject in between,
    and not the speaker described ("I'm a designer who works at Apple and lives in ...")."""
    if i + 1 >= len(toks) or not _s_verb(toks[i + 1][2]):
        return False  # "... that was killing me and moved to Portland": the speaker's
    for j in range(i - 1, max(-1, i - 12), -1):
        raw = toks[j][2]
        low = clean(raw)
        if low in FIRST_PERSON or raw.rstrip(_STRIP).endswith(_BOUNDARY_END):
            return False
        if low in _RELATIVE:
            if j + 1 >= i or not _s_verb(toks[j + 1][2]):
                return False  # "that job", "that we bought": no relative clause's verb
            return not _describes_speaker(toks, j)
    return False


def _describes_speaker(toks: list[tuple[int, int, str]], j: int) -> bool:
    """The relative pronoun at ``j`` follows "I'm a/the/someone ..." (the speaker)."""
    for k in range(j - 1, max(-1, j - 6), -1):
        low = clean(toks[k][2])
        if low in ("i'm", "im") or (low == "am" and k > 0 and clean(toks[k - 1][2]) == "i"):
            return True
        if low in FIRST_PERSON:
            return False
    return False


# Words that name someone by their relation, before an appositive name ("my sister, Priya,").
#: Nouns of someone one has ("my sister", "my boss"): a relation, not a name.
RELATION_WORDS = frozenset(
    "sister brother mom mother dad father son daughter wife husband partner friend buddy boss "
    "manager colleague coworker co-worker neighbor neighbour roommate cousin aunt uncle "
    "grandma grandpa grandmother grandfather niece nephew teacher coach girlfriend boyfriend "
    "fiance fiancee fiancé fiancée mentor".split()
)


def _appositive(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Token ``i`` ends a name set off by commas right after a relation word that opens
    its clause with a possessive ("My (older) sister, Priya,"), and the verb after it agrees
    with a name. Not after a verb ("Dropped off my son, Kyle, went ..."): the relation is
    then an object, and not after "Me and my sister, Priya,": the subject is both."""
    prev = toks[i - 1][2]
    if not (prev.rstrip(_STRIP).endswith(",") and clean(prev) in RELATION_WORDS):
        return False
    for j in (i - 2, i - 3):  # the possessive, perhaps before one adjective
        if j < 0:
            return False
        word = toks[j][2].strip(_STRIP)
        if word.lower() in POSSESSIVES or (word.endswith("'s") and word[:1].isupper()):
            opens = j == 0 or toks[j - 1][2].rstrip(_STRIP).endswith(_BOUNDARY_END)
            return opens and agrees(toks, i)
    return False


def _relation_after_name(toks: list[tuple[int, int, str]], i: int) -> int | None:
    """Token ``i`` ends a relation set off by commas after the name that opens its clause
    ("Ana, my wife,", "Tom, my older brother,"): the index of the name's last token, when
    the verb after it agrees with a name; else None."""
    if clean(toks[i][2]) not in RELATION_WORDS:
        return None
    for j in (i - 1, i - 2):  # the possessive, perhaps before one adjective
        if j < 1 or toks[j][2].strip(_STRIP).lower() not in POSSESSIVES:
            continue
        if not toks[j - 1][2].rstrip(_STRIP).endswith(","):
            return None
        named = name_at(toks, j - 1)
        if named is None:
            return None
        first = bisect_left([t[0] for t in toks], named[1])
        opens = first == 0 or toks[first - 1][2].rstrip(_STRIP).endswith(_BOUNDARY_END)
        return j - 1 if opens and agrees(toks, i) else None
    return None


# Words before a gerund whose subject is the sentence's: "before / after / since moving".
_GERUND_LEADS = frozenset({"before", "after", "since", "upon"})


def _gerund_at(text: str, pos: int) -> bool:
    word = text[pos:].split(maxsplit=1)
    return bool(word) and len(word[0]) > 4 and word[0].lower().endswith("ing")


# A present perfect may still be going on: "I've lived in Paris for a year before moving".
_PERFECT = frozenset({"have", "has", "'ve"})


def _over(text: str, main: list[tuple[int, int, str]]) -> bool:
    """Whether the main clause's words ``main`` tell of a past that is over, so that a move
    "before" it was made: a past verb ("lived", "sold", "used to", "was"), no present
    perfect."""
    if not main or any(clean(raw) in _PERFECT or raw.endswith("'ve") for _, _, raw in main):
        return False
    return tells_past(text, main[0][0], main[-1][1])


def _after_opening(
    toks: list[tuple[int, int, str]],
) -> tuple[tuple[str, str | None, bool], list[tuple[int, int, str]]]:
    """The subject right after an opening phrase's comma ("Since moving to Denver, *I*
    ..."), as :func:`sentence_subject` reads a clause's (whether it wishes or plans too:
    "..., I want a dog"), and the words of that clause."""
    comma = next((j for j, t in enumerate(toks) if t[2].rstrip(_STRIP).endswith(",")), None)
    if comma is None or comma + 1 >= len(toks):
        return ("elided", None, False), []
    # The sentence opens with a subordinator, so the clause read starts past the comma.
    upto = min(len(toks), comma + 13)
    return sentence_subject(toks, upto), toks[comma + 1 : upto]


def walk_back(sent: Sentence, pos: int) -> Walk:
    """Find the subject of the verb phrase starting at sentence offset ``pos``."""
    starts, toks = sent.tokens()
    i = bisect_left(starts, pos) - 1
    plain = cess = cond = False
    steps = 0
    while i >= 0 and steps < 9:
        s, e, raw = toks[i]
        if e > pos:  # the match starts inside this token: "I'd like" matched at "'d"
            raw = raw[: pos - s]
        if raw.rstrip(_STRIP).endswith(",") and i > 0 and _appositive(toks, i):
            # "My sister, Priya, (just) moved": a name set off by commas after a relation
            # word is the verb's subject, not the start of a new clause. After "Thanks," or
            # "Same here," the name is the person spoken to.
            named = name_at(toks, i)
            if named is not None:
                return Walk("name", named[0], named[1], plain, cess, cond)
        if raw.rstrip(_STRIP).endswith(",") and (at := _relation_after_name(toks, i)) is not None:
            # "Ana, my wife, (just) moved": the name before the relation is the subject.
            named = name_at(toks, at)
            if named is not None:
                return Walk("name", named[0], named[1], plain, cess, cond)
        if raw.rstrip(_STRIP).endswith(_BOUNDARY_END) or raw in _DASHES:
            # After a comma a new clause starts; treating it as subjectless keeps "..., like
            # a walk in the park" from reading as a preference.
            if sentence_subject(toks, i + 1)[0] == "none":
                return Walk("none", None, e + 1, plain, cess, cond)  # "We ate, played games"
            return Walk("elided", None, e + 1, plain, cess, cond)
        low = clean(raw)
        if low in FIRST_PERSON:
            # "I feel like I'm 80 years old": a comparison states nothing.
            cond = cond or low == "i'd" or hypothetical(toks, i) or likened(toks, i)
            if denied(sent, toks, i):
                # Denied: the claim's negation; denying a negation states nothing plainly.
                cond, plain = cond or plain, True
            return Walk("actor", None, s, plain, cess, cond)
        if low in OTHER_SUBJECTS:
            return Walk("none", None, s, plain, cess, cond)
        if steps == 0 and low in _GERUND_LEADS and _gerund_at(sent.text, pos):
            # "I lived in Chicago before moving to Denver", "Since moving to Denver, I've
            # ...": the gerund's subject is its sentence's, before it or after the comma.
            kind, name, unreal = sentence_subject(toks, i)
            main = toks[max(0, i - 12) : i]
            if kind == "elided" and i == 0:
                (kind, name, unreal), main = _after_opening(toks)
            if low == "before" and not _over(sent.text, main):
                # "I've lived in Paris for a year before moving to Lyon": perhaps a plan.
                return Walk("none", None, s, plain, cess, cond)
            # A wish, a plan or a modal in the main clause ("I'll sell my car before moving
            # to Denver", "After moving to Denver, I want a dog") makes the move one too.
            return Walk(kind, name, s, plain, cess, cond or unreal)
        if low in CONJUNCTIONS:
            if steps == 0 and sent.text[pos:].split(maxsplit=1)[0].lower().endswith("ing"):
                return Walk("none", None, s, plain, cess, cond)  # "..., and joining X is"
            if _in_relative(toks, i):
                # "I have a brother who lives in Denver and works at Google": the brother.
                return Walk("none", None, s, plain, cess, cond)
            kind, name, unreal = sentence_subject(toks, i)
            # What follows "but", or a verb in the past, happened whatever the first clause
            # wished: "I wanted to stay but moved to Denver", "I can't stand the cold and
            # moved to Florida".
            verb = clean(sent.text[pos:].split(maxsplit=1)[0]) if sent.text[pos:].strip() else ""
            if low == "but" or verb in PAST_IRREGULAR or verb.endswith("ed"):
                unreal = False
            return Walk(kind, name, s, plain, cess, cond or unreal)
        if low in CONDITIONAL:
            cond = True
            plain = plain or low.endswith("n't")
        elif low in PLAIN_NEG or low.endswith("n't"):
            plain = True
        elif low in CESSATION:
            cess = True
        elif low not in SKIP_WORDS:
            named = name_at(toks, i)
            if named is not None and agrees(toks, i):
                at = bisect_left(starts, named[1])
                cond = cond or hypothetical(toks, at)
                if denied(sent, toks, at):
                    cond, plain = cond or plain, True
                return Walk("name", named[0], named[1], plain, cess, cond)
            return Walk("none", None, s, plain, cess, cond)
        i -= 1
        steps += 1
    if i < 0:
        return Walk("elided", None, 0, plain, cess, cond)
    return Walk("none", None, 0, plain, cess, cond)


def not_stated(sent: Sentence, pos: int) -> bool:
    """Whether the words before the possessor at sentence offset ``pos`` make what it states
    no statement: a hypothetical ("If my name is Sam"), a comparison ("It's like my name is
    Bob") or a denial ("It's not true that my name is Bob")."""
    starts, toks = sent.tokens()
    i = bisect_left(starts, pos)
    return hypothetical(toks, i) or likened(toks, i) or denied(sent, toks, i)


def joint_walk(sent: Sentence, start: int, verb: int) -> Walk:
    """The walk of a verb at ``verb`` whose subject, opening at ``start``, joins the speaker
    and someone else ("Tom and I", "me and Tom", "we"): the speaker's. Negators and modals
    are read between the subject and the verb; an "if"/"wish" before the subject makes
    the clause hypothetical ("If Tom and I split up, ..."), as before "I"."""
    inner = walk_back(sent, verb)
    starts, toks = sent.tokens()
    i = bisect_left(starts, start)
    cond = inner.conditional or hypothetical(toks, i) or likened(toks, i)
    plain = inner.plain_neg
    if denied(sent, toks, i):  # "It isn't true that Tom and I split up"
        cond, plain = cond or plain, True
    return Walk("actor", None, start, plain, inner.cessation, cond)


def joined(sent: Sentence, walk: Walk) -> bool:
    """Whether the subject ``walk`` found is joined to someone before it: "Tom and I", "my
    husband and I", "me and Tom", "neither Tom nor I", "Ana and Tom" (a capitalised word,
    "I" or "me", or a relation after a possessive, then "and"/"nor")."""
    if walk.kind not in ("actor", "name"):
        return False
    starts, toks = sent.tokens()
    i = bisect_left(starts, walk.start)
    if i < 2 or clean(toks[i - 1][2]) not in ("and", "nor", "&"):
        return False
    prev = toks[i - 2][2]
    if prev.rstrip(_STRIP)[-1:] in ",;:.!?":
        return False  # "..., and I got divorced": a new clause, not a second subject
    low = clean(prev)
    if low in ("i", "me") or NAME_TOKEN.match(prev.strip(_STRIP)) is not None:
        return True
    return low in RELATION_WORDS and i >= 3 and clean(toks[i - 3][2]) in POSSESSIVES
