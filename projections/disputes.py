"""Disputes in a single-valued slot: a trusted claim that disagrees with an established value
without update language journals a ``contradict`` edge against that value. The two values are
then in dispute, and the slot is conflicted whichever of them leads, until later evidence
settles it.

A value superseded since (by a correction back to the old one, say) is out of the running,
so the edges it sent are spent; said again with a fresh ``contradict`` edge, it is back in the
dispute (:func:`reopened`).

Worked out at read time from the worldview's records (support rows, contradiction edges and
supersession records, each already cut to the snapshot's point), so a read as of any journal
position or event time, a rebuild and the live fold agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from nousmem.projections.belief_models import UNKNOWN, match_key
from nousmem.projections.supersession import Sup
from nousmem.projections.worldview_models import SupportRow


def rivals(
    slot_id: str,
    support: Mapping[str, Sequence[SupportRow]],
    sources: Mapping[str, set[str]],
) -> dict[str, set[str]]:
    """Candidate ids of a slot that dispute each other: a ``contradict`` edge against one came
    from evidence that asserted the other. ``support`` and ``sources`` (the evidence of the
    edges against each value) are keyed by value key."""
    out: dict[str, set[str]] = {}
    for a, against in sources.items():
        if not against:
            continue
        for b, rows in support.items():
            if b != a and any(
                r.polarity == "assert" and not against.isdisjoint(r.evidence_ids) for r in rows
            ):
                out.setdefault(f"{slot_id}#{a}", set()).add(f"{slot_id}#{b}")
                out.setdefault(f"{slot_id}#{b}", set()).add(f"{slot_id}#{a}")
    return out


def spent(
    vkey: str,
    support: Mapping[str, Sequence[SupportRow]],
    against: set[str],
    running: set[str],
) -> bool:
    """Whether every ``contradict`` edge against value ``vkey`` (``against`` holds their
    evidence) came from evidence asserting values that are all out of the running now
    (superseded, forgotten, expired): no rival is left for those edges to stand for, so they
    no longer contest ``vkey``. ``running``: the keys of the values still active. An edge whose
    evidence asserted no other value of the slot stays open."""
    if not against:
        return False
    for src in against:
        senders = {
            b
            for b, rows in support.items()
            if b != vkey and any(r.polarity == "assert" and src in r.evidence_ids for r in rows)
        }
        if not senders or not senders.isdisjoint(running):
            return False
    return True


def disputed(
    vkey: str,
    last: Sup,
    support: Mapping[str, Sequence[SupportRow]],
    records: Mapping[str, Sequence[Sup]],
    against: set[str],
) -> bool:
    """Whether ``last``, the change that took the slot from value ``vkey``, was only a
    contradiction still open, so ``vkey`` is not superseded by it.

    The revision that moved the mode left a ``contradict`` edge against ``vkey`` (``against``
    holds those edges' evidence), and the value it moved to still holds the slot. Later
    evidence settles it: the new value asserted again (corroboration, update language) or the
    old one denied. ``vkey`` is then superseded from that change on, as it would have been.
    """
    seq, t, by = last
    if by is None or by == UNKNOWN or not against:
        return False
    bkey = match_key(by)
    rows = [r for r in support.get(bkey, ()) if r.polarity == "assert"]
    if not any(r.seq == seq and not against.isdisjoint(r.evidence_ids) for r in rows):
        return False
    theirs = records.get(bkey, ())
    if theirs and theirs[-1][2] is not None:  # it lost the slot since: no dispute is left
        return False
    rows += [r for r in support.get(vkey, ()) if r.polarity != "assert"]
    # Rows an entity merge carried over share the merge's seq: event time orders those.
    return not any((r.seq, r.occurred_at) > (seq, t) for r in rows)


def reopened(
    vkey: str,
    last: Sup,
    support: Mapping[str, Sequence[SupportRow]],
    sources: Mapping[str, set[str]],
) -> datetime | None:
    """When value ``vkey``, superseded by ``last``, came back into a dispute: the event time
    of its first assertion after ``last`` whose evidence left a ``contradict`` edge against
    another value of the slot (``sources``: those edges' evidence, by value key); None if no
    assertion did, and ``vkey`` stays superseded.

    Such a claim disagrees with the established value as a first contradiction does, so it
    contests the leader as that would: its value is in the running again, and the edge is
    not spent by the supersession it came after. A claim dated before ``last`` (back-dated)
    is about a time the supersession already covers: it reopens nothing.
    """
    seq, t, _ = last
    against = set().union(*(s for k, s in sources.items() if k != vkey))
    back = [
        r.occurred_at
        for r in support.get(vkey, ())
        if r.polarity == "assert"
        and (r.seq, r.occurred_at) > (seq, t)
        and r.occurred_at >= t
        and not against.isdisjoint(r.evidence_ids)
    ]
    return min(back, default=None)
