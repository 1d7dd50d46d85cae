"""Turns that only give standing instructions, in current reads.

The Worldview Snapshot states the instructions in force ("answer_language: English"); the
turn that gave one is evidence of it. Served as a supporting memory, the turn "Always answer
in French." would steer the answer after "Answer in English from now on" replaced it, and a
turn of Dana's would steer the answer Bob asked for. So a turn whose every sentence gives a
standing instruction leaves the current lenses when none of them is in force any more, or
(with an asker) when they are all someone else's. The historical and audit lenses keep it.
"""

from __future__ import annotations

import re

from nousmem.policies.instructions import instruction_claims
from nousmem.policies.sentences import sentences
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Observation
from nousmem.projections.slot_kinds import STANDING_ATTRIBUTES
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = ["instruction_turn"]


def _only_instructions(content: str) -> bool:
    """Whether every sentence of ``content`` gives a standing instruction."""
    for m in sentences(content):
        if not _WORD.search(m.group(0)) or _COURTESY.match(m.group(0)):
            continue  # "Thanks!", "Hi!" say nothing besides
        said = Observation(content=m.group(0), source="user", actor="someone")
        if not instruction_claims(said, said.content.replace("\u2019", "'"), 1.0):
            return False
    return True


_WORD = re.compile(r"\w")
_COURTESY = re.compile(
    r"^\W*(?:hi|hello|hey|thanks?(?:\s+you)?(?:\s+(?:so|very)\s+much)?|thx|ty|please|ok(?:ay)?"
    r"|cheers|great|cool|perfect|got\s+it)(?:\s+\w+)?\W*$",
    re.IGNORECASE,
)


def instruction_turn(
    proj: Projector, event_id: str, asker: str | None, at: ReadPoint
) -> str | None:
    """Why the observation ``event_id`` stays out of a current read asked by ``asker`` (an
    entity key, or None) at ``at``, or None when it may enter."""
    wv = proj.worldview
    rows = [
        # The entity as of the read: a merge since makes the asker's old name theirs too.
        (wv.key_at(entity, at.seq, at.time), attribute, value)
        for seq, (entity, attribute, value) in wv.stated.get(event_id, ())
        if seq <= at.seq
    ]
    if not rows or any(attribute not in STANDING_ATTRIBUTES for _, attribute, _ in rows):
        return None
    doc = proj.docs.get(event_id)
    if doc is None or not _only_instructions(doc.text[doc.lead : len(doc.text) - doc.notes]):
        return None  # it says more ("... My flight leaves on Friday."), unread or not
    if asker is not None and all(entity != asker for entity, _, _ in rows):
        return "instruction: another person's standing instruction"
    for entity, attribute, value in rows:
        snap = proj.beliefs.snapshot(
            entity, attribute, as_of_seq=at.seq, as_of_time=at.time, deltas=False
        )
        if snap is None:
            continue
        if value in {match_key(v) for v in snap.held}:
            return None
    return "instruction: no longer in force"
