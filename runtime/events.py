"""Journal events: frozen pydantic models, a discriminated union on ``kind``.

Every event has the same header (``id``, ``namespace``, ``kind``, ``seq``, ``occurred_at``,
``recorded_at``, ``causation_id``) plus chain fields and a typed ``payload``. An erased event
keeps its header and ``payload_digest`` but its payload is ``None``.

Payload models live with the layer that owns the concept (``projections`` or ``policies``)
or in :mod:`nousmem.runtime.payloads`; this module only binds them to kinds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from nousmem.projections.trusted import assemblable, assemble
from nousmem.runtime import payloads as p
from nousmem.runtime.canonical import canonical_json
from nousmem.runtime.errors import InvalidInput


class EventBase(BaseModel):
    """Header and chain fields shared by every event."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    namespace: str
    kind: str
    seq: int
    occurred_at: datetime
    recorded_at: datetime
    causation_id: str | None = None
    payload_digest: str
    prev_hash: str
    hash: str
    erased: bool = False
    payload: Any = None


class ObservationEvent(EventBase):
    kind: Literal["observation"] = "observation"
    payload: p.ObservationPayload | None


class AssessmentEvent(EventBase):
    kind: Literal["impact.assessed"] = "impact.assessed"
    payload: p.AssessmentPayload | None


class BeliefRevisedEvent(EventBase):
    kind: Literal["belief.revised"] = "belief.revised"
    payload: p.BeliefRevisedPayload | None


class CandidateHeldEvent(EventBase):
    kind: Literal["candidate.held"] = "candidate.held"
    payload: p.CandidatePayload | None


class CandidatePromotedEvent(EventBase):
    kind: Literal["candidate.promoted"] = "candidate.promoted"
    payload: p.CandidatePromotedPayload | None


class ClarifyEvent(EventBase):
    kind: Literal["clarify.requested"] = "clarify.requested"
    payload: p.ClarifyPayload | None


class QuarantinedEvent(EventBase):
    kind: Literal["quarantined"] = "quarantined"
    payload: p.QuarantinePayload | None


class WriteRejectedEvent(EventBase):
    kind: Literal["write.rejected"] = "write.rejected"
    payload: p.RejectionPayload | None


class ProviderFallbackEvent(EventBase):
    kind: Literal["provider.fallback"] = "provider.fallback"
    payload: p.FallbackPayload | None


class RetrievalEvent(EventBase):
    kind: Literal["retrieval"] = "retrieval"
    payload: p.RetrievalPayload | None


class OutcomeEvent(EventBase):
    kind: Literal["outcome"] = "outcome"
    payload: p.OutcomePayload | None


class EdgeEvent(EventBase):
    kind: Literal["edge"] = "edge"
    payload: p.EdgePayload | None


class LifecycleEvent(EventBase):
    kind: Literal["lifecycle"] = "lifecycle"
    payload: p.LifecyclePayload | None


class LifecycleRefusedEvent(EventBase):
    kind: Literal["lifecycle.refused"] = "lifecycle.refused"
    payload: p.LifecycleRefusedPayload | None


class IdentityMergedEvent(EventBase):
    kind: Literal["identity.merged"] = "identity.merged"
    payload: p.IdentityMergedPayload | None


class DimensionCompressedEvent(EventBase):
    kind: Literal["dimension.compressed"] = "dimension.compressed"
    payload: p.DimensionCompressedPayload | None


class PolicyCommittedEvent(EventBase):
    kind: Literal["policy.committed"] = "policy.committed"
    payload: p.PolicyPayload | None


class SleepCompiledEvent(EventBase):
    kind: Literal["sleep.compiled"] = "sleep.compiled"
    payload: p.SleepCompiledPayload | None


class ErasureEvent(EventBase):
    kind: Literal["erasure"] = "erasure"
    payload: p.ErasurePayload | None


Event = Annotated[
    ObservationEvent
    | AssessmentEvent
    | BeliefRevisedEvent
    | CandidateHeldEvent
    | CandidatePromotedEvent
    | ClarifyEvent
    | QuarantinedEvent
    | WriteRejectedEvent
    | ProviderFallbackEvent
    | RetrievalEvent
    | OutcomeEvent
    | EdgeEvent
    | LifecycleEvent
    | LifecycleRefusedEvent
    | IdentityMergedEvent
    | DimensionCompressedEvent
    | PolicyCommittedEvent
    | SleepCompiledEvent
    | ErasureEvent,
    Field(discriminator="kind"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)

EVENT_CLASSES: dict[str, type[EventBase]] = {
    cls.model_fields["kind"].default: cls
    for cls in (
        ObservationEvent,
        AssessmentEvent,
        BeliefRevisedEvent,
        CandidateHeldEvent,
        CandidatePromotedEvent,
        ClarifyEvent,
        QuarantinedEvent,
        WriteRejectedEvent,
        ProviderFallbackEvent,
        RetrievalEvent,
        OutcomeEvent,
        EdgeEvent,
        LifecycleEvent,
        LifecycleRefusedEvent,
        IdentityMergedEvent,
        DimensionCompressedEvent,
        PolicyCommittedEvent,
        SleepCompiledEvent,
        ErasureEvent,
    )
}

PAYLOAD_TYPES: dict[str, type[BaseModel]] = {
    kind: cls.model_fields["payload"].annotation.__args__[0]  # type: ignore[union-attr]
    for kind, cls in EVENT_CLASSES.items()
}

KINDS: tuple[str, ...] = tuple(sorted(EVENT_CLASSES))


def kind_names(kinds: object) -> tuple[str, ...]:
    """``events(kinds=...)`` as a tuple of known kind names.

    A str is refused, not read as its characters; a set or a generator is accepted (and
    read once: the journal must not get an exhausted iterator).
    """
    if isinstance(kinds, str | bytes) or not isinstance(kinds, Iterable):
        raise InvalidInput("must be a list of kind names", field="kinds")
    names = tuple(kinds)
    if not all(isinstance(k, str) for k in names):
        raise InvalidInput("must be a list of kind names", field="kinds")
    unknown = sorted(set(names) - set(KINDS))
    if unknown:
        raise InvalidInput(f"unknown kind(s) {unknown}; known: {', '.join(KINDS)}", field="kinds")
    return names


@dataclass(frozen=True, slots=True)
class EventDraft:
    """An event before the journal gives it a ``seq`` and a place in the chain.

    ``doc`` is the text the lexical index should hold for it (a projection, written in the
    same transaction); it is not part of the hashed event.
    """

    id: str
    namespace: str
    kind: str
    occurred_at: datetime
    recorded_at: datetime
    payload: BaseModel
    causation_id: str | None = None
    doc: str | None = None
    payload_json: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.kind not in EVENT_CLASSES:
            raise ValueError(f"unknown event kind {self.kind!r}")
        if not isinstance(self.payload, PAYLOAD_TYPES[self.kind]):
            raise TypeError(f"payload of a {self.kind!r} event must be {PAYLOAD_TYPES[self.kind]}")
        if not self.payload_json:
            object.__setattr__(
                self, "payload_json", canonical_json(self.payload.model_dump(mode="json"))
            )


_EVENT_FIELDS = (
    "id",
    "namespace",
    "kind",
    "seq",
    "occurred_at",
    "recorded_at",
    "causation_id",
    "payload_digest",
    "prev_hash",
    "hash",
    "erased",
    "payload",
)


def _plain(cls: type[EventBase]) -> bool:
    """True when ``model_construct`` of ``cls`` amounts to filling ``__dict__`` (see below)."""
    return tuple(cls.model_fields) == _EVENT_FIELDS and assemblable(cls)


# Kinds whose events build_event may assemble without going through model_construct.
_FAST_KINDS: frozenset[str] = frozenset(k for k, c in EVENT_CLASSES.items() if _plain(c))


def build_event(
    *,
    id: str,
    namespace: str,
    kind: str,
    seq: int,
    occurred_at: datetime,
    recorded_at: datetime,
    causation_id: str | None,
    payload: BaseModel | str | None,
    payload_digest: bytes,
    prev_hash: bytes,
    hash: bytes,
    erased: bool = False,
) -> EventBase:
    """Assemble a typed event from trusted storage fields without re-validating the header.

    ``payload`` may be a model (fresh append), canonical JSON text (a stored row) or None.

    The result is exactly what ``cls.model_construct(**all_fields)`` returns: ``__dict__``
    with every field in declaration order, every field in ``__pydantic_fields_set__``, no
    extra and no private values. For the event classes (no aliases, no post-init hook, no
    private attributes, checked at import in ``_FAST_KINDS``) that state is written directly,
    which costs a fraction of ``model_construct``'s per-field loop.
    """
    cls = EVENT_CLASSES[kind]
    if isinstance(payload, str):
        payload = PAYLOAD_TYPES[kind].model_validate_json(payload)
    if kind not in _FAST_KINDS:  # pragma: no cover - every current kind is plain
        return cls.model_construct(
            id=id,
            namespace=namespace,
            kind=kind,
            seq=seq,
            occurred_at=occurred_at,
            recorded_at=recorded_at,
            causation_id=causation_id,
            payload=payload,
            payload_digest=payload_digest.hex(),
            prev_hash=prev_hash.hex(),
            hash=hash.hex(),
            erased=erased,
        )
    return assemble(
        cls,
        {
            "id": id,
            "namespace": namespace,
            "kind": kind,
            "seq": seq,
            "occurred_at": occurred_at,
            "recorded_at": recorded_at,
            "causation_id": causation_id,
            "payload_digest": payload_digest.hex(),
            "prev_hash": prev_hash.hex(),
            "hash": hash.hex(),
            "erased": erased,
            "payload": payload,
        },
        set(_EVENT_FIELDS),
    )
