"""Erasure against other writers of the same file: a namespace stays readable when every
revision of a compressed belief is erased; an erasure planned again after another one does
not re-derive from evidence that one erased; a write planned after folding another
process's erasure does not journal what it erased."""

from __future__ import annotations

import sqlite3
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from nousmem.runtime import MemoryRuntime

CITIES = ["Berlin", "Lisbon", "Osaka", "Nairobi", "Quito", "Lima", "Oslo", "Rome"]


def _tables_naming(path: Path, word: str) -> list[str]:
    con = sqlite3.connect(path)
    try:
        names = [t for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [
            t
            for t in names
            if any(word in repr(row).lower() for row in con.execute(f'SELECT * FROM "{t}"'))
        ]
    finally:
        con.close()


async def test_erasing_a_compressed_beliefs_evidence_leaves_the_namespace_readable(
    tmp_path: Path,
) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="ns") as rt:
        ids = []
        for i in range(24):
            r = await rt.observe_and_commit(
                {"content": f"Tavish lives in {CITIES[i % 8]}.", "actor": "Tavish"}
            )
            ids.append(r.observation_id)
        report = await rt.sleep()
        assert [(c["entity"], c["attribute"]) for c in report.compressed] == [
            ("Tavish", "location")
        ]
        receipt = await rt.erase(event_ids=ids, reason="privacy")
        assert receipt.verified
        erased = [await rt.get(i) for i in receipt.erased_event_ids]
        assert "dimension.compressed" in {e.kind for e in erased}
    async with MemoryRuntime.open(path, namespace="ns") as rt:
        await rt.query("Where does Tavish live?")
        await rt.rebuild()
        assert await rt.belief("Tavish", "location") is None


async def test_a_replanned_erasure_does_not_rederive_from_evidence_erased_meanwhile(
    tmp_path: Path,
) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="ns") as a,
        MemoryRuntime.open(path, namespace="ns") as b,
    ):
        r0 = await a.observe_and_commit({"content": "Zorblax lives in Osaka.", "actor": "Z"})
        r1 = await a.observe_and_commit({"content": "Zorblax lives in Secretville.", "actor": "Z"})
        real = a.journal.erase_and_append
        calls = 0

        async def meanwhile(*args: Any, **kw: Any) -> Any:
            nonlocal calls
            calls += 1
            if calls == 1:  # another process erases the Secretville turn first
                await b.erase(event_ids=[r1.observation_id], reason="privacy")
            return await real(*args, **kw)

        a.journal.erase_and_append = meanwhile  # type: ignore[method-assign]
        b.journal.planning = nullcontext  # type: ignore[method-assign] # a writer not taking turns
        await a.erase(event_ids=[r0.observation_id], reason="privacy")
        assert calls == 2
        assert await a.belief("Zorblax", "location") is None
    assert _tables_naming(path, "secretville") == []


async def test_a_write_after_folding_anothers_erasure_does_not_journal_what_it_erased(
    tmp_path: Path,
) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="ns") as a,
        MemoryRuntime.open(path, namespace="ns") as b,
    ):
        r = await a.observe_and_route({"content": "Sam works at Quuxcorp.", "actor": "Sam"})
        await b.beliefs("Sam")  # b folds it
        await a.erase(event_ids=[r.observation_id], reason="privacy")
        await b.observe({"content": "the weather is nice"})  # folds the erasure record
        await b.observe_and_route({"content": "Sam works at Initech.", "actor": "Sam"})
    assert _tables_naming(path, "quuxcorp") == []


async def test_a_rederived_copy_goes_with_the_policy_that_wrote_the_original(
    tmp_path: Path,
) -> None:
    async with MemoryRuntime.open(tmp_path / "m.db", namespace="ns") as rt:
        oslo = await rt.observe_and_commit({"content": "Ysolde lives in Oslo.", "actor": "Ysolde"})
        chat = await rt.observe({"content": "random chatter", "actor": "user"})
        claim = {"entity": "Ysolde", "attribute": "location", "value": "Berlinsecret"}
        policy = await rt.commit(
            {"writes": [{"claims": [claim], "evidence_ids": [chat.id], "source": "tool:crm"}]}
        )
        assert policy.committed and policy.policy_event_id is not None
        # Erasing the earlier turn re-derives the policy's later revision of the belief ...
        first = await rt.erase(event_ids=[oslo.observation_id], reason="privacy")
        assert len(first.rederived_event_ids) == 1
        # ... and erasing the policy must take that copy with it.
        await rt.erase(event_ids=[policy.policy_event_id], reason="privacy")
        left = [
            e.seq
            async for e in rt.events()
            if e.payload is not None and "berlinsecret" in e.payload.model_dump_json().lower()
        ]
        assert left == []
        assert await rt.belief("Ysolde", "location") is None
    assert _tables_naming(tmp_path / "m.db", "berlinsecret") == []
