"""Value types of the belief layer: parameters, revision inputs, outcomes and snapshots.

All frozen pydantic models. ``Revision`` is what the runtime journals as the *input* of one
belief revision; everything else is derived from a sequence of them and can be rebuilt.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from nousmem.projections.config_types import CONFIG
from nousmem.projections.models import UNKNOWN as UNKNOWN
from nousmem.projections.schema import Cardinality, normalise_attribute

"""Display value of the open-world remainder of a single-valued belief ("none of those")."""

Pair = tuple[str, float]


def display_text(text: str, field: str) -> str:
    """Collapse whitespace; the result is the spelling shown to users."""
    out = " ".join(text.split())
    if not out:
        raise ValueError(f"{field} must not be empty")
    return out


def match_key(text: str) -> str:
    """Matching key: case-insensitive, whitespace-normalised, one Unicode form.

    "José" typed precomposed and typed as "e" plus a combining accent are one name, and so
    are full-width and ligature spellings (NFKC after casefolding), and "O'Brien" typed with
    a phone keyboard's curly apostrophe (NFKC keeps U+2019 apart from U+0027).
    """
    if text.isascii():
        return " ".join(text.split()).casefold()
    # NFKC before splitting too: it can turn a character into a space plus an accent.
    folded = " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
    return unicodedata.normalize("NFKC", folded).translate(_APOSTROPHES)


# Right and left single quotation marks and the modifier letter apostrophe.
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


#: Sources whose word is the user's own (by :func:`source_key`): they confirm a value, take
#: back what they hid ("said again") and make memory forget what they ask it to.
CONFIRMING_SOURCES = frozenset({"user", "system"})


@lru_cache(maxsize=4096)
def source_key(source: str) -> str:
    """Identity of a source name, for trust, repeat counting and independence.

    One source must not become many by its spelling: besides case and whitespace, Unicode
    compatibility forms (full-width "ｗｅｂ") and invisible characters (a zero-width space, a
    variation selector, a filler) are folded away (NFKC, then default-ignorable code points
    dropped, then casefold). The journal
    keeps the name as it was sent.
    """
    visible = "".join(ch for ch in unicodedata.normalize("NFKC", source) if not _ignorable(ch))
    return unicodedata.normalize("NFKC", " ".join(visible.split()).casefold())


# Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt): code points
# that show nothing (soft hyphen, zero-width characters, joiners, bidi controls, fillers,
# variation selectors, tags). Not every format (Cf) character is one: an Arabic number sign
# shows.
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
    # Not default-ignorable, but format controls that show nothing in running text:
    # interlinear annotation marks and Egyptian hieroglyph format controls.
    (0xFFF9, 0xFFFB), (0x13430, 0x13438),
)  # fmt: skip


def _ignorable(ch: str) -> bool:
    """A default-ignorable code point: one that shows nothing."""
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES)


class BeliefParams(BaseModel):
    """Tuning of the belief math.

    Defaults were chosen with ``benchmarks/beliefs.py``: every scenario there at >= the best
    baseline, and a flood of up to 10 claims at reliability <= 0.35 from one source never
    overturning a value backed by 5 claims at >= 0.7.
    """

    model_config = CONFIG

    epsilon: float = Field(default=0.01, gt=0.0, lt=1.0)
    """Eq. 1: mass an unseen value enters with before renormalisation."""
    theta_min_bits: float = Field(default=0.5, ge=0.0)
    """Eq. 7: a value is "observed" once one of its revisions surprised us by more than this."""
    max_reliability: float = Field(default=0.99, gt=0.0, le=1.0)
    """Claims are never taken as certain, so no value is ever driven to probability 0."""
    probability_floor: float = Field(default=1e-12, gt=0.0, lt=1e-3)
    """Every value once seen keeps at least this mass: surprise stays finite, no underflow."""
    evidence_exponent: float = Field(default=2.0, ge=1.0, le=4.0)
    """A claim weighs in with ``r_eff ** exponent``: corroboration by many weak sources (who
    often copy each other) cannot outweigh a few strong ones, strong claims keep most force."""
    time_hazard: float = Field(default=0.25, ge=0.0, le=1.0)
    """Change-point hazard per unit of ``1 - lambda**dt`` (elapsed event time); decay (Eq. 4)
    already spreads mass over known values, this also opens the door to a new one."""
    change_hazard: float = Field(default=1.0, ge=0.0, le=1.0)
    """Hazard scale for claims with explicit update language ("now", "moved to", ...)."""
    plain_hazard: float = Field(default=0.15, ge=0.0, le=1.0)
    """Hazard scale for contradicting claims without update language."""
    hazard_exponent: float = Field(default=3.0, ge=1.0, le=8.0)
    """Claim hazard grows as ``reliability ** exponent``: weak claims barely open the door."""
    max_hazard: float = Field(default=0.9, ge=0.0, lt=1.0)
    """Even a certain change claim keeps a tenth of the old belief, so it can be walked back."""
    repeat_discount: float = Field(default=0.5, ge=0.0, le=1.0)
    """The k-th repeat of (source, value, polarity) counts with reliability ``r * d**k``; the
    k-th return of a source to a value it had left counts as its k-th repeat (see
    ``projections/repeats.py``)."""
    repeat_half_life_days: float = Field(default=7.0, gt=0.0)
    """Repeat counts fade, so a source restating a fact months later is heard again."""
    correction_min_reliability: float = Field(default=0.7, ge=0.0, le=1.0)
    """A claim at least this reliable that returns to a value its source had left is a
    self-correction (see ``projections/repeats.py``); a weaker one stays a repeat, so a
    low-trust source cannot win weight back by alternating values."""
    # Bounded: a prior of 1e-20 or 1e20 pseudo-observations made surprise and entropy
    # infinite, and a write's payload unserialisable.
    prior_alpha: float = Field(default=1.0, ge=1e-6, le=1e6, allow_inf_nan=False)
    """Beta prior of a multi-valued value: (1, 1) is "no idea whether it holds"."""
    prior_beta: float = Field(default=1.0, ge=1e-6, le=1e6, allow_inf_nan=False)
    established_probability: float = Field(default=0.8, gt=0.5, lt=1.0)
    """A belief is *established* when its mode has at least this probability ..."""
    established_support: int = Field(default=2, ge=1)
    """... and at least this many revisions behind it (for multi: behind that value)."""
    entropy_ceiling_bits: float = Field(default=2.0, gt=0.0)
    """Compressor (paper 3.7): a single-valued belief above this entropy is too diffuse."""
    multi_entropy_ceiling_bits: float = Field(default=0.99, gt=0.0, le=1.0)
    """Same for multi-valued beliefs, on the mean per-value binary entropy."""
    compression_min_updates: int = Field(default=5, ge=1)
    """Consecutive revisions above the ceiling before the compressor is told."""
    identity_smoothing: float = Field(default=1e-3, gt=0.0, lt=1.0)
    """Additive smoothing over the union vocabulary for the symmetrised KL of Eq. 6."""
    top_k: int = Field(default=8, ge=1, le=64)
    """How many values a revision outcome lists before folding the rest into a tail mass."""


class Revision(BaseModel):
    """The journaled inputs of one belief revision (one claim about one dimension)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity: str = Field(min_length=1, max_length=200)
    attribute: str = Field(min_length=1, max_length=100)
    value: str = Field(min_length=1, max_length=500)
    polarity: Literal["assert", "negate"] = "assert"
    reliability: float = Field(ge=0.0, le=1.0, allow_inf_nan=False)
    source: str = Field(default="user", min_length=1, max_length=100)
    change: bool = False
    retracts: bool = False
    """A correction: the single value it moves the mode away from is taken back (it never
    held; see ``projections/supersession.py``), not superseded."""
    occurred_at: datetime
    evidence_ids: tuple[str, ...] = ()

    @field_validator("entity")
    @classmethod
    def _entity(cls, v: str) -> str:
        return display_text(v, "entity")

    @field_validator("value")
    @classmethod
    def _value(cls, v: str) -> str:
        out = display_text(v, "value")
        if match_key(out) == match_key(UNKNOWN):
            raise ValueError(f"value {UNKNOWN!r} is reserved")
        return out

    @field_validator("source")
    @classmethod
    def _source(cls, v: str) -> str:
        return display_text(v, "source")

    @field_validator("attribute")
    @classmethod
    def _attribute(cls, v: str) -> str:
        return normalise_attribute(v)

    @field_validator("occurred_at")
    @classmethod
    def _aware(cls, v: datetime) -> datetime:
        if v.tzinfo is None or v.utcoffset() is None:
            raise ValueError("occurred_at must be timezone-aware")
        return v


class RevisionOutcome(BaseModel):
    """What one revision did (or would do) to its dimension: the content of a journaled delta.

    For a multi-valued attribute ``prior``/``posterior`` list presence probabilities (they do
    not sum to 1), the entropies and KL are those of the claimed value's own Bernoulli, and
    ``mode_before``/``mode_after`` are the value itself when it holds, else ``None``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity: str
    attribute: str
    value: str
    polarity: Literal["assert", "negate"]
    cardinality: Cardinality
    prior: tuple[Pair, ...]
    prior_tail: float
    posterior: tuple[Pair, ...]
    posterior_tail: float
    surprise_bits: float
    entropy_before: float
    entropy_after: float
    kl_bits: float
    reliability: float
    effective_reliability: float
    """Reliability after the repeat discount and the ``max_reliability`` cap."""
    hazard: float
    """Change-point probability applied before the update (0 when the claim agreed)."""
    mode_before: str | None
    mode_after: str | None
    adopted: bool
    contradiction: bool
    established: bool
    support: int
    value_prior: float = 0.0
    """The claimed value's prior probability (its presence, for a multi-valued attribute),
    whether or not it is among the ``prior`` values listed."""
    back_dated: bool = False
    """Dated before the belief's latest evidence: it folds at its date (see
    ``projections/backdated.py``). Everything above is judged against the belief held now
    (or, for a claim that agrees with that but contradicts the belief established at its
    date, against that one; ``mode_before`` stays the belief's now), except ``mode_after``:
    the mode once it is folded in at its date."""
    held_at_date: str | None = None
    """For a back-dated claim, the value held at its date (as ``mode_before`` reads)."""
    open_kl_bits: float | None = None
    """A single-valued belief's KL in bits with the open-world remainder (the share a
    never-named value would hold) as one more value: a restatement of the only value named
    moves it while ``kl_bits`` (named values only) stays 0. What decides whether a
    restatement only confirms (see the router's ``confirm_kl_bits``). None for a first value
    and a multi-valued attribute."""


class ObservedValue(BaseModel):
    """Eq. 7: a value that once surprised the belief by more than ``theta_min``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: str
    first_seen: datetime
    last_seen: datetime


class BeliefDelta(BaseModel):
    """One revision in a dimension's history, as shown in a snapshot."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    event_id: str
    seq: int
    occurred_at: datetime
    value: str
    polarity: Literal["assert", "negate"]
    surprise_bits: float


class BeliefSnapshot(BaseModel):
    """The state of one (entity, attribute) belief, live or as of a seq / time.

    ``distribution`` is sorted by probability (descending) then value. Single-valued: it sums
    to 1 and may contain :data:`UNKNOWN`; ``mode`` is ``None`` when "unknown" leads. Multi-
    valued: presence probabilities, and ``held`` lists the values above 0.5.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity: str
    attribute: str
    cardinality: Cardinality
    mode: str | None
    held: tuple[str, ...]
    distribution: tuple[Pair, ...]
    entropy_bits: float
    observed_values: tuple[ObservedValue, ...]
    deltas: tuple[BeliefDelta, ...]
    support: int
    compressed: bool
    updated_at: datetime


class IdentityCandidate(BaseModel):
    """Eq. 6 result: another entity whose shared beliefs are close to this one's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity: str
    divergence_bits: float
    shared_attributes: tuple[str, ...]

    @model_validator(mode="after")
    def _shared(self) -> IdentityCandidate:
        if not self.shared_attributes:
            raise ValueError("shared_attributes must not be empty")
        return self
