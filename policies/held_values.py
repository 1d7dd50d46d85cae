"""The read of memory that the write-time readings of ``runtime/claims_in_context.py`` take:
the values held of (entity, attribute) at an instant, and every value ever told."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

__all__ = ["HeldValues", "Relative", "SaidValues"]

#: The values memory holds of (entity, attribute) at an instant.
HeldValues = Callable[[str, str, datetime], Sequence[str]]
#: Every value memory was ever told of (entity, attribute).
SaidValues = Callable[[str, str], Sequence[str]]
#: The entity a relative said so means ("my mom", "Mom", "my sister": the one memory knows
#: by name, or the speaker's by the noun), or None (no relative, or no one known).
Relative = Callable[[str], str | None]
