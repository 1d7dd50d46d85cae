"""Optional model providers (network I/O lives here) and the deterministic fallback around them.

Importing this package never imports httpx; only constructing
:class:`OpenAICompatibleProvider` needs it (``pip install 'nousmem[llm]'``).
"""

from __future__ import annotations

from nousmem.runtime.providers.config import ProviderConfig
from nousmem.runtime.providers.fallback import (
    ErrorKind,
    ExtractionResult,
    FallbackExtractor,
    FallbackRecord,
    error_kind,
)
from nousmem.runtime.providers.openai import OpenAICompatibleProvider

__all__ = [
    "ErrorKind",
    "ExtractionResult",
    "FallbackExtractor",
    "FallbackRecord",
    "OpenAICompatibleProvider",
    "ProviderConfig",
    "error_kind",
]
