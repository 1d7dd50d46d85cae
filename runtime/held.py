"""Claims held for corroboration (surprise gating), until a promotion releases them.

A surprising claim from a low-trust source does not revise its belief: it is held as a
candidate. The write path looks here for held claims from independent sources that a new
claim corroborates; a ``candidate.promoted`` event releases them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from nousmem.projections.belief_models import Revision, match_key
from nousmem.projections.models import Claim

__all__ = ["HeldClaims"]

_Key = tuple[str, str, str]


def _key(entity: str, attribute: str, value: str) -> _Key:
    return (match_key(entity), attribute, match_key(value))


@dataclass(eq=True)
class HeldClaims:
    """Held revisions by claim (entity, attribute, value), each with its candidate's id."""

    by_claim: dict[_Key, list[tuple[str, Revision]]] = field(default_factory=dict)

    def hold(self, candidate_id: str, rev: Revision) -> None:
        self.by_claim.setdefault(_key(rev.entity, rev.attribute, rev.value), []).append(
            (candidate_id, rev)
        )

    def release(self, candidate_ids: Iterable[str]) -> None:
        gone = set(candidate_ids)
        for key in list(self.by_claim):
            kept = [(cid, r) for cid, r in self.by_claim[key] if cid not in gone]
            if kept:
                self.by_claim[key] = kept
            else:
                del self.by_claim[key]

    def for_claim(self, claim: Claim, *, exclude_source: str) -> list[Revision]:
        """Held revisions for the same claim from sources other than ``exclude_source``
        (compared without case: "Web" is not independent of "web")."""
        held = self.by_claim.get(_key(claim.entity, claim.attribute, claim.value), [])
        mine = exclude_source.casefold()
        return [
            rev
            for _, rev in held
            if rev.source.casefold() != mine and rev.polarity == claim.polarity
        ]

    def ids_of(self, revisions: Iterable[Revision]) -> list[str]:
        """The candidate ids of held ``revisions`` (the objects :meth:`for_claim` returned)."""
        ids: list[str] = []
        for rev in revisions:
            for cid, r in self.by_claim.get(_key(rev.entity, rev.attribute, rev.value), []):
                if r is rev:
                    ids.append(cid)
        return ids

    def state(self) -> dict[str, list[str]]:
        return {str(k): [cid for cid, _ in v] for k, v in sorted(self.by_claim.items())}
