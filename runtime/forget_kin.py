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
from datetime import datetime

from nousmem.policies.forget_requests import GENDERED, KIN_ALT, KIN_START
from nousmem.policies.subject_words import KIN_GROUPS, KIN_NOUNS
from nousmem.projections.belief_models import Revision, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.models import Claim
from nousmem.projections.schema import normalise_attribute
from nousmem.runtime.docrows import DocRow

__all__ = [
    "STAND_IN",
    "TITLE_WORDS",
    "Relatives",
    "introduces",
    "kin_noun",
    "readings",
    "relatives_asked",
    "renamed",
    "unnamed_reading",
]

STAND_IN = "Quillon"
"""A name the rule extractor reads as a person's, where it would read nothing of "Lee's
sister": a sentence about the relative memory knows by noun alone is read with it in place
of "my sister", and its claims then give it up for that relative (:func:`renamed`)."""

_KIN_NAME = re.compile(rf"\bmy\s+(?:{KIN_ALT})\s+(?P<name>(?-i:[A-Z])[\w'-]*)", re.I)


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
    if start is None:
        return [clause]
    names = kin.meant_by(kin_noun(start.group("kin")))
    return [clause, *(f"{name}{clause[start.end() :]}" for name in names)]


def unnamed_reading(clause: str, kin: Relatives) -> tuple[str, str] | None:
    """For "my sister ...", the clause read with :data:`STAND_IN` for the sister memory
    knows by the noun alone ("Lee's sister", :meth:`Relatives.unnamed`), and her entity;
    None where there is none (or the clause holds the stand-in itself)."""
    start = KIN_START.match(clause)
    if start is None or STAND_IN.casefold() in clause.casefold():
        return None
    name = kin.unnamed(kin_noun(start.group("kin")))
    return None if name is None else (f"{STAND_IN}{clause[start.end() :]}", name)


def renamed(claim: Claim, name: str) -> Claim:
    """``claim`` with :data:`STAND_IN` (as its entity or value) replaced by ``name``."""
    key = match_key(STAND_IN)
    update = {
        field: name for field in ("entity", "value") if match_key(getattr(claim, field)) == key
    }
    return claim.model_copy(update=update) if update else claim


# Nouns that name one relative as another noun does: "my mom" is "my mother".
_SAME_AS = {
    "mom": "mother",
    "mum": "mother",
    "dad": "father",
    "grandma": "grandmother",
    "granny": "grandmother",
    "nana": "grandmother",
    "grandpa": "grandfather",
}
#: The words that stand for a relative's noun ("mom" for "mother"); said as a name ("Mom
#: works at Target"), each is the speaker's relative by that noun.
TITLE_WORDS = frozenset(_SAME_AS)
# How each noun may be said, for reading the statements that introduced a relative.
_SAID_AS = {
    noun: "|".join([noun, *(s for s, same in _SAME_AS.items() if same == noun)])
    for noun in GENDERED
}


def kin_noun(said: str) -> str:
    """A relative's noun as said ("My  Sister", "mom") as :data:`KIN_NOUNS` keys it, one
    noun for each relation ("sister", "mother")."""
    noun = " ".join(said.casefold().split())
    return _SAME_AS.get(noun, noun)


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
        held = () if snap is None else snap.held
        return match_key(value) in {match_key(v) for v in held}

    def meant(
        self,
        attribute: str,
        names: list[str],
        noun: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> list[str]:
        """The relatives of ``names`` (values of the asker's ``attribute``) that ``noun``
        may mean: of several, those introduced with it; of one, that one unless it was
        introduced with another gendered noun ("my brother Leo" is no sister; "I'm married
        to Tom" leaves Tom "my husband"). Introduced by statements as of the read."""

        if len(names) > 1:
            return [
                n
                for n in names
                if noun in self.nouns(attribute, n, as_of_seq=as_of_seq, as_of_time=as_of_time)
            ]
        return [
            n
            for n in names
            if self._may_be(attribute, n, noun, as_of_seq=as_of_seq, as_of_time=as_of_time)
        ]

    def _may_be(
        self,
        attribute: str,
        name: str,
        noun: str,
        *,
        as_of_seq: int | None,
        as_of_time: datetime | None,
    ) -> bool:
        """Whether ``name`` (a value of the asker's ``attribute``) may be called ``noun``:
        always for "kid" or "partner"; for a gendered noun, unless the statements that
        introduced them used another one."""
        if noun not in GENDERED:
            return True
        got = self.nouns(attribute, name, as_of_seq=as_of_seq, as_of_time=as_of_time)
        return not got or noun in got

    def _held(
        self, attribute: str, *, as_of_seq: int | None, as_of_time: datetime | None
    ) -> list[str]:
        """The values of the asker's link ``attribute`` held as of the read."""
        snap = self.beliefs.snapshot(
            self.actor or "", attribute, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=False
        )
        return [] if snap is None else list(snap.held)

    def meant_by(
        self, noun: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[str]:
        """The asker's relatives (as of the read) that ``noun`` ("sister", a key of
        :data:`KIN_NOUNS`) may mean: see :meth:`meant`. None without an asker."""
        if self.actor is None:
            return []
        attribute = KIN_NOUNS[noun]
        held = self._held(attribute, as_of_seq=as_of_seq, as_of_time=as_of_time)
        return self.meant(attribute, held, noun, as_of_seq=as_of_seq, as_of_time=as_of_time)

    def one_meant(
        self, noun: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> str | None:
        """The one relative ``noun`` means, where a sentence or a question may be read as
        about them: none where it may mean several or no one, nor for a friend (memory
        knowing one friend says nothing of how many one has)."""
        if KIN_NOUNS[noun] == "friend":
            return None
        meant = self.meant_by(noun, as_of_seq=as_of_seq, as_of_time=as_of_time)
        return meant[0] if len(meant) == 1 else None

    def known_any(
        self, noun: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> bool:
        """Whether the asker has a relative (by name, as of the read) ``noun`` may mean, one
        or several: any of the link's relatives for "kid" or "partner", for a gendered noun
        any not introduced with another one ("my brother Leo" is no sister)."""
        return bool(self.may_mean(noun, as_of_seq=as_of_seq, as_of_time=as_of_time))

    def may_mean(
        self, noun: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[str]:
        """Every relative of the asker's (by name, as of the read) ``noun`` may mean: for
        a gendered noun each not introduced with another one. What a plural means ("my
        kids": both Mia and Leo), where :meth:`meant_by` wants the one a singular means."""
        if self.actor is None:
            return []
        attribute = KIN_NOUNS[noun]
        return [
            n
            for n in self._held(attribute, as_of_seq=as_of_seq, as_of_time=as_of_time)
            if self._may_be(attribute, n, noun, as_of_seq=as_of_seq, as_of_time=as_of_time)
        ]

    def of_group(
        self, group: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[str]:
        """The asker's relatives (as of the read) a group ("siblings", "kids", "family": a
        key of ``KIN_GROUPS``) names: each its nouns may mean, by name or by the noun alone
        ("Lee's sister"), in the group's order of nouns, each once."""
        out: list[str] = []
        for noun in KIN_GROUPS[group.casefold()]:
            named = self.may_mean(noun, as_of_seq=as_of_seq, as_of_time=as_of_time)
            unnamed = self.unnamed(noun, as_of_seq=as_of_seq, as_of_time=as_of_time)
            out.extend(n for n in (*named, unnamed) if n is not None and n not in out)
        return out

    def placeholder(self, noun: str) -> str | None:
        """The entity of the asker's relative by ``noun`` while memory knows no name for
        them ("Lee's sister"), or None: without an asker, and for a friend (one of many)."""
        if self.actor is None or KIN_NOUNS[noun] == "friend":
            return None
        return f"{self.actor}'s {noun}"

    def unnamed(
        self, noun: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> str | None:
        """:meth:`placeholder` where memory holds beliefs about it as of the read (its
        display name then, which a merge into a named relative makes theirs), else None."""
        name = self.placeholder(noun)
        if name is None or not self.beliefs.snapshots(
            name, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=False
        ):
            return None
        return self.beliefs.canonical(name, as_of_seq, as_of_time)[1]

    def nouns(
        self,
        attribute: str,
        name: str,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> set[str]:
        """The gendered nouns the asker's statements of ``attribute`` = ``name`` (as of the
        read: a later "Leo is my brother" is unknown to a read of the past) call them ("my
        sister Maya", "Maya is my sister")."""
        if self.actor is None:
            return set()
        snap = self.beliefs.snapshot(
            self.actor, attribute, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=True
        )
        if snap is None:
            return set()
        texts = [
            source.text
            for delta in snap.deltas
            if delta.polarity == "assert" and match_key(delta.value) == match_key(name)
            for row in (self.docs.get(delta.event_id),)
            if row is not None
            for evidence in row.evidence_ids
            if (source := self.docs.get(evidence)) is not None
        ]
        who = re.escape(name)
        out = set()
        for noun in GENDERED:
            if KIN_NOUNS.get(noun) != attribute:
                continue
            said = re.compile(
                rf"\b(?:{_SAID_AS[noun]})\s+(?:(?:named|called)\s+)?{who}\b"
                rf"|\b{who},?\s+(?:is|was|my)\s+(?:my\s+)?(?:{_SAID_AS[noun]})\b",
                re.I,
            )
            if any(said.search(t) for t in texts):
                out.add(noun)
        return out


# "my sister", "our daughter" (a household's is the asker's).
_MY_KIN = re.compile(
    rf"\b(?:my|our)\s+(?P<kin>{KIN_ALT})\b(?!-|['\u2019]s\s+(?:{KIN_ALT})\b)", re.I
)

# A kin word said as a name, capitalised as a name is ("Dad", not "dad"); not after "my" /
# "our" (``_MY_KIN`` reads those) nor another's ("Tom's Mom").
_TITLED = re.compile(
    r"(?<![Mm]y\s)(?<![Oo]ur\s)(?<!'s\s)\b(?P<title>"
    + "|".join(sorted((w.capitalize() for w in TITLE_WORDS), key=len, reverse=True))
    + r")\b(?![-\w])"
)

# "my siblings", "our kids", "the kids" (a parent's word for their own).
_MY_GROUP = re.compile(
    rf"\b(?:(?:my|our)\s+|the\s+(?=(?:kids|children)\b))(?P<group>{'|'.join(KIN_GROUPS)})"
    r"\b(?!-|['\u2019])",
    re.I,
)


def relatives_asked(
    question: str,
    actor: str | None,
    beliefs: BeliefStore,
    docs: Mapping[str, DocRow],
    *,
    as_of_seq: int | None = None,
    as_of_time: datetime | None = None,
) -> list[str]:
    """The relatives a question asked by ``actor`` names by noun ("Where does my sister
    live?"): for each "my <noun>", the one relative of the asker's link (as of the read)
    the noun means (:meth:`Relatives.one_meant`), and the one memory knew by the noun alone
    ("Lee's sister", :meth:`Relatives.unnamed`), both where both are known; for a group
    ("my siblings", "my parents", "my kids", "my family": ``KIN_GROUPS``), every relative
    each of its nouns may mean and each one memory knows by a noun alone
    (:meth:`Relatives.of_group`)."""
    low = question.lower()
    titled = _TITLED.search(question) is not None
    if actor is None or not (
        titled or any(w in low for w in ("my", "our", "the kids", "the child"))
    ):
        return []
    kin = Relatives(beliefs, docs, actor)
    asked = question.split("?", 1)[0]
    seq, time = as_of_seq, as_of_time
    out: list[str] = []

    def add(names: Iterable[str | None]) -> None:
        out.extend(n for n in names if n is not None and n not in out)

    for m in _MY_KIN.finditer(asked):
        noun = kin_noun(m.group("kin"))
        add(
            (
                kin.one_meant(noun, as_of_seq=seq, as_of_time=time),
                kin.unnamed(noun, as_of_seq=seq, as_of_time=time),
            )
        )
    # "Where does Dad work?", "When is Mom's surgery?": a kin word said as a name is the
    # asker's relative by that noun, as the write path reads it (``kin_claims.titled_kin``).
    for m in _TITLED.finditer(asked) if titled else ():
        noun = kin_noun(m.group("title").lower())
        add(
            (
                kin.one_meant(noun, as_of_seq=seq, as_of_time=time),
                kin.unnamed(noun, as_of_seq=seq, as_of_time=time),
            )
        )
    for m in _MY_GROUP.finditer(asked):
        add(kin.of_group(m.group("group"), as_of_seq=seq, as_of_time=time))
    return out
