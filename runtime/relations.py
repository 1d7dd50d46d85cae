"""``relate``: the caller's own edges in the memory graph, journaled as ``edge`` events.

The write path journals the edges a claim implies (``support``, ``contradict``,
``supersede``). An agent knows relationships no claim states: that a procedure is for a
task, that one note generalises others, that a memory should stop surfacing. ``relate``
records them between items (observations, belief revisions, compiled items: the nodes a
read's activation runs over), governed like any write: the nodes must exist in this namespace,
the verb must suit the relation, risky reasons are refused, and the verbs that take a path
out of reads (``expire``, ``inhibit``) need ``authorized=True``. Edges a claim implies are
not the caller's to edit: contradiction and supersession come from observations.
"""

from __future__ import annotations

import math
from typing import Any

from nousmem.policies.risk import detect_risks
from nousmem.policies.validators import ProposedWrite
from nousmem.projections.graph_models import MAX_WEIGHT, VERB_RELATIONS, Edge
from nousmem.runtime.core import RuntimeCore
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.events import EventDraft
from nousmem.runtime.inputs import check_flag, check_reason, check_text
from nousmem.runtime.payloads import EdgePayload, RejectionPayload
from nousmem.runtime.write import PLANNING_KINDS, WritePath
from nousmem.runtime.write_records import redact_tree, redacted_verdicts

__all__ = ["RELATE_RELATIONS", "RELATE_VERBS", "Relations"]

RELATE_VERBS = ("derive", "generalize", "reinforce", "decay", "expire", "restore", "inhibit")
"""Verbs ``relate`` takes (``support``/``contradict``/``supersede`` come from claims)."""
RELATE_RELATIONS = (
    "association",
    "evidence_for",
    "procedure_for",
    "preference_of",
    "generalizes",
    "specializes",
)
"""Relations a caller may add or change (``supports``, ``contradicts``, ``supersedes``,
``mentions`` and ``same_as`` are derived from claims and merges)."""
_GENERALIZE = tuple(sorted(VERB_RELATIONS["generalize"]))  # what the graph lets it add
_DESTRUCTIVE = ("expire", "inhibit")  # they take a memory or a path out of reads
_EDGE_CHANGES = ("reinforce", "decay", "expire", "restore")  # of an edge that must exist


def _choice(value: object, allowed: tuple[str, ...], field: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise InvalidInput(f"must be one of {', '.join(allowed)}; got {value!r}", field=field)
    return value


def _weight(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput("must be a number", field="weight")
    try:
        w = float(value)
    except OverflowError:  # an int too large for a float
        raise InvalidInput(f"must be > 0 and <= {MAX_WEIGHT:g}", field="weight") from None
    if not math.isfinite(w) or not 0.0 < w <= MAX_WEIGHT:
        raise InvalidInput(f"must be > 0 and <= {MAX_WEIGHT:g}", field="weight")
    return w


def _noop(verb: str, edge: Edge | None, inhibited: bool, weight: float, reason: str) -> str | None:
    """Why ``verb`` would change nothing (the state it finds), or None when it would."""
    if verb == "inhibit":
        return "already inhibited" if inhibited else None
    if verb == "restore":
        return None if inhibited or (edge is not None and not edge.active) else "already active"
    if edge is None:
        return None
    if verb == "expire":
        return None if edge.active else "already expired"
    if verb == "reinforce":
        return "at the weight cap" if edge.weight >= MAX_WEIGHT else None
    if verb == "decay":
        return "at weight 0" if edge.weight <= 0.0 else None
    same = edge.active and edge.weight == weight and edge.reason == reason
    return "already so, with that weight and reason" if same else None  # derive, generalize


class Relations(WritePath, RuntimeCore):
    """``relate``: typed edges between memories and entities, from the caller."""

    def _node_ref(self, value: object, field: str) -> str:
        """The graph node ``value`` names: a retrievable event of this namespace (an
        observation, a belief revision or a compiled item)."""
        if not isinstance(value, str) or not value.strip():
            raise InvalidInput("must be a non-empty string", field=field)
        check_text(value, field)
        ref = value.strip()
        if ref in self._proj.docs:
            return ref
        raise InvalidInput(
            f"unknown node {ref!r}: give the id of an observation, belief revision or compiled"
            " item of this namespace",
            field=field,
        )

    def _relate_plan(self, args: dict[str, Any], authorized: bool) -> tuple[list[EventDraft], None]:
        verb, relation = args["verb"], args["relation"]
        source = self._node_ref(args["source"], "source")
        target = self._node_ref(args["target"], "target")
        if source == target:
            raise InvalidInput("must differ from source", field="target")
        if verb == "generalize" and relation not in _GENERALIZE:
            raise InvalidInput(
                f"'generalize' adds {' or '.join(_GENERALIZE)}; got {relation!r}",
                field="relation",
            )
        graph = self._proj.graph
        edge = graph.edge(source, target, relation)
        inhibited = source in graph.inhibitions(target)
        if verb in _EDGE_CHANGES and edge is None and not (verb == "restore" and inhibited):
            raise InvalidInput(
                f"no {relation!r} edge from {source!r} to {target!r} to {verb}", field="verb"
            )
        # A change that changes nothing is refused, not journaled.
        noop = _noop(verb, edge, inhibited, min(args["weight"], MAX_WEIGHT), args["reason"])
        if noop is not None:
            what = f"{target!r}" if verb == "inhibit" else f"the {relation!r} edge to {target!r}"
            raise InvalidInput(f"nothing to {verb}: {what} is {noop}", field="verb")
        reason = args["reason"]
        proposal = ProposedWrite(
            operation="relate",
            namespace=self.namespace,
            # Both nodes were checked above: items of this namespace, what the edge rests on.
            evidence_ids=(source, target),
            known_evidence=frozenset((source, target)),
            destructive=verb in _DESTRUCTIVE,
            authorized=authorized,
            risks=tuple(detect_risks(reason)),
        )
        verdicts = self.validators.run(proposal)
        now = self._now()
        at = self._proj.last_occurred_at or now
        if not all(v.ok for v in verdicts):
            attempted = {**args, "source": source, "target": target}
            payload: Any = RejectionPayload(
                operation="relate",
                attempted=redact_tree(attempted),  # a reason is free text
                verdicts=redacted_verdicts(verdicts),
            )
            return [self._draft("write.rejected", payload, occurred_at=at, recorded_at=now)], None
        payload = EdgePayload(
            verb=verb,
            relation=relation,
            source=source,
            target=target,
            weight=args["weight"],
            reason=reason,
        )
        return [self._draft("edge", payload, occurred_at=at, recorded_at=now)], None

    async def relate(
        self,
        source: str,
        target: str,
        relation: str = "association",
        *,
        reason: str,
        verb: str = "derive",
        weight: float = 1.0,
        authorized: bool = False,
    ) -> Any:
        """Journal an edge between two nodes of this namespace's memory graph.

        ``source`` and ``target`` are event ids of observations, belief revisions or
        compiled items of this namespace. ``verb`` is one of :data:`RELATE_VERBS`:
        ``derive`` adds (or re-weights) a ``relation`` edge from :data:`RELATE_RELATIONS`
        (``generalize`` one of ``generalizes``/``specializes``); ``reinforce`` and ``decay``
        add or take ``weight`` from an existing edge; ``expire`` deactivates it and
        ``restore`` brings it (or a node ``source`` inhibited) back; ``inhibit`` keeps
        ``target`` out of every read but the historical and audit lenses' until ``source``
        restores it (as of the reads' journal position and event time). ``expire`` and ``inhibit``
        are destructive: without ``authorized=True`` the ValidatorStack refuses them, and
        the refusal is journaled as ``write.rejected`` and returned, as is a reason that
        carries a secret or an injection. Returns the event written.
        """
        self._check_open()
        args = {
            "verb": _choice(verb, RELATE_VERBS, "verb"),
            "relation": _choice(relation, RELATE_RELATIONS, "relation"),
            "weight": _weight(weight),
            "reason": check_reason(reason),
            "source": source,
            "target": target,
        }
        check_flag(authorized, "authorized")
        async with self._write_lock:
            await self._refresh(locked=True)
            events, _ = await self._commit_planned(
                lambda: self._relate_plan(args, authorized), PLANNING_KINDS
            )
        return events[0]
