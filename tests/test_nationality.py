"""Someone's nationality by its demonym (policies/rules_nationality.py): "I'm Canadian",
"I'm a German citizen", dual ones side by side; a card or a language is none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


def rows(text: str) -> list[tuple[str, str, str, str]]:
    return extracted_claims(text, "Sam")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm Canadian.", [("Sam", "nationality", "Canadian", "assert")]),
        ("I'm a German citizen.", [("Sam", "nationality", "German", "assert")]),
        ("Ana is half Italian.", [("Ana", "nationality", "Italian", "assert")]),
        ("I'm French-Canadian.", [("Sam", "nationality", "French-Canadian", "assert")]),
        ("I'm South African.", [("Sam", "nationality", "South African", "assert")]),
        (
            "I'm Canadian and American.",
            [
                ("Sam", "nationality", "Canadian", "assert"),
                ("Sam", "nationality", "American", "assert"),
            ],
        ),
        ("I'm not American.", [("Sam", "nationality", "American", "negate")]),
        # A card, a language, a job, lowercase.
        ("I'm an American Express customer.", []),
        ("I speak French.", [("Sam", "speaks", "French", "assert")]),
        ("I'm English teacher.", []),
        ("i'm canadian", []),
    ],
)
def test_a_nationality_by_its_demonym(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


async def test_a_read_about_citizenship_finds_the_nationalities() -> None:
    async with MemoryRuntime.memory(namespace="nat") as rt:
        for day, text in enumerate(["I'm Canadian.", "I'm also Irish through my mother."], 1):
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": SAID.replace(day=day)}
            )
        belief = await rt.belief("Sam", "nationality")
        assert belief is not None and set(belief.held) == {"Canadian", "Irish"}
        prompt = (await rt.query("What is my nationality?", actor="Sam")).to_prompt()
        assert "Sam.nationality:" in prompt
        assert "Canadian" in prompt and "Irish" in prompt
