"""Fact lines: what a read states about an entity's beliefs, one line per attribute, and
which entities a question reaches through the entity graph for them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.graph_models import Edge, entity_node
from nousmem.projections.lexical import date_label
from nousmem.projections.schema import normalise_attribute
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = [
    "ENTITY_LINKS",
    "LINK_HOPS",
    "MAX_LINKED",
    "asks_about",
    "fact_line",
    "linked_entities",
]

ENTITY_LINKS = ("association", "same_as")
"""The entity graph's entity -> entity relations: a claim whose value is another entity
("Alice manager: Bob"), and a merge."""
LINK_HOPS = 2
_ENTITY = "entity:"  # prefix of an entity's graph node (see ``entity_node``)
MAX_LINKED = 8
"""Entities a read reaches through links, at most: their lines only fill in behind the named
entities' own."""


def asks_about(plan: QueryPlan, attribute: str, aliases: Iterable[str]) -> bool:
    """The question names ``attribute`` as a word (``manager``, ``relationship status``)
    or one of its aliases. Whole words: "manager" does not ask about ``age``."""
    phrase = re.escape(attribute.replace("_", " ").casefold())
    return re.search(rf"(?<!\w){phrase}(?!\w)", plan.question.casefold()) is not None or (
        not set(plan.terms).isdisjoint(aliases)
    )


def fact_line(
    snap: BeliefSnapshot,
    wants_list: bool,
    keep: Callable[[str], bool],
    *,
    conflicted: bool = False,
) -> tuple[str, list[str]]:
    """``Melanie activity: pottery (from 8 May 2023, last 2 June 2023); camping (20 June
    2023)``: when each value was first and last said.

    A ``conflicted`` slot states no value as settled: every competing value is listed and
    the line is marked ``[conflicted]``, as the Worldview Snapshot marks the slot. A
    single-valued belief that "unknown" leads (after a denial, say) states none either:
    ``Maya employer: unknown; said before: Acme (...)``.
    """
    seen = {match_key(o.value): o for o in snap.observed_values}
    unknown = False
    if snap.cardinality == "single":
        values = [snap.mode] if snap.mode and snap.mode != UNKNOWN else []
        unknown = not values
        if wants_list or conflicted or not values:
            values += [o.value for o in snap.observed_values if o.value not in values]
    else:
        values = list(snap.held)
        if wants_list:
            values += [o.value for o in snap.observed_values if o.value not in values]
    values = [v for v in values if keep(v)]
    parts = []
    for v in values:
        o = seen.get(match_key(v))
        if o is None:
            parts.append(v)
            continue
        when = date_label(o.first_seen)
        if o.last_seen.date() != o.first_seen.date():
            # Not "X to Y": a model reads that as the day it ended.
            when = f"from {when}, last {date_label(o.last_seen)}"
        parts.append(f"{v} ({when})")
    attr = snap.attribute.replace("_", " ") + (" [conflicted]" if conflicted else "")
    # Listed bare, a value the belief no longer holds would read as the current one.
    lead = "unknown; said before: " if unknown and not conflicted else ""
    return f"{snap.entity} {attr}: {lead}" + "; ".join(parts), values


def linked_entities(
    proj: Projector,
    named: Sequence[str],
    plan: QueryPlan,
    at: ReadPoint,
    states: Callable[[BeliefSnapshot], list[str]],
) -> list[tuple[str, int]]:
    """Entities the ``named`` ones reach over the entity graph in up to ``LINK_HOPS``
    hops (display name, hops), nearest first, at most ``MAX_LINKED``: "Which city is
    Alice's manager based in?" reaches Bob through "Alice manager: Bob".

    A link is followed only when the question asks about its attribute and the read's own
    fact line still states it (``states``: the values the read's line of a belief states,
    so not forgotten, superseded or expired; and in view of an event-time read): an old
    manager, or one the user asked to forget, leads nowhere, and a question about
    something else leaves the links alone.
    """
    spec = proj.config.attributes.spec

    def follow(edge: Edge) -> bool:
        if edge.relation == "same_as":
            return True
        try:  # the projector names the attribute; an edge journaled by hand may not
            attr = normalise_attribute(edge.reason)
        except ValueError:
            return False
        if not asks_about(plan, attr, spec(attr).aliases):
            return False
        if at.time is not None:
            doc = proj.docs.get(edge.event_id)
            if doc is None or doc.occurred_at > at.time:
                return False
        snap = proj.beliefs.snapshot(
            edge.source.removeprefix(_ENTITY),
            attr,
            as_of_seq=at.seq,
            as_of_time=at.time,
            deltas=False,
        )
        return snap is not None and edge.target in {_ENTITY + match_key(v) for v in states(snap)}

    seeds = [entity_node(n) for n in named]
    reached = proj.graph.bfs(
        seeds, hops=LINK_HOPS, as_of_seq=at.seq, relations=ENTITY_LINKS, follow=follow
    )
    seen = {proj.beliefs.canonical(n, at.seq, at.time)[0] for n in named}
    out: list[tuple[str, int]] = []
    for node, hop in reached.items():
        key, name = proj.beliefs.canonical(node.removeprefix(_ENTITY), at.seq, at.time)
        if hop and key not in seen and len(out) < MAX_LINKED:
            seen.add(key)
            out.append((name, hop))
    return out
