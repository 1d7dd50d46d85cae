"""Claims held for corroboration as ``hypothesis`` slots of the worldview. Split from
``worldview_slots.py``; :meth:`SlotResolver._hypotheses` builds them here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nousmem.projections.belief_models import match_key
from nousmem.projections.slot_kinds import HIDDEN_STATES, CandidateStatus
from nousmem.projections.worldview_models import WorldviewCandidate, WorldviewSlot

if TYPE_CHECKING:
    from nousmem.projections.worldview_slots import SlotResolver

__all__ = ["hypothesis_slots"]


def hypothesis_slots(
    res: SlotResolver,
    name: str,
    limit: int,
    history: bool,
    state_of: Callable[[str, int | None], str],
) -> list[WorldviewSlot]:
    """One ``hypothesis`` slot per claim of ``name`` held for corroboration (as of
    ``limit``): pending, promoted (selected) or, in the full lenses, forgotten."""
    ekey = match_key(name)
    out = []
    for (e, attr, _vk), rows in sorted(res.held.items()):
        if e != ekey:
            continue
        for s, hid, value, t in rows:
            if not res._at(s, t, limit):
                continue
            hidden = res._held_hidden(hid, limit, state_of)
            if not history and hidden:
                continue
            released = res._released(hid, limit)
            if released and not history:
                continue
            # The full lenses show a forgotten held claim as forgotten: its own state
            # (as lifecycle() gives it), or "obsolete" once all its evidence is forgotten.
            state = state_of(hid, None if limit == 1 << 62 else limit)
            status: CandidateStatus = "held" if not released else "selected"
            if hidden:
                status = state if state in HIDDEN_STATES else "obsolete"  # type: ignore[assignment]
            comps = res._score(
                {
                    "support": 0.2,
                    "provenance": 0.0,
                    "recency": 0.5,
                    "utility": 0.0,
                    "commitment": 0.2,
                    "confirmation": 0.0,
                    "contradiction": 0.0,
                    "inhibition": 1.0 if hidden else 0.0,
                    "supersession": 0.0,
                    "staleness": 0.0,
                }
            )
            cand = WorldviewCandidate(
                id=hid,
                value=value,
                status=status,
                lifecycle=state,
                score=comps.total,
                components=comps,
                valid_from=t,
                evidence_ids=(hid,),
                note="promoted" if released else "pending corroboration",
            )
            out.append(
                WorldviewSlot(
                    id=f"hypothesis:{e}.{attr}#{hid}",
                    kind="hypothesis",
                    key=f"{name}.{attr}",
                    entity=name,
                    status="set",
                    selected=(value,),
                    candidates=(cand,),
                    reason=cand.note,
                )
            )
    return out
