"""Value types shared by every layer: observations and claims.

They live in the lowest layer (projections) so that policies and runtime can use them without
the projections ever importing upwards.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

_IDENT = re.compile(r"^[a-z][a-z0-9_.:/-]{0,63}$")

UNKNOWN = "<unknown>"
"""The value a belief uses for "no value": a claim may not name it."""


def reserved_value(value: str) -> bool:
    """Whether ``value`` is :data:`UNKNOWN` in any case or spacing."""
    return " ".join(value.split()).casefold() == UNKNOWN


KNOWN_OBSERVATION_TYPES: tuple[str, ...] = (
    "document",
    "fact",
    "feedback",
    "note",
    "task_result",
    "tool_result",
    "user_preference",
    "utterance",
)


# Control characters other than whitespace (NUL, ESC, ...): in a name they would make
# "Al\x00ice" an entity of its own that renders like "Alice".
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NUMBER = re.compile(r"\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*")
CONTROL_CHARS = _CONTROL
"""Control characters no name (an actor, an asker) may hold."""


def _norm_text(value: str, field: str) -> str:
    # Claim text may come from an extractor reading raw content: control characters become
    # spaces, as tabs and newlines do, rather than failing the whole write.
    value = " ".join(_CONTROL.sub(" ", value).split())
    if not value:
        raise ValueError(f"{field} must not be empty")
    return value


Offset = Annotated[int, Field(ge=0, le=2**31 - 1)]


class Claim(BaseModel):
    """An (entity, attribute, value) triple with the confidence of whoever asserted it.

    ``polarity="negate"`` says the value does *not* hold ("no longer plays tennis").
    ``change=True`` marks explicit update language ("now", "switched to", "moved to").
    ``retracts=True`` marks a correction of what was said before rather than a change in
    the world ("Actually no, Ana still lives in Porto", "Sorry, I meant Acme"): the value
    it replaces is taken back, never having held.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity: str = Field(min_length=1, max_length=200)
    attribute: str = Field(min_length=1, max_length=100)
    value: str = Field(min_length=1, max_length=500)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    polarity: Literal["assert", "negate"] = "assert"
    change: bool = False
    retracts: bool = False
    hedged: bool = False
    valid_at: date | None = None
    # Character offsets into the observation's content (bounded: they are stored and shown).
    span: tuple[Offset, Offset] | None = None
    extractor: str = "caller"

    @field_validator("entity", "value")
    @classmethod
    def _strip(cls, v: str) -> str:
        return _norm_text(v, "claim text")

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, v: Any) -> Any:
        if isinstance(v, bool):  # True would be read as 1.0
            raise ValueError("confidence must be a number from 0 to 1, not a boolean")
        return v

    @field_validator("attribute")
    @classmethod
    def _attr(cls, v: str) -> str:
        v = "_".join(v.strip().lower().split())
        if not _IDENT.match(v):
            raise ValueError("attribute must be a short lowercase identifier, e.g. 'employer'")
        return v


def source_name(v: str) -> str:
    """A source as every record keeps it (an observation's, a planner write's): stripped,
    1-100 characters, the bound a belief revision's ``source`` holds."""
    v = v.strip()
    if not v or len(v) > 100:
        raise ValueError("source must be 1-100 characters, e.g. 'user' or 'tool:search'")
    return v


def _not_reserved(claim: Claim) -> Claim:
    if reserved_value(claim.value):
        raise ValueError(f"value {UNKNOWN!r} is reserved: a belief's 'no value'")
    return claim


InputClaim = Annotated[Claim, AfterValidator(_not_reserved)]
"""A claim as callers and planners give it. Checked at input only: stored payloads that
hold a claim are read back as they were written, whatever the rules are now."""


class Observation(BaseModel):
    """One raw experience, as the caller hands it to the runtime.

    ``occurred_at`` is world time; when missing the runtime fills it from its clock.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str = "utterance"
    content: str
    source: str = "user"
    actor: str | None = None
    occurred_at: datetime | None = None
    ref: str | None = Field(default=None, max_length=200)
    keywords: tuple[str, ...] = ()
    claims: tuple[InputClaim, ...] = ()
    metadata: dict[str, Any] = Field(default_factory=dict)
    namespace: str | None = None

    @field_validator("occurred_at", mode="before")
    @classmethod
    def _occurred_at(cls, v: Any) -> Any:
        # Pydantic would read 5, "5" or 1700000000000 as Unix seconds or milliseconds: a bare
        # number is a guess at its unit and epoch, so it is refused as a naive time would be.
        if isinstance(v, bool | int | float) or (isinstance(v, str) and _NUMBER.fullmatch(v)):
            raise ValueError("occurred_at must be a datetime or an ISO 8601 string, not a number")
        return v

    @field_validator("type")
    @classmethod
    def _type(cls, v: str) -> str:
        if not _IDENT.match(v):
            raise ValueError(
                "type must be a short lowercase identifier such as "
                + ", ".join(repr(t) for t in KNOWN_OBSERVATION_TYPES)
            )
        return v

    @field_validator("content")
    @classmethod
    def _content(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("content must not be empty")
        return v.strip()

    @field_validator("source")
    @classmethod
    def _source(cls, v: str) -> str:
        return source_name(v)

    @field_validator("actor")
    @classmethod
    def _actor(cls, v: str | None) -> str | None:
        if v is None:
            return None
        v = " ".join(v.split())
        if not v or len(v) > 200:
            raise ValueError("actor must be 1-200 characters")
        if _CONTROL.search(v):
            raise ValueError("actor must not contain control characters")
        return v

    @field_validator("keywords")
    @classmethod
    def _keywords(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        out = tuple(k.strip() for k in v if k.strip())
        if len(out) > 64:
            raise ValueError("at most 64 keywords")
        return out
