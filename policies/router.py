"""The router: maps an impact assessment to one route, claim by claim.

| route          | when                                                             |
|----------------|------------------------------------------------------------------|
| ledger_only    | nothing worth remembering                                        |
| evidence       | claims that only confirm current beliefs (support, no delta)     |
| belief_update  | a delta is written                                               |
| candidate      | held pending corroboration (surprise gating of low-trust claims) |
| clarify        | a hedged claim contradicts an established belief: ask back       |
| quarantine     | risky content (secrets, injection)                               |
| sleep          | no claims, but worth consolidating later (task results, prefs)   |
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from nousmem.policies.impact import ClaimImpact, ImpactAssessment
from nousmem.projections.belief_models import RevisionOutcome
from nousmem.projections.config_types import CONFIG

Route = Literal[
    "ledger_only", "evidence", "belief_update", "candidate", "clarify", "quarantine", "sleep"
]

# When one observation has claims routed differently, the observation takes the first of
# these that any claim got.
ROUTE_PRIORITY: tuple[Route, ...] = (
    "quarantine",
    "clarify",
    "belief_update",
    "candidate",
    "evidence",
    "sleep",
    "ledger_only",
)


class RouterConfig(BaseModel):
    """Thresholds of the router. Named presets are in ``policies/presets.py``."""

    model_config = CONFIG

    quarantine_risk: float = Field(default=0.6, ge=0.0, le=1.0)
    """Risk at or above this quarantines the whole observation."""
    min_reliability: float = Field(default=0.2, ge=0.0, le=1.0)
    """Claims below this reliability are ledger-only."""
    trusted_reliability: float = Field(default=0.6, ge=0.0, le=1.0)
    """Below this a claim is low-trust: if it contradicts an established belief it is held."""
    gate_surprise_bits: float = Field(default=2.0, ge=0.0)
    """Surprise gating applies to contradicting claims at least this surprising."""
    confirm_kl_bits: float = Field(default=0.01, ge=0.0)
    """A claim for the current mode that moves the belief less than this is only evidence."""
    sleep_utility: float = Field(default=0.7, ge=0.0, le=1.0)
    """Observations without claims and at least this utility are marked for sleep."""
    clarify_hedged: bool = True
    """Hedged claims that contradict an established belief ask back instead of writing."""
    forget_requests: Literal["invalidate", "flag"] = "invalidate"
    """What a user's request to forget ("Please forget that I live in Lyon.") does:
    ``invalidate`` the belief values it names (in the same write), or only ``flag`` it in
    ``RouteResult.forget_requests`` for the caller to act on."""


class ClaimRoute(BaseModel):
    """The route of one claim with the reason, for the result and the journal."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    route: Route
    reason: str


class RouteDecision(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    route: Route
    claims: tuple[ClaimRoute, ...] = ()
    reasons: tuple[str, ...] = ()


def contested(out: RevisionOutcome) -> str | None:
    """The value a contradicting claim contests: the belief's mode, or, for a back-dated
    claim that agrees with the mode now (judged at its date instead), the value held then."""
    now = out.mode_before
    if out.back_dated and now is not None and now.casefold() == out.value.casefold():
        return out.held_at_date
    return now


def confirms(out: RevisionOutcome, cfg: RouterConfig) -> bool:
    """Whether a trusted claim with this outcome only confirms the current mode (the
    ``evidence`` route). An erasure asks it again of a confirmation whose belief changed."""
    return (
        not out.contradiction
        # Until a belief is established, a restatement is a revision: repetition is what
        # establishes it (and what surprise gating later protects).
        and out.established
        and out.support > 0
        and out.polarity == "assert"
        and out.mode_before is not None
        and out.value.casefold() == out.mode_before.casefold()
        and max(out.kl_bits, out.open_kl_bits or 0.0) < cfg.confirm_kl_bits
        # Dated back to when another value held, it changes history: a revision.
        and (not out.back_dated or (out.held_at_date or "").casefold() == out.value.casefold())
    )


def claim_route(
    out: RevisionOutcome,
    reliability: float,
    hedged: bool,
    cfg: RouterConfig,
    min_confidence: float = 0.0,
) -> tuple[Route, str]:
    """The route of one claim whose revision would have ``out``, and the reason.

    ``min_confidence``: the validators' minimum reliability. A claim this would write
    below it stays in the ledger: written, it would make the validators refuse the whole
    observation, its other claims too. An erasure asks it again of a surviving
    confirmation whose belief changed.
    """
    if reliability < cfg.min_reliability:
        return "ledger_only", f"reliability {reliability:.2f} < {cfg.min_reliability}"
    if out.contradiction and hedged and out.established and cfg.clarify_hedged:
        return "clarify", f"hedged claim contradicts established {contested(out)!r}"
    if (
        out.contradiction
        and out.established
        and reliability < cfg.trusted_reliability
        and out.surprise_bits >= cfg.gate_surprise_bits
    ):
        return "candidate", (
            f"surprise gating: {out.surprise_bits:.1f} bits against established"
            f" {contested(out)!r} from a low-trust source (reliability {reliability:.2f})"
        )
    if confirms(out, cfg):
        return "evidence", f"confirms {out.mode_before!r} (moves it {out.kl_bits:.4f} bits)"
    if reliability < min_confidence:
        return "ledger_only", f"reliability {reliability:.2f} < min_confidence {min_confidence}"
    return "belief_update", f"revises belief by {out.kl_bits:.3f} bits"


def _route_claim(i: int, c: ClaimImpact, cfg: RouterConfig, floor: float) -> ClaimRoute:
    route, reason = claim_route(c.outcome, c.reliability, c.claim.hedged, cfg, floor)
    return ClaimRoute(index=i, route=route, reason=reason)


def route(
    assessment: ImpactAssessment,
    cfg: RouterConfig,
    *,
    obs_type: str,
    min_confidence: float = 0.0,
) -> RouteDecision:
    """Choose the route of an observation and of each of its claims (``min_confidence``:
    see :func:`claim_route`)."""
    if assessment.risk >= cfg.quarantine_risk:
        labels = ", ".join(assessment.risk_labels)
        return RouteDecision(
            route="quarantine", reasons=(f"risk {assessment.risk:.2f} ({labels})",)
        )
    if not assessment.claims:
        if assessment.utility >= cfg.sleep_utility:
            return RouteDecision(
                route="sleep",
                reasons=(f"no claims; {obs_type} has utility {assessment.utility:.2f}",),
            )
        return RouteDecision(route="ledger_only", reasons=("no claims",))
    per = tuple(_route_claim(i, c, cfg, min_confidence) for i, c in enumerate(assessment.claims))
    return _decision(per)


def _decision(per: tuple[ClaimRoute, ...]) -> RouteDecision:
    """The decision for claims routed ``per``: the observation takes the first of their
    routes in :data:`ROUTE_PRIORITY`."""
    got = {r.route for r in per}
    overall = next(r for r in ROUTE_PRIORITY if r in got)
    return RouteDecision(route=overall, claims=per, reasons=tuple(r.reason for r in per))


def promoted_decision(
    decision: RouteDecision, promoting: Iterable[int], source: str
) -> RouteDecision:
    """``decision`` with the claims at ``promoting`` (indices of claims that corroborate a
    held candidate from an independent source) routed ``belief_update``: they are written
    as revisions with the held ones. The observation's route is the first of the claims'
    routes in :data:`ROUTE_PRIORITY`, as :func:`route` gives it."""
    chosen = set(promoting)
    why = f"corroborates a held candidate (independent source {source})"
    per = tuple(
        c.model_copy(update={"route": "belief_update", "reason": why})
        if c.index in chosen and c.route != "belief_update"
        else c
        for c in decision.claims
    )
    return decision if per == decision.claims else _decision(per)
