"""Claims held for corroboration (surprise gating), until a promotion releases them.

A surprising claim from a low-trust source does not revise its belief: it is held as a
candidate. The write path looks here for held claims from independent sources that a new
claim corroborates; a ``candidate.promoted`` event releases them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from nousmem.projections.belief_models import Revision, match_key, source_key
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

    def for_claim(
        self, claim: Claim, *, exclude_source: str, hidden: Callable[[str], bool]
    ) -> list[Revision]:
        """Held revisions for the same claim from sources other than ``exclude_source``
        (compared as :func:`source_key` does: "Web" or "web" with a zero-width space is not
        independent of "web"), leaving out the forgotten ones.

        A held claim is forgotten when ``hidden`` (a lifecycle state that hides an item)
        says so of its candidate or of every observation it rests on, as reads judge it: an
        operator's "this is wrong" must not be written into the belief by the next source
        that repeats it. A restore makes it promotable again."""
        held = self.by_claim.get(_key(claim.entity, claim.attribute, claim.value), [])
        mine = source_key(exclude_source)
        return [
            rev
            for cid, rev in held
            if source_key(rev.source) != mine
            and rev.polarity == claim.polarity
            and not hidden(cid)
            and not (rev.evidence_ids and all(hidden(ev) for ev in rev.evidence_ids))
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
