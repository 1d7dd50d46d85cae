"""A role said with its team ("I'm the tech lead on the payments team"), a kind of lead as
an occupation, the tools someone names as theirs ("My main editor is Neovim"), a switch
whose object comes first ("We switched our CI from Jenkins to GitHub Actions"), the hours
one works in ("I work in Pacific time") and what a work read or watched is about ("I'm
reading a book about Roman history")."""

from __future__ import annotations

import pytest

from tests.helpers import extracted_claims

Row = tuple[str, str, str, str]


def rows(text: str) -> list[tuple[str, str, str, str]]:
    return extracted_claims(text, actor="Ana")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm the tech lead on the payments team.",
            [("Ana", "role", "tech lead", "assert"), ("Ana", "team", "payments team", "assert")],
        ),
        (
            "Tom is an engineer on the growth team.",
            [("Tom", "role", "engineer", "assert"), ("Tom", "team", "growth team", "assert")],
        ),
        (
            "I'm a team lead at Shopify.",
            [("Ana", "role", "team lead", "assert"), ("Ana", "employer", "Shopify", "assert")],
        ),
        (
            "I'm the nurse at St Mary's.",
            [("Ana", "role", "nurse", "assert"), ("Ana", "employer", "St Mary's", "assert")],
        ),
        # A job taken as an occupation, "new" or not.
        ("I got a new job as a nurse.", [("Ana", "role", "nurse", "assert")]),
        ("I just started a new job as a nurse.", [("Ana", "role", "nurse", "assert")]),
        ("I took a position as a team lead.", [("Ana", "role", "team lead", "assert")]),
        ("I might take a new job as a nurse.", []),
        # A lead alone is no occupation; a lead singer still is.
        ("I'm a lead singer in a band.", [("Ana", "role", "lead singer", "assert")]),
        ("I found a lead on the case.", []),
        # "the" with an occupation only where it is held.
        ("I'm the driver tonight.", []),
        ("I'm the teacher's pet.", []),
    ],
)
def test_roles_and_teams(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My main editor is Neovim.", [("Ana", "uses", "Neovim", "assert")]),
        ("My laptop is a MacBook Pro.", [("Ana", "uses", "MacBook Pro", "assert")]),
        ("My daily driver is a ThinkPad.", [("Ana", "uses", "ThinkPad", "assert")]),
        ("Tom's browser is Firefox.", [("Tom", "uses", "Firefox", "assert")]),
        # No name: a state, not a tool.
        ("My laptop is a mess.", []),
        ("My phone is broken.", []),
        # A brand's lower-case "i" name is a name.
        ("My phone is an iPhone.", [("Ana", "uses", "iPhone", "assert")]),
        # A tool had by its name and kind.
        ("I have a Pixel phone.", [("Ana", "uses", "Pixel phone", "assert")]),
        ("I just got a Dell laptop.", [("Ana", "uses", "Dell laptop", "assert")]),
        ("I don't have a Dell laptop anymore.", [("Ana", "uses", "Dell laptop", "negate")]),
        ("I have a phone.", []),
        ("I have a Zoom call at 3.", []),
        ("If my laptop was a Mac, I'd be happier.", []),
        # A favourite is a like.
        ("My favorite editor is Vim.", [("Ana", "likes", "Vim", "assert")]),
        (
            "We switched our CI from Jenkins to GitHub Actions.",
            [("Ana", "uses", "GitHub Actions", "assert"), ("Ana", "uses", "Jenkins", "negate")],
        ),
        (
            "We migrated the backend from Django to FastAPI.",
            [("Ana", "uses", "FastAPI", "assert"), ("Ana", "uses", "Django", "negate")],
        ),
    ],
)
def test_tools_named_as_ones_own(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work in Pacific time.", [("Ana", "timezone", "Pacific time", "assert")]),
        ("I work on Eastern time.", [("Ana", "timezone", "Eastern time", "assert")]),
        # Not a zone: a field and a city (no timezone read from them).
        ("I work in marketing.", []),
        ("I work in Berlin.", []),
    ],
)
def test_the_hours_one_works_in(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm reading a book about Roman history.",
            [("Ana", "activity", "reading a book about Roman history", "assert")],
        ),
        (
            "I'm watching a documentary on whales tonight.",
            [("Ana", "activity", "watching a documentary on whales", "assert")],
        ),
        # About nothing named: the work alone, as before.
        (
            "I'm reading a great book about it.",
            [("Ana", "activity", "reading great book", "assert")],
        ),
        ("I'm reading Dune right now.", [("Ana", "activity", "reading Dune", "assert")]),
    ],
)
def test_what_a_work_is_about_is_kept(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
