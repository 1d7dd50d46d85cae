"""The dated channels of a read: observations inside the question's time expressions
(``temporal``) and, through the audit lens, what memory refused (``audit``). Split from
``channels.py``, whose :class:`~nousmem.runtime.channels.Channels` calls them.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from datetime import date

from nousmem.policies.planner import QueryPlan
from nousmem.projections.lexical import date_label, tokens
from nousmem.projections.retrieval import Snippet
from nousmem.projections.token_estimate import count_tokens
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = ["audit", "temporal"]

_TEMPORAL_WINDOW = 200  # rows of a time range the temporal channel considers, latest first


def temporal(
    proj: Projector,
    plan: QueryPlan,
    lexical: Sequence[str],
    at: ReadPoint,
    in_view: Callable[[DocRow, ReadPoint], bool],
) -> list[str]:
    """Observations dated inside the question's time expressions: lexical hits first,
    then the latest others (bounded, however many fall in the range)."""
    spans = [(date.fromisoformat(s), date.fromisoformat(e)) for _, s, e in plan.times]

    def inside(eid: str) -> bool:
        d = proj.docs[eid].occurred_at.date()
        return any(a <= d <= b for a, b in spans)

    out = [e for e in lexical if inside(e)]
    rows = proj.obs_by_date
    for a, b in spans:
        lo = bisect.bisect_left(rows, (a.toordinal(),))
        hi = bisect.bisect_left(rows, (b.toordinal() + 1,))
        # The latest _TEMPORAL_WINDOW rows *of the read's view*: rows written after the
        # read point are skipped, not counted, or later writes in the same range would
        # push out what the read saw and its replay would differ.
        seen = 0
        i = hi - 1
        while i >= lo and len(out) < 50 and seen < _TEMPORAL_WINDOW:
            ordinal, seq, eid = rows[i]
            if seq > at.seq:
                # Rows of one date are in seq order: skip that date's later rows at once.
                i = bisect.bisect_left(rows, (ordinal, at.seq + 1), lo, i) - 1
                continue
            i -= 1
            if not in_view(proj.docs[eid], at):
                continue
            seen += 1
            if eid not in out:
                out.append(eid)
        if len(out) >= 50:
            break
    return out


def audit(proj: Projector, plan: QueryPlan, at: ReadPoint) -> dict[str, Snippet]:
    """The audit lens's records (refused and quarantined writes, ...) as snippets, those
    sharing the question's words first, at most 20."""
    qterms = set(plan.terms)
    scored = []
    for seq, arow in proj.worldview.audit_rows:
        if seq > at.seq or (at.time is not None and arow.occurred_at > at.time):
            continue
        text = (
            f"[{date_label(arow.occurred_at)}] {arow.kind}: {arow.summary}"
            f" ({'; '.join(arow.reasons)})"
        )
        scored.append(
            (-len(qterms & set(tokens(text))), -seq, arow.event_id, text, arow.occurred_at)
        )
    return {
        eid: Snippet(
            id=eid,
            kind="audit",
            text=text,
            score=0.0,
            event_ids=(eid,),
            occurred_at=t,
            tokens=count_tokens("- " + text),
        )
        for _, _, eid, text, t in sorted(scored)[:20]
    }
