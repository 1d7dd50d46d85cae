"""The belief projection: every (entity, attribute) belief, folded from journaled revisions.

:class:`BeliefStore` is a pure projection. It is fed :class:`Revision` inputs in journal
order (``apply``), accepted merges (``apply_merge``) and compression marks, and it answers
reads, live or as of a seq or an event time. Same input sequence, same state, bit for bit:
it never reads the wall clock and iterates only insertion-ordered or sorted collections.

Entities and values match case-insensitively with whitespace collapsed; the first spelling
seen is the one shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from nousmem.projections.aliases import Aliases
from nousmem.projections.belief_entities import EntityReads
from nousmem.projections.belief_models import (
    UNKNOWN,
    BeliefDelta,
    BeliefParams,
    BeliefSnapshot,
    IdentityCandidate,
    ObservedValue,
    Revision,
    RevisionOutcome,
    match_key,
)
from nousmem.projections.belief_reads import BeliefReads
from nousmem.projections.dimension import Dimension
from nousmem.projections.identity import absorb as absorb_dimension
from nousmem.projections.lexical import folded_words
from nousmem.projections.preview import scratch_copy
from nousmem.projections.revision import Folded
from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSchema

__all__ = [
    "UNKNOWN",
    "BeliefDelta",
    "BeliefParams",
    "BeliefSnapshot",
    "BeliefStore",
    "IdentityCandidate",
    "ObservedValue",
    "Revision",
    "RevisionOutcome",
]


class BeliefStore(EntityReads, BeliefReads):
    """Categorical and Beta-Bernoulli beliefs per (entity, attribute), as a projection.

    The entity reads (``entities``, ``canonical``, ``distinct``, ``holders_of``,
    ``identity_candidates``) come from :class:`~.belief_entities.EntityReads`; the belief
    reads (``snapshot``, ``snapshots``, ``held``, ``support``, ``mode_trail``,
    ``reordered``, ``revisions``) from :class:`~.belief_reads.BeliefReads`.
    """

    def __init__(
        self, schema: AttributeSchema = DEFAULT_SCHEMA, params: BeliefParams | None = None
    ) -> None:
        self.schema = schema
        self.params = params if params is not None else BeliefParams()
        self.clear()

    def clear(self) -> None:
        """Drop all state (before a rebuild)."""
        self._names: dict[str, str] = {}
        self._dims: dict[str, dict[str, Dimension]] = {}
        self._aliases = Aliases()
        # absorbed entity key -> (display name, its dimensions frozen at the merge)
        self._retired: dict[str, tuple[str, dict[str, Dimension]]] = {}
        # attribute -> every entity key that ever held a belief about it (absorbed ones too:
        # a read as of before their merge still sees them)
        self._holders: dict[str, set[str]] = {}
        # a value's word (lexical.folded_words) -> every (entity key, attribute) ever told a
        # value with it, absorbed entities' keys too: who holds "Acme" is found without
        # reading every belief
        self._valued: dict[str, set[tuple[str, str]]] = {}
        self._last_seq = 0

    # ------------------------------------------------------------------ writes

    def preview(self, rev: Revision) -> RevisionOutcome:
        """What ``apply(rev)`` would return, without changing anything."""
        key = self._resolve(match_key(rev.entity), None)
        dim = self._dims.get(key, {}).get(rev.attribute)
        if dim is None:
            dim = self._new_dimension(self._names.get(key, rev.entity), rev.attribute)
        return dim.plan(rev).report()

    def scratch_dimension(self, rev: Revision) -> Dimension:
        """A copy of the dimension ``rev`` revises (a new one if none), to plan and commit
        on without touching this store."""
        key = self._resolve(match_key(rev.entity), None)
        live = self._dims.get(key, {}).get(rev.attribute)
        if live is None:
            return self._new_dimension(self._names.get(key, rev.entity), rev.attribute)
        return scratch_copy(live)

    def preview_many(self, revs: Sequence[Revision]) -> list[RevisionOutcome]:
        """Preview revisions in order, each seeing the ones before it; mutates nothing.

        One observation can touch a dimension twice ("I left Google and joined Sarvam"), so
        the write path previews on scratch copies of just the dimensions involved.
        """
        keys = [(self._resolve(match_key(r.entity), None), r.attribute) for r in revs]
        touched: dict[tuple[str, str], int] = {}
        for k in keys:
            touched[k] = touched.get(k, 0) + 1
        scratch: dict[tuple[str, str], Dimension] = {}
        out: list[RevisionOutcome] = []
        for rev, (key, attr) in zip(revs, keys, strict=True):
            dim = scratch.get((key, attr))
            if dim is None:
                live = self._dims.get(key, {}).get(attr)
                if live is None:
                    dim = self._new_dimension(self._names.get(key, rev.entity), attr)
                elif touched[(key, attr)] == 1:
                    # Planning never mutates, and nothing else touches this dimension here:
                    # plan on the live state itself (no copy, no commit afterwards).
                    plan = live.plan(rev)
                    live.remember(rev, plan)
                    out.append(plan.report())
                    continue
                else:
                    dim = scratch_copy(live)
                scratch[(key, attr)] = dim
                plan = dim.plan(rev)
                if live is not None:  # planned on an exact copy of the live state
                    live.remember(rev, plan)
            else:
                plan = dim.plan(rev)
            dim.commit(plan, rev, seq=0, event_id="")
            out.append(plan.report())
        return out

    def apply(self, rev: Revision, *, seq: int, event_id: str) -> RevisionOutcome:
        """Fold one revision in; returns the same outcome ``preview`` gave for it."""
        outcome = self._dimension_for(rev, seq, event_id).apply(rev, seq=seq, event_id=event_id)
        self._last_seq = seq
        return outcome

    def fold(
        self, rev: Revision, *, seq: int, event_id: str, counts_from: datetime | None = None
    ) -> Folded:
        """Fold one revision in as :meth:`apply` does, without building its outcome;
        ``counts_from``: see :class:`~.revision.RevisionOp`."""
        dim = self._dimension_for(rev, seq, event_id)
        later = counts_from if counts_from is not None and counts_from > rev.occurred_at else None
        plan = dim.fold(rev, seq=seq, event_id=event_id, counts_from=later)
        self._last_seq = seq
        return Folded(dim.spec.cardinality, plan.mode_before, plan.mode_after)

    def _dimension_for(self, rev: Revision, seq: int, event_id: str) -> Dimension:
        """The dimension ``rev`` revises (created if new), after the seq checks of a fold."""
        self._check_seq(seq, event_id)
        key = self._resolve(match_key(rev.entity), None)
        dims = self._dims.get(key)
        if dims is None:
            dims = self._dims[key] = {}
            self._names[key] = rev.entity
        dim = dims.get(rev.attribute)
        if dim is None:
            dim = dims[rev.attribute] = self._new_dimension(self._names[key], rev.attribute)
            self._holders.setdefault(rev.attribute, set()).add(key)
        for word in folded_words(rev.value):
            self._valued.setdefault(word, set()).add((key, rev.attribute))
        return dim

    def apply_merge(
        self,
        keep: str,
        absorb: str,
        *,
        seq: int,
        event_id: str,
        strict: bool = True,
        occurred_at: datetime | None = None,
    ) -> None:
        """Fold an accepted merge in: ``absorb``'s beliefs join ``keep``'s.

        Later revisions naming the absorbed entity resolve to ``keep``. ``strict=False`` (a
        fold of a journaled merge) accepts entities with no beliefs left, as an erasure of
        their evidence leaves them: the names are still one entity from here on. Reads as of
        a seq before ``seq`` or an event time before ``occurred_at`` (None: undated) still
        see two entities.
        """
        self._check_seq(seq, event_id)
        keep_key = self._resolve(match_key(keep), None)
        gone_key = self._resolve(match_key(absorb), None)
        if strict:
            if keep_key not in self._dims:
                raise ValueError(f"keep: unknown entity {keep!r}")
            if gone_key not in self._dims:
                raise ValueError(f"absorb: unknown entity {absorb!r}")
            if keep_key == gone_key:
                raise ValueError("absorb: entity is already the same as keep")
        elif keep_key == gone_key:
            return
        if keep_key not in self._dims:
            self._dims[keep_key] = {}
            self._names[keep_key] = keep
        if gone_key not in self._dims:
            # Nothing of it is left to absorb; reads before the merge still list the name.
            self._retired[gone_key] = (self._names.pop(gone_key, absorb), {})
            self._aliases.add(gone_key, keep_key, seq, occurred_at)
            self._last_seq = seq
            return
        kept = self._dims[keep_key]
        gone = self._dims.pop(gone_key)
        for attr in sorted(gone):
            dim = kept.get(attr)
            if dim is None:
                dim = kept[attr] = self._new_dimension(self._names[keep_key], attr)
                self._holders.setdefault(attr, set()).add(keep_key)
            absorb_dimension(dim, gone[attr], seq=seq, event_id=event_id, occurred_at=occurred_at)
        self._retired[gone_key] = (self._names.pop(gone_key), gone)
        self._aliases.add(gone_key, keep_key, seq, occurred_at)
        self._last_seq = seq

    def mark_compressed(
        self, entity: str, attribute: str, *, seq: int, occurred_at: datetime | None = None
    ) -> None:
        """Record that the compressor handled this dimension (a flag; nothing is deleted),
        by the compression at ``seq`` dated ``occurred_at`` (None: undated)."""
        self._check_seq(seq, "compression")
        dim = self._live_dimension(entity, attribute)
        if dim is None:
            # Its revisions were erased after it was compressed: nothing is left to flag,
            # and a fold must not fail on the record (the namespace would be unreadable).
            self._last_seq = seq
            return
        if dim.compressed_seq is None:
            dim.compressed_seq, dim.compressed_at = seq, occurred_at
            trail = dim.trail_cache
            dim.version += 1
            if trail is not None and trail[0] == dim.version - 1:
                # The flag changes no value the belief held: its mode trail stays current.
                dim.trail_cache = (dim.version, trail[1])
        self._last_seq = seq

    # ------------------------------------------------------------------ reads

    def dimensions(self, entity: str) -> list[str]:
        """Attributes the store holds a belief about for ``entity``, sorted."""
        dims = self._dims.get(self._resolve(match_key(entity), None))
        return sorted(dims) if dims else []

    def compression_due(self) -> list[tuple[str, str]]:
        """Dimensions whose entropy stayed above the ceiling long enough; not yet compressed."""
        need = self.params.compression_min_updates
        out = []
        for key in sorted(self._dims):
            dims = self._dims[key]
            for attr in sorted(dims):
                dim = dims[attr]
                if dim.streak >= need and dim.compressed_seq is None:
                    out.append((self._names[key], attr))
        return out

    @property
    def last_seq(self) -> int:
        """Highest seq folded in so far (0 when empty)."""
        return self._last_seq

    # ------------------------------------------------------------------ internals

    def _new_dimension(self, entity: str, attribute: str) -> Dimension:
        return Dimension(entity, self.schema.spec(attribute), self.params)

    def _check_seq(self, seq: int, event_id: str) -> None:
        if seq < 1:
            raise ValueError("seq must be a positive journal sequence number")
        if seq < self._last_seq:
            raise ValueError(f"seq must not decrease (got {seq} after {self._last_seq})")
        if not event_id:
            raise ValueError("event_id must not be empty")
