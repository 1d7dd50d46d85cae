"""The worldview projection: slots whose candidates compete, resolved through a lens.

Belief-backed slots (fact / preference) take their candidates from the belief store; text
slots (preference, constraint, procedure, schema) come from observations and sleep; held
candidates are hypotheses. Everything is recorded with its ``seq`` and event time so a
snapshot can be taken as of any journal position or event time, and every score keeps its
components. Scoring and slot resolution live in ``worldview_slots.py`` (text slots in
``worldview_text.py``, supersession records in ``supersession.py``, disputes between values
in ``disputes.py``), entity merges in ``worldview_merge.py``, whether compiled items still
state what memory believes in ``worldview_compiled.py``, what each observation states (for
reads that hide forgotten values) in ``worldview_stated.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, datetime

from nousmem.projections.ages import birthdays
from nousmem.projections.belief_models import BeliefSnapshot, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSchema
from nousmem.projections.slot_kinds import (
    COMMITMENT,
    HIDDEN_STATES,
    LENS_KINDS,
    PREFERENCE_ATTRIBUTES,
    STANDING_ATTRIBUTES,
    Key,
    candidate_id,
    slot_kind_for,
)
from nousmem.projections.supersession import Sup, note_change
from nousmem.projections.worldview_compiled import CompiledBasis, CompiledItems, SlotMemo
from nousmem.projections.worldview_items import SupportRow, TextItem, ended_at
from nousmem.projections.worldview_merge import MergeCarry
from nousmem.projections.worldview_models import (
    AuditItem,
    WorldviewConfig,
    WorldviewSlot,
    WorldviewSnapshot,
)
from nousmem.projections.worldview_sightings import SightingReads
from nousmem.projections.worldview_stated import StatedValues, statement_spans
from nousmem.projections.worldview_text import TextSlotResolver

__all__ = [
    "COMMITMENT",
    "HIDDEN_STATES",
    "LENS_KINDS",
    "PREFERENCE_ATTRIBUTES",
    "SlotMemo",
    "SupportRow",
    "TextItem",
    "Worldview",
    "candidate_id",
    "slot_kind_for",
    "statement_spans",
]


class Worldview(TextSlotResolver, CompiledItems, MergeCarry, StatedValues, SightingReads):
    """Mutable projection state; fold with the ``on_*`` methods in journal order."""

    def __init__(
        self, config: WorldviewConfig | None = None, schema: AttributeSchema | None = None
    ) -> None:
        self.config = config or WorldviewConfig()
        # How each attribute's values are dated (``AttributeSpec.timing``).
        self.schema = schema or DEFAULT_SCHEMA
        self.clear()

    def clear(self) -> None:
        self._until: datetime | None = None
        self._past = False
        self.support: dict[Key, list[SupportRow]] = {}
        self.superseded: dict[Key, list[Sup]] = {}
        self.held: dict[Key, list[tuple[int, str, str, datetime]]] = {}  # seq, id, value, t
        self.held_evidence: dict[str, tuple[str, ...]] = {}  # held candidate id -> evidence
        # Every record keeps its seq and event time: a read as of either sees only its past.
        self.released: dict[str, tuple[int, datetime]] = {}  # held candidate id -> release
        self.text: dict[str, list[TextItem]] = {}
        self.utility: dict[str, list[tuple[int, datetime, float]]] = {}
        self.contradicted: dict[str, list[tuple[int, datetime, str]]] = {}
        self.audit_rows: list[tuple[int, AuditItem]] = []
        self.aliases: dict[str, str] = {}  # absorbed entity key -> kept key (see MergeCarry)
        self.alias_log: dict[str, list[tuple[int, datetime | None, str]]] = {}
        self.merged_at: dict[int, datetime] = {}
        # Evidence id -> the (seq, key) of each belief value it revised: what an observation
        # states, so a read can tell when all of it has been forgotten.
        self.stated: dict[str, list[tuple[int, Key]]] = {}
        self.compiled_items: dict[str, CompiledBasis] = {}  # see CompiledItems

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
        counts_from: datetime | None = None,
        told: tuple[date, str] | None = None,
        retracts: bool = False,
        change: bool = False,
    ) -> None:
        """Record a revision; ``counts_from`` and ``told``: see :class:`SupportRow`;
        ``retracts`` and ``change``: see :class:`~.belief_models.Revision`."""
        ekey = self.entity_key(entity)  # a claim may still name an absorbed entity
        key = (ekey, attribute, match_key(value))
        row = SupportRow(
            seq,
            occurred_at,
            event_id,
            source,
            reliability,
            polarity,
            evidence_ids,
            counts_from,
            told if polarity == "assert" else None,
            ended_at(occurred_at, told) if polarity == "negate" and change else None,
        )
        self._support(key, row)
        # A multi-valued value's "mode" is itself while held: its records say when it
        # stopped holding and came back, which dates its spans (see supersession).
        note_change(
            self.superseded,
            lambda v: (ekey, attribute, match_key(v)),
            seq,
            occurred_at,
            mode_before,
            mode_after,
            retracts=retracts and cardinality == "single",
        )

    def on_confirmation(
        self,
        *,
        seq: int,
        event_id: str,
        occurred_at: datetime,
        entity: str,
        attribute: str,
        value: str,
        source: str,
        reliability: float,
        evidence_id: str,
    ) -> None:
        """A claim that confirmed the current value without revising the belief (the
        ``evidence`` route): it supports the candidate as a revision would (evidence,
        recency, attribute TTL), though the belief's distribution does not move."""
        key = (self.entity_key(entity), attribute, match_key(value))
        self._support(
            key,
            SupportRow(seq, occurred_at, event_id, source, reliability, "assert", (evidence_id,)),
        )

    def _support(self, key: Key, row: SupportRow) -> None:
        """Record ``row`` for a value and, for each piece of its evidence, that it states it."""
        self.support.setdefault(key, []).append(row)
        for ev in row.evidence_ids:
            self.stated.setdefault(ev, []).append((row.seq, key))

    def on_held(
        self,
        *,
        seq: int,
        event_id: str,
        occurred_at: datetime,
        entity: str,
        attribute: str,
        value: str,
        evidence_ids: tuple[str, ...] = (),
    ) -> None:
        key = (self.entity_key(entity), attribute, match_key(value))
        self.held.setdefault(key, []).append((seq, event_id, value, occurred_at))
        self.held_evidence[event_id] = evidence_ids

    def on_released(self, seq: int, occurred_at: datetime, candidate_ids: Iterable[str]) -> None:
        for cid in candidate_ids:
            self.released.setdefault(cid, (seq, occurred_at))

    def on_text(self, item: TextItem) -> None:
        # One slot per key however it is spelled ("Alice.theme", "alice.Theme", or "José"
        # in either Unicode form), as fact slots are keyed; the slot shows the first
        # spelling a read can see.
        self.text.setdefault(f"{item.slot_kind}:{match_key(item.key)}", []).append(item)

    def on_utility(
        self, seq: int, occurred_at: datetime, targets: Iterable[str], delta: float
    ) -> None:
        for t in self.resolve_targets(targets):
            self.utility.setdefault(t, []).append((seq, occurred_at, delta))

    def on_contradiction(self, seq: int, occurred_at: datetime, target: str, source: str) -> None:
        key = self.resolve_target(target)
        self.contradicted.setdefault(key, []).append((seq, occurred_at, source))

    def on_audit(self, seq: int, item: AuditItem) -> None:
        self.audit_rows.append((seq, item))

    # -- resolution ---------------------------------------------------------------------------

    @property
    def resolving_past(self) -> bool:
        """Whether the snapshot being resolved keeps past single values (``past``)."""
        return self._past

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
        standing: Iterable[str] | None = None,
        past: bool = False,
        memo: SlotMemo | None = None,
    ) -> WorldviewSnapshot:
        """Resolve the worldview for ``lens`` at ``as_of_seq`` (None = now).

        ``entities`` limits belief slots to those entities, and compiled items to those about
        them (see :meth:`compiled_in_scope`); other text slots are always included.
        ``now`` is event time (the latest ``occurred_at`` at that position) for recency and
        for ``expired(attribute, last_seen, now)``, the attribute TTL test. ``as_of_time``
        also leaves out everything whose event time is later (an event-time read). With
        ``entities`` given, standing instructions (``STANDING_ATTRIBUTES``) join too: those
        of ``standing`` (the asker), or without it every entity's. ``past``: the read asks
        about an earlier time; single-valued slots keep their superseded values (see
        :attr:`WorldviewSnapshot.past`). ``memo``: see :data:`SlotMemo`.
        """
        self._until, self._past = as_of_time, past
        try:
            snap = self._snapshot(
                lens,
                beliefs,
                state_of,
                trust,
                as_of_seq,
                as_of_time,
                now,
                entities,
                expired,
                standing,
                memo,
            )
            return snap.model_copy(update={"past": True}) if past else snap
        finally:
            self._until, self._past = None, False

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
        standing: Iterable[str] | None,
        memo: SlotMemo | None = None,
    ) -> WorldviewSnapshot:
        if lens not in LENS_KINDS:
            raise ValueError(f"lens must be one of {', '.join(LENS_KINDS)}")
        kinds = LENS_KINDS[lens]
        history = lens in ("historical", "audit")
        limit = as_of_seq if as_of_seq is not None else 1 << 62
        # One name per entity as of the read: two spellings, or a name and one merged into
        # it, would list every slot twice. Before a merge, the absorbed entity is its own.
        if entities is not None:
            names = beliefs.distinct(entities, as_of_seq, as_of_time)
        else:
            names = beliefs.entities(as_of_seq, as_of_time)

        def belief_slot(name: str, snap: BeliefSnapshot) -> WorldviewSlot:
            return self.resolve_belief(
                name, snap, beliefs, history, limit, now, state_of, trust, expired,
                as_of_seq, as_of_time, memo,
            )  # fmt: skip

        slots: list[WorldviewSlot] = []
        # With an asker, another person's standing instructions are theirs to keep: "Is Dana
        # a nurse?" asked by Bob must not bring "answer in French" into Bob's answer.
        askers = (
            None
            if standing is None
            else {beliefs.canonical(n, as_of_seq, as_of_time)[0] for n in standing}
        )
        for name in names:
            others = (
                askers is not None
                and beliefs.canonical(name, as_of_seq, as_of_time)[0] not in askers
            )
            for snap in beliefs.snapshots(
                name, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=False
            ):
                if others and snap.attribute in STANDING_ATTRIBUTES:
                    continue
                if slot_kind_for(snap.attribute) in kinds:
                    slots.append(belief_slot(name, snap))
            if "hypothesis" in kinds:
                slots.extend(self._hypotheses(name, limit, history, state_of))
        if entities is not None:
            # Standing instructions apply to every answer, whoever the question names: the
            # asker's (``standing``), or without one everyone's, each line naming whose.
            named = {match_key(n) for n in names}
            holders = (
                beliefs.holders_of(STANDING_ATTRIBUTES, as_of_seq, as_of_time)
                if standing is None
                else beliefs.distinct(standing, as_of_seq, as_of_time)
            )
            for name in holders:
                if match_key(name) in named:
                    continue
                for attribute in sorted(STANDING_ATTRIBUTES):
                    held = beliefs.snapshot(
                        name, attribute, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=False
                    )
                    if held is not None and slot_kind_for(attribute) in kinds:
                        slots.append(belief_slot(name, held))
        # A compiled item restates beliefs: it is shown with its entities' belief slots. A
        # read about Alice must not judge (nor list) a frame for every other entity.
        scope = None if entities is None else {match_key(n) for n in names}
        for slot_id in sorted(self.text):
            kind = slot_id.split(":", 1)[0]
            if kind in kinds and (scope is None or self.compiled_in_scope(slot_id, scope, limit)):
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
            now=now,
            birthdays=birthdays(slots),
        )
