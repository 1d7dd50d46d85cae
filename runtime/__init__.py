"""nousmem.runtime: the authority boundary (journal, MemoryRuntime, traces, CLI)."""

from nousmem.policies.memory_policy import MemoryPolicy
from nousmem.projections.belief_models import BeliefSnapshot, IdentityCandidate
from nousmem.projections.retrieval import MemoryContext, Snippet
from nousmem.projections.worldview_models import WorldviewSnapshot
from nousmem.runtime.clock import Clock, FixedClock, SystemClock
from nousmem.runtime.config import InputConfig, JournalConfig, RuntimeConfig, TrustConfig
from nousmem.runtime.erasure import ErasureReceipt
from nousmem.runtime.errors import (
    AppendOnlyViolation,
    ClosedError,
    InvalidInput,
    JournalConflict,
    NamespaceError,
    NousmemError,
    PayloadTooLarge,
    ProviderError,
    ProviderMalformed,
    ProviderTimeout,
    ProviderUnavailable,
    StaleHead,
    StorageError,
    UnknownEvent,
    UnsupportedOperation,
)
from nousmem.runtime.events import (
    EdgeEvent,
    EventBase,
    IdentityMergedEvent,
    ObservationEvent,
    OutcomeEvent,
    QuarantinedEvent,
    RetrievalEvent,
    WriteRejectedEvent,
)
from nousmem.runtime.explain import BeliefExplanation, ExplainedEvidence, ValueExplanation
from nousmem.runtime.forgetting import ForgetResult, LifecycleView
from nousmem.runtime.journal.base import CachedVector, Head, Journal, VerifyReport
from nousmem.runtime.journal.memory import MemoryJournal
from nousmem.runtime.journal.sqlite import SqliteJournal
from nousmem.runtime.policy_api import PolicyResult
from nousmem.runtime.query import Embedder
from nousmem.runtime.replay import ReplayReport
from nousmem.runtime.results import RouteResult
from nousmem.runtime.runtime import MemoryRuntime
from nousmem.runtime.sleep import SleepReport

__all__ = [
    "AppendOnlyViolation",
    "BeliefExplanation",
    "BeliefSnapshot",
    "CachedVector",
    "Clock",
    "ClosedError",
    "EdgeEvent",
    "Embedder",
    "ErasureReceipt",
    "EventBase",
    "ExplainedEvidence",
    "FixedClock",
    "ForgetResult",
    "Head",
    "IdentityCandidate",
    "IdentityMergedEvent",
    "InputConfig",
    "InvalidInput",
    "Journal",
    "JournalConfig",
    "JournalConflict",
    "LifecycleView",
    "MemoryContext",
    "MemoryJournal",
    "MemoryPolicy",
    "MemoryRuntime",
    "NamespaceError",
    "NousmemError",
    "ObservationEvent",
    "OutcomeEvent",
    "PayloadTooLarge",
    "PolicyResult",
    "ProviderError",
    "ProviderMalformed",
    "ProviderTimeout",
    "ProviderUnavailable",
    "QuarantinedEvent",
    "ReplayReport",
    "RetrievalEvent",
    "RouteResult",
    "RuntimeConfig",
    "SleepReport",
    "Snippet",
    "SqliteJournal",
    "StaleHead",
    "StorageError",
    "SystemClock",
    "TrustConfig",
    "UnknownEvent",
    "UnsupportedOperation",
    "ValueExplanation",
    "VerifyReport",
    "WorldviewSnapshot",
    "WriteRejectedEvent",
]
