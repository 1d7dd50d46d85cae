"""A tool memory holds, replaced by one switched to for the same job: "We switched to
Linear" after "We use Jira" ends ``Jira``.

``uses`` holds many tools at once, so a new tool alone takes no other's place, and "We
switched to Linear" left Jira held beside Linear. A change the extractor reads ("switched
to", "moved to", "migrated to", "now") of a tool this reading knows the job of
(``policies/tool_kinds.py``: Linear is an issue tracker) denies each other tool for that
job held when it was said. Not when the message keeps it ("We now use Linear too", "also",
"as well", "alongside", "in addition", or a use for one thing said with "now" and no verb of
switching: "We now use Linear for roadmaps"), nor when the claims deny one for that job already
("We switched from Jira to Linear" names what it replaces). Each denial is journaled with
the extractor's claims, dated as the switch is ("last month").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_values import HeldValues
from nousmem.policies.tool_kinds import same_tool, tool_kind
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["kept_beside", "replaced_tools"]

# Words that keep the tools held beside the new one.
_BESIDE = re.compile(
    r"\b(?:too|also|as\s+well|alongside|in\s+addition|on\s+top\s+of|besides|both|side\s+by"
    r"\s+side|together\s+with|plus|for\s+some|for\s+a\s+few|partly|partially|some\s+of)\b",
    re.IGNORECASE,
)
# A verb that switches, as against "now" alone.
_SWITCHING = re.compile(
    r"\b(?:switch\w*|migrat\w*|mov(?:e|ed|es|ing)|replac\w*|upgrad\w*|went\s+(?:back|over))\b",
    re.IGNORECASE,
)
# What the tool is used for, after it: "for roadmaps".
_SCOPE = re.compile(r"\s+for\s+(?!now\b|good\b|everything\b|all\b)\w", re.IGNORECASE)
# The sentence around a claim's span: from the last break before it to the next after it.
_BREAK = re.compile(r"[.!?;\n]")


def replaced_tools(
    claims: Sequence[Claim], content: str, occurred: datetime, held: HeldValues
) -> list[Claim]:
    """The denials of the tools held at ``occurred`` that a tool ``claims`` switch to
    replaces (see the module doc), less those ``claims`` already make."""
    out: list[Claim] = []
    for c in claims:
        if c.attribute != "uses" or c.polarity != "assert" or not c.change:
            continue
        kind = tool_kind(c.value)
        if kind is None or kept_beside(content, c.span):
            continue
        denied = [
            d.value
            for d in (*claims, *out)
            if d.attribute == "uses"
            and d.polarity == "negate"
            and match_key(d.entity) == match_key(c.entity)
        ]
        if any(tool_kind(v) == kind for v in denied):
            continue  # "from Jira to Linear": the claims say what it replaces
        for value in held(c.entity, "uses", occurred):
            if tool_kind(value) != kind or same_tool(value, c.value):
                continue
            if any(match_key(v) == match_key(value) for v in denied):
                continue
            out.append(c.model_copy(update={"value": value, "polarity": "negate"}))
    return out


def kept_beside(content: str, span: tuple[int, int] | None) -> bool:
    """Whether the sentence of the claim at ``span`` keeps the other tools ("too")."""
    if span is None:
        return _BESIDE.search(content) is not None
    starts = [m.end() for m in _BREAK.finditer(content, 0, span[0])]
    end = _BREAK.search(content, span[1])
    lo, hi = (starts[-1] if starts else 0), (end.start() if end else len(content))
    if _BESIDE.search(content, lo, hi) is not None:
        return True
    # "We now use Linear for roadmaps": a use for one thing, said with no verb of switching,
    # keeps the tools used for others.
    return (
        _SWITCHING.search(content, lo, hi) is None
        and _SCOPE.search(content, span[1], hi) is not None
    )
