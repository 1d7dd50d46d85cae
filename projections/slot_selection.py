"""Resolving a slot from its scored candidates: which is selected, or why none is.

A single-valued slot selects its top active candidate, unless the top two are within the
configured margin or active contradicting evidence contests the leader (then it is
``conflicted`` and selects nothing), or "unknown" leads the belief. A multi-valued slot
selects every active candidate. Split from ``worldview_slots.py``, whose resolver builds the
candidates of belief slots (and ``worldview_text.py`` those of text slots) and calls
:meth:`SlotSelection._resolve_slot`.
"""

from __future__ import annotations

from collections.abc import Mapping

from nousmem.projections.slot_kinds import CandidateStatus
from nousmem.projections.worldview_models import WorldviewCandidate, WorldviewConfig, WorldviewSlot

__all__ = ["SlotSelection"]


class SlotSelection:
    """Selection over a slot's candidates (mixed into the worldview's resolvers)."""

    config: WorldviewConfig

    def _resolve_slot(
        self,
        slot_id: str,
        kind: str,
        key: str,
        entity: str | None,
        cands: list[WorldviewCandidate],
        *,
        multi: bool,
        history: bool,
        occasions: bool = False,
        timeless: bool = False,
        rivals: Mapping[str, set[str]] | None = None,
        unknown: float | None = None,
        keep: tuple[str, ...] = (),
        settled: set[str] | frozenset[str] = frozenset(),
    ) -> WorldviewSlot:
        """``rivals``: candidate ids in an open dispute with each other (see
        :func:`~.disputes.rivals`); ``unknown``: the probability of "unknown" when it leads a
        single-valued belief (no value is then selected); ``keep``: statuses a lens shows
        besides the current ones (the procedural lens: failure patterns); ``settled``:
        candidate ids whose contradictions are all spent (see :func:`~.disputes.spent`)."""
        cands = [
            c
            if c.score == c.components.total
            else c.model_copy(update={"score": c.components.total})
            for c in cands
        ]
        live = [c for c in cands if c.status == "active"]
        live.sort(key=lambda c: (-c.score, c.value))
        # Statuses go by candidate id: two text entries may hold the same words, and only
        # the one that competes here (the current one) takes the slot's status.
        marks: dict[str, CandidateStatus]
        if multi:
            chosen = [c.value for c in live]
            status, reason = ("set" if chosen else "empty"), f"{len(chosen)} value(s) held"
            marks = {c.id: "selected" for c in live}
        elif not live:
            status, reason, marks, chosen = "empty", "no active candidate", {}, []
        else:
            top = live[0]
            second = live[1] if len(live) > 1 else None
            close = second is not None and top.score - second.score < self.config.conflict_margin
            # Explicit contradiction evidence, whichever side of it leads: against the leader,
            # or from it against a value still in the running.
            rival_ids = (rivals or {}).get(top.id, set()) & {c.id for c in live}
            against = top.components.contradiction >= 0.5 and top.id not in settled
            contested = against or bool(rival_ids)
            if close or contested:
                status = "conflicted"
                reason = (
                    f"top two within {self.config.conflict_margin}"
                    if close
                    else "active contradicting evidence"
                )
                both = {c.id for c in live[:2]} if close else {top.id, *rival_ids}
                marks = dict.fromkeys(both, "conflicted")
                chosen = []
            elif unknown is not None:
                # Unknown leads (a denial, say): no value is believed, so none is selected.
                status, reason, marks, chosen = "empty", f"unknown leads ({unknown:.2f})", {}, []
            else:
                status, reason = (
                    "resolved",
                    f"{top.value!r} leads by"
                    + (f" {top.score - second.score:.2f}" if second else " default"),
                )
                marks, chosen = {top.id: "selected"}, [top.value]
        out = [c.model_copy(update={"status": marks[c.id]}) if c.id in marks else c for c in cands]
        if not history:
            # A value told gone without ever holding ("I worked at Acme until 2020") is
            # history too, wherever the slot keeps some.
            out = [
                c
                for c in out
                if c.status in ("selected", "conflicted", "active", *keep)
                or (keep and c.ended is not None)
            ]
        out.sort(key=lambda c: (-c.score, c.value))
        return WorldviewSlot(
            id=slot_id,
            kind=kind,
            key=key,
            entity=entity,
            status=status,
            selected=tuple(chosen),
            candidates=tuple(out),
            reason=reason,
            multi=multi,
            occasions=occasions,
            timeless=timeless,
        )
