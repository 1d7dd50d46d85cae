"""Belief reads of the belief projection, live or as of a seq or an event time: one belief
(``snapshot``, ``held``, ``support``), every belief about an entity (``snapshots``), and a
belief's history (``mode_trail``, ``reordered``, ``revisions``).

Split from ``projections/beliefs.py``. A read as of a point before the latest fold refolds
the belief up to there (:func:`~.history.refold`); a live one reads the folded state, with
the caches that state keeps.

Mixed into :class:`~nousmem.projections.beliefs.BeliefStore`, whose state it reads.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from nousmem.projections.belief_models import BeliefSnapshot, Revision, match_key
from nousmem.projections.history import Trail, folds_all_by, held_values, refold, snapshot
from nousmem.projections.revision import RevisionOp
from nousmem.projections.schema import normalise_attribute

if TYPE_CHECKING:
    from nousmem.projections.dimension import Dimension

__all__ = ["BeliefReads"]


class BeliefReads:
    """Snapshots, held values and histories of the store's beliefs."""

    _dims: dict[str, dict[str, Dimension]]
    _retired: dict[str, tuple[str, dict[str, Dimension]]]
    _last_seq: int

    if TYPE_CHECKING:  # EntityReads', in BeliefStore (a stub here would shadow it at runtime)

        def _resolve(
            self, key: str, as_of_seq: int | None, as_of_time: datetime | None = None
        ) -> str: ...

    def snapshot(
        self,
        entity: str,
        attribute: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
        deltas: bool = True,
    ) -> BeliefSnapshot | None:
        """The belief about ``entity``'s ``attribute``; ``None`` if there is none (yet)."""
        _check_time(as_of_time)
        dims = self._dims_as_of(entity, as_of_seq, as_of_time)
        if dims is None:
            return None
        dim = dims.get(normalise_attribute(attribute))
        if dim is None:
            return None
        return self._read(dim, as_of_seq, as_of_time, deltas)

    def mode_trail(
        self,
        entity: str,
        attribute: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> Trail:
        """The mode changes (for a multi-valued belief: values taken in or out of ``held``)
        of the belief as a read at ``as_of_seq`` / ``as_of_time`` folds it (empty for an
        unknown one); see :func:`~.history.refold`."""
        _check_time(as_of_time)
        dims = self._dims_as_of(entity, as_of_seq, as_of_time)
        dim = None if dims is None else dims.get(normalise_attribute(attribute))
        trail: Trail = []
        if dim is None:
            return trail
        whole = as_of_time is None and (as_of_seq is None or as_of_seq >= self._last_seq)
        if whole and dim.trail_cache is not None and dim.trail_cache[0] == dim.version:
            # Every read of a refolded belief asks for its whole trail: once per change.
            return list(dim.trail_cache[1])
        refold(dim, as_of_seq=as_of_seq, as_of_time=as_of_time, trail=trail)
        if whole:
            dim.trail_cache = (dim.version, tuple(trail))
        return trail

    def reordered(
        self,
        entity: str,
        attribute: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> bool:
        """Whether a back-dated revision ever refolded the belief a read at ``as_of_seq`` /
        ``as_of_time`` resolves to (see :mod:`.backdated`): its mode changes recorded as
        revisions arrived follow the journal's order, and :meth:`mode_trail` gives them in
        the fold's. The flag is the live dimension's, not the one as of the read: a read
        before the first back-dated revision then works its history out from the trail too,
        which gives the records it would have read (the fold order is the same there)."""
        dims = self._dims_as_of(entity, as_of_seq, as_of_time)
        dim = None if dims is None else dims.get(normalise_attribute(attribute))
        return dim is not None and dim.reordered is not None

    def revisions(self, entity: str, attribute: str) -> tuple[Revision, ...]:
        """The revisions the live belief folded, in journal order (those of beliefs merged
        into it aside); empty for an unknown one."""
        dim = self._live_dimension(entity, attribute)
        if dim is None:
            return ()
        return tuple(op.revision for op in dim.ops if isinstance(op, RevisionOp))

    def held(
        self, entity: str, attribute: str, *, as_of_time: datetime | None = None
    ) -> tuple[str, ...]:
        """The values ``snapshot(entity, attribute, as_of_time=...)`` holds, none for an
        unknown belief. No snapshot is built, and a read after every revision the belief
        folded decays the live belief rather than refolding it: the write-time readings
        ask this of nearly every message, at its own time."""
        _check_time(as_of_time)
        if as_of_time is None:
            dim = self._live_dimension(entity, attribute)
            if dim is None:
                return ()
            cached = dim.snap_cache
            return cached[1].held if cached and cached[0] == dim.version else held_values(dim)
        dims = self._dims_as_of(entity, None, as_of_time)
        dim = None if dims is None else dims.get(normalise_attribute(attribute))
        if dim is None:
            return ()
        if dim is self._live_dimension(entity, attribute) and folds_all_by(dim, as_of_time):
            return held_values(dim, as_of_time=as_of_time)
        snap = self._read(dim, None, as_of_time, deltas=False)
        return () if snap is None else snap.held

    def support(self, entity: str, attribute: str) -> int:
        """How many revisions the live belief rests on (0 when there is none); O(1)."""
        dims = self._dims_as_of(entity, None)
        dim = None if dims is None else dims.get(normalise_attribute(attribute))
        return 0 if dim is None else dim.support

    def snapshots(
        self,
        entity: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
        deltas: bool = True,
    ) -> list[BeliefSnapshot]:
        """All beliefs about ``entity``, sorted by attribute."""
        _check_time(as_of_time)
        dims = self._dims_as_of(entity, as_of_seq, as_of_time)
        if dims is None:
            return []
        out = []
        for attr in sorted(dims):
            snap = self._read(dims[attr], as_of_seq, as_of_time, deltas)
            if snap is not None:
                out.append(snap)
        return out

    def _dims_as_of(
        self, entity: str, as_of_seq: int | None, as_of_time: datetime | None = None
    ) -> dict[str, Dimension] | None:
        key = self._resolve(match_key(entity), as_of_seq, as_of_time)
        live = self._dims.get(key)
        if live is not None:
            return live
        retired = self._retired.get(key)
        return None if retired is None else retired[1]

    def _live_dimension(self, entity: str, attribute: str) -> Dimension | None:
        dims = self._dims.get(self._resolve(match_key(entity), None))
        return None if dims is None else dims.get(normalise_attribute(attribute))

    def _read(
        self,
        dim: Dimension,
        as_of_seq: int | None,
        as_of_time: datetime | None,
        deltas: bool = True,
    ) -> BeliefSnapshot | None:
        if as_of_time is None and (as_of_seq is None or as_of_seq >= self._last_seq):
            if deltas:
                return snapshot(dim)
            # Reads snapshot the beliefs of every entity they name: the latest one stands
            # while the dimension is unchanged (its version).
            cached = dim.snap_cache
            if cached is None or cached[0] != dim.version:
                cached = dim.snap_cache = (dim.version, snapshot(dim, deltas=False))
            return cached[1]
        folded = refold(dim, as_of_seq=as_of_seq, as_of_time=as_of_time)
        return None if folded is None else snapshot(folded, as_of_time=as_of_time, deltas=deltas)


def _check_time(moment: datetime | None) -> None:
    if moment is not None and (moment.tzinfo is None or moment.utcoffset() is None):
        raise ValueError("as_of_time must be timezone-aware")
