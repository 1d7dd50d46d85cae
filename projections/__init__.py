"""nousmem.projections: state derived from the journal (beliefs, worldview, graph, index)."""

from nousmem.projections.belief_models import (
    BeliefParams,
    BeliefSnapshot,
    IdentityCandidate,
    Revision,
    RevisionOutcome,
)
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.graph import MemoryGraph
from nousmem.projections.graph_models import Activation, Edge, entity_node
from nousmem.projections.lifecycle import LifecycleBook, LifecycleConfig, Transition
from nousmem.projections.models import Claim, Observation
from nousmem.projections.retrieval import MemoryContext, RetrievalConfig, Snippet, Suppressed
from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSchema, AttributeSpec
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview import Worldview
from nousmem.projections.worldview_models import (
    ScoreComponents,
    WorldviewCandidate,
    WorldviewConfig,
    WorldviewSlot,
    WorldviewSnapshot,
)

__all__ = [
    "DEFAULT_SCHEMA",
    "Activation",
    "AttributeSchema",
    "AttributeSpec",
    "BeliefParams",
    "BeliefSnapshot",
    "BeliefStore",
    "Claim",
    "Edge",
    "IdentityCandidate",
    "LifecycleBook",
    "LifecycleConfig",
    "MemoryContext",
    "MemoryGraph",
    "Observation",
    "RetrievalConfig",
    "Revision",
    "RevisionOutcome",
    "ScoreComponents",
    "Snippet",
    "Suppressed",
    "Transition",
    "Worldview",
    "WorldviewCandidate",
    "WorldviewConfig",
    "WorldviewSlot",
    "WorldviewSnapshot",
    "count_tokens",
    "entity_node",
]
