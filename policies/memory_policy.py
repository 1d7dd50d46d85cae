"""MemoryPolicy: a planner's structured memory intent (retrieval, write, forget, consolidate).

A planner (an LLM or code) proposes a policy; the runtime validates it with the
ValidatorStack and only then executes it. The planner never holds the storage handle.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool

from nousmem.projections.models import InputClaim, source_name

ForgetVerb = Literal["decay", "inhibit", "invalidate", "archive", "compress", "expire", "restore"]


def _not_blank(text: str) -> str:
    # As query() and forget() refuse a blank question or reason: a policy must fail its
    # validation before anything is journaled, not halfway through its execution.
    if not text.strip():
        raise ValueError("must not be blank")
    return text


NonBlank = Annotated[str, AfterValidator(_not_blank)]


# Read as an observation's source is: the revisions a write makes carry it, and a blank or
# overlong one used to fail there, mid-commit, as pydantic's own error.
SourceName = Annotated[str, AfterValidator(source_name)]


class RetrievalIntent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    question: NonBlank = Field(min_length=1, max_length=2000)
    lens: Literal["logical", "procedural", "historical", "audit", "associative"] = "associative"
    budget_tokens: int = Field(default=1000, ge=16, le=200_000)


class WriteIntent(BaseModel):
    """Claims to commit as belief updates, citing the events they rest on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    claims: tuple[InputClaim, ...] = Field(min_length=1)
    evidence_ids: tuple[str, ...] = ()
    namespace: str | None = None
    source: SourceName = "planner"


class ForgetIntent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    targets: tuple[str, ...] = Field(min_length=1)
    verb: ForgetVerb
    reason: NonBlank = Field(min_length=1, max_length=4000)
    namespace: str | None = None


class ConsolidateIntent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    clusters: tuple[tuple[str, ...], ...] = ()
    # target_type is checked by the ConsolidationPlanNamed validator (journaled); the
    # bounds keep a runaway planner's text out of the journal and of sleep summaries.
    target_type: str = Field(default="", max_length=100)
    summary: str = Field(default="", max_length=4000)
    namespace: str | None = None


class MemoryPolicy(BaseModel):
    """Everything a planner may ask of memory in one step."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    retrieval: RetrievalIntent | None = None
    writes: tuple[WriteIntent, ...] = ()
    forget: tuple[ForgetIntent, ...] = ()
    consolidate: tuple[ConsolidateIntent, ...] = ()
    authorized: StrictBool = False
    source: SourceName = "planner"
    rationale: str = Field(default="", max_length=2000)

    @property
    def empty(self) -> bool:
        return not (self.retrieval or self.writes or self.forget or self.consolidate)


_FORGET = re.compile(
    r"^\s*(?:please\s+)?(forget|inhibit|archive|invalidate|decay|expire|compress|restore)\b\s*(.*)$",
    re.I,
)
_QUESTION = re.compile(
    r"\?\s*$|^\s*(?:who|what|when|where|which|why|how|do|does|did|is|are)\b", re.I
)


def deterministic_policy(text: str) -> MemoryPolicy:
    """The fallback planner: a retrieval intent for questions, a forget intent for
    "forget/inhibit/archive ... <ids>", otherwise a retrieval of the text itself.

    It never invents writes: writes need evidence ids, which free text does not carry.
    """
    text = " ".join(text.split())
    m = _FORGET.match(text)
    if m:
        word = m.group(1).lower()
        verb: ForgetVerb = "inhibit" if word == "forget" else word  # type: ignore[assignment]
        targets = tuple(t for t in re.findall(r"[0-9A-HJKMNP-TV-Z]{26}", m.group(2)))
        if targets:
            return MemoryPolicy(
                # The request is its own reason, cut to what a reason holds.
                forget=(ForgetIntent(targets=targets, verb=verb, reason=text[:4000]),),
                source="deterministic",
                rationale="forget request with event ids",
            )
    return MemoryPolicy(
        retrieval=RetrievalIntent(question=text[:2000]),
        source="deterministic",
        rationale="question" if _QUESTION.search(text) else "treated as a retrieval request",
    )
