"""How a message names a goal it ends: the goal's verb and object words, and whether they
are said close to a cue (``policies/ended_goals.py`` reads the cues: given up, done, marked
done on a list).

A goal's object is its words after the verb, less articles and possessives (``run a
marathon`` is ``marathon``); each may be said as is or by its stem ("the promotion" names
``get promoted``). Not a part of the goal ("a half marathon", "my marathon training"), nor
after a supposition or a denial in the cue's clause.
"""

from __future__ import annotations

import re
from functools import cache

from nousmem.policies.clause_leads import CLAUSE_BREAK, SUPPOSING
from nousmem.policies.held_denials import clause_so_far
from nousmem.policies.verb_forms import verb_forms
from nousmem.projections.belief_models import match_key
from nousmem.projections.excerpt import stem

__all__ = [
    "CLAUSE_END",
    "NOT_DONE",
    "PARTIAL",
    "REACH",
    "WORD",
    "names_goal",
    "parts",
    "reaches",
    "unreal",
    "verb_named",
]

# How far the goal's object may sit from the cue, in words.
REACH = 5
_STOP = frozenset(
    "a an the my our his her their your to for in at of on some first new own up out off "
    "down with and how into this that next".split()
)
WORD = re.compile(r"[\w'-]+")
CLAUSE_END = re.compile(r"[.;:!?,]|" + CLAUSE_BREAK.pattern)
# Part of the goal, not the goal: "a half marathon", "some Spanish", "towards my marathon".
PARTIAL = frozenset(
    "half some bit little part toward towards about enough practice partly most".split()
)
# What the object names when it is followed by one of these: "my marathon training".
NOT_DONE = frozenset(
    "training plan plans prep application applications course class classes lesson "
    "lessons research search hunting shopping fund savings program programme gear shoes app "
    "book books deposit loan tickets ticket test exam".split()
)
_DENIED = re.compile(
    r"\b(?:never|didn't|did\s+not|don't|do\s+not|haven't|have\s+not|hasn't|won't|not|no)\b"
    r"(?:\s+\w+){0,3}\s*$",
    re.IGNORECASE,
)


@cache
def parts(goal: str) -> tuple[str, frozenset[str]]:
    """A goal's verb and its object's words ("run a marathon": "run", {"marathon"})."""
    words = WORD.findall(match_key(goal))
    if not words:
        return "", frozenset()
    # What a call or a message is about need not be said again: "Just emailed Tom" does
    # "email Tom about the report" (but "learn about birds" keeps its birds).
    if "about" in words[2:]:
        words = words[: words.index("about", 2)]
    return words[0], frozenset(w for w in words[1:] if w not in _STOP)


@cache
def _stem_of(word: str) -> str | None:
    """The stem a word of a goal's object is also named by ("promoted": "promot", which "the
    promotion" starts with); None for a word named only by itself."""
    got = stem(word)
    return got if got != word and len(got) >= 4 else None


def _stem_in(word: str, low: str) -> bool:
    """Whether the lowercase text ``low`` holds ``word``'s stem (a cheap test first)."""
    root = _stem_of(word)
    return root is not None and root in low


def _says(said: str, word: str) -> bool:
    """Whether the word ``said`` names ``word`` of a goal's object: itself, or by its stem."""
    root = _stem_of(word)
    return said == word or (root is not None and said.startswith(root))


def names_goal(goal: str, words: frozenset[str], low: str) -> bool:
    """Whether the message (its ``words``, its lowercase text ``low``) names ``goal``: its
    object's words, each as said or by its stem ("the promotion" names ``get promoted``), or
    its verb in some form when it has no object ("retire")."""
    verb, obj = parts(goal)
    if obj:
        return all(w in words or _stem_in(w, low) for w in obj)
    return bool(verb) and not verb_forms(verb).isdisjoint(words)


def reaches(text: str, start: int, goal: str, *, partial_ok: bool) -> int | None:
    """The end of the goal's object in ``text`` within a few words from ``start`` (before a
    clause ends), else None."""
    verb, obj = parts(goal)
    end = len(text)
    stop = CLAUSE_END.search(text, start)
    if stop is not None:
        end = stop.start()
    tokens = list(WORD.finditer(text, start, end))[: REACH + 1]
    names = [t.group(0).lower().removesuffix("'s") for t in tokens]
    need = set(obj) if obj else set(verb_forms(verb))
    for i, name in enumerate(names):
        if not partial_ok and name in PARTIAL:
            return None
        if obj:
            need -= {w for w in need if _says(name, w)}
        elif name in need:
            need.clear()
        if not need:
            after = names[i + 1] if i + 1 < len(names) else ""
            if not partial_ok and after in NOT_DONE:
                return None
            return tokens[i].end()
    return None


def verb_named(goal: str, words: frozenset[str]) -> bool:
    """Whether ``words`` hold a form of ``goal``'s verb (and its object is not all said)."""
    verb = parts(goal)[0]
    return bool(verb) and not verb_forms(verb).isdisjoint(words)


def unreal(text: str, at: int) -> bool:
    """A supposition or a denial before ``at`` in its clause."""
    before = clause_so_far(text, at)
    return SUPPOSING.search(before) is not None or _DENIED.search(before) is not None
