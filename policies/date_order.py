"""Which order a date in figures is read in when the text does not show it ("5/8/2023").

"3/14/2023" can only be 14 March and "14/3/2023" only 14 March too: one part is over 12.
"5/8/2023" is 8 May in the US and 5 August in most of the world; the text cannot say which,
so by default it is read as no date at all. A deployment that knows its users' habit names
it (``InputConfig.date_order``): the runtime sets it with :func:`reading_dates` around each
of its reads and writes, and :func:`~nousmem.policies.timeexpr.resolve_time_expressions`
(and every extraction rule that resolves time through it) reads it from there. A context
variable carries it because time is resolved deep inside the rules, many calls away from
the runtime's configuration; each asyncio task sees its own value.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal

__all__ = ["DateOrder", "current_date_order", "reading_dates"]

DateOrder = Literal["mdy", "dmy"]
"""``"mdy"``: month first ("5/8/2023" is 8 May, as in the US); ``"dmy"``: day first (5
August, as in most of Europe)."""

_ORDER: ContextVar[DateOrder | None] = ContextVar("nousmem_date_order", default=None)


def current_date_order() -> DateOrder | None:
    """The order set by the innermost :func:`reading_dates`, or None (ambiguous dates are
    not read)."""
    return _ORDER.get()


@contextmanager
def reading_dates(order: DateOrder | None) -> Iterator[None]:
    """Read ambiguous dates in figures in ``order`` (None: not at all) inside the block."""
    if order not in (None, "mdy", "dmy"):
        raise ValueError(f"date order must be 'mdy', 'dmy' or None, not {order!r}")
    token = _ORDER.set(order)
    try:
        yield
    finally:
        _ORDER.reset(token)
