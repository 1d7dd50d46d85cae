"""A tool switched to takes the place of the one held for the same job
(policies/replaced_tools.py, policies/tool_kinds.py), switches said to come are plans, and
the rules around them: "We switched to Linear" after "We use Jira", "We switched our CI to
GitHub Actions", "We're switching to Linear next month"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.tool_kinds import KINDS, same_tool, tool_kind
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas, deltas_after, extracted, held, say_at

SET = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)
LATER = datetime(2024, 7, 3, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("first", "text", "said", "now"),
    [
        (
            "We use Jira for tickets.",
            "We switched to Linear.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
            ("Linear",),
        ),
        (
            # Only the tool for that job: the wiki stays.
            "We use Jira and Confluence.",
            "We switched to Linear last month.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
            ("Confluence", "Linear"),
        ),
        (
            # "now" alone, or a switch for one thing, is a switch.
            "We use Jira.",
            "We now use Linear.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
            ("Linear",),
        ),
        (
            "We use Jira.",
            "We switched to Linear for tickets.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
            ("Linear",),
        ),
        (
            "We use Jenkins and Postgres.",
            "We switched our CI to GitHub Actions.",
            [("uses", "GitHub Actions", "assert"), ("uses", "Jenkins", "negate")],
            ("GitHub Actions", "Postgres"),
        ),
        (
            "I use Vim.",
            "I switched my editor to Neovim.",
            [("uses", "Neovim", "assert"), ("uses", "Vim", "negate")],
            ("Neovim",),
        ),
        (
            "I use Evernote.",
            "I moved my notes to Obsidian last week.",
            [("uses", "Obsidian", "assert"), ("uses", "Evernote", "negate")],
            ("Obsidian",),
        ),
        (
            "We're on Postgres 14.",
            "We migrated to PostgreSQL 16.",
            [("uses", "PostgreSQL 16", "assert"), ("uses", "Postgres 14", "negate")],
            ("PostgreSQL 16",),
        ),
        (
            # Replaced, swapped, in so many words: the other tracker stays.
            "We use Jira and Trello.",
            "We replaced Jira with Linear.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
            ("Linear", "Trello"),
        ),
        (
            "I use Vim.",
            "I swapped out Vim for Neovim.",
            [("uses", "Neovim", "assert"), ("uses", "Vim", "negate")],
            ("Neovim",),
        ),
        (
            # "from": the claims name what it replaces; the other tracker stays.
            "We use Jira and Trello.",
            "We switched from Jira to Linear.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
            ("Linear", "Trello"),
        ),
    ],
)
async def test_a_tool_switched_to_replaces_the_one_held_for_its_job(
    first: str, text: str, said: list[tuple[str, str, str]], now: tuple[str, ...]
) -> None:
    async with MemoryRuntime.memory(namespace="tools") as rt:
        assert await deltas_after(rt, first, text, "uses", (SET, SAID)) == said
        assert sorted(await held(rt, "Sam", "uses")) == sorted(now)
        # What the reading wrote is journaled: a rebuild folds the same beliefs.
        await rt.rebuild()
        assert sorted(await held(rt, "Sam", "uses")) == sorted(now)


@pytest.mark.parametrize(
    ("first", "text", "now"),
    [
        # Kept beside it.
        ("I use Vim.", "I now use Neovim too.", ("Neovim", "Vim")),
        ("We use Jira.", "We also use Linear now.", ("Jira", "Linear")),
        ("I use Vim.", "I switched to Neovim for some projects.", ("Neovim", "Vim")),
        # "now" with a use for one thing and no verb of switching.
        ("We use Jira for bugs.", "We now use Linear for roadmaps.", ("Jira", "Linear")),
        # Started, not switched: no change said.
        ("We use Jira.", "We started using Linear.", ("Jira", "Linear")),
        # A tool of another job, or one of unknown job.
        ("We use Jira.", "We switched to GitHub Actions.", ("GitHub Actions", "Jira")),
        ("We use Jenkins.", "We switched to Woodpecker.", ("Jenkins", "Woodpecker")),
        # The same tool by another name, with no version to replace.
        ("We use Postgres.", "We migrated to PostgreSQL.", ("Postgres", "PostgreSQL")),
    ],
)
async def test_tools_kept_beside_a_new_one(first: str, text: str, now: tuple[str, ...]) -> None:
    async with MemoryRuntime.memory(namespace="tools") as rt:
        got = await deltas_after(rt, first, text, "uses", (SET, SAID))
        assert [d for d in got if d[2] == "negate"] == []
        assert sorted(await held(rt, "Sam", "uses")) == sorted(now)


async def test_a_switch_to_come_is_a_plan_and_ends_when_it_happens() -> None:
    async with MemoryRuntime.memory(namespace="tools") as rt:
        await say_at(rt, "We use Jira.", SET, actor="Sam")
        res = await say_at(rt, "We're switching to Linear next month.", SAID, actor="Sam")
        assert deltas(res) == [("goal", "switch to Linear", "assert")]
        # Dated next month, as the plan's read shows it.
        assert "switch to Linear (June 2024)" in (await rt.worldview("logical")).render()
        assert await held(rt, "Sam", "uses") == ("Jira",)  # not switched yet
        done = await say_at(rt, "We switched to Linear last week.", LATER, actor="Sam")
        assert deltas(done) == [
            ("uses", "Linear", "assert"),
            ("goal", "switch to Linear", "negate"),
            ("uses", "Jira", "negate"),
        ]
        assert await held(rt, "Sam", "uses") == ("Linear",)
        assert await held(rt, "Sam", "goal") == ()


async def test_a_switch_called_off_ends_the_plan_and_keeps_the_tool() -> None:
    async with MemoryRuntime.memory(namespace="tools") as rt:
        await say_at(rt, "We use Jira.", SET, actor="Sam")
        await say_at(rt, "We will switch to Linear in Q3.", SAID, actor="Sam")
        assert await held(rt, "Sam", "goal") == ("switch to Linear",)
        off = await say_at(rt, "We're not switching to Linear anymore.", LATER, actor="Sam")
        assert deltas(off) == [("goal", "switch to Linear", "negate")]
        assert await held(rt, "Sam", "uses") == ("Jira",)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("We switched our CI to GitHub Actions.", [("uses", "GitHub Actions", "assert")]),
        ("I switched my editor to Neovim.", [("uses", "Neovim", "assert")]),
        ("We moved the docs to Notion.", [("uses", "Notion", "assert")]),
        ("We started using Linear.", [("uses", "Linear", "assert")]),
        ("I'll use Vim for this tomorrow.", [("goal", "use Vim", "assert")]),
        (
            "We're migrating to GitHub Actions next week.",
            [("goal", "switch to GitHub Actions", "assert")],
        ),
        ("We're moving to Linear next quarter.", [("goal", "switch to Linear", "assert")]),
        ("We're going to move to Linear.", [("goal", "switch to Linear", "assert")]),
        (
            "We're going to use Postgres for the new service.",
            [("goal", "use Postgres", "assert")],
        ),
        ("We're going to love it.", []),
        # Lists of tools with versions; a runtime by its name.
        (
            "I use Vim, Python 3.12 and Postgres.",
            [
                ("uses", "Vim", "assert"),
                ("uses", "Python 3.12", "assert"),
                ("uses", "Postgres", "assert"),
            ],
        ),
        (
            "We're on Node 18 and React 18.2.",
            [("uses", "Node 18", "assert"), ("uses", "React 18.2", "assert")],
        ),
        ("We're on Java 17.", [("uses", "Java 17", "assert")]),
        # A software name's point; what the speaker's tests, CI or site use.
        ("I use Next.js.", [("uses", "Next.js", "assert")]),
        ("Our tests use pytest.", [("uses", "pytest", "assert")]),
        ("Our CI uses GitHub Actions.", [("uses", "GitHub Actions", "assert")]),
        ("Do our tests use pytest?", []),
        ("I'm on Java for a week.", []),
        # A job, then no tool by its name; and no job.
        ("I switched my phone to airplane mode.", []),
        ("We switched our meetings to Tuesdays.", []),
        # Used until it ended: no tool held now.
        # An end in the past: no longer used from then (policies/ended_states.py).
        ("I was using Jira until last year.", [("uses", "Jira", "negate")]),
    ],
)
def test_tool_switch_rules(text: str, want: list[tuple[str, str, str]]) -> None:
    assert extracted(text) == want


def test_tool_kinds() -> None:
    assert tool_kind("Jira") == tool_kind("linear") == "issue tracker"
    assert tool_kind("Postgres 15") == tool_kind("PostgreSQL") == "database"
    assert tool_kind("VS Code") == tool_kind("Visual Studio Code") == "editor"
    assert tool_kind("Woodpecker") is None
    assert tool_kind("Node.js 20") == tool_kind("Deno") == "javascript runtime"
    assert same_tool("Postgres", "PostgreSQL 16")
    assert not same_tool("Postgres", "MySQL")
    assert same_tool("Woodpecker", "woodpecker")
    # Each tool is of one kind only: a name in two kinds would replace across jobs.
    names = [name for tools in KINDS.values() for name in tools]
    assert len(names) == len(set(names))
