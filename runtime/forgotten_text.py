"""The sentences of a turn that name what memory has forgotten, out of a read.

A turn whose every statement is forgotten leaves current reads
(``Worldview.forgotten_statement``). One that also states something still held
stays, and shown as said it would put the forgotten value back into the prompt: after
"Forget where my sister lives", "I live in Lyon. My sister Maya lives in Rome." would still
say Rome. So a current read shows such a turn with ``[forgotten]`` in place of each
sentence that names a forgotten value of the turn: "I live in Lyon. [forgotten]". What
else that sentence states goes with it (the sister herself, here): what memory still
believes of it is in the Worldview Snapshot and the fact lines. Which values are forgotten
is worked out at the read's point (a value said again, or a read as of before the request,
shows the sentence), so a replay of the read cuts the same sentences. The journal keeps
the words; the historical and audit lenses show them.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from nousmem.projections.belief_models import match_key
from nousmem.projections.naming import FORGOTTEN, names_value
from nousmem.projections.worldview import Worldview, statement_spans
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.visibility import ReadStates

__all__ = ["without_forgotten"]


def without_forgotten(
    doc: DocRow,
    worldview: Worldview,
    limit: int,
    states: ReadStates,
    until: datetime | None = None,
) -> DocRow | None:
    """``doc`` (an observation's row) with ``[forgotten]`` in place of each sentence that
    names a value of the turn a read at ``limit`` (and event time ``until``) hides
    (``states``: the read's), or None when it has none. A read that hides nothing
    (``ReadStates.hides_any``) need not ask."""
    hidden = worldview.hidden_values(doc.event_id, limit, states, states.may_hide, until)
    if not hidden:  # nearly every turn
        return None
    start, end = doc.lead, len(doc.text) - doc.notes
    content = doc.text[start:end]
    cuts = [
        (a, b)
        for a, b in statement_spans(content)
        if any(names_value(match_key(content[a:b]), v) for v in hidden)
    ]
    if not cuts:
        return None
    out, at = [], 0
    for a, b in cuts:
        out += [content[at:a], FORGOTTEN]
        at = b
    kept = "".join([*out, content[at:]])
    return replace(
        doc,
        text=doc.text[:start] + kept + doc.text[end:],
        tokens=0,
        bare_tokens=0,
        parts=None,
        framing=None,
    )
