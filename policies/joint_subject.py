"""A subject of several names: "Tom and Ana went to Japan", "Tom, Ana and Leo live in
Boston", "Tom and I love hiking", "Me and Tom live in Boston".

The subject walk (``clauses.walk_back``) finds the name (or the "I") next to the verb; the
names joined before it by "and" share what the clause says of it, so each gets the claim
too. A plural verb after the last name ("Tom and Ana *love* hiking") is what a joint subject
takes, though it does not agree with the last name alone. A relation before "and" ("my
husband and I") is no name, and a comma before "and" starts a new clause ("..., and I got
divorced"): neither joins.
"""

from __future__ import annotations

from bisect import bisect_left

from nousmem.policies.clause_leads import STRIP, clean, denied, hypothetical, likened
from nousmem.policies.clauses import RELATION_WORDS, Walk
from nousmem.policies.sentences import Sentence
from nousmem.policies.token_names import name_at

__all__ = ["PAIRED_ATTRIBUTES", "SPEAKER", "joint_subject"]

SPEAKER = "I"
"""A partner that is the speaker ("Tom and I", "me and Tom")."""

_AND = frozenset({"and", "&"})
_POSSESSIVES = frozenset({"my", "our", "his", "her", "their"})
_ME = frozenset({"i", "me"})
# Words a clause's subject may follow: a conjunction, a time, an adverb, a verb of saying or
# thinking ("I think Tom and Ana live in Boston"), an interjection.
_OPENERS = frozenset(
    (
        "so but and or then because cause since when whenever while after before if unless "
        "though although that yesterday today tonight tomorrow now recently finally also "
        "once lately anyway actually basically think thought guess believe know knew hope "
        "heard hear said says suppose bet oh well yeah yes ok okay hey wow plus weekend week "
        "month year night morning afternoon evening summer winter spring fall autumn monday "
        "tuesday wednesday thursday friday saturday sunday"
    ).split()
)
#: Attributes of the pair itself: "Tom and Ana are married / friends" is the rules' of
#: relationships to read, not a state each has alone.
PAIRED_ATTRIBUTES = frozenset(
    {"relationship_status", "spouse", "friend", "sibling", "coworker", "roommate", "neighbor"}
)


def _kin_lead(toks: list[tuple[int, int, str]], i: int) -> int:
    """The token opening "my (little) sister" right before the name at token ``i`` ("my
    sister Ana and my brother Tom live in Oslo"), else ``i``."""
    if i >= 2 and clean(toks[i - 1][2]) in RELATION_WORDS and not _ends_clause(toks[i - 1][2]):
        for k in (i - 2, i - 3):
            if k >= 0 and clean(toks[k][2]) in _POSSESSIVES:
                return k if k == i - 2 or not _ends_clause(toks[k + 1][2]) else i
    return i


def _me_and_my(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether token ``i`` is the relation of "me / I and my <relation>" ("Me and my wife")."""
    return (
        i >= 3
        and clean(toks[i][2]) in RELATION_WORDS
        and clean(toks[i - 1][2]) in ("my", "our")
        and clean(toks[i - 2][2]) in _AND
        and clean(toks[i - 3][2]) in _ME
        and (i == 3 or _opens(toks[i - 4][2]))
    )


def _ends_clause(raw: str) -> bool:
    return raw.rstrip(STRIP)[-1:] in (",", ";", ":", ".", "!", "?")


def _opens(raw: str) -> bool:
    """Whether the token ``raw`` may stand right before a clause's subject."""
    return _ends_clause(raw) or clean(raw) in _OPENERS


def joint_subject(sent: Sentence, walk: Walk) -> tuple[Walk, tuple[str, ...]]:
    """The walk of a clause whose subject is several names, and the names joined before the
    one it found, in order (:data:`SPEAKER` for "I" / "me"). A walk that stopped at a name
    whose plural verb it took for no agreement ("Tom and Ana love") becomes that name's.
    No partners: the walk unchanged and ``()``."""
    if walk.kind not in ("actor", "name", "none"):
        return walk, ()
    starts, toks = sent.tokens()
    i = bisect_left(starts, walk.start)
    if i >= len(toks):
        return walk, ()
    subject = walk
    if walk.kind == "none" and _me_and_my(toks, i):
        # "Me and my wife are going to Paris": the speaker's part (a governed write reads
        # the wife's, runtime/kin_claims.py).
        me = toks[i - 3][0]
        return walk._replace(kind="actor", name=None, start=me), ()
    if walk.kind == "none":
        named = name_at(toks, i)
        if named is None:
            return walk, ()
        i = bisect_left(starts, named[1])
        subject = walk._replace(kind="name", name=named[0], start=named[1])
    # "my brother Tom": the relation before the name is part of the subject.
    first = _kin_lead(toks, i)
    if first < 2 or clean(toks[first - 1][2]) not in _AND:
        return walk, ()
    partners: list[str] = []
    j = first - 2
    while j >= 0:
        if partners:
            # Further left, a name of the list ends with a comma ("Tom, Ana and Leo") or
            # stands before another "and" ("Max and Lily and I").
            if clean(toks[j][2]) in _AND:
                j -= 1
                if j < 0 or _ends_clause(toks[j][2]):
                    break
            elif not toks[j][2].rstrip(STRIP).endswith(","):
                break
        elif _ends_clause(toks[j][2]):
            break  # "..., and I got divorced": a new clause
        if clean(toks[j][2]) in _ME:
            partners.insert(0, SPEAKER)
            first = j
        else:
            named = name_at(toks, j)
            if named is None:
                break
            partners.insert(0, named[0])
            first = _kin_lead(toks, bisect_left(starts, named[1]))
        j = first - 1
    # The list opens its clause: "I live in Lyon and I'm moving" has "Lyon" end the one
    # before, "My name is Sam and I'm a nurse" "Sam", "My kids Max and Lily and I" name
    # the kids first.
    if not partners or not (first == 0 or _opens(toks[first - 1][2])):
        return walk, ()
    # What comes before the whole subject: "If Tom and Ana move", "It's not true that ...".
    cond = subject.conditional or hypothetical(toks, first) or likened(toks, first)
    plain = subject.plain_neg
    if denied(sent, toks, first):
        cond, plain = cond or plain, True
    return subject._replace(conditional=cond, plain_neg=plain), tuple(partners)
