"""A status that says a marriage ended ends the spouse memory holds, if it is that marriage
("single" ends a partner held the same way: "I broke up with my boyfriend", "I'm single now").

"We split up" or "I'm divorced" names no spouse, so no extractor can deny one: the speaker
leaves it to the listener, who knows whom they married. Memory knows it too, so a write adds
the denial: after "I'm married to Tom.", "We split up." denies Tom as spouse, with the
status claim's confidence, time and span, as a change. Nothing is added when the same
observation names a spouse of that entity ("I divorced Tom", "We divorced and I married
Jake"): the sentence said which marriage it meant.

A divorce can be one memory already saw end: "I got divorced in 2019", said in 2026 while
married to Jake since 2021, or "I divorced Tom in 2015" while Jake is held. Such a status
is dropped, whole: it would make the speaker divorced now, and its denial would remove the
spouse of a later marriage. The marriage it ended is the one held at the claim's own time
(``valid_at``, else the observation's), and only when that one is still held does the
status stand. A wrong divorce deletes a real spouse; a missed one costs less.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, time

from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["ENDED_STATUSES", "claimed_at", "ended_spouses"]

#: Relationship statuses that leave no spouse held ("single": "I broke up with my
#: boyfriend", "I'm single now", of a partner the spouse slot holds).
ENDED_STATUSES = frozenset({"divorced", "separated", "widowed", "single"})

#: The spouses memory holds of an entity at an instant.
HeldSpouses = Callable[[str, datetime], Sequence[str]]


def claimed_at(c: Claim, occurred: datetime) -> datetime:
    """When ``c`` says its fact held: the end of its ``valid_at`` day, but not after it was
    said (``occurred``); ``occurred`` itself when it names no time."""
    if c.valid_at is None:
        return occurred
    return min(occurred, datetime.combine(c.valid_at, time.max, tzinfo=occurred.tzinfo))


def _ends(c: Claim) -> bool:
    return (
        c.attribute == "relationship_status"
        and c.polarity == "assert"
        and match_key(c.value) in ENDED_STATUSES
    )


def ended_spouses(
    claims: Sequence[Claim], occurred: datetime, held_spouses: HeldSpouses
) -> list[Claim]:
    """``claims`` without the ended-marriage statuses of a marriage other than the one held
    at ``occurred`` (or hedged while a marriage holds), followed by the denials of the
    spouses each remaining status ends (for an entity the claims name no spouse of); in
    claim order."""
    named: dict[str, set[str]] = {}  # entity -> spouses the observation denies
    for c in claims:
        if c.attribute == "spouse":
            denied = named.setdefault(match_key(c.entity), set())
            if c.polarity == "negate":
                denied.add(match_key(c.value))
    kept: list[Claim] = []
    out: list[Claim] = []
    done: set[str] = set()
    for c in claims:
        if not _ends(c):
            kept.append(c)
            continue
        key = match_key(c.entity)
        now = {match_key(v): v for v in held_spouses(c.entity, occurred)}
        if c.hedged:
            # "I think we're separated" is a guess: it neither ends a marriage memory holds
            # nor stands beside one as the status.
            if not now:
                kept.append(c)
            continue
        if key in named:
            ended = named[key]
        elif c.valid_at is None:
            ended = set(now)
        else:
            ended = {match_key(v) for v in held_spouses(c.entity, claimed_at(c, occurred))}
        if set(now) - ended:
            continue  # a marriage it does not end holds now: the status is of another one
        kept.append(c)
        if key in named or key in done:
            continue  # one denial per spouse, however often it was said
        done.add(key)
        fields = c.model_dump()
        fields.update(attribute="spouse", polarity="negate", change=True)
        out.extend(Claim(**{**fields, "value": v}) for k, v in now.items() if k in ended)
    return kept + out
