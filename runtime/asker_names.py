"""The names speakers go by, for a read: "My name is Dana Reyes" said by actor ``user``
makes ``user`` and "Dana Reyes" one person to a question.

A first-person question asked by ``user`` is about "Dana Reyes" too (what a tool said of
her answers "Where do I work?"), and a question naming "Dana Reyes" is about ``user`` too
("Where does Dana Reyes live?" finds what ``user`` said). The ``name`` belief is read as of
the read, so a read from before the name was given sees two people, as memory did then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import match_key
from nousmem.projections.schema import AttributeSpec
from nousmem.runtime.fact_lines import asks_about
from nousmem.runtime.forget_kin import Relatives, relatives_asked
from nousmem.runtime.holders_asked import ASKS_WHO
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = [
    "MAX_SPEAKERS",
    "also_asked",
    "asker_by_default",
    "family",
    "name_of",
    "speakers_named",
]

#: Beyond this many speakers in a namespace a read does not look for the speakers a question
#: names (each costs a belief lookup): one speaker per person is the common case.
MAX_SPEAKERS = 64


def name_of(proj: Projector, entity: str, at: ReadPoint) -> str | None:
    """The name ``entity`` goes by as of ``at`` (its ``name`` belief's leading value)."""
    snap = proj.beliefs.snapshot(entity, "name", as_of_seq=at.seq, as_of_time=at.time, deltas=False)
    return snap.mode if snap is not None and snap.mode else None


def speakers_named(proj: Projector, entities: Sequence[str], at: ReadPoint) -> list[str]:
    """The speakers (as of ``at``) not among ``entities`` whose name is one of them, in key
    order; none in a namespace of more than :data:`MAX_SPEAKERS` speakers."""
    if not entities or len(proj.actors) > MAX_SPEAKERS:
        return []
    keys = {match_key(e) for e in entities}
    out = []
    for key, display in sorted(proj.actors.items()):
        if key in keys or not proj.speaks(display, at.seq):
            continue
        name = name_of(proj, display, at)
        if name is not None and match_key(name) in keys:
            out.append(display)
    return out


def also_asked(proj: Projector, plan: QueryPlan, at: ReadPoint) -> QueryPlan:
    """``plan`` with who else the question is about: the speakers whose name one of its
    entities is (:func:`speakers_named`, added to ``entities``), and the one relative each
    "my <noun>" of the asker's means (``relatives``: "Where does my sister live?" asks
    about the sister memory knows by name, see ``runtime/forget_kin.py``, before the
    asker; her slots join the snapshot, her fact lines come through the asker's link).
    Each once."""
    named = list(plan.entities)
    keys = {match_key(e) for e in named}
    kin = []
    for name in relatives_asked(
        plan.question, plan.actor, proj.beliefs, proj.docs, as_of_seq=at.seq, as_of_time=at.time
    ):
        if match_key(name) not in keys:
            keys.add(match_key(name))
            kin.append(name)
    speakers = speakers_named(proj, named, at)
    plan = plan.model_copy(update={"entities": (*named, *speakers), "relatives": tuple(kin)})
    return plan.model_copy(update={"family": family(proj, plan, at)})


def family(proj: Projector, plan: QueryPlan, at: ReadPoint) -> tuple[str, ...]:
    """The asker's family as of ``at`` (spouse or partner, children, parents, siblings: by
    name or by noun alone, :meth:`~.forget_kin.Relatives.of_group`) where ``plan`` asks
    what is ahead ("What do I have coming up?", "What's on this weekend?") about the asker
    alone: an assistant's answer holds the son's recital and the sister's birthday too.
    Empty for a question of the past, one that names someone else, or one that names
    relatives of its own ("What does my sister have on Friday?" asks about her alone)."""
    if plan.actor is None or not plan.times or plan.past or plan.relatives:
        return ()
    asker = {match_key(plan.actor)}
    named = name_of(proj, plan.actor, at)
    if named is not None:
        asker.add(match_key(named))
    if any(match_key(e) not in asker for e in plan.entities):
        return ()
    kin = Relatives(proj.beliefs, proj.docs, plan.actor)
    return tuple(kin.of_group("family", as_of_seq=at.seq, as_of_time=at.time))


def asker_by_default(
    proj: Projector, plan: QueryPlan, at: ReadPoint, spec: Callable[[str], AttributeSpec]
) -> QueryPlan:
    """``plan`` about the asker when it names no one but asks for an attribute the asker
    holds a belief of (as of ``at``): "What's the dog's name?" asked by Sam, who told of his
    dog, asks about Sam's pet, as "What's my dog's name?" does. A question of nothing the
    asker told ("What's the capital of France?") stays about no one, and so does one that asks
    who ("Who works at Acme?", "Does anyone here work at Acme?"): the asker is no answer."""
    if plan.entities or plan.actor is None or ASKS_WHO.search(plan.question):
        return plan
    held = proj.beliefs.snapshots(plan.actor, as_of_seq=at.seq, as_of_time=at.time, deltas=False)
    if any(asks_about(plan, b.attribute, spec(b.attribute).aliases) for b in held):
        return plan.model_copy(update={"entities": (plan.actor,)})
    return plan
