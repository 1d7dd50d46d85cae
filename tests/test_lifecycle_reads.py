"""What memory let go of stays gone: sleep and planner consolidation never compile forgotten,
expired or superseded evidence back into reads, a summary leaves with its sources, the
observation-type TTL reaches worldview text slots, event-time reads do not apply later
forgets, and concurrent writers cannot journal an illegal transition or a duplicate frame."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from nousmem.runtime import FixedClock, MemoryRuntime

T0 = datetime(2024, 1, 1, 9, tzinfo=UTC)
D = timedelta(days=1)


def _employer(value: str, entity: str = "Alice") -> dict[str, Any]:
    return {"entity": entity, "attribute": "employer", "value": value}


async def _stated(rt: MemoryRuntime, value: str, times: int = 3, start: int = 0) -> list[str]:
    ids = []
    for i in range(times):
        res = await rt.observe_and_commit(
            {
                "content": f"Alice works at {value} ({i})",
                "occurred_at": T0 + (start + i) * D,
                "claims": [_employer(value)],
            }
        )
        ids.append(res.observation_id or "")
    return ids


async def test_sleep_does_not_compile_forgotten_evidence(rt: MemoryRuntime) -> None:
    ids = await _stated(rt, "Zentrix")
    await rt.forget(["Alice.employer=Zentrix"], "invalidate", reason="wrong")
    await rt.forget(ids, "invalidate", reason="wrong")
    report = await rt.sleep()
    assert not [c for c in report.compiled if "Zentrix" in c["summary"]]
    for lens in ("logical", "procedural", "associative"):
        assert "Zentrix" not in (await rt.worldview(lens)).render()
    ctx = await rt.query("Where does Alice work?", lens="associative")
    assert "Zentrix" not in ctx.to_prompt()


async def test_a_summary_leaves_when_its_sources_are_forgotten(rt: MemoryRuntime) -> None:
    ids = await _stated(rt, "Zentrix")
    report = await rt.sleep()
    assert [c for c in report.compiled if "Zentrix" in c["summary"]]
    await rt.forget(["Alice.employer=Zentrix"], "invalidate", reason="wrong")
    await rt.forget(ids, "invalidate", reason="wrong")
    for lens in ("procedural", "associative"):
        assert "Zentrix" not in (await rt.worldview(lens)).render(), lens
    ctx = await rt.query("Where does Alice work? Zentrix", lens="associative")
    assert "Zentrix" not in ctx.to_prompt()
    assert "Zentrix" in (await rt.worldview("historical")).render()


async def test_sleep_does_not_compile_a_superseded_value(rt: MemoryRuntime) -> None:
    await _stated(rt, "Zentrix")
    await _stated(rt, "Acme", times=4, start=5)
    belief = await rt.belief("Alice", "employer")
    assert belief is not None and belief.mode == "Acme"
    report = await rt.sleep()
    summaries = [c["summary"] for c in report.compiled]
    assert not [s for s in summaries if "Zentrix" in s]
    assert [s for s in summaries if "Acme" in s]


async def test_sleep_skips_expired_task_results(clock: FixedClock) -> None:
    cfg = {"ttl": {"observation_types": {"task_result": 7}}}
    async with MemoryRuntime.memory(clock=clock, config=cfg) as rt:
        for i in range(2):
            await rt.observe_and_commit(
                {
                    "content": f"Deploy: run the Hexbolt script {i}",
                    "type": "task_result",
                    "metadata": {"task": "deploy", "outcome": "success"},
                    "occurred_at": T0 + i * D,
                }
            )
        await rt.observe({"content": "a later note", "occurred_at": T0 + 30 * D})
        report = await rt.sleep()
        assert not [c for c in report.compiled if "Hexbolt" in c["summary"]]
        ctx = await rt.query("How do I deploy? Hexbolt", lens="procedural")
        assert "Hexbolt" not in ctx.to_prompt()


async def test_planner_consolidation_does_not_quote_forgotten_text(rt: MemoryRuntime) -> None:
    a = await rt.observe({"content": "The vault code word is Marzipan", "occurred_at": T0})
    b = await rt.observe({"content": "Vault opened on Monday", "occurred_at": T0 + D})
    await rt.forget([a.id], "inhibit", reason="do not use")
    res = await rt.commit({"consolidate": [{"clusters": [[a.id, b.id]], "target_type": "frame"}]})
    assert res.committed
    assert "Marzipan" not in (await rt.worldview("associative")).render()
    ctx = await rt.query("What is the vault code word?")
    assert "Marzipan" not in ctx.to_prompt()


async def test_observation_ttl_reaches_worldview_text_slots(clock: FixedClock) -> None:
    cfg = {"ttl": {"observation_types": {"user_preference": 7, "task_result": 7}}}
    async with MemoryRuntime.memory(clock=clock, config=cfg) as rt:
        await rt.observe(
            {
                "content": "Use the Quokka theme in replies",
                "type": "user_preference",
                "keywords": ["theme"],
                "occurred_at": T0,
            }
        )
        await rt.observe(
            {
                "content": "Deploy: run the Hexbolt script",
                "type": "task_result",
                "metadata": {"task": "deploy"},
                "occurred_at": T0,
            }
        )
        early = await rt.worldview("associative", as_of=T0 + D)
        assert "Quokka" in early.render() and "Hexbolt" in early.render()
        await rt.observe({"content": "an unrelated later note", "occurred_at": T0 + 30 * D})
        for lens in ("logical", "procedural", "associative"):
            text = (await rt.worldview(lens)).render()
            assert "Quokka" not in text and "Hexbolt" not in text, lens
        ctx = await rt.query("Which theme? How do I deploy? Quokka Hexbolt", lens="associative")
        assert "Quokka" not in ctx.to_prompt() and "Hexbolt" not in ctx.to_prompt()


async def test_an_event_time_read_ignores_later_forgets(rt: MemoryRuntime) -> None:
    res = await rt.observe_and_commit(
        {
            "content": "note about Alice and Quill",
            "occurred_at": T0,
            "claims": [{"entity": "Alice", "attribute": "pet", "value": "Quill"}],
        }
    )
    await rt.observe({"content": "Bob went hiking", "occurred_at": T0 + 10 * D})
    question = "What pet did Alice adopt? Quill"
    before = await rt.query(question, as_of=T0 + 2 * D)
    wv_before = (await rt.worldview("logical", as_of=T0 + 2 * D)).render()
    assert "Quill" in before.to_prompt() and "Quill" in wv_before
    await rt.forget([res.observation_id or "", "Alice.pet=Quill"], "inhibit", reason="stop")
    after = await rt.query(question, as_of=T0 + 2 * D)
    assert after.to_prompt() == before.to_prompt()
    assert (await rt.worldview("logical", as_of=T0 + 2 * D)).render() == wv_before
    now = await rt.query(question)
    assert "Quill" not in now.prompt_sections["worldview"]


async def test_two_writers_cannot_journal_an_illegal_transition(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="n") as a,
        MemoryRuntime.open(path, namespace="n") as b,
    ):
        ev = await a.observe({"content": "a note", "occurred_at": T0})
        await b.lifecycle(ev.id)  # b has folded the note
        await asyncio.gather(
            a.forget([ev.id], "expire", reason="x"), b.forget([ev.id], "compress", reason="y")
        )
        applied = [e async for e in a.events(kinds=["lifecycle"])]
        assert len(applied) == 1
        refused = [e async for e in a.events(kinds=["lifecycle.refused"])]
        assert len(refused) == 1
        view = await a.lifecycle(ev.id)
        assert [(h.from_state, h.to_state) for h in view.history] == [
            (applied[0].payload.from_state, applied[0].payload.to_state)
        ]


async def test_two_writers_compile_a_frame_once(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="n") as a,
        MemoryRuntime.open(path, namespace="n") as b,
    ):
        await _stated(a, "Zentrix")
        await b.lifecycle("Alice.employer=Zentrix")  # b has folded the beliefs
        await asyncio.gather(a.sleep(), b.sleep())
        keys = [e.payload.key async for e in a.events(kinds=["sleep.compiled"])]
        assert keys and len(keys) == len(set(keys))


async def test_candidate_ids_whose_entity_holds_a_hash(rt: MemoryRuntime) -> None:
    await rt.observe_and_commit(
        {
            "content": "The C# Team uses Rider",
            "occurred_at": T0,
            "claims": [{"entity": "C# Team", "attribute": "uses", "value": "Rider"}],
        }
    )
    res = await rt.forget(["C# Team.uses=Rider"], "inhibit", reason="x")
    target = res.applied[0]["target"]
    assert (await rt.lifecycle("C# Team.uses=Rider")).state == "inhibited"
    assert (await rt.lifecycle(target)).state == "inhibited"


async def test_a_running_summary_of_summaries_stays_readable(clock: FixedClock) -> None:
    async with MemoryRuntime.memory(clock=clock) as rt:
        first = await rt.observe({"content": "the first note", "occurred_at": T0})
        previous = first.id
        for i in range(350):  # deeper than a recursive walk of the chain could go
            note = await rt.observe({"content": f"note {i}", "occurred_at": T0 + D})
            res = await rt.commit(
                {"consolidate": [{"clusters": [[previous, note.id]], "target_type": "frame"}]}
            )
            assert res.committed
            previous = res.event_ids[-1]
        assert (await rt.query("What do the notes say?")).snippets
        await rt.forget([first.id], "inhibit", reason="x")
        assert (await rt.query("What do the notes say?")).snippets


async def test_sleep_and_forget_succeed_while_another_writer_ingests(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="n") as a,
        MemoryRuntime.open(path, namespace="n") as b,
    ):
        await _stated(a, "Zentrix")
        ev = await a.observe({"content": "a note", "occurred_at": T0})

        async def ingest() -> None:
            for i in range(60):
                await a.observe_and_route({"content": f"I went hiking {i}", "actor": "Alice"})

        async def maintain() -> None:
            for _ in range(10):
                await b.sleep()
                await b.forget([ev.id], "decay", reason="tidy")
                await asyncio.sleep(0)

        await asyncio.gather(ingest(), maintain())  # neither raises StaleHead


async def test_summaries_sharing_a_source_leave_together(rt: MemoryRuntime) -> None:
    # B summarises C; A summarises C and B. Whatever item a read looks at first, forgetting
    # C leaves both summaries out of current reads.
    c = await rt.observe({"content": "Zebulon barometer hobby", "occurred_at": T0})
    b = await rt.commit(
        {"consolidate": [{"clusters": [[c.id]], "target_type": "frame", "summary": "B: Zebulon"}]}
    )
    b_id = b.event_ids[-1]
    a = await rt.commit(
        {
            "consolidate": [
                {"clusters": [[c.id, b_id]], "target_type": "procedure", "summary": "A: Zebulon"}
            ]
        }
    )
    assert a.committed
    await rt.forget([c.id], "inhibit", reason="x")
    for lens in ("logical", "procedural", "associative"):
        assert "Zebulon" not in (await rt.worldview(lens)).render(), lens
    ctx = await rt.query("What about the Zebulon barometer?", lens="associative")
    assert "Zebulon" not in ctx.to_prompt()
