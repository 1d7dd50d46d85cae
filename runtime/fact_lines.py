"""Fact lines: what a read states about an entity's beliefs, one line per attribute, and
which entities a question reaches through their beliefs (the entity graph's links).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime
from functools import lru_cache
from itertools import zip_longest

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, ObservedValue, match_key
from nousmem.projections.lexical import date_label, tokens
from nousmem.projections.schema import Timing
from nousmem.projections.worldview_periods import told_text
from nousmem.runtime.projector import Projector
from nousmem.runtime.visibility import ReadPoint

__all__ = [
    "LINK_HOPS",
    "MAX_LINKED",
    "WHEREABOUTS",
    "asks_about",
    "base_terms",
    "fact_line",
    "linked_entities",
    "named_values",
]

LINK_HOPS = 2
# A question in the plural first person ("What dietary restrictions do we have?", "Where
# are we staying?") asks about the asker's household too: the spouse and children the
# asker's own beliefs name are linked whatever attribute the question asks.
HOUSEHOLD = ("spouse", "child")
_WE = re.compile(r"\b(?:we|us|our|ours|ourselves)\b", re.IGNORECASE)
MAX_LINKED = 8
"""Entities a read reaches through links, at most: their lines only fill in behind the named
entities' own."""


def base_terms(terms: Sequence[str]) -> list[str]:
    """Terms with possessives folded (``caroline's`` -> ``caroline``), unique, in order."""
    return list(dict.fromkeys(t[:-2] if t.endswith("'s") and len(t) > 2 else t for t in terms))


# A lowercase noun's name: "dog's name", "boss's first name" (a name's is the named one's).
_THINGS_NAME = re.compile(
    r"(?<![\w'’])[a-z]+['’]s\s+(?:(?:first|last|full|middle|real)\s+)?names?\b"
)


def asks_about(plan: QueryPlan, attribute: str, aliases: Iterable[str]) -> bool:
    """The question names ``attribute`` as a word (``manager``, ``relationship status``),
    or its plural ("employers"), or one of its aliases (a phrase alias, "been to", as those
    words in that order, its last word maybe plural). Whole words: "manager" does not ask
    about ``age``."""
    if attribute == "name" and _THINGS_NAME.search(plan.question):
        # "What's my dog's name?", "my sister's name": the name is a value of the asker's
        # pet or sibling, not the asker's own ("What's Tom's name?" is Tom's).
        rest = _THINGS_NAME.sub(" ", plan.question).casefold()
        return any(_says(rest, a) for a in ("name", *aliases))
    question = plan.question.casefold()
    terms = set(base_terms(plan.terms))
    if _FOR_A_LIVING.search(question):
        # "What does Ana do for a living?" asks for her work, not where she lives.
        question = _FOR_A_LIVING.sub(" for work as a job ", question)
        terms = (terms - {"living"}) | {"work", "job"}
    elif _WHAT_DO.search(question):
        # "What does Tom do?", "What does your husband do?": the same, said shorter (not
        # "What does Tom do on weekends?", which asks for no job, nor "What did Tom do?",
        # which asks what happened).
        question += " for work as a job"
        terms |= {"work", "job"}
    if _says(question, attribute.replace("_", " ").casefold()):
        return True
    if attribute in WHEREABOUTS and _WHERE_IS.search(question):
        return True
    # "Alice's wife's job": a possessive names the word too; "How many jobs ...?" a plural,
    # "Where have I lived / worked?" a past ("cities" is the plural of "city").
    stems = _stems(frozenset(terms))
    return any(_says(question, a) if " " in a else a in stems for a in aliases)


@lru_cache(maxsize=256)
def _stems(terms: frozenset[str]) -> frozenset[str]:
    """``terms`` and the words they may be the plural or past of: "jobs" -> "job",
    "lived" -> "live", "worked" -> "work", "cities" -> "city", "studied" -> "study"."""
    out = set(terms)
    for t in terms:
        for end in ("s", "d"):
            if t.endswith(end):
                out.add(t[:-1])
        for end in ("es", "ed"):
            if t.endswith(end):
                out.add(t[:-2])
        if len(t) > 4 and t.endswith(("ies", "ied")):
            out.add(t[:-3] + "y")
    return frozenset(out)


#: What "Where is Ana (this week)?" asks: where she stays and where she is away.
WHEREABOUTS = frozenset({"location", "visited"})
# "Where is / was / will ... be": whereabouts; not "Where is Ana from?" (the origin), nor
# where someone was born.
_WHERE_IS = re.compile(
    r"\bwhere(?:'s|\s+(?:is|are|was|were)|\s+will\b[^?.!]*\bbe)\b(?![^?.!]*\b(?:from|born)\b)"
)
_FOR_A_LIVING = re.compile(r"\bfor\s+a\s+living\b")
_WHAT_DO = re.compile(r"\bwhat\s+(?:does|do)\s+(?:[\w'-]+\s+){1,3}do\s*(?:[?.!]|$)")


def _says(question: str, phrase: str) -> bool:
    """``question`` (casefolded) holds the words of ``phrase`` in order as whole words, the
    last maybe plural; a ``*`` in ``phrase`` stands for one to three words ("will * work":
    "Where will Sam Lee work?")."""
    words = r"\s+".join(r"(?:\S+\s+){0,2}\S+" if w == "*" else re.escape(w) for w in phrase.split())
    return re.search(rf"(?<!\w){words}(?:e?s)?(?!\w)", question) is not None


def fact_line(
    snap: BeliefSnapshot,
    wants_list: bool,
    keep: Callable[[str], bool],
    *,
    competing: frozenset[str] | None = None,
    told: Mapping[str, Sequence[tuple[date, str]]] | None = None,
    timing: Timing = "state",
    denied: Mapping[str, datetime] | None = None,
    taken_back: frozenset[str] = frozenset(),
) -> tuple[str, list[str]]:
    """``Melanie activity: pottery (from 8 May 2023, last 2 June 2023); camping (20 June
    2023)``: when each value was first and last said. A value its claims dated (``told``,
    by value key: see :meth:`~nousmem.projections.worldview.Worldview.sightings`) is dated so
    instead: ``Sam location: York (since 2023)``, and an occasion (``timing``, the
    attribute's ``AttributeSpec.timing``: a trip, a thing done, a plan) by when it last
    happened: ``Sam visited: Japan (2019)``; a lifelong value held shows no day it was said.

    A conflicted slot (``competing``: the keys of the values in dispute) states no value as
    settled: every competing value is listed and the line is marked ``[conflicted]``, as the
    Worldview Snapshot marks the slot; a value a correction superseded before the dispute
    comes after them, as said before. A list value no longer held says when it was denied
    (``denied``, by value key): ``Sam hobby: chess (...); no longer held: tennis (5 January
    2026; ended by 9 January 2026)``; a single value a correction took back (``taken_back``,
    by value key) is said so, not "said before": ``Sam location: Porto (...); taken back:
    Lisbon (15 January 2026)``. A single-valued belief that "unknown" leads (after a
    denial, say) states none either: ``Maya employer: unknown; said before: Acme (...)``,
    and a list of a single value's values says which one holds: ``Maya location: Rome
    (...); said before: Paris (...)``.
    """
    conflicted = competing is not None
    seen = {match_key(o.value): o for o in snap.observed_values}
    unknown = False
    before: list[str] = []  # values of a single-valued belief that no longer hold
    if snap.cardinality == "single":
        values = [snap.mode] if snap.mode and snap.mode != UNKNOWN else []
        unknown = not values
        if wants_list or conflicted or not values:
            others = [o.value for o in snap.observed_values if o.value not in values]
            if competing:
                values = [v for v in values if match_key(v) in competing]
                values += [v for v in others if match_key(v) in competing]
                before = [v for v in others if match_key(v) not in competing]
            elif conflicted or not values:  # a dispute the snapshot names no side of
                values += others
            else:
                before = others
    else:
        values = list(snap.held)
        if wants_list:
            values += [o.value for o in snap.observed_values if o.value not in values]
    values = [v for v in values if keep(v)]
    before = [v for v in before if keep(v)]
    # A value a correction took back never held at all: not "said before" as held once.
    gone = [v for v in (*values, *before) if match_key(v) in taken_back and not conflicted]
    values = [v for v in values if v not in gone]
    before = [v for v in before if v not in gone]
    # A list value denied since ("I don't play tennis anymore") is listed after the ones
    # held, marked: bare, it would be counted as a current one ("How many hobbies ...?").
    dropped = snap.cardinality != "single" and not conflicted
    held = {match_key(v) for v in snap.held}
    told = told or {}
    occasions = timing == "occasion"
    timeless = timing == "lifelong"

    def dated(v: str) -> str:
        said = told.get(match_key(v), ())
        if timeless and match_key(v) in held and not said:
            return v  # "Sam birthday: May 5": the day it was said is no time it began
        return _dated(v, seen.get(match_key(v)), said, occasions)

    parts = []
    for v in values:
        if dropped and match_key(v) not in held:
            dropped = False
            parts.append(f"no longer held: {_ended(dated(v), v, denied, occasions)}")
        elif snap.cardinality != "single" and not conflicted and match_key(v) not in held:
            parts.append(_ended(dated(v), v, denied, occasions))
        else:
            parts.append(dated(v))
    # Listed bare, a value the belief no longer holds would read as the current one.
    for i, v in enumerate(before):
        dated_v = dated(v)
        parts.append(f"said before: {dated_v}" if i == 0 and parts else dated_v)
    for i, v in enumerate(gone):
        parts.append(f"taken back: {dated(v)}" if i == 0 else dated(v))
    attr = snap.attribute.replace("_", " ") + (" [conflicted]" if conflicted else "")
    lead = ""
    if unknown and not conflicted:
        lead = "unknown; said before: " if values or before else "unknown; "
    return f"{snap.entity} {attr}: {lead}" + "; ".join(parts), values + before + gone


def _ended(text: str, value: str, denied: Mapping[str, datetime] | None, occasions: bool) -> str:
    """``text`` (a dropped list value, dated) with the day it was denied: "by", as one
    says it on the day it stopped or long after ("I haven't played tennis in years"). An
    occasion (a trip) denied is one that did not happen, which ends nothing."""
    when = None if denied is None or occasions else denied.get(match_key(value))
    if when is None:
        return text
    ended = f"ended by {date_label(when)}"
    return f"{text} ({ended})" if text == value else f"{text[:-1]}; {ended})"


def _dated(
    value: str, o: ObservedValue | None, told: Sequence[tuple[date, str]], occasions: bool
) -> str:
    if o is None:
        return value
    when = date_label(o.first_seen)
    if o.last_seen.date() != o.first_seen.date():
        # Not "X to Y": a model reads that as the day it ended.
        when = f"from {when}, last {date_label(o.last_seen)}"
    if told:
        when = told_text(told, occasions, o.last_seen.date())
    return f"{value} ({when})"


def linked_entities(
    proj: Projector,
    named: Sequence[str],
    plan: QueryPlan,
    at: ReadPoint,
    states: Callable[[BeliefSnapshot], list[str]],
) -> list[tuple[str, int, str]]:
    """Entities the ``named`` ones reach through their own beliefs in up to ``LINK_HOPS``
    hops (display name, hops, the attribute of the link), nearest first, at most
    ``MAX_LINKED``: "Which city is Alice's manager based in?" reaches Bob through Alice's
    belief "manager: Bob".

    A link is a belief of the entity it starts from, on an attribute the question asks
    about, whose value it holds (not one said before: an ex-wife) and the read's own fact
    line states (``states``: so not forgotten, superseded or expired, and as of the read's
    seq and event time) and names an entity memory holds beliefs about. So a link is only
    walked forwards (Bob's reports do not lead from Bob to Alice), each claim keeps its own
    attribute, a back-dated claim counts from its own date, and a manager of many people
    costs the asker's beliefs only. Within a hop the attributes take turns ("my kids and my
    wife": the wife is not crowded out by eight children). A question that says "we",
    "us" or "our" also links the asker's household (:data:`HOUSEHOLD`) in the first hop.
    """
    spec = proj.config.attributes.spec
    beliefs = proj.beliefs
    seen = {beliefs.canonical(n, at.seq, at.time)[0] for n in named}
    household = None
    if plan.actor is not None and _WE.search(plan.question.split("?", 1)[0]):
        household = beliefs.canonical(plan.actor, at.seq, at.time)[0]
    frontier = list(named)
    out: list[tuple[str, int, str]] = []
    for hop in range(1, LINK_HOPS + 1):
        by_attribute: dict[str, list[str]] = {}
        for name in frontier:
            ours = hop == 1 and household == beliefs.canonical(name, at.seq, at.time)[0]
            for snap in beliefs.snapshots(name, as_of_seq=at.seq, as_of_time=at.time, deltas=False):
                if not (ours and snap.attribute in HOUSEHOLD) and not asks_about(
                    plan, snap.attribute, spec(snap.attribute).aliases
                ):
                    continue
                # Only a relative held now: not an ex-wife the line lists as said before
                current = {match_key(v) for v in snap.held}
                for value in states(snap):
                    if match_key(value) not in current:
                        continue
                    key, display = beliefs.canonical(value, at.seq, at.time)
                    if key in seen or not beliefs.snapshots(
                        value, as_of_seq=at.seq, as_of_time=at.time, deltas=False
                    ):
                        continue
                    seen.add(key)
                    by_attribute.setdefault(snap.attribute, []).append(display)
        reached = [
            (name, hop, attribute)
            for turn in zip_longest(*by_attribute.values())
            for attribute, name in zip(by_attribute, turn, strict=True)
            if name is not None
        ]
        out += reached[: MAX_LINKED - len(out)]
        if len(out) >= MAX_LINKED:
            break
        frontier = [name for name, _, _ in reached]
    return out


def named_values(
    proj: Projector, actor: str, terms: set[str], rest: set[str], at: ReadPoint
) -> frozenset[str]:
    """The attributes of ``actor``'s whose held value a question names though it is no
    entity: a pet by its name among ``terms`` ("How old is Biscuit?": "dog Biscuit"), any
    value when the question's ``rest`` is that value alone ("Who is Ana?": "sibling: Ana")."""
    # A question of a few words may be a value alone: every slot then; else only the pets.
    if 0 < len(rest) <= 3:
        snaps = proj.beliefs.snapshots(actor, as_of_seq=at.seq, as_of_time=at.time, deltas=False)
    else:
        pet = proj.beliefs.snapshot(
            actor, "pet", as_of_seq=at.seq, as_of_time=at.time, deltas=False
        )
        snaps = [] if pet is None else [pet]
    out: set[str] = set()
    for snap in snaps:
        if any(set(tokens(v)) == rest for v in snap.held):
            out.add(snap.attribute)
        elif snap.attribute == "pet":
            names = (v.rpartition(" ")[2] for v in snap.held if " " in v)
            if any(set(tokens(n)) <= terms for n in names if n[:1].isupper()):
                out.add("pet")
    return frozenset(out)
