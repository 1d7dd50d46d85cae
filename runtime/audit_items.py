"""What the audit lens lists: the records of what memory refused to remember."""

from __future__ import annotations

from typing import Any

from nousmem.projections.worldview_models import AuditItem

__all__ = ["AUDIT_KINDS", "audit_item"]

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


def _attempted(operation: str, attempted: dict[str, Any]) -> str:
    """What a refused write tried to do, in a few words (its content, for an observation)."""
    a = attempted
    if operation == "relate":
        return f"{a.get('verb')} {a.get('source')} -[{a.get('relation')}]-> {a.get('target')}"
    if operation == "merge":
        return f"merge {a.get('absorb')} into {a.get('keep')}"
    return str(a.get("content", ""))
