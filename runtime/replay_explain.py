"""Which later events can explain a replay's differences.

An event explains a difference when it touches a differing item or something that item
rests on (a compiled item's sources, the belief values an observation states, the claims
held from it), and more loosely when it is of a kind that can move a read of the present
without touching any differing item: new evidence shifts BM25 statistics, an edge or a
forget moves graph activation, a freed budget lets another snippet in. Naming a plausible
cause beside the real one is better than naming none.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from typing import Any

from nousmem.projections.belief_models import match_key
from nousmem.projections.worldview import slot_kind_for
from nousmem.runtime.audit_items import AUDIT_KINDS
from nousmem.runtime.projector import Projector

__all__ = ["EVIDENCE_KINDS", "EXPLAIN_CAP", "Explainer", "rests_on", "touched"]

EXPLAIN_CAP = 50
"""Explaining events kept per side of a report."""

NEW_KINDS = {
    "observation": "new indexed evidence",
    "belief.revised": "new indexed evidence",
    # Indexed (BM25 statistics, the relaxed query) and linked to its sources by
    # ``generalizes`` edges that feed graph activation.
    "sleep.compiled": "new compiled summary",
    "edge": "new graph edge",  # activation spreads: an edge moves more than its ends
}
"""What is new in memory: listed even when a replay has nothing to explain."""

PRESENT_KINDS = {
    **NEW_KINDS,
    # Hides an item, the observations that state only forgotten values and the compiled
    # items resting on it; moves activation and frees budget for other snippets.
    "lifecycle": "lifecycle change",
    "outcome": "outcome evidence",  # utility ranks candidates; success reinforces
    "candidate.held": "claim held for corroboration",
    "candidate.promoted": "held claim promoted",
    "identity.merged": "identity merge",
}
"""Kinds that can change a read of the present though they touch no differing item."""


def fact_line(cid: str) -> str | None:
    """The fact line (``fact:alice.employer``) a candidate id
    (``fact:alice.employer#google``) is a value of; None for anything else."""
    if "#" in cid and ":" in cid:
        return "fact:" + cid.split(":", 1)[1].rsplit("#", 1)[0]
    return None


def _entity_of(item: str) -> str | None:
    """The entity key of a fact line or candidate id (``fact:alice.employer#google``)."""
    _, sep, rest = item.partition(":")
    ekey, dot, _ = rest.split("#", 1)[0].rpartition(".")
    return ekey if sep and dot and ekey else None


def _value(entity: str, attribute: str, value: str) -> set[str]:
    ekey = match_key(entity)
    cid = f"{slot_kind_for(attribute)}:{ekey}.{attribute}#{match_key(value)}"
    return {f"fact:{ekey}.{attribute}", cid}


def touched(ev: Any, resolve: Callable[[str], str] = lambda t: t) -> set[str]:
    """Ids an event can change in a read: itself, what it targets (also as ``resolve``
    names it after a merge), the fact line of a targeted candidate, the line and candidate
    a belief revision or a held claim moves and their evidence, both ends of an edge, an
    outcome's targets and a compiled item's sources."""
    ids = {ev.id}
    p = ev.payload
    if p is None:
        return ids
    targets: list[str] = []
    if ev.kind == "belief.revised":
        ids |= _value(p.entity, p.attribute, p.value) | set(p.revision.evidence_ids)
    elif ev.kind == "candidate.held":
        ids |= _value(p.claim.entity, p.claim.attribute, p.claim.value) | set(p.evidence_ids)
    elif ev.kind == "candidate.promoted":
        ids |= set(p.candidate_ids) | set(p.revision_ids)
    elif ev.kind == "edge":
        ids.add(p.source)  # activation moves both ends of an edge
        if p.value is not None and p.target.startswith("belief:"):
            entity, _, attribute = p.target[len("belief:") :].rpartition("/")
            ids |= _value(entity, attribute, p.value)
    elif ev.kind == "sleep.compiled":
        ids |= set(p.sources)  # its generalizes edges feed activation to them
    elif ev.kind == "outcome":
        targets += p.targets
    target = getattr(p, "target", None)
    if isinstance(target, str):
        targets.append(target)
    for t in targets:
        for name in {t, resolve(t)}:
            ids.add(name)
            if (line := fact_line(name)) is not None:
                ids.add(line)
    return ids


def rests_on(proj: Projector, items: Iterable[str]) -> set[str]:
    """``items`` and, to any depth, what each rests on in the present projections: the
    sources of a compiled item or a delta, the belief values an observation or a compiled
    item states (under the entity's key then and now), the claims held from an observation
    and the line of a slot a conflict note is about. A later event touching any of them can
    have moved the item into or out of a read."""
    wv = proj.worldview
    out: set[str] = set()
    todo = list(items)
    while todo:
        item = todo.pop()
        if item in out:
            continue
        out.add(item)
        doc = proj.docs.get(item)
        if doc is not None:
            todo += doc.evidence_ids
        keys = [key for _, key in wv.stated.get(item, ())]
        basis = wv.compiled_items.get(item)
        if basis is not None:
            keys += basis.values
            if basis.conflict is not None:
                ekey, attr = basis.conflict
                out |= {f"fact:{k}.{attr}" for k in (ekey, wv.entity_key(ekey))}
        for ekey, attr, vkey in keys:
            out |= {f"{slot_kind_for(attr)}:{k}.{attr}#{vkey}" for k in (ekey, wv.entity_key(ekey))}
        out |= {cid for _, _, cid in proj.held_from.get(item, ())}
    return out


EVIDENCE_KINDS = frozenset(
    {"observation", "belief.revised", "candidate.promoted", "sleep.compiled"}
)
"""Events that bring evidence or content: touching a differing item, they moved it more surely
than a lifecycle change, an edge or a merge touching it (which hide, weigh or rename it)."""

_RANKS = 4  # erasures and evidence, other events, outcomes (touching an item); the rest


class Explainer:
    """Collects the events that can explain one side's differences, ranked by how likely
    each is to have moved a differing item: erasures and new evidence touching a differing
    item (:data:`EVIDENCE_KINDS`) first, then the other events touching one (a lifecycle
    change, an edge, a merge, ...), then outcomes touching one (they only move its utility or
    lifecycle), then events of a kind that can move a read without touching any. Over
    :data:`EXPLAIN_CAP` the best ranked are kept, the latest of equal rank (a later event
    overrides an earlier one on the same item): a run of new observations or of a
    conversation's own feedback must not crowd the cause out. A lifecycle change that a later
    one on the same target overrides (the recorded state is the latest transition's) goes
    before any of them: forty inhibit/restore cycles leave one row that can crowd nothing out.

    ``present``: the side compares with a read of the present, which every kind in
    :data:`PRESENT_KINDS` can move; the replay at the recorded position lists only what is
    new beside what touches a differing item."""

    def __init__(
        self,
        items: set[str],
        *,
        audit: bool,
        present: bool = False,
        resolve: Callable[[str], str] = lambda t: t,
    ) -> None:
        self.items = items
        self.entities = {e for e in map(_entity_of, items) if e is not None}
        self.audit = audit
        self.kinds = PRESENT_KINDS if present else NEW_KINDS
        self.resolve = resolve
        # By rank, the latest EXPLAIN_CAP rows (by key: an event id, or a lifecycle target
        # for its latest transition); only those can ever be kept.
        self.ranked: tuple[OrderedDict[str, dict[str, Any]], ...] = tuple(
            OrderedDict() for _ in range(_RANKS)
        )
        # Lifecycle changes a later one on the same target overrode: kept last of all.
        self.overridden: deque[dict[str, Any]] = deque(maxlen=EXPLAIN_CAP)

    def _touches(self, ev: Any) -> bool:
        if touched(ev, self.resolve) & self.items:
            return True
        p = ev.payload
        if ev.kind == "identity.merged" and p is not None:
            return bool({match_key(p.keep), match_key(p.absorb)} & self.entities)
        return False

    def _add(self, rank: int, ev: Any, why: str) -> None:
        row = {"seq": ev.seq, "id": ev.id, "kind": ev.kind, "why": why}
        key = ev.id
        if ev.kind == "lifecycle" and ev.payload is not None:
            key = "lifecycle:" + self.resolve(ev.payload.target)
            for kept in self.ranked:
                if (before := kept.pop(key, None)) is not None:
                    self.overridden.append(before)
        kept = self.ranked[rank]
        kept[key] = row
        if len(kept) > EXPLAIN_CAP:
            kept.popitem(last=False)

    def offer(self, ev: Any) -> None:
        """Consider one later event (in journal order)."""
        if ev.kind == "outcome" and ev.payload is not None and ev.payload.outcome == "neutral":
            return  # adds no utility and reinforces nothing: it cannot move any read
        if ev.kind == "erasure":
            self._add(0, ev, "erasure")
        elif self._touches(ev):
            rank = 0 if ev.kind in EVIDENCE_KINDS else 2 if ev.kind == "outcome" else 1
            self._add(rank, ev, "touches a differing item")
        elif ev.kind in self.kinds:
            self._add(3, ev, self.kinds[ev.kind])
        elif self.audit and ev.kind in AUDIT_KINDS:
            self._add(3, ev, "new audit record")

    def result(self) -> tuple[dict[str, Any], ...]:
        """The rows kept (the best ranked, the latest of equal rank), in journal order."""
        rows: list[dict[str, Any]] = []
        for rank in (*(list(r.values()) for r in self.ranked), list(self.overridden)):
            room = EXPLAIN_CAP - len(rows)
            if room > 0:
                rows += sorted(rank, key=lambda r: int(r["seq"]))[-room:]
        return tuple(sorted(rows, key=lambda r: int(r["seq"])))
