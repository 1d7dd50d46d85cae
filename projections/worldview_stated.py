"""What each observation states of beliefs, for reads that must not show a forgotten value.

A turn that said "I live in Lyon" states ``location`` Lyon. While that value stays forgotten
(inhibited, invalidated, archived, ...) a read must not put it back into the prompt in the
turn's own words: :meth:`StatedValues.forgotten_statement` says when a turn says nothing
else, and :meth:`StatedValues.hidden_values` which of its values a read hides (for the
``[forgotten]`` marks of ``runtime/forgotten_text.py``). A request to forget names the value
as a statement of it would (:meth:`StatedValues.on_forget_request`).

Mixed into :class:`~nousmem.projections.worldview.Worldview`, whose state it reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING

from nousmem.projections.belief_models import match_key
from nousmem.projections.naming import ASKED_TO_FORGET, ATTR_SPLIT, names_value
from nousmem.projections.slot_kinds import HIDDEN_STATES, Key, slot_kind_for
from nousmem.projections.title_points import split_sentences
from nousmem.projections.worldview_items import SupportRow

__all__ = ["StatedValues", "statement_spans"]

_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def statement_spans(text: str) -> Iterator[tuple[int, int]]:
    """The ``(start, end)`` of each sentence of ``text``, as the forgotten statements in a
    turn are looked for (by :meth:`Worldview.forgotten_statement` and
    ``runtime/forgotten_text.py``)."""
    return split_sentences(text, _SENTENCE)


_WORD = re.compile(r"\w")


class StatedValues:
    """Records the belief values each observation states, and reads which are forgotten."""

    stated: dict[str, list[tuple[int, Key]]]
    support: dict[Key, list[SupportRow]]

    if TYPE_CHECKING:  # MergeCarry's, in Worldview (a stub here would shadow it at runtime)

        def key_at(self, key: str, limit: int, until: datetime | None = None) -> str: ...

    def on_forget_request(self, evidence_id: str, seq: int, target: str) -> None:
        """Observation ``evidence_id`` asked to forget the value of candidate ``target``
        ("Please forget that I live in Lyon."): it names that value as a statement of it
        would, so while the value stays forgotten its text stays out of reads too."""
        rest = target.partition(":")[2]
        for m in ATTR_SPLIT.finditer(rest):  # entity and value may hold "." and "#"
            key = (rest[: m.start()], m.group(1), rest[m.end() :])
            if m.start() > 0 and key in self.support:
                self.stated.setdefault(evidence_id, []).append((seq, key))
                return

    def _stated(
        self, evidence_id: str, limit: int, until: datetime | None
    ) -> Iterator[tuple[str, str]]:
        """``(candidate id, value key)`` of each belief value observation ``evidence_id``
        states as of ``limit``, the entity keyed as of the read (a merge after it must not
        change what it hid)."""
        stated = self.stated.get(evidence_id)
        if not stated:  # most turns state no belief: a read asks this of every candidate
            return
        for ekey, attribute, vkey in dict.fromkeys(key for seq, key in stated if seq <= limit):
            kind = slot_kind_for(attribute)
            yield f"{kind}:{self.key_at(ekey, limit, until)}.{attribute}#{vkey}", vkey

    def hidden_values(
        self,
        evidence_id: str,
        limit: int,
        state_of: Callable[[str, int | None], str],
        may_hide: Callable[[str, int | None], bool],
        until: datetime | None = None,
    ) -> list[str]:
        """The values (match keys) observation ``evidence_id`` states as of ``limit`` that a
        read there hides (forgotten: inhibited, invalidated, ...); ``may_hide``: a quick
        test that rules a candidate out before ``state_of`` is asked."""
        return [
            vkey
            for cid, vkey in self._stated(evidence_id, limit, until)
            if may_hide(cid, limit) and state_of(cid, limit) in HIDDEN_STATES
        ]

    def forgotten_statement(
        self,
        evidence_id: str,
        content: str,
        limit: int,
        state_of: Callable[[str, int | None], str],
        until: datetime | None = None,
    ) -> str | None:
        """Why observation ``evidence_id`` (its text ``content``) says nothing a read at
        ``limit`` (and event time ``until``) may still show, or None.

        An observation whose every belief value (as of ``limit``) is forgotten — inhibited,
        invalidated, archived... — would put the forgotten fact back into the prompt in its
        own words. One that states anything still held stays, and so does one with a
        sentence that names none of its values: the extractor did not turn everything it
        says into beliefs ("I work at Google. I am allergic to peanuts.").
        """
        values: list[str] = []
        first = ""
        for cid, vkey in self._stated(evidence_id, limit, until):
            state = state_of(cid, limit)  # the cheap test first: usually one is held
            if state not in HIDDEN_STATES:
                return None
            values.append(vkey)
            first = first or f"{cid} is {state}"
        if not values:
            return None
        # (a request to forget, shown as the marker, names what it took out)
        said = [
            match_key(s)
            for s in (content[a:b] for a, b in statement_spans(content))
            if _WORD.search(s.replace(ASKED_TO_FORGET, ""))
        ]
        if not all(any(names_value(sentence, v) for v in values) for sentence in said):
            return None
        return f"lifecycle: every belief it states is forgotten ({first})"
