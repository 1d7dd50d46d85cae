"""The worldview projection: slots whose candidates compete, resolved through a lens.

Belief-backed slots (fact / preference) take their candidates from the belief store; text
slots (preference, constraint, procedure, schema) come from observations and sleep; held
candidates are hypotheses. Everything is recorded with its ``seq`` so a snapshot can be
taken as of any journal position, and every score keeps its components.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.worldview_models import (
    AuditItem,
    CandidateStatus,
    ScoreComponents,
    WorldviewCandidate,
    WorldviewConfig,
    WorldviewSlot,
    WorldviewSnapshot,
)

PREFERENCE_ATTRIBUTES = frozenset({"likes", "dislikes", "preference", "prefers"})
COMMITMENT = {
    "fresh": 0.3,
    "captured": 0.4,
    "linked": 0.5,
    "reinforced": 0.65,
    "mature": 0.8,
    "core": 1.0,
}
HIDDEN_STATES = {"inhibited", "obsolete", "archived", "compressed"}
LENS_KINDS: dict[str, frozenset[str]] = {
    "logical": frozenset({"fact", "preference", "constraint"}),
    "procedural": frozenset({"procedure", "schema"}),
    "historical": frozenset(
        {"fact", "preference", "constraint", "procedure", "schema", "hypothesis", "suppression"}
    ),
    "audit": frozenset(
        {"fact", "preference", "constraint", "procedure", "schema", "hypothesis", "suppression"}
    ),
    "associative": frozenset(
        {"fact", "preference", "constraint", "procedure", "schema", "hypothesis"}
    ),
}
Key = tuple[str, str, str]  # (entity key, attribute, value key)


@dataclass(frozen=True, slots=True)
class SupportRow:
    seq: int
    occurred_at: datetime
    event_id: str
    source: str
    reliability: float
    polarity: str
    evidence_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TextItem:
    slot_kind: str
    key: str
    value: str
    seq: int
    occurred_at: datetime
    event_id: str
    source: str
    status: str = "active"  # "failure" for failed task results


def slot_kind_for(attribute: str) -> str:
    return "preference" if attribute in PREFERENCE_ATTRIBUTES else "fact"


def candidate_id(kind: str, entity: str, attribute: str, value: str) -> str:
    return f"{kind}:{match_key(entity)}.{attribute}#{match_key(value)}"


class Worldview:
    """Mutable projection state; fold with the ``on_*`` methods in journal order."""

    def __init__(self, config: WorldviewConfig | None = None) -> None:
        self.config = config or WorldviewConfig()
        self.clear()

    def clear(self) -> None:
        self._until: datetime | None = None
        self.support: dict[Key, list[SupportRow]] = {}
        self.superseded: dict[Key, list[tuple[int, datetime, str | None]]] = {}
        self.held: dict[Key, list[tuple[int, str, str, datetime]]] = {}  # seq, id, value, t
        self.released: dict[str, int] = {}  # held candidate event id -> seq released
        self.text: dict[str, list[TextItem]] = {}
        self.utility: dict[str, list[tuple[int, float]]] = {}
        self.contradicted: dict[str, list[tuple[int, str]]] = {}
        self.audit_rows: list[tuple[int, AuditItem]] = []

    # -- folding ------------------------------------------------------------------------------

    def on_revision(
        self,
        *,
        seq: int,
        event_id: str,
        occurred_at: datetime,
        entity: str,
        attribute: str,
        value: str,
        polarity: str,
        source: str,
        reliability: float,
        evidence_ids: tuple[str, ...],
        cardinality: str,
        mode_before: str | None,
        mode_after: str | None,
    ) -> None:
        key = (match_key(entity), attribute, match_key(value))
        self.support.setdefault(key, []).append(
            SupportRow(seq, occurred_at, event_id, source, reliability, polarity, evidence_ids)
        )
        if cardinality == "single" and mode_before != mode_after:
            if mode_before is not None and mode_before != UNKNOWN:
                old = (match_key(entity), attribute, match_key(mode_before))
                self.superseded.setdefault(old, []).append((seq, occurred_at, mode_after))
            if mode_after is not None:
                new = (match_key(entity), attribute, match_key(mode_after))
                if self.superseded.get(new):
                    self.superseded[new].append((seq, occurred_at, None))  # restored

    def on_held(
        self,
        *,
        seq: int,
        event_id: str,
        occurred_at: datetime,
        entity: str,
        attribute: str,
        value: str,
    ) -> None:
        key = (match_key(entity), attribute, match_key(value))
        self.held.setdefault(key, []).append((seq, event_id, value, occurred_at))

    def on_released(self, *, seq: int, candidate_ids: Iterable[str]) -> None:
        for cid in candidate_ids:
            self.released.setdefault(cid, seq)

    def on_text(self, item: TextItem) -> None:
        self.text.setdefault(f"{item.slot_kind}:{item.key}", []).append(item)

    def on_utility(self, *, seq: int, targets: Iterable[str], delta: float) -> None:
        for t in targets:
            self.utility.setdefault(t, []).append((seq, delta))

    def on_contradiction(self, *, seq: int, target: str, source: str) -> None:
        self.contradicted.setdefault(target, []).append((seq, source))

    def on_audit(self, seq: int, item: AuditItem) -> None:
        self.audit_rows.append((seq, item))

    # -- resolution ---------------------------------------------------------------------------

    def snapshot(
        self,
        *,
        lens: str,
        beliefs: BeliefStore,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
        now: datetime | None = None,
        entities: Iterable[str] | None = None,
        expired: Callable[[str, datetime, datetime], bool] | None = None,
    ) -> WorldviewSnapshot:
        """Resolve the worldview for ``lens`` at ``as_of_seq`` (None = now).

        ``entities`` limits belief slots to those entities (text slots are always included).
        ``now`` is event time (the latest ``occurred_at`` at that position) for recency and
        for ``expired(attribute, last_seen, now)``, the attribute TTL test. ``as_of_time``
        also leaves out everything whose event time is later (an event-time read).
        """
        self._until = as_of_time
        try:
            return self._snapshot(
                lens, beliefs, state_of, trust, as_of_seq, as_of_time, now, entities, expired
            )
        finally:
            self._until = None

    def _at(self, seq: int, t: datetime, limit: int) -> bool:
        return seq <= limit and (self._until is None or t <= self._until)

    def _snapshot(
        self,
        lens: str,
        beliefs: BeliefStore,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        as_of_seq: int | None,
        as_of_time: datetime | None,
        now: datetime | None,
        entities: Iterable[str] | None,
        expired: Callable[[str, datetime, datetime], bool] | None,
    ) -> WorldviewSnapshot:
        if lens not in LENS_KINDS:
            raise ValueError(f"lens must be one of {', '.join(LENS_KINDS)}")
        kinds = LENS_KINDS[lens]
        history = lens in ("historical", "audit")
        limit = as_of_seq if as_of_seq is not None else 1 << 62
        names = list(entities) if entities is not None else beliefs.entities()
        slots: list[WorldviewSlot] = []
        for name in names:
            for snap in beliefs.snapshots(
                name, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=False
            ):
                kind = slot_kind_for(snap.attribute)
                if kind in kinds:
                    slots.append(
                        self._belief_slot(
                            snap, kind, lens, history, limit, now, state_of, trust, expired
                        )
                    )
            if "hypothesis" in kinds:
                slots.extend(self._hypotheses(name, limit, history))
        for slot_id in sorted(self.text):
            kind = slot_id.split(":", 1)[0]
            if kind in kinds:
                slot = self._text_slot(slot_id, lens, history, limit, now, state_of, trust)
                if slot is not None:
                    slots.append(slot)
        audit = (
            tuple(a for s, a in self.audit_rows if self._at(s, a.occurred_at, limit))
            if lens == "audit"
            else ()
        )
        slots = [s for s in slots if s.candidates]
        slots.sort(key=lambda s: (s.kind, s.key))
        return WorldviewSnapshot(
            lens=lens,
            as_of_seq=as_of_seq if as_of_seq is not None else -1,
            slots=tuple(slots),
            audit=audit,
        )

    def _utility(self, target: str, limit: int) -> float:
        total = sum(d for s, d in self.utility.get(target, ()) if s <= limit)
        return math.tanh(total / 2.0)

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
        lens: str,
        history: bool,
        limit: int,
        now: datetime | None,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        expired: Callable[[str, datetime, datetime], bool] | None,
    ) -> WorldviewSlot:
        ekey = match_key(snap.entity)
        slot_id = f"{kind}:{ekey}.{snap.attribute}"
        held_values = set(snap.held)
        pending = [
            v
            for (e, a, _), rows in self.held.items()
            if e == ekey and a == snap.attribute
            for s, hid, v, _t in rows
            if self._at(s, _t, limit) and self.released.get(hid, 1 << 62) > limit
        ]
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
            sup = [x for x in self.superseded.get(key, ()) if self._at(x[0], x[1], limit)]
            superseded_at = sup[-1] if sup and sup[-1][2] is not None else None
            # Explicit contradiction evidence contests a candidate; claims merely held for
            # corroboration weigh on its score but cannot blank an established fact out.
            against = len([s for s, _ in self.contradicted.get(cid, ()) if s <= limit])
            held_against = 0
            if snap.cardinality == "single":
                held_against = sum(1 for v in pending if match_key(v) != match_key(value))
            first = min((r.occurred_at for r in asserts), default=None)
            last = max((r.occurred_at for r in rows), default=None)
            is_expired = bool(expired and last and now and expired(snap.attribute, last, now))
            comps = {
                "support": float(p),
                "provenance": max((trust(r.source) for r in asserts), default=0.0),
                "recency": self._recency(last, now),
                "utility": self._utility(cid, limit),
                "commitment": COMMITMENT.get(state, 0.3),
                "confirmation": 1.0
                if any(r.source in ("user", "system") for r in asserts)
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
                    valid_to=superseded_at[1] if superseded_at is not None else None,
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
        if multi:
            chosen = [c.value for c in live]
            status, reason = ("set" if chosen else "empty"), f"{len(chosen)} value(s) held"
            marks = {v: "selected" for v in chosen}
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
                marks = (
                    {c.value: "conflicted" for c in live[:2]}
                    if close
                    else {top.value: "conflicted"}
                )
                chosen = []
            else:
                status, reason = (
                    "resolved",
                    f"{top.value!r} leads by"
                    + (f" {top.score - second.score:.2f}" if second else " default"),
                )
                marks, chosen = {top.value: "selected"}, [top.value]
        out = [
            c.model_copy(update={"status": marks[c.value]}) if c.value in marks else c
            for c in cands
        ]
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

    def _hypotheses(self, name: str, limit: int, history: bool) -> list[WorldviewSlot]:
        ekey = match_key(name)
        out = []
        for (e, attr, _vk), rows in sorted(self.held.items()):
            if e != ekey:
                continue
            for s, hid, value, t in rows:
                if not self._at(s, t, limit):
                    continue
                released = self.released.get(hid, 1 << 62) <= limit
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

    def _text_slot(
        self,
        slot_id: str,
        lens: str,
        history: bool,
        limit: int,
        now: datetime | None,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
    ) -> WorldviewSlot | None:
        items = [i for i in self.text[slot_id] if self._at(i.seq, i.occurred_at, limit)]
        if not items:
            return None
        kind, key = slot_id.split(":", 1)
        cands = []
        for it in items:
            state = state_of(it.event_id, None if limit == 1 << 62 else limit)
            comps = self._score(
                {
                    "support": 0.6,
                    "provenance": trust(it.source),
                    "recency": self._recency(it.occurred_at, now),
                    "utility": self._utility(it.event_id, limit),
                    "commitment": COMMITMENT.get(state, 0.3),
                    "confirmation": 1.0 if it.source == "user" else 0.0,
                    "contradiction": min(
                        1.0,
                        0.5
                        * len([s for s, _ in self.contradicted.get(it.event_id, ()) if s <= limit]),
                    ),
                    "inhibition": 1.0 if state in HIDDEN_STATES else 0.0,
                    "supersession": 0.0,
                    "staleness": 0.0,
                }
            )
            status: CandidateStatus = "active"
            if state in HIDDEN_STATES:
                status = state  # type: ignore[assignment]
            elif it.status == "failure":
                status = "failure"
            cands.append(
                WorldviewCandidate(
                    id=it.event_id,
                    value=it.value,
                    status=status,
                    score=comps.total,
                    components=comps,
                    valid_from=it.occurred_at,
                    evidence_ids=(it.event_id,),
                    sources=(it.source,),
                    lifecycle=state,
                )
            )
        if lens == "procedural":
            # Failure patterns are part of procedural knowledge: keep them visible there.
            cands = [
                c.model_copy(update={"status": "active", "note": "failure pattern"})
                if c.status == "failure"
                else c
                for c in cands
            ]
        # Newer text in the same slot supersedes older text (a later preference wins), and a
        # recompiled sleep item supersedes its earlier versions.
        active = sorted(
            (c for c in cands if c.status == "active"),
            key=lambda c: (c.valid_from or datetime.min, c.id),
        )
        compiled = [c for c in active if c.sources == ("sleep",)]
        if kind not in ("preference", "constraint"):
            active = compiled
        if len(active) > 1:
            newest = active[-1]
            cands = [
                c.model_copy(
                    update={
                        "status": "superseded",
                        "valid_to": newest.valid_from,
                        "note": f"superseded by {newest.id}",
                        "components": self._rescore(c.components, supersession=1.0),
                        "score": self._rescore(c.components, supersession=1.0).total,
                    }
                )
                if c.status == "active" and c.id != newest.id and c in active
                else c
                for c in cands
            ]
        return self._resolve_slot(
            slot_id,
            kind,
            key,
            None,
            cands,
            multi=kind in ("procedure", "schema"),
            history=history,
        )
