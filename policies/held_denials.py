"""Pieces the write-time readings share (``runtime/claims_in_context.py``): each reads an
observation's statements against what memory holds and denies the held values they end
("I gave up on Spanish", "We got rid of Jenkins", "I graduated")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime

from nousmem.policies.clause_leads import CLAUSE_BREAK, SUPPOSING
from nousmem.policies.held_values import HeldValues, Relative
from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.place_names import PLACE_NAMES
from nousmem.policies.pronoun_subject import said_gender
from nousmem.policies.sentences import sentences
from nousmem.policies.timeexpr_patterns import DAYS, MONTHS
from nousmem.policies.token_names import agrees, name_at
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = [
    "Ends",
    "clause_so_far",
    "denial",
    "denials_of",
    "denied_values",
    "pronoun_of",
    "said_over",
    "said_whose",
    "statements",
    "unreal_before",
]


def denial(
    entity: str, attribute: str, value: str, confidence: float, span: tuple[int, int]
) -> Claim:
    """A reading's denial of the held ``value``: a change, read by rule at ``span``."""
    return Claim(
        entity=entity,
        attribute=attribute,
        value=value,
        confidence=confidence,
        polarity="negate",
        change=True,
        span=span,
        extractor="rule",
    )


def denied_values(claims: Sequence[Claim], attribute: str) -> set[str]:
    """The match keys of the ``attribute`` values ``claims`` deny already."""
    return {
        match_key(c.value) for c in claims if c.attribute == attribute and c.polarity == "negate"
    }


def statements(content: str) -> Iterator[tuple[int, str]]:
    """The (start, text) of ``content``'s sentences, questions left out."""
    for piece in sentences(content):
        text = piece.group(0)
        if not text.rstrip().endswith("?"):
            yield piece.start(), text


# A denial just before what a statement says: "We never got rid of Jenkins", "I didn't
# graduate", "There's no way we dropped Slack".
# ("n't" is joined to its verb: no word boundary before it.)
_DENIED_BEFORE = re.compile(
    r"(?:\b(?:not|never|no)|n['\u2019]t)\b(?:\s+\w+){0,2}\s*$", re.IGNORECASE
)


def clause_so_far(text: str, at: int) -> str:
    """The words of ``at``'s clause before it: from the last clause break (a comma, "and",
    "but", ...) before ``at``, or the text's start."""
    begin = max((b.end() for b in CLAUSE_BREAK.finditer(text, 0, at)), default=0)
    return text[begin:at]


def unreal_before(before: str) -> bool:
    """Whether the words ``before`` a statement's cue, in its sentence, suppose it ("If we
    drop Jenkins, ...") or deny it just before ("We never dropped Jenkins")."""
    return SUPPOSING.search(before) is not None or _DENIED_BEFORE.search(before) is not None


def denials_of(
    entity: str,
    attribute: str,
    held: Iterable[str],
    ends: Callable[[str], bool],
    seen: set[str],
    confidence: float,
    span: tuple[int, int],
) -> list[Claim]:
    """The denials of each ``held`` value that ``ends``, each once: ``seen`` holds the match
    keys denied already and gets these."""
    out: list[Claim] = []
    for value in held:
        if match_key(value) in seen or not ends(value):
            continue
        seen.add(match_key(value))
        out.append(denial(entity, attribute, value, confidence, span))
    return out


# Capitalised words that open a sentence and are no one.
_NO_ONE = frozenset("He She They We It This That There Here Today Now Thankfully Luckily".split())
_CALENDAR = frozenset([*MONTHS, *DAYS])
_GENDER = {"his": "he", "her": "she"}
_TOKEN = re.compile(r"\S+")
# A name before "his" / "her" in the same statement ("Leo's cast came off today, his arm has
# healed"), possessive or not.
_NAMED_BEFORE = re.compile(
    rf"\b(?P<n>[{UPPER}][{LOWER}]+(?:-[{UPPER}][{LOWER}]+)?)(?:'s)?(?![\w-])"
)


def _opens_with_name(text: str) -> bool:
    """Whether the first word of ``text`` is a name, not a sentence's capital ("Finally",
    "Great"): possessive ("Leo's cast"), leading a list ("Leo and Max") or the subject of a
    verb that agrees with it ("Emma lives", "Leo said"), and no word
    ``token_names.name_at`` stops at ("In")."""
    toks = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]
    if not toks or name_at(toks, 0) is None:
        return False
    listed = len(toks) > 1 and toks[1][2].lower() in ("and", "&")
    return toks[0][2].rstrip(",;:").endswith("'s") or listed or agrees(toks, 0)


def pronoun_of(before: str, pronoun: str, relative: Relative) -> str | None:
    """Whom ``pronoun`` ("his" / "her") means after ``before`` (its statement's words
    before it): the one name said there that a word before it does not give the other
    gender ("Tom came with his daughter Lily and his son": Tom; ``said_gender``). Not the
    statement's first word unless it is possessive, leads a list or its verb agrees
    ("Leo's", "Leo said", not "Finally"), nor one of :data:`_NO_ONE`, a listed place, a
    month or a day; None when none or two are named.

    Looser than ``pronoun_subject`` (which reads "Leo's cast came off" as naming no one):
    what it finds only ends a value that person holds, or names that person's relative
    (``policies/pronoun_kin.py``)."""
    gender = _GENDER[pronoun.lower()]
    names = {
        m.group("n")
        for m in _NAMED_BEFORE.finditer(before)
        if m.group("n") not in _NO_ONE
        and m.group("n") not in PLACE_NAMES
        and m.group("n").lower() not in _CALENDAR
        and (m.start() > 0 or _opens_with_name(before))
        and said_gender(before, m.group("n")) in (None, gender)
    }
    if len(names) != 1:
        return None
    (name,) = names
    return relative(name) or name


def said_whose(m: re.Match[str], actor: str | None, relative: Relative) -> str | None:
    """Whom a reading's match ``m`` is about: ``actor`` for its group ``mine`` ("my") or
    ``who`` "I", the relative its group ``kin`` ("my mom") or a title ("Mom") means, the
    one its group ``name`` or ``who`` names; None for a word that is no one ("She")."""
    groups = m.groupdict()
    if groups.get("kin"):
        return relative(groups["kin"])
    if groups.get("mine") or groups.get("who") == "I":
        return actor
    name = groups.get("name") or groups.get("who")
    return None if name is None or name in _NO_ONE else relative(name) or name


#: Given a reading's match and the words of its sentence before it, which held values the
#: statement ends (a test of a value), or None when it ends none.
Ends = Callable[[re.Match[str], str], Callable[[str], bool] | None]


def said_over(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
    relative: Relative,
    *,
    attribute: str,
    confidence: float,
    cues: Iterable[str],
    patterns: Sequence[re.Pattern[str]],
    ends: Ends,
) -> list[Claim]:
    """The denials of the values of ``attribute`` held at ``occurred`` that a statement of
    ``content`` says are over, less those ``claims`` already make: each match of
    ``patterns`` in a statement, about whom it says (:func:`said_whose`; a group ``pron``,
    "his" / "her", means the one name before it: :func:`pronoun_of`), not supposed or
    denied (:func:`unreal_before`), ends the held values ``ends`` picks. ``cues``: words
    one of which each such statement holds (a substring test spares most messages)."""
    low = content.lower()
    if not any(cue in low for cue in cues):
        return []
    out: list[Claim] = []
    seen = denied_values(claims, attribute)
    for lo, text in statements(content):
        for pattern in patterns:
            for m in pattern.finditer(text):
                who = said_whose(m, actor, relative)
                before = text[: m.start()]
                if who is None and m.groupdict().get("pron"):
                    who = pronoun_of(before, m.group("pron"), relative)
                if who is None or unreal_before(before):
                    continue
                test = ends(m, before)
                if test is None:
                    continue
                span = (lo + m.start(), lo + m.end())
                held_now = held(who, attribute, occurred)
                out += denials_of(who, attribute, held_now, test, seen, confidence, span)
    return out
