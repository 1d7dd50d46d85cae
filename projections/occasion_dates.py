"""Occasions on the days a question names: "What do I have on Friday?" asks for what is
dated Friday (a meeting, a task due), "What did I do last weekend?" for what happened then.

An occasion's value (a place visited, a thing done, a plan, a task: see
``WorldviewSlot.occasions``) keeps the days its claims said it happens or happened
(``WorldviewCandidate.told``); a question's time expression names a period. A value told
of a day in the period meets it: a read ranks its slot as an answer
(``runtime/asked.py``) and shows it first on the slot's line (``worldview_models.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the models render with this module: a type only, no import cycle
    from nousmem.projections.worldview_models import WorldviewCandidate

__all__ = ["meets", "met_first"]


def meets(candidate: WorldviewCandidate, period: tuple[datetime, datetime]) -> bool:
    """Whether ``candidate`` was told of a day in the half-open ``period``."""
    lo, hi = period[0].date(), period[1].date()
    return any(lo <= day < hi for day, _ in candidate.told)


def met_first(
    candidates: Sequence[WorldviewCandidate], period: tuple[datetime, datetime] | None
) -> list[WorldviewCandidate]:
    """``candidates`` with those that meet ``period`` first, each group in its order."""
    if period is None:
        return list(candidates)
    return sorted(candidates, key=lambda c: not meets(c, period))
