"""What a question can name, as of a journal position: entities and content terms.

A read's plan picks the known entities among the question's words and leaves out terms
that are too common to help BM25. A read ``as_of`` an earlier position must plan with what
was known there, so each entity keeps the seq that first named it and each index term the
seqs of the observations it occurs in.

Terms are the lexical index's own (:mod:`~nousmem.runtime.fts_terms`: "thinking" and
"think" are one), so a count is what a search for the word matches. Observations are
counted in batches of :data:`BATCH` (or at the next question), so that the words new to the
process are asked of the tokenizer together.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import tokens
from nousmem.runtime.fts_terms import fts_terms

__all__ = ["BATCH", "Vocabulary"]

BATCH = 64
"""Observations counted together at most: a bound on what a read (or a write) finds to
count, on the memory held meanwhile, and on the garbage collector's work over it."""


@dataclass(eq=False)
class Vocabulary:
    """Entities by first word and each term's observations, with the seqs that tell when."""

    heads: dict[str, set[str]] = field(default_factory=dict)  # first word -> names
    since: dict[str, int] = field(default_factory=dict)  # name -> seq that named it first
    seqs: dict[str, array[int]] = field(default_factory=dict)  # index term -> observations
    pending: list[tuple[int, str]] = field(default_factory=list)  # (seq, content) to count

    def __eq__(self, other: object) -> bool:
        """Equal when they know the same, whichever observations each has counted yet."""
        if not isinstance(other, Vocabulary):
            return NotImplemented
        self._count_pending()
        other._count_pending()
        return (self.heads, self.since, self.seqs) == (other.heads, other.since, other.seqs)

    def add_entity(self, name: str, seq: int) -> None:
        key = match_key(name)
        words = key.split()
        if words:
            names = self.heads.setdefault(words[0], set())
            # One spelling per entity (the first): an actor "alice" and a claim's "Alice"
            # would otherwise both enter a plan, and everything about her twice.
            if all(match_key(n) != key for n in names):
                names.add(name)
                self.since.setdefault(name, seq)

    def add_observation(self, content: str, seq: int) -> None:
        """Count an observation's terms (with its batch); seqs arrive in order."""
        self.pending.append((seq, content))
        if len(self.pending) >= BATCH:
            self._count_pending()

    def _count_pending(self) -> None:
        if not self.pending:
            return
        pending, self.pending = self.pending, []
        words = [(seq, tokens(content)) for seq, content in pending]
        distinct: set[str] = set()
        for _, ws in words:
            distinct.update(ws)
        terms = fts_terms(distinct)
        by_term = self.seqs
        for seq, ws in words:
            for w in ws:
                for t in terms[w]:
                    seqs = by_term.get(t)
                    if seqs is None:
                        seqs = by_term[t] = array("q")
                    elif seqs[-1] == seq:
                        continue  # another word of this observation has the same term
                    seqs.append(seq)

    def entities_in(self, words: Sequence[str], as_of_seq: int | None = None) -> list[str]:
        """Entities known at ``as_of_seq`` (default: now) whose first word is in ``words``."""
        found: set[str] = set()
        for w in words:
            found |= self.heads.get(match_key(w), set())
        if as_of_seq is not None:
            found = {n for n in found if self.since[n] <= as_of_seq}
        return sorted(found, key=lambda n: (n.casefold(), n))

    def doc_frequency(self, term: str, as_of_seq: int | None = None) -> int:
        """Observations up to a position (default: now) that a search for ``term`` (a
        ``lexical.tokens`` word) matches; for a word of several index terms
        ("rock-climbing"), those holding its rarest one (an upper bound)."""
        self._count_pending()
        counts = []
        for t in fts_terms([term])[term]:
            seqs = self.seqs.get(t)
            if seqs is None:
                return 0
            counts.append(len(seqs) if as_of_seq is None else bisect.bisect_right(seqs, as_of_seq))
        return min(counts, default=0)
