"""The words of a request to forget, out of the turn that said them.

"Forget that I live in Lyon, I moved to Paris." states Paris, so the turn stays in current
reads; shown as said, it would put Lyon back into the prompt (and after an erasure of the
statement it names, the erased value). So the row of a user's (or the system's) turn shows
``[asked to forget]`` where a request was: "[asked to forget], I moved to Paris." The
journal keeps the words; the lexical index still finds the turn by them (a read then shows
it without them).
"""

from __future__ import annotations

from dataclasses import replace

from nousmem.policies.forget_requests import forget_requests
from nousmem.policies.sentences import SENTENCE
from nousmem.projections.naming import ASKED_TO_FORGET
from nousmem.runtime.docrows import DocRow

__all__ = ["without_requests"]


def without_requests(doc: DocRow) -> DocRow | None:
    """``doc`` with each request to forget in its text replaced by the marker, or None
    when it holds none."""
    start, end = doc.lead, len(doc.text) - doc.notes
    content = doc.text[start:end]
    cuts: list[tuple[int, int]] = []
    starts = [m.start() for m in SENTENCE.finditer(content)]
    for request in (r for r in forget_requests(content) if not r.dismissed):
        # From its sentence's start: the verb ("Please forget that") goes with the clause.
        begin = max((a for a in starts if a <= request.span[0]), default=request.span[0])
        if cuts and begin < cuts[-1][1]:  # a second clause of the same request
            cuts[-1] = (cuts[-1][0], max(cuts[-1][1], request.span[1]))
        else:
            cuts.append((begin, request.span[1]))
    if not cuts:
        return None
    out, at = [], 0
    for a, b in cuts:
        out += [content[at:a], ASKED_TO_FORGET]
        at = b
    text = doc.text[:start] + "".join([*out, content[at:]]) + doc.text[end:]
    return replace(doc, text=text, tokens=0, bare_tokens=0, parts=None)
