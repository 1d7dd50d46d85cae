"""How the worldview resolves slots: scoring candidates, conflict, supersession, hypotheses
and text slots. Mixed into :class:`~nousmem.projections.worldview.Worldview`, whose state
(recorded by its ``on_*`` folds) these methods read. How each value of a belief slot lost
the slot, its status, spans and note are worked out in ``slot_candidates.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import date, datetime

from nousmem.projections import disputes
from nousmem.projections.belief_models import (
    CONFIRMING_SOURCES,
    UNKNOWN,
    BeliefSnapshot,
    match_key,
    source_key,
)
from nousmem.projections.schema import AttributeSchema
from nousmem.projections.slot_candidates import (
    SlotRecords,
    candidate_note,
    candidate_status,
    contested_spans,
    lost_slot,
    open_disputes,
    taken_back,
    value_dates,
)
from nousmem.projections.slot_kinds import COMMITMENT, HIDDEN_STATES, STANDING_ATTRIBUTES, Key
from nousmem.projections.slot_selection import SlotSelection
from nousmem.projections.supersession import Sup, in_event_time, settled, took_over
from nousmem.projections.worldview_held import hypothesis_slots
from nousmem.projections.worldview_items import SupportRow, TextItem, told_times
from nousmem.projections.worldview_merge import visible
from nousmem.projections.worldview_models import (
    ScoreComponents,
    WorldviewCandidate,
    WorldviewConfig,
    WorldviewSlot,
)
from nousmem.projections.worldview_periods import announced


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
        pending = self._pending_values(ekey, snap.attribute, history, limit, state_of)
        recs = self._slot_records(snap, ekey, slot_id, limit, changes, reordered)
        cands: list[WorldviewCandidate] = []
        faint: set[str] = set()  # below min_probability: resolved with, but not shown
        # ... unless the slot keeps its history (below): a value that held the slot once
        # is history a question about the past asks for.
        held_once: set[str] = set()
        pending_keys = [match_key(v) for v in pending]
        for value, p in snap.distribution:
            if value == UNKNOWN:
                continue
            vk = match_key(value)
            if snap.cardinality == "single" and p < self.config.min_probability and not history:
                (held_once if recs.records[vk] else faint).add(vk)
            cands.append(
                self._belief_candidate(
                    snap,
                    value,
                    p,
                    f"{slot_id}#{vk}",
                    recs,
                    value in held_values,
                    pending_keys,
                    limit,
                    now,
                    state_of,
                    trust,
                    expired,
                )
            )
            if cands[-1].ended is not None and vk in faint:
                # Told gone ("I used to live in Lyon"): it held once, as history says.
                faint.discard(vk)
                held_once.add(vk)
        settled, rivals = open_disputes(snap, slot_id, cands, recs, self.config.min_probability)
        timing = self.schema.spec(snap.attribute).timing
        # A value announced ahead of when memory learned it ("I start there on May 1") has
        # not taken over yet: the one it displaced stays in the slot, as for a past read.
        history_kept = self._past or (
            timing == "state"
            and not multi
            and announced(c for c in cands if c.value in held_values)
        )
        if not history_kept:
            faint |= held_once
        cands = [c for c in cands if match_key(c.value) not in faint]
        unknown = dict(snap.distribution).get(UNKNOWN, 0.0)
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
            if history_kept and not standing_attr
            else (),
            settled=settled,
            unknown=unknown if snap.cardinality == "single" and snap.mode is None else None,
        )

    def _pending_values(
        self,
        ekey: str,
        attribute: str,
        history: bool,
        limit: int,
        state_of: Callable[[str, int | None], str],
    ) -> list[str]:
        """The values of the slot's held candidates (claims held for corroboration) this
        snapshot sees, not promoted by its point (nor hidden, unless it reads history)."""
        return [
            v
            for (e, a, _), rows in self.held.items()
            if e == ekey and a == attribute
            for s, hid, v, _t in rows
            if self._at(s, _t, limit)
            and not self._released(hid, limit)
            and (history or not self._held_hidden(hid, limit, state_of))
        ]

    def _slot_records(
        self,
        snap: BeliefSnapshot,
        ekey: str,
        slot_id: str,
        limit: int,
        changes: Mapping[str, list[Sup]] | None,
        reordered: bool,
    ) -> SlotRecords:
        """The records of the slot's values this snapshot sees (``changes``: see
        :meth:`_belief_slot`), in event time's order when ``reordered``."""
        multi = snap.cardinality == "multi"

        def sups(vkey: str) -> list[Sup]:
            if changes is not None:
                return settled(changes.get(vkey, []))
            recorded = self.superseded.get((ekey, snap.attribute, vkey), ())
            return settled([x for x in recorded if self._at(x[0], x[1], limit)])

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
        return SlotRecords(multi, records, support, took, sources, came_back, firsts)

    def _belief_candidate(
        self,
        snap: BeliefSnapshot,
        value: str,
        p: float,
        cid: str,
        recs: SlotRecords,
        held: bool,
        pending_keys: list[str],
        limit: int,
        now: datetime | None,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        expired: Callable[[str, datetime, datetime], bool] | None,
    ) -> WorldviewCandidate:
        """Candidate ``cid`` of a belief slot: value ``value`` at probability ``p``, scored,
        with its status, spans and note; ``held``: the belief holds it; ``pending_keys``: the
        value keys of the slot's pending held claims."""
        vk = match_key(value)
        rows = recs.support[vk]
        asserts = [r for r in rows if r.polarity == "assert"]
        state = state_of(cid, None if limit == 1 << 62 else limit)
        loss = lost_slot(vk, recs)
        superseded = loss.superseded_at is not None
        # Explicit contradiction evidence contests a candidate; claims merely held for
        # corroboration weigh on its score but cannot blank an established fact out.
        against = self._contradictions(cid, limit)
        held_against = 0
        if snap.cardinality == "single":
            held_against = sum(1 for k in pending_keys if k != vk)
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
            "supersession": 1.0 if superseded else 0.0,
            "staleness": 1.0 if is_expired else 0.0,
        }
        status = candidate_status(
            state,
            rows,
            asserts,
            expired=is_expired,
            superseded=superseded,
            multi=recs.multi,
            held=held,
        )
        first, ended, earlier = value_dates(vk, recs, rows, asserts, loss, status == "negated")
        scored = self._score(comps)
        return WorldviewCandidate(
            id=cid,
            value=value,
            status=status,
            score=scored.total,
            components=scored,
            valid_from=first,
            valid_to=ended,
            told=told_times(asserts, first) if first is not None else (),
            earlier=earlier,
            disputed=contested_spans(vk, recs),
            evidence_ids=tuple(dict.fromkeys(e for r in rows for e in r.evidence_ids)),
            sources=tuple(sorted({r.source for r in rows})),
            lifecycle=state,
            note=candidate_note(vk, recs, loss),
            taken_back=taken_back(vk, recs, loss),
            ended=None if first is not None else _last_end(rows),
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
        return bool(evidence) and all(state_of(recs, limit) in HIDDEN_STATES for recs in evidence)

    def _hypotheses(
        self,
        name: str,
        limit: int,
        history: bool,
        state_of: Callable[[str, int | None], str],
    ) -> list[WorldviewSlot]:
        return hypothesis_slots(self, name, limit, history, state_of)


def _last_end(rows: list[SupportRow]) -> tuple[date, str] | None:
    """The latest :attr:`~.worldview_items.SupportRow.ended` of a value's rows."""
    ends = [r for r in rows if r.ended is not None]
    return max(ends, key=lambda r: r.seq).ended if ends else None
