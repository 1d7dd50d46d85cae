"""A value said with the one it replaces ("My daughter's name is Mia, not Maya") denies
that one: a multi-valued attribute would otherwise hold both."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("Actually, I work at Globex, not Initech.", ("employer", "Initech")),
        ("Sorry, my birthday is June 21, not June 12.", ("birthday", "June 12")),
        ("Correction: I live in Leeds, not York.", ("location", "York")),
        ("My daughter's name is Mia, not Maya.", ("child", "Maya")),
        ("I speak French and Spanish, not German.", ("speaks", "German")),
        ("I'm from Brazil, not Portugal, by the way.", ("origin", "Portugal")),
        ("My friend Tom, not Tim, lives in Rome.", ("friend", "Tim")),
    ],
)
def test_the_value_after_not_is_denied(text: str, denied: tuple[str, str]) -> None:
    found = claims(text)
    assert ("Dana", *denied, "negate") in found
    assert sum(c[3] == "negate" for c in found) == 1


@pytest.mark.parametrize(
    ("text", "not_denied"),
    [
        ("I work at Globex, not far from home.", "far from home"),  # lowercase: no value
        ("I like tea, not coffee.", "coffee"),  # lowercase: as often a remark as a value
        ("I don't work at Globex, not Initech either.", "Initech"),  # nothing asserted
    ],
)
def test_what_is_no_replaced_value_is_not_denied(text: str, not_denied: str) -> None:
    assert not [c for c in claims(text) if not_denied in c[2]]


def test_each_value_of_a_list_after_not_is_denied() -> None:
    assert claims("I live in Leeds, not York or Hull.") == [
        ("Dana", "location", "Leeds", "assert"),
        ("Dana", "location", "York", "negate"),
        ("Dana", "location", "Hull", "negate"),
    ]


async def test_a_corrected_name_leaves_the_list() -> None:
    t0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [
            ("My daughter Maya loves drawing.", 0),
            ("My daughter's name is Mia, not Maya.", 1),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "Dan", "occurred_at": t0 + timedelta(days=day)}
            )
        belief = await rt.belief("Dan", "child")
    assert belief is not None and belief.held == ("Mia",)
