"""A vegetarian who eats fish is a pescatarian (policies/pescatarian.py)."""

from __future__ import annotations

import pytest

from tests.helpers import extracted_claims


def diets(text: str) -> list[tuple[str, str]]:
    return [(e, v) for e, a, v, p in extracted_claims(text) if a == "diet" and p == "assert"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a vegetarian but I eat fish.", [("Dana", "pescatarian")]),
        ("I'm vegetarian, though I still eat seafood.", [("Dana", "pescatarian")]),
        ("I'm vegetarian except for fish.", [("Dana", "pescatarian")]),
        ("I'm a vegetarian who eats fish.", [("Dana", "pescatarian")]),
        ("Ana is vegetarian but she eats fish.", [("Ana", "pescatarian")]),
        ("Ana is vegetarian but eats fish.", [("Ana", "pescatarian")]),
        # Someone else eats it, no eating, another sentence, another's pronoun.
        ("I'm vegetarian but my husband eats fish.", [("Dana", "vegetarian")]),
        ("I'm vegetarian but I miss fish.", [("Dana", "vegetarian")]),
        ("I'm vegetarian. But my kids eat fish.", [("Dana", "vegetarian")]),
        ("Ana is vegetarian but I eat fish.", [("Ana", "vegetarian")]),
    ],
)
def test_a_vegetarian_who_eats_fish(text: str, expected: list[tuple[str, str]]) -> None:
    assert diets(text) == expected
