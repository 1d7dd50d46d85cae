"""Two processes append to one namespace of one file: no fork, no gap, no 'locked' error."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from pathlib import Path

from nousmem.runtime import MemoryRuntime

WRITER = textwrap.dedent(
    """
    import asyncio, sys
    from nousmem.runtime import MemoryRuntime

    async def main(path, tag, n):
        async with MemoryRuntime.open(path, namespace="shared",
                                      config={"journal": {"durability": "normal"}}) as rt:
            async def producer(k):
                for i in range(k, n, 8):
                    await rt.observe({"content": f"{tag} says {i}", "actor": tag})
            await asyncio.gather(*(producer(k) for k in range(8)))

    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
    """
)


async def test_two_processes_share_one_chain(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    async with MemoryRuntime.open(path, namespace="shared"):
        pass  # create the schema first so both writers start on an existing file
    procs = [
        subprocess.Popen(  # noqa: ASYNC220 - both writers must run while we wait
            [sys.executable, "-c", WRITER, str(path), tag, "2000"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for tag in ("p1", "p2")
    ]
    for proc in procs:
        _, err = await asyncio.to_thread(proc.communicate, timeout=300)
        assert proc.returncode == 0, err.decode()
    async with MemoryRuntime.open(path, namespace="shared") as rt:
        report = await rt.verify()
        assert report.ok and report.checked == 4000
        actors = [e.payload.actor async for e in rt.events()]
        assert actors.count("p1") == 2000 and actors.count("p2") == 2000
        assert (await rt.stats())["kinds"] == {"observation": 4000}


STARTER = textwrap.dedent(
    """
    import asyncio, sys, time
    from nousmem.runtime import MemoryRuntime

    async def main(path, tag, start):
        while time.time() < start:  # every process opens the new file at the same moment
            time.sleep(0.001)
        async with MemoryRuntime.open(path, namespace="shared") as rt:
            for i in range(20):
                await rt.observe({"content": f"{tag} says {i}", "actor": tag})

    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
    """
)


async def test_several_processes_can_start_on_one_new_file_at_once(tmp_path: Path) -> None:
    import time

    path = tmp_path / "fresh.db"  # does not exist yet: every process creates it
    start = time.time() + 3.0
    procs = [
        subprocess.Popen(  # noqa: ASYNC220 - the starters must run while we wait
            [sys.executable, "-c", STARTER, str(path), f"p{i}", str(start)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for i in range(4)
    ]
    for proc in procs:
        _, err = await asyncio.to_thread(proc.communicate, timeout=300)
        assert proc.returncode == 0, err.decode()  # no "database is locked"
    async with MemoryRuntime.open(path, namespace="shared") as rt:
        report = await rt.verify()
        assert report.ok and report.checked == 80


ROUTER = textwrap.dedent(
    """
    import asyncio, sys, time
    from nousmem.runtime import MemoryRuntime

    async def main(path, tag, start):
        while time.time() < start:
            time.sleep(0.001)
        async with MemoryRuntime.open(path, namespace="shared") as rt:
            for i in range(int(sys.argv[4])):  # as fast as it can, one person: plans collide
                await rt.observe_and_route(
                    {"content": f"I work at Acme{i % 5}.", "actor": "Bo", "source": tag}
                )

    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
    """
)


async def test_governed_writers_in_three_processes_take_turns_and_never_starve(
    tmp_path: Path,
) -> None:
    import time

    path = tmp_path / "busy.db"
    async with MemoryRuntime.open(path, namespace="shared"):
        pass
    start = time.time() + 3.0
    procs = [
        subprocess.Popen(  # noqa: ASYNC220 - both writers must run while we wait
            [sys.executable, "-c", ROUTER, str(path), tag, str(start), "600"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for tag in ("user", "tool:crm", "tool:hr")
    ]
    for proc in procs:
        _, err = await asyncio.to_thread(proc.communicate, timeout=600)
        assert proc.returncode == 0, err.decode()[-2000:]  # no StaleHead reached a caller
    async with MemoryRuntime.open(path, namespace="shared") as rt:
        assert (await rt.verify()).ok
        assert len([e async for e in rt.events(kinds=["observation"])]) == 1800


async def test_a_governed_write_is_planned_again_after_another_writer_changed_beliefs(
    tmp_path: Path,
) -> None:
    """Two runtimes on one file stand for two processes (separate connections, projections
    and locks). A write planned on beliefs the other writer has since changed is refused
    inside its transaction, refolded and assessed again; nothing stale is journaled."""
    path = tmp_path / "two.db"
    day = "2024-0{}-01T09:00:00+00:00"
    async with (
        MemoryRuntime.open(path, namespace="n") as a,
        MemoryRuntime.open(path, namespace="n") as b,
    ):
        first = await a.observe_and_route(
            {"content": "I work at Google.", "actor": "Alice", "occurred_at": day.format(1)}
        )
        assert first.deltas and first.deltas[0].mode_after == "Google"
        moved = await b.observe_and_route(
            {"content": "I now work at Meta.", "actor": "Alice", "occurred_at": day.format(2)}
        )
        assert moved.deltas[0].mode_before == "Google" and moved.deltas[0].mode_after == "Meta"
        # A still holds "Google" in memory; its next write must see "Meta" first.
        again = await a.observe_and_route(
            {"content": "I just joined Sarvam.", "actor": "Alice", "occurred_at": day.format(3)}
        )
        assert again.deltas and again.deltas[0].mode_before == "Meta"
        # What A journaled is what a fold of the journal computes.
        kinds = [e.kind async for e in a.events()]
        assert kinds.count("impact.assessed") == 3
        assert (await a.verify()).ok
        live = await a.belief("Alice", "employer")
        await a.rebuild()
        assert await a.belief("Alice", "employer") == live
        delta = [e async for e in a.events(kinds=["belief.revised"])][-1]
        assert delta.payload.outcome == again.deltas[0]
        # Events that do not change an assessment (a plain observation, a read) do not
        # make the other writer plan again.
        await b.observe({"content": "Lunch was good.", "actor": "Alice"})
        await b.query("Where does Alice work?")
        before = (await a.head()).seq
        last = await a.observe_and_route(
            {"content": "I like tea.", "actor": "Alice", "occurred_at": day.format(4)}
        )
        assert last.event_ids and (await a.head()).seq == before + len(last.event_ids)
