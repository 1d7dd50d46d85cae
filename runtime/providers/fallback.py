"""Deterministic fallback around an optional (LLM) extractor.

When the primary extractor fails with a :class:`~nousmem.runtime.errors.ProviderError`
(timeout, unreachable/HTTP error, malformed answer), the fallback extractor — normally the
deterministic rule extractor — produces the claims instead, and a :class:`FallbackRecord`
says what happened so the runtime can journal it as an event.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from nousmem.policies.protocols import Extractor
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.errors import (
    ProviderError,
    ProviderMalformed,
    ProviderTimeout,
)
from nousmem.runtime.logging import get_logger

__all__ = [
    "ErrorKind",
    "ExtractionResult",
    "FallbackExtractor",
    "FallbackRecord",
    "checked",
    "error_kind",
]

_log = get_logger(__name__)

ErrorKind = Literal["timeout", "unavailable", "malformed"]


def error_kind(exc: ProviderError) -> ErrorKind:
    """Classify a provider error: ``timeout``, ``malformed`` or (anything else) ``unavailable``."""
    if isinstance(exc, ProviderTimeout):
        return "timeout"
    if isinstance(exc, ProviderMalformed):
        return "malformed"
    return "unavailable"


class FallbackRecord(BaseModel):
    """Why the primary extractor was not used: journal this as an event.

    ``error`` is the kind of failure (not called ``kind``, which is the event discriminator).
    The fields match the runtime's ``FallbackPayload``, so
    ``FallbackPayload(**record.model_dump(), observation_id=...)`` journals it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    provider: str = Field(min_length=1)
    error: ErrorKind
    message: str
    fallback: str = Field(min_length=1)


class ExtractionResult(BaseModel):
    """Claims plus the name of the extractor that produced them and any fallback taken."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    claims: tuple[Claim, ...]
    extractor: str
    fallback: FallbackRecord | None = None

    @property
    def fell_back(self) -> bool:
        """True when the fallback extractor produced the claims."""
        return self.fallback is not None


class FallbackExtractor:
    """Try ``primary``; on any ProviderError use ``fallback`` and report it.

    ``timeout_s`` optionally puts an overall deadline on the primary (useful when it is not an
    :class:`~nousmem.runtime.providers.OpenAICompatibleProvider`, which has its own); running
    past it counts as a ``timeout``. Errors that are not ProviderErrors (bugs, bad input) and
    errors raised by the fallback itself propagate unchanged.
    """

    def __init__(
        self, primary: Extractor, fallback: Extractor, *, timeout_s: float | None = None
    ) -> None:
        """Wrap ``primary`` with ``fallback``; ``timeout_s`` must be positive when given."""
        if timeout_s is not None and timeout_s <= 0:
            raise ValueError("timeout_s must be positive")
        self.primary = primary
        self.fallback = fallback
        self.timeout_s = timeout_s
        self.name: str = f"{primary.name}|{fallback.name}"

    def __repr__(self) -> str:
        return f"FallbackExtractor(primary={self.primary.name!r}, fallback={self.fallback.name!r})"

    async def extract_with_fallback(self, obs: Observation) -> ExtractionResult:
        """Extract with the primary, or with the fallback plus a :class:`FallbackRecord`."""
        try:
            if self.timeout_s is None:
                claims = await self.primary.extract(obs)
            else:
                try:
                    async with asyncio.timeout(self.timeout_s):
                        claims = await self.primary.extract(obs)
                except TimeoutError:
                    raise ProviderTimeout(
                        f"{self.primary.name} gave no answer within {self.timeout_s:g}s"
                    ) from None
            # An answer that is not a list of claims is a malformed provider: fall back.
            primary = checked(self.primary.name, claims)
        except ProviderError as exc:
            record = FallbackRecord(
                provider=self.primary.name,
                error=error_kind(exc),
                message=str(exc) or type(exc).__name__,
                fallback=self.fallback.name,
            )
            _log.warning(
                "extractor.fallback",
                provider=record.provider,
                error=record.error,
                reason=record.message,
                fallback=record.fallback,
            )
            result = checked(self.fallback.name, await self.fallback.extract(obs))
            return result.model_copy(update={"fallback": record})
        return primary

    async def extract(self, obs: Observation) -> list[Claim]:
        """Extractor protocol: the claims of :meth:`extract_with_fallback`, without the record."""
        return list((await self.extract_with_fallback(obs)).claims)


def checked(name: str, claims: Any) -> ExtractionResult:
    """A plugged-in extractor's answer, refused (before anything is written) unless it is
    a sequence of claims."""
    if isinstance(claims, str | bytes) or not isinstance(claims, Iterable):
        raise ProviderMalformed(
            f"extractor {name!r} returned {type(claims).__name__}, not a list of claims"
        )
    try:
        return ExtractionResult(claims=tuple(claims), extractor=name, fallback=None)
    except ValidationError as exc:
        raise ProviderMalformed(
            f"extractor {name!r} returned something that is not a list of claims:"
            f" {exc.errors()[0]['msg']}"
        ) from None
