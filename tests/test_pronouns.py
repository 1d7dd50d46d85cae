"""Someone's pronouns (``pronouns``, single-valued): "My pronouns are they/them", "I use
she/her pronouns", "I go by he/him". A new set replaces the old one, and "I use she/her"
is no tool the user uses."""

from __future__ import annotations

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My pronouns are they/them.", [("Dana", "pronouns", "they/them", "assert")]),
        ("My preferred pronouns are she/her.", [("Dana", "pronouns", "she/her", "assert")]),
        ("I use she/her pronouns.", [("Dana", "pronouns", "she/her", "assert")]),
        ("I use she/her.", [("Dana", "pronouns", "she/her", "assert")]),
        ("I go by he/him.", [("Dana", "pronouns", "he/him", "assert")]),
        ("I prefer any pronouns.", [("Dana", "pronouns", "any pronouns", "assert")]),
        ("Ana's pronouns are she/they.", [("Ana", "pronouns", "she/they", "assert")]),
        ("My pronouns are he / him / his.", [("Dana", "pronouns", "he / him / his", "assert")]),
    ],
)
def test_pronouns_are_read(text: str, expected: list[tuple[str, ...]]) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "They use the gym.",
        "I use them/their phones.",  # no set of pronouns
        "I love that they came.",
        "I like it when they call.",
        "I go by Dana.",
    ],
)
def test_what_only_looks_like_pronouns_gives_none(text: str) -> None:
    assert [c for c in claims(text) if c[1] == "pronouns"] == []
    assert [c for c in claims(text) if "/" in c[2] or c[2].startswith(("they", "them"))] == []


async def test_new_pronouns_replace_the_old_and_a_question_finds_them(
    rt: MemoryRuntime,
) -> None:
    for when, text in (
        ("2026-01-01T10:00:00Z", "My pronouns are she/her."),
        ("2026-02-09T10:00:00Z", "I go by they/them now."),
    ):
        await rt.observe_and_route(
            {"content": text, "actor": "Dana", "source": "user", "occurred_at": when}
        )
    belief = await rt.belief("Dana", "pronouns")
    assert belief is not None and belief.held == ("they/them",)
    prompt = (await rt.query("What are my pronouns?", actor="Dana")).to_prompt()
    assert "pronouns: they/them" in prompt
