"""A sports team left with its sport (``policies/quit_teams.py``): "Leo quit soccer" after
"Leo is on the soccer team" ends the team; other teams, and a sport never played on a team,
stay as they were."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.quit_teams import quit_teams
from nousmem.projections.models import Claim
from nousmem.runtime import MemoryRuntime
from tests.helpers import held, say_at

T0 = datetime(2026, 1, 5, 12, tzinfo=UTC)


async def _teams_after(rt: MemoryRuntime, entity: str, *said: str) -> set[str]:
    for i, text in enumerate(said):
        await say_at(rt, text, T0 + timedelta(days=i), actor="Sam")
    return set(await held(rt, entity, "team"))


@pytest.mark.parametrize(
    ("entity", "said", "left"),
    [
        ("Leo", ("Leo is on the soccer team.", "Leo quit soccer."), set()),
        (
            "Leo",
            ("Leo is on the soccer team.", "Leo quit soccer and started swimming lessons."),
            set(),
        ),
        ("Sam", ("I'm on the soccer team.", "I quit the soccer team."), set()),
        # A work team stays.
        ("Sam", ("I'm on the platform team.", "I quit soccer."), {"platform team"}),
        # Another sport leaves the team alone.
        ("Leo", ("Leo is on the soccer team.", "Leo quit tennis."), {"soccer team"}),
        # Someone else's quitting leaves Leo's team alone.
        ("Leo", ("Leo is on the soccer team.", "Mia quit soccer."), {"soccer team"}),
    ],
)
async def test_a_sport_quit_ends_its_team(
    entity: str, said: tuple[str, ...], left: set[str]
) -> None:
    async with MemoryRuntime.memory(namespace="teams") as rt:
        assert await _teams_after(rt, entity, *said) == left


def _negated(value: str, *, change: bool = True) -> Claim:
    return Claim(
        entity="Leo",
        attribute="hobby",
        value=value,
        confidence=0.9,
        polarity="negate",
        change=change,
        span=(0, 10),
        extractor="rule",
    )


@pytest.mark.parametrize(
    ("teams", "denied"),
    [
        (
            ["soccer team", "varsity soccer team", "soccer club"],
            ["soccer team", "varsity soccer team", "soccer club"],
        ),
        # Not a team word at the end, nor the sport deep inside a longer name.
        (["soccer moms book club", "soccer", "platform team"], []),
    ],
)
def test_which_held_teams_are_the_sports(teams: list[str], denied: list[str]) -> None:
    out = quit_teams([_negated("soccer")], T0, lambda e, a, at: teams if a == "team" else [])
    assert [c.value for c in out] == denied
    assert all(c.polarity == "negate" and c.change and c.attribute == "team" for c in out)


def test_a_denial_that_is_no_change_ends_no_team() -> None:
    # "Leo doesn't play soccer" says nothing of a team left.
    out = quit_teams([_negated("soccer", change=False)], T0, lambda e, a, at: ["soccer team"])
    assert out == []
