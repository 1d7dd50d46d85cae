"""The words of a request to forget, out of the turn that said them.

"Forget that I live in Lyon, I moved to Paris." states Paris, so the turn stays in current
reads; shown as said, it would put Lyon back into the prompt (and after an erasure of the
statement it names, the erased value). So the row of a user's (or the system's) turn shows
``[asked to forget]`` where a request was: "[asked to forget], I moved to Paris." The
journal keeps the words; the lexical index still finds the turn by them (a read then shows
it without them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from nousmem.policies.forget_requests import forget_requests
from nousmem.policies.sentences import sentences
from nousmem.projections.naming import ASKED_TO_FORGET
from nousmem.runtime.docrows import DocRow, time_notes

__all__ = ["without_requests"]


def without_requests(doc: DocRow, times: Sequence[Any] | None = None) -> DocRow | None:
    """``doc`` with each request to forget in its text replaced by the marker, or None
    when it holds none. ``times``: the observation's time expressions; the notes keep only
    those said outside every request ("surgery on Monday" inside one is not noted)."""
    start, end = doc.lead, len(doc.text) - doc.notes
    content = doc.text[start:end]
    requests = [r for r in forget_requests(content) if not r.dismissed]
    if not requests:  # most turns: no sentence split
        return None
    spans: list[tuple[int, int, bool]] = []  # (from, to, shows the marker)
    spans_of = [(m.start(), m.end()) for m in sentences(content)]
    for request in requests:
        # From its sentence's start: the verb ("Please forget that") goes with the clause.
        begin, close = max(
            ((a, b) for a, b in spans_of if a <= request.span[0]),
            default=(request.span[0], request.span[1]),
        )
        spans.append((begin, request.span[1], True))
        if request.form != "clause":
            spans += _reasons(content, request.span[1], close)
    if not spans:
        return None
    cuts: list[tuple[int, int, bool]] = []
    for a, b, mark in sorted(spans):
        if cuts and a <= cuts[-1][1]:  # one cut: the request and its reason, say
            last = cuts[-1]
            cuts[-1] = (last[0], max(last[1], b), last[2] or mark)
        else:
            cuts.append((a, b, mark))
    out, at = [], 0
    for a, b, mark in cuts:
        out += [content[at:a], ASKED_TO_FORGET if mark else ""]
        at = b
    kept = "".join([*out, content[at:]])
    notes = doc.text[end:]
    if times is not None:
        notes = time_notes(None, [t for t in times if _outside(t.text, content, cuts)])
    return replace(
        doc,
        text=doc.text[:start] + kept + notes,
        notes=len(notes),
        tokens=0,
        bare_tokens=0,
        parts=None,
        framing=None,
    )


def _reasons(content: str, at: int, close: int) -> list[tuple[int, int, bool]]:
    """The reasons after a request (up to the sentence's end ``close``), each with the
    separator before it: a piece that opens with "it", "that", "she", ... and the pieces
    that go on from it ("..., it was in Lyon, France"); news of the speaker's own stays,
    with what goes on from it ("..., I moved to Paris, France, last week", "..., now I live
    in Paris", "... (I moved to Paris)")."""
    tail_end = len(content[:close].rstrip().rstrip(".!?"))
    out: list[tuple[int, int, bool]] = []
    sep_start, chunk_start = at, at
    reason = True  # what directly follows the request ("... anymore, please") goes with it
    for m in [*_SEP.finditer(content, at, tail_end), None]:
        chunk_end = tail_end if m is None else m.start()
        chunk = content[chunk_start:chunk_end]
        if _NEWS.match(chunk):
            reason = False
        elif _REASON_OPENS.match(chunk):
            reason = True
        if reason and chunk.strip():
            out.append((sep_start, chunk_end, False))
        if m is not None:
            sep_start, chunk_start = m.start(), m.end()
    return out


def _outside(text: str, content: str, cuts: Sequence[tuple[int, int, bool]]) -> bool:
    """Whether ``text`` is said as whole words somewhere outside every cut."""
    for m in re.finditer(rf"(?<!\w){re.escape(text)}(?!\w)", content, re.IGNORECASE):
        if not any(a <= m.start() < b for a, b, _ in cuts):
            return True
    return False


_SEP = re.compile(
    r"\s*[,;]\s*|\s*\(\s*|\s+[-\u2013\u2014]+\s+"
    r"|\s+(?=(?:and|but|so|because|since)\s+\w)",
    re.IGNORECASE,
)
_NEWS = re.compile(
    r"\s*(?:(?:and|but|so|because|since|as|now|then|anyway|actually|also)\s*,?\s+)*"
    r"(?:i|i'm|i\u2019m|i've|i\u2019ve|i'd|we|we're|we\u2019re)\b",
    re.IGNORECASE,
)
_REASON_OPENS = re.compile(
    r"\s*(?:(?:and|but|so|because|since|as)\s+)?(?:it|it's|it\u2019s|that|that's|that\u2019s"
    r"|this|he|she|they|he's|she's|they're)\b"
    # "... because Lyon was too expensive": a reason of someone or something else
    r"|\s*(?:because|since)\s+(?!(?:i|i'm|i\u2019m|i've|i\u2019ve|we|we're)\b)",
    re.IGNORECASE,
)
