"""What an engineer tells a coding assistant about their stack: the languages they write,
where they deploy, tools switched back to, and style rules scoped to examples ("Use 4 spaces
in Python examples")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas, extracted, say_daily

SAID = datetime(2024, 1, 9, 12, tzinfo=UTC)


def rows(text: str) -> list[tuple[str, str, str]]:
    return extracted(text, "Kai")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I mostly write Go and some Python.",
            [("uses", "Go", "assert"), ("uses", "Python", "assert")],
        ),
        ("I code in Rust.", [("uses", "Rust", "assert")]),
        ("We program in Elixir.", [("uses", "Elixir", "assert")]),
        # A language by its name only: lowercase words are words.
        ("I write every day.", []),
        ("I love to go and code.", []),
    ],
)
def test_the_languages_one_writes(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We deploy on Kubernetes.", [("uses", "Kubernetes", "assert")]),
        ("Our app is hosted on Vercel.", [("uses", "Vercel", "assert")]),
        ("We run everything on AWS.", [("uses", "AWS", "assert")]),
        # A verb after "and" ends a list of tools, rather than being one.
        (
            "We use Postgres 15 and deploy on Kubernetes.",
            [("uses", "Postgres 15", "assert"), ("uses", "Kubernetes", "assert")],
        ),
        # Not a platform: a place, a day, a person.
        ("We deploy on Fridays.", []),
        ("I run on the beach.", []),
    ],
)
def test_where_one_deploys(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Our backend is written in Go.", [("uses", "Go", "assert")]),
        ("Our API is implemented in Rust.", [("uses", "Rust", "assert")]),
        (
            "Our app is built with React and Django.",
            [("uses", "React", "assert"), ("uses", "Django", "assert")],
        ),
        # Not a language or software by its name; not the speaker's ("The app").
        ("The letter was written in pencil.", []),
        ("Our house was built with love.", []),
        ("The app is built with React.", []),
    ],
)
def test_what_ones_code_is_written_in(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I switched back to Vim.", [("uses", "Vim", "assert")]),
        ("We moved back to GitHub Actions.", [("uses", "GitHub Actions", "assert")]),
        ("We went back to Jira.", [("uses", "Jira", "assert")]),
        ("We moved to Jira.", [("uses", "Jira", "assert")]),
        # A city is still a home.
        ("We moved back to Denver.", [("location", "Denver", "assert")]),
        ("I switched to a standing desk.", [("uses", "standing desk", "assert")]),
        # A team, a shift, a way of working or a drink is no tool.
        ("I switched to the payments team.", [("team", "payments team", "assert")]),
        ("We switched to the night shift.", []),
        ("I switched to part-time in March.", []),
        ("I switched to decaf.", []),
    ],
)
def test_a_tool_switched_back_to(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Use 4 spaces in Python examples.", "use 4 spaces in Python examples"),
        ("Use type hints in code examples.", "use type hints in code examples"),
        (
            "Don't use semicolons in JavaScript examples.",
            "never use semicolons in JavaScript examples",
        ),
        ("I don't like tabs, use 4 spaces in Python examples.", "use 4 spaces in Python examples"),
        # A request for this turn.
        ("Give examples of photosynthesis.", None),
        ("Use a loop in the example.", None),
        ("Use the examples in the docs.", None),
    ],
)
def test_a_rule_for_examples_stands(text: str, value: str | None) -> None:
    held = [v for a, v, p in rows(text) if a == "instruction" and p == "assert"]
    assert held == ([] if value is None else [value])


async def test_a_coding_assistant_remembers_the_stack() -> None:
    async with MemoryRuntime.memory(namespace="eng") as rt:
        for day, text in enumerate(
            [
                "I mostly write Go and some Python.",
                "We use Postgres 15 and deploy on Kubernetes.",
                "Use 4 spaces in Python examples.",
            ],
            start=1,
        ):
            await rt.observe_and_route(
                {
                    "content": text,
                    "actor": "Kai",
                    "source": "user",
                    "occurred_at": SAID.replace(day=day),
                }
            )
        uses = await rt.belief("Kai", "uses")
        assert uses is not None
        assert set(uses.held) == {"Go", "Python", "Postgres 15", "Kubernetes"}
        prompt = (await rt.query("Where do we deploy?", actor="Kai")).to_prompt()
        assert "Kubernetes" in prompt
        # The standing rule joins every read of the one who gave it.
        prompt = (await rt.query("Write a function that parses a date.", actor="Kai")).to_prompt()
        assert "use 4 spaces in Python examples" in prompt


async def _told(rt: MemoryRuntime, *texts: str) -> list[list[tuple[str, str, str]]]:
    return [deltas(r) for r in await say_daily(rt, *texts, actor="Kai", start=SAID)]


async def test_a_switch_back_ends_what_replaced_the_tool() -> None:
    async with MemoryRuntime.memory(namespace="eng") as rt:
        said = await _told(
            rt,
            "We use Postgres.",
            "Our team switched from GitHub Actions to Buildkite.",
            "Actually we moved back to GitHub Actions, it was cheaper.",
            "I switched back to Vim.",  # never switched away from: nothing to end
        )
        assert said[2] == [("uses", "GitHub Actions", "assert"), ("uses", "Buildkite", "negate")]
        assert said[3] == [("uses", "Vim", "assert")]
        uses = await rt.belief("Kai", "uses")
        assert uses is not None
        assert set(uses.held) == {"Postgres", "GitHub Actions", "Vim"}
        view = (await rt.worldview("historical")).render()
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == view


async def test_a_switch_back_ends_only_what_memory_still_holds() -> None:
    async with MemoryRuntime.memory(namespace="eng") as rt:
        said = await _told(
            rt,
            "I switched from Vim to Emacs.",
            "I no longer use Emacs.",
            "I switched back to Vim.",
        )
        assert said[2] == [("uses", "Vim", "assert")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My team uses Jira for tracking.", [("uses", "Jira", "assert")]),
        ("Does my team use Jira?", []),
        # An office by its city is where one is; an organisation's office names the employer.
        ("I'm based in our London office.", [("location", "London", "assert")]),
        ("I work out of the Berlin office.", [("location", "Berlin", "assert")]),
        ("I work at the London office.", [("location", "London", "assert")]),
        (
            "I work at Google's London office.",
            [("location", "London", "assert"), ("employer", "Google", "assert")],
        ),
        ("I work at Google.", [("employer", "Google", "assert")]),
    ],
)
def test_my_team_and_an_office_by_its_city(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected
