"""What a read learns of a slot's values from their records, in one walk: when each was last
said, when its claims dated it, when it was denied since, and whether a correction took it
back. Mixed into :class:`~nousmem.projections.worldview.Worldview`, whose state it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, datetime
from typing import TYPE_CHECKING

from nousmem.projections.belief_models import match_key
from nousmem.projections.slot_kinds import Key
from nousmem.projections.supersession import Retracted, Sup, settled
from nousmem.projections.worldview_items import Sightings, SupportRow, told_times

__all__ = ["SightingReads"]


class SightingReads:
    """``last_seen`` and ``sightings``."""

    support: dict[Key, list[SupportRow]]
    superseded: dict[Key, list[Sup]]

    if TYPE_CHECKING:  # MergeCarry's, in Worldview (a stub here would shadow it at runtime)

        def key_at(self, key: str, limit: int, until: datetime | None = None) -> str: ...

        def visible(self, seq: int, t: datetime, limit: int, until: datetime | None) -> bool: ...

    def last_seen(
        self,
        entity: str,
        attribute: str,
        values: Iterable[str],
        limit: int,
        until: datetime | None,
    ) -> dict[str, datetime]:
        """When each of ``values`` of a slot was last asserted (revised or confirmed), by
        value key, as of ``limit`` and the event time ``until``."""
        return self.sightings(entity, attribute, values, limit, until).seen

    def sightings(
        self,
        entity: str,
        attribute: str,
        values: Iterable[str],
        limit: int,
        until: datetime | None,
    ) -> Sightings:
        """For each of ``values`` (by value key, as of ``limit`` and ``until``), in one walk
        of its support rows: when it was last asserted (revised or confirmed), when its
        claims said it held or happened (see :func:`~.worldview_items.told_times`), and
        when it was last denied after that, and whether a correction took it back. Values
        never asserted, that no claim dated or not denied since, are left out of each."""
        seen: dict[str, datetime] = {}
        told: dict[str, tuple[tuple[date, str], ...]] = {}
        denied: dict[str, datetime] = {}
        taken: set[str] = set()
        ekey = self.key_at(match_key(entity), limit, until)
        for vkey, rows in self._rows_at(ekey, attribute, values, limit, until):
            recorded = self.superseded.get((ekey, attribute, vkey), ())
            if any(isinstance(x[2], Retracted) for x in recorded):  # rare: look closer
                seen_now = settled([x for x in recorded if self.visible(x[0], x[1], limit, until)])
                if seen_now and isinstance(seen_now[-1][2], Retracted):
                    taken.add(vkey)
            # A denial is not a sighting: "last 21 March" for the day it was denied would
            # date the value as still said then.
            asserted = [r.occurred_at for r in rows if r.polarity == "assert"]
            if asserted:
                seen[vkey] = max(asserted)
            said = told_times(rows)
            if said:
                told[vkey] = said
            since = [r.occurred_at for r in rows if r.polarity != "assert"]
            if since and (not asserted or max(since) >= max(asserted)):
                denied[vkey] = max(since)
        return Sightings(seen, told, denied, frozenset(taken))

    def _rows_at(
        self,
        ekey: str,
        attribute: str,
        values: Iterable[str],
        limit: int,
        until: datetime | None,
    ) -> Iterator[tuple[str, list[SupportRow]]]:
        """Each value's key and its support rows visible as of ``limit`` and ``until``, of
        the entity keyed ``ekey`` as it was named then (before a merge, its own)."""
        for vkey in {match_key(v) for v in values}:
            rows = self.support.get((ekey, attribute, vkey), ())
            yield vkey, [r for r in rows if self.visible(r.seq, r.counted_at, limit, until)]
