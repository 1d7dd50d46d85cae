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
