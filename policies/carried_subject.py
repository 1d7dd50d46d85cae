"""The subject a verb after "and" / "but" / "then" (or a comma) carries over when it has none
of its own ("I went to the beach and visited the aquarium"): which clause's subject, and
whether that clause is a wish, a plan or a hypothetical the carried verb shares."""

from __future__ import annotations

import itertools

from nousmem.policies.clause_leads import STRIP as _STRIP
from nousmem.policies.clause_leads import clean
from nousmem.policies.subject_words import (
    CONDITIONAL,
    FIRST_PERSON,
    NAME_STOP,
    OTHER_SUBJECTS,
    PAST_IRREGULAR,
)
from nousmem.policies.token_names import POSSESSIVES, agrees, name_at

__all__ = ["sentence_subject"]


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
    if low in POSSESSIVES:  # "my sister went", not "my keys, my hiking boots and ..."
        return k + 2 < upto and clean(toks[k + 2][2]) in _SUBJECT_VERBS
    return name_at(toks, k) is not None and agrees(toks, k)


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


def sentence_subject(toks: list[tuple[int, int, str]], upto: int) -> tuple[str, str | None, bool]:
    """The subject carried over to a verb after "and" at token ``upto`` (for "I went ...
    and saw"): the first subject of the clause :func:`_clause_start` finds, and whether that
    clause is a wish, a plan or a hypothetical (which the carried verb shares)."""
    first = _clause_start(toks, upto)
    for i in range(first, min(upto, first + 12)):
        raw = toks[i][2]
        low = clean(raw)
        unreal = _unreal(toks, i, upto)
        if i == first and low in POSSESSIVES and i + 1 < upto:
            joint = [clean(t[2]) for t in toks[i + 1 : i + 6]]
            if not any(a == "and" and b in ("i", "me") for a, b in itertools.pairwise(joint)):
                return "none", None, unreal  # "My wife grabbed the bags and went ...": hers
        if low in FIRST_PERSON:
            return "actor", None, unreal
        if low in OTHER_SUBJECTS:
            return "none", None, unreal
        if raw.rstrip(_STRIP)[-1:] in ",!" or low in NAME_STOP:
            continue  # vocative ("Caroline, I ...") or interjection
        named = name_at(toks, i)
        if named is not None and agrees(toks, i):
            return "name", named[0], unreal
    return "elided", None, False
