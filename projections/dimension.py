"""One belief dimension: the revision engine behind :class:`~.beliefs.BeliefStore`.

A revision runs in two halves so that ``preview`` and ``apply`` share one code path:
:meth:`Dimension.plan` computes the outcome and the new state without mutating anything, and
:meth:`Dimension.commit` installs it. Both are O(|V|) in the dimension's vocabulary and
independent of how many revisions came before (per-source repeat counters are incremental).

Single-valued revision, in order:

1. **Decay** (Eq. 4) toward uniform over the known values by ``lambda ** dt`` of event time.
2. **Extend** (Eq. 1): an unseen value enters with mass ``max(epsilon, ghost)``, where the
   ghost is the mass a never-mentioned value would hold after the same evidence and decay.
   For an established belief that is the paper's ``epsilon``; for a belief resting on weak
   claims it is larger, so the first strong claim for another value is not locked out. This
   extended vector is the *prior* that surprise, KL and the reported prior refer to.
3. **Repeat discount**: the k-th repeat of (source, value, polarity) within the repeat window
   counts with reliability ``r * d**k``, so one source cannot shout a belief into place; a
   source returning to a value it had left is correcting itself (see :mod:`.repeats`).
4. **Change point** (the fix for the paper's lag): when the claim contradicts the current mode,
   mix ``h`` of the mass toward the non-mode values (toward "unknown" for a negation), where
   ``h = 1 - (1 - h_time)(1 - h_claim)``, ``h_time = kappa_t (1 - lambda**dt)`` and
   ``h_claim = kappa * r_eff**gamma`` with a larger ``kappa`` for explicit update language.
   A stale belief or a reliable "I switched to ..." is adopted promptly; weak claims hardly
   move ``h`` (``r**gamma``) and repeats shrink it geometrically.
5. **Bayes** (Eq. 3) with the mixture likelihood of :mod:`.categorical` at weight
   ``r_eff ** evidence_exponent``, then a tiny probability floor.

Multi-valued revisions update one Beta-Bernoulli (see :mod:`.bernoulli`) with the same
weight and repeat discount, and a flip hazard ``h_claim`` when the claim contradicts whether
the value currently holds ("no longer plays tennis").
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np

from nousmem.projections.backdated import (
    PENDING_SEQ,
    Mark,
    back_dated,
    extend_trail,
    fold_back_dated,
    note_fold,
    plan_back_dated,
)
from nousmem.projections.belief_models import (
    BeliefParams,
    BeliefSnapshot,
    Revision,
    RevisionOutcome,
    match_key,
    source_key,
)
from nousmem.projections.categorical import FloatArray
from nousmem.projections.dimension_multi import plan_multi
from nousmem.projections.dimension_single import plan_single
from nousmem.projections.repeats import Count, CounterKey, Stance, StanceKey, tally
from nousmem.projections.revision import (
    DeltaRow,
    Head,
    MergeOp,
    Plan,
    RevisionOp,
    days,
)
from nousmem.projections.schema import AttributeSpec

if TYPE_CHECKING:  # history imports this module
    from nousmem.projections.history import MergedTrail, ModeChange

_EMPTY: FloatArray = np.zeros(0, dtype=np.float64)


class Dimension:
    """Mutable state of one (entity, attribute) belief. Internal to the projection."""

    def __init__(self, entity: str, spec: AttributeSpec, params: BeliefParams) -> None:
        self.entity = entity
        self.spec = spec
        self.params = params
        self.lam = spec.retention
        self.keys: list[str] = []
        self.labels: list[str] = []
        self.index: dict[str, int] = {}
        self.p: FloatArray = _EMPTY
        # Unnormalised mass a never-mentioned value would hold now (same scale as ``p``).
        self.ghost = 1.0
        self.alpha: FloatArray = _EMPTY
        self.beta: FloatArray = _EMPTY
        self.value_support: list[int] = []
        self.last_t: float | None = None
        self.updated_at: datetime | None = None
        self.support = 0
        self.counters: dict[CounterKey, Count] = {}
        self.stances: dict[StanceKey, Stance] = {}
        self.observed: dict[str, tuple[str, datetime, datetime]] = {}
        self.deltas: list[DeltaRow] = []
        self.ops: list[RevisionOp | MergeOp] = []
        self.streak = 0
        self.compressed_seq: int | None = None
        self.compressed_at: datetime | None = None  # the compression's event time
        # The latest seq that folded a back-dated revision (see .backdated): the recorded
        # mode changes of such a dimension follow the journal's order, not its refold's.
        self.reordered: int | None = None
        self.latest_at: datetime | None = None  # of the revisions folded here (not merged)
        # (version, its mode trail): see BeliefStore.mode_trail.
        self.trail_cache: tuple[int, tuple[ModeChange | MergedTrail, ...]] | None = None
        # (revision, version, this dimension refolded with it): see backdated.plan_back_dated.
        self.replayed: tuple[Revision, int, Dimension] | None = None
        self.marks: list[Mark] | None = None  # kept once refolded: see backdated.note_fold
        # Bumped by every change of state; a remembered plan is only good for its version.
        self.version = 0
        # (version, its snapshot without deltas): see BeliefStore._read.
        self.snap_cache: tuple[int, BeliefSnapshot] | None = None
        # (version, the values held): see history.held_values.
        self.held_cache: tuple[int, tuple[str, ...]] | None = None
        self._memo: tuple[Revision, int, Plan] | None = None

    @property
    def multi(self) -> bool:
        """Whether this is a multi-valued (Beta-Bernoulli) dimension."""
        return self.spec.cardinality == "multi"

    def fresh_copy(self) -> Dimension:
        """An empty dimension with the same identity and parameters."""
        return Dimension(self.entity, self.spec, self.params)

    # ------------------------------------------------------------------ revision

    def plan(self, rev: Revision, *, outcome: bool = True) -> Plan:
        """Compute what ``rev`` would do, without mutating this dimension.

        ``outcome=False`` leaves out what only a preview reports (the ranked prior and
        posterior, KL, the entropy before): a fold needs the new state and the few fields
        :class:`~.revision.Plan` carries, and the rest cost a third of folding a delta.
        """
        if back_dated(self, rev):
            return plan_back_dated(self, rev, outcome=outcome)
        return self.plan_on_current(rev, outcome=outcome)

    def plan_on_current(self, rev: Revision, *, outcome: bool = True) -> Plan:
        """:meth:`plan` as if ``rev`` were the latest evidence, whatever its date."""
        prm = self.params
        t = days(rev.occurred_at)
        dt = 0.0 if self.last_t is None else t - self.last_t
        vkey = match_key(rev.value)
        counts = tally(
            self.counters,
            self.stances,
            prm,
            skey=source_key(rev.source),
            vkey=vkey,
            polarity=rev.polarity,
            t=t,
            multi=self.multi,
            reliability=min(rev.reliability, prm.max_reliability),
        )
        r_eff = min(rev.reliability, prm.max_reliability) * counts.discount
        if self.multi:
            return plan_multi(self, rev, t, dt, vkey, r_eff, counts, outcome)
        return plan_single(self, rev, t, dt, vkey, r_eff, counts, outcome)

    def _claim_hazard(self, r_eff: float, change: bool) -> float:
        prm = self.params
        kappa = prm.change_hazard if change else prm.plain_hazard
        return float(kappa * r_eff**prm.hazard_exponent)

    def _head(self) -> Head:
        return Head(self.entity, self.spec, self.support, self.params.top_k)

    def remember(self, rev: Revision, plan: Plan) -> None:
        """Keep ``plan`` (computed for ``rev`` on this state or an exact copy of it).

        The write path previews every claim before it commits; folding the committed delta
        then reuses the preview instead of computing it a second time. Only the very same
        ``rev`` object on an unchanged dimension qualifies, so a rebuild (revisions parsed
        from the journal) always recomputes, and both paths run the same arithmetic.
        """
        self._memo = (rev, self.version, plan)

    def commit(
        self,
        plan: Plan,
        rev: Revision,
        *,
        seq: int,
        event_id: str,
        counts_from: datetime | None = None,
    ) -> None:
        """Install a plan computed by :meth:`plan` on this (unchanged) dimension;
        ``counts_from``: see :class:`~.revision.RevisionOp`. A back-dated ``rev`` refolds
        the whole history instead (see :mod:`.backdated`)."""
        if back_dated(self, rev):
            fold_back_dated(self, rev, seq=seq, event_id=event_id, counts_from=counts_from)
            return
        before = self.version
        self.version += 1
        self._memo = None
        for key, label in plan.added:
            self.index[key] = len(self.keys)
            self.keys.append(key)
            self.labels.append(label)
            if self.multi:
                self.value_support.append(0)
        if self.multi:
            self.alpha, self.beta = plan.alpha, plan.beta
            self.value_support[plan.index] += 1
        else:
            self.p = plan.p
            self.ghost = plan.ghost
        if self.last_t is None or plan.t > self.last_t:
            self.last_t = plan.t
            self.updated_at = rev.occurred_at
        counts = plan.counts
        self.counters[counts.counter_key] = counts.counter
        self.stances[counts.stance_key] = counts.stance
        self.support += 1
        if rev.polarity == "assert":
            self._observe(self.keys[plan.index], plan.label, rev.occurred_at, plan.surprise)
        self.deltas.append(
            (event_id, seq, rev.occurred_at, plan.label, rev.polarity, plan.surprise)
        )
        # A preview's scratch commit (seq 0) folds after what was recorded at its time.
        self.ops.append(RevisionOp(seq if seq > 0 else PENDING_SEQ, event_id, rev, counts_from))
        if self.latest_at is None or rev.occurred_at > self.latest_at:
            self.latest_at = rev.occurred_at
        ceiling = (
            self.params.multi_entropy_ceiling_bits
            if self.multi
            else self.params.entropy_ceiling_bits
        )
        self.streak = self.streak + 1 if plan.dim_entropy > ceiling else 0
        note_fold(self)  # last: a mark keeps the state this fold leaves
        extend_trail(self, before, seq, rev, plan)

    def _observe(self, key: str, label: str, when: datetime, surprise: float) -> None:
        seen = self.observed.get(key)
        if seen is not None:
            self.observed[key] = (seen[0], min(seen[1], when), max(seen[2], when))
        elif surprise > self.params.theta_min_bits:
            self.observed[key] = (label, when, when)

    def apply(self, rev: Revision, *, seq: int, event_id: str) -> RevisionOutcome:
        """Plan and commit in one go (reusing a remembered plan for this very ``rev``)."""
        return self.fold(rev, seq=seq, event_id=event_id, outcome=True).report()

    def fold(
        self,
        rev: Revision,
        *,
        seq: int,
        event_id: str,
        outcome: bool = False,
        counts_from: datetime | None = None,
    ) -> Plan:
        """Commit ``rev`` as :meth:`apply` does; the plan has an outcome only if asked for
        (or remembered from a preview). The state it leaves is the same either way."""
        memo = self._memo
        if memo is not None and memo[0] is rev and memo[1] == self.version:
            plan = memo[2]
        else:
            plan = self.plan(rev, outcome=outcome)
        self.commit(plan, rev, seq=seq, event_id=event_id, counts_from=counts_from)
        return plan

    def adopt(self, other: Dimension) -> None:
        """Take over ``other``'s state (this dimension folded again: same identity)."""
        version = self.version + 1
        self.__dict__.update(other.__dict__)
        self.version, self._memo = version, None
        # ``other``'s caches count its own versions, which this one's may meet by chance:
        # its trail, if it is of its current state, is this one's now; no snapshot is.
        trail = other.trail_cache
        self.trail_cache = (version, trail[1]) if trail and trail[0] == other.version else None
        self.snap_cache = self.held_cache = None
