"""The Worldview Snapshot section of a read's prompt: which slot lines it shows within their
share of the budget, and which candidates those lines present as current."""

from __future__ import annotations

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import match_key
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview_models import WorldviewSnapshot, standing
from nousmem.runtime.asked import Asked
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.packing import fit_lines

__all__ = ["HEADERS", "competing", "snapshot_section", "worldview_shown"]

#: The prompt's two section headers.
HEADERS = ("## Worldview Snapshot", "## Supporting memories")


def competing(wv: WorldviewSnapshot) -> dict[str, frozenset[str]]:
    """The conflicted slots of ``wv``: slot id -> the match keys of its competing values (not
    a value a correction superseded before the dispute began)."""
    return {
        s.id: frozenset(match_key(c.value) for c in s.candidates if c.status == "conflicted")
        for s in wv.slots
        if s.status == "conflicted"
    }


def snapshot_section(
    wv: WorldviewSnapshot, plan: QueryPlan, budget_tokens: int, config: RuntimeConfig
) -> tuple[Asked, str, int]:
    """The Worldview Snapshot's lines within their share of the budget: (what the
    question asks about, the lines, the tokens left for snippets). Headers and bullets
    count, so the rendered prompt never exceeds the budget."""
    cfg = config.retrieval
    room = budget_tokens - sum(count_tokens(h) for h in HEADERS)
    # The slots the question asks about first: a long unrelated line must not take the
    # share (or be the one kept while the asked one is skipped).
    asked = Asked(plan, config.attributes.spec)
    # A listed slot's entries (standing instructions) that use a question word first.
    wv = wv.model_copy(update={"terms": frozenset(asked.terms)})
    # Standing instructions have room of their own, on top of the snapshot's share.
    told = sum(count_tokens(ln) for s in wv.slots if standing(s) for ln, _ in wv.render_lines(s))
    # The asked slots' own lines (a past question's "before:" line too) are the answer:
    # they may take more than the snapshot's share, up to ``asked_share``.
    share = int(budget_tokens * cfg.worldview_share)
    share = max(share, min(asked.answer_tokens(wv), int(budget_tokens * cfg.asked_share)))
    share += min(told, int(budget_tokens * cfg.instruction_share))
    # A question that asks for some beliefs gets those: other facts would take the room
    # of the turns that answer it. One that asks for none gets what memory holds.
    ranks = {s.id: asked.slot_rank(s) for s in wv.slots}
    if any(ranks[s.id] > 0 and Asked.belief(s) and not standing(s) for s in wv.slots):
        kept = tuple(s for s in wv.slots if ranks[s.id] > 0 or not Asked.belief(s))
        wv = wv.model_copy(update={"slots": kept})
    wv_text = fit_lines(wv.render(rank=lambda s: ranks[s.id]), min(room, share))
    return asked, wv_text, room - count_tokens(wv_text)


def worldview_shown(wv: WorldviewSnapshot, wv_text: str) -> list[str]:
    """Candidates the prompt's Worldview Snapshot lines present as current: outcome
    feedback (``after_turn``) reaches them as it reaches the snippets. A conflicted
    slot presents none of its values as current, nor does one that "unknown" leads."""
    lines = set(wv_text.splitlines())
    return [
        c.id
        for slot in wv.slots
        if slot.status not in ("conflicted", "empty")
        for line, cands in wv.render_lines(slot)
        if line in lines  # not cut by the worldview's share of the budget
        for c in cands
        if c.status == "selected"  # not a resolved value's runner-up ("[less likely]")
    ]
