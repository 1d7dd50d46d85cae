"""Projector: folds committed events, in seq order, into every projection of a namespace."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nousmem.projections.belief_models import Revision, RevisionOutcome, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.lexical import observation_doc, revision_doc
from nousmem.projections.models import Claim
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.errors import StorageError


class Projector:
    """The projections of one namespace and the ``seq`` they have folded up to.

    Erased events (payload None) contribute nothing: after an erasure a rebuild forgets them.
    """

    def __init__(self, namespace: str, config: RuntimeConfig) -> None:
        self.namespace = namespace
        self.config = config
        self.applied_seq = 0
        self.last_occurred_at: Any = None
        self.kind_counts: dict[str, int] = {}
        self.beliefs = BeliefStore(config.attributes, config.beliefs)
        # claim key -> [(candidate event id, revision)], pending corroboration
        self.pending: dict[tuple[str, str, str], list[tuple[str, Revision]]] = {}
        self.entity_mentions: dict[str, int] = {}

    # -- write-path helpers (read-only) -------------------------------------------------------

    def dependents(self, entity: str, attribute: str) -> int:
        """How much depends on this target: revisions of the dimension and entity mentions."""
        snap = self.beliefs.snapshot(entity, attribute)
        return (snap.support if snap else 0) + self.entity_mentions.get(match_key(entity), 0)

    @staticmethod
    def _claim_key(entity: str, attribute: str, value: str) -> tuple[str, str, str]:
        return (match_key(entity), attribute, match_key(value))

    def pending_for(self, claim: Claim, *, exclude_source: str) -> list[Revision]:
        """Held revisions for the same claim from sources other than ``exclude_source``."""
        held = self.pending.get(self._claim_key(claim.entity, claim.attribute, claim.value), [])
        return [rev for _, rev in held if rev.source != exclude_source
                and rev.polarity == claim.polarity]

    def pending_ids(self, revisions: list[Revision]) -> list[str]:
        ids: list[str] = []
        for rev in revisions:
            for eid, r in self.pending.get(
                self._claim_key(rev.entity, rev.attribute, rev.value), []
            ):
                if r is rev:
                    ids.append(eid)
        return ids

    def preview_many(self, revisions: Sequence[Revision]) -> list[RevisionOutcome]:
        """Preview revisions in order, each seeing the ones before it; mutates nothing."""
        return self.beliefs.preview_many(revisions)

    # -- folding ------------------------------------------------------------------------------

    def doc_for(self, event: Any) -> str | None:
        """Lexical index text for an event (None when it is not indexed or erased)."""
        p = event.payload
        if p is None:
            return None
        if event.kind == "observation":
            return observation_doc(p, event.occurred_at)
        if event.kind == "belief.revised":
            return revision_doc(p)
        return None

    def apply(self, event: Any) -> None:
        if event.namespace != self.namespace:
            raise StorageError("event from another namespace reached this projection")
        if event.seq != self.applied_seq + 1:
            raise StorageError(
                f"journal of {self.namespace!r} has a gap or disorder at seq"
                f" {self.applied_seq + 1} (found {event.seq}); run `nousmem verify`"
            )
        self.applied_seq = event.seq
        self.kind_counts[event.kind] = self.kind_counts.get(event.kind, 0) + 1
        if self.last_occurred_at is None or event.occurred_at > self.last_occurred_at:
            self.last_occurred_at = event.occurred_at
        p = event.payload
        if p is None:
            return
        handler = _HANDLERS.get(event.kind)
        if handler is not None:
            handler(self, event, p)

    def _on_revised(self, event: Any, p: Any) -> None:
        self.beliefs.apply(p.revision, seq=event.seq, event_id=event.id)
        k = match_key(p.revision.entity)
        self.entity_mentions[k] = self.entity_mentions.get(k, 0) + 1

    def _on_candidate(self, event: Any, p: Any) -> None:
        c = p.claim
        rev = Revision(
            entity=c.entity, attribute=c.attribute, value=c.value, polarity=c.polarity,
            reliability=p.reliability, source=p.source, change=c.change,
            occurred_at=event.occurred_at, evidence_ids=p.evidence_ids,
        )
        self.pending.setdefault(self._claim_key(c.entity, c.attribute, c.value), []).append(
            (event.id, rev)
        )

    def _on_promoted(self, event: Any, p: Any) -> None:
        gone = set(p.candidate_ids)
        for key in list(self.pending):
            kept = [(eid, r) for eid, r in self.pending[key] if eid not in gone]
            if kept:
                self.pending[key] = kept
            else:
                del self.pending[key]

    def replace_with(self, other: Projector) -> None:
        """Adopt ``other``'s state (after a rebuild) so existing references stay valid."""
        self.__dict__.update(other.__dict__)

    def state(self) -> dict[str, Any]:
        """A comparable summary of every projection (used by rebuild-equals-live tests)."""
        beliefs = {
            e: [s.model_dump() for s in self.beliefs.snapshots(e)] for e in self.beliefs.entities()
        }
        return {
            "applied_seq": self.applied_seq,
            "kind_counts": dict(sorted(self.kind_counts.items())),
            "last_occurred_at": self.last_occurred_at,
            "beliefs": beliefs,
            "pending": {str(k): [e for e, _ in v] for k, v in sorted(self.pending.items())},
        }


_HANDLERS = {
    "belief.revised": Projector._on_revised,
    "candidate.held": Projector._on_candidate,
    "candidate.promoted": Projector._on_promoted,
}
