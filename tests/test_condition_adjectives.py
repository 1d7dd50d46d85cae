"""A condition said as what someone is ("I'm diabetic") names it as "I have ..." does."""

from __future__ import annotations

import pytest

from tests.helpers import extracted_claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm diabetic.", [("Ana", "condition", "diabetes", "assert")]),
        ("Tom is type 1 diabetic.", [("Tom", "condition", "type 1 diabetes", "assert")]),
        ("I'm pre-diabetic, so I watch sugar.", [("Ana", "condition", "prediabetes", "assert")]),
        ("I'm colorblind.", [("Ana", "condition", "color blindness", "assert")]),
        ("I'm colour blind.", [("Ana", "condition", "color blindness", "assert")]),
        ("I'm hard of hearing.", [("Ana", "condition", "hearing loss", "assert")]),
        ("I'm epileptic.", [("Ana", "condition", "epilepsy", "assert")]),
        (
            "I'm bipolar, so mornings are hard.",
            [("Ana", "condition", "bipolar disorder", "assert")],
        ),
        ("I'm celiac.", [("Ana", "condition", "celiac disease", "assert")]),
        ("I'm not diabetic.", [("Ana", "condition", "diabetes", "negate")]),
        ("I'm no longer anemic.", [("Ana", "condition", "anemia", "negate")]),
    ],
)
def test_a_condition_adjective_names_the_condition(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert extracted_claims(text, "Ana") == expected


def test_the_adjective_and_the_noun_say_one_value() -> None:
    said = extracted_claims("I'm diabetic.", "Ana")
    assert said == extracted_claims("I have diabetes.", "Ana")


@pytest.mark.parametrize(
    "text",
    [
        "I'm deaf in one ear.",
        "I'm on a diabetic diet.",
        "If I were diabetic I would know.",
        "My autistic son loves trains.",
        "The diabetic aisle is over there.",
    ],
)
def test_no_condition_of_the_speaker_in_passing(text: str) -> None:
    assert [c for c in extracted_claims(text, "Ana") if c[1] == "condition"] == []
