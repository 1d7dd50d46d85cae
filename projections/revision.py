"""The record of one belief revision while it is being computed: plan, ordering, outcome.

Shared by the single- and multi-valued paths of :mod:`.dimension` so that ``preview`` and
``apply`` build their :class:`~.belief_models.RevisionOutcome` the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from nousmem.projections.belief_models import Revision, RevisionOutcome
from nousmem.projections.categorical import FloatArray
from nousmem.projections.repeats import Tally
from nousmem.projections.schema import AttributeSpec, Cardinality

if TYPE_CHECKING:
    from nousmem.projections.dimension import Dimension


def dated_by(moment: datetime | None, until: datetime | None) -> bool:
    """Whether a merge or compression dated ``moment`` had happened by the event time
    ``until`` (None: no bound; an undated one has always happened)."""
    return until is None or moment is None or moment <= until


def days(moment: datetime) -> float:
    """Event time in days since the Unix epoch (aware datetimes only)."""
    return moment.timestamp() / 86400.0


_LABEL = itemgetter(0)
_PROB = itemgetter(1)


def ranked(labels: list[str], probs: FloatArray) -> list[tuple[str, float]]:
    """Pairs sorted by probability (descending) then label: the canonical display order."""
    # tolist() gives the floats float(probs[i]) gives, in one call. Two stable sorts order
    # as the key (-probability, label) does (reverse=True keeps ties in label order).
    pairs = list(zip(labels, probs.tolist(), strict=True))
    pairs.sort(key=_LABEL)
    pairs.sort(key=_PROB, reverse=True)
    return pairs


# (event_id, seq, occurred_at, value label, polarity, surprise bits)
DeltaRow = tuple[str, int, datetime, str, str, float]


@dataclass(slots=True)
class MergeOp:
    """A merge recorded in the history of the dimension that absorbed ``other``.

    ``occurred_at`` is the merge's event time (None: undated, in every event-time read).
    """

    seq: int
    event_id: str
    other: Dimension
    occurred_at: datetime | None = None


@dataclass(slots=True)
class RevisionOp:
    """A revision recorded in the history of its dimension.

    ``counts_from``: the event time an event-time read counts it from when that is later
    than its claim's (a promoted held claim: memory had it only once the corroboration
    came); None: its claim's. Decay still runs from the claim's own time.
    """

    seq: int
    event_id: str
    revision: Revision
    counts_from: datetime | None = None

    def counted_by(self, until: datetime | None) -> bool:
        """Whether an event-time read as of ``until`` (None: no bound) counts it."""
        return until is None or (
            self.revision.occurred_at <= until and dated_by(self.counts_from, until)
        )


@dataclass(slots=True)
class Plan:
    """A computed but not yet committed revision.

    ``outcome`` is None when the plan was made for a fold only; ``label`` to ``mode_after``
    are the outcome's ``value``, ``surprise_bits``, ``mode_before`` and ``mode_after``.
    """

    outcome: RevisionOutcome | None
    added: list[tuple[str, str]]
    p: FloatArray
    alpha: FloatArray
    beta: FloatArray
    index: int
    t: float
    counts: Tally
    dim_entropy: float
    ghost: float
    label: str
    surprise: float
    mode_before: str | None
    mode_after: str | None

    def report(self) -> RevisionOutcome:
        """The outcome of a plan made with one."""
        if self.outcome is None:
            raise ValueError("this plan was made without an outcome")
        return self.outcome


class Folded(NamedTuple):
    """What folding a revision did, as far as the other projections need to know."""

    cardinality: Cardinality
    mode_before: str | None
    mode_after: str | None


class Head(NamedTuple):
    """Identity of the dimension an outcome belongs to."""

    entity: str
    spec: AttributeSpec
    support: int
    top_k: int


def build_outcome(
    head: Head,
    rev: Revision,
    *,
    label: str,
    prior: list[tuple[str, float]],
    posterior: list[tuple[str, float]],
    surprise: float,
    entropy_before: float,
    entropy_after: float,
    kl: float,
    r_eff: float,
    hazard: float,
    mode_before: str | None,
    mode_after: str | None,
    contradiction: bool,
    established: bool,
    open_kl: float | None = None,
) -> RevisionOutcome:
    """Assemble the outcome; lists are cut to the top ``k`` with the rest as tail mass."""
    k = head.top_k
    # Every field is computed here from typed parts (floats cast, tuples built), so the
    # write path skips re-validation: this runs twice per claim on every governed write.
    values: dict[str, Any] = {
        "entity": head.entity,
        "attribute": head.spec.name,
        "value": label,
        "polarity": rev.polarity,
        "cardinality": head.spec.cardinality,
        "prior": tuple(prior[:k]),
        "prior_tail": float(sum(v for _, v in prior[k:])),
        "posterior": tuple(posterior[:k]),
        "posterior_tail": float(sum(v for _, v in posterior[k:])),
        "surprise_bits": float(surprise),
        "entropy_before": float(entropy_before),
        "entropy_after": float(entropy_after),
        "kl_bits": float(kl),
        "open_kl_bits": None if open_kl is None else float(open_kl),
        "reliability": rev.reliability,
        "effective_reliability": float(r_eff),
        "hazard": float(hazard),
        "mode_before": mode_before,
        "mode_after": mode_after,
        "adopted": mode_before != mode_after,
        "contradiction": contradiction,
        "established": established,
        "support": head.support + 1,
        "value_prior": float(next((v for lab, v in prior if lab == label), 0.0)),
        "back_dated": False,  # see backdated.plan_back_dated
        "held_at_date": None,
    }
    return RevisionOutcome.model_construct(**values)
