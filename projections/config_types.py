"""Number types and the model settings shared by the configuration models.

Every weight, share and duration in a config is a finite number in its range, so a bad value
is refused (``InvalidInput`` naming ``config.<path>``) when the config is built, not at the
first write or read that computes with it (a NaN weight made every write fail to serialise
its assessment; a negative TTL made every query raise).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

__all__ = ["CONFIG", "MAX_DAYS", "Days", "Unit", "Weight"]

CONFIG = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)
"""``model_config`` of configuration models: frozen, no unknown keys, finite floats."""

Weight = Annotated[float, Field(ge=0.0, allow_inf_nan=False)]
"""A non-negative weight of a sum (a component, a channel)."""

Unit = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
"""A share, a trust or a utility in [0, 1]."""

MAX_DAYS = 3_650_000.0
"""The longest TTL, 10,000 years: longer ones cannot be added to a date."""

Days = Annotated[float, Field(gt=0.0, le=MAX_DAYS, allow_inf_nan=False)]
"""A positive duration in days (a TTL), at most :data:`MAX_DAYS`."""
