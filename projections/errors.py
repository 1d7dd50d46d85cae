"""The root of nousmem's error hierarchy, in the lowest layer.

``NousmemError`` and ``InvalidInput`` live here so that the pure helpers of ``policies``
(``router_preset``) can raise them without importing ``runtime`` (imports go one way:
runtime -> policies -> projections). ``nousmem.runtime.errors`` re-exports both and defines
the rest of the hierarchy; import them from there (or from ``nousmem.runtime``).
"""

from __future__ import annotations


class NousmemError(Exception):
    """Root of every error nousmem raises."""


class InvalidInput(NousmemError, ValueError):
    """Bad input at a public entry point. Nothing was written.

    ``field`` names the offending field (dotted path) when there is one.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


__all__ = ["InvalidInput", "NousmemError"]
