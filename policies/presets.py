"""Named router presets (configuration as data, as graphiti's search recipes)."""

from __future__ import annotations

from nousmem.policies.router import RouterConfig
from nousmem.projections.errors import InvalidInput

DEFAULT = RouterConfig()

STRICT = RouterConfig(
    quarantine_risk=0.3,
    min_reliability=0.4,
    trusted_reliability=0.8,
    gate_surprise_bits=1.0,
    sleep_utility=0.6,
)
"""Hold more claims for corroboration and quarantine on weaker risk signals."""

PERMISSIVE = RouterConfig(
    quarantine_risk=0.9,
    min_reliability=0.05,
    trusted_reliability=0.3,
    gate_surprise_bits=6.0,
    clarify_hedged=False,
)
"""Let nearly every claim update beliefs; only blatant risks are quarantined."""

ROUTER_PRESETS: dict[str, RouterConfig] = {
    "default": DEFAULT,
    "permissive": PERMISSIVE,
    "strict": STRICT,
}


def router_preset(name: str) -> RouterConfig:
    """The preset called ``name``.

    Raises ``InvalidInput`` (a ``ValueError``; field ``name``) listing the known ones.
    """
    # isinstance first: an unhashable name would raise TypeError from the dict lookup.
    if isinstance(name, str) and name in ROUTER_PRESETS:
        return ROUTER_PRESETS[name]
    raise InvalidInput(
        f"unknown router preset {name!r}; known: {', '.join(sorted(ROUTER_PRESETS))}",
        field="name",
    )
