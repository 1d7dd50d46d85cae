"""A condition memory holds, over: "I'm in remission" after "I was diagnosed with breast
cancer", "Ana beat cancer", "I'm cancer-free", "I was cured of hepatitis C", "My eczema
cleared up".

The health rules read a condition by name and a denial in its own words ("I don't have
diabetes anymore"). People say a cancer is over in other words, which name no condition or
only its kind ("cancer" for ``breast cancer``), so read alone they ended nothing. Read
against the conditions the person holds, they do:

- in remission, cancer-free: every cancer held ("cancer", "leukemia", "lymphoma",
  "melanoma", by any site); "in remission from lymphoma" only that one;
- beat, beaten, overcame, cured of, recovered from a condition named: the held ones whose
  words hold the name's ("beat cancer" is the ``breast cancer`` held; "beat breast cancer"
  is no ``lung cancer``);
- gone, by its own name: "My eczema cleared up", "My migraines have gone away", "Ana's
  asthma is gone", "The migraines are gone" (the speaker's, opening a sentence; not
  "isn't gone", nor "My phone is gone": no condition held).

Whose: "I" is the speaker, a name the one named, "my mom" or "Mom" the relative memory
knows (the runtime says whom: ``Relative``). Not a supposition, a denial ("I'm not in
remission"), a hope ("I hope to be cancer-free"), what is to come ("I will beat this") or
a question. Each is a denial of the held condition, journaled with the extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial

from nousmem.policies.forget_phrases import KIN_ALT
from nousmem.policies.held_denials import said_over
from nousmem.policies.held_values import HeldValues, Relative
from nousmem.policies.letters import LETTER, UPPER
from nousmem.projections.models import Claim

__all__ = ["cured_conditions"]

CONFIDENCE = 0.85
ATTRIBUTE = "condition"
_CUES = (
    "remission",
    "cancer-free",
    "cancer free",
    "beat",
    "overcame",
    "cured",
    "recovered",
    "gone",
    "cleared up",
    "went away",
    "disappeared",
    "resolved",
)
# What a remission ends: a cancer of any kind.
_CANCERS = ("cancer", "leukemia", "leukaemia", "lymphoma", "melanoma")
_SUBJECT = (
    rf"\b(?:(?P<who>I|[{UPPER}][{LETTER}-]+)|(?P<kin>[Mm]y\s+(?i:{KIN_ALT})))"
    r"(?:'m|'s|'ve|\s+(?:am|is|was|have|has|had))?"
    r"(?:\s+(?i:now|finally|officially|fully|completely|just|been|since))*\s+"
)


def _named(group: str) -> str:
    """The condition named, as the group ``group``: a few words up to the clause's end
    ("breast cancer", "hepatitis C"), less a possessive or an article before them."""
    return rf"(?:(?i:my|her|his|the|a|an|their)\s+)?(?P<{group}>[\w'-]+(?:\s+[\w'-]+){{0,2}}?)"


_OVER = re.compile(
    _SUBJECT
    + r"(?:(?i:in\s+(?:complete\s+|full\s+)?remission)(?:\s+(?i:from)\s+"
    + _named("source")
    + r")?|(?i:cancer[-\s]free)"
    + r"|(?:(?i:beat|beaten|overcame|overcome)|(?i:cured|recovered)\s+(?i:from|of))\s+"
    + _named("named")
    + r")(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|last|this|in|after|at|for|two|three|years?|months?"
    r"|weeks?|ago|now|yesterday|today|recently|finally)\b)"
)
# A condition gone by its own name: "My eczema cleared up", "My migraines have gone away",
# "Ana's asthma is gone", "My mom's cancer is gone"; "The migraines are gone" opening a
# sentence is the speaker's.
_GONE = re.compile(
    rf"(?:\b(?P<kin>[Mm]y\s+(?i:{KIN_ALT}))'s|\b(?P<mine>[Mm]y|(?:^\s*|(?<=[.!?]\s))The)"
    rf"|\b(?P<name>[{UPPER}][{LETTER}-]+)'s)"
    r"\s+(?P<gone>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:(?:is|are|'s)\s+"
    r"(?:(?:finally|completely|totally|now|all)\s+)?(?:gone|cured|resolved|cleared\s+up)"
    r"|(?:has|have)\s+(?:(?:finally|completely|totally)\s+)?(?:gone\s+away|cleared\s+up"
    r"|disappeared|resolved)|went\s+away|cleared\s+up|disappeared)\b"
)
# Not what one hopes or is yet to do: "I hope I'm cancer-free", "I'm going to beat this".
_NOT_YET = re.compile(
    r"\b(?:hope|hoping|pray|praying|wish|want|wants|will|'ll|going\s+to|gonna|could|might"
    r"|should|would|if|until|once|try|trying)\b[^.!?]*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w'-]+")


def cured_conditions(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
    relative: Relative = lambda said: None,
) -> list[Claim]:
    """The denials of the conditions held at ``occurred`` that ``content`` says are over
    (see the module doc), less those ``claims`` already make. "I" is ``actor``;
    ``relative`` says whom "my mom" or "Mom" means."""

    def ends(m: re.Match[str], before: str) -> Callable[[str], bool] | None:
        if _NOT_YET.search(before):
            return None
        return partial(_ends, m.groupdict().get("gone") or m.group("named") or m.group("source"))

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
        patterns=(_OVER, _GONE),
        ends=ends,
    )


def _ends(named: str | None, value: str) -> bool:
    """Whether what is said over (``named``; None: a remission, any cancer) ends the held
    condition ``value``."""
    words = _WORD.findall(value.lower())
    if named is None:
        return any(w in _CANCERS for w in words)
    said = _WORD.findall(named.lower())
    if said in (["it"], ["this"], ["that"]):
        return False
    return bool(said) and said[-1] in words and set(said) <= set(words)
