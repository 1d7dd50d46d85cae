"""nousmem.policies: decisions (extraction, impact, routing, validation, planning). No I/O."""

from nousmem.policies.answer_cues import answer_cue
from nousmem.policies.consolidation import Cluster, SleepConfig, plan_sleep
from nousmem.policies.date_order import DateOrder, current_date_order, reading_dates
from nousmem.policies.extract import RuleExtractor, extract_time_mentions
from nousmem.policies.forget_requests import ForgetRequest, forget_requests
from nousmem.policies.impact import (
    ClaimImpact,
    ImpactAssessment,
    ImpactComponents,
    ImpactWeights,
    assess,
)
from nousmem.policies.memory_policy import (
    ConsolidateIntent,
    ForgetIntent,
    MemoryPolicy,
    RetrievalIntent,
    WriteIntent,
    deterministic_policy,
)
from nousmem.policies.planner import LENSES, QueryPlan, plan_query
from nousmem.policies.presets import ROUTER_PRESETS, router_preset
from nousmem.policies.protocols import Extractor
from nousmem.policies.risk import RiskFinding, detect_risks, mask_secrets, redact, risk_score
from nousmem.policies.router import ClaimRoute, Route, RouteDecision, RouterConfig, route
from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.policies.validators import (
    ConsolidationPlanNamed,
    DestructiveNeedsAuthorization,
    EvidenceRequired,
    MinConfidence,
    NamespaceWall,
    ProposedClaim,
    ProposedWrite,
    RiskGate,
    SupportedOperation,
    Validator,
    ValidatorStack,
    Verdict,
    default_validators,
)

__all__ = [
    "LENSES",
    "ROUTER_PRESETS",
    "ClaimImpact",
    "ClaimRoute",
    "Cluster",
    "ConsolidateIntent",
    "ConsolidationPlanNamed",
    "DateOrder",
    "DestructiveNeedsAuthorization",
    "EvidenceRequired",
    "Extractor",
    "ForgetIntent",
    "ForgetRequest",
    "ImpactAssessment",
    "ImpactComponents",
    "ImpactWeights",
    "MemoryPolicy",
    "MinConfidence",
    "NamespaceWall",
    "ProposedClaim",
    "ProposedWrite",
    "QueryPlan",
    "RetrievalIntent",
    "RiskFinding",
    "RiskGate",
    "Route",
    "RouteDecision",
    "RouterConfig",
    "RuleExtractor",
    "SleepConfig",
    "SupportedOperation",
    "TimeMention",
    "Validator",
    "ValidatorStack",
    "Verdict",
    "WriteIntent",
    "answer_cue",
    "assess",
    "current_date_order",
    "default_validators",
    "detect_risks",
    "deterministic_policy",
    "extract_time_mentions",
    "forget_requests",
    "mask_secrets",
    "plan_query",
    "plan_sleep",
    "reading_dates",
    "redact",
    "resolve_time_expressions",
    "risk_score",
    "route",
    "router_preset",
]
