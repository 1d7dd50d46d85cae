"""Hostile values at public entry points get a NousmemError naming the field, and nothing is
written: flags that must be booleans, unbounded reasons, plug-ins that would break the next
write, broken time zones and clocks, numbers posing as times, and a foreign database."""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

import pytest

from nousmem.policies.memory_policy import MemoryPolicy
from nousmem.runtime import (
    FixedClock,
    InvalidInput,
    MemoryRuntime,
    NousmemError,
    StorageError,
    UnknownEvent,
)
from tests.test_cli import Run

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


async def _two_entities(rt: MemoryRuntime) -> None:
    for who in ("Alice", "Bob"):
        await rt.observe_and_route(
            {"content": f"{who} works at Google.", "occurred_at": T0, "source": "user"}
        )


@pytest.mark.parametrize("flag", [None, [], 1, "yes", "no", 0])
async def test_merge_authorized_must_be_a_boolean(rt: MemoryRuntime, flag: Any) -> None:
    await _two_entities(rt)
    head = await rt.head()
    with pytest.raises(InvalidInput) as err:
        await rt.merge_entities("Alice", "Bob", reason="same person", authorized=flag)
    assert err.value.field == "authorized"
    assert await rt.head() == head  # not even a refusal record


async def test_merge_reason_is_bounded_as_other_reasons_are(rt: MemoryRuntime) -> None:
    await _two_entities(rt)
    head = await rt.head()
    with pytest.raises(InvalidInput) as err:
        await rt.merge_entities("Alice", "Bob", reason="x" * 1_000_000, authorized=True)
    assert err.value.field == "reason"
    assert await rt.head() == head


@pytest.mark.parametrize("flag", [None, "no", 1])
async def test_replay_compare_present_must_be_a_boolean(rt: MemoryRuntime, flag: Any) -> None:
    await _two_entities(rt)
    ctx = await rt.query("Where does Alice work?")
    assert ctx.trace_id is not None
    with pytest.raises(InvalidInput) as err:
        await rt.replay_trace(ctx.trace_id, compare_present=flag)
    assert err.value.field == "compare_present"


@pytest.mark.parametrize("flag", ["yes", 1])
def test_a_policy_authorized_flag_is_not_read_by_truthiness(flag: Any) -> None:
    with pytest.raises(ValueError, match="authorized"):
        MemoryPolicy.model_validate({"authorized": flag})


class _Embedder:
    name = "model\ud800"

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [[1.0, 0.0] for _ in texts]


async def test_an_embedder_name_that_cannot_be_stored_is_refused(rt: MemoryRuntime) -> None:
    await rt.observe({"content": "Alice works at Google."})
    with pytest.raises(InvalidInput) as err:
        rt.set_embedder(_Embedder())
    assert err.value.field == "embedder.name"
    assert (await rt.query("Where does Alice work?")).to_prompt()  # reads still work


class _SyncExtractor:
    name = "sync"

    def extract(self, obs: Any) -> list[Any]:
        return []


class _Named:
    def __init__(self, name: Any) -> None:
        self.name = name

    async def extract(self, obs: Any) -> list[Any]:
        return []


@pytest.mark.parametrize(
    ("extractor", "field"),
    [
        (_SyncExtractor(), "extractor.extract"),
        (_Named("bad\ud800"), "extractor.name"),
        (_Named(""), "extractor.name"),
        (_Named("x" * 100_000), "extractor.name"),
        (_Named("a\x00b"), "extractor.name"),
        (_Named(7), "extractor.name"),
    ],
    ids=["sync-extract", "surrogate", "empty", "huge", "control", "not-a-string"],
)
async def test_use_extractor_refuses_what_would_break_the_next_write(
    rt: MemoryRuntime, extractor: object, field: str
) -> None:
    with pytest.raises(InvalidInput) as err:
        rt.use_extractor(extractor)  # type: ignore[arg-type]
    assert err.value.field == field
    res = await rt.observe_and_route({"content": "Alice works at Google."})
    assert res.extractor == "rule"  # the rule extractor is still the one in use


class _BadZone(tzinfo):
    def utcoffset(self, dt: datetime | None) -> timedelta:
        return timedelta(hours=30)

    def dst(self, dt: datetime | None) -> timedelta:
        return timedelta(0)


async def test_a_time_zone_without_a_usable_offset_is_bad_input(rt: MemoryRuntime) -> None:
    await rt.observe({"content": "Alice works at Google."})
    head = await rt.head()
    odd = datetime(2024, 1, 1, tzinfo=_BadZone())
    with pytest.raises(InvalidInput) as err:
        await rt.observe({"content": "Hello.", "occurred_at": odd})
    assert err.value.field == "observation.occurred_at"
    for read in (rt.query("Where?", as_of=odd), rt.belief("Alice", "employer", as_of=odd)):
        with pytest.raises(InvalidInput) as err:
            await read
        assert err.value.field == "as_of"
    assert await rt.head() == head


class _StringClock:
    def now(self) -> Any:
        return "2024-01-01T00:00:00Z"


async def test_a_clock_that_returns_no_datetime_is_named() -> None:
    async with MemoryRuntime.memory(clock=_StringClock()) as rt:  # type: ignore[arg-type]
        with pytest.raises(InvalidInput) as err:
            await rt.observe({"content": "Hello."})
        assert err.value.field == "clock"
        assert (await rt.head()).seq == 0


async def test_a_fixed_clock_at_the_end_of_time_raises_a_nousmem_error() -> None:
    clock = FixedClock(datetime(9999, 12, 31, 23, 59, 58, tzinfo=UTC))
    assert clock.now() and clock.now()  # ...58 and ...59 exist
    with pytest.raises(InvalidInput) as err:
        clock.now()
    assert err.value.field == "clock"
    with pytest.raises(NousmemError):
        clock.now()  # and stays an error of ours


@pytest.mark.parametrize("when", [5, -5, "5", " 1.5e9 ", 1700000000000, True, 1.5])
async def test_a_number_is_not_an_occurred_at(rt: MemoryRuntime, when: Any) -> None:
    with pytest.raises(InvalidInput, match="not a number") as err:
        await rt.observe({"content": "Hello.", "occurred_at": when})
    assert err.value.field is not None and "occurred_at" in err.value.field
    assert (await rt.head()).seq == 0


async def test_a_boolean_is_not_a_claim_confidence(rt: MemoryRuntime) -> None:
    claim = {"entity": "Alice", "attribute": "employer", "value": "Acme", "confidence": True}
    with pytest.raises(InvalidInput, match="boolean"):
        await rt.observe_and_route({"content": "Alice works at Acme.", "claims": [claim]})
    assert (await rt.head()).seq == 0


@pytest.mark.parametrize("flag", ["change", "retracts"])
async def test_a_claims_flag_must_be_a_boolean(rt: MemoryRuntime, flag: str) -> None:
    claim = {"entity": "Alice", "attribute": "employer", "value": "Acme", flag: "maybe"}
    with pytest.raises(InvalidInput) as err:
        await rt.observe_and_route({"content": "Alice works at Acme.", "claims": [claim]})
    assert err.value.field is not None and err.value.field.endswith(f"claims.0.{flag}")
    assert (await rt.head()).seq == 0


async def test_another_applications_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "app.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE users (name TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="not a nousmem journal"):
        await MemoryRuntime.open(path)
    assert path.read_bytes() == before  # not even switched to WAL
    assert sorted(os.listdir(tmp_path)) == ["app.db"]
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()  # an empty database becomes a journal
    async with MemoryRuntime.open(empty) as rt:
        await rt.observe({"content": "Hello."})
        assert (await rt.verify()).ok


@pytest.mark.parametrize("verb", ["observe", "commit"])
def test_cli_json_nested_too_deeply_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, verb: str
) -> None:
    run = Run(capsys, tmp_path / "m.db")
    deep = "[" * 5000 + "]" * 5000
    args = ("observe", "hello", "--claim", deep) if verb == "observe" else ("commit", deep)
    assert run(*args) == 2
    option = "--claim" if verb == "observe" else "POLICY"
    assert run.err.startswith(f"nousmem: {option}")
    try:
        json.loads(deep)
    except RecursionError:  # Python 3.11-3.12: the parser gives up
        assert "nested too deeply" in run.err
    else:  # 3.13 parses it: then it is no JSON object
        assert "must be a JSON object, got list" in run.err
    if (tmp_path / "m.db").exists():  # nothing written
        conn = sqlite3.connect(tmp_path / "m.db")
        try:
            assert conn.execute("SELECT count(*) FROM events").fetchone() == (0,)
        finally:
            conn.close()


async def test_an_erased_trace_is_unknown_to_trace_replay_and_after_turn(
    rt: MemoryRuntime,
) -> None:
    await rt.observe_and_route({"content": "Bob lives in Paris.", "occurred_at": T0})
    ctx = await rt.query("Where does Bob live?")
    assert ctx.trace_id is not None
    await rt.erase(entity="Bob", reason="asked to forget Bob")
    for call in (
        rt.trace(ctx.trace_id),
        rt.replay_trace(ctx.trace_id),
        rt.after_turn(ctx.trace_id, "success"),
    ):
        with pytest.raises(UnknownEvent, match="erased"):
            await call
    header = await rt.get(ctx.trace_id)  # the header stays for audit
    assert header is not None and header.payload is None


def test_cli_trace_of_an_erased_trace_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run = Run(capsys, tmp_path / "m.db")
    assert run("route", "Bob lives in Paris.") == 0
    trace_id = run.json("query", "Where does Bob live?")["trace_id"]
    assert run("erase", "--entity", "Bob", "--reason", "asked to forget Bob") == 0
    assert run("trace", trace_id) == 2
    assert "erased" in run.err


async def test_a_journal_this_process_cannot_write_is_named_and_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mem.db"
    async with MemoryRuntime.open(path) as rt:
        await rt.observe({"content": "Hello."})
    real_access = os.access

    def read_only(p: Any, mode: int, **kw: Any) -> bool:
        # As chmod 444 would make it for a non-root user (root ignores the mode bits).
        return False if str(p) == str(path) and mode & os.W_OK else real_access(p, mode, **kw)

    monkeypatch.setattr(os, "access", read_only)
    with pytest.raises(StorageError, match=r"mem\.db") as err:
        await MemoryRuntime.open(path)
    assert "read-only" in str(err.value)
    assert sorted(os.listdir(tmp_path)) == ["mem.db"]  # no -wal or -shm left behind


async def test_a_read_only_wal_file_beside_the_journal_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mem.db"
    async with MemoryRuntime.open(path) as rt:
        await rt.observe({"content": "Hello."})
    for ext in ("-wal", "-shm"):
        (tmp_path / f"mem.db{ext}").write_bytes(b"")
    real_access = os.access
    wal = f"{path}-wal"

    def read_only(p: Any, mode: int, **kw: Any) -> bool:
        return False if str(p) == wal and mode & os.W_OK else real_access(p, mode, **kw)

    monkeypatch.setattr(os, "access", read_only)
    with pytest.raises(StorageError, match=r"mem\.db-wal"):
        await MemoryRuntime.open(path)
