"""ValidatorStack: the last gate before a write. Pluggable, ordered, each verdict has a reason.

Any failing verdict turns the write into a ``write.rejected`` record (or, for the risk gate, a
quarantine record) and nothing else is written.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from nousmem.policies.risk import CREDENTIAL_LABELS, RiskFinding
from nousmem.projections.errors import InvalidInput
from nousmem.projections.models import Claim

Operation = Literal[
    "observe_and_route",
    "observe_and_commit",
    "commit_policy",
    "forget",
    "consolidate",
    "merge",
    "relate",
]
SUPPORTED_OPERATIONS: frozenset[str] = frozenset(Operation.__args__)  # type: ignore[attr-defined]


class Verdict(BaseModel):
    """One validator's answer about a proposed write."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    validator: str
    ok: bool
    reason: str
    action: Literal["allow", "reject", "quarantine"] = "allow"


class ProposedClaim(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    claim: Claim
    reliability: float


class ProposedWrite(BaseModel):
    """Everything a validator may look at. Built by the runtime; validators do no I/O."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    operation: str
    namespace: str
    target_namespaces: tuple[str, ...] = ()
    claims: tuple[ProposedClaim, ...] = ()
    evidence_ids: tuple[str, ...] = ()
    known_evidence: frozenset[str] = frozenset()
    foreign_evidence: frozenset[str] = frozenset()
    not_evidence: dict[str, str] = Field(default_factory=dict)
    """Cited ids of this namespace that are records, not evidence: id -> their kind."""
    erased_evidence: frozenset[str] = frozenset()
    """Cited ids of this namespace whose events were erased (not in ``known_evidence``)."""
    destructive: bool = False
    authorized: bool = False
    consolidation: dict[str, Any] | None = None
    risks: tuple[RiskFinding, ...] = ()


@runtime_checkable
class Validator(Protocol):
    """A check on a proposed write; must be pure and deterministic."""

    name: str

    def check(self, write: ProposedWrite) -> Verdict:
        """Return a verdict; ``ok=False`` vetoes the write."""
        ...


_OK: dict[tuple[str, str], Verdict] = {}


def _ok(name: str, reason: str = "ok") -> Verdict:
    # Passing verdicts are the same every time: build each once (validators run per write).
    key = (name, reason)
    if key not in _OK:
        _OK[key] = Verdict(validator=name, ok=True, reason=reason)
    return _OK[key]


def _no(name: str, reason: str, action: Literal["reject", "quarantine"] = "reject") -> Verdict:
    return Verdict(validator=name, ok=False, reason=reason, action=action)


class MinConfidence:
    """Every claim must reach a minimum reliability (source trust x claim confidence)."""

    name = "min_confidence"

    def __init__(self, minimum: float = 0.3) -> None:
        self.minimum = minimum

    def check(self, write: ProposedWrite) -> Verdict:
        low = [c for c in write.claims if c.reliability < self.minimum]
        if low:
            c = low[0]
            return _no(
                self.name,
                f"claim {c.claim.entity}.{c.claim.attribute}={c.claim.value!r} has reliability"
                f" {c.reliability:.2f} < {self.minimum}",
            )
        return _ok(self.name)


class EvidenceRequired:
    """Writes must cite evidence ids, and each must exist in the same namespace."""

    name = "evidence_ids"

    def check(self, write: ProposedWrite) -> Verdict:
        if not write.evidence_ids:
            return _no(self.name, "no evidence ids: a write must cite the events it rests on")
        records = [
            f"{e} ({write.not_evidence[e]})" for e in write.evidence_ids if e in write.not_evidence
        ]
        if records:
            return _no(
                self.name,
                f"cited event(s) are records, not evidence: {records[:3]}; cite observations,"
                " belief deltas, held claims, outcomes or compiled items",
            )
        erased = [e for e in write.evidence_ids if e in write.erased_evidence]
        if erased:
            # The planner may still hold the erased content: citing it must not bring it back.
            return _no(
                self.name,
                f"cited event(s) were erased: {erased[:3]}; erased content is no evidence",
            )
        missing = [e for e in write.evidence_ids if e not in write.known_evidence]
        if missing:
            return _no(self.name, f"evidence id(s) not found in this namespace: {missing[:3]}")
        return _ok(self.name)


class SupportedOperation:
    """Only operations the runtime knows how to apply."""

    name = "supported_operation"

    def check(self, write: ProposedWrite) -> Verdict:
        if write.operation not in SUPPORTED_OPERATIONS:
            return _no(self.name, f"unsupported operation {write.operation!r}")
        bad = [c for c in write.claims if c.claim.polarity not in ("assert", "negate")]
        if bad:
            return _no(self.name, "claims must assert or negate")
        return _ok(self.name)


class NamespaceWall:
    """No target or evidence in another namespace."""

    name = "namespace"

    def check(self, write: ProposedWrite) -> Verdict:
        other = [ns for ns in write.target_namespaces if ns != write.namespace]
        if other:
            return _no(self.name, f"targets namespace {other[0]!r} from {write.namespace!r}")
        if write.foreign_evidence:
            ids = sorted(write.foreign_evidence)[:3]
            return _no(self.name, f"evidence id(s) belong to another namespace: {ids}")
        return _ok(self.name)


class DestructiveNeedsAuthorization:
    """Destructive operations (invalidate, merge, ...) need explicit authorisation."""

    name = "destructive"

    def check(self, write: ProposedWrite) -> Verdict:
        if write.destructive and not write.authorized:
            return _no(self.name, f"{write.operation} is destructive and was not authorised")
        return _ok(self.name)


class ConsolidationPlanNamed:
    """A consolidation plan must name its clusters and target type."""

    name = "consolidation_plan"
    TARGET_TYPES = frozenset({"frame", "procedure", "schema"})

    def check(self, write: ProposedWrite) -> Verdict:
        if write.operation != "consolidate":
            return _ok(self.name, "not a consolidation")
        plan = write.consolidation or {}
        clusters = plan.get("clusters")
        if (
            not isinstance(clusters, list)
            or not clusters
            or not all(isinstance(c, list) and c for c in clusters)
        ):
            return _no(self.name, "consolidation plan must name non-empty clusters of event ids")
        if plan.get("target_type") not in self.TARGET_TYPES:
            return _no(
                self.name,
                f"consolidation target_type must be one of {sorted(self.TARGET_TYPES)}",
            )
        return _ok(self.name)


class RiskGate:
    """Secrets, prompt injection and card numbers go to quarantine, never into memory."""

    name = "risk"

    def __init__(
        self,
        kinds: Sequence[str] = ("secret", "injection"),
        labels: Sequence[str] = tuple(CREDENTIAL_LABELS),
    ) -> None:
        self.kinds = frozenset(kinds)
        self.labels = frozenset(labels)

    def check(self, write: ProposedWrite) -> Verdict:
        hits = sorted(
            {f.label for f in write.risks if f.kind in self.kinds or f.label in self.labels}
        )
        if hits:
            return _no(self.name, f"risky content: {', '.join(hits)}", action="quarantine")
        return _ok(self.name)


class ValidatorStack:
    """Ordered validators. Every validator runs so the record shows every reason."""

    def __init__(self, validators: Sequence[Validator] | None = None) -> None:
        self.validators: tuple[Validator, ...] = tuple(
            validators if validators is not None else default_validators()
        )

    def run(self, write: ProposedWrite) -> list[Verdict]:
        out = [v.check(write) for v in self.validators]
        for v, got in zip(self.validators, out, strict=True):
            if not isinstance(got, Verdict):
                # A mistaken validator must fail by name, not as an AttributeError later.
                raise InvalidInput(
                    f"validator {getattr(v, 'name', type(v).__name__)!r} returned"
                    f" {type(got).__name__}, not a Verdict",
                    field="validators",
                )
        return out

    @classmethod
    def of(cls, value: object) -> ValidatorStack:
        """``value`` as a stack: a :class:`ValidatorStack` as it is, a list or tuple of
        validators (each with a ``name`` and a synchronous ``check``) wrapped; anything else
        is refused with :class:`InvalidInput` naming ``validators``."""
        if isinstance(value, ValidatorStack):
            return value
        if not isinstance(value, (list, tuple)):
            raise InvalidInput(
                f"must be a ValidatorStack or a list of validators, not {type(value).__name__}",
                field="validators",
            )
        for i, v in enumerate(value):
            check = getattr(v, "check", None)
            if not isinstance(getattr(v, "name", None), str) or not callable(check):
                raise InvalidInput(
                    "a validator needs a str name and a check(write) method",
                    field=f"validators[{i}]",
                )
            if inspect.iscoroutinefunction(check):
                raise InvalidInput("check must be synchronous", field=f"validators[{i}]")
        return cls(list(value))

    @staticmethod
    def passed(verdicts: Sequence[Verdict]) -> bool:
        return all(v.ok for v in verdicts)

    def min_confidence(self) -> float:
        """The least reliability a claim needs to pass this stack (its ``MinConfidence``
        validators' minimum; 0 without one)."""
        return max(
            (v.minimum for v in self.validators if isinstance(v, MinConfidence)), default=0.0
        )


def default_validators(min_confidence: float = 0.3) -> list[Validator]:
    """The default stack, in order."""
    return [
        RiskGate(),
        SupportedOperation(),
        NamespaceWall(),
        EvidenceRequired(),
        MinConfidence(min_confidence),
        DestructiveNeedsAuthorization(),
        ConsolidationPlanNamed(),
    ]


__all__ = [
    "SUPPORTED_OPERATIONS",
    "ConsolidationPlanNamed",
    "DestructiveNeedsAuthorization",
    "EvidenceRequired",
    "MinConfidence",
    "NamespaceWall",
    "ProposedClaim",
    "ProposedWrite",
    "RiskGate",
    "SupportedOperation",
    "Validator",
    "ValidatorStack",
    "Verdict",
    "default_validators",
]
