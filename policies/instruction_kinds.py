"""An instruction that picks another one of a kind replaces the one held: "Write examples in
Rust from now on" after "Always write code examples in Go".

``instruction`` is multi-valued: instructions hold side by side ("Never use emojis", "Keep
answers short"). But some name one choice of a kind (a programming language, a currency, a
unit of distance, temperature or weight, a system of measures), and a later instruction that
does the same thing with another choice of that kind changes the choice, as "Answer in
English from now on" changes ``answer_language``. Memory holds the earlier instruction, so a
write adds its denial, with the new claim's confidence, time and span, as a change (as
:mod:`.exclusive_values` does for a diet).

"The same thing" is read from the words: the same verb and marker ("write", "only use"),
and the new instruction's other words among the held one's ("write *examples* in Rust"
after "write *code examples* in Go"). A narrower instruction adds to a broader one ("Use
Rust for the backend" after "Always use Python"), other objects are other instructions
("Give weights in pounds" after "Give prices in USD"), and "also", "too" or "as well" adds.
The same choice in another number replaces it too ("Use 2 spaces for indentation" after
"Use 4 spaces for indentation").
Nothing is added for a hedged claim, a "never" instruction, or a value the same observation
itself asserts or denies.

Two more readings end what a new instruction contradicts: a ban ends the held instructions
it covers (:func:`banned_instructions`: "Never use tabs" ends "use tabs for indentation"),
and answers asked of one length end those asked of the other (:func:`resized_instructions`:
"Give me detailed answers" ends "Keep answers short").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from nousmem.policies.ended_marriage import claimed_at
from nousmem.policies.instruction_words import CHOICE_KINDS
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["banned_instructions", "resized_instructions", "superseded_instructions"]

_MARKERS = frozenset({"only", "always"})
# Words that say nothing of what the instruction is about.
_FILLER = frozenset("in into to with using for the a an my me all every".split())
_ADDS = re.compile(r"\b(?:also|too|as\s+well|besides)\b", re.IGNORECASE)
_WORD = re.compile(r"[\w'+#-]+")
_NUMBERS = frozenset(
    [str(n) for n in range(1, 13)] + "one two three four five six seven eight".split()
)

#: The instructions memory holds of an entity at an instant.
HeldInstructions = Callable[[str, datetime], Sequence[str]]


class _Shape:
    """An instruction's marker and verb, the one (kind, choice) it names (None for none or
    several: "Convert USD to EUR", or "pounds", a currency and a weight), and its other
    words."""

    def __init__(self, value: str) -> None:
        raw = _WORD.findall(value)
        marked = bool(raw) and raw[0].lower() in _MARKERS
        self.marker = raw[0].lower() if marked else ""
        rest = raw[1:] if marked else raw
        self.verb = rest[0].lower() if rest else ""
        # "go" names the language only as a name: "Go", not "go with metric".
        objects = {w.lower() for w in rest[1:] if w != "go"}
        named = {(k, w) for w in objects for k, ws in CHOICE_KINDS.items() if w in ws}
        self.choice = next(iter(named)) if len(named) == 1 else None
        self.others = objects - {w for _, w in named} - _FILLER


def superseded_instructions(
    claims: Sequence[Claim], occurred: datetime, held: HeldInstructions, attribute: str
) -> list[Claim]:
    """The denials of held ``attribute`` values (instructions) that asserted ones in
    ``claims`` replace, in claim order (``occurred``: when the observation was said)."""

    def ends(c: Claim) -> Callable[[str], bool] | None:
        if c.value.lower().startswith("never ") or _ADDS.search(c.value):
            return None
        new = _Shape(c.value)
        if new.choice is None or not new.verb:
            return None
        return lambda v: _replaces(new, _Shape(v))

    return _ended(claims, occurred, held, attribute, ends)


def _ended(
    claims: Sequence[Claim],
    occurred: datetime,
    held: HeldInstructions,
    attribute: str,
    ends: Callable[[Claim], Callable[[str], bool] | None],
) -> list[Claim]:
    """The denials, as changes, of the ``attribute`` values held when each asserted,
    unhedged claim of it was said that ``ends(claim)`` (None: the claim ends none) tells
    it ends; none the claims already make, each value once, in claim order."""
    said = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in claims}
    out: list[Claim] = []
    for c in claims:
        if c.attribute != attribute or c.polarity != "assert" or c.hedged:
            continue
        test = ends(c)
        if test is None:
            continue
        entity = match_key(c.entity)
        for v in held(c.entity, claimed_at(c, occurred)):
            key = (entity, c.attribute, match_key(v))
            if key in said or not test(v):
                continue
            said.add(key)
            out.append(c.model_copy(update={"value": v, "polarity": "negate", "change": True}))
    return out


def _replaces(new: _Shape, old: _Shape) -> bool:
    """Whether ``new`` does what ``old`` does, with another choice of the same kind."""
    if (new.marker, new.verb) != (old.marker, old.verb) or new.choice is None:
        return False
    if old.choice is None or old.choice[0] != new.choice[0]:
        return False
    if old.choice == new.choice:
        # The same choice in another number: "Use 2 spaces for indentation" after "Use 4".
        return new.others != old.others and new.others - _NUMBERS == old.others - _NUMBERS
    return new.others <= old.others


def banned_instructions(
    claims: Sequence[Claim], occurred: datetime, held: HeldInstructions, attribute: str
) -> list[Claim]:
    """The denials of held ``attribute`` values (instructions) that a ban in ``claims``
    covers: "Never use tabs" ends "use tabs for indentation", "Stop using type hints" ends
    "use type hints in Python code" (the held instruction opens with the banned words). A
    ban of the same words is the extractor's own withdrawal; a narrower ban ("Never use
    tabs in YAML") ends nothing broader."""

    def ends(c: Claim) -> Callable[[str], bool] | None:
        words = match_key(c.value).split()
        if len(words) < 3 or words[0] != "never":
            return None
        banned = words[1:]

        def covered(v: str) -> bool:
            held_words = match_key(v).split()
            return len(held_words) > len(banned) and held_words[: len(banned)] == banned

        return covered

    return _ended(claims, occurred, held, attribute, ends)


# How long the answers are to be, one way or the other.
_SHORT = frozenset("short shorter brief briefly concise concisely terse succinct".split())
_LONG = frozenset("detailed long longer thorough thoroughly in-depth verbose".split())
# What the length is of: the answers (or nothing named, "Keep it short").
_ANSWERS = frozenset("answer answers reply replies response responses it explanations".split())
# Words of the asking itself, and of an addition ("also": beside, not instead).
_LENGTH_VERBS = frozenset(
    "keep give make write be explain answer reply respond please me things everything detail "
    "more your from now on always".split()
)
_ADD_WORDS = frozenset({"also", "too"})


def resized_instructions(
    claims: Sequence[Claim], occurred: datetime, held: HeldInstructions, attribute: str
) -> list[Claim]:
    """The denials of held ``attribute`` values that ask for answers of the other length
    than one in ``claims``, whatever the verb: "Give me detailed answers from now on" ends
    "Keep answers short", "Be concise" ends "Explain things in detail"."""

    def ends(c: Claim) -> Callable[[str], bool] | None:
        side = _length(c.value)
        if side is None:
            return None
        return lambda v: (other := _length(v)) is not None and other != side

    return _ended(claims, occurred, held, attribute, ends)


def _length(value: str) -> str | None:
    """``short`` or ``long`` for an instruction that asks for answers of one length (not a
    ban, nor one about something else: "keep variable names short"), else None."""
    words = {w.lower() for w in _WORD.findall(value)}
    if "never" in words or words & _ADD_WORDS:
        return None
    if "detail" in words and words & {"in", "more"}:
        words.add("detailed")
    short, long = bool(words & _SHORT), bool(words & _LONG)
    if short == long:
        return None
    others = words - _SHORT - _LONG - _ANSWERS - _FILLER - _LENGTH_VERBS
    return None if others else ("short" if short else "long")
