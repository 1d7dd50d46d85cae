"""Retrying a guarded write that another writer made stale."""

from __future__ import annotations

import asyncio
import random

__all__ = ["GUARDED_RETRIES", "backoff"]

_JITTER = random.Random()  # retry timing only: never what a write records

GUARDED_RETRIES = 12
"""Plans a guarded write (governed writes, ``forget``, ``sleep``) tries before it gives up
with StaleHead, each after a refresh and, from the second, a jittered backoff."""


async def backoff(attempt: int) -> None:
    """Wait before planning a refused guarded write again (after ``attempt`` plans).

    The writer that just committed is caught up and would win every race replanned at once:
    from the second refusal on, a random share of 2, 4 ... 256 ms lets either go first (the
    wait is timing only; what is written never depends on it). About 1 s in all before a
    writer gives up.
    """
    if attempt > 1:
        cap = 0.001 * 2 ** min(attempt - 1, 8)
        await asyncio.sleep(_JITTER.uniform(cap / 4, cap))
