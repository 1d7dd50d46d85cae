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
from collections.abc import Callable
from dataclasses import replace

from nousmem.policies.forget_requests import forget_requests
from nousmem.policies.sentences import SENTENCE
from nousmem.projections.naming import ASKED_TO_FORGET
from nousmem.runtime.docrows import DocRow

__all__ = ["without_requests"]


def without_requests(doc: DocRow, notes_for: Callable[[str], str] | None = None) -> DocRow | None:
    """``doc`` with each request to forget in its text replaced by the marker, or None
    when it holds none. ``notes_for(kept text)``: the time notes of what is left (a time
    said in the request, "chemo on March 3", is not noted either)."""
    start, end = doc.lead, len(doc.text) - doc.notes
    content = doc.text[start:end]
    cuts: list[tuple[int, int]] = []
    sentences = [(m.start(), m.end()) for m in SENTENCE.finditer(content)]
    for request in (r for r in forget_requests(content) if not r.dismissed):
        # From its sentence's start: the verb ("Please forget that") goes with the clause.
        begin, close = max(
            ((a, b) for a, b in sentences if a <= request.span[0]),
            default=(request.span[0], request.span[1]),
        )
        stop = request.span[1]
        if request.form != "clause" and not _NEWS.match(content, stop):
            # A reason after it may name the value ("Forget my address, it was in Lyon"):
            # up to the sentence's end; news of the speaker's own stays ("..., I moved").
            stop = max(stop, len(content[:close].rstrip().rstrip(".!?")))
        if cuts and begin < cuts[-1][1]:  # a second clause of the same request
            cuts[-1] = (cuts[-1][0], max(cuts[-1][1], stop))
        else:
            cuts.append((begin, stop))
    if not cuts:
        return None
    out, at = [], 0
    for a, b in cuts:
        out += [content[at:a], ASKED_TO_FORGET]
        at = b
    kept = "".join([*out, content[at:]])
    notes = doc.text[end:] if notes_for is None else notes_for(kept)
    return replace(
        doc,
        text=doc.text[:start] + kept + notes,
        notes=len(notes),
        tokens=0,
        bare_tokens=0,
        parts=None,
    )


_NEWS = re.compile(r"\s*[,;]?\s*(?:i|i'm|i\u2019m|i've|i\u2019ve|we|we're|we\u2019re)\b", re.I)
