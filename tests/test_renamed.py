"""A name corrected in a message of its own ("I have a dog named Rex", then "Actually, his name
is Max") fixes the name the speaker's message before gave (runtime/renamed.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import held_after

T0 = datetime(2024, 3, 1, 12, tzinfo=UTC)


async def _held(rt: MemoryRuntime, said: list[tuple[str, str]], attribute: str) -> set[str]:
    return await held_after(rt, said, attribute, start=T0, step=timedelta(minutes=1))


@pytest.mark.parametrize(
    ("first", "fix", "attribute", "expected"),
    [
        ("I have a dog named Rex.", "Actually, his name is Max.", "pet", {"dog Max"}),
        ("My daughter is called Maya.", "Oops, her name is Mia.", "child", {"Mia"}),
        ("My cat is called Luna.", "Sorry, she's called Lulu!", "pet", {"cat Lulu"}),
        ("My brother Tom lives in Oslo.", "My mistake: his name is Thomas.", "sibling", {"Thomas"}),
    ],
)
async def test_a_name_fixed_right_after_replaces_it(
    rt: MemoryRuntime, first: str, fix: str, attribute: str, expected: set[str]
) -> None:
    assert await _held(rt, [("Sam", first), ("Sam", fix)], attribute) == expected


async def test_without_a_correction_lead_nothing_is_renamed(rt: MemoryRuntime) -> None:
    said = [("Sam", "I have a dog named Rex."), ("Sam", "His name is Max.")]
    assert await _held(rt, said, "pet") == {"dog Rex"}


async def test_of_two_names_the_pronoun_picks_the_one_of_its_gender(rt: MemoryRuntime) -> None:
    said = [
        ("Sam", "My sister Ana and my brother Tom came over."),
        ("Sam", "Sorry, her name is Anna."),
    ]
    assert await _held(rt, said, "sibling") == {"Anna", "Tom"}


async def test_two_names_of_no_known_gender_leave_which_one_unsaid(rt: MemoryRuntime) -> None:
    said = [("Sam", "My friends Ana and Tom came over."), ("Sam", "Sorry, her name is Anna.")]
    assert await _held(rt, said, "friend") == {"Ana", "Tom"}


async def test_only_the_speakers_own_message_before_counts(rt: MemoryRuntime) -> None:
    said = [
        ("Sam", "I have a dog named Rex."),
        ("Sam", "I work at Acme."),
        ("Sam", "Actually, his name is Max."),
    ]
    assert await _held(rt, said, "pet") == {"dog Rex"}
    # Another speaker's message between does not count.
    said = [
        ("Sam", "I have a cat named Luna."),
        ("Ana", "Cute!"),
        ("Sam", "Oops, her name is Lulu."),
    ]
    assert await _held(rt, said, "pet") == {"dog Rex", "cat Lulu"}
