"""The erasure gate: reads share it, an erasure holds it alone.

A read assembles its context from the projections and then journals a trace that names what
it showed. An erasure scans the journal for records that name what it erases, erases them,
and rebuilds the projections. Without a gate, a read could assemble from projections that
still hold the erased content, or journal its trace after the erasure's scan, and so keep
erased content in the journal or hand it out after ``erase`` returned.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

__all__ = ["ErasureGate"]


class ErasureGate:
    """Shared by reads, exclusive for an erasure, per namespace.

    An erasure waits for the reads in flight and, from the moment it asks, holds new reads
    back (so a stream of reads cannot starve it). Not reentrant. Letting go never awaits,
    so a cancelled task cannot leave the gate shut.
    """

    def __init__(self) -> None:
        self._readers = 0
        self._erasing = False
        self._waiters: list[asyncio.Future[None]] = []
        self._epoch = 0

    @property
    def epoch(self) -> int:
        """Changes when an erasure takes the gate and when it lets go (never while a read
        holds it): a read that saw one value at its start and another once inside overlapped
        an erasure."""
        return self._epoch

    @property
    def readers(self) -> int:
        """Reads holding the gate now."""
        return self._readers

    @property
    def erasing(self) -> bool:
        """True from the moment an erasure asks for the gate until it lets go."""
        return self._erasing

    def _changed(self) -> None:
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def _next_change(self) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        await fut

    async def enter_read(self) -> None:
        """Wait until no erasure runs or waits, then hold the gate as one of the reads."""
        while self._erasing:
            await self._next_change()
        self._readers += 1

    def leave_read(self) -> None:
        self._readers -= 1
        self._changed()

    @asynccontextmanager
    async def erasure(self) -> AsyncIterator[None]:
        """Hold the gate alone: no read is in flight inside, and none starts."""
        while self._erasing:
            await self._next_change()
        self._erasing = True
        held = False
        try:
            while self._readers:
                await self._next_change()
            self._epoch += 1  # now it holds the gate: no read is inside to see the change
            held = True
            yield
        finally:
            self._erasing = False
            if held:  # an erasure cancelled while it waited changed nothing a read could see
                self._epoch += 1
            self._changed()
