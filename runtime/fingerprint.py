"""What a read's result depends on besides the journal: its configuration and the software.

Each trace records a digest of the settings that shape a read and the nousmem version that
made it, so a replay that differs can say whether the difference comes from the journal or
from a changed setup (a config change or an upgrade), which no journal event explains.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Any

from nousmem.runtime.canonical import canonical_json, payload_digest
from nousmem.runtime.config import RuntimeConfig

# The sections a read (or the projections it reads) depends on. Write-only settings (the
# router, impact weights, journal durability, input limits, sleep, the LLM provider) change
# what gets written, which the journal records, not how a given journal is read.
READ_SECTIONS = ("attributes", "beliefs", "lifecycle", "retrieval", "trust", "ttl", "worldview")


def config_digest(config: RuntimeConfig, embedder: str | None) -> str:
    """Digest of the read settings of ``config`` and the dense embedder (its name, or its
    type when it has none; None without a dense channel)."""
    # ~75 us to compute, so kept per config object (configs are frozen, and the few a
    # process uses stay alive; ``is`` guards against a reused id).
    key = (id(config), embedder)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is config:
        return hit[1]
    doc: dict[str, Any] = {s: getattr(config, s).model_dump(mode="json") for s in READ_SECTIONS}
    doc["embedder"] = embedder
    digest = payload_digest(canonical_json(doc)).hex()[:32]
    if len(_CACHE) >= 16:
        _CACHE.clear()
    _CACHE[key] = (config, digest)
    return digest


_CACHE: dict[tuple[int, str | None], tuple[RuntimeConfig, str]] = {}


@cache
def software_version() -> str:
    """The installed nousmem version ("unknown" when not installed as a distribution)."""
    try:
        return metadata.version("nousmem")
    except metadata.PackageNotFoundError:  # pragma: no cover - always installed here
        return "unknown"
