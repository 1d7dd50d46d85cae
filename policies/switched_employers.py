"""A switch to an employer memory knows: "Yes, I switched to Globex last week" after a record
that Sam works at Globex is a change of job, not of a tool.

"switched to X" reads as a tool taken up (``uses``: "We switched to Linear"), and a name
the tool lists do not know is read so too. Where memory was told X as the entity's
employer and never as a tool of theirs, and X is no tool by name
(``policies/tool_kinds.py``), the claim is of the ``employer``: the job held before is
then superseded as any new employer supersedes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nousmem.policies.tool_kinds import tool_kind
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["switched_employers"]

Said = Callable[[str, str], Sequence[str]]


def switched_employers(claims: Sequence[Claim], said: Said) -> list[Claim]:
    """``claims``, a switch to a tool that memory knows as the entity's employer read as a
    change of employer (see the module doc)."""
    out: list[Claim] = []
    for c in claims:
        if (
            c.attribute == "uses"
            and c.polarity == "assert"
            and c.change
            and tool_kind(c.value) is None
            and _told(said(c.entity, "employer"), c.value)
            and not _told(said(c.entity, "uses"), c.value)
        ):
            c = c.model_copy(update={"attribute": "employer"})
        out.append(c)
    return out


def _told(values: Sequence[str], value: str) -> bool:
    return match_key(value) in {match_key(v) for v in values}
