"""A correction takes back only the speaker's own word.

The rule extractor marks a claim said as a correction (``Claim.retracts``: "Actually no,
Ana still lives in Porto", "Sorry, I meant Acme"). The value it replaces never held only
when the one correcting is the one who said it: Ana's "I moved to Lisbon", then her
"Actually no, I still live in Porto". Said against another speaker's word (Bob's "Ana
moved to Lisbon"), the same words answer a claim memory weighed on its own: a dispute
settled back, or a change that speaker reported. So the flag stays on a claim only when
the value it moves the belief away from was last said by the same speaker (the
observation's actor; without one, the same source).

A list holds its values side by side, so there a correction takes nothing back by itself;
:func:`mistaken_list_values` reads one that says the speaker's message just before again
with another value ("I use VS Code for Python", then "Sorry, I meant I use PyCharm for
Python") as replacing the value that message gave.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.sentences import sentence_at
from nousmem.policies.update_language import says_mistake
from nousmem.projections.belief_models import UNKNOWN, match_key, source_key
from nousmem.projections.lexical import tokens
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.projector import Projector

__all__ = ["RECENT_RECORDS", "mistaken_list_values", "own_corrections", "previous_message"]

#: How far back, in projected records, a correction looks for the speaker's message before
#: it: a correction answers the message just said, not one from long ago.
RECENT_RECORDS = 64


def own_corrections(
    claims: Sequence[Claim], obs: Observation, occurred: datetime, proj: Projector
) -> list[Claim]:
    """``claims`` with ``retracts`` cleared where the correction takes back no word of the
    speaker's (see the module docstring): of a multi-valued attribute, or of a value held
    on someone else's word."""
    return [
        c
        if not c.retracts or _own(c, obs, occurred, proj)
        else c.model_copy(update={"retracts": False})
        for c in claims
    ]


def _own(c: Claim, obs: Observation, occurred: datetime, proj: Projector) -> bool:
    if proj.config.attributes.spec(c.attribute).cardinality != "single":
        return False
    snap = proj.beliefs.snapshot(c.entity, c.attribute, as_of_time=occurred, deltas=False)
    if snap is None:
        return False
    value = match_key(c.value)
    if snap.mode is not None and snap.mode != UNKNOWN:
        held = match_key(snap.mode)
        if (c.polarity == "assert") == (held == value):
            return False  # it says again what is held, or denies what is not
        # Taken back: the value held ("Actually, I live in Porto" against Lisbon).
        return _last_said_by(proj, c, held, "assert", obs)
    # "Unknown" leads (after a denial): "I still work at Acme" takes the denial back, when
    # nothing was said in the slot since (no other value held in between).
    if c.polarity != "assert":
        return False
    wv = proj.worldview
    ekey = wv.entity_key(c.entity)
    rows = [
        (r.seq, k)
        for k in {match_key(o.value) for o in snap.observed_values}
        for r in wv.support.get((ekey, c.attribute, k), ())
    ]
    return bool(rows) and max(rows)[1] == value and _last_said_by(proj, c, value, "negate", obs)


def _last_said_by(proj: Projector, c: Claim, vkey: str, polarity: str, obs: Observation) -> bool:
    """Whether the latest claim of value ``vkey`` of ``c``'s slot with ``polarity`` was the
    speaker's: an observation of the same actor (without one, of the same source)."""
    wv = proj.worldview
    rows = [
        r
        for r in wv.support.get((wv.entity_key(c.entity), c.attribute, vkey), ())
        if r.polarity == polarity
    ]
    if not rows:
        return False
    last = max(rows, key=lambda r: r.seq)
    actors = {proj.docs[e].actor for e in last.evidence_ids if e in proj.docs}
    if obs.actor is None:
        return actors <= {None} and source_key(last.source) == source_key(obs.source)
    return any(a is not None and match_key(a) == match_key(obs.actor) for a in actors)


def mistaken_list_values(
    claims: Sequence[Claim], obs: Observation, occurred: datetime, proj: Projector
) -> list[Claim]:
    """Denials of the list values the speaker's corrections replace: "I use VS Code for
    Python", then "Sorry, I meant I use PyCharm for Python" denies ``uses: VS Code``.

    A list holds its values side by side, so a new one replaces nothing by itself; said as
    a mistake fixed (a rule claim the extractor read as a correction, in a sentence that
    says the speaker got it wrong: "Sorry, I meant", "Actually,", "Oops,"; not "Actually, I
    also use PyCharm" nor "I still use Vim"), it replaces the value of its slot the speaker
    asserted last, in the speaker's message just before this one, if memory still holds it.
    """
    out: list[Claim] = []
    denied = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in claims}
    for c in claims:
        if not (c.retracts and c.polarity == "assert" and c.span is not None):
            continue
        if proj.config.attributes.spec(c.attribute).cardinality != "multi":
            continue
        if not says_mistake(obs.content, c.span[0]):
            continue
        meant = _last_listed(proj, c, obs, occurred)
        key = (match_key(c.entity), c.attribute, match_key(meant or ""))
        if meant is None or key in denied:
            continue
        denied.add(key)
        out.append(
            Claim(
                entity=c.entity,
                attribute=c.attribute,
                value=meant,
                confidence=c.confidence,
                polarity="negate",
                change=True,
                hedged=c.hedged,
                extractor=c.extractor,
            )
        )
    return out


def _last_listed(proj: Projector, c: Claim, obs: Observation, occurred: datetime) -> str | None:
    """The value of ``c``'s list the speaker asserted last, when memory holds it at
    ``occurred``, it is not ``c``'s and the speaker's latest message said it."""
    snap = proj.beliefs.snapshot(c.entity, c.attribute, as_of_time=occurred, deltas=False)
    if snap is None or obs.actor is None:
        return None
    wv = proj.worldview
    ekey = wv.entity_key(c.entity)
    rows = [
        (r.seq, v, r)
        for v in snap.held
        for r in wv.support.get((ekey, c.attribute, match_key(v)), ())
        if r.polarity == "assert"
    ]
    if not rows:
        return None
    _, value, last = max(rows, key=lambda x: x[0])
    if match_key(value) == match_key(c.value):
        return None
    before = previous_message(proj, obs.actor)
    if before is None or before.event_id not in last.evidence_ids:
        return None
    said = before.text[before.lead : len(before.text) - before.notes]
    return value if _says_again(obs.content, c, said, value) else None


def previous_message(proj: Projector, actor: str) -> DocRow | None:
    """``actor``'s latest observation, among the last :data:`RECENT_RECORDS` projected
    records (other speakers' messages between do not count); None when there is none."""
    for i, row in enumerate(reversed(proj.docs.values())):
        if i >= RECENT_RECORDS:
            return None
        if row.kind == "observation" and row.actor is not None:
            if match_key(row.actor) == match_key(actor):
                return row
    return None


# What a correction says besides its value: not what it says about having been wrong.
_MISTAKE_WORDS = frozenset(
    "actually fact correction meant scratch misspoke mistake bad wrong oops sorry wait not "
    "said saying mean".split()
)


def _says_again(content: str, c: Claim, said: str, value: str) -> bool:
    """Whether the sentence of ``content`` that holds ``c`` says again what ``said`` (the
    speaker's message before) said, with ``c``'s value for ``value``: "Sorry, I meant I
    use PyCharm for Python" after "I use VS Code for Python", "Actually, I prefer light
    mode" after "I prefer dark mode in my editor"; not "Actually, I prefer light mode"
    after "I like sushi"."""
    assert c.span is not None
    piece = sentence_at(content, c.span[0])
    sentence = piece.group() if piece is not None else content
    old = set(tokens(value))  # "..., not VS Code" names it again
    words = set(tokens(sentence)) - _MISTAKE_WORDS - set(tokens(c.value)) - old
    before = set(tokens(said)) - old
    return bool(words) and words <= before
