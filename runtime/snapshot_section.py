"""The Worldview Snapshot section of a read's prompt: which slot lines it shows within their
share of the budget, and which candidates those lines present as current."""

from __future__ import annotations

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import tokens
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview_models import WorldviewSlot, WorldviewSnapshot, standing
from nousmem.runtime.asked import Asked
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.packing import fit_lines

__all__ = ["HEADERS", "competing", "snapshot_section", "without_echoes", "worldview_shown"]

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
    # The audit lens's refusals come as snippets of their own channel (ranked by the
    # question's words, replayed and never credited): listed here too they would say it
    # twice, in the budget twice. A listed slot's entries (standing instructions) that use
    # a question word come first.
    wv = without_echoes(wv).model_copy(update={"audit": (), "terms": frozenset(asked.terms)})
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
    if not any(r >= 2 for r in ranks.values()):
        # Nothing asked by its attribute: the relatives the question means ("Tell me about
        # my family") and the asker's slots that hold them lead, the rest left out.
        ranks = {s.id: max(ranks[s.id], asked.relative_rank(s)) for s in wv.slots}
    if any(ranks[s.id] > 0 and Asked.belief(s) and not standing(s) for s in wv.slots):
        kept = tuple(s for s in wv.slots if ranks[s.id] > 0 or not Asked.belief(s))
        wv = wv.model_copy(update={"slots": kept})
    wv_text = fit_lines(wv.render(rank=lambda s: ranks[s.id]), min(room, share))
    return asked, wv_text, room - count_tokens(wv_text)


# Words that make a preference said as text no more than the instruction read from it.
_FILLER = frozenset("always please remember make sure".split())


def without_echoes(wv: WorldviewSnapshot) -> WorldviewSnapshot:
    """``wv`` without the general preferences that only say again a standing instruction
    read from the same observation: "Always run the tests with pytest -q before
    committing." (a ``user_preference``) is the instruction "run the tests with pytest -q
    before committing"; two lines of it would cost the prompt twice. One that says more
    ("..., and keep commit messages short") stays."""
    said: dict[str, set[str]] = {}  # observation id -> the words of its instructions
    for s in wv.slots:
        if standing(s):
            for c in s.candidates:
                for e in c.evidence_ids:
                    said.setdefault(e, set()).update(tokens(c.value))
    if not said:
        return wv

    def echo(words: set[str], evidence: tuple[str, ...]) -> bool:
        covered = set().union(*(said.get(e, set()) for e in evidence))
        return bool(covered) and words - _FILLER <= covered

    slots: list[WorldviewSlot] = []
    for s in wv.slots:
        if s.kind == "preference" and s.id.endswith("/general"):
            kept = [c for c in s.candidates if not echo(set(tokens(c.value)), c.evidence_ids)]
            if not kept:
                continue
            if len(kept) < len(s.candidates):
                s = s.model_copy(update={"candidates": tuple(kept)})
        slots.append(s)
    return wv.model_copy(update={"slots": tuple(slots)})


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
