"""Erasure against reads and writes in flight: nothing it erases may come back.

Each test holds one side at an await point, starts the other, then lets go, and checks that
no surviving journal payload (nor any later read) names the erased value.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime, StorageError
from nousmem.runtime.canonical import canonical_json
from nousmem.runtime.events import EventDraft
from nousmem.runtime.gate import ErasureGate
from tests.test_erasure import T0

ERASED = "google"


async def alice_at_google(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google as a data engineer.", "actor": "Alice", "occurred_at": T0}
    )
    belief = await rt.belief("Alice", "employer")
    assert belief.mode == "Google"


async def surviving_mentions(rt: MemoryRuntime) -> list[str]:
    """Kinds of the events whose stored payload still names the erased value."""
    found = []
    async for e in rt.events():
        if (
            e.payload is not None
            and ERASED in canonical_json(e.payload.model_dump(mode="json")).casefold()
        ):
            found.append(e.kind)
    return found


class Held:
    """Wraps one journal method so that calls matching ``when`` wait until released."""

    def __init__(self, rt: MemoryRuntime, method: str, when: Callable[..., bool]) -> None:
        self.journal = rt._shared.journal
        self.method = method
        self.original = getattr(self.journal, method)
        self.when = when
        self.entered = asyncio.Event()
        self.release = asyncio.Event()

        async def held(*args: Any, **kwargs: Any) -> Any:
            if self.when(*args, **kwargs):
                self.entered.set()
                await self.release.wait()
            return await self.original(*args, **kwargs)

        setattr(self.journal, method, held)

    def restore(self) -> None:
        setattr(self.journal, self.method, self.original)


def kinds_of(drafts: Sequence[EventDraft]) -> set[str]:
    return {d.kind for d in drafts}


async def settle(steps: int = 20) -> None:
    for _ in range(steps):
        await asyncio.sleep(0)


async def run_held(held: Held, first: Awaitable[Any], second: Callable[[], Awaitable[Any]]) -> Any:
    """Start ``first`` until it is held, start ``second``, let both run, return first's result."""
    task = asyncio.ensure_future(first)
    await asyncio.wait_for(held.entered.wait(), 5)
    other = asyncio.ensure_future(second())
    # Real time, not loop turns: unheld, the other side would finish its thread work.
    await asyncio.wait({other}, timeout=0.2)
    assert not other.done()  # it waits for the held side: the gate or the write lock
    held.release.set()
    held.restore()
    result = await asyncio.wait_for(task, 5)
    await asyncio.wait_for(other, 5)
    return result


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_an_erasure_waits_for_a_read_whose_trace_is_not_yet_journaled(
    rt: MemoryRuntime,
) -> None:
    await alice_at_google(rt)
    held = Held(rt, "append", lambda drafts, **_: "retrieval" in kinds_of(drafts))
    ctx = await run_held(
        held,
        rt.query("Where does Alice work?"),
        lambda: rt.erase(entity="Alice", reason="user asked"),
    )
    assert ERASED in ctx.to_prompt().casefold()  # the read came first, and saw Google
    # ... and its trace, which names the value, was journaled before the erasure's scan.
    assert await surviving_mentions(rt) == []
    assert ERASED not in (await rt.query("Where does Alice work?")).to_prompt().casefold()


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_a_read_that_starts_during_an_erasure_sees_only_what_is_left(
    rt: MemoryRuntime,
) -> None:
    await alice_at_google(rt)
    held = Held(rt, "erase_and_append", lambda *a, **k: True)
    answers: list[str] = []

    async def read() -> None:
        answers.append((await rt.query("Where does Alice work?")).to_prompt())

    await run_held(held, rt.erase(entity="Alice", reason="user asked"), read)
    assert ERASED not in answers[0].casefold()
    assert await surviving_mentions(rt) == []


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_after_turn_during_an_erasure_names_nothing_erased(rt: MemoryRuntime) -> None:
    await alice_at_google(rt)
    ctx = await rt.query("Where does Alice work?")
    held = Held(rt, "erase_and_append", lambda *a, **k: True)
    outcome: list[Any] = []

    async def feedback() -> None:
        try:
            outcome.append(await rt.after_turn(ctx.trace_id, "success"))
        except Exception as exc:  # the trace named Google, so the erasure erased it
            outcome.append(exc)

    await run_held(held, rt.erase(entity="Alice", reason="user asked"), feedback)
    assert type(outcome[0]).__name__ == "UnknownEvent"
    assert await surviving_mentions(rt) == []


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_a_write_queued_behind_an_erasure_plans_against_rebuilt_beliefs(
    rt: MemoryRuntime,
) -> None:
    await alice_at_google(rt)
    held = Held(rt, "erase_and_append", lambda *a, **k: True)
    obs = {"content": "I work at Sarvam AI now.", "actor": "Alice", "occurred_at": T0}
    await run_held(
        held,
        rt.erase(entity="Alice", reason="user asked"),
        lambda: rt.observe_and_route(obs),
    )
    # The new fact stays; its revision's prior is empty, not "Google".
    assert (await rt.belief("Alice", "employer")).mode == "Sarvam AI"
    assert await surviving_mentions(rt) == []


async def test_the_gate_lets_reads_share_and_an_erasure_wait_then_hold_new_reads_back() -> None:
    gate = ErasureGate()
    await gate.enter_read()
    await gate.enter_read()
    inside = asyncio.Event()
    release = asyncio.Event()

    async def erase() -> None:
        async with gate.erasure():
            inside.set()
            await release.wait()

    before = gate.epoch
    eraser = asyncio.ensure_future(erase())
    await settle()
    assert gate.erasing and not inside.is_set()  # two reads in flight
    assert gate.epoch == before  # asking is not holding: the reads inside see no change
    late = asyncio.ensure_future(gate.enter_read())
    gate.leave_read()
    await settle()
    assert not inside.is_set() and not late.done()  # the late read waits behind the erasure
    gate.leave_read()
    await asyncio.wait_for(inside.wait(), 5)
    assert gate.readers == 0 and not late.done()
    assert gate.epoch == before + 1  # held
    release.set()
    await asyncio.wait_for(eraser, 5)
    await asyncio.wait_for(late, 5)
    assert gate.readers == 1 and not gate.erasing and gate.epoch == before + 2


async def test_a_cancelled_erasure_opens_the_gate_again() -> None:
    gate = ErasureGate()
    await gate.enter_read()

    async def erase() -> None:
        async with gate.erasure():
            pass

    eraser = asyncio.ensure_future(erase())
    await settle()
    assert gate.erasing
    eraser.cancel()
    with pytest.raises(asyncio.CancelledError):
        await eraser
    assert not gate.erasing
    await asyncio.wait_for(gate.enter_read(), 5)  # not shut for good
    assert gate.readers == 2
    # It never held the gate, so a read inside all along saw no erasure: the epoch stayed.
    assert gate.epoch == 0


async def test_an_erasure_by_another_process_leaves_this_ones_projections_too(
    tmp_path: Path,
) -> None:
    """Two runtimes on one file, as two processes: the one that did not erase must not
    keep serving the erased content from its in-memory projections."""
    here = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice")
    there = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice")
    try:
        await alice_at_google(here)
        assert ERASED in (await here.query("Where does Alice work?")).to_prompt().casefold()
        await there.erase(entity="Alice", reason="user asked")
        assert ERASED not in (await here.query("Where does Alice work?")).to_prompt().casefold()
        assert await here.belief("Alice", "employer") is None
        assert ERASED not in (await here.worldview("historical")).render().casefold()
        # A governed write here plans against the rebuilt beliefs: no prior names Google.
        await here.observe_and_route(
            {"content": "I work at Sarvam AI now.", "actor": "Alice", "occurred_at": T0}
        )
        assert await surviving_mentions(here) == []
    finally:
        await here.close()
        await there.close()


async def test_a_failed_erasure_erases_nothing_and_leaves_secure_delete_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice")
    try:
        await alice_at_google(rt)
        journal: Any = rt._shared.journal

        def broken(*args: Any, **kwargs: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(journal._writer.fts, "remove", broken)
        with pytest.raises(StorageError):
            await rt.erase(entity="Alice", reason="user asked")
        flag = await journal._in_thread(lambda c: c.execute("PRAGMA secure_delete").fetchone()[0])
        assert flag == 1  # on for the connection's life: see runtime/journal/scrub.py
        assert await surviving_mentions(rt) != []  # nothing was erased
    finally:
        await rt.close()


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_many_reads_and_feedback_around_an_erasure_leave_nothing_behind(
    rt: MemoryRuntime,
) -> None:
    await alice_at_google(rt)
    first = await rt.query("Where does Alice work?")

    async def read(i: int) -> None:
        for _ in range(i % 3):
            await asyncio.sleep(0)
        ctx = await rt.query("Where does Alice work?" if i % 2 else "Who is Alice's employer?")
        try:
            await rt.after_turn(ctx.trace_id, "success")
        except Exception as exc:  # its trace was erased first: nothing to reinforce
            assert type(exc).__name__ == "UnknownEvent"

    async def feedback() -> None:
        try:
            await rt.after_turn(first.trace_id, "failure")
        except Exception as exc:
            assert type(exc).__name__ == "UnknownEvent"

    tasks = [read(i) for i in range(12)]
    tasks.insert(5, rt.erase(entity="Alice", reason="user asked"))
    tasks.insert(7, feedback())
    await asyncio.wait_for(asyncio.gather(*tasks), 30)
    assert await surviving_mentions(rt) == []
    assert ERASED not in (await rt.query("Where does Alice work?")).to_prompt().casefold()


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_a_read_that_planned_before_an_erasure_plans_again(rt: MemoryRuntime) -> None:
    """The plan (the entities a question names) is made before the read takes the gate; an
    erasure that runs while the read searches must not leave its plan in the trace."""
    await rt.observe_and_route(
        {"content": "I work at Google as a data engineer.", "actor": "Alice Smith",
         "occurred_at": T0}
    )  # fmt: skip
    held = Held(rt, "search", lambda *a, **k: True)
    read = asyncio.ensure_future(rt.query("Where does Alice work?"))
    await asyncio.wait_for(held.entered.wait(), 5)
    await rt.erase(entity="Alice Smith", reason="user asked")  # completes meanwhile
    held.release.set()
    held.restore()
    ctx = await asyncio.wait_for(read, 5)
    assert "alice smith" not in str(ctx.plan).casefold()
    assert ERASED not in ctx.to_prompt().casefold()
    async for e in rt.events():
        if e.payload is not None and e.kind == "retrieval":
            assert "alice smith" not in canonical_json(e.payload.model_dump(mode="json")).casefold()


async def test_opening_a_journal_with_an_erasure_in_its_past_rebuilds_nothing(
    tmp_path: Path,
) -> None:
    first = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice")
    await alice_at_google(first)
    await first.erase(entity="Alice", reason="user asked")
    await first.close()
    later = await MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice")
    try:
        rebuilds: list[int] = []
        original = later._rebuild_locked

        async def counted(**kwargs: Any) -> int:
            rebuilds.append(1)
            return await original(**kwargs)

        later._rebuild_locked = counted  # type: ignore[method-assign]
        assert ERASED not in (await later.query("Where does Alice work?")).to_prompt().casefold()
        await later.observe_and_route(
            {"content": "I like tea.", "actor": "Bob", "occurred_at": T0}
        )  # fmt: skip
        assert rebuilds == []  # it read the erased rows as erased: nothing to undo
        assert not later._proj.needs_rebuild
    finally:
        await later.close()


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_an_observation_during_a_rebuild_stays_in_the_lexical_index(
    rt: MemoryRuntime,
) -> None:
    await alice_at_google(rt)
    held = Held(rt, "reindex", lambda *a, **k: True)
    rebuild = asyncio.ensure_future(rt.rebuild())
    await asyncio.wait_for(held.entered.wait(), 5)
    zebra = await rt.observe(
        {"content": "Zebras graze near the zoo fence.", "actor": "Bob", "occurred_at": T0}
    )
    held.release.set()
    held.restore()
    await asyncio.wait_for(rebuild, 5)
    hits = await rt._shared.journal.search(rt.namespace, '"zebras"', limit=5)
    assert [h.event_id for h in hits] == [zebra.id]
    assert zebra.id in {s.id for s in (await rt.query("zebras by the zoo fence")).snippets}


@pytest.mark.parametrize("rt", ["memory", "sqlite"], indirect=True)
async def test_an_erasure_leaves_the_rest_of_the_lexical_index_alone(rt: MemoryRuntime) -> None:
    await alice_at_google(rt)
    calls: list[object] = []
    journal: Any = rt._shared.journal
    original = journal.reindex

    async def counted(*args: Any, **kwargs: Any) -> None:
        calls.append(args)
        await original(*args, **kwargs)

    journal.reindex = counted
    await rt.erase(entity="Alice", reason="user asked")
    assert calls == []  # its own transaction took the erased rows out
    assert await journal.search(rt.namespace, '"google"', limit=5) == []
