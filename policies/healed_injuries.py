"""An injury memory holds, healed: "My arm has healed" after "I broke my arm", "Ana's
ankle is better now" after "Ana sprained her ankle", "I've fully recovered from my
concussion".

The injury rules (``policies/rules_injury.py``) read an injury in a doctor's words
(``broken arm``) and it stayed held for good: healing names the body part, not the injury,
so read alone it ended nothing. Read against the injuries the person holds, it does:

- the part, whole: "My arm has healed", "My broken wrist is fully healed", "Ana's ankle is
  better now", "My knee is fine again", "My back is back to normal";
- the injury, got over: "I've recovered from my broken arm", "Ana recovered from her
  concussion", "I'm over my sprained ankle".

The part named must be the held injury's ("my wrist" is the ``broken left wrist``; "my
arm" is no ``broken wrist``), and its words all in it ("my sprained ankle" is no ``broken
ankle``). Whose: "my" or "I" is the speaker, "Ana's" or "Ana" the one named, "my mom's"
or "Mom's" the relative memory knows (the runtime says whom: ``Relative``); "her" and
"his" the one name said before them in the statement ("Leo's cast came off today, his arm
has healed"), no one when none or two are. A cast off ends the broken (fractured, cracked)
injuries held ("Leo's cast came off today"). Healing under way or to come ("My arm is healing",
"is getting better", "should heal soon"), part of the way ("a bit better", "almost
healed"), a denial ("hasn't healed", "isn't better"), a supposition or a question ends
nothing. Each is a denial of the held injury, journaled with the extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial

from nousmem.policies.forget_named import singular
from nousmem.policies.forget_phrases import KIN_ALT
from nousmem.policies.held_denials import said_over
from nousmem.policies.held_values import HeldValues, Relative
from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.rules_injury import INJURY_PART, INJURY_STATE, WHOLE_INJURY
from nousmem.projections.models import Claim

__all__ = ["healed_injuries"]

CONFIDENCE = 0.85
ATTRIBUTE = "injury"
_CUES = (
    "heal",
    "better",
    "recover",
    "fine",
    "normal",
    "okay",
    " ok",
    "over ",
    "mended",
    "cast",
)
# The hurt named: "arm", "left wrist", "broken arm", "torn ACL", "concussion".
_HURT = r"(?P<hurt>(?:(?i:" + INJURY_STATE + r")\s+)?" + INJURY_PART + r"|" + WHOLE_INJURY + r")\b"
_NAME = rf"[{UPPER}][{LETTER}-]+"
# Only a whole healing: not "much / a bit better", "almost healed".
_WHOLLY = r"(?:\s+(?i:finally|fully|completely|totally|all|now|pretty\s+much))*"
_KIN = rf"(?P<kin>[Mm]y\s+(?i:{KIN_ALT}))"
_PART_HEALED = re.compile(
    rf"(?:\b{_KIN}'s|\b(?P<mine>[Mm]y)|\b(?P<name>{_NAME})'s|\b(?P<pron>[Hh]is|[Hh]er))\s+"
    + _HURT
    + r"(?:\s+(?i:has|have)"
    + _WHOLLY
    + r"\s+(?i:healed|mended|recovered)|(?:\s+(?i:is|are)|'s)"
    + _WHOLLY
    + r"\s+(?i:healed|mended|better|fine\s+again|ok\s+again|okay\s+again|back\s+to\s+normal))"
    r"(?![\w-])"
)
_GOT_OVER = re.compile(
    rf"\b(?:(?P<who>I|{_NAME})|{_KIN})(?:'ve|'s|'m|\s+(?:have|has|am|is))?"
    + r"(?:\s+(?i:finally|fully|completely|totally|now|just|since))*"
    + r"\s+(?:(?i:recovered|healed)\s+(?i:from)|(?i:over))\s+"
    + r"(?:(?i:my|her|his|the|a|an|that)\s+)?"
    + _HURT
)
# A cast off: the broken bone under it has healed ("Leo's cast came off today", "My cast
# comes off on Friday" is to come: no).
_CAST_OFF = re.compile(
    rf"(?:\b{_KIN}'s|\b(?P<mine>[Mm]y)|\b(?P<name>{_NAME})'s|\b(?P<pron>[Hh]is|[Hh]er))\s+"
    r"(?P<cast>casts?)\s+(?:(?i:finally|just)\s+)?(?:(?i:came|has\s+come|got\s+taken|was\s+taken"
    r"|is)\s+off|(?i:is|was|got)\s+removed)\b"
)
_BROKEN = re.compile(r"\b(?:broken|fractured|cracked|shattered)\b|\bfracture\b", re.IGNORECASE)
_WORD = re.compile(r"[\w-]+")


def healed_injuries(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
    relative: Relative = lambda said: None,
) -> list[Claim]:
    """The denials of the injuries held at ``occurred`` that ``content`` says healed (see
    the module doc), less those ``claims`` already make. "My" and "I" are ``actor``;
    ``relative`` says whom "my mom" or "Mom" means."""

    def ends(m: re.Match[str], _: str) -> Callable[[str], bool]:
        if m.groupdict().get("cast"):
            return lambda value: _BROKEN.search(value) is not None
        return partial(_names, [_singular(w) for w in _WORD.findall(m.group("hurt").lower())])

    return said_over(
        claims,
        content,
        actor,
        occurred,
        held,
        relative,
        attribute=ATTRIBUTE,
        confidence=CONFIDENCE,
        cues=_CUES,
        patterns=(_PART_HEALED, _GOT_OVER, _CAST_OFF),
        ends=ends,
    )


def _names(named: list[str], value: str) -> bool:
    """Whether the hurt ``named`` (its words, singular) is the held injury ``value``: the
    same part, its last word, and no word the injury lacks."""
    words = [_singular(w) for w in _WORD.findall(value.lower())]
    return bool(named) and named[-1] == words[-1] and set(named) <= set(words)


def _singular(word: str) -> str:
    # "ribs" is "rib", "legs" "leg"; "feet" the one irregular part.
    return "foot" if word == "feet" else singular(word)
