"""A pet or a vehicle memory holds, gone: "Luna passed away last week" after "I have a cat
named Luna", "I sold my Civic" after "I drive a Honda Civic".

The rules read a pet's death with its species ("My dog Rex passed away") and a vehicle only
as had. Said later, the pet is named alone and the car by part of its name, so the sentence
names no value memory holds. Read against the pets and vehicles held then, it does:

- a held pet's name, then "passed away", "died", "was put down", "was put to sleep" or
  "crossed the rainbow bridge"; "I gave Max away", "We rehomed Max", "I gave Max to my
  parents", "We had to put Rex down", "We euthanized Rex" (the speaker's); a foster gone
  to its home ("Pepper went to her forever home", "Pepper got adopted");
- "I / we sold / traded in / totaled / scrapped / got rid of my / our (old) X", where X's
  words are all in one held vehicle's name, or X is "car" / "truck" / "bike" / ... and one
  vehicle is held; "traded in my Civic for a Tesla Model 3" also asserts what took its place.

Not a supposition or a denial ("If Luna died ...", "I never sold my Civic"). Each is a
denial of the held value, journaled with the extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.clause_leads import SUPPOSING
from nousmem.policies.held_denials import denial
from nousmem.policies.held_values import HeldValues
from nousmem.policies.letters import UPPER
from nousmem.policies.sentences import sentences
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["gone_things"]

CONFIDENCE = 0.9
_CUES = (
    "passed",
    "died",
    "put ",
    "euthani",
    "rainbow",
    "gave",
    "rehom",
    " home",
    "adopted",
    "sold",
    "traded",
    "totaled",
    "totalled",
    "scrapped",
    "got rid",
)
_NAME = rf"(?P<name>[{UPPER}][\w'-]+(?:\s+[{UPPER}][\w'-]+)?)"
_PET_DIED = re.compile(
    _NAME + r"\s+(?:(?:has|had|just|sadly|finally|recently|unexpectedly)\s+)*"
    r"(?:passed\s+away|died|was\s+put\s+down|was\s+put\s+to\s+sleep"
    r"|crossed\s+the\s+rainbow\s+bridge)\b"
)
# Not for a while: "I gave Max to my parents for the weekend".
_FOR_A_WHILE = (
    r"(?![^.!?]*\bfor\s+(?:the\s+|a\s+)?(?:weekend|week|day|night|holidays|summer|few|couple"
    r"|month|trip|vacation)\b)"
)
_PET_GIVEN = re.compile(
    r"\b(?:I|We|we)\s+(?:(?:just|finally|had\s+to|sadly)\s+)*(?:gave|rehomed|re-homed)\s+"
    + _NAME
    + r"\s+(?:away|up|to\s+(?:my|our|a|an|the)\b)"
    + _FOR_A_WHILE
)
# A foster gone to its home: "Pepper went to her forever home", "Pepper got adopted".
_PET_HOMED = re.compile(
    _NAME + r"\s+(?:(?:has|had|just|finally|officially)\s+)*(?:(?:went|gone|moved)\s+to\s+"
    r"(?:her|his|their|its|a)\s+(?:forever|new|permanent)\s+home|(?:got|was|been)\s+adopted)\b"
    + _FOR_A_WHILE
)
# "We had to put Rex down", "We put Luna to sleep yesterday"; not for a nap or for the
# night ("I put Rex down for a nap").
_WE_HAD_TO = r"\b(?:I|We|we)\s+(?:(?:just|finally|sadly|had\s+to|have\s+to|'ve|have|had)\s+)*"
_PET_PUT_DOWN = re.compile(
    _WE_HAD_TO + r"put\s+" + _NAME + r"\s+(?:down|to\s+sleep)(?!\s+(?:for|on|in|at|with|after)\b)"
)
# "We euthanized Rex".
_PET_EUTHANIZED = re.compile(_WE_HAD_TO + r"euthani[sz]ed\s+" + _NAME + r"\b")
_SOLD = re.compile(
    r"\b(?:I|We|we)\s+(?:(?:just|finally|recently|had\s+to)\s+)*(?:sold|traded\s+in|totaled"
    r"|totalled|scrapped|got\s+rid\s+of)\s+(?:my|our)\s+(?:old\s+)?"
    r"(?P<what>[\w-]+(?:\s+[\w-]+){0,2}?)(?=\s+(?:and|to|for|last|yesterday|because|since|at"
    r"|on|in|this)\b|\s*[.,;!?]|\s*$)"
)
# What took the sold vehicle's place: "traded in my Civic for a Tesla Model 3".
_FOR_NEW = re.compile(
    rf"\s+for\s+(?:a|an)\s+(?:(?:new|used|brand-new|brand\s+new)\s+)?(?P<new>[{UPPER}][\w-]*"
    rf"(?:\s+(?:[{UPPER}][\w-]*|\d[\w-]*)){{0,3}})"
)
_KINDS = frozenset("car truck bike motorcycle motorbike van suv scooter ride".split())
_DENIED = re.compile(r"\b(?:never|didn't|did\s+not|don't|won't|not)\b", re.IGNORECASE)


def gone_things(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of pets and vehicles ``actor`` held at ``occurred`` that ``content``
    says are gone (see the module doc), less those ``claims`` (the extractor's) make."""
    if actor is None:
        return []
    low = content.lower()
    if not any(cue in low for cue in _CUES):
        return []  # most messages lose nothing: a substring test spares the rest
    out: list[Claim] = []
    seen = {(c.attribute, match_key(c.value)) for c in claims if c.polarity == "negate"}

    def deny(attribute: str, value: str, span: tuple[int, int]) -> None:
        if (attribute, match_key(value)) not in seen:
            seen.add((attribute, match_key(value)))
            out.append(denial(actor, attribute, value, CONFIDENCE, span))

    for piece in sentences(content):
        lo, text = piece.start(), piece.group(0)
        pets = (*_PET_DIED.finditer(text), *_PET_GIVEN.finditer(text), *_PET_HOMED.finditer(text))
        ended = (*_PET_PUT_DOWN.finditer(text), *_PET_EUTHANIZED.finditer(text))
        for m in (*pets, *ended):
            if _unreal(text, m.start()):
                continue
            name = match_key(m.group("name"))
            for pet in held(actor, "pet", occurred):
                # "cat Luna": the name is what follows the species.
                if match_key(pet).endswith(" " + name) or match_key(pet) == name:
                    deny("pet", pet, (lo + m.start(), lo + m.end()))
        for m in _SOLD.finditer(text):
            if _unreal(text, m.start()):
                continue
            what = match_key(m.group("what")).split()
            vehicles = held(actor, "vehicle", occurred)
            # "my car" is the one held; "my Civic" the one named so. Two: which is unclear.
            kind = len(what) == 1 and what[0] in _KINDS
            gone = [v for v in vehicles if kind or set(what) <= set(match_key(v).split())]
            if len(gone) == 1:
                deny("vehicle", gone[0], (lo + m.start(), lo + m.end()))
                new = _FOR_NEW.match(text, m.end())
                said = {match_key(c.value) for c in (*claims, *out) if c.attribute == "vehicle"}
                if new is not None and match_key(new.group("new")) not in said:
                    span = (lo + new.start("new"), lo + new.end("new"))
                    out.append(
                        out[-1].model_copy(
                            update={"value": new.group("new"), "polarity": "assert", "span": span}
                        )
                    )
    return out


def _unreal(text: str, at: int) -> bool:
    """A supposition or a denial before the match in its sentence."""
    before = text[:at]
    return SUPPOSING.search(before) is not None or _DENIED.search(before) is not None
