"""Which belief slots an event may have changed, so reads can reuse what they resolved.

A read resolves the belief slots of the entities it names, and a slot with a long history
costs a millisecond or more to resolve (every support row, every recorded change). Between
two reads that name the same entity most often nothing touched its slots: the resolved
:class:`WorldviewSlot` is kept too (:meth:`SlotTouches.slot`), one per slot and view.

A read that shows a compiled item (``sleep``'s frames and schemas) checks that every belief
value the item states is still held: a schema over a hundred people resolves a hundred
belief slots. Between two reads most events change none of them (observations, the reads'
own traces) or one entity's (a revision). :class:`SlotTouches` records, per entity, the
``seq`` of the last event that may change its belief slots, and for every entity the last
event that may change any; the ``HeldValues`` summaries the read path caches
(``runtime/visibility.py``) stay valid while neither moves. It errs on the side of
forgetting: every kind it cannot place on one entity counts for all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from nousmem.projections.belief_models import match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.worldview_compiled import HeldValues
from nousmem.projections.worldview_models import WorldviewSlot

__all__ = ["SlotTouches"]

# Kinds whose fold changes no belief slot: an observation feeds text slots and the lexical
# index, a trace only access counts. (Kinds without a fold handler change none either.)
_NEUTRAL = frozenset({"observation", "retrieval"})
# A bound on cached summaries; past it the cache starts again (it is only a cache).
_MAX_CACHED = 50_000
# Slots are larger (~5 KB pickled each in benchmarks/kept_slots.py, up to ~10 KB for a long
# history): a read names a few entities, so a few thousand cover a burst of reads.
_MAX_SLOTS = 2_048


CacheKey = tuple[str, str, datetime | None, datetime | None, bool]
# (entity as named, its canonical key, attribute, history lens, event-time bound, past)
SlotKey = tuple[str, str, str, bool, datetime | None, bool]


class SlotTouches:
    """Per entity key, the seq of the last event that may change its belief slots."""

    def __init__(self) -> None:
        self.entities: dict[str, int] = {}
        self.all = 0
        self.cache: dict[CacheKey, tuple[int, HeldValues | None]] = {}
        self.slots: dict[SlotKey, tuple[int, datetime | None, WorldviewSlot]] = {}

    def note(self, kind: str, seq: int, payload: Any, beliefs: BeliefStore, folded: bool) -> None:
        """Record event ``seq`` of ``kind`` (``folded``: a fold handler read its payload)."""
        if not folded or kind in _NEUTRAL:
            return
        if kind == "belief.revised":
            entity = payload.revision.entity
        elif kind == "candidate.held":
            entity = payload.claim.entity
        else:  # edges, lifecycle, outcomes, merges, promotions, audits, sleep, ...
            self.all = seq
            return
        # The name as written and the entity it resolves to (after a merge, the kept one).
        for key in {match_key(entity), beliefs.canonical(entity)[0]}:
            self.entities[key] = seq

    def since(self, *keys: str) -> int:
        """The seq from which the belief slots of entity ``keys`` stand as they are now."""
        return max([self.all, *(self.entities.get(k, 0) for k in keys)])

    def get(self, key: CacheKey, since: int) -> tuple[bool, HeldValues | None]:
        """(found, summary) cached for ``key`` while nothing touched it after ``since``."""
        got = self.cache.get(key)
        if got is None or got[0] != since:
            return False, None
        return True, got[1]

    def put(self, key: CacheKey, since: int, held: HeldValues | None) -> None:
        if len(self.cache) >= _MAX_CACHED:
            self.cache.clear()
        self.cache[key] = (since, held)

    def slot(
        self,
        key: SlotKey,
        since: int,
        now: datetime | None,
        resolve: Callable[[], WorldviewSlot],
    ) -> WorldviewSlot:
        """The slot kept for ``key`` while nothing touched it after ``since`` and the read's
        ``now`` (recency and TTLs weigh in its scores) is the same, else ``resolve()``'s,
        kept in its place (one per key: a slot is larger than a summary)."""
        got = self.slots.get(key)
        if got is not None and got[0] == since and got[1] == now:
            return got[2]
        slot = resolve()
        if key not in self.slots and len(self.slots) >= _MAX_SLOTS:
            self.slots.clear()
        self.slots[key] = (since, now, slot)
        return slot
