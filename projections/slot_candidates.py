"""How a belief slot's values become candidates: whether each still holds the slot or lost
it (superseded, disputed, brought back), its status, the spans it held the slot over and the
note that explains it. Split from ``worldview_slots.py``, whose
:meth:`~nousmem.projections.worldview_slots.SlotResolver._belief_slot` gathers a slot's
records (:class:`SlotRecords`) and scores its candidates with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from nousmem.projections import disputes
from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.slot_kinds import HIDDEN_STATES, CandidateStatus
from nousmem.projections.supersession import Retracted, Sup, closed_spans, untaken
from nousmem.projections.worldview_items import SupportRow
from nousmem.projections.worldview_models import WorldviewCandidate

__all__ = [
    "Loss",
    "SlotRecords",
    "candidate_note",
    "candidate_status",
    "contested_spans",
    "lost_slot",
    "open_disputes",
    "value_dates",
]

Spans = tuple[tuple[datetime, datetime], ...]


@dataclass(frozen=True, slots=True)
class SlotRecords:
    """What a read knows of one belief slot's values, each cut to the read's point and keyed
    by value key."""

    multi: bool
    records: dict[str, list[Sup]]
    """Supersession records."""
    support: dict[str, list[SupportRow]]
    took: dict[str, tuple[int, datetime]]
    """When each value last took the slot (see :func:`~.supersession.took_over`)."""
    sources: dict[str, set[str]]
    """The evidence of the ``contradict`` edges against each value."""
    came_back: dict[str, list[tuple[datetime, datetime, str]]]
    """The disputes each value came through and kept the slot (see
    :func:`~.disputes.settled_back`)."""
    firsts: dict[str, datetime]
    """Each value's first assertion (see :func:`~.supersession.untaken`)."""


class Loss(NamedTuple):
    """How a value last lost its slot, as a read sees it."""

    superseded_at: Sup | None
    """The change that superseded it; None while it holds the slot."""
    disputed: bool
    """Its latest loss was only a contradiction still open (see :func:`~.disputes.disputed`)."""
    contested_by: str | None
    """The rival of a dispute a third value ended, unsettled."""
    back: datetime | None
    """When a fresh contradiction brought a superseded value back."""


def lost_slot(vk: str, recs: SlotRecords) -> Loss:
    """Whether, and how, value ``vk`` lost the slot."""
    sup = recs.records[vk]
    # A multi-valued value's records only date its spans: it is never superseded.
    superseded_at = sup[-1] if sup and sup[-1][2] is not None and not recs.multi else None
    disputed = superseded_at is not None and disputes.disputed(
        vk, superseded_at, recs.support, recs.records, recs.sources[vk]
    )
    contested_by = None
    if disputed:  # a mere contradiction supersedes nothing: the slot is conflicted
        superseded_at = None
    elif superseded_at is not None:
        end = disputes.outlasted(vk, superseded_at, recs.support, recs.records, recs.sources[vk])
        if end is not None:
            contested_by, superseded_at = superseded_at[2], end
    back = None
    if superseded_at is not None:
        back = disputes.reopened(vk, superseded_at, recs.support, recs.sources)
        superseded_at = None if back is not None else superseded_at
    return Loss(superseded_at, disputed, contested_by, back)


def candidate_status(
    state: str,
    rows: Sequence[SupportRow],
    asserts: Sequence[SupportRow],
    *,
    expired: bool,
    superseded: bool,
    multi: bool,
    held: bool,
) -> CandidateStatus:
    """A candidate's status from its lifecycle ``state``, its support rows (``asserts``:
    those that assert it) and whether it expired, was superseded or (``multi``) is held."""
    status: CandidateStatus = "active"
    if state in HIDDEN_STATES:
        status = state  # type: ignore[assignment]
    elif expired:
        status = "expired"
    elif superseded:
        status = "superseded"
    elif multi and not held:
        status = "negated"
    elif not asserts and any(r.polarity != "assert" for r in rows):
        # Only ever denied ("Bob no longer works at Meta."): memory was told it is
        # not the case, so it is no alternative to the value believed.
        status = "negated"
    return status


def value_dates(
    vk: str,
    recs: SlotRecords,
    rows: Sequence[SupportRow],
    asserts: Sequence[SupportRow],
    loss: Loss,
    negated: bool,
) -> tuple[datetime | None, datetime | None, Spans]:
    """Value ``vk``'s latest span (from, to) and the earlier ones it held the slot over;
    ``negated``: its status is "negated"."""
    superseded_at = loss.superseded_at
    first = asserted = min((r.occurred_at for r in asserts), default=None)
    if vk in recs.took:
        first = recs.took[vk][1]
    first = loss.back or first
    ended = _ended(first, superseded_at[1]) if superseded_at is not None else None
    if negated:
        ended = _negated_end(recs.records[vk], rows, first, recs.multi)
    if not recs.multi and first is not None:
        return _single_spans(vk, recs, first, asserted, ended)
    earlier: Spans = ()
    if first is not None and recs.records[vk]:
        # A value held side by side with others: only its own records date its
        # spans ("I stopped playing tennis", then "I play tennis again").
        spans = closed_spans(vk, [(vk, recs.records[vk])], asserted)
        earlier = tuple(sp for sp in spans if sp[0] < sp[1] <= first)
    return first, ended, earlier


def _negated_end(
    sup: Sequence[Sup], rows: Sequence[SupportRow], first: datetime | None, multi: bool
) -> datetime | None:
    # It stopped holding at the revision that took it out of held ("I no longer
    # play tennis"), else at its last denial; a value that only faded below the
    # threshold has no date to end on.
    denied = [r.occurred_at for r in rows if r.polarity != "assert"]
    if multi and sup and sup[-1][2] == UNKNOWN:
        return _ended(first, sup[-1][1])
    return _ended(first, max(denied)) if denied else None


def _single_spans(
    vk: str,
    recs: SlotRecords,
    first: datetime,
    asserted: datetime | None,
    ended: datetime | None,
) -> tuple[datetime, datetime | None, Spans]:
    """A single-valued value's latest span (``first`` - ``ended``) and earlier ones, joined
    where it held the slot throughout."""
    sup = recs.records[vk]
    items = list(recs.records.items())
    spans = closed_spans(vk, items, asserted, recs.firsts)
    # A span that runs past the latest one's start joins it when no other value
    # took the slot, or was asserted, in between: the value held throughout (a
    # take-back recorded late but dated before the loss).
    joins = [a for a, b in spans if a < first < b and untaken(vk, items, a, first, recs.firsts)]
    first = min([first, *joins])
    earlier = tuple(sp for sp in spans if sp[0] < sp[1] <= first)
    # An earlier loss that was an unsettled dispute a third value ended: the span
    # runs to the takeover, as the latest one does (see disputes.outlasted).
    ends = {
        loss[1]: end[1]
        for loss in sup
        if loss[2] not in (None, UNKNOWN)
        and (end := disputes.outlasted(vk, loss, recs.support, recs.records, recs.sources[vk]))
        is not None
    }
    earlier = tuple((a, ends.get(b, b)) for a, b in earlier)
    return _through(recs.came_back[vk], first, ended, earlier)


def candidate_note(vk: str, recs: SlotRecords, loss: Loss) -> str:
    """The note explaining why value ``vk`` lost the slot, if it did."""
    sup = recs.records[vk]
    superseded_at = loss.superseded_at
    note = _note(superseded_at, sup[-1][2] if loss.disputed else None, loss.contested_by)
    if superseded_at is not None and superseded_at[2] not in (None, UNKNOWN):
        keeper = superseded_at[2]
        if settled_back(vk, recs, superseded_at):
            note = f"disputed {keeper!r}; settled back to {keeper!r}"
        elif isinstance(keeper, Retracted):
            note = f"taken back: corrected to {str(keeper)!r}"
    elif superseded_at is not None and isinstance(superseded_at[2], Retracted):
        note = "taken back"
    return note


def settled_back(vk: str, recs: SlotRecords, superseded_at: Sup) -> bool:
    """Whether value ``vk`` lost the slot at ``superseded_at`` by a dispute it opened being
    settled back to the value it contested (see :func:`~.disputes.settled_back`)."""
    keeper = superseded_at[2]
    return keeper is not None and any(
        back == superseded_at[1] and match_key(rival) == vk
        for _, back, rival in recs.came_back.get(match_key(keeper), ())
    )


def taken_back(vk: str, recs: SlotRecords, loss: Loss) -> bool:
    """Whether value ``vk``'s latest span ended in a correction (see
    :class:`~.supersession.Retracted`) that settled no dispute it opened: it never held."""
    at = loss.superseded_at
    return at is not None and isinstance(at[2], Retracted) and not settled_back(vk, recs, at)


def contested_spans(vk: str, recs: SlotRecords) -> Spans:
    """The (lost, back) times of the disputes value ``vk`` opened against a value that came
    through them and kept the slot."""
    return tuple(
        sorted(
            (lost, back)
            for voids in recs.came_back.values()
            for lost, back, rival in voids
            if match_key(rival) == vk
        )
    )


def open_disputes(
    snap: BeliefSnapshot,
    slot_id: str,
    cands: Sequence[WorldviewCandidate],
    recs: SlotRecords,
    min_probability: float,
) -> tuple[set[str], dict[str, set[str]]]:
    """The ids of the slot's candidates whose contradictions are all spent (see
    :func:`~.disputes.spent`), and the candidates still in dispute with each other (see
    :func:`~.disputes.rivals`)."""
    # A contradiction stands for the value it came from: once that value is out of the
    # running (superseded, say, by a correction back to the old value), it is settled.
    # A rival below ``min_probability`` (denied since, say) is out of the running too, in
    # every lens: the dispute it stood for no longer contests the leader.
    weak = {
        match_key(v)
        for v, p in snap.distribution
        if snap.cardinality == "single" and p < min_probability
    }
    running = {
        match_key(c.value) for c in cands if c.status == "active" and match_key(c.value) not in weak
    }
    settled = {
        c.id
        for c in cands
        if disputes.spent(
            match_key(c.value), recs.support, recs.sources[match_key(c.value)], running
        )
    }
    rivals = (
        disputes.rivals(slot_id, recs.support, recs.sources, running)
        if snap.cardinality == "single"
        else {}
    )
    return settled, rivals


def _note(superseded: Sup | None, disputed_by: str | None, contested_by: str | None = None) -> str:
    if disputed_by is not None:
        return f"contradicted by {disputed_by!r}"
    if superseded is None:
        return ""
    if superseded[2] == UNKNOWN:
        return "superseded: unknown leads"
    if contested_by is not None:
        return f"superseded by {superseded[2]!r}; contradicted by {contested_by!r} until then"
    return f"superseded by {superseded[2]!r}"


def _through(
    voids: list[tuple[datetime, datetime, str]],
    first: datetime,
    ended: datetime | None,
    earlier: tuple[tuple[datetime, datetime], ...],
) -> tuple[datetime, datetime | None, tuple[tuple[datetime, datetime], ...]]:
    """A value's spans (``earlier`` and its latest, ``first`` - ``ended``) joined across the
    disputes it came through (:func:`~.disputes.settled_back`): it never stopped holding."""
    if not voids:
        return first, ended, earlier
    gaps = {(lost, back) for lost, back, _ in voids}
    spans: list[tuple[datetime, datetime | None]] = [*earlier, (first, ended)]
    joined = [spans[0]]
    for a, b in spans[1:]:
        start, end = joined[-1]
        if end is not None and (end, a) in gaps:
            joined[-1] = (start, b)
        else:
            joined.append((a, b))
    *rest, (first, ended) = joined
    return first, ended, tuple((a, b) for a, b in rest if b is not None)


def _ended(start: datetime | None, end: datetime) -> datetime:
    # Beliefs fold in journal order, so back-dated evidence recorded later can supersede a
    # value first seen after it: the range then ends where it starts, never before.
    return end if start is None or end >= start else start
