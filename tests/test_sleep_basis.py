"""Compiled sleep items stay current only while memory still believes what they state.

A frame, schema or conflict note restates belief values. Once such a value is forgotten,
superseded or negated (or the conflict is settled), the item leaves current reads at once,
decided at read time so reads as of an earlier point, replays and rebuilds stay exact; the
next ``sleep()`` withdraws it with a journaled ``lifecycle`` event, and compiles it again if
its cluster comes back. Forgetting the latest version brings no older one back, and a
summary cites (so an erasure takes) every event whose value it quotes.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from nousmem.runtime import MemoryRuntime, RouteResult, SleepReport

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
FRAME = "frame:alice.employer#google"


async def say(rt: MemoryRuntime, text: str, actor: str, day: int) -> RouteResult:
    return await rt.observe_and_route(
        {"content": text, "actor": actor, "occurred_at": T0 + day * DAY}
    )


async def snapshot_lines(rt: MemoryRuntime, question: str) -> str:
    return (await rt.query(question)).prompt_sections["worldview"]


def by_key(report: SleepReport) -> dict[str, dict[str, Any]]:
    return {c["key"]: c for c in report.compiled}


async def payloads_with(rt: MemoryRuntime, word: str) -> list[tuple[int, str]]:
    return [
        (e.seq, e.kind)
        async for e in rt.events()
        if e.payload is not None and word in json.dumps(e.payload.model_dump(mode="json"))
    ]


# -- bug 1: a conflict note cites every event whose value it quotes ------------------------------


async def test_erasing_a_quoted_value_takes_the_conflict_note_with_it(rt: MemoryRuntime) -> None:
    await say(rt, "I work at Globex.", "Maya", 0)
    await say(rt, "I work at Globex.", "Maya", 7)
    tom = await say(rt, "Maya works at Initech.", "Tom", 14)  # the slot is conflicted
    assert tom.observation_id is not None
    await rt.forget([tom.observation_id], "inhibit", reason="unreliable gossip")
    note = by_key(await rt.sleep())["conflict:fact:maya.employer"]
    assert "Initech" in note["summary"]
    # It quotes Initech, so it cites Tom's statement, forgotten or not.
    assert tom.observation_id in note["sources"]

    receipt = await rt.erase(event_ids=[tom.observation_id], reason="user asked")
    assert note["event_id"] in receipt.erased_event_ids
    assert await payloads_with(rt, "Initech") == []
    assert "Initech" not in (await rt.query("Where does Maya work?")).to_prompt()
    assert "Initech" not in (await rt.worldview("associative")).render()


# -- bug 2: a forgotten value leaves reads through its frame too ---------------------------------


async def test_forgotten_value_leaves_reads_and_sleep_withdraws_its_frame(
    rt: MemoryRuntime,
) -> None:
    for i in range(3):
        await say(rt, "I work at Google.", "Alice", i)
    await say(rt, "I love hiking.", "Alice", 4)
    frame = by_key(await rt.sleep())[FRAME]
    before = await rt.query("Where does Alice work?")
    assert frame["summary"] in before.prompt_sections["worldview"]
    compiled_at = (await rt.head()).seq

    await rt.forget(["Alice.employer=Google"], "inhibit", reason="never worked there")
    # At once, before any sleep: the read judges the frame by what memory believes now.
    assert "Google" not in await snapshot_lines(rt, "Where does Alice work?")
    for lens in ("associative", "procedural", "logical"):
        assert "Google" not in (await rt.worldview(lens)).render(), lens
    historical = (await rt.worldview("historical")).render()
    assert f"{frame['summary']} (since 5 January 2024) [obsolete]" in historical
    # Reads as of a point before the forget still show it, and so does a replay.
    past = await rt.worldview("associative", as_of=compiled_at)
    assert frame["summary"] in past.render()
    assert (await rt.replay_trace(before.trace_id)).identical

    # The next pass takes it back, in the journal; a third pass has nothing left to do.
    head = (await rt.head()).seq
    again = await rt.sleep()
    assert again.compiled == ()
    assert [(w["key"], w["item_id"]) for w in again.withdrawn] == [(FRAME, frame["event_id"])]
    assert "fact:alice.employer" in again.withdrawn[0]["reason"]
    assert "withdrawn 1" in again.render()
    events = [e async for e in rt.events(after_seq=head)]
    assert [(e.kind, e.payload.target, e.payload.to_state) for e in events] == [
        ("lifecycle", frame["event_id"], "obsolete")
    ]
    assert (await rt.lifecycle(frame["event_id"])).state == "obsolete"
    assert (await rt.sleep()).event_ids == ()
    live = await rt.worldview("historical")
    await rt.rebuild()
    assert await rt.worldview("historical") == live

    # Restored, the value is believed again: sleep compiles the frame anew.
    await rt.forget(["Alice.employer=Google"], "restore", reason="right after all")
    back = by_key(await rt.sleep())
    assert back[FRAME]["summary"] == frame["summary"]
    assert back[FRAME]["summary"] in await snapshot_lines(rt, "Where does Alice work?")
    assert (await rt.sleep()).event_ids == ()


# -- bug 3: superseded, negated and settled --------------------------------------------------


async def test_superseded_value_takes_its_frame_and_schema_out_of_reads(
    rt: MemoryRuntime,
) -> None:
    for i in range(3):
        await say(rt, "I work at Google.", "Alice", i)
    for i in range(2):
        await say(rt, "I work at Google.", "Bob", 3 + i)
    first = by_key(await rt.sleep())
    assert set(first) == {FRAME, "schema:employer#google"}
    await say(rt, "I just joined Sarvam AI, I left Google.", "Alice", 10)

    lines = await snapshot_lines(rt, "Where does Alice work?")
    assert "Sarvam AI" in lines and "Google" not in lines
    again = await rt.sleep()
    assert {w["key"] for w in again.withdrawn} == {FRAME, "schema:employer#google"}
    assert "Google" not in await snapshot_lines(rt, "Where does Alice work?")
    # Bob still works at Google: only what no longer holds went.
    bob = await rt.belief("Bob", "employer")
    assert bob is not None and bob.mode == "Google"


async def test_negated_preference_takes_its_frame_out_of_reads(rt: MemoryRuntime) -> None:
    for i in range(3):
        await say(rt, "I love hiking.", "Sam", i)
    frame = by_key(await rt.sleep())["frame:sam.likes#hiking"]
    assert frame["summary"] in await snapshot_lines(rt, "What does Sam like?")
    await say(rt, "I don't like hiking anymore.", "Sam", 10)
    sam = await rt.belief("Sam", "likes")
    assert sam is not None and sam.held == ()
    assert "hiking" not in await snapshot_lines(rt, "What does Sam like?")
    assert [w["key"] for w in (await rt.sleep()).withdrawn] == ["frame:sam.likes#hiking"]


async def test_settled_conflict_takes_its_note_out_of_reads(rt: MemoryRuntime) -> None:
    await say(rt, "I work at Globex.", "Maya", 0)
    await say(rt, "I work at Globex.", "Maya", 7)
    await say(rt, "Maya works at Initech.", "Tom", 14)
    note = by_key(await rt.sleep())["conflict:fact:maya.employer"]
    assert note["summary"] in await snapshot_lines(rt, "Where does Maya work?")
    await say(rt, "I now work at Initech.", "Maya", 16)  # settles it
    lines = await snapshot_lines(rt, "Where does Maya work?")
    assert "Initech" in lines and "Unresolved conflict" not in lines
    withdrawn = (await rt.sleep()).withdrawn
    assert [w["key"] for w in withdrawn] == ["conflict:fact:maya.employer"]
    assert "no longer in dispute" in withdrawn[0]["reason"]


# -- bug 4: forgetting the latest version brings no older one back ---------------------------


async def test_inhibiting_the_latest_version_keeps_older_ones_superseded(
    rt: MemoryRuntime,
) -> None:
    for i in range(3):
        await say(rt, "I love hiking.", "Sam", i)
    v1 = (await rt.sleep()).compiled[0]
    await say(rt, "I love hiking.", "Sam", 5)
    v2 = (await rt.sleep()).compiled[0]
    assert v2["key"] == v1["key"] and v2["summary"] != v1["summary"]

    await rt.forget([v2["event_id"]], "inhibit", reason="do not use this summary")
    for lens in ("associative", "procedural"):
        shown = (await rt.worldview(lens)).render()
        assert v1["summary"] not in shown and v2["summary"] not in shown, lens
    assert v1["summary"] not in (await rt.query("What does Sam like?")).to_prompt()
    historical = {c.id: c for s in (await rt.worldview("historical")).slots for c in s.candidates}
    assert historical[v1["event_id"]].status == "superseded"
    assert historical[v2["event_id"]].status == "inhibited"
    # What a caller forgot stays forgotten: sleep neither recompiles nor withdraws it.
    again = await rt.sleep()
    assert again.event_ids == () and again.withdrawn == ()


# -- bug 8: a frame is dated by its sources --------------------------------------------------


async def test_frame_dates_come_from_its_sources_only(rt: MemoryRuntime) -> None:
    ids: list[str | None] = []
    for day in (0, 30, 31, 32):
        res = await say(rt, "I work at Google.", "Alice", day)
        ids.append(res.observation_id)
    await rt.forget([ids[0]], "invalidate", reason="that note was about someone else")
    frame = by_key(await rt.sleep())[FRAME]
    assert ids[0] not in frame["sources"]
    assert frame["summary"] == (
        "Alice employer: Google (stated 3 times, 31 January 2024 to 2 February 2024)"
    )


async def test_sleep_withdraws_a_frame_left_with_too_few_sources(rt: MemoryRuntime) -> None:
    ids = [(await say(rt, "I work at Google.", "Alice", i)).observation_id for i in range(3)]
    frame = by_key(await rt.sleep())[FRAME]
    await rt.forget([ids[0] or ""], "invalidate", reason="about someone else")
    # Still believed, so still shown; but "stated 3 times" no longer holds.
    assert frame["summary"] in await snapshot_lines(rt, "Where does Alice work?")
    again = await rt.sleep()
    assert [(w["key"], w["reason"]) for w in again.withdrawn] == [(FRAME, "only 2 source(s) left")]
    assert "Alice employer: Google" not in await snapshot_lines(rt, "Where does Alice work?")
    # A new statement makes a cluster again: a new version, dated by its sources.
    await say(rt, "I work at Google.", "Alice", 9)
    back = by_key(await rt.sleep())[FRAME]
    assert (
        back["summary"]
        == "Alice employer: Google (stated 3 times, 2 January 2024 to 10 January 2024)"
    )
    assert back["summary"] in await snapshot_lines(rt, "Where does Alice work?")


# -- a read judges only the compiled items it can show ------------------------------------------


async def test_a_read_shows_and_judges_only_its_entities_compiled_items(
    rt: MemoryRuntime, monkeypatch: Any
) -> None:
    """A frame restates one entity's belief: a read about Carol neither lists nor judges
    Alice's (a namespace with thousands of frames judged them all on every read). A read
    naming no entity keeps the schemas, which generalise over entities."""
    for i in range(3):
        await say(rt, "I work at Google.", "Alice", i)
    for i in range(3):
        await say(rt, "I work at Initech.", "Carol", 3 + i)
    for i in range(2):
        await say(rt, "I work at Google.", "Bob", 6 + i)
    carol = "frame:carol.employer#initech"
    assert set(by_key(await rt.sleep())) == {FRAME, carol, "schema:employer#google"}
    wv = type(rt._proj.worldview)
    judge = wv.compiled_unheld
    judged: list[str] = []

    def counting(self: Any, event_id: str, slot_at: Any, held_at: Any = None) -> str | None:
        judged.append(self.compiled_items[event_id].key)
        return judge(self, event_id, slot_at, held_at)  # type: ignore[no-any-return]

    monkeypatch.setattr(wv, "compiled_unheld", counting)
    ctx = await rt.query("Where does Carol work?")
    assert {s.id for s in ctx.worldview.slots} == {"fact:carol.employer", f"schema:{carol}"}
    assert "Initech (stated 3 times" in ctx.prompt_sections["worldview"]
    assert judged == [carol]
    judged.clear()
    ctx = await rt.query("What happened?")
    assert {s.id for s in ctx.worldview.slots} == {"schema:employer#google"}
    assert judged == ["schema:employer#google"]
    # Alice's frame is still hers to show.
    assert "Google (stated 3 times" in await snapshot_lines(rt, "Where does Alice work?")


async def test_a_later_recompilation_or_merge_leaves_an_earlier_read_as_it_was(
    rt: MemoryRuntime,
) -> None:
    """Which compiled items a read covers is decided as of the read: a schema recompiled to
    name Carol later, or a merge later, must not change a recorded read or a read as of it."""
    await say(rt, "I work at Google.", "Alice", 1)
    await say(rt, "I work at Google.", "Bob", 2)
    for i in range(3):
        await say(rt, "I work at Initech.", "Robert", 3 + i)
    await say(rt, "I live in Paris.", "Carol", 6)
    await rt.sleep()  # schema:employer#google for Alice, Bob; Robert's frame
    carol = await rt.query("Where does Carol work?", budget_tokens=5000)
    bob = await rt.query("Where does Bob work?", budget_tokens=5000)
    assert "schema" not in carol.prompt_sections["worldview"]
    assert "Robert employer" not in bob.prompt_sections["worldview"]

    await say(rt, "I work at Google.", "Carol", 7)
    await rt.sleep()  # the schema again, now naming Carol
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    for ctx in (carol, bob):
        assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical
        again = await rt.query(ctx.plan["question"], budget_tokens=5000, as_of=ctx.as_of_seq)
        assert again.to_prompt() == ctx.to_prompt()
    # The merge took Bob's Google out of the slot (Robert's Initech, said three times
    # after it, holds it): a schema stating Bob works at Google no longer stands.
    bob_now = await rt.belief("Bob", "employer")
    assert bob_now is not None and bob_now.mode == "Initech"
    now = await rt.query("Where does Carol work?", budget_tokens=5000)
    assert "for Alice, Bob, Carol" not in now.prompt_sections["worldview"]


async def test_a_schema_states_only_the_entities_its_summary_names(rt: MemoryRuntime) -> None:
    """Alice's turn also says Carol works at Google; the schema names Alice and Bob. Carol
    leaving Google must neither hide it nor make it hers."""
    await say(rt, "I work at Google. Carol works at Google.", "Alice", 0)
    await say(rt, "I work at Google.", "Bob", 1)
    for i in range(3):
        await say(rt, "I just joined Initech, I no longer work at Google.", "Carol", 2 + i)
    compiled = by_key(await rt.sleep())
    schema = compiled["schema:employer#google"]
    assert schema["summary"].endswith("for Alice, Bob")
    basis = rt._proj.worldview.compiled_items[schema["event_id"]]
    assert {e for e, _, _ in basis.values} == {"alice", "bob"}
    assert "Shared pattern" in await snapshot_lines(rt, "Who works at Google?")
    carol = await rt.worldview("historical", entities=["Carol"])
    assert "schema:employer#google" not in {s.id for s in carol.slots}


async def test_a_frame_keeps_what_it_states_when_an_erasure_rederives_its_revisions(
    rt: MemoryRuntime,
) -> None:
    """Erasing an earlier statement re-derives the later revisions after the frame in the
    journal; the frame still states Alice's employer (from its key), so it stays out of
    reads about others and leaves reads once Alice moves on."""
    first = await say(rt, "I work at Globex.", "Alice", 0)
    for i in range(3):
        await say(rt, "I work at Google.", "Alice", 1 + i)
    await say(rt, "I live in Paris.", "Carol", 5)
    assert FRAME in by_key(await rt.sleep())
    receipt = await rt.erase(event_ids=[first.observation_id], reason="wrong")
    assert receipt.rederived_event_ids  # the revisions now come after the frame
    assert "Google" not in await snapshot_lines(rt, "Where does Carol live?")
    assert "stated 3 times" in await snapshot_lines(rt, "Where does Alice work?")
    for i in range(3):
        await say(rt, "I just joined Initech, I no longer work at Google.", "Alice", 10 + i)
    lines = await snapshot_lines(rt, "Where does Alice work?")
    assert "Initech" in lines and "Google" not in lines


async def test_erasing_the_latest_summary_takes_its_earlier_versions(rt: MemoryRuntime) -> None:
    """The caller forgot the latest version of a schema; erasing Zed, whom it names, must
    not bring the older "for Bob, Robert" copy back as current."""
    await say(rt, "I work at Initech.", "Bob", 1)
    await say(rt, "I work at Initech.", "Robert", 2)
    (v1,) = (await rt.sleep()).compiled
    await say(rt, "I work at Initech.", "Zed", 3)
    (v2,) = (await rt.sleep()).compiled
    assert v1["key"] == v2["key"]
    await rt.forget([v2["event_id"]], "inhibit", reason="do not show this pattern")
    before = await rt.query("What happened?", budget_tokens=5000)
    assert "Shared pattern" not in before.prompt_sections["worldview"]
    receipt = await rt.erase(entity="Zed", reason="privacy")
    assert {v1["event_id"], v2["event_id"]} <= set(receipt.erased_event_ids)
    assert (await rt.replay_trace(before.trace_id, compare_present=False)).identical
    now = await rt.query("What happened?", budget_tokens=5000)
    assert "Shared pattern" not in now.prompt_sections["worldview"]
    assert (await rt.verify()).ok
