"""Read-path building blocks: snippets, fusion, packing and the MemoryContext."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from nousmem.projections.worldview_models import WorldviewSnapshot

_TOKENISH = re.compile(r"\w+|[^\w\s]")


def count_tokens(text: str) -> int:
    """Deterministic token estimate: words and punctuation marks, times 1.1.

    No tokenizer is bundled; this tracks BPE counts of English prose within ~15%.
    """
    return math.ceil(len(_TOKENISH.findall(text)) * 1.1)


class RetrievalConfig(BaseModel):
    """Knobs of the read path."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rrf_k: int = Field(default=60, ge=1)
    lexical_k: int = Field(default=60, ge=1)
    fact_lines: int = Field(default=12, ge=0)
    neighbor_window: int = Field(default=2, ge=0)
    """Turns before/after a lexical hit in the same conversation join as context."""
    worldview_share: float = Field(default=0.1, ge=0.0, le=1.0)
    """At most this share of the budget goes to the Worldview Snapshot section."""
    graph_seeds: int = Field(default=20, ge=0)
    graph_weight: float = Field(default=0.3, ge=0.0)
    trace_candidates: int = Field(default=60, ge=1)
    common_term_share: float = Field(default=0.2, gt=0.0, le=1.0)
    """Lexical terms found in more than this share of observations are left out of FTS5."""
    max_postings: int = Field(default=5000, ge=1)
    """Terms are added rarest first until their document counts would pass this."""
    """How many scored candidates a trace keeps."""
    channel_weights: dict[str, float] = Field(
        # Tuned on the LoCoMo development split (benchmarks/locomo.py): lexical evidence
        # dominates; the question's entities re-rank it; beliefs and time add what words miss.
        default_factory=lambda: {
            "lexical": 2.0,
            "entity": 1.0,
            "belief": 0.5,
            "temporal": 0.5,
            "neighbor": 0.3,
            "dense": 1.0,
        }
    )


class Snippet(BaseModel):
    """One piece of context with its provenance and why it scored what it did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str
    text: str
    score: float
    components: dict[str, float] = Field(default_factory=dict)
    channels: tuple[str, ...] = ()
    event_ids: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()
    occurred_at: datetime | None = None
    tokens: int = 0


class Suppressed(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    reason: str


class MemoryContext(BaseModel):
    """What a read returns: the worldview, snippets with provenance, and the trace id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    question: str
    lens: str
    worldview: WorldviewSnapshot
    snippets: tuple[Snippet, ...] = ()
    suppressed: tuple[Suppressed, ...] = ()
    prompt_sections: dict[str, str] = Field(default_factory=dict)
    token_count: int = 0
    budget_tokens: int = 0
    trace_id: str | None = None
    as_of_seq: int = 0
    plan: dict[str, Any] = Field(default_factory=dict)

    def to_prompt(self) -> str:
        """The Worldview Snapshot first, then the supporting snippets."""
        return render_prompt(self.prompt_sections)

    @property
    def refs(self) -> list[str]:
        """Every caller ``ref`` behind the snippets, in snippet order, unique."""
        return list(dict.fromkeys(r for s in self.snippets for r in s.refs))


def render_prompt(sections: dict[str, str]) -> str:
    parts = []
    if sections.get("worldview"):
        parts.append("## Worldview Snapshot\n" + sections["worldview"])
    if sections.get("snippets"):
        parts.append("## Supporting memories\n" + sections["snippets"])
    return "\n\n".join(parts)


def rrf(
    rankings: dict[str, Sequence[str]], *, k: int, weights: dict[str, float]
) -> dict[str, dict[str, float]]:
    """Reciprocal-rank fusion. Returns item -> {channel: contribution}."""
    out: dict[str, dict[str, float]] = {}
    for channel in sorted(rankings):
        w = weights.get(channel, 1.0)
        for rank, item in enumerate(rankings[channel]):
            out.setdefault(item, {})[channel] = w / (k + rank + 1)
    return out


def pack(
    candidates: Iterable[Snippet], budget: int, *, limit: int | None = None
) -> tuple[list[Snippet], list[Snippet]]:
    """Greedy packing by score (ties by id): returns (kept, dropped for budget)."""
    kept: list[Snippet] = []
    dropped: list[Snippet] = []
    used = 0
    for s in sorted(candidates, key=lambda s: (-s.score, s.id)):
        if (limit is not None and len(kept) >= limit) or used + s.tokens > budget:
            dropped.append(s)
            continue
        kept.append(s)
        used += s.tokens
    return kept, dropped
