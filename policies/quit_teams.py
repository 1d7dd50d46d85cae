"""A sports team memory holds, left with its sport: "Leo quit soccer" after "Leo is on the
soccer team".

The pastime rules read "quit soccer" as a denial of the hobby ``soccer`` (and "quit the
soccer team" of the activity ``soccer team`` too); the team rules read "is on the soccer
team" as ``team: soccer team``. Read alone, the quitting left the team held. Read against
what the same entity holds, a denied hobby or activity ends each held team whose words are
the sport's followed by a team word ("soccer team", "soccer club", "varsity soccer team"
keeps "varsity" before them): "Leo quit soccer" ends ``soccer team``; it does not end "the
platform team" or "the soccer moms' book club".

Only a denial the extractor read as a change (a quitting, not "Leo doesn't play soccer",
which says nothing of a team left). Each is a denial of the held team, journaled with the
extractor's claims.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_denials import denial, denied_values
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["quit_teams"]

ATTRIBUTES = ("hobby", "activity")
CONFIDENCE = 0.85
_TEAM_WORDS = frozenset({"team", "club", "squad", "league"})


def _sport(value: str) -> str:
    """A denied value's sport: "soccer team" and "the soccer team" are "soccer"."""
    words = value.lower().split()
    if words[:1] == ["the"]:
        words = words[1:]
    if words[-1:] and words[-1] in _TEAM_WORDS:
        words = words[:-1]
    return " ".join(words)


def _of_sport(team: str, sport: str) -> bool:
    """Whether ``team`` is a team of ``sport``: its words end in the sport's words and a
    team word, with at most one word before them ("varsity soccer team")."""
    words = team.lower().split()
    if words[:1] == ["the"]:
        words = words[1:]
    if len(words) < 2 or words[-1] not in _TEAM_WORDS:
        return False
    body = words[:-1]
    sport_words = sport.split()
    n = len(sport_words)
    return body[-n:] == sport_words and len(body) - n <= 1


def quit_teams(claims: Sequence[Claim], occurred: datetime, held: HeldValues) -> list[Claim]:
    """The denials of the teams ``claims`` (said at ``occurred``) leave with their sport
    (see the module doc), less those ``claims`` already make."""
    seen = denied_values(claims, "team")
    out: list[Claim] = []
    for c in claims:
        if (
            c.attribute not in ATTRIBUTES
            or c.polarity != "negate"
            or not c.change
            or c.span is None
        ):
            continue
        sport = _sport(c.value)
        if not sport:
            continue
        for team in held(c.entity, "team", occurred):
            if match_key(team) in seen or not _of_sport(team, sport):
                continue
            seen.add(match_key(team))
            out.append(denial(c.entity, "team", team, CONFIDENCE, c.span))
    return out
