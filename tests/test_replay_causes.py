"""``replay_trace`` names every later event that can have moved the present read: a sleep
pass, a forget of a value that hid the observations stating it, a forget of items outside
the read, an identity merge. An unchanged present read names none."""

from __future__ import annotations

from typing import Any

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.replay_explain import EXPLAIN_CAP


def said(text: str, actor: str, day: int, source: str = "user") -> dict[str, Any]:
    return {
        "type": "utterance",
        "content": text,
        "source": source,
        "actor": actor,
        "occurred_at": f"2024-05-{day:02d}T10:00:00+00:00",
    }


async def test_a_sleep_pass_that_moves_the_present_read_is_named(rt: MemoryRuntime) -> None:
    texts = [
        ("Bob lives in Paris.", "user"),
        ("Bob works at Google.", "user"),
        ("Alice lives in Berlin.", "user"),
        ("Bob moved to Berlin.", "user"),
        ("Bob lives in Berlin.", "web"),
        ("Bob lives in Berlin.", "agent"),
        ("Bob likes chess.", "user"),
    ]
    for i, (text, source) in enumerate(texts):
        await rt.observe_and_route(said(text, source, i + 1, source))
    questions = ["Where does Bob work?", "Where does Alice live?", "Where did Bob move?"]
    traces = [(await rt.query(q, budget_tokens=120)).trace_id for q in questions]
    slept = await rt.sleep()
    assert slept.event_ids  # the only events after the reads: sleep.compiled
    moved = 0
    for trace_id in traces:
        assert trace_id is not None
        rep = await rt.replay_trace(trace_id)
        assert rep.identical
        named = {e["id"]: e for e in rep.present_explaining_events}
        if rep.present_identical:
            assert named == {}
            continue
        moved += 1
        assert set(named) == set(slept.event_ids)
        assert {e["kind"] for e in named.values()} == {"sleep.compiled"}
        # The summary's generalizes edges reach its sources: a source the present read
        # gained is touched by the summary compiled from it.
        assert any(e["why"] == "touches a differing item" for e in named.values())
    assert moved  # the summaries did move some of these reads


async def test_forgetting_a_value_names_the_forget_that_hid_its_statement(
    rt: MemoryRuntime,
) -> None:
    sam = await rt.observe_and_route(said("I love hiking.", "Sam", 1))
    await rt.observe_and_route(said("I play chess on weekends.", "Tom", 2))
    await rt.observe_and_route(said("Hiking in the Alps was great.", "Tom", 3))
    ctx = await rt.query("Who enjoys hiking?")
    assert ctx.trace_id is not None and sam.observation_id in {s.id for s in ctx.snippets}
    forget = await rt.forget(["Sam.likes=hiking"], "inhibit", reason="no longer true")
    rep = await rt.replay_trace(ctx.trace_id)
    # Every value the observation states is forgotten: it leaves the present read.
    assert sam.observation_id in rep.present_removed and rep.present_identical is False
    why = {e["id"]: e for e in rep.present_explaining_events}
    (inhibit,) = forget.event_ids
    assert why[inhibit] == {
        "seq": why[inhibit]["seq"],
        "id": inhibit,
        "kind": "lifecycle",
        "why": "touches a differing item",
    }


async def test_forgetting_items_outside_the_read_is_named(rt: MemoryRuntime) -> None:
    """A forget of what the read did not show can still move it (budget, activation)."""
    ids = []
    for i, source in enumerate(["user", "web", "agent"]):
        res = await rt.observe_and_route(said("Bob lives in Berlin.", source, i + 1, source))
        ids.append(res.observation_id)
    ctx = await rt.query("What do we know about Bob and Berlin?", budget_tokens=40)
    assert ctx.trace_id is not None
    shown = {s.id for s in ctx.snippets}
    assert set(ids) - shown  # some of them did not fit
    forget = await rt.forget(ids, "archive", reason="old")
    rep = await rt.replay_trace(ctx.trace_id)
    assert rep.present_identical is False
    why = {e["id"]: e["why"] for e in rep.present_explaining_events}
    assert set(why) == set(forget.event_ids)
    for event_id, target in zip(forget.event_ids, ids, strict=True):
        touching = target in rep.present_removed or target in rep.present_added
        assert why[event_id] == ("touches a differing item" if touching else "lifecycle change")


async def test_an_identity_merge_after_a_read_is_named(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(said("Bob works at Google.", "user", 1))
    await rt.observe_and_route(said("Robert works at Google.", "user", 2))
    await rt.observe_and_route(said("Robert likes chess.", "user", 3))
    robert = await rt.query("What does Robert like?")
    bob = await rt.query("Where does Bob work?")
    merge = await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    for ctx in (robert, bob):
        assert ctx.trace_id is not None
        rep = await rt.replay_trace(ctx.trace_id)
        assert rep.identical and rep.present_identical is False
        assert rep.present_explaining_events == (
            {
                "seq": merge.seq,
                "id": merge.id,
                "kind": "identity.merged",
                "why": "touches a differing item",
            },
        )


async def _alice_in_paris(rt: MemoryRuntime) -> str:
    await rt.observe_and_route(said("Alice lives in Paris.", "Alice", 1))
    await rt.observe_and_route(said("Alice lives in Paris.", "Alice", 2, source="system"))
    trace_id = (await rt.query("Where does Alice live?")).trace_id
    assert trace_id is not None
    return trace_id


def _names_the_move(rows: tuple[dict[str, Any], ...], moved: list[str]) -> bool:
    """Whether ``rows`` name the observation and the revision of a write (its
    impact.assessed record is never listed)."""
    kinds = {e["kind"] for e in rows if e["id"] in moved}
    return kinds >= {"observation", "belief.revised"}


async def test_neutral_outcomes_do_not_crowd_out_the_move(rt: MemoryRuntime) -> None:
    """A neutral outcome adds no utility and reinforces nothing: it is never a cause, and a
    busy conversation's own feedback does not push the revision out of the capped list."""
    trace_id = await _alice_in_paris(rt)
    for _ in range(EXPLAIN_CAP + 5):
        later = (await rt.query("Where does Alice live?")).trace_id
        assert later is not None
        await rt.after_turn(later, "neutral")
    moved = await rt.observe_and_route(said("Alice lives in Lyon now.", "Alice", 4))
    rep = await rt.replay_trace(trace_id)
    assert "fact:alice.location#lyon" in rep.present_worldview_added
    rows = rep.present_explaining_events
    assert _names_the_move(rows, moved.event_ids)
    assert "outcome" not in {e["kind"] for e in rows}


async def test_over_the_cap_the_latest_movers_are_kept(rt: MemoryRuntime) -> None:
    """Forty inhibit/restore cycles touch Paris as the Lyon revision does: of equal rank,
    the latest are kept, and the rows stay in journal order."""
    trace_id = await _alice_in_paris(rt)
    for i in range(40):
        await rt.forget(["fact:alice.location#paris"], "inhibit", reason=f"x{i}")
        await rt.forget(["fact:alice.location#paris"], "restore", reason=f"y{i}")
    moved = await rt.observe_and_route(said("Alice lives in Lyon now.", "Alice", 4))
    rep = await rt.replay_trace(trace_id)
    rows = rep.present_explaining_events
    assert len(rows) == EXPLAIN_CAP
    assert _names_the_move(rows, moved.event_ids)
    assert [e["seq"] for e in rows] == sorted(e["seq"] for e in rows)
    assert (await rt.replay_trace(trace_id)).present_explaining_events == rows


async def test_an_outcome_ranks_below_the_events_that_moved_the_value(
    rt: MemoryRuntime,
) -> None:
    """Successes credit Paris, then Lyon (utility, reinforcement): they touch a differing
    item, but the forget and the revision moved the slot more surely, so over the cap
    those are kept first, whether the outcomes came before them or after."""
    trace_id = await _alice_in_paris(rt)

    async def successes() -> None:
        for _ in range(EXPLAIN_CAP):
            later = (await rt.query("Where does Alice live?")).trace_id
            assert later is not None
            await rt.after_turn(later, "success")

    await successes()
    forgot = await rt.forget(["fact:alice.location#paris"], "inhibit", reason="moved")
    moved = await rt.observe_and_route(said("Alice lives in Lyon now.", "Alice", 4))
    await successes()
    rows = (await rt.replay_trace(trace_id)).present_explaining_events
    assert len(rows) == EXPLAIN_CAP
    assert _names_the_move(rows, moved.event_ids)
    assert set(forgot.event_ids) <= {e["id"] for e in rows}
    assert "outcome" in {e["kind"] for e in rows}


async def test_over_the_cap_an_earlier_move_outlasts_later_cycles(rt: MemoryRuntime) -> None:
    """The mirror of the test above: the Lyon revision comes first, then forty inhibit/restore
    cycles on Lyon. Each transition overrides the one before on the same target, so only the
    last one counts as a mover; the overridden ones fill what room is left."""
    trace_id = await _alice_in_paris(rt)
    moved = await rt.observe_and_route(said("Alice lives in Lyon now.", "Alice", 4))
    last = None
    for i in range(40):
        await rt.forget(["fact:alice.location#lyon"], "inhibit", reason=f"x{i}")
        last = await rt.forget(["fact:alice.location#lyon"], "restore", reason=f"y{i}")
    assert last is not None
    rep = await rt.replay_trace(trace_id)
    assert "fact:alice.location#lyon" in rep.present_worldview_added
    rows = rep.present_explaining_events
    assert len(rows) == EXPLAIN_CAP
    assert _names_the_move(rows, moved.event_ids)
    assert set(last.event_ids) <= {e["id"] for e in rows}  # the transition that stands
    assert [e["seq"] for e in rows] == sorted(e["seq"] for e in rows)
    assert (await rt.replay_trace(trace_id)).present_explaining_events == rows


async def test_evidence_outranks_the_edges_touching_the_same_item(rt: MemoryRuntime) -> None:
    """Sixty edges on the Lyon observation after the revision touch a differing item as the
    revision does; the revision, new evidence, moved the slot more surely and is kept."""
    paris = await rt.observe_and_route(said("Alice lives in Paris.", "Alice", 1))
    await rt.observe_and_route(said("Alice lives in Paris.", "Alice", 2, source="system"))
    trace_id = (await rt.query("Where does Alice live?")).trace_id
    assert trace_id is not None
    moved = await rt.observe_and_route(said("Alice lives in Lyon now.", "Alice", 4))
    for i in range(60):
        verb = "derive" if i == 0 else "reinforce"
        await rt.relate(
            moved.observation_id, paris.observation_id, reason=f"r{i}", verb=verb, weight=0.1
        )
    rows = (await rt.replay_trace(trace_id)).present_explaining_events
    assert len(rows) == EXPLAIN_CAP
    assert _names_the_move(rows, moved.event_ids)
    assert "edge" in {e["kind"] for e in rows}
    assert [e["seq"] for e in rows] == sorted(e["seq"] for e in rows)


async def test_overridden_lifecycle_changes_go_before_other_causes(rt: MemoryRuntime) -> None:
    """Forty inhibit/restore cycles on Lyon, then sixty unrelated observations: of the cycles
    only the transition that stands is kept, and the new evidence fills the rest."""
    trace_id = await _alice_in_paris(rt)
    moved = await rt.observe_and_route(said("Alice lives in Lyon now.", "Alice", 4))
    for i in range(40):
        await rt.forget(["fact:alice.location#lyon"], "inhibit", reason=f"x{i}")
        last = await rt.forget(["fact:alice.location#lyon"], "restore", reason=f"y{i}")
    for i in range(60):
        await rt.observe_and_route(said(f"Bob read book number {i}.", "Bob", 5))
    rows = (await rt.replay_trace(trace_id)).present_explaining_events
    assert len(rows) == EXPLAIN_CAP
    assert _names_the_move(rows, moved.event_ids)
    assert [e["id"] for e in rows if e["kind"] == "lifecycle"] == list(last.event_ids)
    assert "new indexed evidence" in {e["why"] for e in rows}
