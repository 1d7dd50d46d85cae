"""The forms of an English verb a goal names, so what is said of it later can be matched:
"run a marathon" is done when "I ran my first marathon", "learning Spanish" given up when
"I'm not learning Spanish anymore".

A small table of irregular verbs and the regular endings; a gerund ("adopting", "running")
gives its stem back. Best effort by design: a form this misses only leaves a goal held, as
it was before. Nothing here knows about claims.
"""

from __future__ import annotations

from functools import cache

__all__ = ["past_forms", "simple_past", "verb_forms"]

# base: its past and past participle (and the other spellings people use).
_IRREGULAR: dict[str, tuple[str, ...]] = {
    "be": ("was", "were", "been"),
    "become": ("became", "become"),
    "begin": ("began", "begun"),
    "build": ("built",),
    "buy": ("bought",),
    "catch": ("caught",),
    "do": ("did", "done"),
    "draw": ("drew", "drawn"),
    "drive": ("drove", "driven"),
    "eat": ("ate", "eaten"),
    "find": ("found",),
    "fly": ("flew", "flown"),
    "get": ("got", "gotten"),
    "give": ("gave", "given"),
    "go": ("went", "gone"),
    "grow": ("grew", "grown"),
    "have": ("had",),
    "hit": ("hit",),
    "keep": ("kept",),
    "learn": ("learned", "learnt"),
    "leave": ("left",),
    "lose": ("lost",),
    "make": ("made",),
    "meet": ("met",),
    "pay": ("paid",),
    "put": ("put",),
    "quit": ("quit", "quitted"),
    "read": ("read",),
    "ride": ("rode", "ridden"),
    "run": ("ran", "run"),
    "see": ("saw", "seen"),
    "sell": ("sold",),
    "set": ("set",),
    "sing": ("sang", "sung"),
    "speak": ("spoke", "spoken"),
    "spend": ("spent",),
    "swim": ("swam", "swum"),
    "take": ("took", "taken"),
    "teach": ("taught",),
    "throw": ("threw", "thrown"),
    "win": ("won",),
    "write": ("wrote", "written"),
}
# A doubled last letter a gerund adds ("running", "stopping"), not one the verb has ("selling").
_NOT_DOUBLED = frozenset("lsfz")


def _bases(verb: str) -> tuple[str, ...]:
    """The base forms ``verb`` may have: itself, or a gerund's stem with and without an e
    ("moving": "mov", "move"; "running": "run")."""
    verb = verb.casefold()
    if len(verb) > 5 and verb.endswith("ing"):
        stem = verb[:-3]
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in _NOT_DOUBLED:
            stem = stem[:-1]
        return (stem, stem + "e")
    return (verb,)


def _regular_past(base: str) -> tuple[str, ...]:
    if base.endswith("e"):
        return (base + "d",)
    if len(base) > 2 and base.endswith("y") and base[-2] not in "aeiou":
        return (base[:-1] + "ied",)
    # Both: whether a last consonant doubles ("stopped", "visited") depends on stress.
    return (base + "ed", base + base[-1] + "ed")


@cache
def past_forms(verb: str) -> frozenset[str]:
    """The past and past-participle forms of ``verb`` (a base or a gerund), lower case:
    "run" gives "ran" and "run", "adopting" "adopted", "move" "moved"."""
    out: set[str] = set()
    for base in _bases(verb):
        out.update(_IRREGULAR.get(base) or _regular_past(base))
    return frozenset(out)


def simple_past(verb: str) -> str:
    """The simple past of ``verb`` (a base or a gerund), lower case, to write a sentence
    with: "move" and "moving" give "moved", "get" and "getting" "got", "visit" "visited"
    (no doubled consonant: "stop" gives "stoped", a form nothing reads)."""
    bases = _bases(verb)
    for base in bases:
        if base in _IRREGULAR:
            return _IRREGULAR[base][0]
    # A gerund's stem with or without its e gives one regular past ("mov" / "move": "moved").
    return _regular_past(bases[0])[0]


@cache
def verb_forms(verb: str) -> frozenset[str]:
    """Every form of ``verb`` (a base or a gerund) a sentence may use, lower case: the base,
    the third person, the gerund, the past and the participle."""
    out: set[str] = set(past_forms(verb))
    for base in _bases(verb):
        out.add(base)
        out.add(base + "es" if base.endswith(("s", "sh", "ch", "x", "o")) else base + "s")
        if base.endswith("e") and not base.endswith("ee"):
            out.add(base[:-1] + "ing")
        else:
            out.update((base + "ing", base + base[-1] + "ing"))
    return frozenset(out)
