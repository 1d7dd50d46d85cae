"""Sentences of an observation's content, with their tokens, clause boundaries, hedging and
time mentions, each computed once, on first use.

Split from ``policies/clauses.py``: :class:`Doc` holds the content and resolves its time
expressions once for all its sentences; :class:`Sentence` is what the rule extractor and
``clauses.walk_back`` read. Nothing here knows about claims or rules.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from datetime import datetime
from typing import NamedTuple

from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.projections.title_points import joins_name

__all__ = ["SENTENCE", "TOKEN", "Doc", "Piece", "Sentence", "sentence_at", "sentences"]

#: A sentence runs to . ! ? or a newline; a stop directly followed by a word character
#: ("3.5", "i.redd.it") does not end it. Use :func:`sentences`, which also joins the two
#: pieces a title's point before a name splits ("St. Louis", see
#: :mod:`nousmem.projections.title_points`).
# A run of plain characters at a time ("+"): the star stops only where the end matches,
# so nothing backtracks.
SENTENCE = re.compile(r"[^\s](?:[^.!?\n]+|[.!?](?=\w))*(?:[.!?]+|\n|$)")


class Piece(NamedTuple):
    """One sentence of a text, read as a match is: ``start()``, ``end()``, ``group(0)``."""

    text: str
    lo: int
    hi: int

    def start(self) -> int:
        return self.lo

    def end(self) -> int:
        return self.hi

    def group(self, _: int = 0) -> str:
        return self.text[self.lo : self.hi]


def sentences(content: str) -> Iterator[Piece]:
    """The sentences of ``content`` (:data:`SENTENCE`), a title's point before a name
    ("I live in St. Louis.") ending none."""
    lo = hi = -1
    for m in SENTENCE.finditer(content):
        if lo < 0:
            lo, hi = m.span()
            continue
        gap = content[hi : m.start()]
        if content[hi - 1] == "." and "\n" not in gap and joins_name(content, hi - 1):
            hi = m.end()
            continue
        yield Piece(content, lo, hi)
        lo, hi = m.span()
    if lo >= 0:
        yield Piece(content, lo, hi)


def sentence_at(content: str, at: int) -> Piece | None:
    """The sentence of ``content`` (see :func:`sentences`) that holds offset ``at``."""
    return next((p for p in sentences(content) if p.start() <= at < p.end()), None)


#: A token: a run of non-space characters.
TOKEN = re.compile(r"\S+")
# A negated belief verb ("I don't think I work at X", "I doubt ...") hedges rather than
# negates: the walk stops at the inner clause's subject, so it never sees the "don't", and
# what the speaker disbelieves is too loosely tied to the claim to assert its opposite.
_HEDGE = re.compile(
    r"\b(?:i\s+think|i\s+guess|i\s+believe|i\s+suppose|i\s+reckon|maybe|might|probably"
    # "I may be moving to London": a verb after it, not the month ("in may", "May 5")
    r"|(?<=\bi\s)(?-i:may)(?=\s+(?:not\s+|well\s+|also\s+|still\s+|just\s+)?[a-z]+\b)"
    r"|perhaps|possibly|not\s+sure|not\s+certain|kind\s+of|sort\s+of"
    r"|(?:do|does|did)(?:n'?t|\s+not)\s+(?:really\s+)?(?:think|believe|suppose|reckon)"
    r"|i\s+(?:really\s+)?doubt|doubtful)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[,;.!?]|\s(?:but|and|although|though|because|so)\s", re.IGNORECASE)
# Without an occurred_at, time expressions are still cut out of values, resolved against
# a fixed date whose result is never attached to a claim.
_NO_REF = datetime(2000, 1, 1)


class Doc:
    """The observation's content with its time mentions, resolved only when first needed."""

    __slots__ = ("_mentions", "_starts", "content", "ref")

    def __init__(self, content: str, ref: datetime | None) -> None:
        self.content = content
        self.ref = ref
        self._mentions: list[TimeMention] | None = None
        self._starts: list[int] = []

    def mentions(self) -> list[TimeMention]:
        if self._mentions is None:
            self._mentions = resolve_time_expressions(self.content, self.ref or _NO_REF)
            self._starts = [t.span[0] for t in self._mentions]  # in text order
        return self._mentions

    def mentions_in(self, lo: int, hi: int) -> list[TimeMention]:
        """The mentions starting in ``[lo, hi)``: a search, not a scan, so that a text with
        thousands of sentences and time expressions is not read quadratically."""
        mentions = self.mentions()
        return mentions[bisect_left(self._starts, lo) : bisect_left(self._starts, hi)]


class Sentence:
    """A sentence with its offset in the content; tokens, clause boundaries, hedging and
    time mentions are computed once, on first use."""

    __slots__ = (
        "_bounds",
        "_cuts",
        "_hedged",
        "_mentions",
        "_time_ends",
        "_tokens",
        "doc",
        "end",
        "memo",
        "offset",
        "text",
    )

    def __init__(self, text: str, offset: int, doc: Doc) -> None:
        self.text = text
        self.offset = offset
        self.end = offset + len(text)
        self.doc = doc
        self._tokens: tuple[list[int], list[tuple[int, int, str]]] | None = None
        self._mentions: list[TimeMention] | None = None
        self._cuts: list[int] | None = None
        self._time_ends: dict[int, int] | None = None
        self._bounds: tuple[list[int], list[int]] | None = None
        self._hedged: bool | None = None
        #: Per-clause results the extractor computes once (e.g. update language).
        self.memo: dict[tuple[int, int], bool] = {}

    def tokens(self) -> tuple[list[int], list[tuple[int, int, str]]]:
        if self._tokens is None:
            toks = [(m.start(), m.end(), m.group(0)) for m in TOKEN.finditer(self.text)]
            self._tokens = ([t[0] for t in toks], toks)
        return self._tokens

    @property
    def mentions(self) -> list[TimeMention]:
        if self._mentions is None:
            self._mentions = self.doc.mentions_in(self.offset, self.end)
        return self._mentions

    @property
    def cuts(self) -> list[int]:
        """Where the sentence's mentions start (offsets in the sentence): values end there."""
        if self._cuts is None:
            self._cuts = [t.span[0] - self.offset for t in self.mentions]
        return self._cuts

    @property
    def time_ends(self) -> dict[int, int]:
        """Where each of the sentence's mentions ends, by where it starts (sentence offsets)."""
        if self._time_ends is None:
            self._time_ends = {
                t.span[0] - self.offset: t.span[1] - self.offset for t in self.mentions
            }
        return self._time_ends

    def mentions_between(self, lo: int, hi: int) -> list[TimeMention]:
        """The sentence's mentions starting in ``[lo, hi)`` (offsets in the sentence)."""
        return self.doc.mentions_in(self.offset + lo, self.offset + hi)

    @property
    def hedged(self) -> bool:
        """Whether the sentence hedges ("I think", "maybe", "probably", ...)."""
        if self._hedged is None:
            self._hedged = _HEDGE.search(self.text) is not None
        return self._hedged

    def clause(self, start: int, end: int) -> tuple[int, int]:
        """The clause around ``text[start:end]``: from the boundary (comma, "and", "but",
        ...) before ``start`` to the one at or after ``end``."""
        if self._bounds is None:
            found = [m.span() for m in _CLAUSE_END.finditer(self.text)]
            self._bounds = ([b[0] for b in found], [b[1] for b in found])
        starts, ends = self._bounds
        i = bisect_left(ends, start + 1) - 1
        j = bisect_left(starts, end)
        return (ends[i] if i >= 0 else 0), (starts[j] if j < len(starts) else len(self.text))
