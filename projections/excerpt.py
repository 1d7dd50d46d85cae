"""Query-biased excerpts of a turn: the sentences that hold a question's terms.

A reader's budget fits a dozen or so whole turns, while the evidence for a question is often
spread over more of them (every occasion of "what activities ..."). Past the best candidates a
turn earns its place by the sentence that matched, not by its greetings and follow-up
questions, so it can enter as that sentence alone and leave room for others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from nousmem.projections.title_points import split_sentences

__all__ = ["ELLIPSIS", "excerpt", "matcher", "segments", "stem", "window"]

ELLIPSIS = "…"
"""Marks where an excerpt left text out (one token of the estimate)."""

# A sentence ends at . ! or ? followed by space; an image caption is a segment of its own.
_SEGMENT = re.compile(r"(?<=[.!?])\s+|\s+(?=\[image: )")
# The same boundaries in a text without a caption (group 1), found ~4x faster: the engine
# looks for the mark first instead of trying the lookbehind at every character.
_SENTENCE_END = re.compile(r"[.!?](\s+)")
_CAPTION = "[image: "
_DOUBLE = re.compile(r"([bdfgklmnprtvz])\1$")
# Words kept either side of a cue's match: enough for "a trip to England a few years ago".
_REACH = 5
# Letters an inflection adds to a stem (``paint`` -> ``paintings``).
_INFLECTION = 4


def stem(term: str) -> str:
    """A light suffix-stripping stem (``hiking``/``hikes``/``hike`` -> ``hik``).

    The index stems with FTS5's Porter tokenizer; this only needs to agree with it on the
    inflections that make a turn a hit (plurals, -ing, -ed), not to equal it.
    """
    t = term[:-2] if term.endswith("'s") else term
    if len(t) > 4 and t.endswith("ies"):
        t = t[:-3] + "y"
    elif len(t) > 3 and t.endswith("s") and not t.endswith("ss"):
        t = t[:-1]
    if len(t) > 5 and t.endswith("ing"):
        t = t[:-3]
    elif len(t) > 4 and t.endswith("ed"):
        t = t[:-2]
    if len(t) > 3 and t.endswith("e"):
        t = t[:-1]
    return _DOUBLE.sub(r"\1", t)


def segments(body: str) -> tuple[str, ...]:
    """``body`` split into its sentences and image captions."""
    body = body.strip()
    spans = (
        split_sentences(body, _SEGMENT)
        if _CAPTION in body
        else split_sentences(body, _SENTENCE_END, group=1)
    )
    return tuple(body[a:b] for a, b in spans)


def matcher(terms: Iterable[str]) -> re.Pattern[str] | None:
    """What finds the words of ``terms`` in a text: a word that starts with a term's stem
    (see :func:`stem`) and goes on by at most an inflection's length. None without terms."""
    stems = sorted({stem(t) for t in terms} - {""})
    if not stems:
        return None
    alternatives = "|".join(re.escape(s) for s in stems)
    return re.compile(rf"\b(?:{alternatives})\w{{0,{_INFLECTION}}}\b", re.IGNORECASE)


def excerpt(
    segs: Sequence[str], terms: re.Pattern[str] | None, cue: re.Pattern[str] | None = None
) -> str | None:
    """The segments (see :func:`segments`) that hold a word of ``terms`` (see
    :func:`matcher`), marking left-out text with :data:`ELLIPSIS`. When none does: the words
    around the first match of ``cue`` (the kind of word the answer is, see
    ``policies/answer_cues.py``), else the first segment (a reply answers first). None when
    nothing would be left out."""
    if len(segs) < 2:
        return None
    keep = [i for i, seg in enumerate(segs) if terms is not None and terms.search(seg)]
    if not keep and cue is not None:
        for seg in segs:
            m = cue.search(seg)
            if m is not None:
                return window(seg, m.start(), m.end())
    keep = keep or [0]
    if len(keep) == len(segs):
        return None
    parts: list[str] = []
    last = -1
    for i in keep:
        if i != last + 1:
            parts.append(ELLIPSIS)
        parts.append(segs[i])
        last = i
    if last != len(segs) - 1:
        parts.append(ELLIPSIS)
    return " ".join(parts)


def window(seg: str, start: int, end: int) -> str:
    """The words of ``seg`` around ``seg[start:end]`` (up to five either side), with
    :data:`ELLIPSIS` on both ends: the rest of the turn is left out either way."""
    before = seg[:start].split()
    after = seg[end:].split()
    # A match ending inside a word ("Sweden." after "Sweden") takes the rest of that word.
    core = seg[start:end]
    if after and not seg[end : end + 1].isspace():
        core += after.pop(0)
    if before and not seg[start - 1 : start].isspace():
        core = before.pop() + core
    words = [*before[-_REACH:], core, *after[:_REACH]]
    return f"{ELLIPSIS} {' '.join(words)} {ELLIPSIS}"
