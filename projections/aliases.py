"""Which entity a name denotes as of a read: accepted merges, each with its seq and event time.

A merge is an event like any other: a read as of a seq before it, or an event time before
its own, still sees the absorbed entity as itself.
"""

from __future__ import annotations

from datetime import datetime

from nousmem.projections.revision import dated_by


class Aliases:
    """Absorbed entity key -> (kept entity key, merge seq, merge event time or None)."""

    def __init__(self) -> None:
        self._to: dict[str, tuple[str, int, datetime | None]] = {}

    def add(self, gone: str, kept: str, seq: int, occurred_at: datetime | None) -> None:
        self._to[gone] = (kept, seq, occurred_at)

    def seen(self, gone: str, as_of_seq: int | None, as_of_time: datetime | None) -> bool:
        """Whether a read at ``as_of_seq`` / ``as_of_time`` sees the merge that absorbed
        ``gone`` (None: no bound; an undated merge is in every event-time read)."""
        _, seq, when = self._to[gone]
        return (as_of_seq is None or seq <= as_of_seq) and dated_by(when, as_of_time)

    def resolve(self, key: str, as_of_seq: int | None, as_of_time: datetime | None) -> str:
        # Bounded by the number of merges; cycles are impossible (an absorbed key is never
        # live again, and a merge needs two live keys).
        while key in self._to and self.seen(key, as_of_seq, as_of_time):
            key = self._to[key][0]
        return key

    def unseen(self, as_of_seq: int | None, as_of_time: datetime | None) -> list[str]:
        """Absorbed keys whose merge a read at ``as_of_seq`` / ``as_of_time`` does not see."""
        return [k for k in self._to if not self.seen(k, as_of_seq, as_of_time)]
