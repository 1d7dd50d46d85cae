"""Sentence mechanics for the rule extractor: who a verb's subject is.

``walk_back`` reads leftwards from a verb over auxiliaries and adverbs to its subject ("I",
a capitalised name, or a pronoun the extractor cannot resolve), collecting negators and
modals on the way. Where a value ends is ``value_trim.py``; the sentences these read
(tokens, clauses, time mentions) are in ``sentences.py``.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from typing import NamedTuple

from nousmem.policies.clause_leads import DASHES as _DASHES
from nousmem.policies.clause_leads import STRIP as _STRIP
from nousmem.policies.clause_leads import clean, denied, hypothetical, likened
from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.patterns import (
    ADVERBS,
    CESSATION,
    CONDITIONAL,
    CONJUNCTIONS,
    FIRST_PERSON,
    MODALS,
    NAME_STOP,
    OTHER_SUBJECTS,
    PAST_IRREGULAR,
    PLAIN_NEG,
    SKIP_WORDS,
)
from nousmem.policies.sentences import Sentence

__all__ = [
    "Walk",
    "clean",
    "joined",
    "joint_walk",
    "not_stated",
    "walk_back",
]

_NAME_TOKEN = re.compile(rf"^[{UPPER}][{LOWER}]+(?:[-'][{UPPER}]?[{LOWER}]+)*$")
_BOUNDARY_END = (",", ";", ":", "—", "–")
_NOUN_SUFFIXES = ("ing", "tion", "sion", "ness", "ment", "ity", "ism", "ship")


class Walk(NamedTuple):
    """Who the subject of a verb is, and what stood between them."""

    kind: str  # "actor" | "name" | "none" | "elided" | "poss"
    name: str | None
    start: int  # sentence-relative start of the clause (subject, boundary or sentence start)
    plain_neg: bool
    cessation: bool
    conditional: bool  # a modal, or "if"/"wish" before the subject: a hypothetical clause


def _name_at(toks: list[tuple[int, int, str]], i: int) -> tuple[str, int] | None:
    """The capitalised name ending at token ``i`` (up to three tokens), with its start."""
    raw = toks[i][2].strip(_STRIP + ",;:!?.")
    if raw.endswith("'s"):
        raw = raw[:-2]
    if not _NAME_TOKEN.match(raw) or raw.lower() in NAME_STOP:
        return None
    parts, start = [raw], toks[i][0]
    j = i - 1
    while j >= 0 and len(parts) < 3:
        prev = toks[j][2]
        if prev[-1:] in ",;:!?." or not _NAME_TOKEN.match(prev) or prev.lower() in NAME_STOP:
            break
        parts.insert(0, prev)
        start = toks[j][0]
        j -= 1
    return " ".join(parts), start


def _agrees(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the verb after the name at token ``i`` is third person singular or past.

    "Alice works", "Alice went", "Alice's" and "Alice will" pass; "Feels like" (a capitalised
    sentence opener, not a name) and "Alice and Bob like" do not.
    """
    if i == 0 and clean(toks[0][2]).endswith(_NOUN_SUFFIXES):
        return False  # "Dancing is ...", "Meditation helps ...": a capitalised noun
    if toks[i][2].rstrip(_STRIP + ",;:!?.").endswith("'s"):
        # "Alice's going" (is) but not "Nature's beauty" (possessive).
        nxt = clean(toks[i + 1][2]) if i + 1 < len(toks) else ""
        return nxt in SKIP_WORDS or nxt in ADVERBS or nxt.endswith(("ing", "ed"))
    for _, _, raw in toks[i + 1 : i + 5]:
        low = clean(raw)
        if low in ADVERBS:
            continue
        if low in MODALS or low in PAST_IRREGULAR or low.endswith(("ed", "'s", "'ll", "n't")):
            return True  # "Tom didn't like Ohio and moved": Tom's
        return low.endswith("s") and not low.endswith("ss")
    return False


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


# A sentence that opens with one of these opens with a clause of its own: its subject is not
# the main clause's ("After Tom got home, I packed up and went camping").
_SUBORDINATORS = frozenset("after when once before since while because if although though".split())
_CLAUSE_JOINS = frozenset("so and but then yet".split())
_PRONOUN_SUBJECTS = frozenset(
    "i i'm i've i'll i'd we we're we've we'll we'd he he's he'll he'd she she's she'll she'd "
    "they they're they've they'll they'd you you're you've you'll".split()
)
# "Ana and I *to* dinner": a pronoun before these is an object, not a new subject.
_OBJECT_NEXT = frozenset("to for at with in on from about".split())
# "you know", "you see", "you guys": a filler or an address, not a subject.
_YOU_FILLERS = frozenset("know see mean guys".split())
# Words in a carried clause that make it a wish, a plan or a hypothetical: "I want to quit
# and move to Bali", "I'll go hiking and visit Rome", "If ..., I would stay and play chess".
_UNREAL = CONDITIONAL | frozenset(
    "will 'll gonna wanna want wants wanted hope hopes hoping plan plans planning need needs "
    "gotta might may must shall can't cant cannot going".split()
)


_BARE_NOT = frozenset("the a an my your his her our their this that some any and or".split())
# After a modal these tell what is so rather than wish it ("I must say", "I may have told").
_TELLING = frozenset("have tell say mention admit add note".split())


def _unreal(toks: list[tuple[int, int, str]], start: int, upto: int) -> bool:
    """Whether tokens ``start``..``upto`` hold a wish, a plan or a modal that governs a verb:
    the word then "to" or a bare verb ("want to quit", "I'll go"), not "the job I wanted",
    "I need the money", "in May", "met Will"."""
    unreal = False
    for t in range(start, upto):
        raw = toks[t][2].strip(_STRIP)
        word = clean(raw)
        if word == "but":  # "I wanted to be a doctor but studied art and ...": that happened
            unreal = False
            continue
        if raw[:1].isupper() and word in ("may", "will", "hope"):
            continue  # the month, a name
        if word not in _UNREAL and not word.endswith(("'ll", "'d")):
            continue
        nxt = clean(toks[t + 1][2]) if t + 1 < upto else ""
        if nxt in _TELLING:
            continue  # "I may have mentioned that I moved ...", "I gotta say I love ..."
        bare = nxt.isalpha() and not nxt.endswith("ed") and nxt not in _BARE_NOT
        if word.endswith(("'ll", "'d")) or nxt == "to":
            unreal = True
        elif word != "going" and bare and not (nxt.endswith("s") and not nxt.endswith("ss")):
            unreal = True
    return unreal


def _subject_at(toks: list[tuple[int, int, str]], k: int, upto: int) -> bool:
    """Whether token ``k`` opens a clause with its own subject: a pronoun (not "you know"),
    a name whose verb agrees, or a possessive and its noun ("my sister")."""
    if k >= upto:
        return False
    low = clean(toks[k][2])
    if low in _PRONOUN_SUBJECTS:
        nxt = toks[k + 1][2] if k + 1 < len(toks) else ""
        if low == "you" and clean(nxt) in _YOU_FILLERS:
            return False
        # "Tom, I think, and ...", "they're great, and ...": a parenthesis, not a clause.
        return not nxt.rstrip(_STRIP).endswith(",")
    if low in _POSSESSIVES:  # "my sister went", not "my keys, my hiking boots and ..."
        return k + 2 < upto and clean(toks[k + 2][2]) in _SUBJECT_VERBS
    return _name_at(toks, k) is not None and _agrees(toks, k)


# Verbs after "my X" that make it a clause's subject ("my sister moved", "my son plays").
_SUBJECT_VERBS = PAST_IRREGULAR | frozenset(
    "lives works loves likes plays has is was goes moved started studies teaches wants "
    "said says called texted".split()
)


def _clause_start(toks: list[tuple[int, int, str]], upto: int) -> int:
    """Where the clause whose subject a verb after "and" (token ``upto``) carries over
    starts: past an opening subordinate clause and its comma, at the latest clause a comma
    opens with a subject ("Tom got home, so we ...", "I went to the beach, and Tom went ...",
    "..., I ...") or that "and/so/but" opens with a pronoun ("My weekend was great and I
    went hiking and visited ...")."""
    first = 0
    if toks and clean(toks[0][2]) in _SUBORDINATORS:
        comma = next((j for j in range(1, upto) if toks[j][2].rstrip(_STRIP).endswith(",")), None)
        if comma is not None:
            first = comma + 1
    for j in range(first + 1, upto):
        word = clean(toks[j][2])
        after_comma = toks[j - 1][2].rstrip(_STRIP).endswith((",", ";"))
        if word in _CLAUSE_JOINS and (
            (after_comma and _subject_at(toks, j + 1, upto))
            or (
                clean(toks[j + 1][2]) in _PRONOUN_SUBJECTS
                and (j + 2 >= len(toks) or clean(toks[j + 2][2]) not in _OBJECT_NEXT)
            )
            if j + 1 < upto
            else False
        ):
            first = j + 1
        elif after_comma and _subject_at(toks, j, upto):
            first = j
    return first


def _sentence_subject(toks: list[tuple[int, int, str]], upto: int) -> tuple[str, str | None, bool]:
    """The subject carried over to a verb after "and" at token ``upto`` (for "I went ...
    and saw"): the first subject of the clause :func:`_clause_start` finds, and whether that
    clause is a wish, a plan or a hypothetical (which the carried verb shares)."""
    first = _clause_start(toks, upto)
    for i in range(first, min(upto, first + 12)):
        raw = toks[i][2]
        low = clean(raw)
        unreal = _unreal(toks, i, upto)
        if i == first and low in _POSSESSIVES and i + 1 < upto:
            joint = [clean(t[2]) for t in toks[i + 1 : i + 6]]
            if not any(a == "and" and b in ("i", "me") for a, b in itertools.pairwise(joint)):
                return "none", None, unreal  # "My wife grabbed the bags and went ...": hers
        if low in FIRST_PERSON:
            return "actor", None, unreal
        if low in OTHER_SUBJECTS:
            return "none", None, unreal
        if raw.rstrip(_STRIP)[-1:] in ",!" or low in NAME_STOP:
            continue  # vocative ("Caroline, I ...") or interjection
        named = _name_at(toks, i)
        if named is not None and _agrees(toks, i):
            return "name", named[0], unreal
    return "elided", None, False


_POSSESSIVES = frozenset({"my", "our", "his", "her", "their"})
# Words that name someone by their relation, before an appositive name ("my sister, Priya,").
_RELATIONS = frozenset(
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
    if not (prev.rstrip(_STRIP).endswith(",") and clean(prev) in _RELATIONS):
        return False
    for j in (i - 2, i - 3):  # the possessive, perhaps before one adjective
        if j < 0:
            return False
        word = toks[j][2].strip(_STRIP)
        if word.lower() in _POSSESSIVES or (word.endswith("'s") and word[:1].isupper()):
            opens = j == 0 or toks[j - 1][2].rstrip(_STRIP).endswith(_BOUNDARY_END)
            return opens and _agrees(toks, i)
    return False


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
            named = _name_at(toks, i)
            if named is not None:
                return Walk("name", named[0], named[1], plain, cess, cond)
        if raw.rstrip(_STRIP).endswith(_BOUNDARY_END) or raw in _DASHES:
            # After a comma a new clause starts; treating it as subjectless keeps "..., like
            # a walk in the park" from reading as a preference.
            if _sentence_subject(toks, i + 1)[0] == "none":
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
        if low in CONJUNCTIONS:
            if steps == 0 and sent.text[pos:].split(maxsplit=1)[0].lower().endswith("ing"):
                return Walk("none", None, s, plain, cess, cond)  # "..., and joining X is"
            if _in_relative(toks, i):
                # "I have a brother who lives in Denver and works at Google": the brother.
                return Walk("none", None, s, plain, cess, cond)
            kind, name, unreal = _sentence_subject(toks, i)
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
            named = _name_at(toks, i)
            if named is not None and _agrees(toks, i):
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
    if low in ("i", "me") or _NAME_TOKEN.match(prev.strip(_STRIP)) is not None:
        return True
    return low in _RELATIONS and i >= 3 and clean(toks[i - 3][2]) in _POSSESSIVES
