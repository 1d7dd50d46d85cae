"""The records the worldview projection folds: support rows (a revision or confirmation of a
value) and text items (a preference, procedure or constraint said as text), with the keys
of text slots.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, NamedTuple

from nousmem.projections.belief_models import source_key
from nousmem.projections.howto import taught
from nousmem.projections.lexical import date_label

__all__ = [
    "SLEEP_KEY_KINDS",
    "Sightings",
    "SupportRow",
    "TextItem",
    "ended_at",
    "slot_part",
    "text_item",
    "told_times",
    "unslot_part",
]


@dataclass(frozen=True, slots=True)
class SupportRow:
    """One revision or confirmation of a value. ``occurred_at`` dates it (its claim's time);
    ``counts_from``, when later, is when an event-time read starts counting it (a promoted
    held claim: its promotion's, see :class:`~.revision.RevisionOp`)."""

    seq: int
    occurred_at: datetime
    event_id: str
    source: str
    reliability: float
    polarity: str
    evidence_ids: tuple[str, ...]
    counts_from: datetime | None = None
    told: tuple[date, str] | None = None
    """When the claim itself said the value held or happened (its ``valid_at``) and how it
    said it ("2019"); None for a denial or a claim the content did not date."""
    ended: tuple[date, str] | None = None
    """For a denial said as a change ("I used to live in Lyon", "I worked at Acme until
    2020"), which says the value held before: when it stopped, as said ("until 2020"), else
    by the day it was said ("before 3 May 2024"); None for any other row."""

    @property
    def counted_at(self) -> datetime:
        """The event time from which an event-time read counts this row."""
        return self.occurred_at if self.counts_from is None else self.counts_from

    def with_seq(self, seq: int) -> SupportRow:
        """This row at ``seq``: a read of a refolded belief restamps every row of the slot,
        and ``dataclasses.replace`` costs several times this direct construction."""
        return SupportRow(
            seq,
            self.occurred_at,
            self.event_id,
            self.source,
            self.reliability,
            self.polarity,
            self.evidence_ids,
            self.counts_from,
            self.told,
            self.ended,
        )


class Sightings(NamedTuple):
    """What a slot's support rows say of each of its values, by value key (see
    :meth:`~.worldview.Worldview.sightings`)."""

    seen: dict[str, datetime]
    """When it was last asserted (revised or confirmed)."""
    told: dict[str, tuple[tuple[date, str], ...]]
    """When its claims said it held or happened."""
    denied: dict[str, datetime]
    """When it was last denied, for a value denied at or after its last assertion."""
    taken_back: frozenset[str] = frozenset()
    """The single values whose latest span a correction took back (see
    :class:`~.supersession.Retracted`): said, never held."""


def told_times(
    rows: Iterable[SupportRow], since: datetime | None = None
) -> tuple[tuple[date, str], ...]:
    """The times the rows' claims dated their value at, in the order they were said (a
    label said again counts where it was last said), from those said at or after ``since``
    (the value's latest span: not the time a value given up and taken again was first said
    to hold), if given."""
    said = sorted(
        (r for r in rows if r.told is not None and (since is None or r.occurred_at >= since)),
        key=_seq,
    )
    latest: dict[str, tuple[date, str]] = {}
    for r in reversed(said):
        if r.told is not None:
            latest.setdefault(r.told[1], r.told)
    return tuple(reversed(latest.values()))


def ended_at(said: datetime, told: tuple[date, str] | None) -> tuple[date, str]:
    """When a value denied as a change stopped holding, as :attr:`SupportRow.ended` gives
    it: the denial's own time ("until 2020"), else before the day it was said."""
    if told is not None:
        return told[0], f"until {told[1]}"
    return said.date(), f"before {date_label(said)}"


def _seq(r: SupportRow) -> int:
    return r.seq


@dataclass(frozen=True, slots=True)
class TextItem:
    slot_kind: str
    key: str
    value: str
    seq: int
    occurred_at: datetime
    event_id: str
    source: str
    status: str = "active"  # "failure" for failed task results
    taught: bool = False  # a how-to the user said (projections/howto.py)


SLEEP_KEY_KINDS = frozenset({"frame", "schema", "procedure", "conflict"})
"""Prefixes of the keys ``sleep`` compiles under (a planner's consolidations have others)."""

_SLOT_ESCAPES = str.maketrans({c: f"%{ord(c):02X}" for c in "%/.#:"})


def slot_part(text: str) -> str:
    """``text`` as one part of a text slot's key: the separators a slot id or a candidate id
    uses (``/ . # :``, and ``%`` itself) percent-escaped, so that parts joined with ``/``
    never read as another split ("team/alice" + "theme" vs "team" + "alice/theme")."""
    return text.translate(_SLOT_ESCAPES)


_ESCAPED = re.compile("%([0-9A-F]{2})")


def unslot_part(part: str) -> str:
    """The text :func:`slot_part` escaped (``"Dr%2E Who"`` -> ``"Dr. Who"``)."""
    return _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), part) if "%" in part else part


def text_item(p: Any, seq: int, occurred_at: datetime, event_id: str) -> TextItem | None:
    """The text slot item observation payload ``p`` feeds, if any: a ``user_preference``
    without claims (slot ``<owner>/<keyword>``), a ``task_result`` (a procedure, by
    ``metadata.task`` or its first keyword; ``metadata.outcome`` failure/failed/error marks
    a failure), a ``constraint`` (by its first keyword or its owner) or a how-to the user
    says ("To run the tests, use `make test`": a procedure by its purpose)."""
    owner = p.actor or p.source
    if p.type == "user_preference" and not p.claims:
        # The separators inside either part escaped: never the id of a belief slot
        # ("preference:alice.likes"), nor another owner's slot.
        key = f"{slot_part(owner)}/{slot_part(p.keywords[0] if p.keywords else 'general')}"
        return TextItem("preference", key, p.content, seq, occurred_at, event_id, p.source)
    if p.type == "task_result":
        meta = p.metadata if isinstance(p.metadata, dict) else {}
        key = str(meta.get("task") or (p.keywords[0] if p.keywords else "task"))
        failed = str(meta.get("outcome", "")).lower() in ("failure", "failed", "error")
        status = "failure" if failed else "active"
        return TextItem("procedure", key, p.content, seq, occurred_at, event_id, p.source, status)
    if p.type == "constraint":
        key = p.keywords[0] if p.keywords else owner
        return TextItem("constraint", key, p.content, seq, occurred_at, event_id, p.source)
    if source_key(p.source) == "user" and (how := taught(p.content)) is not None:
        return TextItem(
            "procedure", how.purpose, how.text, seq, occurred_at, event_id, p.source, taught=True
        )
    return None
