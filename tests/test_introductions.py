"""A speaker introducing themselves (policies/introductions.py): "Hi! I'm Priya, a backend
engineer at Stripe" gives the name, and the apposition is read as "I'm a backend engineer
at Stripe"."""

from __future__ import annotations

import pytest

from nousmem.policies.introductions import introductions
from tests.helpers import extracted


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm Priya.", [("name", "Priya", "assert")]),
        ("Hi I'm Priya!", [("name", "Priya", "assert")]),
        ("I'm Mary Jane.", [("name", "Mary Jane", "assert")]),
        ("This is Priya from Stripe.", [("name", "Priya", "assert")]),
        ("Hi, I'm Priya, nice to meet you.", [("name", "Priya", "assert")]),
        (
            "Hi! I'm Priya, a backend engineer at Stripe.",
            [
                ("role", "backend engineer", "assert"),
                ("employer", "Stripe", "assert"),
                ("name", "Priya", "assert"),
            ],
        ),
        (
            "Hey there, I'm Tom, a nurse from Ohio.",
            [("role", "nurse", "assert"), ("name", "Tom", "assert")],
        ),
        (
            "Hi, I'm Priya and I work at Stripe.",
            [("name", "Priya", "assert"), ("employer", "Stripe", "assert")],
        ),
        # A title before the name is no part of it; the apposition is read past both.
        ("I'm Dr. Patel.", [("name", "Patel", "assert")]),
        (
            "Hi, I'm Dr. Sarah Patel, a cardiologist at Mercy.",
            [
                ("role", "cardiologist", "assert"),
                ("employer", "Mercy", "assert"),
                ("name", "Sarah Patel", "assert"),
            ],
        ),
        # A nationality, a mood, a title alone, "I'd", and not at the sentence's start.
        ("I'm Canadian.", [("nationality", "Canadian", "assert")]),
        ("I'm Back!", []),
        ("I'm Sorry.", []),
        ("I'm Dr.", []),
        ("It's Dr. Martin Luther King Day.", []),
        ("I'm I'd.", []),
        ("The doctor said I'm Fine.", []),
    ],
)
def test_a_self_introduction(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert extracted(text) == expected


def test_the_apposed_name_is_blanked_to_the_same_length() -> None:
    text = "Hi! I'm Priya, a nurse. I'm Tom, a chef."
    intro = introductions(text, "Sam")
    assert len(intro.text) == len(text)
    assert intro.text == "Hi! I'm        a nurse. I'm      a chef."
    assert [(c.value, text[c.span[0] : c.span[1]]) for c in intro.claims if c.span] == [
        ("Priya", "Priya"),
        ("Tom", "Tom"),
    ]
    # No speaker, no one to name; no introduction, nothing blanked.
    assert introductions(text, None).claims == []
    assert introductions("I like tea.", "Sam").text == "I like tea."
