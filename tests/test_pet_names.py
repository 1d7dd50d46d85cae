"""A pet named in the next sentence (policies/pet_names.py): "We just got a puppy! His name
is Biscuit" is a puppy called Biscuit; a name that is no name, another animal, or a
sentence that does not follow at once leave the pet as it was said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()
SAID = datetime(2024, 5, 8, 12, tzinfo=UTC)


def pets(text: str) -> list[str]:
    obs = Observation(content=text, actor="Ana", occurred_at=SAID)
    return [c.value for c in EX.extract_sync(obs) if c.attribute == "pet"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We just got a puppy! His name is Biscuit.", ["puppy Biscuit"]),
        # The name first: one pet, named (not a second, unnamed rabbit).
        ("Mochi is my rabbit.", ["rabbit Mochi"]),
        ("Rex is our new puppy.", ["puppy Rex"]),
        ("Luna's my cat.", ["cat Luna"]),
        ("Ana is my cat sitter.", []),
        ("Luna is my cat's name.", ["cat"]),
        ("I adopted a cat last week. We named her Luna.", ["cat Luna"]),
        ("We got a dog. Her name is Daisy Mae.", ["dog Daisy Mae"]),
        ("I got a hamster. Its name is Nibbles 🐹", ["hamster Nibbles"]),
        ("We got a puppy named Rex. His name is Rex.", ["puppy Rex"]),
        # ... or in the next clause of its sentence.
        ("I just adopted a rescue cat, her name is Mochi.", ["cat Mochi"]),
        ("I adopted a dog and we named him Rex.", ["dog Rex"]),
        ("I got a dog, she got a cat, her name is Luna.", ["dog"]),
        # Not a name, not the pet's, or not clear whose.
        ("I have a dog. His name is very long.", ["dog"]),
        ("We got a cat. Her name is Mr. Whiskers.", ["cat"]),
        ("I have a dog. My name is Sam.", ["dog"]),
        ("I got a dog and my sister got a cat. Her name is Luna.", ["dog"]),
        ("I have a dog. I love hiking. His name is Rex.", ["dog"]),
    ],
)
def test_a_name_in_the_next_sentence(text: str, expected: list[str]) -> None:
    assert pets(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We adopted a golden retriever named Biscuit.", ["golden retriever Biscuit"]),
        ("I have a Yorkshire terrier called Pip.", ["yorkshire terrier Pip"]),
        ("I have a beagle.", ["beagle"]),
        ("We got a German Shepherd puppy last week.", ["german shepherd"]),
        ("I got a corgi! His name is Waffles.", ["corgi Waffles"]),
        # Breed words meant otherwise.
        ("He has a husky voice.", []),
        ("I have a lab report due.", []),
        ("I bought a boxer bag.", []),
    ],
)
def test_a_pet_had_by_its_breed(text: str, expected: list[str]) -> None:
    assert pets(text) == expected


async def test_the_named_pet_is_what_memory_holds() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        res = await rt.observe_and_route(
            {"content": "We just got a puppy! His name is Biscuit.", "actor": "Ana"}
        )
        (claim,) = [c for c in res.assessment.claims if c.claim.attribute == "pet"]
        content = "We just got a puppy! His name is Biscuit."
        assert content[slice(*claim.claim.span)].endswith("Biscuit")
        belief = await rt.belief("Ana", "pet")
        assert [v for v, p in belief.distribution if p > 0.5] == ["puppy Biscuit"]
