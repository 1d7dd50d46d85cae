"""How the worldview resolves slots: scoring candidates, conflict, supersession, hypotheses
and text slots. Mixed into :class:`~nousmem.projections.worldview.Worldview`, whose state
(recorded by its ``on_*`` folds) these methods read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import datetime

from nousmem.projections import disputes
from nousmem.projections.belief_models import (
    CONFIRMING_SOURCES,
    UNKNOWN,
    BeliefSnapshot,
    match_key,
    source_key,
)
from nousmem.projections.schema import AttributeSchema
from nousmem.projections.slot_kinds import (
    COMMITMENT,
    HIDDEN_STATES,
    STANDING_ATTRIBUTES,
    CandidateStatus,
    Key,
)
from nousmem.projections.slot_selection import SlotSelection
from nousmem.projections.supersession import (
    Sup,
    closed_spans,
    in_event_time,
    took_over,
    untaken,
)
from nousmem.projections.worldview_held import hypothesis_slots
from nousmem.projections.worldview_items import SupportRow, TextItem, told_times
from nousmem.projections.worldview_merge import visible
from nousmem.projections.worldview_models import (
    ScoreComponents,
    WorldviewCandidate,
    WorldviewConfig,
    WorldviewSlot,
)


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


class SlotResolver(SlotSelection):
    """Slot resolution over the recorded worldview state."""

    config: WorldviewConfig
    schema: AttributeSchema
    support: dict[Key, list[SupportRow]]
    superseded: dict[Key, list[Sup]]
    held: dict[Key, list[tuple[int, str, str, datetime]]]
    held_evidence: dict[str, tuple[str, ...]]
    released: dict[str, tuple[int, datetime]]
    text: dict[str, list[TextItem]]
    utility: dict[str, list[tuple[int, datetime, float]]]
    contradicted: dict[str, list[tuple[int, datetime, str]]]
    _until: datetime | None  # event-time bound of the snapshot being resolved, if any
    _past: bool  # the snapshot being resolved keeps superseded single values
    merged_at: dict[int, datetime]

    def _at(self, seq: int, t: datetime, limit: int) -> bool:
        """Whether a record at ``seq`` / event time ``t`` is visible in this snapshot."""
        return visible(seq, t, limit, self._until, self.merged_at)

    def _utility(self, target: str, limit: int) -> float:
        total = sum(d for s, t, d in self.utility.get(target, ()) if self._at(s, t, limit))
        return math.tanh(total / 2.0)

    def _contradictions(self, target: str, limit: int) -> int:
        return sum(1 for s, t, _ in self.contradicted.get(target, ()) if self._at(s, t, limit))

    def _released(self, hid: str, limit: int) -> bool:
        """Whether the held candidate ``hid`` was promoted by this snapshot's point."""
        at = self.released.get(hid)
        return at is not None and self._at(at[0], at[1], limit)

    def _recency(self, last: datetime | None, now: datetime | None) -> float:
        if last is None or now is None:
            return 0.5
        age = max(0.0, (now - last).total_seconds() / 86400.0)
        return float(0.5 ** (age / self.config.recency_half_life_days))

    def _score(self, c: dict[str, float]) -> ScoreComponents:
        w = self.config
        total = (
            w.support * c["support"]
            + w.provenance * c["provenance"]
            + w.recency * c["recency"]
            + w.utility * c["utility"]
            + w.commitment * c["commitment"]
            + w.confirmation * c["confirmation"]
            - w.contradiction * c["contradiction"]
            - w.inhibition * c["inhibition"]
            - w.supersession * c["supersession"]
            - w.staleness * c["staleness"]
        )
        return ScoreComponents(**c, total=round(total, 9))

    def _rescore(self, comps: ScoreComponents, **changes: float) -> ScoreComponents:
        values = comps.model_dump(exclude={"total"})
        values.update(changes)
        return self._score(values)

    def _belief_slot(
        self,
        snap: BeliefSnapshot,
        kind: str,
        history: bool,
        limit: int,
        now: datetime | None,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        expired: Callable[[str, datetime, datetime], bool] | None,
        changes: Mapping[str, list[Sup]] | None = None,
        reordered: bool = False,
    ) -> WorldviewSlot:
        """``changes``: supersession records by value key, worked out for this read (an
        event-time read); None reads the recorded ones up to ``limit``."""
        ekey = match_key(snap.entity)
        multi = snap.cardinality == "multi"
        standing_attr = snap.attribute in STANDING_ATTRIBUTES
        slot_id = f"{kind}:{ekey}.{snap.attribute}"
        held_values = set(snap.held)
        pending = [
            v
            for (e, a, _), rows in self.held.items()
            if e == ekey and a == snap.attribute
            for s, hid, v, _t in rows
            if self._at(s, _t, limit)
            and not self._released(hid, limit)
            and (history or not self._held_hidden(hid, limit, state_of))
        ]

        def sups(vkey: str) -> list[Sup]:
            if changes is not None:
                return changes.get(vkey, [])
            recorded = self.superseded.get((ekey, snap.attribute, vkey), ())
            return [x for x in recorded if self._at(x[0], x[1], limit)]

        records = {match_key(v): sups(match_key(v)) for v, _ in snap.distribution}
        # A value holds the slot from when it last took it (from another value, or back):
        # the span of the value it took it from ends there, so spans of a slot never overlap.
        took = took_over(records.items())
        support = {
            vkey: [
                r
                for r in self.support.get((ekey, snap.attribute, vkey), ())
                if self._at(r.seq, r.counted_at, limit)
            ]
            for vkey in records
        }
        if reordered:  # ``changes`` follow event time: so must every "later" below
            records, support = in_event_time(
                records,
                support,
                SupportRow.with_seq,
                lambda r: (r.occurred_at, r.seq),
            )
            took = took_over(records.items())
        sources = {v: self._contradiction_sources(f"{slot_id}#{v}", limit) for v in support}
        # The disputes each value came through and kept the slot (see settled_back).
        came_back = {
            v: [] if multi else disputes.settled_back(v, support, records, sources[v])
            for v in records
        }
        # Each value's first assertion (see supersession.untaken).
        firsts = {
            vk: min(r.occurred_at for r in rows if r.polarity == "assert")
            for vk, rows in support.items()
            if any(r.polarity == "assert" for r in rows)
        }
        cands: list[WorldviewCandidate] = []
        faint: set[str] = set()  # below min_probability: resolved with, but not shown
        pending_keys = [match_key(v) for v in pending]
        for value, p in snap.distribution:
            if value == UNKNOWN:
                continue
            vk = match_key(value)
            # A value that held the slot once is history a question about the past asks for.
            held_once = self._past and bool(records[vk])
            if (
                snap.cardinality == "single"
                and p < self.config.min_probability
                and not history
                and not held_once
            ):
                faint.add(vk)
            rows = support[vk]
            asserts = [r for r in rows if r.polarity == "assert"]
            cid = f"{slot_id}#{vk}"
            state = state_of(cid, None if limit == 1 << 62 else limit)
            sup = records[vk]
            # A multi-valued value's records only date its spans: it is never superseded.
            superseded_at = sup[-1] if sup and sup[-1][2] is not None and not multi else None
            disputed = superseded_at is not None and disputes.disputed(
                vk, superseded_at, support, records, sources[vk]
            )
            contested_by = None  # the rival of a dispute a third value ended, unsettled
            if disputed:  # a mere contradiction supersedes nothing: the slot is conflicted
                superseded_at = None
            elif superseded_at is not None:
                end = disputes.outlasted(vk, superseded_at, support, records, sources[vk])
                if end is not None:
                    contested_by, superseded_at = superseded_at[2], end
            back = None  # when a fresh contradiction brought a superseded value back
            if superseded_at is not None:
                back = disputes.reopened(vk, superseded_at, support, sources)
                superseded_at = None if back is not None else superseded_at
            # Explicit contradiction evidence contests a candidate; claims merely held for
            # corroboration weigh on its score but cannot blank an established fact out.
            against = self._contradictions(cid, limit)
            held_against = 0
            if snap.cardinality == "single":
                held_against = sum(1 for k in pending_keys if k != vk)
            first = asserted = min((r.occurred_at for r in asserts), default=None)
            if vk in took:
                first = took[vk][1]
            first = back or first
            last = max((r.occurred_at for r in rows), default=None)
            is_expired = bool(expired and last and now and expired(snap.attribute, last, now))
            comps = {
                "support": float(p),
                "provenance": max((trust(r.source) for r in asserts), default=0.0),
                "recency": self._recency(last, now),
                "utility": self._utility(cid, limit),
                "commitment": COMMITMENT.get(state, 0.3),
                "confirmation": 1.0
                if any(source_key(r.source) in CONFIRMING_SOURCES for r in asserts)
                else 0.0,
                "contradiction": min(1.0, 0.5 * against + min(0.4, 0.1 * held_against)),
                "inhibition": 1.0 if state in HIDDEN_STATES else 0.0,
                "supersession": 1.0 if superseded_at is not None else 0.0,
                "staleness": 1.0 if is_expired else 0.0,
            }
            status: CandidateStatus = "active"
            if state in HIDDEN_STATES:
                status = state  # type: ignore[assignment]
            elif is_expired:
                status = "expired"
            elif superseded_at is not None:
                status = "superseded"
            elif multi and value not in held_values:
                status = "negated"
            elif not asserts and any(r.polarity != "assert" for r in rows):
                # Only ever denied ("Bob no longer works at Meta."): memory was told it is
                # not the case, so it is no alternative to the value believed.
                status = "negated"
            ended = _ended(first, superseded_at[1]) if superseded_at is not None else None
            if status == "negated":
                # It stopped holding at the revision that took it out of held ("I no longer
                # play tennis"), else at its last denial; a value that only faded below the
                # threshold has no date to end on.
                denied = [r.occurred_at for r in rows if r.polarity != "assert"]
                if multi and sup and sup[-1][2] == UNKNOWN:
                    ended = _ended(first, sup[-1][1])
                else:
                    ended = _ended(first, max(denied)) if denied else None
            earlier: tuple[tuple[datetime, datetime], ...] = ()
            if not multi and first is not None:
                items = list(records.items())
                spans = closed_spans(vk, items, asserted, firsts)
                # A span that runs past the latest one's start joins it when no other value
                # took the slot, or was asserted, in between: the value held throughout (a
                # take-back recorded late but dated before the loss).
                joins = [
                    a for a, b in spans if a < first < b and untaken(vk, items, a, first, firsts)
                ]
                first = min([first, *joins])
                earlier = tuple(sp for sp in spans if sp[0] < sp[1] <= first)
                # An earlier loss that was an unsettled dispute a third value ended: the span
                # runs to the takeover, as the latest one does (see disputes.outlasted).
                ends = {
                    loss[1]: end[1]
                    for loss in sup
                    if loss[2] not in (None, UNKNOWN)
                    and (end := disputes.outlasted(vk, loss, support, records, sources[vk]))
                    is not None
                }
                earlier = tuple((a, ends.get(b, b)) for a, b in earlier)
                first, ended, earlier = _through(came_back[vk], first, ended, earlier)
            elif first is not None and sup:
                # A value held side by side with others: only its own records date its
                # spans ("I stopped playing tennis", then "I play tennis again").
                spans = closed_spans(vk, [(vk, sup)], asserted)
                earlier = tuple(sp for sp in spans if sp[0] < sp[1] <= first)
            note = _note(superseded_at, sup[-1][2] if disputed else None, contested_by)
            if superseded_at is not None and superseded_at[2] not in (None, UNKNOWN):
                keeper = superseded_at[2]
                if any(
                    back == superseded_at[1] and match_key(rival) == vk
                    for _, back, rival in came_back.get(match_key(keeper), ())
                ):
                    note = f"disputed {keeper!r}; settled back to {keeper!r}"
            scored = self._score(comps)
            cands.append(
                WorldviewCandidate(
                    id=cid,
                    value=value,
                    status=status,
                    score=scored.total,
                    components=scored,
                    valid_from=first,
                    valid_to=ended,
                    told=told_times(asserts, first) if first is not None else (),
                    earlier=earlier,
                    disputed=tuple(
                        sorted(
                            (lost, back)
                            for voids in came_back.values()
                            for lost, back, rival in voids
                            if match_key(rival) == vk
                        )
                    ),
                    evidence_ids=tuple(dict.fromkeys(e for r in rows for e in r.evidence_ids)),
                    sources=tuple(sorted({r.source for r in rows})),
                    lifecycle=state,
                    note=note,
                )
            )
        # A contradiction stands for the value it came from: once that value is out of the
        # running (superseded, say, by a correction back to the old value), it is settled.
        # A rival below ``min_probability`` (denied since, say) is out of the running too, in
        # every lens: the dispute it stood for no longer contests the leader.
        weak = {
            match_key(v)
            for v, p in snap.distribution
            if snap.cardinality == "single" and p < self.config.min_probability
        }
        running = {
            match_key(c.value)
            for c in cands
            if c.status == "active" and match_key(c.value) not in weak
        }
        settled = {
            c.id
            for c in cands
            if disputes.spent(match_key(c.value), support, sources[match_key(c.value)], running)
        }
        rivals = (
            disputes.rivals(slot_id, support, sources, running)
            if snap.cardinality == "single"
            else {}
        )
        cands = [c for c in cands if match_key(c.value) not in faint]
        unknown = dict(snap.distribution).get(UNKNOWN, 0.0)
        timing = self.schema.spec(snap.attribute).timing
        return self._resolve_slot(
            slot_id,
            kind,
            f"{snap.entity}.{snap.attribute}",
            snap.entity,
            cands,
            multi=snap.cardinality == "multi",
            occasions=timing == "occasion",
            timeless=timing == "lifelong",
            history=history,
            rivals=rivals,
            # A standing instruction the user replaced is no history to act on.
            keep=(("negated",) if multi else ("superseded",))
            if self._past and not standing_attr
            else (),
            settled=settled,
            unknown=unknown if snap.cardinality == "single" and snap.mode is None else None,
        )

    def _contradiction_sources(self, target: str, limit: int) -> set[str]:
        """The evidence of the ``contradict`` edges against ``target`` in this snapshot."""
        return {src for s, t, src in self.contradicted.get(target, ()) if self._at(s, t, limit)}

    def _held_hidden(
        self, hid: str, limit: int, state_of: Callable[[str, int | None], str]
    ) -> bool:
        """A held candidate forgotten itself, or whose every piece of evidence is."""
        if state_of(hid, limit) in HIDDEN_STATES:
            return True
        evidence = self.held_evidence.get(hid, ())
        return bool(evidence) and all(state_of(ev, limit) in HIDDEN_STATES for ev in evidence)

    def _hypotheses(
        self,
        name: str,
        limit: int,
        history: bool,
        state_of: Callable[[str, int | None], str],
    ) -> list[WorldviewSlot]:
        return hypothesis_slots(self, name, limit, history, state_of)
