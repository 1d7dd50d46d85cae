"""How a read record quotes erased content: its question and its notes.

A read (``retrieval``) record keeps the question it was asked and notes on what it
suppressed and activated. Its question may hold an erased turn whole (:func:`quoted_texts`,
:func:`quotes_turn`); its notes (:func:`read_notes`) may name a belief candidate whose value
only erased evidence stated (:class:`_NotesIndex` finds which). Split from
``erasure_plan.py``, which decides what such a match makes the erasure reach.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import Any

from nousmem.policies.risk import detect_risks, mask_secrets, redact
from nousmem.projections.worldview_merge import BELIEF_KINDS

_KIND_AT = re.compile(r"\b(?:" + "|".join(sorted(BELIEF_KINDS)) + r"):")


class _NotesIndex:
    """Finds which of ``cands`` a read's notes name whole: an occurrence that starts a
    longer known id ("fact:alice.employer#google deepmind") names that one. Ids are looked
    up by their head ("fact:alice.employer#"), so a read pays only for the heads it holds."""

    def __init__(self, cands: set[str], kept: set[str]) -> None:
        self.by_head: dict[str, list[str]] = {}
        for c in cands:
            self.by_head.setdefault(c[: c.index("#") + 1], []).append(c)
        known = sorted(cands | kept)
        self.longer: dict[str, list[str]] = {}
        for c in cands:
            i = bisect.bisect_right(known, c)
            ext = []
            while i < len(known) and known[i].startswith(c):
                ext.append(known[i])
                i += 1
            self.longer[c] = ext

    def named_in(self, text: str) -> set[str]:
        out: set[str] = set()
        if not self.by_head:
            return out
        for m in _KIND_AT.finditer(text):
            start = m.start()
            end = text.find("#", start)
            ids = self.by_head.get(text[start : end + 1]) if end >= 0 else None
            for c in ids or ():
                if text.startswith(c, start) and not any(
                    text.startswith(o, start) for o in self.longer[c]
                ):
                    out.add(c)
        return out


def read_notes(p: Any) -> str:
    """The text of a read record that may name belief candidates besides its worldview:
    its suppressions with their reasons and graph activation's record, every string as
    it is (not as JSON, which would escape a value's quotes), one per line."""
    return "\n".join(_strings([list(p.suppressed), p.activation]))


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def quoted_texts(
    events: Sequence[Any], targets: set[str] | frozenset[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What of the erased turns a read's question may hold whole (an agent reads with the
    user's turn before it records it): the texts of erased observations, raw and as a read
    masks them, that no surviving observation also holds; and the redacted texts of erased
    ``quarantined`` records (their raw text is not kept), which a question matches once it
    is redacted the same way (see :func:`quotes_turn`)."""
    erased: set[str] = set()
    kept: list[str] = []
    quarantined: set[str] = set()
    for e in events:
        p = e.payload
        if p is None:
            continue
        if e.kind == "observation":
            (erased.add if e.id in targets else kept.append)(p.content.strip())
        elif e.kind == "quarantined" and e.id in targets:
            quarantined.add(p.redacted.strip())
    # A surviving turn that holds the raw text holds its masked form's content too: only
    # the erased texts are masked (a detection pass over each), not the whole namespace.
    surviving = "\n".join(kept)
    texts = {
        form
        for t in erased
        if len(t) >= _QUOTED_MIN and t not in surviving
        for form in (t, mask_secrets(t))
    }
    return tuple(sorted(texts)), tuple(sorted(t for t in quarantined if len(t) >= _QUOTED_MIN))


def quotes_turn(question: str, texts: Sequence[str], quarantined: Sequence[str]) -> bool:
    """Whether a read's question holds an erased turn (see :func:`quoted_texts`)."""
    if any(t in question for t in texts):
        return True
    if not quarantined:
        return False
    found = detect_risks(question)
    redacted = redact(question, found) if found else question
    return any(t in redacted for t in quarantined)


_QUOTED_MIN = 12
"""A read's question holding an erased observation's whole text, this long at least (a
shorter turn, "ok thanks", says nothing a read could leak), goes with it."""
