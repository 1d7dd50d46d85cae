"""Small helpers shared by the runtime scenario tests."""

from __future__ import annotations

from typing import Any

from nousmem.runtime import MemoryRuntime


def claim(
    value: str,
    attribute: str = "employer",
    entity: str = "Alice",
    confidence: float = 1.0,
    **extra: Any,
) -> dict[str, Any]:
    """A caller-supplied claim as a dict (the shape ``observe(..., claims=[...])`` takes)."""
    return {
        "entity": entity,
        "attribute": attribute,
        "value": value,
        "confidence": confidence,
        **extra,
    }


async def kinds_after(rt: MemoryRuntime, seq: int) -> list[str]:
    """The kinds of the events appended after ``seq``, in order."""
    return [e.kind async for e in rt.events(after_seq=seq)]
