"""The vocabulary of worldview slots: their kinds, the candidate statuses, which lens shows
which kinds, the commitment each lifecycle state lends, and how a belief value's slot and
candidate are named (``fact:ana.location#lyon``)."""

from __future__ import annotations

from typing import Literal

from nousmem.projections.belief_models import match_key

__all__ = [
    "COMMITMENT",
    "HIDDEN_STATES",
    "LENS_KINDS",
    "PREFERENCE_ATTRIBUTES",
    "SLOT_KINDS",
    "STANDING_ATTRIBUTES",
    "CandidateStatus",
    "Key",
    "SlotKind",
    "candidate_id",
    "slot_kind_for",
]

SlotKind = Literal[
    "fact", "preference", "constraint", "procedure", "schema", "hypothesis", "suppression"
]

SLOT_KINDS: tuple[str, ...] = (
    "fact",
    "preference",
    "constraint",
    "procedure",
    "schema",
    "hypothesis",
    "suppression",
)

CandidateStatus = Literal[
    "selected",
    "active",
    "conflicted",
    "superseded",
    "inhibited",
    "archived",
    "obsolete",
    "compressed",
    "expired",
    "held",
    "failure",
    "negated",
]

PREFERENCE_ATTRIBUTES = frozenset(
    {"likes", "dislikes", "preference", "prefers", "instruction", "answer_language"}
)

#: Attributes whose slots join every read, whoever the question names: a standing instruction
#: to the assistant ("Always answer in French") applies to every answer.
STANDING_ATTRIBUTES = frozenset({"instruction", "answer_language"})

#: How firmly memory holds a candidate in each lifecycle state (a score component).
COMMITMENT = {
    "fresh": 0.3,
    "captured": 0.4,
    "linked": 0.5,
    "reinforced": 0.65,
    "mature": 0.8,
    "core": 1.0,
}

#: Lifecycle states that take a candidate out of reads (forgotten, not erased).
HIDDEN_STATES = {"inhibited", "obsolete", "archived", "compressed"}

#: The slot kinds each lens shows.
LENS_KINDS: dict[str, frozenset[str]] = {
    "logical": frozenset({"fact", "preference", "constraint"}),
    "procedural": frozenset({"procedure", "schema"}),
    "historical": frozenset(
        {"fact", "preference", "constraint", "procedure", "schema", "hypothesis", "suppression"}
    ),
    "audit": frozenset(
        {"fact", "preference", "constraint", "procedure", "schema", "hypothesis", "suppression"}
    ),
    "associative": frozenset(
        {"fact", "preference", "constraint", "procedure", "schema", "hypothesis"}
    ),
}

Key = tuple[str, str, str]  # (entity key, attribute, value key)


#: Attributes that bound what may be done for someone: a budget is a most to spend.
CONSTRAINT_ATTRIBUTES = frozenset({"budget"})


def slot_kind_for(attribute: str) -> str:
    """The kind of slot a belief of ``attribute`` fills: a preference, a constraint or a
    fact."""
    if attribute in PREFERENCE_ATTRIBUTES:
        return "preference"
    return "constraint" if attribute in CONSTRAINT_ATTRIBUTES else "fact"


def candidate_id(kind: str, entity: str, attribute: str, value: str) -> str:
    """The id of a belief value's candidate, its names as match keys."""
    return f"{kind}:{match_key(entity)}.{attribute}#{match_key(value)}"
