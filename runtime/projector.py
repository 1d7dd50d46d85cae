"""Projector: folds committed events, in seq order, into every projection of a namespace."""

from __future__ import annotations

from typing import Any

from nousmem.projections.lexical import observation_doc, revision_doc
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.errors import StorageError


class Projector:
    """The projections of one namespace and the ``seq`` they have folded up to."""

    def __init__(self, namespace: str, config: RuntimeConfig) -> None:
        self.namespace = namespace
        self.config = config
        self.applied_seq = 0
        self.last_occurred_at: Any = None
        self.kind_counts: dict[str, int] = {}
        self.event_ids: list[str] = []

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
            raise ValueError("event from another namespace")
        if event.seq != self.applied_seq + 1:
            raise StorageError(
                f"journal of {self.namespace!r} has a gap or disorder at seq"
                f" {self.applied_seq + 1} (found {event.seq}); run `nousmem verify`"
            )
        self.applied_seq = event.seq
        self.event_ids.append(event.id)
        self.kind_counts[event.kind] = self.kind_counts.get(event.kind, 0) + 1
        if self.last_occurred_at is None or event.occurred_at > self.last_occurred_at:
            self.last_occurred_at = event.occurred_at

    def replace_with(self, other: Projector) -> None:
        """Adopt ``other``'s state (after a rebuild) so existing references stay valid."""
        self.__dict__.update(other.__dict__)

    def state(self) -> dict[str, Any]:
        """A comparable summary of every projection (used by rebuild-equals-live tests)."""
        return {
            "applied_seq": self.applied_seq,
            "kind_counts": dict(sorted(self.kind_counts.items())),
            "last_occurred_at": self.last_occurred_at,
        }
