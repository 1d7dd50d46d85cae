"""A name corrected in a message of its own: "I have a dog named Rex", then "Actually, his
name is Max".

Read alone, "his name is Max" names no one it could be about. Said as a correction (a lead
such as "Actually", "Sorry", "Oops", "My mistake") right after the speaker's message that
named one person or pet, it fixes that name: the speaker's `pet: dog Rex` becomes `dog
Max` (denied and asserted, as changes), a child's `Maya` becomes `Mia`. Of two or more
named there, the one whose gender the pronoun says as a word before the name did ("my
sister Ana and my brother Tom", then "Sorry, her name is Anna"). Nothing when the message
before named no one, or more than one that fits, or when another speaker said it.
"""

from __future__ import annotations

import re

from nousmem.policies.pronoun_subject import PERSON_ATTRIBUTES, said_gender
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.own_corrections import previous_message
from nousmem.runtime.projector import Projector

__all__ = ["CONFIDENCE", "renamed_values"]

CONFIDENCE = 0.9

#: Attributes whose values hold a name to fix: the people someone has, and pets.
NAMED = PERSON_ATTRIBUTES | {"pet"}

_LEAD = r"(?:actually|sorry|oops|whoops|correction|my\s+bad|my\s+mistake|no\s+wait|wait|no)"
_NAME = r"(?-i:[A-Z][\w'-]*)(?:\s+(?-i:[A-Z][\w'-]*))?"
_RENAMED = re.compile(
    rf"^\W*(?:{_LEAD}\b[\s,:;.!-]*)+(?:(?P<own>his|her|its|their)\s+name\s+is"
    rf"|(?P<pro>he|she|it)(?:'s|\s+is)\s+(?:called|named))\s+(?P<name>{_NAME})[\s.!]*$",
    re.IGNORECASE,
)
_OWN_PRONOUN = {"his": "he", "her": "she"}


def renamed_values(obs: Observation, claims: list[Claim], proj: Projector) -> list[Claim]:
    """The denial of the name the speaker's message before gave and the assertion of the
    one ``obs`` corrects it to (see the module doc); none when ``claims`` (the
    extractor's) read the message already."""
    m = _RENAMED.match(obs.content.strip())
    if m is None or obs.actor is None or claims:
        return []
    before = previous_message(proj, obs.actor)
    if before is None:
        return []
    named = _named_in(proj, before.event_id)
    if len(named) > 1:
        # "My sister Ana and my brother Tom came over", then "Sorry, her name is Anna": the
        # one the message before said is of that gender ("sister").
        said = before.text[before.lead : len(before.text) - before.notes]
        said_pro = (m.group("own") or m.group("pro") or "").lower()
        pro = _OWN_PRONOUN.get(said_pro, said_pro)
        named = [n for n in named if said_gender(said, _name_of(n[2])) == pro]
    if len(named) != 1:
        return []
    ((entity, attribute, value),) = named
    new = _renamed(value, m.group("name"))
    if new is None or match_key(new) == match_key(value):
        return []
    base = {"entity": entity, "attribute": attribute, "confidence": CONFIDENCE, "change": True}
    return [
        Claim(**base, value=value, polarity="negate", extractor="rule"),
        Claim(**base, value=new, extractor="rule"),
    ]


def _named_in(proj: Projector, evidence: str) -> list[tuple[str, str, str]]:
    """(entity, attribute, value) of each person or pet the observation ``evidence``
    asserted and memory still holds, as memory spells them."""
    out: list[tuple[str, str, str]] = []
    keys = dict.fromkeys(key for _, key in proj.worldview.stated.get(evidence, ()))
    for ekey, attribute, vkey in keys:
        if attribute not in NAMED:
            continue
        snap = proj.beliefs.snapshot(ekey, attribute, deltas=False)
        if snap is None or vkey not in {match_key(v) for v in snap.held}:
            continue
        spelled = [o.value for o in snap.observed_values if match_key(o.value) == vkey]
        if spelled:
            out.append((snap.entity, attribute, spelled[0]))
    return out


def _name_of(value: str) -> str:
    """The name ending ``value``: its capitalised words at the end ("dog Rex" -> "Rex")."""
    words = value.split()
    kept = list(words)
    while kept and kept[-1][:1].isupper():
        kept.pop()
    return " ".join(words[len(kept) :])


def _renamed(value: str, name: str) -> str | None:
    """``value`` with its name (see :func:`_name_of`) as ``name``; None when it ends in
    none."""
    words = value.split()
    n = len(_name_of(value).split())
    return " ".join([*words[: len(words) - n], name]) if n else None
