"""A read in flight in one process while another erases: the read's trace must not record
the erased value after the erasure, nor serve the erased turn (the erasure gate is per
process; the trace's commit is guarded against erasures it did not fold)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 3, 1, tzinfo=UTC)


class _HeldEmbedder:
    """Holds the embedding of the question until released: the read is then in flight."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if any(t.endswith("?") for t in texts):
            self.entered.set()
            self.release.wait(10)
        return [[1.0, float(len(t) % 7), 0.5] for t in texts]


async def test_a_read_racing_another_process_erasure_reads_again(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="u") as a,
        MemoryRuntime.open(path, namespace="u") as b,
    ):
        await a.observe_and_route(
            {"content": "I work at Acme.", "actor": "Alice", "occurred_at": T0}
        )
        r = await a.observe_and_route(
            {
                "content": "I just joined Globex.",
                "actor": "Alice",
                "occurred_at": T0 + timedelta(days=30),
            }
        )
        held = _HeldEmbedder()
        a.set_embedder(held)
        await a.query("hello")  # the documents' vectors, once
        read = asyncio.ensure_future(a.query("Where does Alice work?"))
        assert await asyncio.to_thread(held.entered.wait, 10)
        receipt = await b.erase(event_ids=[r.observation_id], reason="gdpr")
        held.release.set()
        ctx = await read
        assert receipt.verified
        erasure = await b.get(receipt.erasure_event_id)
        after = [e async for e in b.events(after_seq=erasure.seq)]
        assert [e.kind for e in after] == ["retrieval"]
        assert "globex" not in after[0].payload.model_dump_json().casefold()
        assert "globex" not in ctx.to_prompt().casefold()
        assert (await b.verify()).ok
