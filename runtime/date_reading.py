"""The runtime's reads and writes resolve dates in the order its configuration names.

Time is resolved deep inside the extraction rules and the query planner, many calls away
from :class:`~nousmem.runtime.config.InputConfig`; :func:`reads_dates` sets
``InputConfig.date_order`` (see :mod:`nousmem.policies.date_order`) around a public method
of the runtime for everything it calls, and puts the previous order back when it returns.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from nousmem.policies.date_order import reading_dates
from nousmem.runtime.config import RuntimeConfig

__all__ = ["reads_dates"]

P = ParamSpec("P")
R = TypeVar("R")


class _Configured(Protocol):
    config: RuntimeConfig


S = TypeVar("S", bound=_Configured)


def reads_dates(
    method: Callable[Concatenate[S, P], Awaitable[R]],
) -> Callable[Concatenate[S, P], Awaitable[R]]:
    """Run the coroutine method with its runtime's ``config.input.date_order`` in force."""

    @functools.wraps(method)
    async def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with reading_dates(self.config.input.date_order):
            return await method(self, *args, **kwargs)

    return wrapper
