"""Children named with their ages (policies/paren_ages.py, the child rules): "We have two
kids, Lily (7) and Ben (4)", "I have a 7-year-old daughter named Lily"."""

from __future__ import annotations

import pytest

from nousmem.policies.paren_ages import paren_ages
from tests.helpers import extracted_claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We have two kids, Lily (7) and Ben (4).",
            [
                ("Anna", "child", "Lily", "assert"),
                ("Anna", "child", "Ben", "assert"),
                ("Anna", "number_of_children", "2", "assert"),
                ("Lily", "age", "7", "assert"),
                ("Ben", "age", "4", "assert"),
            ],
        ),
        (
            "We have two kids, Lily and Ben.",
            [
                ("Anna", "child", "Lily", "assert"),
                ("Anna", "child", "Ben", "assert"),
                ("Anna", "number_of_children", "2", "assert"),
            ],
        ),
        ("We have a son named Leo.", [("Anna", "child", "Leo", "assert")]),
        ("I have a 7-year-old daughter named Lily.", [("Anna", "child", "Lily", "assert")]),
        (
            "My 7-year-old daughter Lily loves horses.",
            [("Anna", "child", "Lily", "assert"), ("Lily", "likes", "horses", "assert")],
        ),
        # No kin in the sentence: a parenthesis is no age; "we" of colleagues names no child.
        ("We watched Apollo (11) and Rocky (2) last night.", []),
        ("We have two interns, Lily and Ben.", []),
    ],
)
def test_children_by_name_and_age(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert [c for c in extracted_claims(text, actor="Anna") if c[1] != "activity"] == expected


def test_the_ages_are_blanked_to_the_same_length() -> None:
    text = "My kids: Lily (7) and Ben (14). Chapter (3) was long."
    got = paren_ages(text)
    assert len(got.text) == len(text)
    assert got.text == "My kids: Lily     and Ben     . Chapter (3) was long."
    assert [(c.entity, c.value) for c in got.claims] == [("Lily", "7"), ("Ben", "14")]
    assert paren_ages("No parentheses here.").text == "No parentheses here."
    assert paren_ages("My son Leo (200) is old.").claims == []
