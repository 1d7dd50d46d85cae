"""Who "my sister" is: the asker's relatives as their statements introduced them.

Siblings, children and spouses are recorded as links (``sibling``, ``child``, ``spouse``),
not as sisters or brothers. A request to forget "my sister ..." must not reach the brother:
:class:`Relatives` reads back, from the evidence of each link, the noun the asker used ("my
sister Maya", "Maya is my sister"). It also says which value of an attribute is the one held
now, counting what the request's own message states ("Forget my old address, I moved to
Paris": Paris).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from nousmem.policies.forget_requests import GENDERED, KIN_START
from nousmem.policies.patterns import KIN_NOUNS
from nousmem.projections.belief_models import UNKNOWN, Revision, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.schema import normalise_attribute
from nousmem.runtime.docrows import DocRow

__all__ = ["Relatives", "introduces", "readings"]

_KIN_NAME = re.compile(
    r"\bmy\s+(?:"
    + "|".join(n.replace(" ", r"\s+") for n in sorted(KIN_NOUNS, key=len, reverse=True))
    + r")\s+(?P<name>(?-i:[A-Z])[\w'-]*)",
    re.I,
)


def introduces(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` by a noun phrase ("my sister Maya")."""
    return any(match_key(m.group("name")) == match_key(name) for m in _KIN_NAME.finditer(text))


def readings(clause: str, kin: Relatives) -> list[str]:
    """The clause, and for "my sister ..." the clause about each entity the asker's
    relation holds ("Maya lives in Rome"): the extractor reads no claim of an unnamed
    relative, and only the one that holds the value is forgotten. Of several, only those
    introduced with the same noun ("my sister Maya", "Maya is my sister"): siblings are not
    recorded as sisters or brothers, and the brother's city is not the sister's."""
    start = KIN_START.match(clause)
    if start is None or kin.actor is None:
        return [clause]
    noun = " ".join(start.group("kin").casefold().split())
    attribute = KIN_NOUNS[noun]
    snap = kin.beliefs.snapshot(kin.actor, attribute, deltas=False)
    names = [] if snap is None else [v for v in snap.held or ((snap.mode,) if snap.mode else ())]
    names = [name for name in names if name != UNKNOWN]
    if noun in GENDERED or len(names) > 1:
        names = [name for name in names if kin.called(attribute, name, noun)]
    return [clause, *(f"{name}{clause[start.end() :]}" for name in names)]


class Relatives:
    """How the asker introduced their relatives, from the texts of the link's evidence."""

    def __init__(
        self,
        beliefs: BeliefStore,
        docs: Mapping[str, DocRow],
        actor: str | None,
        said_now: Iterable[Revision] = (),
    ) -> None:
        self.beliefs, self.docs, self.actor = beliefs, docs, actor
        self.said_now: dict[tuple[str, str], set[str]] = {}
        for r in said_now:
            if r.polarity == "assert":
                key = (beliefs.canonical(r.entity)[0], normalise_attribute(r.attribute))
                self.said_now.setdefault(key, set()).add(match_key(r.value))

    def held_now(self, entity: str, attribute: str, value: str) -> bool:
        """Whether ``value`` is the entity's ``attribute`` now: what this write says of it,
        else what the belief holds."""
        attribute = normalise_attribute(attribute)
        said = self.said_now.get((self.beliefs.canonical(entity)[0], attribute))
        if said:
            return match_key(value) in said
        snap = self.beliefs.snapshot(entity, attribute, deltas=False)
        held = () if snap is None else snap.held or ((snap.mode,) if snap.mode else ())
        return match_key(value) in {match_key(v) for v in held}

    def called(self, attribute: str, name: str, noun: str) -> bool:
        """Whether a statement of the asker's ``attribute`` = ``name`` calls them ``noun``."""
        if self.actor is None or noun not in KIN_NOUNS:
            return False
        snap = self.beliefs.snapshot(self.actor, attribute, deltas=True)
        if snap is None:
            return False
        n, who = r"\s+".join(map(re.escape, noun.split())), re.escape(name)
        said = re.compile(
            rf"\b{n}\s+(?:(?:named|called)\s+)?{who}\b|\b{who},?\s+(?:is|was|my)\s+(?:my\s+)?{n}\b",
            re.I,
        )
        for delta in snap.deltas:
            if delta.polarity != "assert" or match_key(delta.value) != match_key(name):
                continue
            row = self.docs.get(delta.event_id)
            for evidence in row.evidence_ids if row is not None else ():
                source = self.docs.get(evidence)
                if source is not None and said.search(source.text):
                    return True
        return False
