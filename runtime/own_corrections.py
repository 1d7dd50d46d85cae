"""A correction takes back only the speaker's own word.

The rule extractor marks a claim said as a correction (``Claim.retracts``: "Actually no,
Ana still lives in Porto", "Sorry, I meant Acme"). The value it replaces never held only
when the one correcting is the one who said it: Ana's "I moved to Lisbon", then her
"Actually no, I still live in Porto". Said against another speaker's word (Bob's "Ana
moved to Lisbon"), the same words answer a claim memory weighed on its own: a dispute
settled back, or a change that speaker reported. So the flag stays on a claim only when
the value it moves the belief away from was last said by the same speaker (the
observation's actor; without one, the same source).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from nousmem.projections.belief_models import UNKNOWN, match_key, source_key
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.projector import Projector

__all__ = ["own_corrections"]


def own_corrections(
    claims: Sequence[Claim], obs: Observation, occurred: datetime, proj: Projector
) -> list[Claim]:
    """``claims`` with ``retracts`` cleared where the correction takes back no word of the
    speaker's (see the module docstring): of a multi-valued attribute, or of a value held
    on someone else's word."""
    return [
        c
        if not c.retracts or _own(c, obs, occurred, proj)
        else c.model_copy(update={"retracts": False})
        for c in claims
    ]


def _own(c: Claim, obs: Observation, occurred: datetime, proj: Projector) -> bool:
    if proj.config.attributes.spec(c.attribute).cardinality != "single":
        return False
    snap = proj.beliefs.snapshot(c.entity, c.attribute, as_of_time=occurred, deltas=False)
    if snap is None:
        return False
    value = match_key(c.value)
    if snap.mode is not None and snap.mode != UNKNOWN:
        held = match_key(snap.mode)
        if (c.polarity == "assert") == (held == value):
            return False  # it says again what is held, or denies what is not
        # Taken back: the value held ("Actually, I live in Porto" against Lisbon).
        return _last_said_by(proj, c, held, "assert", obs)
    # "Unknown" leads (after a denial): "I still work at Acme" takes the denial back, when
    # nothing was said in the slot since (no other value held in between).
    if c.polarity != "assert":
        return False
    wv = proj.worldview
    ekey = wv.entity_key(c.entity)
    rows = [
        (r.seq, k)
        for k in {match_key(o.value) for o in snap.observed_values}
        for r in wv.support.get((ekey, c.attribute, k), ())
    ]
    return bool(rows) and max(rows)[1] == value and _last_said_by(proj, c, value, "negate", obs)


def _last_said_by(proj: Projector, c: Claim, vkey: str, polarity: str, obs: Observation) -> bool:
    """Whether the latest claim of value ``vkey`` of ``c``'s slot with ``polarity`` was the
    speaker's: an observation of the same actor (without one, of the same source)."""
    wv = proj.worldview
    rows = [
        r
        for r in wv.support.get((wv.entity_key(c.entity), c.attribute, vkey), ())
        if r.polarity == polarity
    ]
    if not rows:
        return False
    last = max(rows, key=lambda r: r.seq)
    actors = {proj.docs[e].actor for e in last.evidence_ids if e in proj.docs}
    if obs.actor is None:
        return actors <= {None} and source_key(last.source) == source_key(obs.source)
    return any(a is not None and match_key(a) == match_key(obs.actor) for a in actors)
