"""Whether a row may enter a read's context, and as what: the gating step of
:class:`~nousmem.runtime.query.QueryEngine`."""

from __future__ import annotations

from datetime import datetime

from nousmem.projections.lifecycle import FULL_LENSES, HIDDEN
from nousmem.runtime.adjust import Adjustments
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.forgotten_text import without_forgotten
from nousmem.runtime.visibility import COMPILED_KINDS, ReadPoint, ReadStates, ttl_passed

__all__ = ["Gating"]


class Gating(Adjustments):
    """The gating steps of a read: what a lens may show of a row, and how."""

    def _gate(
        self,
        doc: DocRow,
        lens: str,
        at: ReadPoint,
        now: datetime | None,
        states: ReadStates,
    ) -> str | None:
        """None when ``doc`` may enter context through ``lens``; else why it may not.
        ``states``: the read's :func:`~nousmem.runtime.visibility.read_states`."""
        if lens in FULL_LENSES:
            return None
        state = self.state_of(doc.event_id, at.seq, at.time)
        if state in HIDDEN:
            return f"lifecycle: {state}"
        ttl = ttl_passed(self.proj, doc, now, at.seq, at.time)
        if ttl is not None:
            return f"expired: {doc.obs_type} TTL of {ttl:g} days passed"
        if doc.kind in COMPILED_KINDS:
            why = states.why(doc.event_id, at.seq)
            if why is not None:
                return f"lifecycle: {why}"
        if doc.kind == "observation":
            content = doc.text[doc.lead : len(doc.text) - doc.notes]
            why = self.proj.worldview.forgotten_statement(
                doc.event_id, content, at.seq, states, at.time
            )
            if why is not None:
                return why
        if lens in ("logical", "procedural") and self.proj.unconfirmed(
            doc.event_id, at.seq, at.time
        ):
            return "provenance: only claims held for corroboration (low-trust source)"
        return None

    def _shown(self, doc: DocRow, at: ReadPoint, states: ReadStates) -> DocRow:
        """An observation's row as a current read at ``at`` shows it: without the
        sentences that name what memory has forgotten (they would say it again; see
        ``runtime/forgotten_text.py``)."""
        return without_forgotten(doc, self.proj.worldview, at.seq, states, at.time) or doc
