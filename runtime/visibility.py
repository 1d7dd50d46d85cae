"""What a read sees of memory items' states: the read's position (:class:`ReadPoint`) and
:func:`read_states`, the lifecycle state of an item as of that position and event time,
with observation-type TTLs and the rule that a compiled summary leaves reads once its
sources are forgotten, a source's text it quotes is forgotten, or what it states is no
longer believed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from nousmem.projections.belief_models import match_key
from nousmem.projections.lifecycle import HIDDEN, expired
from nousmem.projections.worldview_compiled import HeldValues, held_values
from nousmem.projections.worldview_models import WorldviewSlot
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.projector import Projector

__all__ = ["COMPILED_KINDS", "ReadPoint", "ReadStates", "read_states", "ttl_passed"]

COMPILED_KINDS = frozenset({"frame", "procedure", "schema"})  # doc kinds sleep compiles


@dataclass(frozen=True, slots=True)
class ReadPoint:
    """Where a read stands: journal position ``seq`` and, for event-time reads, ``time``."""

    seq: int
    time: datetime | None = None


def ttl_passed(
    proj: Projector,
    doc: DocRow,
    now: datetime | None,
    seq: int | None,
    time: datetime | None = None,
) -> float | None:
    """The TTL of ``doc``'s observation type, in days, when it has run out by ``now`` (as of
    ``seq`` and event ``time``: a restore after the deadline renews the item); else None."""
    ttl = proj.config.ttl.for_type(doc.obs_type)
    if ttl is None or now is None:
        return None
    eff = proj.lifecycle.effective_state(
        doc.event_id,
        created_at=doc.occurred_at,
        ttl_days=ttl,
        now=now,
        as_of_seq=seq,
        as_of_time=time,
    )
    return ttl if eff.ttl_expired else None


def read_states(proj: Projector, at: ReadPoint, now: datetime | None) -> ReadStates:
    """``state_of`` as a read at ``at`` sees it, for the worldview; see :class:`ReadStates`."""
    return ReadStates(proj, at, now)


class ReadStates:
    """The state of memory items as one read sees them: the recorded state as of the
    read's position and event time (``inhibited`` too for an item a graph edge inhibits),
    ``obsolete`` for an observation whose type's TTL ran
    out by ``now``, and ``obsolete`` for a compiled item (sleep) that no longer says what
    memory believes: every source hidden (what it summarises has left memory, so must the
    summary), every source of a passage it quotes word for word hidden (forgotten text
    must not come back through it), or a belief value it states no longer held
    (superseded, negated, forgotten, expired; a conflict it notes settled). Called as
    ``state_of(target, seq)``; each item is decided once per read."""

    def __init__(self, proj: Projector, at: ReadPoint, now: datetime | None) -> None:
        self.proj = proj
        self.at = at
        self.now = now
        self._memo: dict[tuple[str, int | None], str] = {}
        self._why: dict[tuple[str, int | None], str] = {}
        self._slots: dict[tuple[str, str, int | None, bool], WorldviewSlot | None] = {}
        self._inhib: dict[int | None, frozenset[str]] = {}

    def inhibited(self, seq: int | None) -> frozenset[str]:
        """Items a graph edge inhibits as of ``seq`` and the read's event time."""
        got = self._inhib.get(seq)
        if got is None:
            inhibited = self.proj.graph.inhibited(as_of_seq=seq, as_of_time=self.at.time)
            got = self._inhib[seq] = frozenset(inhibited)
        return got

    def may_hide(self, target: str, seq: int | None) -> bool:
        """False when a belief candidate ``target`` is surely not hidden as of ``seq``:
        never hidden by a lifecycle change and not inhibited by a graph edge (a quick test
        before :meth:`__call__`)."""
        return self.proj.lifecycle.ever_hidden(target) or target in self.inhibited(seq)

    def hides_any(self, seq: int | None) -> bool:
        """Whether anything may be hidden as of ``seq`` (False: a read needs no look)."""
        return self.proj.lifecycle.hid_any or bool(self.inhibited(seq))

    def why(self, target: str, seq: int | None) -> str | None:
        """Why compiled item ``target`` is hidden though its own state is not, or None."""
        self(target, seq)
        return self._why.get((target, seq))

    def _own(self, target: str, seq: int | None) -> tuple[str, DocRow | None]:
        """The state without looking at sources, and the doc when its sources decide."""
        proj = self.proj
        st = proj.lifecycle.state(target, as_of_seq=seq, as_of_time=self.at.time)
        if st not in HIDDEN and target in self.inhibited(seq):
            return "inhibited", None  # by a graph edge (``relate``): hidden as by ``forget``
        doc = proj.docs.get(target)
        if st in HIDDEN or doc is None:
            return st, None
        if ttl_passed(proj, doc, self.now, seq, self.at.time) is not None:
            return "obsolete", None
        compiled = doc.kind in COMPILED_KINDS and bool(doc.evidence_ids)
        return st, doc if compiled else None

    def _slot(self, entity: str, attribute: str, seq: int | None) -> WorldviewSlot | None:
        # Inside a snapshot of a question about the past, slots keep their past values: the
        # same slot judged outside it (a fact line, say) is another resolution.
        key = (entity, attribute, seq, self.proj.worldview.resolving_past)
        if key not in self._slots:
            proj = self.proj
            self._slots[key] = proj.worldview.belief_slot(
                entity,
                attribute,
                beliefs=proj.beliefs,
                state_of=self,
                trust=proj.config.trust.trust,
                as_of_seq=seq,
                as_of_time=self.at.time,
                now=self.now,
                expired=lambda a, last, now: expired(
                    last, proj.config.attributes.spec(a).ttl_days, now
                ),
                memo=self.memo,
            )
        return self._slots[key]

    def memo(
        self,
        name: str,
        attribute: str,
        history: bool,
        seq: int | None,
        time: datetime | None,
        now: datetime | None,
        resolve: Callable[[], WorldviewSlot],
    ) -> WorldviewSlot:
        """A :data:`SlotMemo` over the slots earlier reads resolved, for the slots a read
        at the head sees as they are now (``SlotTouches``): a read behind an entity's last
        change resolves its slots as they were."""
        proj = self.proj
        canonical = proj.beliefs.canonical(name, seq, time)[0]
        touches = proj.slot_touches
        since = touches.since(match_key(name), canonical)
        if seq is not None and seq < since:
            return resolve()
        key = (name, canonical, attribute, history, time, proj.worldview.resolving_past)
        return touches.slot(key, since, now, resolve)

    def _held(self, entity: str, attribute: str, seq: int | None) -> HeldValues | None:
        """:func:`held_values` of the belief slot, kept from one read to the next while no
        event touched the entity's slots (``runtime/slot_touches.py``). The key holds what
        else a slot's current values depend on: the read's event time, ``now`` (recency
        weighs in the scores that leave a slot conflicted or empty, and TTLs expire values)
        and whether the snapshot keeps past values."""
        proj = self.proj
        touches = proj.slot_touches
        canonical = proj.beliefs.canonical(entity, seq, self.at.time)[0]
        since = touches.since(entity, canonical)
        if seq is not None and seq < since:  # behind the last change: resolved as it was
            return held_values(self._slot(entity, attribute, seq))
        key = (
            f"{entity}\x00{canonical}",
            attribute,
            self.at.time,
            self.now,
            proj.worldview.resolving_past,
        )
        found, held = touches.get(key, since)
        if not found:
            held = held_values(self._slot(entity, attribute, seq))
            touches.put(key, since, held)
        return held

    def __call__(self, target: str, seq: int | None) -> str:
        # Compiled items may summarise compiled items, to any depth (a planner's running
        # summary), and share sources (a diamond): a depth-first walk with an explicit
        # stack, each item decided once its sources are, each item once per read.
        memo = self._memo
        if (target, seq) in memo:
            return memo[(target, seq)]
        stack: list[tuple[str, bool]] = [(target, False)]
        on_path: set[str] = set()  # items whose sources are being decided (cycle guard)
        while stack:
            t, expanded = stack.pop()
            if (t, seq) in memo:
                continue
            st, doc = self._own(t, seq)
            if doc is None:
                memo[(t, seq)] = st
                continue
            if not expanded:
                stack.append((t, True))
                on_path.add(t)
                stack.extend(
                    (src, False)
                    for src in doc.evidence_ids
                    if (src, seq) not in memo and src not in on_path
                )
                continue
            on_path.discard(t)
            why = None
            if all(memo.get((src, seq)) in HIDDEN for src in doc.evidence_ids):
                why = "everything it was compiled from is forgotten"
            elif self.proj.worldview.quote_forgotten(t, lambda s: memo.get((s, seq)) in HIDDEN):
                why = "it quotes word for word what is forgotten"
            else:
                # Belief slots hold no compiled items: this never comes back to ``t``.
                unheld = self.proj.worldview.compiled_unheld(
                    t, lambda e, a: self._slot(e, a, seq), lambda e, a: self._held(e, a, seq)
                )
                if unheld is not None:
                    why = f"what it states is no longer believed ({unheld})"
            if why is not None:
                self._why[(t, seq)] = why
            memo[(t, seq)] = "obsolete" if why is not None else st
        return memo[(target, seq)]
