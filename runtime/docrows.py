"""What the read path and the lexical index see of an event: its doc row and index text.

Live folds and rebuilds share these definitions, so a rebuilt index and doc table equal the
live ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from nousmem.projections.excerpt import segments
from nousmem.projections.lexical import date_label, observation_doc, revision_doc
from nousmem.projections.token_estimate import (
    class_units,
    count_tokens,
    token_classes,
    token_units,
    units_to_tokens,
)

__all__ = [
    "DOC_KINDS",
    "DocRow",
    "doc_text",
    "observation_lead",
    "render_observation",
    "time_notes",
]


@dataclass(frozen=True, slots=True)
class DocRow:
    """What the read path needs to render an event as a snippet."""

    event_id: str
    seq: int
    kind: str
    text: str
    occurred_at: datetime
    ref: str | None
    actor: str | None
    evidence_ids: tuple[str, ...] = ()
    obs_type: str | None = None
    notes: int = 0
    """Characters of the time notes ``(yesterday = 7 May 2023)`` that end ``text``."""
    lead: int = 0
    """Characters of the ``[8 May 2023] Caroline: `` (or ``(tool:search) ``) that open
    ``text``, for observations (see :func:`observation_lead`)."""
    # Caches, not part of the row's identity: see ``cost`` and ``bare_cost``.
    tokens: int = field(default=0, compare=False)
    bare_tokens: int = field(default=0, compare=False)
    parts: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    framing: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    @property
    def cost(self) -> int:
        """What the rendered ``- text`` line costs in a prompt.

        Counted the first time a read needs it (with ``bare_cost`` and ``frame_units``):
        most rows never become a candidate, and counting every row cost a seventh of the
        time it takes to open a journal.
        """
        if not self.tokens:
            self._count()
        return self.tokens

    @property
    def bare_text(self) -> str:
        """``text`` without its time notes."""
        return self.text[: len(self.text) - self.notes]

    @property
    def bare_cost(self) -> int:
        """What the ``- bare_text`` line costs (counted when first needed, like ``cost``)."""
        if not self.tokens:
            self._count()
        return self.bare_tokens if self.notes else self.tokens

    def frame_units(self, bare: bool) -> int:
        """The units (:func:`~nousmem.projections.token_estimate.token_units`) of what every
        excerpt of the row keeps around its cut: the line's ``- `` and the ``lead``, and
        unless ``bare`` the time notes. Counted once. They join the cut at spaces, so a
        line's units are these plus the cut's."""
        if self.framing is None:
            self._count()
        assert self.framing is not None
        return self.framing[0] + (0 if bare else self.framing[1])

    def _count(self) -> None:
        """Fill ``tokens``, ``bare_tokens`` and ``framing`` together.

        A read that needs one of them needs the others soon after (a candidate is costed,
        then packed or cut). The line, its bare line, its lead and its notes are slices of
        one ``- text``, so one :func:`~nousmem.projections.token_estimate.token_classes` serves
        all four (~5.6 µs a row against ~10.3 counting each text on its own).
        """
        line = "- " + self.text
        cut = len(line) - self.notes
        classes = token_classes(line)
        if classes is None:  # a character the table leaves out: each text on its own
            tokens = count_tokens(line)
            bare = count_tokens(line[:cut]) if self.notes else 0
            lead = token_units(line[: 2 + self.lead])
            notes = token_units(line[cut:]) if self.notes else 0
        else:
            tokens = units_to_tokens(class_units(classes))
            bare = units_to_tokens(class_units(classes[:cut])) if self.notes else 0
            lead = class_units(classes[: 2 + self.lead])
            notes = class_units(classes[cut:]) if self.notes else 0
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "bare_tokens", bare)
        object.__setattr__(self, "framing", (lead, notes))

    @property
    def segments(self) -> tuple[str, ...]:
        """What ``bare_text`` says after its ``lead``, split for excerpts (once, when a read
        first needs it; an erased row takes it along)."""
        if self.parts is None:
            object.__setattr__(self, "parts", segments(self.bare_text[self.lead :]))
        assert self.parts is not None
        return self.parts


def time_notes(p: Any, times: Any = None) -> str:
    """`` (yesterday = 7 May 2023)``: what the observation's time expressions resolve to
    (``times``: only these of them)."""
    times = p.times if times is None else times
    if not times:
        return ""
    notes = [f"{t.text} = {t.label}" for t in times if t.text.casefold() != t.label.casefold()]
    return " (" + "; ".join(notes) + ")" if notes else ""


def render_observation(
    p: Any, occurred_at: datetime, notes: str | None = None, lead: str | None = None
) -> str:
    """``[8 May 2023] Caroline: text (yesterday = 7 May 2023)``: dates on every item.

    ``notes`` is ``time_notes(p)`` and ``lead`` ``observation_lead(p, occurred_at)`` when the
    caller has them already.
    """
    text = p.content
    caption = p.metadata.get("caption") if isinstance(p.metadata, dict) else None
    if isinstance(caption, str) and caption not in text:
        text += f" [image: {caption}]"
    if notes is None:
        notes = time_notes(p)
    if lead is None:
        lead = observation_lead(p, occurred_at)
    return f"{lead}{text}{notes}"


def observation_lead(p: Any, occurred_at: datetime) -> str:
    """``[8 May 2023] Caroline: ``: the date and who said it (the source when no actor did,
    unless it is the user), as :func:`render_observation` opens the text."""
    who = f"{p.actor}: " if p.actor else (f"({p.source}) " if p.source != "user" else "")
    return f"[{date_label(occurred_at)}] {who}"


DOC_KINDS = frozenset({"observation", "belief.revised", "sleep.compiled"})
"""The kinds :func:`doc_text` gives index text."""


def doc_text(kind: str, payload: Any, occurred_at: datetime) -> str | None:
    """What the lexical index holds for an event: the one definition live writes and
    rebuilds share, so the index after a rebuild equals the live one."""
    if payload is None:
        return None
    if kind == "observation":
        return observation_doc(payload, occurred_at)
    if kind == "belief.revised":
        return revision_doc(payload)
    if kind == "sleep.compiled":
        return str(payload.summary)
    return None
