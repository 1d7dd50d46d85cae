"""How the worldview resolves slots: scoring candidates, conflict, supersession, hypotheses
and text slots. Mixed into :class:`~nousmem.projections.worldview.Worldview`, whose state
(recorded by its ``on_*`` folds) these methods read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import datetime

from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.supersession import Sup, took_over
from nousmem.projections.worldview_merge import visible
from nousmem.projections.worldview_models import (
    COMMITMENT,
    HIDDEN_STATES,
    CandidateStatus,
    Key,
    ScoreComponents,
    SupportRow,
    TextItem,
    WorldviewCandidate,
    WorldviewConfig,
    WorldviewSlot,
)


def _ended(start: datetime | None, end: datetime) -> datetime:
    # Beliefs fold in journal order, so back-dated evidence recorded later can supersede a
    # value first seen after it: the range then ends where it starts, never before.
    return end if start is None or end >= start else start


class SlotResolver:
    """Slot resolution over the recorded worldview state."""

    config: WorldviewConfig
    support: dict[Key, list[SupportRow]]
    superseded: dict[Key, list[Sup]]
    held: dict[Key, list[tuple[int, str, str, datetime]]]
    held_evidence: dict[str, tuple[str, ...]]
    released: dict[str, tuple[int, datetime]]
    text: dict[str, list[TextItem]]
    utility: dict[str, list[tuple[int, datetime, float]]]
    contradicted: dict[str, list[tuple[int, datetime, str]]]
    _until: datetime | None  # event-time bound of the snapshot being resolved, if any
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
    ) -> WorldviewSlot:
        """``changes``: supersession records by value key, worked out for this read (an
        event-time read); None reads the recorded ones up to ``limit``."""
        ekey = match_key(snap.entity)
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
        cands: list[WorldviewCandidate] = []
        for value, p in snap.distribution:
            if value == UNKNOWN or (
                snap.cardinality == "single" and p < self.config.min_probability and not history
            ):
                continue
            key = (ekey, snap.attribute, match_key(value))
            rows = [r for r in self.support.get(key, ()) if self._at(r.seq, r.occurred_at, limit)]
            asserts = [r for r in rows if r.polarity == "assert"]
            cid = f"{slot_id}#{match_key(value)}"
            state = state_of(cid, None if limit == 1 << 62 else limit)
            sup = records[match_key(value)]
            superseded_at = sup[-1] if sup and sup[-1][2] is not None else None
            # Explicit contradiction evidence contests a candidate; claims merely held for
            # corroboration weigh on its score but cannot blank an established fact out.
            against = self._contradictions(cid, limit)
            held_against = 0
            if snap.cardinality == "single":
                held_against = sum(1 for v in pending if match_key(v) != match_key(value))
            first = min((r.occurred_at for r in asserts), default=None)
            if match_key(value) in took:
                first = took[match_key(value)][1]
            last = max((r.occurred_at for r in rows), default=None)
            is_expired = bool(expired and last and now and expired(snap.attribute, last, now))
            comps = {
                "support": float(p),
                "provenance": max((trust(r.source) for r in asserts), default=0.0),
                "recency": self._recency(last, now),
                "utility": self._utility(cid, limit),
                "commitment": COMMITMENT.get(state, 0.3),
                "confirmation": 1.0
                if any(r.source.casefold() in ("user", "system") for r in asserts)
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
            elif snap.cardinality == "multi" and value not in held_values:
                status = "negated"
            cands.append(
                WorldviewCandidate(
                    id=cid,
                    value=value,
                    status=status,
                    score=0.0,
                    components=self._score(comps),
                    valid_from=first,
                    valid_to=_ended(first, superseded_at[1]) if superseded_at is not None else None,
                    evidence_ids=tuple(dict.fromkeys(e for r in rows for e in r.evidence_ids)),
                    sources=tuple(sorted({r.source for r in rows})),
                    lifecycle=state,
                    note=f"superseded by {superseded_at[2]!r}" if superseded_at else "",
                )
            )
        return self._resolve_slot(
            slot_id,
            kind,
            f"{snap.entity}.{snap.attribute}",
            snap.entity,
            cands,
            multi=snap.cardinality == "multi",
            history=history,
        )

    def _resolve_slot(
        self,
        slot_id: str,
        kind: str,
        key: str,
        entity: str | None,
        cands: list[WorldviewCandidate],
        *,
        multi: bool,
        history: bool,
    ) -> WorldviewSlot:
        cands = [c.model_copy(update={"score": c.components.total}) for c in cands]
        live = [c for c in cands if c.status == "active"]
        live.sort(key=lambda c: (-c.score, c.value))
        # Statuses go by candidate id: two text entries may hold the same words, and only
        # the one that competes here (the current one) takes the slot's status.
        marks: dict[str, CandidateStatus]
        if multi:
            chosen = [c.value for c in live]
            status, reason = ("set" if chosen else "empty"), f"{len(chosen)} value(s) held"
            marks = {c.id: "selected" for c in live}
        elif not live:
            status, reason, marks, chosen = "empty", "no active candidate", {}, []
        else:
            top = live[0]
            second = live[1] if len(live) > 1 else None
            close = second is not None and top.score - second.score < self.config.conflict_margin
            contested = top.components.contradiction >= 0.5  # explicit contradiction evidence
            if close or contested:
                status = "conflicted"
                reason = (
                    f"top two within {self.config.conflict_margin}"
                    if close
                    else "active contradicting evidence"
                )
                marks = {c.id: "conflicted" for c in live[:2]} if close else {top.id: "conflicted"}
                chosen = []
            else:
                status, reason = (
                    "resolved",
                    f"{top.value!r} leads by"
                    + (f" {top.score - second.score:.2f}" if second else " default"),
                )
                marks, chosen = {top.id: "selected"}, [top.value]
        out = [c.model_copy(update={"status": marks[c.id]}) if c.id in marks else c for c in cands]
        if not history:
            out = [c for c in out if c.status in ("selected", "conflicted", "active")]
        out.sort(key=lambda c: (-c.score, c.value))
        return WorldviewSlot(
            id=slot_id,
            kind=kind,
            key=key,
            entity=entity,
            status=status,
            selected=tuple(chosen),
            candidates=tuple(out),
            reason=reason,
        )

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
        ekey = match_key(name)
        out = []
        for (e, attr, _vk), rows in sorted(self.held.items()):
            if e != ekey:
                continue
            for s, hid, value, t in rows:
                if not self._at(s, t, limit):
                    continue
                if not history and self._held_hidden(hid, limit, state_of):
                    continue
                released = self._released(hid, limit)
                if released and not history:
                    continue
                comps = self._score(
                    {
                        "support": 0.2,
                        "provenance": 0.0,
                        "recency": 0.5,
                        "utility": 0.0,
                        "commitment": 0.2,
                        "confirmation": 0.0,
                        "contradiction": 0.0,
                        "inhibition": 0.0,
                        "supersession": 0.0,
                        "staleness": 0.0,
                    }
                )
                cand = WorldviewCandidate(
                    id=hid,
                    value=value,
                    status="held" if not released else "selected",
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
