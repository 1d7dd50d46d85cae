"""Turns that only give standing instructions, in current reads.

The Worldview Snapshot states the instructions in force ("answer_language: English"); the
turn that gave one is evidence of it. Served as a supporting memory, the turn "Always answer
in French." would steer the answer after "Answer in English from now on" replaced it, and a
turn of Dana's would steer the answer Bob asked for. So a turn whose every statement is a
standing instruction leaves the current lenses when none of them is in force any more, or
(with an asker) when they are all someone else's. The historical and audit lenses keep it.
"""

from __future__ import annotations

from nousmem.projections.belief_models import UNKNOWN, match_key
from nousmem.projections.worldview_models import STANDING_ATTRIBUTES
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = ["instruction_turn"]


def instruction_turn(
    proj: Projector, event_id: str, asker: str | None, at: ReadPoint
) -> str | None:
    """Why the observation ``event_id`` stays out of a current read asked by ``asker`` (an
    entity key, or None) at ``at``, or None when it may enter."""
    rows = [key for seq, key in proj.worldview.stated.get(event_id, ()) if seq <= at.seq]
    if not rows or any(attribute not in STANDING_ATTRIBUTES for _, attribute, _ in rows):
        return None
    if asker is not None and all(entity != asker for entity, _, _ in rows):
        return "instruction: another person's standing instruction"
    for entity, attribute, value in rows:
        snap = proj.beliefs.snapshot(
            entity, attribute, as_of_seq=at.seq, as_of_time=at.time, deltas=False
        )
        if snap is None:
            continue
        held = snap.held if snap.cardinality != "single" else (snap.mode or UNKNOWN,)
        if value in {match_key(v) for v in held}:
            return None
    return "instruction: no longer in force"
