"""Entity reads of the belief projection: which entities there are and what a name denotes.

Split from ``projections/beliefs.py``. Names match case-insensitively (``match_key``);
accepted merges make one entity of two from their seq and event time on, so every read
here takes an optional ``as_of_seq`` / ``as_of_time`` and, before a merge, still sees both.
Ranking identity candidates (Eq. 6) lives here too; merging stays a journaled decision.

Mixed into :class:`~nousmem.projections.beliefs.BeliefStore`, whose state it reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from nousmem.projections.belief_models import IdentityCandidate, match_key
from nousmem.projections.identity import entity_divergence
from nousmem.projections.schema import normalise_attribute

if TYPE_CHECKING:
    from nousmem.projections.aliases import Aliases
    from nousmem.projections.belief_models import BeliefParams
    from nousmem.projections.dimension import Dimension

__all__ = ["EntityReads"]


class EntityReads:
    """Entity listings, name resolution and identity candidates over the store's state."""

    params: BeliefParams
    _names: dict[str, str]
    _dims: dict[str, dict[str, Dimension]]
    _aliases: Aliases
    _retired: dict[str, tuple[str, dict[str, Dimension]]]
    _holders: dict[str, set[str]]
    _valued: dict[str, set[tuple[str, str]]]

    def entities(
        self, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[str]:
        """Display names of the live (not absorbed) entities, sorted by matching key.

        With ``as_of_seq`` / ``as_of_time``, also those absorbed by a merge after it: there
        they were live.
        """
        names = self._names
        if as_of_seq is not None or as_of_time is not None:
            gone = {k: self._retired[k][0] for k in self._aliases.unseen(as_of_seq, as_of_time)}
            names = {**names, **gone}
        return [names[k] for k in sorted(names)]

    def canonical(
        self, entity: str, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> tuple[str, str]:
        """(matching key, display name) of the entity ``entity`` names at ``as_of_seq`` and
        ``as_of_time`` (default: now): after a merge up to there, the kept one. A name
        without beliefs stays as given."""
        key = self._resolve(match_key(entity), as_of_seq, as_of_time)
        name = self._names.get(key)
        if name is None:
            retired = self._retired.get(key)
            name = retired[0] if retired is not None else entity
        return key, name

    def distinct(
        self, names: Iterable[str], as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[str]:
        """``names`` with one display name per entity at ``as_of_seq`` / ``as_of_time``, in
        first-seen order: spellings of one entity and names merged into one collapse."""
        out: dict[str, str] = {}
        for n in names:
            key, name = self.canonical(n, as_of_seq, as_of_time)
            out.setdefault(key, name)
        return list(out.values())

    def valued(
        self,
        words: Iterable[str],
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> list[tuple[str, str]]:
        """(display name, attribute) of every belief ever told a value with one of ``words``
        (as :func:`~.lexical.folded_words` folds them), by the entity's name as of
        ``as_of_seq`` / ``as_of_time`` (default now), in matching-key order; a reader asks
        each what it holds as of then. The cost is in the beliefs found, not in every one."""
        pairs: set[tuple[str, str]] = set()
        for w in words:
            pairs |= self._valued.get(w, set())
        out: dict[tuple[str, str], tuple[str, str]] = {}
        for key, attribute in sorted(pairs):
            name = self._names.get(key)
            if name is None:
                name = self._retired[key][0]
            now_key, now_name = self.canonical(name, as_of_seq, as_of_time)
            out.setdefault((now_key, attribute), (now_name, attribute))
        return list(out.values())

    def holders_of(
        self,
        attributes: Iterable[str],
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> list[str]:
        """One display name per entity (as of ``as_of_seq`` / ``as_of_time``, default now)
        that ever held a belief about any of ``attributes``, in matching-key order; a
        reader asks each for its belief as of then. The cost is in the holders, not in
        every entity."""
        keys: set[str] = set()
        for a in attributes:
            keys |= self._holders.get(normalise_attribute(a), set())
        names = []
        for k in sorted(keys):
            name = self._names.get(k)
            names.append(name if name is not None else self._retired[k][0])
        return self.distinct(names, as_of_seq, as_of_time)

    def identity_candidates(self, entity: str, k: int = 5) -> list[IdentityCandidate]:
        """Eq. 6: other entities ranked by summed symmetrised KL over shared attributes.

        Lower divergence first, then more shared attributes, then name. Only ranks; merging
        is a separate, journaled decision (:meth:`BeliefStore.apply_merge`).
        """
        if k < 1:
            raise ValueError("k must be at least 1")
        key = self._resolve(match_key(entity), None)
        mine = self._dims.get(key)
        if mine is None:
            return []
        ranked: list[tuple[float, int, str, IdentityCandidate]] = []
        for other in sorted(self._dims):
            if other == key:
                continue
            div, shared = entity_divergence(mine, self._dims[other], self.params)
            if shared:
                cand = IdentityCandidate(
                    entity=self._names[other], divergence_bits=div, shared_attributes=shared
                )
                ranked.append((div, -len(shared), other, cand))
        ranked.sort(key=lambda row: row[:3])
        return [row[3] for row in ranked[:k]]

    def _resolve(self, key: str, as_of_seq: int | None, as_of_time: datetime | None = None) -> str:
        return self._aliases.resolve(key, as_of_seq, as_of_time)
