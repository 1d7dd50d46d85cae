"""A partner one dates (policies/rules_dating.py): "I'm dating Chris" gives the spouse slot's
partner, "I'm seeing someone" the status "in a relationship"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import held, say_at

EX = RuleExtractor()


def rows(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Dana", source="user")
    return [(c.entity, c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm dating Chris.", [("Dana", "spouse", "Chris", "assert")]),
        ("I've been seeing someone named Chris.", [("Dana", "spouse", "Chris", "assert")]),
        ("Chris and I are dating.", [("Dana", "spouse", "Chris", "assert")]),
        (
            "Chris and I have been together for two years.",
            [("Dana", "spouse", "Chris", "assert")],
        ),
        ("Ana is dating Marco.", [("Ana", "spouse", "Marco", "assert")]),
        (
            "I'm seeing someone.",
            [("Dana", "relationship_status", "in a relationship", "assert")],
        ),
        (
            "I have a girlfriend.",
            [("Dana", "relationship_status", "in a relationship", "assert")],
        ),
        (
            "I have a boyfriend named Leo.",
            [
                ("Dana", "spouse", "Leo", "assert"),
                ("Dana", "relationship_status", "in a relationship", "assert"),
            ],
        ),
        # Living with a partner is being in a relationship, even said in a denial (the
        # noun presupposes her); not one used to, nor supposed.
        (
            "I live with my girlfriend.",
            [
                ("Dana", "relationship_status", "in a relationship", "assert"),
                ("Dana", "household", "with girlfriend", "assert"),
            ],
        ),
        (
            "Tom moved in with his boyfriend.",
            [
                ("Tom", "relationship_status", "in a relationship", "assert"),
                ("Tom", "household", "with boyfriend", "assert"),
            ],
        ),
        (
            "I don't live with my girlfriend.",
            [
                ("Dana", "relationship_status", "in a relationship", "assert"),
                ("Dana", "household", "with girlfriend", "negate"),
            ],
        ),
        (
            "I used to live with my girlfriend.",
            [("Dana", "household", "with girlfriend", "negate")],
        ),
        ("Should I move in with my boyfriend?", []),
        # An appointment, an evening, the past, a denial, someone's brother.
        ("I'm seeing Dr. Patel tomorrow.", []),
        ("I'm seeing Tom tonight.", []),
        ("I was dating Chris in college.", []),
        ("I'm not dating anyone.", []),
        ("I'm dating Chris's brother.", []),
    ],
)
def test_a_partner_one_dates(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


async def test_a_break_up_ends_the_partner_dated() -> None:
    async with MemoryRuntime.memory(namespace="dating") as rt:
        await say_at(rt, "I'm dating Chris.", datetime(2024, 1, 1, 12, tzinfo=UTC), actor="Dana")
        assert await held(rt, "Dana", "spouse") == ("Chris",)
        await say_at(rt, "Chris and I broke up.", datetime(2024, 3, 1, 12, tzinfo=UTC), "Dana")
        assert await held(rt, "Dana", "spouse") == ()
