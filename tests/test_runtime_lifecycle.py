"""Several writers, closing and opening: what lands while an erasure runs is erased too; a
policy planned against a stale state is planned again; two runtimes on one file do not
starve each other; ``after_turn`` catches up; ``close`` waits for running writes, can be
finished after a cancel, and an unclosed runtime does not hang the interpreter; a journal
of a newer schema is refused."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from contextlib import nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime, StorageError
from nousmem.runtime.errors import StaleHead

T0 = datetime(2024, 3, 1, tzinfo=UTC)


def _names(e: Any, word: str) -> bool:
    return e.payload is not None and word in e.payload.model_dump_json()


async def test_an_event_appended_while_an_erasure_plans_is_erased_too(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="u") as a,
        MemoryRuntime.open(path, namespace="u") as b,
    ):
        for i in range(5):
            await a.observe({"content": f"Zorblax said {i}.", "actor": "Alice"})
        real = a.journal.erase_and_append
        calls = 0

        async def late_append(*args: Any, **kw: Any) -> Any:
            nonlocal calls
            calls += 1
            if calls == 1:  # another process writes between the scan and the commit
                await b.observe({"content": "Zorblax phoned again.", "actor": "Alice"})
            return await real(*args, **kw)

        a.journal.erase_and_append = late_append  # type: ignore[method-assign]
        receipt = await a.erase(entity="Zorblax", reason="gdpr")
        assert calls == 2  # refused once by its guard, then planned with the tail
        assert receipt.verified and len(receipt.erased_event_ids) == 6
        erasure = await a.get(receipt.erasure_event_id)
        left = [e async for e in a.events() if e.seq < erasure.seq and _names(e, "Zorblax")]
        assert left == []


async def test_unrelated_writes_during_an_erasure_do_not_starve_it(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="u") as a,
        MemoryRuntime.open(path, namespace="u") as b,
    ):
        for i in range(5):
            await a.observe_and_route({"content": f"Zorblax works at Acme{i}.", "actor": "Alice"})
        real_commit, real_plan = a.journal.erase_and_append, a._erasure_plan
        commits = plans = 0

        async def busy(*args: Any, **kw: Any) -> Any:
            nonlocal commits
            commits += 1
            if commits <= 30:  # another process reads (its trace names nothing erased)
                await b.query("Where does Dana live?", budget_tokens=100)
            return await real_commit(*args, **kw)

        def counted(*args: Any, **kw: Any) -> Any:
            nonlocal plans
            plans += 1
            return real_plan(*args, **kw)

        a.journal.erase_and_append = busy  # type: ignore[method-assign]
        a._erasure_plan = counted  # type: ignore[method-assign]
        receipt = await a.erase(entity="Zorblax", reason="gdpr")
        assert commits == 31 and plans == 1  # refused 30 times, planned once
        assert receipt.verified


@pytest.mark.parametrize("backend", ["memory", "sqlite"])
async def test_a_guarded_erasure_with_a_later_event_changes_nothing(
    backend: str, tmp_path: Path
) -> None:
    from nousmem.runtime.journal.base import Guard

    rt = await (
        MemoryRuntime.memory(namespace="u")
        if backend == "memory"
        else MemoryRuntime.open(tmp_path / "m.db", namespace="u")
    )
    async with rt:
        first = await rt.observe({"content": "Zorblax said hi.", "actor": "Alice"})
        await rt.observe({"content": "later", "actor": "Alice"})
        with pytest.raises(StaleHead):
            await rt.journal.erase_and_append(
                "u", [first.id], [], guard=Guard("u", first.seq, frozenset({"observation"}))
            )
        assert (await rt.get(first.id)).payload is not None
        assert (await rt.verify()).ok


async def test_a_policy_planned_before_another_writer_is_planned_again(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="u") as a,
        MemoryRuntime.open(path, namespace="u") as b,
    ):
        r = await a.observe_and_route(
            {"content": "I live in Berlin.", "actor": "Alice", "occurred_at": T0}
        )
        real = a._locate
        calls = 0

        async def meanwhile(cited: Any) -> Any:
            nonlocal calls
            calls += 1
            if calls == 1:
                await b.observe_and_route(
                    {"content": "I moved to Tokyo.", "actor": "Alice", "occurred_at": T0}
                )
            return await real(cited)

        a._locate = meanwhile  # type: ignore[method-assign]
        # b stands for a writer that does not take turns (no planning lock: another
        # platform, another version): the guard alone must catch it.
        b.journal.planning = nullcontext  # type: ignore[method-assign]
        res = await a.commit(
            {
                "writes": [
                    {
                        "claims": [{"entity": "Alice", "attribute": "location", "value": "Oslo"}],
                        "evidence_ids": [r.observation_id],
                        "source": "user",
                    }
                ]
            }
        )
        assert res.committed and calls == 2
        revised = [e for e in [await a.get(i) for i in res.event_ids] if e.kind == "belief.revised"]
        # The journaled change starts from the belief as it stood at the commit.
        assert revised[0].payload.outcome.mode_before == "Tokyo"


async def test_several_runtimes_on_one_file_do_not_starve_each_other(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    texts = ["I work at Google.", "I moved to Paris.", "I work at Meta now.", "I live in Rome."]
    rts = [await MemoryRuntime.open(path, namespace="u") for _ in range(3)]

    async def worker(i: int, rt: MemoryRuntime) -> None:
        for n in range(40):
            await rt.observe_and_route(
                {
                    "content": texts[(n + i) % len(texts)],
                    "actor": "Alice",
                    "occurred_at": T0 + timedelta(hours=n, minutes=i),
                }
            )

    try:
        await asyncio.gather(*(worker(i, rt) for i, rt in enumerate(rts)))  # no StaleHead
        assert (await rts[0].verify()).ok
    finally:
        for rt in rts:
            await rt.close()


async def test_writers_of_one_file_take_turns_from_plan_to_commit(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="u") as a,
        MemoryRuntime.open(path, namespace="u") as b,
    ):
        async with a.journal.planning():  # a is between its plan and its commit
            write = asyncio.ensure_future(
                b.observe_and_route({"content": "I work at Acme.", "actor": "Alice"})
            )
            await asyncio.sleep(0.2)
            assert not write.done()  # b waits its turn instead of planning against a
            assert (await a.head()).seq == 0
        r = await asyncio.wait_for(write, 30)
        assert r.route == "belief_update"
        assert (tmp_path / "m.db-nousmem.lock").exists()


async def test_after_turn_catches_up_with_other_writers(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="u") as a:
        await a.observe_and_route(
            {"content": "I work at Google.", "actor": "Alice", "occurred_at": T0}
        )
        ctx = await a.query("Where does Alice work?", budget_tokens=60)
        async with MemoryRuntime.open(path, namespace="u") as b:  # has not read anything
            out = await b.after_turn(ctx.trace_id, "success")
        assert "fact:alice.employer#google" in out.payload.targets
        assert out.occurred_at == T0  # event time, not the wall clock


async def test_close_waits_for_a_running_erasure(tmp_path: Path) -> None:
    rt = await MemoryRuntime.open(tmp_path / "m.db", namespace="u")
    for i in range(50):
        await rt.observe({"content": f"Zorblax said {i}.", "actor": "Alice"})
    erasing = asyncio.ensure_future(rt.erase(entity="Zorblax", reason="r"))
    await asyncio.sleep(0)
    await rt.close()
    receipt = await erasing  # not ClosedError: it committed, so it reports it
    assert receipt.verified and len(receipt.erased_event_ids) == 50


async def test_a_cancelled_close_is_finished_by_the_next(tmp_path: Path) -> None:
    rt = await MemoryRuntime.open(tmp_path / "m.db", namespace="u")
    writes = [
        asyncio.ensure_future(rt.observe({"content": f"note {i} " * 50, "actor": "A"}))
        for i in range(200)
    ]
    await asyncio.sleep(0)
    closing = asyncio.ensure_future(rt.close())
    await asyncio.sleep(0.001)
    closing.cancel()
    await asyncio.gather(closing, *writes, return_exceptions=True)
    await rt.close()
    assert rt.journal._closed  # type: ignore[attr-defined]
    assert not rt.journal._db._thread.is_alive()  # type: ignore[attr-defined]


@pytest.mark.parametrize("steps", range(1, 10))
async def test_a_close_cancelled_while_it_releases_is_finished_by_the_next(
    tmp_path: Path, steps: int
) -> None:
    """Cancelled while it closes the checkpointer or the connection (a shutdown timeout),
    the release goes on, and the next close() waits for it: no connection, no thread left."""
    rt = await MemoryRuntime.open(tmp_path / "m.db", namespace="u")
    for i in range(110):  # the background checkpointer has run: its connection to close too
        await rt.observe({"content": f"note {i}", "actor": "A"})
    await asyncio.sleep(0.05)
    closing = asyncio.ensure_future(rt.close())
    for _ in range(steps):
        await asyncio.sleep(0)
    closing.cancel()
    await asyncio.gather(closing, return_exceptions=True)
    await rt.close()
    assert rt.journal._db._connection is None  # type: ignore[attr-defined]
    assert not rt.journal._db._thread.is_alive()  # type: ignore[attr-defined]


def test_a_runtime_never_closed_does_not_hang_the_interpreter(tmp_path: Path) -> None:
    script = (
        "import asyncio\n"
        "from nousmem.runtime import MemoryRuntime\n"
        "async def main():\n"
        f"    rt = await MemoryRuntime.open({str(tmp_path / 'm.db')!r})\n"
        "    await rt.observe({'content': 'hello', 'actor': 'A'})\n"
        "asyncio.run(main())\n"
        "print('done')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "done"


async def test_a_journal_of_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="u") as rt:
        await rt.observe({"content": "hello", "actor": "A"})
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE nousmem_meta SET value = '99' WHERE key = 'schema_version'")
    before = path.read_bytes()
    with pytest.raises(StorageError, match="schema version 99 is newer"):
        await MemoryRuntime.open(path, namespace="u")
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM events").fetchone() == (1,)
    assert path.read_bytes() == before


async def test_a_writer_cancelled_while_waiting_for_its_turn_leaves_nothing_behind(
    tmp_path: Path,
) -> None:
    import fcntl
    import os
    import threading

    from nousmem.runtime.journal.planlock import PlanLock

    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="u") as rt:
        other = PlanLock(str(path))  # another open of the file: another process's turn
        threads = threading.active_count()
        async with other.held():
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(
                    rt.observe_and_route({"content": "I work at Acme.", "actor": "Al"}), 0.2
                )
            assert threading.active_count() == threads  # no thread left waiting in flock
        other.close()
        async with rt.journal.planning():  # its next turn is really its own
            probe = os.open(str(path) + "-nousmem.lock", os.O_RDONLY)
            try:
                with pytest.raises(BlockingIOError):
                    fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            finally:
                os.close(probe)
        r = await rt.observe_and_route({"content": "I work at Acme.", "actor": "Al"})
        assert r.route == "belief_update"


async def test_an_in_memory_sqlite_journal_has_no_lock_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    async with MemoryRuntime.open(":memory:", namespace="u") as rt:
        await rt.observe_and_route({"content": "I work at Acme.", "actor": "Al"})
    import os

    assert os.listdir(tmp_path) == []
