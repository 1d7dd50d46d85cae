"""What a question can name, as of a journal position: entities and content terms.

A read's plan picks the known entities among the question's words and leaves out terms
that are too common to help BM25. A read ``as_of`` an earlier position must plan with what
was known there, so each entity keeps the seq that first named it and each term the seqs
of the observations it occurs in.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import tokens

__all__ = ["Vocabulary"]


@dataclass(eq=True)
class Vocabulary:
    """Entities by first word and each term's observations, with the seqs that tell when."""

    heads: dict[str, set[str]] = field(default_factory=dict)  # first word -> names
    since: dict[str, int] = field(default_factory=dict)  # name -> seq that named it first
    seqs: dict[str, array[int]] = field(default_factory=dict)  # term -> its observations

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
        """Count an observation's terms (``lexical.tokens``); seqs arrive in order."""
        by_term = self.seqs
        for t in tokens(content):
            seqs = by_term.get(t)
            if seqs is None:
                seqs = by_term[t] = array("q")
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
        """Observations containing ``term`` up to a position (default: now)."""
        seqs = self.seqs.get(term)
        if seqs is None:
            return 0
        return len(seqs) if as_of_seq is None else bisect.bisect_right(seqs, as_of_seq)
