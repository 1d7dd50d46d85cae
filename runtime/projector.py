"""Projector: folds committed events, in seq order, into every projection of a namespace.

Erased events (payload None) contribute nothing, so after an erasure a rebuild forgets them.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from nousmem.policies.agent_echoes import from_agent
from nousmem.projections.belief_models import Revision, RevisionOutcome, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.graph import MemoryGraph
from nousmem.projections.lexical import date_label
from nousmem.projections.lifecycle import LifecycleBook
from nousmem.projections.worldview import TextItem, Worldview
from nousmem.projections.worldview_items import SLEEP_KEY_KINDS, text_item
from nousmem.runtime.audit_items import audit_item, erased_item, forgotten_item
from nousmem.runtime.claim_fold import fold_held, fold_promoted, fold_revision
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.docrows import (
    DOC_KINDS,
    DocRow,
    doc_text,
    observation_lead,
    render_observation,
    time_notes,
)
from nousmem.runtime.errors import StorageError
from nousmem.runtime.events import PAYLOAD_TYPES
from nousmem.runtime.forget_asked import FORGET_REQUEST, requester
from nousmem.runtime.held import HeldClaims
from nousmem.runtime.merge_fold import fold_merge
from nousmem.runtime.obs_times import ObservationTimes
from nousmem.runtime.payloads import RetrievalSelection
from nousmem.runtime.request_text import without_requests
from nousmem.runtime.slot_touches import SlotTouches
from nousmem.runtime.vocabulary import Vocabulary

# Records about the memory itself (refusals, reads, outcomes, erasures) do not move the
# namespace's event-time "now": a refused write dated in the future must change nothing.
NOT_WORLD_TIME = frozenset({"write.rejected", "quarantined", "retrieval", "outcome", "erasure"})
OUTCOME_UTILITY = {"success": 1.0, "partial": 0.5, "neutral": 0.0, "failure": -1.0}


class Projector:
    """Every projection of one namespace and the ``seq`` folded up to."""

    def __init__(self, namespace: str, config: RuntimeConfig) -> None:
        self.namespace = namespace
        self.config = config
        self.applied_seq = 0
        # An erasure of events folded here with their content (another process's, or one
        # met mid-catch-up): rebuild before use. Ids of events folded already erased:
        self.needs_rebuild = False
        self.erased_seen: set[str] = set()
        self.last_occurred_at: datetime | None = None
        self.kind_counts: dict[str, int] = {}
        self.beliefs = BeliefStore(config.attributes, config.beliefs)
        self.worldview = Worldview(config.worldview, config.attributes)
        self.graph = MemoryGraph()
        self.lifecycle = LifecycleBook(config.lifecycle)
        self.held = HeldClaims()  # claims held for corroboration
        self.entity_mentions: dict[str, int] = {}
        self.docs: dict[str, DocRow] = {}
        self.obs_seqs: list[int] = []  # observation seqs in order (for neighbours)
        self.obs_times = ObservationTimes()
        self.obs_by_seq: dict[int, str] = {}
        self.actors: dict[str, str] = {}  # match key -> display
        self.actor_since: dict[str, int] = {}  # match key -> seq of their first observation
        # Whom an agent's "you" addresses: the actor of the user's latest words.
        self.last_user: str | None = None
        # The latest observation when an agent said it (else None): what a user's bare
        # "Yes." answers.
        self.agent_turn: str | None = None
        self.access: dict[str, int] = {}
        self.now_at: list[tuple[int, datetime]] = []  # (seq, running max occurred_at)
        self.traces: dict[str, int] = {}  # retrieval event id -> seq
        self.compiled: dict[str, frozenset[str]] = {}  # sleep item key -> its sources
        self.compiled_summaries: dict[str, str] = {}  # sleep item key -> what it says
        self.obs_by_date: list[tuple[int, int, str]] = []  # (date ordinal, seq, id), sorted
        self.vocabulary = Vocabulary()  # entities and terms a question can name
        # observation id -> seqs of candidates held from it / of revisions citing it
        # Observation id -> (seq, event time, held event id) of each claim of it held for
        # corroboration; -> (seq, event time it counts from) of the first revision it backs.
        self.held_from: dict[str, list[tuple[int, datetime, str]]] = {}
        self.revised_from: dict[str, tuple[int, datetime]] = {}
        # What each event may have changed of the belief slots (reads cache by it).
        self.slot_touches = SlotTouches()

    # -- write-path helpers (read-only) -------------------------------------------------------

    def dependents(self, entity: str, attribute: str) -> int:
        """How much depends on this target: revisions of the dimension and entity mentions."""
        return self.beliefs.support(entity, attribute) + self.entity_mentions.get(
            match_key(entity), 0
        )

    def preview_many(self, revisions: Sequence[Revision]) -> list[RevisionOutcome]:
        """Preview revisions in order, each seeing the ones before it; mutates nothing."""
        return self.beliefs.preview_many(revisions)

    def now(self, as_of_seq: int | None = None) -> datetime | None:
        """Event-time "now" at a journal position: the latest ``occurred_at`` up to it."""
        if as_of_seq is None:
            return self.last_occurred_at
        i = bisect.bisect_right(self.now_at, as_of_seq, key=lambda row: row[0]) - 1
        return self.now_at[i][1] if i >= 0 else None

    def entities_in(self, words: Sequence[str], as_of_seq: int | None = None) -> list[str]:
        """Entities (actors and belief subjects) known at ``as_of_seq`` (default: now) whose
        first word is in ``words``."""
        return self.vocabulary.entities_in(words, self._past(as_of_seq))

    def doc_frequency(self, term: str, as_of_seq: int | None = None) -> int:
        """Observations containing ``term`` (a ``lexical.tokens`` token) up to a position."""
        return self.vocabulary.doc_frequency(term, self._past(as_of_seq))

    def speaks(self, name: str, as_of_seq: int | None = None) -> bool:
        """Whether ``name`` is the actor of an observation at or before a position (default:
        now)."""
        since = self.actor_since.get(match_key(name))
        return since is not None and (as_of_seq is None or since <= as_of_seq)

    def observations_at(self, as_of_seq: int | None = None) -> int:
        """How many observations there were at a position (default: now)."""
        past = self._past(as_of_seq)
        return len(self.obs_seqs) if past is None else bisect.bisect_right(self.obs_seqs, past)

    def _past(self, as_of_seq: int | None) -> int | None:
        # At or past the head the counts are the present ones: no search needed.
        return None if as_of_seq is None or as_of_seq >= self.applied_seq else as_of_seq

    def unconfirmed(self, obs_id: str, as_of_seq: int, as_of_time: datetime | None = None) -> bool:
        """True when every claim this observation made is still held for corroboration at
        ``as_of_seq`` (and, for an event-time read, ``as_of_time``: a promotion counts from
        its own event time, as in ``belief()`` and ``worldview()``)."""

        def by(at: tuple[int, datetime] | None) -> bool:
            return (
                at is not None
                and at[0] <= as_of_seq
                and (as_of_time is None or at[1] <= as_of_time)
            )

        held = [c for s, t, c in self.held_from.get(obs_id, ()) if by((s, t))]
        if not held or by(self.revised_from.get(obs_id)):
            return False
        return any(not by(self.worldview.released.get(c)) for c in held)

    # -- folding ------------------------------------------------------------------------------

    def doc_for(self, event: Any) -> str | None:
        """Lexical index text for an event (None when it is not indexed or erased)."""
        return doc_text(event.kind, event.payload, event.occurred_at)

    def apply(self, event: Any) -> None:
        if event.namespace != self.namespace:
            raise StorageError("event from another namespace reached this projection")
        if event.seq != self.applied_seq + 1:
            raise StorageError(
                f"journal of {self.namespace!r} has a gap or disorder at seq"
                f" {self.applied_seq + 1} (found {event.seq}); run `nousmem verify`"
            )
        self.applied_seq = event.seq
        self.kind_counts[event.kind] = self.kind_counts.get(event.kind, 0) + 1
        if event.erased:
            self.erased_seen.add(event.id)
        if event.kind not in NOT_WORLD_TIME and (
            self.last_occurred_at is None or event.occurred_at > self.last_occurred_at
        ):
            self.last_occurred_at = event.occurred_at
            self.now_at.append((event.seq, event.occurred_at))
        p = event.payload
        if p is None:
            if event.kind == "erasure":  # cannot tell what it erased: assume the worst
                self.needs_rebuild = True
            return
        handler = _HANDLERS.get(event.kind)
        if handler is not None:
            handler(self, event, p)
        self.slot_touches.note(event.kind, event.seq, p, self.beliefs, handler is not None)

    def _on_observation(self, e: Any, p: Any) -> None:
        occurred = e.occurred_at
        notes = time_notes(p)
        lead = observation_lead(p, occurred)
        doc = DocRow(
            e.id,
            e.seq,
            "observation",
            render_observation(p, occurred, notes, lead),
            occurred,
            p.ref,
            p.actor,
            (),
            p.type,
            len(notes),
            len(lead),
        )
        # The user's words asking memory to forget show as "[asked to forget]": said back,
        # they would repeat what was to be forgotten (whatever later erasures leave).
        self.docs[e.id] = (requester(p.source) and without_requests(doc, p.times)) or doc
        if p.actor and requester(p.source):
            self.last_user = p.actor
        self.agent_turn = p.content if from_agent(p.source) else None
        self.obs_seqs.append(e.seq)
        self.obs_times.add(e.seq, occurred)
        self.vocabulary.add_observation(p.content, e.seq)
        self.obs_by_seq[e.seq] = e.id
        by_date, row = self.obs_by_date, (occurred.toordinal(), e.seq, e.id)
        if by_date and by_date[-1] > row:
            bisect.insort(by_date, row)
        else:  # in date order, as most journals are: where insort puts it, without a search
            by_date.append(row)
        if p.actor and (actor_key := match_key(p.actor)) not in self.actors:
            self.actors[actor_key] = p.actor
            self.actor_since[actor_key] = e.seq
            self.vocabulary.add_entity(p.actor, e.seq)
        item = text_item(p, e.seq, e.occurred_at, e.id)
        if item is not None:
            self.worldview.on_text(item)

    def _on_edge(self, e: Any, p: Any) -> None:
        self.graph.apply_edge(
            verb=p.verb,
            relation=p.relation,
            source=p.source,
            target=p.target,
            weight=p.weight,
            seq=e.seq,
            event_id=e.id,
            reason=p.reason,
            occurred_at=e.occurred_at,
        )
        if p.relation == "supports" and p.value is not None and p.target.startswith("belief:"):
            entity, _, attribute = p.target[len("belief:") :].rpartition("/")
            self.worldview.on_confirmation(
                seq=e.seq,
                event_id=e.id,
                occurred_at=e.occurred_at,
                entity=entity,
                attribute=attribute,
                value=p.value,
                source=p.origin or "",
                reliability=p.weight,
                evidence_id=p.source,
            )
        if p.verb == "contradict" or p.relation == "contradicts":
            self.worldview.on_contradiction(e.seq, e.occurred_at, p.target, p.source)

    def _on_lifecycle(self, e: Any, p: Any) -> None:
        target = self.worldview.resolve_target(p.target)  # an absorbed entity's: the kept one's
        if p.reason == FORGET_REQUEST and e.causation_id is not None:
            self.worldview.on_forget_request(e.causation_id, e.seq, target)
        if p.reason == FORGET_REQUEST and p.verb == "invalidate":
            item = forgotten_item(e, target, self._held_name, self._said_at)
            self.worldview.on_audit(e.seq, item)
        self.lifecycle.apply(
            target,
            p.verb,
            p.to_state,
            seq=e.seq,
            occurred_at=e.occurred_at,
            event_id=e.id,
            reason=p.reason,
        )

    def _on_outcome(self, e: Any, p: Any) -> None:
        delta = OUTCOME_UTILITY[p.outcome]
        self.worldview.on_utility(e.seq, e.occurred_at, p.targets, delta)
        if delta > 0:  # success evidence matures what helped (a transition through this event)
            self.lifecycle.reinforce_all(
                self.worldview.resolve_targets(p.targets),
                seq=e.seq,
                occurred_at=e.occurred_at,
                event_id=e.id,
                reason=f"after_turn {p.outcome}",
            )

    def _on_retrieval(self, e: Any, p: Any) -> None:
        self.traces[e.id] = e.seq
        for sid in p.selected:
            self.access[sid] = self.access.get(sid, 0) + 1

    def _on_audit(self, e: Any, p: Any) -> None:
        self.worldview.on_audit(e.seq, audit_item(e, p))

    def _on_compiled(self, e: Any, p: Any) -> None:
        # Keys are compared as match keys: one written before keys were (a task's own
        # spelling, a name in another Unicode form) is the key sleep makes now.
        prefix, sep, rest = p.key.partition(":")
        folded = sep and prefix in SLEEP_KEY_KINDS and rest.strip()
        ckey = f"{prefix}:{match_key(rest)}" if folded else p.key
        self.compiled[ckey] = frozenset(p.sources)
        self.compiled_summaries[ckey] = p.summary
        kind = {"frame": "schema", "procedure": "procedure", "schema": "schema"}[p.item_type]
        # "procedure:deploy" shares the slot of the task results it was compiled from (the
        # slot groups by match key; it shows the key as written).
        key = rest if sep and prefix == kind else p.key
        self.worldview.on_text(TextItem(kind, key, p.summary, e.seq, e.occurred_at, e.id, "sleep"))
        text = {s: d.text for s in p.sources if (d := self.docs.get(s))}
        self.worldview.on_compiled(e.id, ckey, p.sources, p.summary, p.entities, p.quotes, text.get)
        self.docs[e.id] = DocRow(
            e.id,
            e.seq,
            p.item_type,
            f"[{date_label(e.occurred_at)}] ({p.item_type}) {p.summary}",
            e.occurred_at,
            None,
            None,
            tuple(p.sources),
        )
        for src in p.sources:
            self.graph.link(
                e.id, src, "generalizes", seq=e.seq, event_id=e.id, occurred_at=e.occurred_at
            )

    def _on_merged(self, e: Any, p: Any) -> None:
        fold_merge(self, e, p)

    def _on_compressed(self, e: Any, p: Any) -> None:
        self.beliefs.mark_compressed(p.entity, p.attribute, seq=e.seq, occurred_at=e.occurred_at)

    def _held_name(self, entity_key: str, attribute: str) -> str | None:
        """The display name of ``entity_key`` when memory holds its ``attribute``."""
        if self.beliefs.snapshot(entity_key, attribute, deltas=False) is None:
            return None
        return self.beliefs.canonical(entity_key)[1]

    def _said_at(self, event_id: str) -> datetime | None:
        doc = self.docs.get(event_id)
        return None if doc is None or doc.kind != "observation" else doc.occurred_at

    def _on_erasure(self, e: Any, p: Any) -> None:
        self.worldview.on_audit(e.seq, erased_item(e, p))
        # What it erased was read here already erased (a fold after the erasure, as any
        # rebuild is), or its content is still in these projections.
        if not self.erased_seen.issuperset(p.erased_ids):
            self.needs_rebuild = True

    def replace_with(self, other: Projector) -> None:
        """Adopt ``other``'s state (after a rebuild) so existing references stay valid."""
        self.__dict__.update(other.__dict__)

    def state(self) -> dict[str, Any]:
        """A comparable summary of every projection (used by rebuild-equals-live tests)."""
        beliefs = {
            e: [s.model_dump() for s in self.beliefs.snapshots(e)] for e in self.beliefs.entities()
        }
        return {
            "applied_seq": self.applied_seq,
            "kind_counts": dict(sorted(self.kind_counts.items())),
            "last_occurred_at": self.last_occurred_at,
            "beliefs": beliefs,
            "pending": self.held.state(),
            "graph": self.graph.state(),
            "lifecycle": self.lifecycle.state(),
            "docs": sorted(self.docs),
            "access": dict(sorted(self.access.items())),
        }


_HANDLERS = {
    "observation": Projector._on_observation,
    "belief.revised": fold_revision,
    "candidate.held": fold_held,
    "candidate.promoted": fold_promoted,
    "edge": Projector._on_edge,
    "lifecycle": Projector._on_lifecycle,
    "outcome": Projector._on_outcome,
    "retrieval": Projector._on_retrieval,
    "quarantined": Projector._on_audit,
    "write.rejected": Projector._on_audit,
    "clarify.requested": Projector._on_audit,
    "lifecycle.refused": Projector._on_audit,
    "sleep.compiled": Projector._on_compiled,
    "identity.merged": Projector._on_merged,
    "dimension.compressed": Projector._on_compressed,
    "erasure": Projector._on_erasure,
}

FOLDED_PAYLOADS = frozenset(_HANDLERS) | DOC_KINDS
"""Kinds whose payloads a fold reads (handlers and index text); the rest only count."""
FOLD_READERS: dict[str, Callable[[str], Any]] = {
    kind: PAYLOAD_TYPES[kind].__pydantic_validator__.validate_json for kind in FOLDED_PAYLOADS
} | {"retrieval": RetrievalSelection.__pydantic_validator__.validate_json}
"""What a catch-up makes of stored payloads: the fields :meth:`Projector.apply` reads."""
