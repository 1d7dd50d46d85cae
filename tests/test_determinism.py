"""Invariants 4 and 6: the same journal gives the same beliefs, worldview and answer; no
read crosses a namespace wall."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from nousmem.runtime import FixedClock, MemoryRuntime

T0 = datetime(2024, 2, 1, 9, tzinfo=UTC)
SCRIPT = [
    ("I work at Initech as a tester.", 0),
    ("I love pottery and I play tennis.", 1),
    ("I just joined Globex.", 40),
    ("I visited Lisbon last week.", 41),
    ("Maybe I prefer tea these days.", 42),
]


async def _fill(rt: MemoryRuntime) -> None:
    for text, day in SCRIPT:
        await rt.observe_and_route(
            {"content": text, "actor": "Dana", "occurred_at": T0 + timedelta(days=day)}
        )
    await rt.observe_and_route(
        {
            "content": "Dana works at Hooli",
            "source": "anonymous",
            "occurred_at": T0 + timedelta(days=43),
        }
    )


async def _state(rt: MemoryRuntime) -> tuple[object, ...]:
    ctx = await rt.query("Where does Dana work and what does she like?", budget_tokens=400)
    return (
        [b.model_dump(exclude={"deltas"}) for b in await rt.beliefs("Dana")],
        (await rt.worldview("historical")).render(),
        ctx.to_prompt(),
        [(s.text, round(s.score, 12)) for s in ctx.snippets],
    )


async def test_same_observations_same_beliefs_worldview_and_answer(tmp_path: Path) -> None:
    results = []
    for backend in ("sqlite", "memory", "sqlite-again"):
        clock = FixedClock(T0, timedelta(seconds=1))
        if backend == "memory":
            opening = MemoryRuntime.memory(namespace="user/dana", clock=clock)
        else:
            opening = MemoryRuntime.open(
                tmp_path / f"{backend}.db", namespace="user/dana", clock=clock
            )
        async with opening as rt:
            await _fill(rt)
            results.append(await _state(rt))
            await rt.rebuild()
            results.append(await _state(rt))
    assert all(r == results[0] for r in results[1:])


async def test_no_read_crosses_a_namespace(tmp_path: Path) -> None:
    async with MemoryRuntime.open(tmp_path / "w.db", namespace="user/dana") as dana:
        await _fill(dana)
        erin = dana.scoped("user/erin")
        await erin.observe_and_route({"content": "I work at Umbrella.", "actor": "Erin"})
        ctx = await erin.query("Where does Dana work?", lens="audit")
        prompt = ctx.to_prompt()
        assert "Dana" not in prompt and "Initech" not in prompt and "Globex" not in prompt
        assert await erin.beliefs("Dana") == []
        assert all(s.entity != "Dana" for s in (await erin.worldview("audit")).slots)
        assert "Umbrella" not in (await dana.query("Where does Erin work?")).to_prompt()


async def test_a_fixed_clock_fixes_recorded_at_and_every_read_but_not_ids() -> None:
    # docs/concepts.md (Two clocks): ids carry random bits, so golden tests compare reads.
    runs = []
    for _ in range(2):
        clock = FixedClock(T0, timedelta(seconds=1))
        async with MemoryRuntime.memory(namespace="user/dana", clock=clock) as rt:
            await _fill(rt)
            events = [e async for e in rt.events()]
            runs.append(([e.recorded_at for e in events], [e.id for e in events], await _state(rt)))
    (times_a, ids_a, state_a), (times_b, ids_b, state_b) = runs
    assert times_a == times_b and state_a == state_b
    assert set(ids_a).isdisjoint(ids_b)
