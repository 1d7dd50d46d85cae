"""What the audit lens lists: the records of what memory refused to remember, and of what
it was asked to forget or made to erase (named by kind and count, never by the words
forgotten or erased)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from nousmem.policies.risk import detect_risks, redact
from nousmem.projections.lexical import date_label
from nousmem.projections.naming import ATTR_SPLIT
from nousmem.projections.worldview_models import AuditItem

__all__ = ["AUDIT_KINDS", "audit_item", "erased_item", "forgotten_item"]

AUDIT_KINDS = ("quarantined", "write.rejected", "clarify.requested", "lifecycle.refused")
"""Journal kinds the audit lens lists: refusals and questions back, not memories."""


def audit_item(e: Any, p: Any) -> AuditItem:
    """The audit row of a refusal event ``e`` with payload ``p`` (content redacted)."""
    if e.kind == "quarantined":
        return AuditItem(
            event_id=e.id,
            kind="quarantined",
            occurred_at=e.occurred_at,
            summary=p.redacted[:200],
            reasons=tuple(p.labels),
        )
    if e.kind == "clarify.requested":
        # Asked back, not written: the claims stay out of beliefs until restated.
        return AuditItem(
            event_id=e.id,
            kind="clarify.requested",
            occurred_at=e.occurred_at,
            summary=p.question[:200],
            reasons=("asked back instead of written",),
        )
    if e.kind == "lifecycle.refused":
        return AuditItem(
            event_id=e.id,
            kind="lifecycle.refused",
            occurred_at=e.occurred_at,
            summary=f"{p.verb} {p.target} ({p.from_state})"[:200],
            reasons=(p.reason,),
        )
    return AuditItem(
        event_id=e.id,
        kind="write.rejected",
        occurred_at=e.occurred_at,
        summary=f"{p.operation}: " + _attempted(p.operation, p.attempted)[:160],
        reasons=tuple(v.reason for v in p.verdicts if not v.ok),
    )


def forgotten_item(
    e: Any,
    target: str,
    name_of: Callable[[str, str], str | None],
    turn_date: Callable[[str], datetime | None],
) -> AuditItem:
    """The audit row of lifecycle event ``e``, which invalidated ``target`` because the
    user asked memory to forget it. It names what kind of thing was forgotten ("Sam's
    employer", "a turn of 1 March 2026"), never the value or the words: said back, they
    would undo the request. ``name_of(entity key, attribute)``: the entity's display name
    when memory holds that belief; ``turn_date``: when an observation was said."""
    what = "a memory"
    kind, sep, rest = target.partition(":")
    if sep and kind.isalpha():
        found = [(rest[: m.start()], m.group(1)) for m in ATTR_SPLIT.finditer(rest) if m.start()]
        # The entity key may hold "." and "#" itself: the split whose belief memory holds.
        named = [(n, attr) for key, attr in found if (n := name_of(key, attr)) is not None]
        if named or found:
            name, attr = named[0] if named else found[0]
            what = f"{name}'s {attr.replace('_', ' ')}"
    elif (said := turn_date(target)) is not None:
        what = f"a turn of {date_label(said)}"
    return AuditItem(
        event_id=e.id,
        kind="forgotten",
        occurred_at=e.occurred_at,
        summary=what[:200],
        reasons=("asked to forget",),
    )


def erased_item(e: Any, p: Any) -> AuditItem:
    """The audit row of erasure record ``e`` (payload ``p``): how much it erased and the
    reason given (entity names and secrets in it were masked when it was recorded; personal
    data such as an email address is masked here)."""
    n = len(p.erased_ids)
    reason = p.reason[:200]
    return AuditItem(
        event_id=e.id,
        kind="erased",
        occurred_at=e.occurred_at,
        summary=f"{n} event{'' if n == 1 else 's'} erased",
        reasons=(redact(reason, detect_risks(reason)),),
    )


def _attempted(operation: str, attempted: dict[str, Any]) -> str:
    """What a refused write tried to do, in a few words (its content, for an observation)."""
    a = attempted
    if operation == "relate":
        return f"{a.get('verb')} {a.get('source')} -[{a.get('relation')}]-> {a.get('target')}"
    if operation == "merge":
        return f"merge {a.get('absorb')} into {a.get('keep')}"
    return str(a.get("content", ""))
