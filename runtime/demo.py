"""The end-to-end demo behind ``nousmem demo``: it grows with every feature."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nousmem.runtime.clock import FixedClock
from nousmem.runtime.runtime import MemoryRuntime

SCRIPT: list[dict[str, Any]] = [
    {"type": "utterance", "actor": "alice", "content": "I work at Google as a data engineer."},
    {"type": "user_preference", "actor": "alice", "content": "I prefer brief, direct answers."},
    {"type": "utterance", "actor": "alice", "content": "I play tennis on weekends."},
    {"type": "tool_result", "source": "tool:calendar", "content": "Alice: 1:1 with Bob on Friday"},
    {"type": "utterance", "actor": "alice", "content": "I just joined Sarvam AI, I left Google."},
]


async def run_demo(db: str, namespace: str) -> tuple[list[str], dict[str, Any]]:
    """Run the demo against ``db``; returns printable lines and a JSON-ready summary."""
    clock = FixedClock(datetime(2024, 3, 1, 9, 0, tzinfo=UTC), timedelta(hours=6))
    lines = [f"nousmem demo - journal {db}, namespace {namespace!r}", ""]
    data: dict[str, Any] = {"db": db, "namespace": namespace, "steps": []}
    async with MemoryRuntime.open(db, namespace=namespace, clock=clock) as rt:
        lines.append("1. observe: experiences go into the hash-linked journal")
        for obs in SCRIPT:
            e = await rt.observe(obs)
            lines.append(f"   seq {e.seq:>3}  {e.kind:<12} {e.payload.content}")
            data["steps"].append({"seq": e.seq, "id": e.id, "content": e.payload.content})
        report = await rt.verify()
        head = await rt.head()
        lines += [
            "",
            f"2. verify: {'ok' if report.ok else 'BROKEN'} - {report.checked} events,"
            f" head {head.hash[:16]}...",
        ]
        data["verified"] = report.ok
        data["head"] = head.model_dump()
    return lines, data
