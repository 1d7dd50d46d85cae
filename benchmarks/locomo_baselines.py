"""Baselines for the LoCoMo harness, packed to a word budget.

Every baseline sees the same turns nousmem ingested, each formatted ``[date] speaker: text``
(image turns with `` [image: caption]``):

- ``bm25``: rank-bm25 (BM25Okapi) over the turns of the conversation; turns taken in score
  order (ties: later turn first);
- ``recent``: the most recent turns first;
- ``full``: the whole conversation, unpacked (a ceiling on what any retriever can find);
- ``evidence``: exactly the question's gold evidence turns, unpacked (what a perfect
  turn retriever would show: answer-token recall above it needs turns beyond the evidence).

Packing is greedy in the baseline's order: a turn is added when it still fits in the word
budget, otherwise skipped, until the budget is used up or the turns run out. The packed turns
are rendered in chronological order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rank_bm25 import BM25Okapi  # type: ignore[import-untyped]

from benchmarks.locomo_data import Turn
from benchmarks.workload import STOPWORDS

_WORD = re.compile(r"\w+", re.UNICODE)


def bm25_tokens(text: str) -> list[str]:
    """Lowercased word tokens without common stopwords (term frequency kept)."""
    return [t for t in _WORD.findall(text.lower()) if t not in STOPWORDS]


def turn_line(t: Turn) -> str:
    date = t.date_text or f"{t.occurred_at.day} {t.occurred_at:%B %Y}"
    return f"[{date}] {t.speaker}: {t.content}"


@dataclass(frozen=True, slots=True)
class Packed:
    """One baseline context: the dia_ids it holds and its rendered text."""

    refs: tuple[str, ...]
    text: str


class ConversationBaselines:
    """Precomputed lines, word counts and a BM25 index for one conversation."""

    def __init__(self, turns: Sequence[Turn]) -> None:
        self.turns = list(turns)
        self.lines = [turn_line(t) for t in self.turns]
        self.words = [len(line.split()) for line in self.lines]
        docs = [bm25_tokens(line) for line in self.lines]
        # BM25Okapi divides by the corpus size; an empty conversation has no index.
        self._bm25 = BM25Okapi(docs) if docs and any(docs) else None
        self._full: Packed | None = None

    def bm25_order(self, question: str) -> list[int]:
        n = len(self.turns)
        q = bm25_tokens(question)
        if self._bm25 is None or not q:
            return list(range(n - 1, -1, -1))
        scores = self._bm25.get_scores(q)
        return sorted(range(n), key=lambda i: (-float(scores[i]), -i))

    def recent_order(self) -> list[int]:
        return list(range(len(self.turns) - 1, -1, -1))

    def pack(self, order: Sequence[int], budget_words: float) -> Packed:
        chosen: list[int] = []
        used = 0
        for i in order:
            w = self.words[i]
            if used + w <= budget_words:
                chosen.append(i)
                used += w
                if used >= budget_words:
                    break
        chosen.sort()
        return self._render(chosen)

    def full(self) -> Packed:
        if self._full is None:
            self._full = self._render(range(len(self.turns)))
        return self._full

    def evidence(self, dia_ids: Sequence[str]) -> Packed:
        """The turns whose ``dia_id`` is in ``dia_ids``, in conversation order."""
        wanted = set(dia_ids)
        return self._render([i for i, t in enumerate(self.turns) if t.dia_id in wanted])

    def _render(self, idx: Sequence[int] | range) -> Packed:
        refs = tuple(d for i in idx if (d := self.turns[i].dia_id))
        return Packed(refs, "\n".join(self.lines[i] for i in idx))
