"""Occupations said of a name with "our" / "my" ("Our designer is Raj", "Priya is our new
designer"; policies/rules_roles.py), and who holds one asked ("Who is our designer?")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import FixedClock, MemoryRuntime

REF = datetime(2024, 4, 12, 12, tzinfo=UTC)


def triples(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Dana", occurred_at=REF)
    return [(c.entity, c.attribute, c.value, c.polarity) for c in RuleExtractor().extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Raj is our designer.", [("Raj", "role", "designer", "assert")]),
        ("Priya is our new designer.", [("Priya", "role", "designer", "assert")]),
        ("Ana is our nurse.", [("Ana", "role", "nurse", "assert")]),
        ("Our designer is Raj.", [("Raj", "role", "designer", "assert")]),
        (
            "Our designer is Raj and our backend lead is Mei.",
            [("Raj", "role", "designer", "assert"), ("Mei", "role", "backend lead", "assert")],
        ),
        ("Mei is a backend lead.", [("Mei", "role", "backend lead", "assert")]),
    ],
)
def test_an_occupation_held_for_us_is_the_names(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert triples(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm my own boss.",  # no occupation of anyone's
        "My doctor is great.",  # no name
        "He is our designer.",  # no name
        "Tom is our designer friend.",  # a friend
        "Jen is my teacher's friend.",
        "Is Raj our designer?",  # a question
        "If our designer is Raj, I'll quit.",  # a supposition
        "Ana is my nurse.",  # "my": the care relations' (rules_care.py), not a role
    ],
)
def test_no_occupation_where_none_is_said_of_a_name(text: str) -> None:
    assert [t for t in triples(text) if t[1] == "role"] == []


async def test_who_holds_a_role_for_us_is_answered_by_its_holders() -> None:
    rt = await MemoryRuntime.memory(clock=FixedClock(REF))
    for day, text in (
        ("2024-04-02", "Our designer is Raj and our backend lead is Mei."),
        ("2024-04-03", "My sister Ana works at Acme."),
        ("2024-04-04", "Raj works at Acme too."),
    ):
        await rt.observe_and_route(
            {"content": text, "actor": "Dana", "occurred_at": f"{day}T12:00:00+00:00"}
        )
    ctx = await rt.query("Who is our designer?", actor="Dana")
    assert "- fact Raj.role: designer (since 2 April 2024)" in ctx.prompt_sections["worldview"]
    # "Who does my sister ...?" asks about the sister, not who holds a value: Raj, who
    # works at Acme too, is not read for it ("Who works at Acme?" reads him).
    ctx = await rt.query("Who does my sister work with at Acme?", actor="Dana")
    assert "Raj" not in ctx.prompt_sections["worldview"]
    ctx = await rt.query("Who works at Acme?", actor="Dana")
    assert "- fact Raj.employer: Acme" in ctx.prompt_sections["worldview"]
    await rt.close()
