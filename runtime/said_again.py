"""A forgotten value said again: the governed write restores it.

``forget(["Dana.location=Lyon"], "invalidate")`` hides Lyon from every read. When the user
later says "I live in Lyon now", the belief takes Lyon again, and a read that still hid the
value (and every observation naming it) would contradict ``belief()``: the assistant would
see nothing where memory believes Lyon. So a write whose accepted claim asserts a value
that a verb hid (``invalidate``/``expire`` -> obsolete, ``inhibit`` -> inhibited) journals a
``restore`` of it, in the same transaction, when the claim comes from the user or the
system (a tool or another agent cannot undo what the user took back), and only when it was
said after the value was hidden in event time (an older statement imported later was
already taken back). Archived and compressed items are storage decisions and stay as they
are.
"""

from __future__ import annotations

from collections.abc import Iterable

from nousmem.projections.belief_models import CONFIRMING_SOURCES, Revision, source_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.lifecycle import LifecycleBook
from nousmem.projections.lifecycle_models import HIDDEN
from nousmem.projections.schema import normalise_attribute
from nousmem.projections.slot_kinds import candidate_id, slot_kind_for

__all__ = ["SAID_AGAIN", "restorations"]

SAID_AGAIN = "said again"
_UNDONE = frozenset({"obsolete", "inhibited"})


def restorations(
    revisions: Iterable[Revision], beliefs: BeliefStore, book: LifecycleBook
) -> list[tuple[str, str, str]]:
    """``(target, from_state, to_state)`` of the restores the ``revisions`` bring, in order:
    each target once, through every step a verb hid it by (an archive under it stays)."""
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for rev in revisions:
        if rev.polarity != "assert" or source_key(rev.source) not in CONFIRMING_SOURCES:
            continue
        key, _ = beliefs.canonical(rev.entity)
        attribute = normalise_attribute(rev.attribute)
        target = candidate_id(slot_kind_for(attribute), key, attribute, rev.value)
        if target in seen:
            continue
        seen.add(target)
        # Every step of hiding a verb did ("inhibit", then "invalidate"): one restore each,
        # and none when the value would land hidden still (archived under the invalidation).
        path = book.undo_path(target, _UNDONE)
        last = book.history(target)
        if path and last and last[-1].occurred_at > rev.occurred_at:
            continue  # said before it was taken back (an imported history): still taken back
        if path and path[-1][1] not in HIDDEN:
            out.extend((target, before, after) for before, after in path)
    return out
