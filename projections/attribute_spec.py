"""Attribute specs and schemas: the shape each attribute gives its belief dimension (one
value or many, how fast evidence fades, how its time reads) and the schema that looks them
up by name. ``projections/schema.py`` holds the default schema built from them.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from nousmem.projections.config_types import MAX_DAYS

__all__ = ["AttributeSchema", "AttributeSpec", "Cardinality", "Timing", "normalise_attribute"]

Cardinality = Literal["single", "multi"]
#: How a value's time reads (``AttributeSpec.timing``).
Timing = Literal["state", "occasion", "lifelong"]

_ATTRIBUTE = re.compile(r"^[a-z][a-z0-9_.:/-]{0,63}$")


def normalise_attribute(name: str) -> str:
    """Return the canonical attribute spelling (lowercase, inner whitespace -> ``_``).

    Mirrors :class:`nousmem.projections.models.Claim` so a claim's attribute and a schema entry
    always meet on the same key.
    """
    key = "_".join(name.strip().lower().split())
    if not _ATTRIBUTE.match(key):
        raise ValueError(
            f"attribute must be a short lowercase identifier such as 'employer', got {name!r}"
        )
    return key


class AttributeSpec(BaseModel):
    """How one attribute behaves.

    ``ttl_days`` is advisory: the belief math never deletes anything, but forgetting policies
    may treat a dimension not reinforced for ``ttl_days`` as expired.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    cardinality: Cardinality = "single"
    half_life_days: float = Field(default=365.0, gt=0.0, allow_inf_nan=False)
    ttl_days: float | None = Field(default=None, gt=0.0, le=MAX_DAYS, allow_inf_nan=False)
    aliases: tuple[str, ...] = ()
    """Question words that ask about this attribute ("work" for ``employer``): a read whose
    question uses one treats the attribute as named. Lowercase words, or phrases of words
    the question must hold in that order ("been to" for ``visited``: "been" alone is in
    "has she been working")."""

    timing: Timing = "state"
    """How a value's time reads in worldview and fact lines. ``state``: a time its claim
    gave is when it began ("employer: Acme (since March 2021)"). ``occasion``: a value is
    something that happened or is to happen (a place visited, a thing done, a plan), and its
    time is when ("visited: Japan (2019)"). ``lifelong``: a value holds for life (a birthday,
    a name, a relative), so the day memory was told is no time it began and a present line
    shows none ("birthday: May 5"); a time the claim itself gave still shows."""

    exclusive: tuple[tuple[str, ...], ...] = ()
    """Groups of values of a multi-valued attribute that exclude each other (the eating
    patterns of ``diet``: "vegan", "vegetarian", "pescatarian", ...): a write asserting one
    denies the others of its group that the entity holds (``policies/exclusive_values.py``).
    Values compare as belief keys do (case, width and spacing aside)."""

    @field_validator("exclusive")
    @classmethod
    def _exclusive(cls, v: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        seen: set[str] = set()
        for group in v:
            keys = {" ".join(x.casefold().split()) for x in group}
            if len(keys) < 2 or "" in keys:
                raise ValueError("each group must name at least two different non-empty values")
            if keys & seen:
                raise ValueError(f"a value is in two groups: {sorted(keys & seen)[0]!r}")
            seen |= keys
        return v

    @model_validator(mode="after")
    def _exclusive_multi(self) -> AttributeSpec:
        if self.exclusive and self.cardinality != "multi":
            raise ValueError("exclusive: only a multi-valued attribute has groups of values")
        return self

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        out = tuple(dict.fromkeys(" ".join(a.casefold().split()) for a in v))
        if any(not a for a in out):
            raise ValueError("aliases must be non-empty words or phrases")
        # "*" stands for words between two of the phrase's own: alone or at an end it
        # would make any question name the attribute.
        if any(a.split()[0] == "*" or a.split()[-1] == "*" for a in out):
            raise ValueError("aliases: '*' may only stand between two words of a phrase")
        return out

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return normalise_attribute(v)

    @property
    def retention(self) -> float:
        """Per-day retention factor lambda of Eq. 4."""
        return float(0.5 ** (1.0 / self.half_life_days))


class AttributeSchema(BaseModel):
    """The set of known attributes; unknown ones are single-valued with a default half-life."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    attributes: tuple[AttributeSpec, ...] = ()
    default_half_life_days: float = Field(default=365.0, gt=0.0, allow_inf_nan=False)

    _by_name: dict[str, AttributeSpec] = PrivateAttr(default_factory=dict)
    # Specs handed out by spell: reads ask for one per candidate, and an unknown
    # attribute's default spec is a fresh (validated) model otherwise. The schema is frozen,
    # so an entry never goes stale.
    _looked_up: dict[str, AttributeSpec] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _index(self) -> AttributeSchema:
        seen: dict[str, AttributeSpec] = {}
        for spec in self.attributes:
            if spec.name in seen:
                raise ValueError(f"attributes: duplicate attribute {spec.name!r}")
            seen[spec.name] = spec
        self._by_name = seen
        return self

    def spec(self, name: str) -> AttributeSpec:
        """Return the spec for ``name``; an unknown attribute is single-valued."""
        # The private values' own dict: reading ``self._looked_up`` goes through pydantic's
        # ``__getattr__`` (~3 µs against ~0.1), and a read asks for a spec per candidate
        # value of every belief slot it resolves.
        private = self.__pydantic_private__
        assert private is not None  # the model has private attributes
        looked_up: dict[str, AttributeSpec] = private["_looked_up"]
        found = looked_up.get(name)
        if found is not None:
            return found
        key = normalise_attribute(name)
        found = private["_by_name"].get(key)
        if found is None:
            found = AttributeSpec(name=key, half_life_days=self.default_half_life_days)
        if len(looked_up) < 4096:  # spellings come from data: bounded
            looked_up[name] = found
        return found

    def with_attributes(self, *specs: AttributeSpec) -> AttributeSchema:
        """Return a copy where ``specs`` are added, replacing specs of the same name."""
        replaced = {s.name: s for s in specs}
        kept = [s for s in self.attributes if s.name not in replaced]
        added: list[AttributeSpec] = []
        for s in specs:
            # The last spec given for a name wins; keep the first position it appeared at.
            if all(a.name != s.name for a in added):
                added.append(replaced[s.name])
        return AttributeSchema(
            attributes=(*kept, *added), default_half_life_days=self.default_half_life_days
        )

    def names(self) -> list[str]:
        """Known attribute names, sorted."""
        return sorted(self._by_name)
