"""What an erasure reaches: the closure of its seeds and the records that name erased values.

Beliefs, worldview candidates and the records about them are keyed by entity, and an entity
merge changes which key a name resolves to from its seq on. Revisions keep the name their
claim used, while reads, forgets, outcomes and edges name the candidate the worldview showed
at the time (the kept entity's after a merge). Every match here therefore compares entity
keys as resolved at the position of the record being matched (:class:`MergeLog`), never the
raw names.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any, NamedTuple

from nousmem.projections.belief_models import Revision, match_key
from nousmem.projections.worldview import slot_kind_for
from nousmem.projections.worldview_merge import BELIEF_KINDS, canonical_candidate
from nousmem.runtime.erasure_reads import _NotesIndex, quotes_turn, read_notes
from nousmem.runtime.forget_asked import FORGET_REQUEST

Dim = tuple[str, str]
"""(entity key, attribute)."""


class MergeLog:
    """The namespace's entity merges: the key a name resolves to at any journal position."""

    def __init__(self, events: Sequence[Any]) -> None:
        # A merge the erasure itself removes still counts: the records written after it
        # named the kept entity.
        self._into: dict[str, tuple[str, int]] = {}  # absorbed key -> (key it joined, seq)
        for e in events:
            p = e.payload
            if e.kind == "identity.merged" and p is not None:
                kept, gone = self.key_at(match_key(p.keep)), self.key_at(match_key(p.absorb))
                if kept != gone:
                    self._into[gone] = (kept, e.seq)

    @property
    def merges(self) -> bool:
        """Whether any merge moved a name."""
        return bool(self._into)

    def key_at(self, key: str, seq: int | None = None) -> str:
        """``key`` as resolved by the merges up to ``seq`` (all of them when None)."""
        # Chains only move forward in seq: a merge needs two live keys.
        while key in self._into:
            to, at = self._into[key]
            if seq is not None and at > seq:
                break
            key = to
        return key

    def group(self, key: str) -> set[str]:
        """Every key that names the same entity as ``key`` once all merges are folded."""
        root = self.key_at(key)
        return {root} | {k for k in self._into if self.key_at(k) == root}


class Redo(NamedTuple):
    """A revision the erasure journals again (``rederived=True``) at the end of the chain."""

    seq: int
    """Where its claim entered the journal: the original revision's, or the confirmation's."""
    revision: Revision
    valid_at: date | None
    occurred_at: datetime
    causation_id: str | None
    valid_label: str | None = None
    """``valid_at`` as the content said it (see :mod:`~.valid_time`); a confirmation's claim
    has none."""


def closure(events: Sequence[Any], seeds: set[str], log: MergeLog) -> tuple[set[str], set[Dim]]:
    """Seeds plus everything caused by them or citing them as evidence, transitively, plus
    later revisions of every belief dimension they touched (returned too, with every key
    that names the same entity)."""
    out = set(seeds)
    dims: set[Dim] = set()
    for e in events:  # journal order: causes come before effects
        p = e.payload
        if p is not None and e.kind == "identity.merged":
            # From here on the two entities' beliefs are one: later revisions of either
            # quote priors built from the other's evidence.
            gone = log.key_at(match_key(p.absorb), e.seq - 1)
            kept = log.key_at(match_key(p.keep), e.seq - 1)
            dims |= {(kept, a) for k, a in dims if k == gone}
        if p is None or (e.id in out and e.kind != "belief.revised"):
            continue
        cited: set[str] = set()
        if e.kind == "belief.revised":
            cited = set(p.revision.evidence_ids)
        elif e.kind in ("candidate.held",):
            cited = set(p.evidence_ids)
        elif e.kind == "candidate.promoted":
            cited = set(p.candidate_ids) | {p.corroborated_by}
        elif e.kind == "sleep.compiled":
            cited = set(p.sources)
        # A request to forget holds none of its words in the invalidation it caused: erasing
        # the words does not take the request back.
        asked = e.kind == "lifecycle" and p.reason == FORGET_REQUEST
        derived = (e.causation_id in out and not asked) or bool(cited & out) or e.id in out
        if not derived and e.kind in QUOTES_PRIOR:
            # Later assessments, questions and held candidates quote the touched beliefs'
            # priors (a held claim's reason names the established value it was gated on).
            derived = any(
                (log.key_at(match_key(c.entity), e.seq), c.attribute) in dims
                for c in quoted_claims(e)
            )
        if e.kind == "belief.revised":
            dim = (log.key_at(match_key(p.revision.entity), e.seq), p.revision.attribute)
            if derived:
                dims.add(dim)
            elif dim in dims:
                derived = True  # its prior was computed from erased evidence
        elif e.kind == "dimension.compressed" and not derived:
            # Its entropy was measured on the erased evidence.
            derived = (log.key_at(match_key(p.entity), e.seq), p.attribute) in dims
        if derived:
            out.add(e.id)
    # An erased sleep summary took the place of its earlier versions (superseded, kept for
    # the history): they go with it, or the older copy would be current again.
    last: dict[str, int] = {}
    for e in events:
        if e.id in out and e.kind == "sleep.compiled" and e.payload is not None:
            last[e.payload.key] = e.seq
    for e in events:
        p = e.payload
        if e.kind == "sleep.compiled" and p is not None and e.seq < last.get(p.key, -1):
            out.add(e.id)
    # Claims appended later may use any name of the entity.
    return out, {(k, a) for key_, a in dims for k in log.group(key_)}


QUOTES_PRIOR = frozenset({"impact.assessed", "clarify.requested", "candidate.held"})
"""Kinds that quote the prior of each belief their claims name."""


def quoted_claims(e: Any) -> list[Any]:
    """The claims whose beliefs' priors a record of a :data:`QUOTES_PRIOR` kind quotes."""
    p = e.payload
    if e.kind == "impact.assessed":
        return [c.claim for c in p.assessment.claims]
    if e.kind == "clarify.requested":
        return list(p.claims)
    if e.kind == "candidate.held":
        return [p.claim]
    return []


def rederive_plan(events: Sequence[Any], targets: set[str]) -> list[Any]:
    """Erased revisions whose own evidence survives: they are re-journaled, re-derived."""
    return [
        e
        for e in events
        if e.id in targets
        and e.kind == "belief.revised"
        and e.payload is not None
        and e.payload.revision.evidence_ids
        and not set(e.payload.revision.evidence_ids) & targets
        and e.causation_id not in targets
    ]


# (attribute, value key) -> (seq, entity key) of each record that states it
_Stated = dict[tuple[str, str], list[tuple[int, str]]]


def _stated(rows: Iterable[tuple[int, str, str, str]]) -> _Stated:
    out: _Stated = {}
    for seq, entity, attribute, value in rows:
        out.setdefault((attribute, match_key(value)), []).append((seq, match_key(entity)))
    return out


def confirmation(e: Any) -> tuple[str, str] | None:
    """(entity, attribute) of a ``supports`` edge that confirmed a belief value."""
    p = e.payload
    if e.kind != "edge" or p is None or p.relation != "supports" or p.value is None:
        return None
    if not p.target.startswith("belief:"):
        return None
    entity, _, attribute = p.target[len("belief:") :].rpartition("/")
    return (entity, attribute) if entity and attribute else None


def references(
    events: Sequence[Any],
    targets: set[str],
    redos: Sequence[Redo],
    log: MergeLog,
    quoted: tuple[tuple[str, ...], tuple[str, ...]],
) -> tuple[set[str], set[str]]:
    """Lifecycle, edge, outcome and read records that name an erased event, or a belief value
    that only erased evidence supported when they were written: they would quote the erased
    content (and the policy records that quote such a forget or cite an erased event). Also
    the candidate ids such a value has now, under every name of its entity (what a record
    appended meanwhile would have to name)."""
    erased_rows: list[tuple[int, str, str, str]] = []
    kept_rows = [(r.seq, r.revision.entity, r.revision.attribute, r.revision.value) for r in redos]
    for e in events:
        p = e.payload
        if p is None:
            continue
        if e.kind == "belief.revised":
            r = p.revision
            row = (e.seq, r.entity, r.attribute, r.value)
            (erased_rows if e.id in targets else kept_rows).append(row)
        elif e.id not in targets and (dim := confirmation(e)) is not None:
            kept_rows.append((e.seq, dim[0], dim[1], p.value))
    erased, kept = _stated(erased_rows), _stated(kept_rows)

    def stated(rows: list[tuple[int, str]], key: str, at: int | None) -> bool:
        if at is None:
            return any(log.key_at(k) == key for _, k in rows)
        return any(seq < at and log.key_at(k, at) == key for seq, k in rows)

    def dead(cid: str, at: int) -> bool:
        # An id recorded before keys were NFKC-normalised names today's candidate.
        kind, sep, rest = canonical_candidate(cid).partition(":")
        if not sep or kind not in BELIEF_KINDS:
            return False
        # Entity keys and values may hold dots: try every split (attributes have none).
        for i, ch in enumerate(rest):
            if ch != ".":
                continue
            attribute, hash_, value = rest[i + 1 :].partition("#")
            rows = erased.get((attribute, value))
            if not hash_ or not rows:
                continue
            key = log.key_at(rest[:i], at)
            if stated(rows, key, at) and not stated(kept.get((attribute, value), []), key, at):
                return True
        return False

    now: set[str] = set()
    for (attribute, value), rows in erased.items():
        for root in {log.key_at(k) for _, k in rows}:
            if not stated(kept.get((attribute, value), []), root, None):
                kind = slot_kind_for(attribute)
                now |= {f"{kind}:{k}.{attribute}#{value}" for k in log.group(root)}
    # Every candidate id an erased value has under any name of its entity (but a value
    # surviving evidence stated before any erased claim, with no merges to move names, is
    # never erased content), and (to tell "#google" from "#google deepmind") every id a kept
    # value has.
    first_kept = {dim: min(seq for seq, _ in rows) for dim, rows in kept.items()}
    maybe = {
        dim: rows
        for dim, rows in erased.items()
        if log.merges or dim not in first_kept or min(s for s, _ in rows) < first_kept[dim]
    }
    notes_index = _NotesIndex(_candidate_ids(maybe, log), _candidate_ids(kept, log))
    # Entities (and linked names) only erased evidence named, by their keys now.
    gone = {log.key_at(k) for rows in erased.values() for _, k in rows} | {
        log.key_at(v) for _, v in erased
    }
    gone -= {log.key_at(k) for rows in kept.values() for _, k in rows} | {
        log.key_at(v) for _, v in kept
    }
    erased_texts, quarantined = quoted
    found: set[str] = set()
    for e in events:
        p = e.payload
        if p is None or e.id in targets:
            continue
        if e.kind in ("lifecycle", "lifecycle.refused"):
            named = {p.target}
        elif e.kind == "edge":
            named = {p.source, p.target}
        elif e.kind == "outcome":
            named = set(p.targets)
        elif e.kind == "retrieval":
            if quotes_turn(p.question, erased_texts, quarantined):
                found.add(e.id)
                continue
            # Why it suppressed what (and graph activation's paths) may name a candidate,
            # "fact:alice.location#rome is inhibited": one whose value only erased evidence
            # stated at that point quotes erased content.
            notes = unicodedata.normalize("NFKC", read_notes(p))  # ids in any key form
            if any(dead(c, e.seq) for c in notes_index.named_in(notes)):
                found.add(e.id)
                continue
            # The relative its "my brother" meant ("Sara"), when only erased evidence
            # named them, is erased content too.
            relatives = p.plan.get("relatives") or ()
            if any(
                isinstance(r, str) and log.key_at(match_key(r), e.seq) in gone for r in relatives
            ):
                found.add(e.id)
                continue
            # A fact line's id names its entity ("fact:sara.location", reached through a
            # link): one only erased evidence named is erased content.
            lines = [*p.selected, *(c.get("id") for c in p.candidates if isinstance(c, dict))]
            if any(isinstance(i, str) and _names(i, gone, log, e.seq) for i in lines):
                found.add(e.id)
                continue
            # The worldview candidate ids it showed carry the value they name.
            named = set(p.worldview)
        else:
            continue
        if named & targets or any(dead(n, e.seq) for n in named):
            found.add(e.id)
    # A planner's policy record quotes every part of the policy: the claims it wrote, the
    # ids they cite, its forget targets and its clusters. It goes when it cites an erased
    # event or when one of its forgets had to go (it named a value only erased evidence
    # held). What the policy did is judged record by record above, not undone with it.
    forgets = {e.causation_id for e in events if e.id in found and e.kind in _FORGETS}
    for e in events:
        if e.kind == "policy.committed" and e.payload is not None and e.id not in targets:
            if e.id in forgets or _policy_cites(e.payload.policy) & targets:
                found.add(e.id)
    return found, now


_FORGETS = frozenset({"lifecycle", "lifecycle.refused"})


def _names(cid: str, gone: set[str], log: MergeLog, at: int) -> bool:
    """Whether belief slot or candidate id ``cid`` ("fact:sara.location") names an entity
    of ``gone`` (as of ``at``)."""
    kind, sep, rest = canonical_candidate(cid).partition(":")
    if not sep or kind not in BELIEF_KINDS:
        return False
    rest = rest.partition("#")[0]
    # Entity keys may hold dots: try every split (attributes have none).
    return any(ch == "." and log.key_at(rest[:i], at) in gone for i, ch in enumerate(rest))


def _candidate_ids(stated: dict[tuple[str, str], list[tuple[int, str]]], log: MergeLog) -> set[str]:
    """Belief candidate ids of ``stated``'s values under every name of their entities."""
    out: set[str] = set()
    for (attribute, value), rows in stated.items():
        kind = slot_kind_for(attribute)
        for root in {log.key_at(k) for _, k in rows}:
            out |= {f"{kind}:{k}.{attribute}#{value}" for k in log.group(root)}
    return out


def _policy_cites(policy: dict[str, Any]) -> set[str]:
    """Every id or target a journaled policy names (it is stored as JSON, redacted)."""
    out: set[str] = set()
    for w in policy.get("writes") or ():
        out.update(w.get("evidence_ids") or ())
    for f in policy.get("forget") or ():
        out.update(f.get("targets") or ())
    for c in policy.get("consolidate") or ():
        for cluster in c.get("clusters") or ():
            out.update(cluster)
    return {x for x in out if isinstance(x, str)}
