"""Text slots of the worldview: preferences, constraints and procedures taken from
observations, and items compiled by sleep. Mixed into
:class:`~nousmem.projections.worldview.Worldview` through its slot resolver.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from itertools import pairwise

from nousmem.projections.belief_models import match_key, source_key
from nousmem.projections.slot_kinds import COMMITMENT, HIDDEN_STATES, CandidateStatus
from nousmem.projections.worldview_models import WorldviewCandidate, WorldviewSlot
from nousmem.projections.worldview_slots import SlotResolver

_END_PUNCT = ".!?\u2026;,:\"' "


def _words_of(text: str) -> str:
    """``text`` without its closing punctuation: "I like jazz." and "I like jazz!" are the
    same words said again; "C++" and "C#" stay two."""
    return " ".join(match_key(text).strip(_END_PUNCT).split())


class TextSlotResolver(SlotResolver):
    """Slot resolution, text slots included."""

    def _text_slot(
        self,
        slot_id: str,
        lens: str,
        history: bool,
        limit: int,
        now: datetime | None,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
    ) -> WorldviewSlot | None:
        items = [i for i in self.text[slot_id] if self._at(i.seq, i.occurred_at, limit)]
        if not items:
            return None
        kind, key = slot_id.split(":", 1)[0], items[0].key
        cands = []
        for it in items:
            state = state_of(it.event_id, None if limit == 1 << 62 else limit)
            comps = self._score(
                {
                    "support": 0.6,
                    "provenance": trust(it.source),
                    "recency": self._recency(it.occurred_at, now),
                    "utility": self._utility(it.event_id, limit),
                    "commitment": COMMITMENT.get(state, 0.3),
                    "confirmation": 1.0 if source_key(it.source) == "user" else 0.0,
                    "contradiction": min(1.0, 0.5 * self._contradictions(it.event_id, limit)),
                    "inhibition": 1.0 if state in HIDDEN_STATES else 0.0,
                    "supersession": 0.0,
                    "staleness": 0.0,
                }
            )
            status: CandidateStatus = "active"
            if state in HIDDEN_STATES:
                status = state  # type: ignore[assignment]
            elif it.status == "failure":
                status = "failure"
            cands.append(
                WorldviewCandidate(
                    id=it.event_id,
                    value=it.value,
                    status=status,
                    score=comps.total,
                    components=comps,
                    valid_from=it.occurred_at,
                    evidence_ids=(it.event_id,),
                    sources=(it.source,),
                    lifecycle=state,
                )
            )
        if lens == "procedural":
            # Failure patterns are part of procedural knowledge: the lens shows them, marked
            # "[failure]" after what worked, never as the procedure to follow (nor credited
            # by an outcome as one).
            cands = [
                c.model_copy(update={"note": "failure pattern"}) if c.status == "failure" else c
                for c in cands
            ]
        # Newer text in the same slot supersedes older text (a later preference wins), and a
        # recompiled sleep item supersedes its earlier versions.
        general = kind == "preference" and slot_id.rsplit("/", 1)[-1] == "general"
        chains: list[list[WorldviewCandidate]]
        if kind in ("preference", "constraint"):
            chain = sorted(
                (c for c in cands if c.status == "active"),
                key=lambda c: (c.valid_from or datetime.min, c.id),
            )
            if general:
                # Preferences given without a keyword share this slot but not a topic: "answer
                # in French" and "keep it short" both hold. Only the same words said again
                # replace their earlier entry; a keyword names a slot where the later wins.
                by_text: dict[str, list[WorldviewCandidate]] = {}
                for c in chain:
                    by_text.setdefault(_words_of(c.value), []).append(c)
                chains = list(by_text.values())
            else:
                chains = [chain]
        else:
            # Every later version, in the order sleep wrote them, whatever became of it: a
            # forgotten or withdrawn latest version must not bring an older copy back.
            seqs = {it.event_id: it.seq for it in items}
            chains = [
                sorted((c for c in cands if c.sources == ("sleep",)), key=lambda c: seqs[c.id])
            ]
            # A how-to taught again replaces the earlier one, as a later preference does
            # (task outcomes stay side by side: each is one attempt).
            taught = {it.event_id for it in items if it.taught}
            chains.append(
                sorted(
                    (c for c in cands if c.id in taught and c.status == "active"),
                    key=lambda c: (c.valid_from or datetime.min, c.id),
                )
            )
        # Each entry holds the slot until the next one starts, so their spans never overlap
        # (and a text restored word for word is a new entry; the old one stays superseded).
        successor = {c.id: nxt for chain in chains for c, nxt in pairwise(chain)}
        if successor:
            cands = [
                self._superseded(c, successor[c.id])
                if c.id in successor and c.status == "active"
                else c
                for c in cands
            ]
        return self._resolve_slot(
            slot_id,
            kind,
            key,
            None,
            cands,
            multi=general or kind in ("procedure", "schema"),
            history=history,
            keep=("failure",) if lens == "procedural" else (),
        )

    def _superseded(self, c: WorldviewCandidate, by: WorldviewCandidate) -> WorldviewCandidate:
        comps = self._rescore(c.components, supersession=1.0)
        return c.model_copy(
            update={
                "status": "superseded",
                "valid_to": by.valid_from,
                "note": f"superseded by {by.id}",
                "components": comps,
                "score": comps.total,
            }
        )
