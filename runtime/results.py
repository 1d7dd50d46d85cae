"""Result models returned by the governed write path."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from nousmem.policies.impact import ImpactAssessment
from nousmem.policies.router import Route, RouteDecision
from nousmem.policies.validators import Verdict
from nousmem.projections.belief_models import RevisionOutcome


class RouteResult(BaseModel):
    """What one governed write did: the route, the assessment, deltas, candidates, verdicts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    route: Route
    observation_id: str | None
    assessment: ImpactAssessment
    decision: RouteDecision
    deltas: tuple[RevisionOutcome, ...] = ()
    delta_ids: tuple[str, ...] = ()
    candidate_ids: tuple[str, ...] = ()
    promoted_ids: tuple[str, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    rejected: tuple[Verdict, ...] = ()
    clarify: str | None = None
    forget_requests: tuple[str, ...] = ()
    """Sentences in which the user (or the system) asked memory to forget something
    ("Please forget that I live in Lyon."), whether or not they named a value it holds."""
    forgotten: tuple[str, ...] = ()
    """Worldview candidate ids those requests invalidated in this write (see
    ``RouterConfig.forget_requests``)."""
    event_ids: tuple[str, ...] = ()
    extractor: str = "rule"
    fallback: bool = False
    dry_run: bool = False

    @property
    def status(self) -> str:
        """``committed``, ``rejected`` (only a refusal record was written), ``quarantined``
        (only a redacted quarantine record) or ``dry_run`` (nothing written)."""
        if self.dry_run:
            return "dry_run"
        if self.route == "quarantine":
            return "quarantined"
        return "rejected" if self.rejected else "committed"

    @property
    def committed(self) -> bool:
        """True when the write went through (not rejected and not a dry run)."""
        return not self.rejected and not self.dry_run and self.route != "quarantine"
