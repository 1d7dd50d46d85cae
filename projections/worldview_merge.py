"""Entity merges in the worldview: what was recorded about the absorbed entity's beliefs
carries over to the kept entity's slots, visible from the merge's seq and event time on.

The worldview's records (support rows, supersessions, held claims, utility, contradictions)
and the lifecycle of belief candidates are keyed by entity. An accepted merge copies the
absorbed entity's records to the kept entity's keys, each copy carrying the merge's seq and
the original's event time. A read at or after the merge then finds them on the kept slot,
and a read before it, as of a seq or an event time (the merge's own, not the copies'), sees
both entities exactly as they were: the copies are not visible yet and the originals stay
where they were. It is a fold of the merge event like any
other, so a rebuild carries the same rows over. Later events naming the absorbed entity
(its name in a claim, its candidate id in a forget or an outcome) are keyed to the kept
entity as they are folded.

Mixed into :class:`~nousmem.projections.worldview.Worldview`, whose state it extends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from nousmem.projections.belief_models import match_key
from nousmem.projections.lifecycle import HIDDEN, LADDER, LifecycleBook
from nousmem.projections.slot_kinds import Key, slot_kind_for
from nousmem.projections.supersession import Sup, carry, note_change
from nousmem.projections.worldview_items import SupportRow

BELIEF_KINDS = frozenset({"fact", "preference"})
"""Slot kinds whose candidate ids (``kind:entity.attribute#value``) name an entity."""

# The verb that puts a candidate in each state (a carried state is recorded under it).
_VERB_TO = {
    "inhibited": "inhibit",
    "obsolete": "invalidate",
    "archived": "archive",
    "compressed": "compress",
    "captured": "capture",
    "linked": "link",
    "reinforced": "reinforce",
    "mature": "reinforce",
    "core": "reinforce",
}

Moved = list[tuple[str, str]]
"""(absorbed entity's candidate id, kept entity's candidate id) of every value carried over."""


def canonical_candidate(target: str) -> str:
    """A belief candidate id with its keys as :func:`match_key` makes them now: an id a
    lifecycle or outcome event recorded before keys were NFKC-normalised ("José" with a
    combining accent) names the candidate a read looks up. Anything else unchanged."""
    kind, sep, rest = target.partition(":")
    if not sep or kind not in BELIEF_KINDS or rest.isascii():
        return target
    return f"{kind}:{match_key(rest)}"


def rekey(target: str, aliases: Mapping[str, str]) -> str:
    """``target`` with an absorbed entity's key replaced by the kept one's, when it is a
    belief candidate id naming an absorbed entity; anything else unchanged."""
    kind, sep, rest = target.partition(":")
    if not sep or kind not in BELIEF_KINDS:
        return target
    # Entity keys and values may hold dots: try the longest entity key first.
    cut = len(rest)
    while (cut := rest.rfind(".", 0, cut)) > 0:
        kept = aliases.get(rest[:cut])
        if kept is not None:
            return f"{kind}:{kept}{rest[cut:]}"
    return target


def visible(
    seq: int, t: datetime, limit: int, until: datetime | None, merged_at: Mapping[int, datetime]
) -> bool:
    """Whether a worldview record at ``seq`` / event time ``t`` shows in a read as of
    ``limit`` and ``until``. A copy a merge carried over keeps the original's event time for
    its dates, so it also waits for the merge's own (``merged_at``, by the merge's seq)."""
    if seq > limit:
        return False
    if until is None:
        return True
    merged = merged_at.get(seq)
    return t <= until and (merged is None or merged <= until)


def carry_lifecycle(
    book: LifecycleBook, moved: Moved, *, seq: int, occurred_at: datetime, event_id: str
) -> None:
    """A forgotten value stays forgotten through a merge, and a reinforced one stays
    reinforced: the kept entity's candidate takes the absorbed one's state when that is
    hidden (inhibited, obsolete, ...) or further up the maturity ladder, by a transition
    recorded at the merge (so ``restore`` on the kept candidate undoes a carried hiding).
    A kept candidate that is hidden itself stays as it is."""
    for old, new in moved:
        state, mine = book.state(old), book.state(new)
        if mine in HIDDEN or state == mine:
            continue
        if state not in HIDDEN and LADDER.index(state) <= LADDER.index(mine):
            continue
        book.apply(
            new,
            _VERB_TO[state],
            state,
            seq=seq,
            occurred_at=occurred_at,
            event_id=event_id,
            reason=f"carried over by a merge: {old} was {state}",
        )


class MergeCarry:
    """Merge folding over the worldview's recorded state."""

    support: dict[Key, list[SupportRow]]
    superseded: dict[Key, list[Sup]]
    held: dict[Key, list[tuple[int, str, str, datetime]]]
    utility: dict[str, list[tuple[int, datetime, float]]]
    contradicted: dict[str, list[tuple[int, datetime, str]]]
    aliases: dict[str, str]  # absorbed entity key -> the live key it resolves to
    # absorbed key -> (merge seq, merge event time, key it took), in journal order
    alias_log: dict[str, list[tuple[int, datetime | None, str]]]
    merged_at: dict[int, datetime]  # merge seq -> its event time

    def key_at(self, key: str, limit: int, until: datetime | None = None) -> str:
        """The key an entity key resolved to as of journal position ``limit`` and event time
        ``until``: itself before any merge absorbed it, the kept entity's after."""
        to = key
        for seq, when, kept in self.alias_log.get(key, ()):
            # Each later entry re-points a chain this one started: none holds without it.
            if seq > limit or (until is not None and when is not None and when > until):
                break
            to = kept
        return to

    def visible(self, seq: int, t: datetime, limit: int, until: datetime | None) -> bool:
        """See :func:`visible`."""
        return visible(seq, t, limit, until, self.merged_at)

    def entity_key(self, entity: str) -> str:
        """The key records about ``entity`` are kept under (the kept entity's after a merge)."""
        key = match_key(entity)
        return self.aliases.get(key, key)

    def resolve_target(self, target: str) -> str:
        """A belief candidate id naming an absorbed entity as the kept entity's candidate,
        in the key form of today (see :func:`canonical_candidate`)."""
        target = canonical_candidate(target)
        return rekey(target, self.aliases) if self.aliases else target

    def resolve_targets(self, targets: Iterable[str]) -> list[str]:
        return [self.resolve_target(t) for t in targets]

    def absorbed_candidates(self, target: str) -> list[str]:
        """The candidate ids of the same value on the entities merged into ``target``'s (a
        belief candidate id of today), in the order they were absorbed: the lifecycle
        records made before a merge stay under those ids."""
        kind, sep, rest = target.partition(":")
        if not sep or kind not in BELIEF_KINDS:
            return []
        out = []
        for gone, kept in self.aliases.items():
            if rest.startswith(f"{kept}."):
                old = f"{kind}:{gone}{rest[len(kept) :]}"
                # Entity keys may hold dots: only an id that really names that entity.
                if rekey(old, self.aliases) == target:
                    out.append(old)
        return out

    def on_merged_modes(
        self,
        keep: str,
        held: Sequence[tuple[str, str]],
        now: Mapping[str, str | None],
        *,
        seq: int,
        occurred_at: datetime,
    ) -> None:
        """After the merge at ``seq``: each single value a side held (``held``: attribute,
        value) that the merged belief does not (``now``: attribute -> mode) lost the slot
        at the merge, to the merged mode (see :func:`~.supersession.note_change`)."""
        ekey = self.entity_key(keep)
        keys = {(a, match_key(v)) for a, v in held}
        for attr, value in held:
            after = now.get(attr)
            note_change(
                self.superseded,
                lambda v, a=attr: (ekey, a, match_key(v)),  # type: ignore[misc]
                seq,
                occurred_at,
                value,
                after,
                kept=after is not None and (attr, match_key(after)) in keys,
            )

    def on_merged(
        self, keep: str, absorb: str, *, seq: int, occurred_at: datetime | None = None
    ) -> Moved:
        """Carry ``absorb``'s records over to ``keep``'s keys at ``seq`` (the merge dated
        ``occurred_at``; None: undated); returns the candidate ids carried over (for the
        lifecycle, see :func:`carry_lifecycle`)."""
        kept, gone = self.entity_key(keep), self.entity_key(absorb)
        if kept == gone:
            return []
        if occurred_at is not None:
            self.merged_at[seq] = occurred_at
        for k, v in self.aliases.items():
            if v == gone:
                self.aliases[k] = kept
                self.alias_log.setdefault(k, []).append((seq, occurred_at, kept))
        self.aliases[gone] = kept
        self.alias_log.setdefault(gone, []).append((seq, occurred_at, kept))
        moved: Moved = []
        for key in [k for k in self.support if k[0] == gone]:
            _, attr, vkey = key
            rows = [replace(r, seq=seq) for r in self.support[key]]
            self.support.setdefault((kept, attr, vkey), []).extend(rows)
            kind = slot_kind_for(attr)
            moved.append((f"{kind}:{gone}.{attr}#{vkey}", f"{kind}:{kept}.{attr}#{vkey}"))
        for key in [k for k in self.superseded if k[0] == gone]:
            carry(self.superseded.setdefault((kept, key[1], key[2]), []), self.superseded[key], seq)
        for key in [k for k in self.held if k[0] == gone]:
            rows_h = [(seq, hid, v, t) for _, hid, v, t in self.held[key]]
            self.held.setdefault((kept, key[1], key[2]), []).extend(rows_h)
        for old, new in moved:
            if old in self.utility:
                self.utility.setdefault(new, []).extend(
                    (seq, t, d) for _, t, d in self.utility[old]
                )
            if old in self.contradicted:
                self.contradicted.setdefault(new, []).extend(
                    (seq, t, s) for _, t, s in self.contradicted[old]
                )
        return moved
