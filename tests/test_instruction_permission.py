"""Leave to do what was forbidden ("You can use emojis again", "Feel free to book Ryanair
again") withdraws the "never" instruction in the same words, and is no instruction itself
(policies/instructions.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims

T0 = datetime(2025, 3, 17, 9, tzinfo=UTC)


def instructions(text: str) -> list[tuple[str, str]]:
    return [(v, pol) for _, a, v, pol in extracted_claims(text) if a == "instruction"]


@pytest.mark.parametrize(
    ("text", "withdrawn"),
    [
        ("You can use emojis again.", "never use emojis"),
        ("Ok, you can use emojis again, I miss them.", "never use emojis"),
        ("Feel free to book Ryanair again.", "never book Ryanair"),
        ("It's fine to book Ryanair now.", "never book Ryanair"),
        ("You can answer in French again.", "never answer in French"),
    ],
)
def test_leave_withdraws_the_never_in_the_same_words(text: str, withdrawn: str) -> None:
    assert instructions(text) == [(withdrawn, "negate")]


@pytest.mark.parametrize(
    "text",
    [
        "You can use emojis here.",  # this turn only
        "You can go home now.",  # nothing an instruction would say
        "Can you use emojis again?",  # a question
    ],
)
def test_what_only_looks_like_leave_withdraws_nothing(text: str) -> None:
    assert instructions(text) == []


async def _say(rt: MemoryRuntime, *turns: str) -> list[str]:
    routes = []
    for i, text in enumerate(turns):
        r = await rt.observe_and_route(
            {
                "content": text,
                "actor": "Dana",
                "source": "user",
                "occurred_at": T0 + timedelta(hours=i),
            }
        )
        routes.append(r.route)
    return routes


async def test_leave_ends_the_instruction_and_history_keeps_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _say(rt, "Never use emojis.", "Never book Ryanair.", "You can use emojis again.")
        logical = (await rt.worldview(lens="logical")).render()
        assert "never use emojis" not in logical and "never book Ryanair" in logical
        # Leave is no instruction to use them.
        assert "instruction: use emojis" not in logical
        history = (await rt.worldview(lens="historical")).render()
        assert "never use emojis (17 March 2025 - 17 March 2025) [negated]" in history


async def test_leave_for_what_was_never_forbidden_writes_nothing() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        assert await _say(rt, "Feel free to use bullet points.") == ["ledger_only"]
        assert await rt.belief("Dana", "instruction") is None
