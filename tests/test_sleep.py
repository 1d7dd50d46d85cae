"""Sleep: append-only, deterministic consolidation into frames, procedures and schemas."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import FixedClock, InvalidInput, MemoryRuntime, SleepReport
from nousmem.runtime.canonical import canonical_json

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
FRAME = "frame:alice.employer#google"
PROCEDURE = "procedure:deploy"
SCHEMA = "schema:employer#google"
BOB_FRAME = "frame:bob.employer#google"
ALREADY = "already compiled from the same evidence"


def claim(entity: str, attribute: str, value: str) -> dict[str, Any]:
    return {"entity": entity, "attribute": attribute, "value": value}


@dataclass
class Scene:
    alice: list[str]
    bob: list[str]
    deploy_ok: list[str]
    deploy_failed: str
    backup: str
    last: datetime


async def task(rt: MemoryRuntime, text: str, name: str, outcome: str, at: datetime) -> str:
    res = await rt.observe_and_route(
        {
            "content": text,
            "type": "task_result",
            "metadata": {"task": name, "outcome": outcome},
            "occurred_at": at,
        }
    )
    assert res.observation_id is not None
    return res.observation_id


async def build(rt: MemoryRuntime) -> Scene:
    """Alice works at Google (3x), Bob too (2x), deploy worked twice and failed once."""
    alice, bob = [], []
    for i in range(3):
        res = await rt.observe_and_commit(
            {
                "content": f"Alice works at Google ({i})",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Alice", "employer", "Google")],
            }
        )
        assert res.observation_id is not None
        alice.append(res.observation_id)
    for i in range(2):
        res = await rt.observe_and_commit(
            {
                "content": f"Bob works at Google ({i})",
                "occurred_at": T0 + (3 + i) * DAY,
                "claims": [claim("Bob", "employer", "Google")],
            }
        )
        assert res.observation_id is not None
        bob.append(res.observation_id)
    await rt.observe_and_commit(
        {
            "content": "Carol lives in Paris",
            "occurred_at": T0 + 6 * DAY,
            "claims": [claim("Carol", "location", "Paris")],
        }
    )
    ok = [
        await task(rt, "Deploy: restart the worker, then clear the cache", "deploy", "success",
                   T0 + 7 * DAY),
        await task(rt, "Deploy: restart the worker and clear the cache", "deploy", "success",
                   T0 + 8 * DAY),
    ]  # fmt: skip
    failed = await task(rt, "Deploy failed: cache not cleared", "deploy", "failure", T0 + 9 * DAY)
    last = T0 + 10 * DAY
    backup = await task(rt, "Backup: snapshot the volume", "backup", "success", last)
    return Scene(alice, bob, ok, failed, backup, last)


def by_key(report: SleepReport) -> dict[str, dict[str, Any]]:
    return {c["key"]: c for c in report.compiled}


def skipped(report: SleepReport) -> dict[str, str]:
    return {s.key: s.reason for s in report.skipped}


def payload_text(event: Any) -> str:
    return "" if event.payload is None else canonical_json(event.payload.model_dump(mode="json"))


# -- what sleep compiles ---------------------------------------------------------------------------


async def test_sleep_compiles_a_frame_a_procedure_and_a_schema(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    head = (await rt.head()).seq
    report = await rt.sleep()

    compiled = by_key(report)
    assert set(compiled) == {FRAME, PROCEDURE, SCHEMA}
    frame, proc, schema = compiled[FRAME], compiled[PROCEDURE], compiled[SCHEMA]
    # A frame from a claim repeated in three observations.
    assert frame["item_type"] == "frame"
    assert frame["sources"] == sorted(scene.alice)
    assert frame["summary"].startswith("Alice employer: Google (stated 3 times")
    # A procedure from the successful task results with the same metadata task.
    assert proc["item_type"] == "procedure"
    assert proc["sources"] == sorted(scene.deploy_ok)
    assert scene.deploy_failed not in proc["sources"]
    assert proc["summary"].startswith("Procedure for deploy: ")
    assert "worked 2 times, failed 1" in proc["summary"]
    # A schema from the same (attribute, value) across two entities.
    assert schema["item_type"] == "schema"
    assert schema["sources"] == sorted(scene.alice + scene.bob)
    assert "Alice, Bob" in schema["summary"] and "employer" in schema["summary"]
    # What was skipped, and why (too little evidence).
    assert skipped(report) == {BOB_FRAME: "only 2 source(s)"}
    assert "procedure:backup" not in compiled  # one success is no procedure yet
    assert report.compressed == ()

    # Each compiled item is one sleep.compiled event linking to its sources.
    events = [e async for e in rt.events(after_seq=head)]
    assert [e.kind for e in events] == ["sleep.compiled"] * 3
    assert report.event_ids == tuple(e.id for e in events)
    assert [c["event_id"] for c in report.compiled] == list(report.event_ids)
    for c, e in zip(report.compiled, events, strict=True):
        p = e.payload
        assert (p.item_type, p.key, p.summary, list(p.sources), p.score) == (
            c["item_type"],
            c["key"],
            c["summary"],
            c["sources"],
            c["score"],
        )
        for src in p.sources:
            assert (await rt.get(src)).kind == "observation"
        # Dated at the namespace's event time, not the wall clock.
        assert e.occurred_at == scene.last
    scores = [c["score"] for c in report.compiled]
    assert scores == sorted(scores, reverse=True)

    text = report.render()
    assert text.startswith("compiled 3, compressed 0, skipped 1")
    assert f"- {BOB_FRAME}: only 2 source(s)" in text
    # The compiled items are knowledge the procedural lens shows.
    wv = (await rt.worldview("procedural")).render()
    for c in report.compiled:
        assert c["summary"] in wv
    ctx = await rt.query("How do I deploy?", lens="procedural", budget_tokens=2000)
    assert proc["summary"] in ctx.prompt_sections["worldview"]


async def test_sleep_on_an_empty_journal_writes_nothing(rt: MemoryRuntime) -> None:
    report = await rt.sleep()
    assert report == SleepReport()
    assert (await rt.head()).seq == 0


# -- deterministic and idempotent ---------------------------------------------------------------


async def comparable(rt: MemoryRuntime, report: SleepReport) -> dict[str, Any]:
    """The report with event ids (random per runtime) replaced by journal positions."""

    async def seq(event_id: str) -> int:
        return int((await rt.get(event_id)).seq)

    return {
        "compiled": [
            {
                **{k: v for k, v in c.items() if k not in ("sources", "event_id")},
                "sources": [await seq(s) for s in c["sources"]],
                "event": await seq(c["event_id"]),
            }
            for c in report.compiled
        ],
        "compressed": [{k: v for k, v in c.items() if k != "event_id"} for c in report.compressed],
        "skipped": [(s.key, s.reason) for s in report.skipped],
        "events": [await seq(e) for e in report.event_ids],
    }


async def test_sleep_is_deterministic_across_runtimes_and_backends(tmp_path: Path) -> None:
    results = []
    for backend in ("memory", "sqlite", "memory"):
        clock = FixedClock(T0, timedelta(seconds=1))
        if backend == "sqlite":
            rt = await MemoryRuntime.open(tmp_path / "m.db", namespace="ns", clock=clock)
        else:
            rt = await MemoryRuntime.memory(namespace="ns", clock=clock)
        try:
            await build(rt)
            report = await rt.sleep(budget=2)
            more = await rt.sleep()
            results.append((await comparable(rt, report), await comparable(rt, more)))
            events = [e async for e in rt.events(kinds=["sleep.compiled"])]
            results.append([(e.seq, e.occurred_at, e.recorded_at) for e in events])
        finally:
            await rt.close()
    first = results[0]
    assert [c["key"] for c in first[0]["compiled"]] == [SCHEMA, FRAME]
    assert [c["key"] for c in first[1]["compiled"]] == [PROCEDURE]
    assert results[0] == results[2] == results[4]
    assert results[1] == results[3] == results[5]


async def test_sleep_again_compiles_nothing_until_new_evidence(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    first = await rt.sleep()
    assert len(first.compiled) == 3
    head = await rt.head()

    again = await rt.sleep()
    assert again.compiled == () and again.compressed == () and again.event_ids == ()
    assert skipped(again) == {FRAME: ALREADY, PROCEDURE: ALREADY, SCHEMA: ALREADY,
                              BOB_FRAME: "only 2 source(s)"}  # fmt: skip
    assert await rt.head() == head
    assert "compiled 0" in again.render()

    # A third statement about Bob makes his frame compile (and widens the schema) only.
    res = await rt.observe_and_commit(
        {
            "content": "Bob works at Google (2)",
            "occurred_at": T0 + 11 * DAY,
            "claims": [claim("Bob", "employer", "Google")],
        }
    )
    assert res.observation_id is not None
    bob = await rt.sleep()
    assert set(by_key(bob)) == {BOB_FRAME, SCHEMA}
    assert by_key(bob)[BOB_FRAME]["sources"] == sorted([*scene.bob, res.observation_id])
    assert by_key(bob)[SCHEMA]["sources"] == sorted([*scene.alice, *scene.bob, res.observation_id])
    assert skipped(bob) == {FRAME: ALREADY, PROCEDURE: ALREADY}
    # Idempotence survives a rebuild: what was compiled is read back from the journal.
    await rt.rebuild()
    assert (await rt.sleep()).compiled == ()

    # New evidence for the procedure recompiles that cluster only.
    third = await task(
        rt, "Deploy: restart the worker, clear the cache, warm it", "deploy", "success",
        T0 + 12 * DAY,
    )  # fmt: skip
    after = await rt.sleep()
    compiled = by_key(after)
    assert set(compiled) == {PROCEDURE}
    assert compiled[PROCEDURE]["sources"] == sorted([*scene.deploy_ok, third])
    assert "worked 3 times, failed 1" in compiled[PROCEDURE]["summary"]
    assert skipped(after) == {FRAME: ALREADY, SCHEMA: ALREADY, BOB_FRAME: ALREADY}


async def test_sleep_never_compiles_its_own_output(rt: MemoryRuntime) -> None:
    await build(rt)
    await rt.sleep()
    await task(rt, "Deploy: restart the worker, warm the cache", "deploy", "success", T0 + 11 * DAY)
    assert set(by_key(await rt.sleep())) == {PROCEDURE}
    again = await rt.sleep()
    compiled_ids = {e.id async for e in rt.events(kinds=["sleep.compiled"])}
    for c in again.compiled:
        assert compiled_ids.isdisjoint(c["sources"]), c["key"]
    assert again.compiled == ()


async def test_a_recompiled_item_supersedes_its_earlier_version(rt: MemoryRuntime) -> None:
    await build(rt)
    old = by_key(await rt.sleep())[PROCEDURE]
    await task(rt, "Deploy: restart the worker, warm the cache", "deploy", "success", T0 + 11 * DAY)
    new = by_key(await rt.sleep())[PROCEDURE]
    for lens in ("procedural", "associative"):
        wv = await rt.worldview(lens)
        selected = {v for s in wv.slots for v in s.selected}
        assert new["summary"] in selected, lens
        assert old["summary"] not in selected, lens


# -- append-only -----------------------------------------------------------------------------------


async def test_sleep_only_appends_compiled_and_compressed_events(
    tmp_path: Path, clock: FixedClock
) -> None:
    config = {"beliefs": {"entropy_ceiling_bits": 0.5, "compression_min_updates": 2}}
    async with MemoryRuntime.open(
        tmp_path / "m.db", namespace="user/alice", clock=clock, config=config
    ) as rt:
        scene = await build(rt)
        for i, colour in enumerate(["red", "blue", "green", "red", "blue", "green"]):
            res = await rt.observe_and_commit(
                {
                    "content": f"Dana's colour is {colour}",
                    "source": "tool:guess",
                    "occurred_at": scene.last + (i + 1) * DAY,
                    "claims": [{**claim("Dana", "colour", colour), "confidence": 0.6}],
                }
            )
            assert res.committed
        before = [e async for e in rt.events()]
        wv_before = await rt.worldview("logical")

        report = await rt.sleep()

        assert set(by_key(report)) == {FRAME, PROCEDURE, SCHEMA}
        assert [(c["entity"], c["attribute"]) for c in report.compressed] == [("Dana", "colour")]
        assert report.compressed[0]["entropy_bits"] > 0.5
        after = [e async for e in rt.events()]
        # Sources and every other earlier event are untouched: same payload, same header.
        assert len(after) == len(before) + len(report.event_ids)
        for old, new in zip(before, after, strict=False):
            assert (new.id, new.seq, new.kind, new.hash, new.payload_digest) == (
                old.id,
                old.seq,
                old.kind,
                old.hash,
                old.payload_digest,
            )
            assert payload_text(new) == payload_text(old) and not new.erased
        fresh = after[len(before) :]
        assert {e.kind for e in fresh} == {"sleep.compiled", "dimension.compressed"}
        assert [e.id for e in fresh] == list(report.event_ids)
        compressed = next(e for e in fresh if e.kind == "dimension.compressed")
        assert compressed.id == report.compressed[0]["event_id"]
        assert (compressed.payload.entity, compressed.payload.attribute) == ("Dana", "colour")
        assert (await rt.verify()).ok
        # Beliefs are not rewritten by sleep; the compressed one is only marked.
        belief = await rt.belief("Dana", "colour")
        assert belief is not None and belief.compressed
        wv_after = await rt.worldview("logical")
        assert [s.id for s in wv_after.slots] == [s.id for s in wv_before.slots]
        # Sleep output is a projection of the journal: rebuild equals live.
        live = await rt.worldview("procedural")
        await rt.rebuild()
        assert await rt.worldview("procedural") == live
        # A second pass compresses nothing again.
        assert (await rt.sleep()).compressed == ()


# -- budget ---------------------------------------------------------------------------------------


async def test_budget_limits_what_one_pass_compiles(rt: MemoryRuntime) -> None:
    await build(rt)
    one = await rt.sleep(budget=1)
    assert [c["key"] for c in one.compiled] == [SCHEMA]  # the highest priority first
    assert len(one.event_ids) == 1
    reasons = skipped(one)
    assert reasons == {
        FRAME: "over budget (1)",
        PROCEDURE: "over budget (1)",
        BOB_FRAME: "only 2 source(s)",
    }
    two = await rt.sleep(budget=1)
    assert [c["key"] for c in two.compiled] == [FRAME]
    assert skipped(two)[SCHEMA] == ALREADY and skipped(two)[PROCEDURE] == "over budget (1)"
    three = await rt.sleep(budget=5)
    assert [c["key"] for c in three.compiled] == [PROCEDURE]
    assert [e.kind async for e in rt.events(kinds=["sleep.compiled"])] == ["sleep.compiled"] * 3


@pytest.mark.parametrize("budget", [0, -1, "x", "1", 1.5, True, False, [1]])
async def test_bad_budget_is_invalid_input_and_writes_nothing(
    rt: MemoryRuntime, budget: Any
) -> None:
    await build(rt)
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.sleep(budget=budget)
    assert info.value.field == "budget"
    assert await rt.head() == head
