"""The lifecycle's vocabulary: states, verbs, lenses, the transition models and the TTL
rule (see :mod:`nousmem.projections.lifecycle` for the state machine itself)."""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict, Field, model_validator

from nousmem.projections.config_types import CONFIG

LADDER: tuple[str, ...] = ("fresh", "captured", "linked", "reinforced", "mature", "core")
HIDDEN: tuple[str, ...] = ("inhibited", "obsolete", "compressed", "archived")
STATES: tuple[str, ...] = LADDER + HIDDEN
VERBS: tuple[str, ...] = (
    "capture", "link", "reinforce", "decay", "inhibit",
    "invalidate", "expire", "archive", "compress", "restore",
)  # fmt: skip
LENSES: tuple[str, ...] = ("logical", "procedural", "associative", "historical", "audit")
FULL_LENSES: frozenset[str] = frozenset({"historical", "audit"})
"""Lenses that show hidden items too."""

HIDE_FROM: dict[str, frozenset[str]] = {
    "inhibit": frozenset(LADDER),
    "invalidate": frozenset(LADDER) | {"inhibited", "archived", "compressed"},
    "expire": frozenset(LADDER) | {"inhibited"},
    "archive": frozenset(LADDER) | {"inhibited"},
    "compress": frozenset(LADDER) | {"archived"},
}
HIDE_TO = {
    "inhibit": "inhibited",
    "invalidate": "obsolete",
    "expire": "obsolete",
    "archive": "archived",
    "compress": "compressed",
}
ERASE_HINT = "is not a lifecycle verb: use erase(...) to remove content for privacy"


class LifecycleConfig(BaseModel):
    """Maturation thresholds, in counted reinforcements."""

    model_config = CONFIG

    mature_after: int = Field(default=3, ge=1)
    core_after: int = Field(default=6, ge=2)

    @model_validator(mode="after")
    def _ordered(self) -> LifecycleConfig:
        if self.core_after <= self.mature_after:
            raise ValueError("core_after must be greater than mature_after")
        return self


class Transition(BaseModel):
    """What a verb does (or would do) to a target; ``reason`` explains a refusal too."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    target: str
    verb: str
    from_state: str
    to_state: str
    legal: bool
    reason: str

    @property
    def changes_state(self) -> bool:
        """Whether the state differs afterwards (a reinforce can count without moving)."""
        return self.from_state != self.to_state


class TransitionRecord(Transition):
    """A transition that was journaled and applied."""

    seq: int
    occurred_at: datetime
    event_id: str = ""
    reinforcements: int = 0
    """Counted reinforcements after this transition."""


class EffectiveState(BaseModel):
    """The state a read should use: the recorded one, or ``obsolete`` when the TTL ran out."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    state: str
    reason: str
    ttl_expired: bool = False
    """True when the state comes from the TTL rather than from a recorded transition."""


def check_verb(verb: str) -> None:
    if verb in ("delete", "remove", "erase", "forget"):
        raise ValueError(f"verb: {verb!r} {ERASE_HINT}")
    if verb not in VERBS:
        raise ValueError(f"verb must be one of {', '.join(VERBS)}; got {verb!r}")


def check_target(target: str) -> None:
    if not isinstance(target, str) or not target.strip():
        raise ValueError("target must be a non-empty string")


def check_lens(lens: str) -> None:
    if lens not in LENSES:
        raise ValueError(f"lens must be one of {', '.join(LENSES)}; got {lens!r}")


def visible_in(state: str, lens: str) -> bool:
    """Whether an item in ``state`` is shown by ``lens``."""
    check_lens(lens)
    if state not in STATES:
        raise ValueError(f"state must be one of {', '.join(STATES)}; got {state!r}")
    return lens in FULL_LENSES or state not in HIDDEN


def expired(created_at: datetime, ttl_days: float | None, now: datetime) -> bool:
    """Whether an item created at ``created_at`` has outlived ``ttl_days`` at event time ``now``.

    ``ttl_days=None`` never expires. Expiry is strict: exactly ``ttl_days`` old is still alive.
    """
    if ttl_days is None:
        return False
    if not ttl_days > 0:
        raise ValueError("ttl_days must be positive (or None for no TTL)")
    if (created_at.tzinfo is None) != (now.tzinfo is None):
        raise ValueError("created_at and now must both be timezone-aware or both naive")
    return now - created_at > timedelta(days=ttl_days)
