"""Tools dropped and versions replaced (policies/dropped_tools.py, policies/versions.py),
and the tool rules around them: "We got rid of Jenkins", "We upgraded to Python 3.12",
"We're on Postgres 15", "We no longer use MongoDB"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.dropped_tools import dropped_tools
from nousmem.policies.versions import replaced_versions
from nousmem.projections.models import Claim
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, extracted, held

SET = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


async def _uses_then(rt: MemoryRuntime, first: str, text: str) -> list[tuple[str, str, str]]:
    return await deltas_after(rt, first, text, "uses", (SET, SAID))


@pytest.mark.parametrize(
    ("first", "text", "said", "now"),
    [
        (
            "We use Jenkins for CI.",
            "We got rid of Jenkins.",
            [("uses", "Jenkins", "negate")],
            (),
        ),
        ("We host on Heroku.", "We migrated off Heroku last quarter.", None, ()),
        ("I use Instagram a lot.", "I deleted Instagram last week.", None, ()),
        ("I use VS Code.", "I uninstalled VS Code.", None, ()),
        (
            "We use Slack.",
            "We ditched Slack for Teams.",
            [("uses", "Slack", "negate"), ("uses", "Teams", "assert")],
            ("Teams",),
        ),
        (
            "Our team uses Jenkins.",
            "Our team finally got rid of our old Jenkins server in favor of GitHub Actions.",
            [("uses", "Jenkins", "negate"), ("uses", "GitHub Actions", "assert")],
            ("GitHub Actions",),
        ),
        (
            "We use Python 3.8.",
            "We upgraded to Python 3.12.",
            [("uses", "Python 3.12", "assert"), ("uses", "Python 3.8", "negate")],
            ("Python 3.12",),
        ),
        (
            "We use Python and Postgres 12.",
            "We're on Postgres 15 now.",
            [("uses", "Postgres 15", "assert"), ("uses", "Postgres 12", "negate")],
            ("Postgres 15", "Python"),
        ),
    ],
)
async def test_a_tool_dropped_or_a_version_replaced(
    first: str,
    text: str,
    said: list[tuple[str, str, str]] | None,
    now: tuple[str, ...],
) -> None:
    async with MemoryRuntime.memory(namespace="tools") as rt:
        got = await _uses_then(rt, first, text)
        if said is not None:
            assert got == said
        else:
            assert [d[2] for d in got] == ["negate"]
        assert await held(rt, "Sam", "uses") == now


@pytest.mark.parametrize(
    "text",
    [
        "We dropped Jira for a week.",
        "We never dropped Jira.",
        "We're phasing out Jira.",  # still in use
        "My friend deleted Jira.",
        "If we dropped Jira, what would we use?",
        "We dropped the Jira integration tests.",  # not the tool
    ],
)
async def test_what_drops_no_tool(text: str) -> None:
    async with MemoryRuntime.memory(namespace="tools") as rt:
        got = await _uses_then(rt, "We use Jira.", text)
        assert [d for d in got if d[2] == "negate"] == []
        assert await held(rt, "Sam", "uses") == ("Jira",)


def test_the_reading_needs_a_held_tool_and_a_speaker() -> None:
    def jira(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("Jira",) if attribute == "uses" else ()

    (claim,) = dropped_tools([], "We dropped Jira.", "Sam", SAID, jira)
    assert (claim.value, claim.polarity, claim.change) == ("Jira", "negate", True)
    assert dropped_tools([claim], "We dropped Jira.", "Sam", SAID, jira) == []
    assert dropped_tools([], "We dropped Jira.", None, SAID, jira) == []
    assert dropped_tools([], "We dropped Trello.", "Sam", SAID, jira) == []


def test_versions_of_another_name_or_none_stay() -> None:
    def held_tools(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("Python", "Visual Studio 2022", "Python 3.12")

    def asserted(value: str) -> Claim:
        return Claim(entity="Sam", attribute="uses", value=value, extractor="rule")

    assert replaced_versions([asserted("Python 3.12")], SAID, held_tools) == []
    assert replaced_versions([asserted("Visual Studio Code")], SAID, held_tools) == []
    (old,) = replaced_versions([asserted("Python 3.13")], SAID, held_tools)
    assert (old.value, old.polarity) == ("Python 3.12", "negate")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We no longer use MongoDB.", [("uses", "MongoDB", "negate")]),
        ("We stopped using MongoDB.", [("uses", "MongoDB", "negate")]),
        ("We still use MongoDB.", [("uses", "MongoDB", "assert")]),
        ("I use Python 3.8.", [("uses", "Python 3.8", "assert")]),
        ("We're on Python 3.11.", [("uses", "Python 3.11", "assert")]),
        ("I'm still on Windows 10.", [("uses", "Windows 10", "assert")]),
        ("We're not on Kubernetes.", [("uses", "Kubernetes", "negate")]),
        ("I updated to macOS 14.", [("uses", "macOS 14", "assert")]),
        # No tool: time away (policies/rules_away.py).
        ("I'm on vacation.", [("activity", "vacation", "assert")]),
    ],
)
def test_tools_in_use(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert extracted(text, actor="Sam") == expected
