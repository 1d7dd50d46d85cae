"""Allergies ended and one allergen however it is said (policies/rules_food.py,
policies/rule_values.py): "Max outgrew his egg allergy" ends `eggs`, which "allergic to
eggs" and "an egg allergy" both name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims, held, say_at

SET = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Max outgrew his egg allergy.", [("Max", "allergy", "eggs", "negate")]),
        ("I grew out of my peanut allergy.", [("Dana", "allergy", "peanuts", "negate")]),
        ("Lily has outgrown her milk allergy.", [("Lily", "allergy", "milk", "negate")]),
        ("I no longer have a cat allergy.", [("Dana", "allergy", "cats", "negate")]),
        # Denied, or hoped: still allergic, or nothing said of now.
        ("I never outgrew my peanut allergy.", [("Dana", "allergy", "peanuts", "assert")]),
        ("I hope Max outgrows his egg allergy.", []),
        # One allergen however it is said.
        ("I have a peanut allergy.", [("Dana", "allergy", "peanuts", "assert")]),
        ("I'm allergic to peanuts.", [("Dana", "allergy", "peanuts", "assert")]),
        ("I'm allergic to penicillin.", [("Dana", "allergy", "penicillin", "assert")]),
    ],
)
def test_allergy_rules(text: str, want: list[tuple[str, str, str, str]]) -> None:
    assert [c for c in extracted_claims(text) if c[1] == "allergy"] == want


async def test_an_allergy_outgrown_is_no_longer_held() -> None:
    async with MemoryRuntime.memory(namespace="allergy") as rt:
        await say_at(rt, "My son Max is allergic to eggs.", SET, actor="Sam")
        assert await held(rt, "Max", "allergy") == ("eggs",)
        await say_at(rt, "Max outgrew his egg allergy.", SAID, actor="Sam")
        assert await held(rt, "Max", "allergy") == ()
