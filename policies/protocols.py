"""Protocols the runtime plugs policies in through."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from nousmem.projections.models import Claim, Observation


@runtime_checkable
class Extractor(Protocol):
    """Turns an observation into claims.

    Implementations must be deterministic for a given observation (the rule extractor) or
    declare themselves non-deterministic (LLM-backed ones); the runtime journals what they
    returned, so rebuilds never call an extractor again.
    """

    name: str

    async def extract(self, obs: Observation) -> list[Claim]:
        """Return the claims found in ``obs`` (caller-supplied claims included)."""
        ...
