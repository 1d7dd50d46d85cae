"""Privacy erasure: content leaves the journal rows, every projection and the file; the chain
stays verifiable and everything else about memory is untouched."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import FixedClock, InvalidInput, MemoryRuntime, UnknownEvent
from nousmem.runtime.canonical import canonical_json

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
LENSES = ("logical", "procedural", "associative", "historical", "audit")
SECRETS = ("zorblax", "quuxley", "vexmoor")
ZQ = "Where does Zorblax live?"
LAKE_Q = "Who lives by the lake?"
HEADER = ("seq", "kind", "occurred_at", "recorded_at", "causation_id", "payload_digest")


def claim(entity: str, attribute: str, value: str, **extra: Any) -> dict[str, Any]:
    return {"entity": entity, "attribute": attribute, "value": value, **extra}


def leaks(text: str) -> list[str]:
    low = text.casefold()
    return [w for w in SECRETS if w in low]


def payload_text(event: Any) -> str:
    return "" if event.payload is None else canonical_json(event.payload.model_dump(mode="json"))


def file_bytes(directory: Path) -> dict[str, bytes]:
    """Every file of a directory (the database and any -wal / -shm / journal files)."""
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def header(event: Any) -> tuple[Any, ...]:
    return (*(getattr(event, f) for f in HEADER), event.prev_hash, event.hash)


@dataclass
class Scene:
    zorblax_obs: list[str]
    zorblax_trace: str
    lake_trace: str
    lifecycle_events: list[str]


async def zorblax_scene(rt: MemoryRuntime) -> Scene:
    """Zorblax Quuxley lives in Vexmoor; Alice works at Google; Carol lives in Lisbon."""
    obs: list[str] = []
    for i in range(2):
        res = await rt.observe_and_route(
            {
                "content": f"Zorblax Quuxley lives in Vexmoor, by the lake ({i})",
                "actor": "Bob",
                "occurred_at": T0 + i * DAY,
            }
        )
        assert res.observation_id is not None
        obs.append(res.observation_id)
    said = await rt.observe_and_route(
        {
            "content": "The lakes of Vexmoor are lovely",
            "actor": "Zorblax Quuxley",
            "occurred_at": T0 + 2 * DAY,
        }
    )
    assert said.observation_id is not None
    obs.append(said.observation_id)
    for i in range(3):
        res = await rt.observe_and_commit(
            {
                "content": f"Alice works at Google ({i})",
                "actor": "Alice",
                "occurred_at": T0 + (3 + i) * DAY,
                "claims": [claim("Alice", "employer", "Google")],
            }
        )
        assert res.committed
    carol = await rt.observe_and_commit(
        {
            "content": "Carol lives in Lisbon",
            "occurred_at": T0 + 6 * DAY,
            "claims": [claim("Carol", "location", "Lisbon")],
        }
    )
    assert carol.committed
    stated = await rt.observe_and_commit(
        {
            "content": "Zorblax Quuxley lives in Vexmoor",
            "occurred_at": T0 + 7 * DAY,
            "claims": [claim("Zorblax Quuxley", "location", "Vexmoor")],
        }
    )
    assert stated.committed and stated.observation_id is not None
    obs.append(stated.observation_id)
    z = await rt.query(ZQ)
    assert "Vexmoor" in z.to_prompt() and z.trace_id is not None
    lake = await rt.query(LAKE_Q)  # its trace names no one: it only lists event ids
    assert "Vexmoor" in lake.to_prompt() and lake.trace_id is not None
    report = await rt.sleep()
    assert {c["key"] for c in report.compiled} >= {
        "frame:zorblax quuxley.location#vexmoor",
        "frame:alice.employer#google",
    }
    inhibit = await rt.forget(["Zorblax Quuxley.location=Vexmoor"], "inhibit", reason="unsure")
    restore = await rt.forget(["Zorblax Quuxley.location=Vexmoor"], "restore", reason="sure")
    return Scene(obs, z.trace_id, lake.trace_id, [*inhibit.event_ids, *restore.event_ids])


async def snapshot(rt: MemoryRuntime) -> dict[str, Any]:
    """What other entities' memory looks like (compared before/after an erasure)."""
    return {
        name: [b.model_dump(exclude={"deltas"}) for b in await rt.beliefs(name)]
        for name in ("Alice", "Carol")
    }


async def assert_reads_omit_the_entity(rt: MemoryRuntime) -> None:
    assert all(not leaks(name) for name in await rt.entities())
    assert await rt.beliefs("Zorblax Quuxley") == []
    for lens in LENSES:
        wv = await rt.worldview(lens)
        assert not leaks(wv.render()), lens
        assert not leaks(canonical_json(wv.model_dump(mode="json"))), lens
        for question in (ZQ, "Who lives in Vexmoor by the lake?", LAKE_Q):
            ctx = await rt.query(question, lens=lens)
            assert not leaks(ctx.to_prompt()), (lens, question)
            assert all(not leaks(s.text) for s in ctx.snippets), (lens, question)
            assert not leaks(canonical_json(ctx.worldview.model_dump(mode="json")))
    # The rest of memory is still there.
    ctx = await rt.query("Where does Alice work? What is Alice's employer?", lens="logical")
    assert "Google" in ctx.prompt_sections["worldview"]


# -- erase by entity ---------------------------------------------------------------------------


async def test_erase_entity_removes_content_everywhere_and_keeps_the_chain(
    tmp_path: Path, clock: FixedClock
) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="user/alice", clock=clock) as rt:
        scene = await zorblax_scene(rt)
        others = await snapshot(rt)
        before = {e.id: e async for e in rt.events()}
        named = {i for i, e in before.items() if leaks(payload_text(e))}
        assert set(scene.zorblax_obs) | {scene.zorblax_trace} | set(scene.lifecycle_events) <= named
        assert scene.lake_trace not in named

        receipt = await rt.erase(entity="Zorblax Quuxley", reason="GDPR request")

        assert receipt.verified
        erased = set(receipt.erased_event_ids)
        assert named <= erased  # every event naming the entity (and what derives from them)
        assert scene.lake_trace not in erased
        assert list(receipt.erased_event_ids) == [i for i in before if i in erased]  # journal order
        assert list(receipt.erased_seqs) == sorted(before[i].seq for i in erased)
        assert receipt.lexical_rows_removed == receipt.erased_seqs
        assert receipt.rederived_event_ids == ()
        rows = receipt.projection_rows
        assert rows["beliefs"] == 1 and rows["documents"] >= len(scene.zorblax_obs)
        assert rows["worldview_support"] >= 1 and rows["graph_edges"] >= 1
        assert receipt.erasure_event_id not in erased
        assert str(len(erased)) in receipt.render() and "chain verified  yes" in receipt.render()
        assert not leaks(receipt.render()) and not leaks(receipt.model_dump_json())
        assert await snapshot(rt) == others
        # Even while the runtime is open (the WAL was folded back), no file holds the content.
        for name, data in file_bytes(tmp_path).items():
            assert not leaks(data.decode("latin-1")), name

    # Nothing of the content is left anywhere in the files (db, -wal, -shm).
    files = file_bytes(tmp_path)
    assert path.name in files
    for name, data in files.items():
        for word in SECRETS:
            assert word.encode() not in data.lower(), (name, word)

    rt = await MemoryRuntime.open(path, namespace="user/alice", clock=clock)
    try:
        report = await rt.verify()
        head = await rt.head()
        assert report.ok and report.bad_seq is None and report.checked == head.seq
        after = [e async for e in rt.events()]
        # The export: erased events keep their headers and digests, lose their payloads.
        assert [e.id for e in after[: len(before)]] == list(before)
        for e in after:
            assert not leaks(payload_text(e)), (e.seq, e.kind)
            if e.id in erased:
                assert e.payload is None and e.erased, e.seq
                assert header(e) == header(before[e.id])
            elif e.id in before:
                assert not e.erased and payload_text(e) == payload_text(before[e.id])
        (erasure,) = [e for e in after if e.kind == "erasure"]
        assert erasure.id == receipt.erasure_event_id
        assert erasure.seq == len(before) + 1 == head.seq
        p = erasure.payload
        assert list(p.erased_ids) == list(receipt.erased_event_ids)
        assert p.reason == "GDPR request" and p.targets == ()
        assert p.entity_digest is not None and len(p.entity_digest) == 64
        assert int(p.entity_digest, 16) >= 0
        assert (await rt.get(scene.zorblax_obs[0])).payload is None

        # Traces: the one naming the entity is gone; the other replays without it.
        with pytest.raises(UnknownEvent, match="erased"):
            await rt.replay_trace(scene.zorblax_trace)
        rep = await rt.replay_trace(scene.lake_trace)
        assert not rep.identical
        assert not leaks(rep.context.to_prompt())
        assert rep.present is not None and not leaks(rep.present.to_prompt())
        assert set(rep.removed) & set(scene.zorblax_obs)
        assert receipt.erasure_event_id in {x["id"] for x in rep.explaining_events}
        assert "Lisbon" in rep.context.to_prompt()

        assert await snapshot(rt) == others
        await assert_reads_omit_the_entity(rt)
        await rt.rebuild()
        await assert_reads_omit_the_entity(rt)
        assert await snapshot(rt) == others
        assert (await rt.verify()).ok
        # Sleep after the erasure does not bring it back.
        again = await rt.sleep()
        assert not leaks(again.render())
    finally:
        await rt.close()


async def test_erase_entity_on_either_backend(rt: MemoryRuntime) -> None:
    scene = await zorblax_scene(rt)
    others = await snapshot(rt)
    receipt = await rt.erase(entity="zorblax quuxley", reason="GDPR request by Zorblax Quuxley")
    assert receipt.verified and set(scene.zorblax_obs) <= set(receipt.erased_event_ids)
    events = [e async for e in rt.events()]
    assert all(not leaks(payload_text(e)) for e in events)
    erasure = events[-1]
    assert erasure.kind == "erasure"
    # The entity named in the reason is redacted; the digest does not depend on the spelling.
    assert erasure.payload.reason == "GDPR request by [erased entity]"
    assert (await rt.verify()).ok
    assert await snapshot(rt) == others
    await assert_reads_omit_the_entity(rt)


async def test_erase_entity_named_as_a_value_of_another_belief(rt: MemoryRuntime) -> None:
    await rt.observe_and_commit(
        {
            "content": "Alice is friends with Zorblax Quuxley",
            "occurred_at": T0,
            "claims": [claim("Alice", "friend", "Zorblax Quuxley")],
        }
    )
    carol = await rt.observe_and_commit(
        {
            "content": "Alice is friends with Carol",
            "occurred_at": T0 + DAY,
            "claims": [claim("Alice", "friend", "Carol")],
        }
    )
    friends = await rt.belief("Alice", "friend")
    assert friends is not None and set(friends.held) == {"Carol", "Zorblax Quuxley"}
    receipt = await rt.erase(entity="Zorblax Quuxley", reason="GDPR request")
    # Carol's revision was computed on a prior holding the erased value: re-derived.
    assert len(receipt.rederived_event_ids) == 1
    redo = await rt.get(receipt.rederived_event_ids[0])
    assert redo.payload.revision.evidence_ids == (carol.observation_id,)
    friends = await rt.belief("Alice", "friend")
    assert friends is not None and friends.held == ("Carol",)
    assert [v for v, _ in friends.distribution] == ["Carol"]
    assert [e.seq async for e in rt.events() if leaks(payload_text(e))] == []
    assert (await rt.verify()).ok
    live = await rt.beliefs("Alice")
    await rt.rebuild()
    assert await rt.beliefs("Alice") == live


async def test_erasure_stays_inside_the_namespace(rt: MemoryRuntime) -> None:
    await zorblax_scene(rt)
    bob = rt.scoped("user/bob")
    kept = await bob.observe({"content": "Zorblax Quuxley visits Vexmoor", "occurred_at": T0})
    bob_head = await bob.head()
    await rt.erase(entity="Zorblax Quuxley", reason="GDPR request")
    assert await bob.head() == bob_head
    event = await bob.get(kept.id)
    assert event.payload is not None and "Vexmoor" in event.payload.content
    assert (await bob.verify()).ok and (await rt.verify()).ok


# -- erase by event ids --------------------------------------------------------------------------


async def test_erase_event_ids_rederives_later_revisions(rt: MemoryRuntime) -> None:
    berlin = await rt.observe_and_commit(
        {
            "content": "Alice lives in Berlin",
            "occurred_at": T0,
            "claims": [claim("Alice", "location", "Berlin")],
        }
    )
    paris = await rt.observe_and_commit(
        {
            "content": "Alice lives in Paris now",
            "occurred_at": T0 + DAY,
            "claims": [claim("Alice", "location", "Paris", change=True)],
        }
    )
    google = await rt.observe_and_commit(
        {
            "content": "Alice works at Google",
            "occurred_at": T0 + 2 * DAY,
            "claims": [claim("Alice", "employer", "Google")],
        }
    )
    assert berlin.observation_id and paris.observation_id and google.observation_id
    loc = await rt.belief("Alice", "location")
    assert loc is not None and loc.mode == "Paris" and "Berlin" in dict(loc.distribution)
    employer = await rt.belief("Alice", "employer")
    before = {e.id: e async for e in rt.events()}
    paris_delta = next(
        e.id
        for e in before.values()
        if e.kind == "belief.revised" and e.causation_id == paris.observation_id
    )

    receipt = await rt.erase(event_ids=[berlin.observation_id], reason="wrong person")

    erased = set(receipt.erased_event_ids)
    # The observation and everything derived from it (its assessment and delta) ...
    assert set(berlin.event_ids) <= erased
    # ... and the later revision of the same belief, whose prior carried Berlin.
    assert paris_delta in erased
    assert paris.observation_id not in erased
    assert erased.isdisjoint(google.event_ids)
    assert len(receipt.rederived_event_ids) == 1
    (redo,) = [await rt.get(i) for i in receipt.rederived_event_ids]
    assert redo.kind == "belief.revised" and redo.payload.rederived
    # Caused by what caused the original (so erasing that later takes the copy too).
    assert redo.causation_id == paris.observation_id
    assert redo.payload.revision == before[paris_delta].payload.revision
    assert redo.payload.revision.evidence_ids == (paris.observation_id,)
    assert redo.occurred_at == before[paris_delta].occurred_at
    assert receipt.verified and (await rt.verify()).ok

    for e in [e async for e in rt.events()]:
        assert "Berlin" not in payload_text(e), (e.seq, e.kind)
        if e.id in erased:
            assert e.payload is None and header(e) == header(before[e.id])
    # The belief supported by the surviving observation still holds, without Berlin.
    loc = await rt.belief("Alice", "location")
    assert loc is not None and loc.mode == "Paris"
    assert dict(loc.distribution) == {"Paris": 1.0}
    assert [o.value for o in loc.observed_values] == ["Paris"]
    assert await rt.belief("Alice", "employer") == employer
    for lens in LENSES:
        ctx = await rt.query("Where does Alice live? Berlin or Paris?", lens=lens)
        assert "Berlin" not in ctx.to_prompt(), lens
        assert "Berlin" not in (await rt.worldview(lens)).render(), lens
    hist = (await rt.worldview("historical")).slot("fact:alice.location")
    assert hist is not None and [c.value for c in hist.candidates] == ["Paris"]
    assert hist.candidates[0].evidence_ids == (paris.observation_id,)

    # Rebuild equals live after an erasure.
    live = await rt.beliefs("Alice")
    await rt.rebuild()
    assert await rt.beliefs("Alice") == live


async def test_erasing_an_erased_event_again_touches_nothing(rt: MemoryRuntime) -> None:
    res = await rt.observe_and_commit(
        {
            "content": "Alice lives in Berlin",
            "occurred_at": T0,
            "claims": [claim("Alice", "location", "Berlin")],
        }
    )
    assert res.observation_id is not None
    first = await rt.erase(event_ids=[res.observation_id], reason="privacy")
    assert res.observation_id in first.erased_event_ids
    second = await rt.erase(event_ids=[res.observation_id], reason="privacy")
    assert second.erased_seqs == () and second.verified
    assert (await rt.verify()).ok


async def test_receipt_of_a_repeated_erasure_lists_no_events(rt: MemoryRuntime) -> None:
    res = await rt.observe_and_commit(
        {
            "content": "Alice lives in Berlin",
            "occurred_at": T0,
            "claims": [claim("Alice", "location", "Berlin")],
        }
    )
    assert res.observation_id is not None
    await rt.erase(event_ids=[res.observation_id], reason="privacy")
    second = await rt.erase(event_ids=[res.observation_id], reason="privacy")
    assert len(second.erased_event_ids) == len(second.erased_seqs) == 0


async def test_erase_event_ids_also_removes_candidate_ids_naming_the_erased_value(
    rt: MemoryRuntime,
) -> None:
    berlin = await rt.observe_and_commit(
        {
            "content": "Alice lives in Berlin",
            "occurred_at": T0,
            "claims": [claim("Alice", "location", "Berlin")],
        }
    )
    assert berlin.observation_id is not None
    ctx = await rt.query("What is Alice's location?", lens="logical")
    assert "fact:alice.location" in {s.id for s in ctx.snippets} and ctx.trace_id is not None
    outcome = await rt.after_turn(ctx.trace_id, "success")
    assert "fact:alice.location#berlin" in outcome.payload.targets
    await rt.forget(["Alice.location=Berlin"], "archive", reason="moved away")
    await rt.observe_and_commit(
        {
            "content": "Alice lives in Paris now",
            "occurred_at": T0 + DAY,
            "claims": [claim("Alice", "location", "Paris", change=True)],
        }
    )
    await rt.erase(event_ids=[berlin.observation_id], reason="privacy")
    survivors = [
        (e.seq, e.kind) async for e in rt.events() if "berlin" in payload_text(e).casefold()
    ]
    assert survivors == []


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"reason": "r"}, "event_ids"),
        ({"event_ids": ["GOOD"], "entity": "Alice", "reason": "r"}, "event_ids"),
        ({"event_ids": ["GOOD"], "reason": ""}, "reason"),
        ({"event_ids": ["GOOD"], "reason": "   "}, "reason"),
        ({"event_ids": ["GOOD"], "reason": None}, "reason"),
        ({"entity": "Alice", "reason": ""}, "reason"),
        ({"entity": "", "reason": "r"}, "entity"),
        ({"entity": "   ", "reason": "r"}, "entity"),
        ({"entity": 42, "reason": "r"}, "entity"),
        ({"entity": "[", "reason": "r"}, "entity"),
        ({"entity": " -- ", "reason": "r"}, "entity"),
        ({"entity": "Alice", "reason": "r" * 4001}, "reason"),
        ({"event_ids": [], "reason": "r"}, "event_ids"),
        ({"event_ids": "GOOD", "reason": "r"}, "event_ids"),
        ({"event_ids": 5, "reason": "r"}, "event_ids"),
        ({"event_ids": ["01HZZZZZZZZZZZZZZZZZZZZZZZ"], "reason": "r"}, "event_ids.0"),
        ({"event_ids": ["GOOD", "no-such-event"], "reason": "r"}, "event_ids.1"),
        ({"event_ids": ["FOREIGN"], "reason": "r"}, "event_ids.0"),
    ],
)
async def test_bad_erase_input_names_the_field_and_writes_nothing(
    rt: MemoryRuntime, kwargs: dict[str, Any], field: str
) -> None:
    res = await rt.observe_and_commit(
        {
            "content": "Alice lives in Berlin",
            "occurred_at": T0,
            "claims": [claim("Alice", "location", "Berlin")],
        }
    )
    assert res.observation_id is not None
    foreign = await rt.scoped("user/bob").observe({"content": "Bob likes tea", "occurred_at": T0})
    swap = {"GOOD": res.observation_id, "FOREIGN": foreign.id}
    call = dict(kwargs)
    if isinstance(call.get("event_ids"), list):
        call["event_ids"] = [swap.get(i, i) for i in call["event_ids"]]
    elif isinstance(call.get("event_ids"), str):
        call["event_ids"] = swap[call["event_ids"]]
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.erase(**call)
    assert info.value.field == field
    assert await rt.head() == head
    event = await rt.get(res.observation_id)
    assert event.payload is not None and not event.erased
    assert (await rt.belief("Alice", "location")) is not None


# -- append-only still holds ----------------------------------------------------------------------


async def test_plain_sql_still_cannot_update_or_delete_after_an_erasure(
    tmp_path: Path, clock: FixedClock
) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="user/alice", clock=clock) as rt:
        res = await rt.observe_and_commit(
            {
                "content": "Alice lives in Berlin",
                "occurred_at": T0,
                "claims": [claim("Alice", "location", "Berlin")],
            }
        )
        await rt.observe({"content": "Alice likes tea", "occurred_at": T0 + DAY})
        assert res.observation_id is not None
        receipt = await rt.erase(event_ids=[res.observation_id], reason="privacy")
        erased_seq = receipt.erased_seqs[0]
        count = (await rt.head()).seq
    conn = sqlite3.connect(path)
    try:
        for stmt in (
            f"UPDATE events SET payload = '{{}}' WHERE seq = {erased_seq}",  # refill an erased row
            f"UPDATE events SET erased = 0 WHERE seq = {erased_seq}",  # un-erase
            f"UPDATE events SET payload = NULL, erased = 1, kind = 'x' WHERE seq = {count}",
            f"UPDATE events SET payload = '{{}}' WHERE seq = {count}",
            "UPDATE events SET occurred_at = '2020-01-01T00:00:00.000000Z'",
            f"DELETE FROM events WHERE seq = {erased_seq}",
            "DELETE FROM events",
        ):
            with pytest.raises(sqlite3.DatabaseError, match="nousmem"):
                conn.execute(stmt)
        conn.rollback()
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == count
    finally:
        conn.close()
    async with MemoryRuntime.open(path, namespace="user/alice", clock=clock) as rt:
        assert (await rt.verify()).ok
        assert (await rt.get(res.observation_id)).payload is None
