"""Disputes in a single-valued slot: a trusted claim that disagrees with an established value
without update language journals a ``contradict`` edge against that value. The two values are
then in dispute, and the slot is conflicted whichever of them leads, until later evidence
settles it.

A value superseded since (by a correction back to the old one, say) is out of the running,
so the edges it sent are spent; said again with a fresh ``contradict`` edge, it is back in the
dispute (:func:`reopened`), which then settles as a first one does.

Worked out at read time from the worldview's records (support rows, contradiction edges and
supersession records, each already cut to the snapshot's point), so a read as of any journal
position or event time, a rebuild and the live fold agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from itertools import pairwise

from nousmem.projections.belief_models import UNKNOWN, match_key
from nousmem.projections.supersession import Sup
from nousmem.projections.worldview_items import SupportRow


def rivals(
    slot_id: str,
    support: Mapping[str, Sequence[SupportRow]],
    sources: Mapping[str, set[str]],
    running: set[str] | None = None,
) -> dict[str, set[str]]:
    """Candidate ids of a slot that dispute each other: a ``contradict`` edge against one came
    from evidence that asserted the other, and (given ``running``, see :func:`spent`) later
    evidence has not settled it. ``support`` and ``sources`` (the evidence of the edges
    against each value) are keyed by value key."""
    out: dict[str, set[str]] = {}
    for a, against in sources.items():
        if not against:
            continue
        for b, rows in support.items():
            if b == a:
                continue
            links = {
                src
                for src in against
                if any(r.polarity == "assert" and src in r.evidence_ids for r in rows)
            }
            if not links or (running is not None and spent(a, support, links, running)):
                continue
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
    evidence) is settled: the values its evidence asserted are all out of the running now
    (superseded, forgotten, expired, or below ``min_probability``: ``running`` holds the keys
    of the values still active), or later evidence settled it ``vkey``'s way -- ``vkey``
    asserted again, or the value the edge stood for denied ("No, I still work at Acme", "I
    don't work at Initech"). An edge whose evidence asserted no other value of the slot stays
    open."""
    if not against:
        return False
    mine = [r for r in support.get(vkey, ()) if r.polarity == "assert"]
    for src in against:
        said = {
            b: [
                (r.seq, r.occurred_at)
                for r in rows
                if r.polarity == "assert" and src in r.evidence_ids
            ]
            for b, rows in support.items()
            if b != vkey
        }
        senders = {b for b, at in said.items() if at}
        if not senders:
            return False
        if senders.isdisjoint(running):
            continue
        when = min(at for b in senders for at in said[b])
        again = any((r.seq, r.occurred_at) > when for r in mine)
        denied = all(
            any(
                r.polarity != "assert" and (r.seq, r.occurred_at) > when for r in support.get(b, ())
            )
            for b in senders
        )
        if not (again or denied):
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
    rows = _settling_rows(vkey, last, support, against)
    if rows is None:
        return False
    theirs = records.get(match_key(by or ""), ())
    if theirs and theirs[-1][2] is not None:  # it lost the slot since: no dispute is left
        return False
    # Rows an entity merge carried over share the merge's seq: event time orders those.
    return not any((r.seq, r.occurred_at) > (seq, t) for r in rows)


def _settling_rows(
    vkey: str,
    last: Sup,
    support: Mapping[str, Sequence[SupportRow]],
    against: set[str],
) -> list[SupportRow] | None:
    """None unless ``last`` (value ``vkey`` losing the slot to another) was a contradiction:
    the new value's assertion at ``last`` came from evidence of a ``contradict`` edge against
    ``vkey`` (``against``). Else the rows whose later arrival would settle it: the new
    value's assertions and ``vkey``'s denials."""
    seq, _, by = last
    if by is None or by == UNKNOWN or not against:
        return None
    rows = [r for r in support.get(match_key(by), ()) if r.polarity == "assert"]
    if not any(r.seq == seq and not against.isdisjoint(r.evidence_ids) for r in rows):
        return None
    return rows + [r for r in support.get(vkey, ()) if r.polarity != "assert"]


def outlasted(
    vkey: str,
    last: Sup,
    support: Mapping[str, Sequence[SupportRow]],
    records: Mapping[str, Sequence[Sup]],
    against: set[str],
) -> Sup | None:
    """The change that ended value ``vkey``'s span when ``last`` (the change that took the
    slot from it) was a contradiction never settled before its rival lost the slot to a
    third value: that third value's takeover, or None when ``last`` stands.

    "Maya works at Initech" (Tom) contests Globex, the value Maya gave; Maya then says she
    now works at Hooli. Memory never settled on Initech, so Globex did not end where
    Initech's claim began: both were in dispute until Hooli took the slot from Initech, and
    both spans end there. A dispute settled first (see :func:`disputed`), or a rival that
    lost the slot back to ``vkey`` or to "unknown" (denied), leaves ``last`` as it is.
    """
    seq, t, by = last
    rows = _settling_rows(vkey, last, support, against)
    if rows is None:
        return None
    # The rival's first move after: where the dispute ended, whatever came after it.
    theirs = [x for x in records.get(match_key(by or ""), ()) if (x[0], x[1]) > (seq, t)]
    if not theirs or theirs[0][2] in (None, UNKNOWN) or match_key(theirs[0][2]) == vkey:
        return None
    end = theirs[0]
    # Evidence that settled the dispute before the third value came: ``last`` stands.
    if any((seq, t) < (r.seq, r.occurred_at) < (end[0], end[1]) for r in rows):
        return None
    return end


def reopened(
    vkey: str,
    last: Sup,
    support: Mapping[str, Sequence[SupportRow]],
    sources: Mapping[str, set[str]],
) -> datetime | None:
    """When value ``vkey``, superseded by ``last``, came back into a dispute that is still
    open: the event time of the assertion after ``last`` whose evidence left a ``contradict``
    edge against another value of the slot (``sources``: those edges' evidence, by value key);
    None if no assertion did, or if later evidence settled that dispute again, and ``vkey``
    stays superseded by ``last``.

    Such a claim disagrees with the established value as a first contradiction does, so it
    contests the leader as that would: its value is in the running again, and the edge is
    not spent by the supersession it came after. A claim dated before ``last`` (back-dated)
    is about a time the supersession already covers: it reopens nothing.

    It settles by the rules of a first dispute (see :func:`disputed`): a value it contradicted
    asserted again (update language, a correction, its source taking the claim back) or
    ``vkey`` denied. The supersession then stands as it was, so the spans of the slot do not
    overlap, and only a claim dated from the settling evidence on reopens it once more.
    """
    seq, t, _ = last
    against = set().union(*(s for k, s in sources.items() if k != vkey))
    # Rows an entity merge carried over share the merge's seq: event time orders those.
    rows = sorted(
        ((r, k) for k, rs in support.items() for r in rs if (r.seq, r.occurred_at) > (seq, t)),
        key=lambda x: (x[0].seq, x[0].occurred_at),
    )
    floor = t  # a claim dated before this reopens nothing
    back: SupportRow | None = None
    contested: set[str] = set()  # the values the reopening claim contradicted
    for r, k in rows:
        if back is None:
            if (
                k == vkey
                and r.polarity == "assert"
                and r.occurred_at >= floor
                and not against.isdisjoint(r.evidence_ids)
            ):
                back = r
                contested = {
                    b for b, s in sources.items() if b != vkey and not s.isdisjoint(r.evidence_ids)
                }
        elif (k == vkey and r.polarity != "assert") or (k in contested and r.polarity == "assert"):
            back, floor = None, max(floor, r.occurred_at)
    return back.occurred_at if back is not None else None


def settled_back(
    vkey: str,
    support: Mapping[str, Sequence[SupportRow]],
    records: Mapping[str, Sequence[Sup]],
    against: set[str],
) -> list[tuple[datetime, datetime, str]]:
    """The disputes value ``vkey`` came through: (lost, back, rival) event times of each
    time it lost the slot to a contradiction (see :func:`disputed`) and took it back from
    that rival before any evidence settled the dispute the rival's way.

    Maya said Globex; Tom's "Maya works at Initech" contested it; Maya then said "No, I still
    work at Globex". Memory never settled on Initech (the slot was conflicted), so Globex did
    not stop holding at Tom's claim: its span runs through the dispute, and Initech's period
    is one it was claimed in, never held (its span overlaps Globex's, which reads mark
    "disputed").
    """
    out: list[tuple[datetime, datetime, str]] = []
    entries = records.get(vkey, ())
    for lost, back in pairwise(entries):
        seq, t, by = lost
        if by is None or back[2] is not None:  # not a loss followed by taking it back
            continue
        rows = _settling_rows(vkey, lost, support, against)
        if rows is None:
            continue
        # Evidence that settled it the rival's way before the value came back: it ended.
        if any((seq, t) < (r.seq, r.occurred_at) < (back[0], back[1]) for r in rows):
            continue
        # The rival must have held the slot until then and lost it to this value.
        theirs = [x for x in records.get(match_key(by), ()) if (seq, t) < (x[0], x[1])]
        first = theirs[0] if theirs else None
        if first is None or first[2] in (None, UNKNOWN) or match_key(first[2]) != vkey:
            continue
        if (first[0], first[1]) != (back[0], back[1]):
            continue
        out.append((t, back[1], by))
    return out
