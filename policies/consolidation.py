"""Sleep: choosing what to consolidate. Pure and deterministic for a given input.

The runtime gathers clusters from projections (repeated claims, repeated successful task
results, values shared across entities, conflicted slots) and this module ranks them,
compiles a typed summary for each and says what it skipped and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from nousmem.projections.belief_models import match_key
from nousmem.projections.config_types import CONFIG

ItemType = Literal["frame", "procedure", "schema"]


class Cluster(BaseModel):
    """Related evidence that might compile into one item."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item_type: ItemType
    key: str
    summary: str
    sources: tuple[str, ...]
    impact: float = 0.0
    conflicted: bool = False
    retrieved: int = 0
    min_sources: int = 2
    entities: tuple[str, ...] = ()
    """The entities a schema names (its holders)."""
    quotes: tuple[tuple[str, ...], ...] = ()
    """Sources the summary quotes word for word: per passage, the sources saying it."""


class SleepConfig(BaseModel):
    model_config = CONFIG

    budget: int = Field(default=20, ge=1)
    min_repeats: int = Field(default=3, ge=2)
    min_procedure_successes: int = Field(default=2, ge=1)
    min_schema_entities: int = Field(default=2, ge=2)


class Compiled(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    item_type: ItemType
    key: str
    summary: str
    sources: tuple[str, ...]
    score: float
    entities: tuple[str, ...] = ()
    quotes: tuple[tuple[str, ...], ...] = ()


class Skipped(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    reason: str


def priority(c: Cluster) -> float:
    """High-impact, conflicted, repeated and recently retrieved clusters come first."""
    return round(
        c.impact
        + (1.0 if c.conflicted else 0.0)
        + 0.5 * min(c.retrieved, 4)
        + 0.1 * len(c.sources),
        9,
    )


def plan_sleep(
    clusters: Sequence[Cluster],
    *,
    budget: int,
    compiled: Mapping[str, frozenset[str]],
    named: Mapping[str, frozenset[str]] | None = None,
    said: Mapping[str, str] | None = None,
) -> tuple[list[Compiled], list[Skipped]]:
    """Rank clusters and pick at most ``budget``; never recompile unchanged evidence.
    ``compiled``: the sources of each key's latest compiled item; ``named``: the entity
    keys it names (a schema). An item naming other entities than its cluster (after a
    merge, the same evidence names fewer entities) is compiled again. ``said``: each key's
    latest summary; a procedure whose summary changed with the same successes (failures
    since: "worked 2 times, failed 4") is compiled again, so any sleep schedule ends with
    what one pass over the same journal says."""
    out: list[Compiled] = []
    skipped: list[Skipped] = []
    named = named or {}
    said = said or {}
    for c in sorted(clusters, key=lambda c: (-priority(c), c.item_type, c.key)):
        holders = frozenset(match_key(n) for n in c.entities)
        if len(set(c.sources)) < c.min_sources:
            skipped.append(Skipped(key=c.key, reason=f"only {len(set(c.sources))} source(s)"))
        elif (
            compiled.get(c.key) == frozenset(c.sources)
            and named.get(c.key, holders) == holders
            and (c.item_type != "procedure" or said.get(c.key, c.summary) == c.summary)
        ):
            skipped.append(Skipped(key=c.key, reason="already compiled from the same evidence"))
        elif len(out) >= budget:
            skipped.append(Skipped(key=c.key, reason=f"over budget ({budget})"))
        else:
            out.append(
                Compiled(
                    item_type=c.item_type,
                    key=c.key,
                    summary=c.summary,
                    sources=tuple(sorted(set(c.sources))),
                    score=priority(c),
                    entities=c.entities,
                    quotes=c.quotes,
                )
            )
    return out, skipped
