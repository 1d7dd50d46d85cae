"""What a read sees of memory items' states: the read's position (:class:`ReadPoint`) and
:func:`read_states`, the lifecycle state of an item as of that position and event time,
with observation-type TTLs and the rule that a compiled summary leaves with its sources.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from nousmem.projections.lifecycle import HIDDEN
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.projector import Projector

__all__ = ["COMPILED_KINDS", "ReadPoint", "read_states", "ttl_passed"]

COMPILED_KINDS = frozenset({"frame", "procedure", "schema"})  # doc kinds sleep compiles


@dataclass(frozen=True, slots=True)
class ReadPoint:
    """Where a read stands: journal position ``seq`` and, for event-time reads, ``time``."""

    seq: int
    time: datetime | None = None


def ttl_passed(
    proj: Projector,
    doc: DocRow,
    now: datetime | None,
    seq: int | None,
    time: datetime | None = None,
) -> float | None:
    """The TTL of ``doc``'s observation type, in days, when it has run out by ``now`` (as of
    ``seq`` and event ``time``: a restore after the deadline renews the item); else None."""
    ttl = proj.config.ttl.for_type(doc.obs_type)
    if ttl is None or now is None:
        return None
    eff = proj.lifecycle.effective_state(
        doc.event_id,
        created_at=doc.occurred_at,
        ttl_days=ttl,
        now=now,
        as_of_seq=seq,
        as_of_time=time,
    )
    return ttl if eff.ttl_expired else None


def read_states(
    proj: Projector, at: ReadPoint, now: datetime | None
) -> Callable[[str, int | None], str]:
    """``state_of`` as a read at ``at`` sees it, for the worldview: the recorded state
    as of the read's position and event time, ``obsolete`` for an observation whose
    type's TTL ran out by ``now``, and ``obsolete`` for a compiled item (sleep) whose
    every source is hidden: what it summarises has left memory, so must the summary."""

    memo: dict[tuple[str, int | None], str] = {}

    def own(target: str, seq: int | None) -> tuple[str, DocRow | None]:
        """The state without looking at sources, and the doc when its sources decide."""
        st = proj.lifecycle.state(target, as_of_seq=seq, as_of_time=at.time)
        doc = proj.docs.get(target)
        if st in HIDDEN or doc is None:
            return st, None
        if ttl_passed(proj, doc, now, seq, at.time) is not None:
            return "obsolete", None
        compiled = doc.kind in COMPILED_KINDS and bool(doc.evidence_ids)
        return st, doc if compiled else None

    def state(target: str, seq: int | None) -> str:
        # Compiled items may summarise compiled items, to any depth (a planner's running
        # summary), and share sources (a diamond): a depth-first walk with an explicit
        # stack, each item decided once its sources are, each item once per read.
        if (target, seq) in memo:
            return memo[(target, seq)]
        stack: list[tuple[str, bool]] = [(target, False)]
        on_path: set[str] = set()  # items whose sources are being decided (cycle guard)
        while stack:
            t, expanded = stack.pop()
            if (t, seq) in memo:
                continue
            st, doc = own(t, seq)
            if doc is None:
                memo[(t, seq)] = st
                continue
            if not expanded:
                stack.append((t, True))
                on_path.add(t)
                stack.extend(
                    (src, False)
                    for src in doc.evidence_ids
                    if (src, seq) not in memo and src not in on_path
                )
                continue
            on_path.discard(t)
            hidden = all(memo.get((src, seq)) in HIDDEN for src in doc.evidence_ids)
            memo[(t, seq)] = "obsolete" if hidden else st
        return memo[(target, seq)]

    return state
