"""An agent acknowledging what it was told adds no evidence of it (policies/agent_echoes.py):
"Noted that Sam works at Initech" is no second source beside the tool that said it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.agent_echoes import agent_echo
from nousmem.runtime import MemoryRuntime

T0 = datetime(2026, 2, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "Noted that Sam works at Initech.",
        "Got it, you're vegetarian.",
        "Okay, noted: Sam lives in Lyon.",
        "I'll remember that your sister lives in Rome.",
        "I've saved that you work at Acme.",
        "Understood. Sam's manager is Priya.",
        "Thanks! I\u2019ll keep in mind that you prefer tea.",
    ],
)
def test_an_agents_acknowledgement_is_an_echo(text: str) -> None:
    assert agent_echo("agent", text)
    assert agent_echo("assistant:planner", text)


@pytest.mark.parametrize(
    ("source", "text"),
    [
        # The same words from the user or a tool are theirs.
        ("user", "Noted that Sam works at Initech."),
        ("tool:crm", "Noted that Sam works at Initech."),
        # An agent's own report.
        ("agent", "Sam works at Initech."),
        ("agent", "The deploy failed at 3pm."),
        ("agent", "I noticed that Sam works at Initech."),
    ],
)
def test_what_is_no_echo(source: str, text: str) -> None:
    assert not agent_echo(source, text)


async def test_an_echo_adds_no_support() -> None:
    async def employer(*said: tuple[str, str, str]) -> tuple[tuple[str, float], ...]:
        async with MemoryRuntime.memory(namespace="echo") as rt:
            for i, (actor, source, text) in enumerate(said):
                await rt.observe_and_route(
                    {
                        "content": text,
                        "actor": actor,
                        "source": source,
                        "occurred_at": T0 + timedelta(days=i),
                    }
                )
            snap = await rt.belief("Sam", "employer")
            assert snap is not None
            return tuple((v, round(p, 9)) for v, p in snap.distribution)

    told = [("Sam", "user", "I work at Acme."), ("crm", "tool:crm", "Sam works at Initech.")]
    echoed = await employer(*told, ("bot", "agent", "Noted that Sam works at Initech."))
    assert echoed == await employer(*told)
    # An agent's own report is evidence, as before.
    reported = await employer(*told, ("bot", "agent", "Sam works at Initech."))
    assert reported != echoed
