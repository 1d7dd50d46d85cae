"""Requests that name what to forget by a noun or by whom: "Forget my address", "Forget
where my sister lives", "Forget my dog Rex" (the ``attribute`` form) and "Forget everything
about Maya / my sister" (the ``entity`` form); see ``policies/forget_requests.py``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from nousmem.policies.forget_phrases import (
    KIN_ALT,
    LEAD,
    NAME,
    NOUNS,
    REASON,
    VERB,
    ForgetRequest,
    alt,
)
from nousmem.policies.patterns import SPECIES_WORDS
from nousmem.policies.subject_words import ATTRIBUTE_NOUNS, KIN_GROUPS, KIN_NOUNS

__all__ = ["ATTRIBUTE", "ENTITY", "attribute_request", "entity_request", "singular"]

_SPECIES = alt(tuple(SPECIES_WORDS.split()))
ATTRIBUTE = re.compile(
    LEAD
    + VERB
    + r"\s+(?:about\s+)?(?P<what>(?:all\s+(?:of\s+)?)?my\s+(?:(?P<old>old|former|previous)\s+)?"
    + rf"(?P<noun>{NOUNS})"
    # "Forget my husband Tom", "Forget about my sister Maya": the link to that relative
    + rf"|my\s+(?P<kin>{KIN_ALT})(?:\s+(?P<kname>{NAME}))?"
    # "Forget about my dog", "Forget my cat Luna": the pet
    + r"|my\s+(?:(?:little|old|new|sweet|cute)\s+)?"
    + rf"(?P<species>{_SPECIES})(?:\s+(?:named\s+|called\s+)?(?P<pname>{NAME}))?"
    # "Forget my instruction about emojis", "Forget the rule about Fridays": the standing
    # instructions that use those words
    + r"|(?:my|the|that)\s+(?P<rule>instructions?|rules?)\s+(?:about|on|regarding)\s+"
    + r"(?P<topic>[^.!?,;()]{1,60}?)"
    + r"|where\s+i(?:'m|\u2019m|\s+am)?\s+(?P<used>used\s+to\s+)?"
    + r"(?P<where>live|living|work|working|lived|worked)"
    # "Forget where my sister lives", "Forget where Maya works": a relative's, someone's
    + rf"|where\s+(?:my\s+(?P<wkin>{KIN_ALT})(?:\s+(?P<wkname>{NAME}))?|(?!I\b)(?P<wname>{NAME}))"
    + r"\s+(?:(?:is|was)\s+)?(?P<wused>used\s+to\s+)?"
    + r"(?P<whose>lives|living|live|works|working|work|lived|worked))"
    + REASON
    + r"\s*$",
    re.IGNORECASE | re.DOTALL,
)
# "Forget everything (you know) about Maya / my sister / my sister Maya", "Forget all
# about Maya", "Erase all your memories of Maya"; not a pronoun ("everything about it /
# her / me").
_EVERYTHING = (
    r"\s+(?:(?:everything|all|anything)(?:\s+(?:that\s+)?(?:you(?:['\u2019]ve|\s+have)?\s+)?"
    r"(?:know|remember|learned|learnt|got|have|collected|stored|saved|heard))?\s+about"
    r"|all\s+(?:of\s+)?(?:your\s+)?(?:memories|notes)\s+(?:of|about))\s+"
)
_NOT_SOMEONE = (
    r"(?!(?:it|that|this|these|those|me|myself|him|her|them|us|you|everyone|everybody"
    r"|everything|anything|all|i)\b)"
)
ENTITY = re.compile(
    LEAD
    + VERB
    + _EVERYTHING
    + rf"(?P<what>my\s+(?P<group>{'|'.join(KIN_GROUPS)})\b"
    + rf"|my\s+(?P<kin>{KIN_ALT})(?:\s+(?P<kname>{NAME}))?"
    + rf"|my\s+(?P<noun>{NOUNS})"
    + rf"|{_NOT_SOMEONE}(?P<name>{NAME}(?:\s+{NAME})?))"
    + REASON
    + r"\s*$",
    re.IGNORECASE | re.DOTALL,
)


def attribute_request(sentence: str, found: re.Match[str], span: tuple[int, int]) -> ForgetRequest:
    request = _named_by(sentence, found, span)
    if found.group("dismiss") is not None or found.group("aside") is not None:
        return replace(request, dismissed=True)
    return request


def entity_request(sentence: str, found: re.Match[str], span: tuple[int, int]) -> ForgetRequest:
    """An ``entity`` request ("Forget everything about Maya / my sister / my kids", whose:
    the name, the relative's noun or the group's); "... about my job" is the attribute
    form."""
    noun = found.group("noun")
    if noun is not None:
        noun = " ".join(noun.casefold().split())
        request = ForgetRequest(sentence, "attribute", noun, ATTRIBUTE_NOUNS[noun], span)
    else:
        kin = found.group("kin") or found.group("group")
        whose = " ".join((found.group("name") or kin).split())
        name = found.group("kname") or ""
        request = ForgetRequest(sentence, "entity", name or whose, (), span, name, whose=whose)
    if found.group("dismiss") is not None or found.group("aside") is not None:
        return replace(request, dismissed=True)
    return request


def _named_by(sentence: str, found: re.Match[str], span: tuple[int, int]) -> ForgetRequest:
    def words(group: str) -> str:
        return " ".join(found.group(group).casefold().split())

    if found.group("where") is not None or found.group("whose") is not None:
        verb = words("where") if found.group("where") is not None else words("whose")
        noun = "where i live" if verb.startswith("liv") else "where i work"
        used = found.group("used") or found.group("wused")
        whose = found.group("wkname") or found.group("wname") or ""
        if not whose and found.group("wkin") is not None:
            whose = words("wkin")
        return ForgetRequest(
            sentence,
            "attribute",
            noun,
            ATTRIBUTE_NOUNS[noun],
            span,
            former=used is not None or verb.endswith("ed"),
            whose=whose,
        )
    if found.group("rule") is not None:
        return ForgetRequest(
            sentence, "attribute", words("rule"), ("instruction",), span, words("topic")
        )
    if found.group("noun") is not None:
        noun = words("noun")
        if noun in KIN_NOUNS:  # "Forget my husband": the one relative, as "my sister"
            return ForgetRequest(sentence, "attribute", noun, (KIN_NOUNS[noun],), span, "", True)
        # "previous instructions" are the ones in force
        former = found.group("old") is not None and noun != "instructions"
        return ForgetRequest(
            sentence, "attribute", noun, ATTRIBUTE_NOUNS[noun], span, former=former
        )
    if found.group("kin") is not None:
        name = found.group("kname") or ""
        noun = words("kin")
        return ForgetRequest(
            sentence, "attribute", name or noun, (KIN_NOUNS[noun],), span, name, not name
        )
    name = found.group("pname") or ""
    species = words("species")
    one = singular(species)
    # "my dog" names one dog (of two, neither); "my dogs" every one
    return ForgetRequest(
        sentence, "attribute", name or species, ("pet",), span, name or one,
        only_one=not name and one == species,
    )  # fmt: skip


def singular(noun: str) -> str:
    """``noun`` in the singular: "puppies" -> "puppy", "dogs" -> "dog", "fish" -> "fish"."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("ses") or noun.endswith("shes"):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith("ss"):
        return noun[:-1]
    return noun
