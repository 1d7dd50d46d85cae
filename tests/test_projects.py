"""The projects someone works on, by name (policies/rules_projects.py): "I'm working on a
project called Atlas" is the project ``Atlas``, not an activity "project called Atlas"; a
project with no name is none; and "What am I working on?" reaches it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims
from tests.helpers import say_daily

T0 = datetime(2025, 3, 3, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm working on a project called Atlas.", [("Dana", "project", "Atlas", "assert")]),
        ("I'm building a side project named Pebble.", [("Dana", "project", "Pebble", "assert")]),
        ("My project is called Atlas.", [("Dana", "project", "Atlas", "assert")]),
        ("My side project's name is Pebble.", [("Dana", "project", "Pebble", "assert")]),
        ("Our project Atlas launches next week.", [("Dana", "project", "Atlas", "assert")]),
        (
            "I'm no longer working on a project called Atlas.",
            [("Dana", "project", "Atlas", "negate")],
        ),
        # No name, a supposition, a name alone.
        ("I'm working on a new project.", [("Dana", "activity", "new project", "assert")]),
        ("If my project is called Atlas, fine.", []),
        ("I'm working on Atlas.", [("Dana", "activity", "Atlas", "assert")]),
    ],
)
def test_a_project_by_its_name(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert claims(text) == expected


async def test_what_am_i_working_on_reaches_the_projects() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "I live in Oslo.",
            "I'm working on a project called Atlas.",
            "I love jazz.",
            "I'm building a side project named Pebble.",
            actor="Lee",
            start=T0,
        )
        for question in ("What am I working on?", "What projects do I have?"):
            ctx = await rt.query(question, actor="Lee")
            lines = ctx.prompt_sections["worldview"].splitlines()
            assert lines[0].startswith("- fact Lee.project: "), (question, lines)
            assert "Atlas" in lines[0] and "Pebble" in lines[0]
