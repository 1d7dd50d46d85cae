"""A switch to an employer memory knows (policies/switched_employers.py): "Yes, I switched to
Globex last week" after a record that Sam works at Globex is a change of job, not a tool."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


async def _said(rt: MemoryRuntime, said: list[tuple[str, str, str]]) -> None:
    for i, (actor, source, text) in enumerate(said):
        await rt.observe_and_route(
            {
                "content": text,
                "actor": actor,
                "source": source,
                "occurred_at": T0 + i * timedelta(days=2),
            }
        )


async def _held(rt: MemoryRuntime, attribute: str) -> tuple[str, ...]:
    b = await rt.belief("Sam", attribute)
    return () if b is None else tuple(b.held)


async def test_a_switch_to_a_known_employer_is_a_change_of_job() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(
            rt,
            [
                ("Sam", "user", "I work at Acme."),
                ("hr", "tool:hr", "Sam works at Globex."),
                ("Sam", "user", "Yes, I switched to Globex last week."),
            ],
        )
        b = await rt.belief("Sam", "employer")
        assert b is not None and b.mode == "Globex"
        assert "Globex" not in await _held(rt, "uses")
        live = (await rt.worldview("historical")).render()
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == live


async def test_a_switch_to_a_tool_or_an_unknown_name_stays_a_tool() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _said(
            rt,
            [
                ("Sam", "user", "I work at Acme."),
                # A tool by name, even one the speaker was said to work at.
                ("hr", "tool:hr", "Sam works at Linear."),
                ("Sam", "user", "We switched to Linear last week."),
                ("Sam", "user", "We switched to Acme Board."),
            ],
        )
        assert set(await _held(rt, "uses")) >= {"Linear", "Acme Board"}
