"""The graph in reads: the trace's activation record, relation-aware suppression of journaled
edges, and questions that reach an entity through another one (the entity graph)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.events import EventDraft
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.payloads import EdgePayload

T0 = datetime(2024, 1, 1, 9, tzinfo=UTC)
DAY = timedelta(days=1)


async def journal_edges(
    rt: MemoryRuntime, clock: FixedClock, *edges: tuple[str, str, str], reason: str = ""
) -> None:
    """Journal ``(relation, source, target)`` edges as a caller's own edge evidence (there is
    no runtime verb for them)."""
    verbs = {"supersedes": "supersede", "contradicts": "contradict", "association": "derive"}
    gen = IdGenerator()
    drafts = []
    for relation, source, target in edges:
        now = clock.now()
        drafts.append(
            EventDraft(
                id=gen.new(now),
                namespace=rt.namespace,
                kind="edge",
                occurred_at=T0 + 20 * DAY,
                recorded_at=now,
                payload=EdgePayload(
                    verb=verbs[relation],
                    relation=relation,
                    source=source,
                    target=target,
                    reason=reason,
                ),
            )
        )
    await rt.journal.append(drafts)


async def wifi_notes(rt: MemoryRuntime, clock: FixedClock) -> tuple[str, str, str]:
    """``new`` supersedes ``old`` and contradicts ``wrong``; all three answer the question."""
    ids = []
    for day, where in enumerate(
        ("on the fridge note", "now on the router label", "under the desk")
    ):
        ev = await rt.observe(
            {"content": f"The wifi password is {where}.", "occurred_at": T0 + day * DAY}
        )
        ids.append(ev.id)
    for i in range(6):
        await rt.observe({"content": f"Lunch note {i}", "occurred_at": T0 + (3 + i) * DAY})
    old, new, wrong = ids
    await journal_edges(rt, clock, ("supersedes", new, old), ("contradicts", new, wrong))
    return old, new, wrong


async def activation(rt: MemoryRuntime, trace_id: str | None) -> dict[str, Any]:
    assert trace_id is not None
    payload = (await rt.trace(trace_id)).payload
    assert payload is not None and payload.activation is not None
    return payload.activation


async def test_a_contradicts_edge_suppresses_its_target_not_its_source(
    rt: MemoryRuntime, clock: FixedClock
) -> None:
    old, new, wrong = await wifi_notes(rt, clock)
    ctx = await rt.query("Where is the wifi password?")
    reasons = {s.id: s.reason for s in ctx.suppressed}
    assert reasons[wrong] == f"graph: contradicted by {new}"
    assert reasons[old] == f"graph: superseded by {new}"
    assert new not in reasons
    assert [s.id for s in ctx.snippets] == [new]
    assert "router label" in ctx.to_prompt()
    # The historical lens shows all three: suppression is a gate of current reads only.
    hist = await rt.query("Where is the wifi password?", lens="historical")
    assert {old, new, wrong} <= {s.id for s in hist.snippets}


async def test_the_trace_records_activation_paths_and_every_suppression(
    rt: MemoryRuntime, clock: FixedClock
) -> None:
    old, new, wrong = await wifi_notes(rt, clock)
    ctx = await rt.query("Where is the wifi password?")
    act = await activation(rt, ctx.trace_id)
    assert act["seeds"] >= 3
    # The replacement is reached from the superseded note: activation flows old -> new.
    assert {"id": new, "path": [old, new]} in [
        {"id": p["id"], "path": p["path"]} for p in act["paths"]
    ]
    assert {"id": wrong, "reason": f"contradicted by {new}", "path": [new, wrong]} in act[
        "suppressed"
    ]
    assert {"id": old, "reason": f"superseded by {new}", "path": [new, old]} in act["suppressed"]


async def test_the_trace_shows_suppressions_of_belief_candidates(rt: MemoryRuntime) -> None:
    """The write path's own ``contradict`` edges target belief candidates, which are not
    snippets: only the activation record can show them."""
    for day in (0, 7):
        await rt.observe_and_route(
            {"content": "I work at Globex.", "actor": "Maya", "occurred_at": T0 + day * DAY}
        )
    tom = await rt.observe_and_route(
        {"content": "Maya works at Initech.", "actor": "Tom", "occurred_at": T0 + 14 * DAY}
    )
    ctx = await rt.query("Where does Maya work?")
    act = await activation(rt, ctx.trace_id)
    cand = "fact:maya.employer#globex"
    assert {
        "id": cand,
        "reason": f"contradicted by {tom.observation_id}",
        "path": [tom.observation_id, cand],
    } in act["suppressed"]


async def say(rt: MemoryRuntime, who: str, text: str, day: int, attr: str, value: str) -> None:
    claims = [{"entity": who, "attribute": attr, "value": value, "confidence": 1.0}]
    await rt.observe_and_commit(
        {"content": text, "actor": who, "occurred_at": T0 + day * DAY, "claims": claims}
    )


async def test_a_question_reaches_linked_entities_up_to_two_hops(rt: MemoryRuntime) -> None:
    await say(rt, "Bob", "I live in Lisbon.", 0, "location", "Lisbon")
    await say(rt, "Dana", "I live in Porto.", 0, "location", "Porto")
    await say(rt, "Erin", "I live in Faro.", 0, "location", "Faro")
    await say(rt, "Bob", "My wife is Dana.", 1, "spouse", "Dana")
    await say(rt, "Alice", "My manager is Bob.", 2, "manager", "Bob")
    ctx = await rt.query("Which city is Alice's manager based in?")
    lines = [s.text for s in ctx.snippets if s.kind == "fact"]
    # Alice's own line first, then the one it leads to; the manager's wife is not asked about.
    assert lines == ["Alice manager: Bob (3 January 2024)", "Bob location: Lisbon (1 January 2024)"]
    two = await rt.query("Which city does Alice's manager's wife live in?")
    assert "Dana location: Porto (1 January 2024)" in [s.text for s in two.snippets]
    # A question about something else leaves the links alone.
    other = await rt.query("Which city does Alice live in?")
    assert not [s for s in other.snippets if s.id.startswith("fact:bob.")]
    # A link the belief no longer states leads nowhere: the old manager's city goes.
    await rt.observe_and_commit(
        {
            "content": "My manager is Erin now.",
            "actor": "Alice",
            "occurred_at": T0 + 3 * DAY,
            "claims": [{"entity": "Alice", "attribute": "manager", "value": "Erin",
                        "confidence": 1.0, "change": True}],
        }
    )  # fmt: skip
    now = await rt.query("Which city is Alice's manager based in?")
    facts = {s.id for s in now.snippets if s.kind == "fact"}
    assert facts == {"fact:alice.manager", "fact:erin.location"}
    # ... and a read of the past follows the link as it was.
    past = await rt.query("Which city is Alice's manager based in?", as_of=ctx.as_of_seq)
    assert "fact:bob.location" in {s.id for s in past.snippets}
    replay = await rt.replay_trace(ctx.trace_id or "")
    assert replay.identical


async def test_a_link_journaled_by_hand_is_not_followed_without_a_belief(
    rt: MemoryRuntime, clock: FixedClock
) -> None:
    await say(rt, "Bob", "I live in Lisbon.", 0, "location", "Lisbon")
    await say(rt, "Alice", "I live in Porto.", 1, "location", "Porto")
    # Free text where the projector puts an attribute, and one no belief of Alice's states.
    for reason in ("met at a party, once!", "manager"):
        await journal_edges(rt, clock, ("association", "entity:alice", "entity:bob"), reason=reason)
        ctx = await rt.query("Which city is Alice's manager based in?")
        assert {s.id for s in ctx.snippets if s.kind == "fact"} == {"fact:alice.location"}


async def test_a_linked_entitys_conflicted_line_settles_on_no_value(rt: MemoryRuntime) -> None:
    for day in (0, 7):
        await rt.observe_and_route(
            {"content": "I work at Globex.", "actor": "Maya", "occurred_at": T0 + day * DAY}
        )
    await rt.observe_and_route(
        {"content": "Maya works at Initech.", "actor": "Tom", "occurred_at": T0 + 14 * DAY}
    )
    await say(rt, "Alice", "My manager is Maya.", 15, "manager", "Maya")
    ctx = await rt.query("Where does Alice's manager work?")
    [line] = [s.text for s in ctx.snippets if s.id == "fact:maya.employer"]
    assert line.startswith("Maya employer [conflicted]: Initech")
    assert "Globex" in line


async def test_links_are_the_askers_own_beliefs_walked_forwards(rt: MemoryRuntime) -> None:
    from datetime import UTC, datetime, timedelta

    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    said = [
        ("Alice", "manager", "Bob", 0),
        ("Carol", "manager", "Bob", 0),
        ("Carol", "location", "Faro", 0),
        ("Bob", "location", "Lisbon", 0),
        ("Alice", "location", "Porto", 0),
        ("Alice", "mentor", "Bob", 2),  # a second claim about the same pair
    ]
    for entity, attribute, value, day in said:
        await rt.observe_and_commit(
            {
                "content": "Noted.",  # the claim only: no snippet matches the question
                "actor": entity,
                "occurred_at": t0 + timedelta(days=day),
                "claims": [{"entity": entity, "attribute": attribute, "value": value}],
            }
        )
    ctx = await rt.query("Which city is Alice's manager based in?")
    prompt = ctx.to_prompt()
    assert "Bob location: Lisbon" in prompt  # still reached after the mentor claim
    assert "Carol location" not in prompt  # a colleague is not Alice's manager
    ctx = await rt.query("Which city is Bob's manager based in?")  # Bob has none
    assert "Alice location" not in ctx.to_prompt() and "Carol location" not in ctx.to_prompt()


async def test_a_question_about_a_linked_entity_itself_brings_each_of_its_lines(
    rt: MemoryRuntime,
) -> None:
    await say(rt, "Bob", "I live in Lisbon.", 0, "location", "Lisbon")
    await say(rt, "Bob", "I work at Acme.", 1, "employer", "Acme")
    await say(rt, "Alice", "My manager is Bob.", 2, "manager", "Bob")
    await say(rt, "Alice", "I live in Porto.", 3, "location", "Porto")
    ctx = await rt.query("Tell me about Alice's manager.")
    facts = {s.id for s in ctx.snippets if s.kind == "fact"}
    # "about Alice's manager" asks about Bob, none of his attributes: each of his lines.
    assert {"fact:alice.manager", "fact:bob.location", "fact:bob.employer"} <= facts
    # One attribute asked: only that one of his.
    where = await rt.query("Where does Alice's manager work?")
    linked = {s.id for s in where.snippets if s.id.startswith("fact:bob.")}
    assert linked == {"fact:bob.employer"}


async def test_many_linked_entities_take_turns(rt: MemoryRuntime) -> None:
    kids = ["Ada", "Ben", "Cai", "Dov", "Eli", "Fay", "Gus", "Hal"]
    for i, kid in enumerate(kids):
        await say(rt, kid, f"I live in City{i}.", 0, "location", f"City{i}")
        await say(rt, kid, f"I like game{i}.", 0, "likes", f"game{i}")
        await say(rt, "Alice", f"My kid is {kid}.", 1, "child", kid)
    await say(rt, "Ana", "I am a doctor.", 0, "role", "doctor")
    await say(rt, "Alice", "My wife is Ana.", 2, "spouse", "Ana")
    ctx = await rt.query("Who are Alice's kids and what is Alice's wife's job?")
    facts = {s.id for s in ctx.snippets if s.kind == "fact"}
    assert "fact:ana.role" in facts  # eight children do not crowd the wife out
    about = await rt.query("Tell me about Alice's kids.")
    firsts = {s.id.split(".")[0] for s in about.snippets if s.kind == "fact"}
    # Each child's first line before any child's second: all eight, not four in full.
    assert {f"fact:{k.lower()}" for k in kids} <= firsts


async def test_an_attribute_asked_and_missing_brings_no_other_line(rt: MemoryRuntime) -> None:
    await say(rt, "Tom", "I live in Lisbon.", 0, "location", "Lisbon")
    await say(rt, "Alice", "My husband is Tom.", 1, "spouse", "Tom")
    ctx = await rt.query("How old is Alice's husband?")
    assert not [s for s in ctx.snippets if s.id.startswith("fact:tom.")]


async def test_words_that_are_aliases_by_chance_keep_a_linked_entity(rt: MemoryRuntime) -> None:
    await say(rt, "Maya", "I work at Acme.", 0, "employer", "Acme")
    await say(rt, "Alice", "My sister is Maya.", 1, "sibling", "Maya")
    await say(rt, "Maya", "I like tea.", 0, "likes", "tea")
    for question in (
        "What's Alice's sister like?",
        "I'd like to know about Alice's sister.",
        "Tell me about Alice's sister, we're planning a trip.",
        "What do you know about Alice's sister? I'd like to buy her a gift.",
    ):
        ctx = await rt.query(question)
        assert "fact:maya.employer" in {s.id for s in ctx.snippets}, question
    likes = await rt.query("What does Alice's sister like?")
    assert {s.id for s in likes.snippets if s.id.startswith("fact:maya.")} == {"fact:maya.likes"}
