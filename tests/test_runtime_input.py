"""Bad input at every public entry point: a clear error naming the field, nothing written."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import (
    FixedClock,
    InvalidInput,
    MemoryRuntime,
    NamespaceError,
    PayloadTooLarge,
)
from nousmem.runtime.canonical import format_time

BAD_OBSERVATIONS: list[tuple[Any, str]] = [
    ({}, "observation.content"),
    ({"content": "   "}, "observation.content"),
    ({"content": 42}, "observation.content"),
    ({"content": "x", "type": "Not A Type"}, "observation.type"),
    ({"content": "x", "type": ["utterance"]}, "observation.type"),
    ({"content": "x", "occurred_at": "2023-05-08T10:00:00"}, "observation.occurred_at"),
    ({"content": "x", "occurred_at": datetime(2023, 5, 8)}, "observation.occurred_at"),
    ({"content": "x", "occurred_at": "yesterday-ish"}, "observation.occurred_at"),
    # The journal stores four-digit years; these used to be written and then unreadable.
    ({"content": "x", "occurred_at": datetime(999, 1, 1, tzinfo=UTC)}, "observation.occurred_at"),
    ({"content": "x", "occurred_at": "1000-01-01T00:30:00+01:00"}, "observation.occurred_at"),
    ({"content": "x", "occurred_at": "9999-12-31T23:00:00-05:00"}, "observation.occurred_at"),
    ({"content": "x", "unknown_field": 1}, "observation.unknown_field"),
    ({"content": "x", "claims": [{"entity": "a", "attribute": "b"}]}, "observation.claims.0.value"),
    (
        {
            "content": "x",
            "claims": [{"entity": "a", "attribute": "b", "value": "c", "confidence": 1.5}],
        },
        "observation.claims.0.confidence",
    ),
    ({"content": "x", "metadata": {"when": object()}}, "observation.metadata"),
    ({"content": "x", "source": ""}, "observation.source"),
    # A NUL in a name made "Al\x00ice" an entity of its own, rendered like "Alice".
    ({"content": "x", "actor": "Al\x00ice"}, "observation.actor"),
    ("just a string", "observation"),
]


async def _entry_points(rt: MemoryRuntime) -> list[Any]:
    return [rt.observe, rt.observe_and_route, rt.observe_and_commit, rt.assess]


@pytest.mark.parametrize(("obs", "field"), BAD_OBSERVATIONS)
async def test_bad_observation_is_refused_everywhere(
    rt: MemoryRuntime, obs: Any, field: str
) -> None:
    await rt.observe({"content": "a good one first", "actor": "alice"})
    before = (await rt.head()).seq
    for call in await _entry_points(rt):
        with pytest.raises(InvalidInput) as info:
            await call(obs)
        assert info.value.field == field, (call.__name__, str(info.value))
    assert (await rt.head()).seq == before
    assert (await rt.verify()).ok


async def test_wrong_namespace_is_refused(rt: MemoryRuntime) -> None:
    for call in await _entry_points(rt):
        with pytest.raises(NamespaceError) as info:
            await call({"content": "hello", "namespace": "user/bob"})
        assert info.value.field == "observation.namespace"
    assert (await rt.head()).seq == 0


async def test_oversized_payload_is_refused(tmp_path: Path) -> None:
    cfg = {"input": {"max_payload_bytes": 1024}}
    async with MemoryRuntime.open(tmp_path / "x.db", config=cfg) as rt:
        for call in await _entry_points(rt):
            with pytest.raises(PayloadTooLarge) as info:
                await call({"content": "word " * 400})
            assert info.value.field == "observation"
        assert (await rt.head()).seq == 0


@pytest.mark.parametrize("verb", ["observe", "observe_and_route", "assess", "observe_and_commit"])
async def test_an_event_time_ahead_of_the_wall_clock_is_refused(verb: str) -> None:
    # A local time labelled UTC (five hours ahead) would make every later turn, dated by the
    # clock, fold before it as older history: the user could not correct it until then.
    async with MemoryRuntime.memory() as rt:  # the wall clock
        await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
        head = await rt.head()
        ahead = datetime.now(UTC) + timedelta(hours=5)
        obs = {"content": "Alice now works at Acme.", "source": "tool:crm", "occurred_at": ahead}
        with pytest.raises(InvalidInput) as err:
            await getattr(rt, verb)(obs)
        assert err.value.field == "observation.occurred_at"
        assert "max_future_skew_s" in str(err.value)
        assert await rt.head() == head
        # A clock a minute apart is within the default skew.
        obs["occurred_at"] = datetime.now(UTC) + timedelta(minutes=1)
        await rt.observe(obs)


async def test_the_future_skew_is_configurable_and_off_for_a_simulated_clock() -> None:
    far = datetime(2030, 1, 1, tzinfo=UTC)
    sim = FixedClock(datetime(2024, 1, 1, tzinfo=UTC))
    async with MemoryRuntime.memory(clock=sim) as rt:  # "auto": a simulation, no limit
        assert (await rt.observe({"content": "x", "occurred_at": far})).occurred_at == far
    strict = {"input": {"max_future_skew_s": 0}}
    async with MemoryRuntime.memory(clock=sim, config=strict) as rt:
        with pytest.raises(InvalidInput, match="not happened yet"):
            await rt.observe({"content": "x", "occurred_at": far})
    async with MemoryRuntime.memory(config={"input": {"max_future_skew_s": None}}) as rt:
        assert (await rt.observe({"content": "x", "occurred_at": far})).occurred_at == far


async def test_naive_datetimes_can_be_read_as_utc(tmp_path: Path) -> None:
    async with MemoryRuntime.memory(config={"input": {"naive_datetimes": "utc"}}) as rt:
        e = await rt.observe({"content": "x", "occurred_at": "2023-05-08T10:00:00"})
        assert e.occurred_at == datetime(2023, 5, 8, 10, tzinfo=UTC)


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"journal": {"durability": "sometimes"}}, "config.journal.durability"),
        ({"journal": {"postings_in_memory": "sometimes"}}, "config.journal.postings_in_memory"),
        ({"retrieval": {"rank_window": 0}}, "config.retrieval.rank_window"),
        ({"retrieval": {"relaxed_window": 0}}, "config.retrieval.relaxed_window"),
        ({"retrieval": {"speaker_focus": 1.5}}, "config.retrieval.speaker_focus"),
        ({"retrieval": {"question_turn_share": -0.1}}, "config.retrieval.question_turn_share"),
        ({"retrieval": {"length_prior": -1}}, "config.retrieval.length_prior"),
        ({"input": {"max_future_skew_s": -1}}, "config.input.max_future_skew_s"),
        ({"input": {"max_future_skew_s": True}}, "config.input.max_future_skew_s"),
        ({"retrieval": {"excerpt_share": 1.5}}, "config.retrieval.excerpt_share"),
        ({"retrieval": {"time_notes": "sometimes"}}, "config.retrieval.time_notes"),
        (
            {"attributes": {"attributes": [{"name": "employer", "aliases": ["  "]}]}},
            "config.attributes.attributes.0.aliases",
        ),
        # Finite numbers in range, refused at open rather than at the first write or read.
        ({"impact": {"novelty": float("nan")}}, "config.impact.novelty"),
        ({"impact": {"surprise": -5}}, "config.impact.surprise"),
        ({"impact": {"type_utility": {"fact": 7}}}, "config.impact.type_utility.fact"),
        ({"worldview": {"support": -1}}, "config.worldview.support"),
        ({"worldview": {"inhibition": float("nan")}}, "config.worldview.inhibition"),
        ({"trust": {"sources": {"user": 2.0}}}, "config.trust.sources.user"),
        ({"trust": {"sources": {"user": -1.0}}}, "config.trust.sources.user"),
        (
            {"ttl": {"observation_types": {"utterance": 0}}},
            "config.ttl.observation_types.utterance",
        ),
        ({"ttl": {"observation_types": {"note": -3}}}, "config.ttl.observation_types.note"),
        (
            {"retrieval": {"channel_weights": {"lexical": -2}}},
            "config.retrieval.channel_weights.lexical",
        ),
        ({"retrieval": {"graph_weight": float("inf")}}, "config.retrieval.graph_weight"),
        ({"router": {"gate_surprise_bits": float("inf")}}, "config.router.gate_surprise_bits"),
        ({"journal": {"busy_timeout_s": float("inf")}}, "config.journal.busy_timeout_s"),
        ({"journal": {"busy_timeout_s": 10**9}}, "config.journal.busy_timeout_s"),
        ({"beliefs": {"repeat_discount": float("nan")}}, "config.beliefs.repeat_discount"),
        # Accepted once, then every query overflowed SQLite's integers or never finished.
        ({"retrieval": {"lexical_k": 2**63}}, "config.retrieval.lexical_k"),
        ({"retrieval": {"rank_window": 2**63}}, "config.retrieval.rank_window"),
        ({"retrieval": {"neighbor_window": 10**9}}, "config.retrieval.neighbor_window"),
        ({"retrieval": {"length_prior": 1e6}}, "config.retrieval.length_prior"),
    ],
)
async def test_bad_config_names_the_field(config: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidInput) as info:
        MemoryRuntime.memory(config=config)
    assert info.value.field == field


async def test_bad_namespace_and_path() -> None:
    with pytest.raises(NamespaceError):
        await MemoryRuntime.memory(namespace="  ")
    with pytest.raises(InvalidInput):
        MemoryRuntime.open("")
    with pytest.raises(InvalidInput) as info:
        MemoryRuntime.open("mem\x00ory.db")
    assert info.value.field == "path" and "NUL" in str(info.value)


async def test_reads_validate_arguments(rt: MemoryRuntime) -> None:
    with pytest.raises(InvalidInput) as info:
        [e async for e in rt.events(after_seq=-1)]
    assert info.value.field == "after_seq"
    with pytest.raises(InvalidInput) as info:
        [e async for e in rt.events(kinds=["nope"])]
    assert info.value.field == "kinds"
    with pytest.raises(InvalidInput):
        await rt.get("")
    with pytest.raises(InvalidInput) as info:
        await rt.belief("alice", "employer", as_of=5)
    assert info.value.field == "as_of"
    with pytest.raises(InvalidInput):
        await rt.belief("", "employer")
    with pytest.raises(InvalidInput):
        await rt.identity_candidates("alice", k=0)


async def test_closed_runtime_refuses(tmp_path: Path) -> None:
    from nousmem.runtime import ClosedError

    rt = await MemoryRuntime.open(tmp_path / "c.db")
    await rt.close()
    await rt.close()  # idempotent
    with pytest.raises(ClosedError):
        await rt.observe({"content": "late"})


async def test_scoped_namespaces_are_walls(tmp_path: Path) -> None:
    async with MemoryRuntime.open(tmp_path / "w.db", namespace="user/alice") as alice:
        bob = alice.scoped("user/bob")
        a = await alice.observe({"content": "Alice's secret plan", "actor": "alice"})
        await bob.observe({"content": "Bob's note", "actor": "bob"})
        assert await bob.get(a.id) is None
        assert [e.payload.content async for e in bob.events()] == ["Bob's note"]
        assert (await alice.head()).seq == 1 and (await bob.head()).seq == 1


async def test_a_file_that_is_not_a_journal_is_refused_cleanly(tmp_path: Path) -> None:
    from nousmem.runtime import StorageError

    bogus = tmp_path / "notes.db"
    bogus.write_bytes(b"this is not an sqlite database, just text " * 100)
    with pytest.raises(StorageError):
        await MemoryRuntime.open(bogus)
    assert bogus.read_bytes().startswith(b"this is not an sqlite database")


async def test_a_clock_outside_the_storable_years_is_refused(tmp_path: Path) -> None:
    class Ancient:
        def now(self) -> datetime:
            return datetime(999, 6, 1, tzinfo=UTC)

    async with MemoryRuntime.open(tmp_path / "c.db", clock=Ancient()) as rt:
        with pytest.raises(InvalidInput) as info:
            await rt.observe({"content": "x"})
        assert info.value.field == "clock"
        assert (await rt.head()).seq == 0


def test_the_journal_refuses_a_timestamp_it_could_not_read_back() -> None:
    assert format_time(datetime(1000, 1, 1, tzinfo=UTC)) == "1000-01-01T00:00:00.000000Z"
    with pytest.raises(ValueError, match="year 1000"):
        format_time(datetime(999, 12, 31, tzinfo=UTC))


# -- arguments of open()/memory(), list arguments, helpers called directly ---------------------


@pytest.mark.parametrize("clock", [object(), "utc", 5])
async def test_a_clock_without_now_is_refused_when_opening(tmp_path: Path, clock: Any) -> None:
    with pytest.raises(InvalidInput) as info:
        MemoryRuntime.memory(clock=clock)
    assert info.value.field == "clock"
    db = tmp_path / "c.db"
    with pytest.raises(InvalidInput) as info:
        MemoryRuntime.open(db, clock=clock)
    assert info.value.field == "clock"
    assert not db.exists()  # as for a bad config: refused before the file is created


async def test_a_bad_namespace_leaves_no_file(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    with pytest.raises(NamespaceError):
        async with MemoryRuntime.open(db, namespace=" x"):
            pass
    assert not db.exists()


@pytest.mark.parametrize("kinds", ["observation", 5, [5], [5, "observation"], [["observation"]]])
async def test_kinds_must_be_a_list_of_kind_names(rt: MemoryRuntime, kinds: Any) -> None:
    await rt.observe({"content": "hello"})
    with pytest.raises(InvalidInput, match="must be a list of kind names") as info:
        [e async for e in rt.events(kinds=kinds)]
    assert info.value.field == "kinds"


async def test_kinds_may_be_any_collection_of_names(rt: MemoryRuntime) -> None:
    await rt.observe({"content": "hello"})
    for kinds in (["observation"], ("observation",), {"observation"}, iter(["observation"])):
        assert [e.kind async for e in rt.events(kinds=kinds)] == ["observation"]


@pytest.mark.parametrize("event_ids", [[5], [["x"]], [""]])
async def test_erase_names_an_id_that_is_not_a_string(rt: MemoryRuntime, event_ids: Any) -> None:
    await rt.observe({"content": "hello"})
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.erase(event_ids=event_ids, reason="privacy")
    assert info.value.field == "event_ids.0"
    assert await rt.head() == head


async def test_lifecycle_names_its_one_target(rt: MemoryRuntime) -> None:
    with pytest.raises(InvalidInput) as info:
        await rt.lifecycle(5)  # type: ignore[arg-type]
    assert info.value.field == "target"


def test_library_helpers_raise_invalid_input() -> None:
    from nousmem.policies.presets import router_preset
    from nousmem.runtime import FixedClock, NousmemError

    with pytest.raises(InvalidInput) as info:
        router_preset("paranoid")
    assert info.value.field == "name" and "known: default, permissive, strict" in str(info.value)
    assert isinstance(info.value, NousmemError) and isinstance(info.value, ValueError)
    with pytest.raises(InvalidInput) as info:
        FixedClock(datetime(2024, 1, 1))
    assert info.value.field == "start"


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("nope/m.db", "does not exist"),
        (".", "is a directory"),
        ("file:notes.db", "SQLite URI"),
        ("file:x.db?mode=memory", "SQLite URI"),
    ],
)
async def test_a_path_that_cannot_be_a_journal_file_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, reason: str
) -> None:
    # SQLite would say only "unable to open database file", or read a "file:" name as a URI
    # ("mode=memory" takes writes and keeps none).
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InvalidInput, match=reason) as caught:
        await MemoryRuntime.open(where)
    assert caught.value.field == "path"
    assert os.listdir(tmp_path) == []


async def test_opening_a_current_journal_does_not_wait_for_another_writer(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.db"
    rt = await MemoryRuntime.open(path)
    await rt.observe({"type": "utterance", "content": "hello", "source": "user"})
    await rt.close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process's writer, mid-transaction
    try:
        reader = await asyncio.wait_for(MemoryRuntime.open(path), timeout=10)
        assert (await reader.head()).seq == 1 and (await reader.verify()).ok
        await reader.close()
    finally:
        other.execute("ROLLBACK")
        other.close()
