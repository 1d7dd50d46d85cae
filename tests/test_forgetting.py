"""Forgetting on the runtime: the verbs, the journaled state machine, lenses and TTL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSpec
from nousmem.projections.worldview_models import WorldviewCandidate, WorldviewSnapshot
from nousmem.runtime import FixedClock, InvalidInput, MemoryRuntime, UnsupportedOperation
from tests.helpers import kinds_after

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
Q = "What is Alice's employer? Which editor theme does Alice prefer, dark mode?"
PREF_TEXT = "I prefer dark mode in editors"
BELIEF = "fact:alice.employer#google"
NORMAL = ("logical", "procedural", "associative")
FULL = ("historical", "audit")
HIDING = [
    ("inhibit", "inhibited"),
    ("invalidate", "obsolete"),
    ("archive", "archived"),
    ("compress", "compressed"),
    ("expire", "obsolete"),
]
WEATHER = "Weather API says Lisbon is sunny at 24 degrees"
WEATHER_Q = "What did the weather API say about Lisbon?"

Opener = Callable[..., AbstractAsyncContextManager[MemoryRuntime]]


@pytest.fixture(params=["sqlite", "memory"])
def open_rt(request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock) -> Opener:
    """Open a runtime with a custom config on the parametrised backend."""

    @asynccontextmanager
    async def opener(config: dict[str, Any] | None = None) -> AsyncIterator[MemoryRuntime]:
        if request.param == "sqlite":
            rt = await MemoryRuntime.open(
                tmp_path / "m.db", namespace="user/alice", clock=clock, config=config
            )
        else:
            rt = await MemoryRuntime.memory(namespace="user/alice", clock=clock, config=config)
        try:
            yield rt
        finally:
            await rt.close()

    return opener


async def build(rt: MemoryRuntime) -> str:
    """Alice works at Google (three times) and prefers dark mode; returns the preference id."""
    for i in range(3):
        res = await rt.observe_and_commit(
            {
                "content": f"Alice works at Google ({i})",
                "actor": "Alice",
                "occurred_at": T0 + i * DAY,
                "claims": [{"entity": "Alice", "attribute": "employer", "value": "Google"}],
            }
        )
        assert res.committed
    pref = await rt.observe_and_route(
        {
            "content": PREF_TEXT,
            "type": "user_preference",
            "keywords": ["theme"],
            "actor": "Alice",
            "occurred_at": T0 + 3 * DAY,
        }
    )
    assert pref.observation_id is not None
    return pref.observation_id


def candidates(wv: WorldviewSnapshot) -> dict[str, WorldviewCandidate]:
    return {c.id: c for s in wv.slots for c in s.candidates}


# -- the hiding verbs and the lenses ------------------------------------------------------------


@pytest.mark.parametrize(("verb", "state"), HIDING)
async def test_hiding_verb_hides_from_normal_lenses_only_and_restore_undoes_it(
    rt: MemoryRuntime, verb: str, state: str
) -> None:
    pref = await build(rt)
    before = (await rt.head()).seq
    res = await rt.forget([pref, "Alice.employer=Google"], verb, reason="testing forgetting")
    assert res.verb == verb and res.refused == ()
    assert res.applied == (
        {"target": pref, "from": "fresh", "to": state},
        {"target": BELIEF, "from": "fresh", "to": state},
    )
    assert len(res.event_ids) == 2
    for eid, target in zip(res.event_ids, (pref, BELIEF), strict=True):
        event = await rt.get(eid)
        assert event.kind == "lifecycle" and event.seq > before
        p = event.payload
        assert (p.target, p.from_state, p.to_state, p.verb) == (target, "fresh", state, verb)
        assert p.reason == "testing forgetting"
    # The source records stay in the journal untouched.
    assert (await rt.get(pref)).payload.content == PREF_TEXT

    for lens in NORMAL:
        ctx = await rt.query(Q, lens=lens)
        ids = {s.id for s in ctx.snippets}
        assert pref not in ids, lens
        assert "fact:alice.employer" not in ids, lens
        assert (pref, f"lifecycle: {state}") in {(s.id, s.reason) for s in ctx.suppressed}, lens
        assert PREF_TEXT not in ctx.to_prompt(), lens
        assert "Google" not in ctx.prompt_sections["worldview"], lens
        assert {pref, BELIEF}.isdisjoint(candidates(await rt.worldview(lens))), lens
    for lens in FULL:
        ctx = await rt.query(Q, lens=lens)
        ids = {s.id for s in ctx.snippets}
        assert pref in ids and "fact:alice.employer" in ids, lens
        assert pref not in {s.id for s in ctx.suppressed}, lens
        fact = next(s for s in ctx.snippets if s.id == "fact:alice.employer")
        assert "Google" in fact.text
        cands = candidates(await rt.worldview(lens))
        for target in (pref, BELIEF):
            assert (cands[target].status, cands[target].lifecycle) == (state, state), lens

    back = await rt.forget([pref, BELIEF], "restore", reason="needed after all")
    assert back.applied == (
        {"target": pref, "from": state, "to": "fresh"},
        {"target": BELIEF, "from": state, "to": "fresh"},
    )
    for lens in NORMAL:
        ctx = await rt.query(Q, lens=lens)
        assert pref in {s.id for s in ctx.snippets}, lens
        assert all(not s.reason.startswith("lifecycle") for s in ctx.suppressed), lens
    logical = await rt.worldview("logical")
    employer = logical.slot("fact:alice.employer")
    theme = logical.slot("preference:alice/theme")
    assert employer is not None and employer.selected == ("Google",)
    assert theme is not None and theme.selected == (PREF_TEXT,)
    assert "fact:alice.employer" in {s.id for s in (await rt.query(Q, lens="logical")).snippets}


async def test_candidate_target_forms_resolve_to_one_candidate(rt: MemoryRuntime) -> None:
    await build(rt)
    res = await rt.forget(["fact:Alice.employer#Google"], "inhibit", reason="r")
    assert res.applied == ({"target": BELIEF, "from": "fresh", "to": "inhibited"},)
    for form in ("Alice.employer=Google", "alice.employer=google", BELIEF):
        view = await rt.lifecycle(form)
        assert view.target == BELIEF and view.state == "inhibited"
    again = await rt.forget(["Alice.employer=Google"], "inhibit", reason="r")
    assert again.applied == ()
    assert again.refused[0]["target"] == BELIEF


# -- decay --------------------------------------------------------------------------------------


async def test_decay_of_a_fresh_item_is_refused_and_journaled(rt: MemoryRuntime) -> None:
    pref = await build(rt)
    res = await rt.forget([pref, "Alice.employer=Google"], "decay", reason="unused lately")
    assert res.applied == ()
    assert [r["target"] for r in res.refused] == [pref, BELIEF]
    for r in res.refused:
        assert r["state"] == "fresh"
        assert "cannot decay from fresh" in r["reason"]
    assert len(res.event_ids) == 2
    for eid, refusal in zip(res.event_ids, res.refused, strict=True):
        event = await rt.get(eid)
        assert event.kind == "lifecycle.refused"
        p = event.payload
        assert (p.target, p.from_state, p.requested, p.verb) == (
            refusal["target"],
            "fresh",
            "decay",
            "decay",
        )
        assert p.reason == refusal["reason"] and p.reason
    for target in (pref, BELIEF):
        view = await rt.lifecycle(target)
        assert view.state == "fresh" and view.history == ()
    # A refusal changes nothing a read sees.
    ctx = await rt.query(Q, lens="logical")
    assert pref in {s.id for s in ctx.snippets}


async def test_decay_after_reinforcement_steps_one_rung_down_and_stays_visible(
    rt: MemoryRuntime,
) -> None:
    pref = await build(rt)
    ctx = await rt.query(Q, lens="logical")
    assert {pref, "fact:alice.employer"} <= {s.id for s in ctx.snippets}
    assert ctx.trace_id is not None
    await rt.after_turn(ctx.trace_id, "success")
    before = candidates(await rt.worldview("logical"))
    for target in (pref, BELIEF):
        assert (await rt.lifecycle(target)).state == "reinforced"
        assert before[target].lifecycle == "reinforced"
    res = await rt.forget([pref, BELIEF], "decay", reason="unused lately")
    assert res.refused == ()
    assert res.applied == (
        {"target": pref, "from": "reinforced", "to": "linked"},
        {"target": BELIEF, "from": "reinforced", "to": "linked"},
    )
    after = candidates(await rt.worldview("logical"))
    for target in (pref, BELIEF):
        assert after[target].lifecycle == "linked"
        assert after[target].status == "selected"
        assert after[target].components.commitment < before[target].components.commitment
    ctx = await rt.query(Q, lens="logical")
    assert {pref, "fact:alice.employer"} <= {s.id for s in ctx.snippets}
    # Decay is one rung at a time and needs fresh evidence to climb back.
    view = await rt.lifecycle(pref)
    assert [(t.verb, t.from_state, t.to_state) for t in view.history] == [
        ("reinforce", "fresh", "reinforced"),
        ("decay", "reinforced", "linked"),
    ]
    assert view.history[-1].reinforcements == 0


# -- delete is not a verb -----------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["delete", "remove", "erase", "purge", " Delete "])
async def test_delete_is_refused_pointing_to_erase(rt: MemoryRuntime, verb: str) -> None:
    pref = await build(rt)
    head = await rt.head()
    with pytest.raises(UnsupportedOperation) as info:
        await rt.forget([pref], verb, reason="privacy")
    assert "erase" in str(info.value)
    assert await rt.head() == head
    assert (await rt.lifecycle(pref)).history == ()


# -- illegal transitions ------------------------------------------------------------------------


async def test_illegal_transitions_are_refused_and_journaled(rt: MemoryRuntime) -> None:
    pref = await build(rt)
    steps: list[tuple[str, str, str | None]] = [
        # (verb, expected state afterwards, refusal reason fragment or None if legal)
        ("restore", "fresh", "not hidden"),
        ("archive", "archived", None),
        ("archive", "archived", "cannot archive from archived"),
        ("inhibit", "archived", "cannot inhibit from archived"),
        ("decay", "archived", "restore it first"),
        ("expire", "archived", "cannot expire from archived"),
        ("compress", "compressed", None),
        ("archive", "compressed", "cannot archive from compressed"),
        ("restore", "archived", None),
        ("restore", "fresh", None),
        ("restore", "fresh", "not hidden"),
    ]
    refusals = 0
    for verb, state, refusal in steps:
        seq = (await rt.head()).seq
        res = await rt.forget([pref], verb, reason=f"step {verb}")
        kinds = await kinds_after(rt, seq)
        if refusal is None:
            assert res.refused == () and len(res.applied) == 1, verb
            assert kinds == ["lifecycle"], verb
        else:
            refusals += 1
            assert res.applied == (), verb
            (r,) = res.refused
            assert refusal in r["reason"], (verb, r)
            assert kinds == ["lifecycle.refused"], verb
            event = await rt.get(res.event_ids[0])
            assert event.payload.requested == verb and refusal in event.payload.reason
        assert (await rt.lifecycle(pref)).state == state, verb
    refused_events = [e async for e in rt.events(kinds=["lifecycle.refused"])]
    assert len(refused_events) == refusals
    # Only the legal transitions are in the history.
    history = (await rt.lifecycle(pref)).history
    assert [t.verb for t in history] == ["archive", "compress", "restore", "restore"]


async def test_the_same_target_twice_in_one_call_is_refused_the_second_time(
    rt: MemoryRuntime,
) -> None:
    pref = await build(rt)
    res = await rt.forget([pref, pref], "archive", reason="twice")
    assert res.applied == ({"target": pref, "from": "fresh", "to": "archived"},)
    assert len(res.refused) == 1 and res.refused[0]["reason"] == "duplicate target"
    kinds = [(await rt.get(e)).kind for e in res.event_ids]
    assert kinds == ["lifecycle", "lifecycle.refused"]
    assert (await rt.lifecycle(pref)).state == "archived"


# -- rt.lifecycle -------------------------------------------------------------------------------


async def test_lifecycle_shows_state_and_transition_history(rt: MemoryRuntime) -> None:
    pref = await build(rt)
    view = await rt.lifecycle(pref)
    assert (view.target, view.state, view.effective_state, view.history) == (
        pref,
        "fresh",
        "fresh",
        (),
    )
    ids: list[str] = []
    for verb, reason in (
        ("inhibit", "noisy"),
        ("restore", "useful again"),
        ("archive", "old"),
        ("compress", "summarised"),
    ):
        res = await rt.forget([pref], verb, reason=reason)
        ids += list(res.event_ids)
    view = await rt.lifecycle(pref)
    assert view.state == view.effective_state == "compressed"
    assert view.reason == "summarised"
    assert [(t.verb, t.from_state, t.to_state, t.reason) for t in view.history] == [
        ("inhibit", "fresh", "inhibited", "noisy"),
        ("restore", "inhibited", "fresh", "useful again"),
        ("archive", "fresh", "archived", "old"),
        ("compress", "archived", "compressed", "summarised"),
    ]
    assert [t.event_id for t in view.history] == ids
    seqs = [t.seq for t in view.history]
    assert seqs == sorted(seqs) and len(set(seqs)) == 4
    for t in view.history:
        assert (await rt.get(t.event_id)).seq == t.seq
        # Lifecycle events are dated at the namespace's event time, not the wall clock.
        assert t.occurred_at == T0 + 3 * DAY
    # History survives a rebuild (it is a projection of the journal).
    await rt.rebuild()
    assert await rt.lifecycle(pref) == view


async def test_lifecycle_reason_of_a_belief_candidate(rt: MemoryRuntime) -> None:
    await build(rt)
    await rt.forget(["Alice.employer=Google"], "inhibit", reason="wrong person")
    view = await rt.lifecycle("Alice.employer=Google")
    assert view.state == "inhibited" and view.history[-1].reason == "wrong person"
    assert view.reason == "wrong person"


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("targets", "verb", "reason", "field"),
    [
        ([], "inhibit", "r", "targets"),
        ("PREF", "inhibit", "r", "targets"),
        (None, "inhibit", "r", "targets"),
        ([""], "inhibit", "r", "targets.0"),
        (["   "], "inhibit", "r", "targets.0"),
        ([123], "inhibit", "r", "targets.0"),
        (["01HZZZZZZZZZZZZZZZZZZZZZZZ"], "inhibit", "r", "targets.0"),
        (["PREF", "no-such-event"], "inhibit", "r", "targets.1"),
        (["Bob.employer=Google"], "inhibit", "r", "targets.0"),
        (["fact:bob.employer#google"], "inhibit", "r", "targets.0"),
        (["PREF"], "squash", "r", "verb"),
        (["PREF"], "", "r", "verb"),
        (["PREF"], None, "r", "verb"),
        (["PREF"], "capture", "r", "verb"),
        (["PREF"], "inhibit", "", "reason"),
        (["PREF"], "inhibit", "   ", "reason"),
        (["PREF"], "inhibit", None, "reason"),
        (["PREF"], "inhibit", "r" * 4001, "reason"),
    ],
)
async def test_bad_forget_input_names_the_field_and_writes_nothing(
    rt: MemoryRuntime, targets: Any, verb: Any, reason: Any, field: str
) -> None:
    pref = await build(rt)
    if isinstance(targets, list):
        targets = [pref if t == "PREF" else t for t in targets]
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.forget(targets, verb, reason=reason)
    assert info.value.field == field
    assert await rt.head() == head
    assert (await rt.lifecycle(pref)).state == "fresh"


async def test_targets_of_another_namespace_are_unknown(rt: MemoryRuntime) -> None:
    await build(rt)
    bob = rt.scoped("user/bob")
    foreign = await bob.observe({"content": "Bob likes tea", "occurred_at": T0})
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.forget([foreign.id], "inhibit", reason="r")
    assert info.value.field == "targets.0"
    with pytest.raises(InvalidInput) as info:
        await rt.lifecycle(foreign.id)
    assert info.value.field == "target"
    assert await rt.head() == head
    assert (await bob.lifecycle(foreign.id)).state == "fresh"


async def test_unknown_value_of_a_known_dimension_is_an_unknown_target(
    rt: MemoryRuntime,
) -> None:
    await build(rt)
    head = await rt.head()
    for target in ("Alice.employer=Gogle", "fact:alice.employer#gogle"):
        with pytest.raises(InvalidInput) as info:
            await rt.forget([target], "inhibit", reason="typo")
        assert info.value.field == "targets.0"
    assert await rt.head() == head


# -- TTL: a projection of event time ------------------------------------------------------------


async def test_observation_ttl_expires_at_a_later_event_time(open_rt: Opener) -> None:
    async with open_rt({"ttl": {"observation_types": {"tool_result": 7}}}) as rt:
        tool = await rt.observe(
            {"content": WEATHER, "type": "tool_result", "source": "tool:weather", "occurred_at": T0}
        )
        for lens in (*NORMAL, *FULL):
            ctx = await rt.query(WEATHER_Q, lens=lens)
            assert tool.id in {s.id for s in ctx.snippets}, lens
        view = await rt.lifecycle(tool.id)
        assert view.state == view.effective_state == "fresh"
        # Exactly seven days old is still alive (expiry is strict).
        booked = await rt.observe(
            {"content": "Alice booked a table", "actor": "Alice", "occurred_at": T0 + 7 * DAY}
        )
        alive_seq = (await rt.head()).seq
        ctx = await rt.query(WEATHER_Q, lens="logical")
        assert tool.id in {s.id for s in ctx.snippets}
        assert (await rt.lifecycle(tool.id)).effective_state == "fresh"

        later = await rt.observe(
            {"content": "Alice went out for dinner", "actor": "Alice", "occurred_at": T0 + 8 * DAY}
        )
        for lens in NORMAL:
            ctx = await rt.query(WEATHER_Q, lens=lens)
            assert tool.id not in {s.id for s in ctx.snippets}, lens
            reasons = {s.id: s.reason for s in ctx.suppressed}
            assert reasons[tool.id].startswith("expired"), (lens, reasons)
            assert "tool_result" in reasons[tool.id] and "7 days" in reasons[tool.id]
            assert WEATHER not in ctx.to_prompt()
        for lens in FULL:
            ctx = await rt.query(WEATHER_Q, lens=lens)
            assert tool.id in {s.id for s in ctx.snippets}, lens
        view = await rt.lifecycle(tool.id)
        assert view.state == "fresh" and view.history == ()
        assert view.effective_state == "obsolete" and view.reason == "expired"
        # A read as of the earlier position still sees it: expiry is relative to event time.
        past = await rt.query(WEATHER_Q, lens="logical", as_of=alive_seq)
        assert tool.id in {s.id for s in past.snippets}
        # No background job: nothing but the observations and the reads were journaled.
        kinds = {e.kind async for e in rt.events()}
        assert kinds == {"observation", "retrieval"}
        assert (await rt.get(later.id)).kind == "observation"
        # Other observation types have no TTL.
        other = await rt.query("Where did Alice book a table?", lens="logical")
        assert {s.id for s in other.suppressed if s.reason.startswith("expired")} <= {tool.id}
        assert booked.id in {s.id for s in other.snippets}


async def test_a_restore_after_the_ttl_deadline_renews_the_item_for_reads(open_rt: Opener) -> None:
    async with open_rt({"ttl": {"observation_types": {"tool_result": 7}}}) as rt:
        tool = await rt.observe(
            {"content": WEATHER, "type": "tool_result", "source": "tool:weather", "occurred_at": T0}
        )
        await rt.observe(
            {"content": "Alice went out", "actor": "Alice", "occurred_at": T0 + 9 * DAY}
        )
        await rt.forget([tool.id], "inhibit", reason="hide")
        await rt.forget([tool.id], "restore", reason="still valid, keep it")
        view = await rt.lifecycle(tool.id)
        assert view.effective_state == "fresh"  # renewed on purpose
        ctx = await rt.query(WEATHER_Q, lens="logical")
        assert tool.id in {s.id for s in ctx.snippets}, ctx.suppressed


async def test_a_restore_renews_an_item_past_its_ttl_without_hiding_it_first(
    open_rt: Opener,
) -> None:
    async with open_rt({"ttl": {"observation_types": {"tool_result": 7}}}) as rt:
        tool = await rt.observe(
            {"content": WEATHER, "type": "tool_result", "source": "tool:weather", "occurred_at": T0}
        )
        await rt.observe(
            {"content": "Alice went out", "actor": "Alice", "occurred_at": T0 + 9 * DAY}
        )
        assert (await rt.lifecycle(tool.id)).effective_state == "obsolete"
        res = await rt.forget([tool.id], "restore", reason="still valid, keep it")
        assert res.refused == () and [a["target"] for a in res.applied] == [tool.id]
        assert (await rt.lifecycle(tool.id)).effective_state == "fresh"
        ctx = await rt.query(WEATHER_Q, lens="logical")
        assert tool.id in {s.id for s in ctx.snippets}, ctx.suppressed
        # A fresh item within its TTL has nothing to restore.
        other = await rt.observe({"content": "Bob is home", "actor": "Bob"})
        assert (await rt.forget([other.id], "restore", reason="no")).refused
        # The TTL runs again from the restore (day 9): alive on day 16, gone on day 17.
        await rt.observe({"content": "Later", "actor": "Bob", "occurred_at": T0 + 16 * DAY})
        assert (await rt.lifecycle(tool.id)).effective_state == "fresh"
        await rt.observe({"content": "Later still", "actor": "Bob", "occurred_at": T0 + 17 * DAY})
        assert (await rt.lifecycle(tool.id)).effective_state == "obsolete"


def mood_config() -> dict[str, Any]:
    spec = AttributeSpec(name="mood", cardinality="single", half_life_days=1, ttl_days=2)
    return {"attributes": DEFAULT_SCHEMA.with_attributes(spec)}


async def observe_mood(rt: MemoryRuntime) -> None:
    res = await rt.observe_and_commit(
        {
            "content": "Alice is feeling cheerful",
            "actor": "Alice",
            "occurred_at": T0,
            "claims": [{"entity": "Alice", "attribute": "mood", "value": "cheerful"}],
        }
    )
    assert res.committed


async def test_a_belief_value_past_its_attribute_ttl_is_not_restored_in_name_only(
    open_rt: Opener,
) -> None:
    """Its TTL runs from its evidence, which a restore does not add to: a restore that said
    "applied" would leave reads treating it as expired."""
    async with open_rt(mood_config()) as rt:
        await observe_mood(rt)
        await rt.observe(
            {"content": "Alice went out", "actor": "Alice", "occurred_at": T0 + 3 * DAY}
        )
        res = await rt.forget(["fact:alice.mood#cheerful"], "restore", reason="still true")
        assert res.applied == () and res.refused
        slot = (await rt.worldview("historical")).slot("fact:alice.mood")
        assert slot is not None and slot.candidates[0].status == "expired"


async def test_attribute_ttl_expires_the_worldview_candidate(open_rt: Opener) -> None:
    async with open_rt(mood_config()) as rt:
        await observe_mood(rt)
        slot = (await rt.worldview("logical")).slot("fact:alice.mood")
        assert slot is not None and slot.selected == ("cheerful",)
        assert slot.candidates[0].status == "selected"
        await rt.observe(
            {"content": "Alice booked a table", "actor": "Alice", "occurred_at": T0 + 2 * DAY}
        )
        slot = (await rt.worldview("logical")).slot("fact:alice.mood")
        assert slot is not None and slot.selected == ("cheerful",)  # exactly two days: alive

        await rt.observe(
            {"content": "Alice went out for dinner", "actor": "Alice", "occurred_at": T0 + 3 * DAY}
        )
        for lens in ("logical", "associative"):
            wv = await rt.worldview(lens)
            slot = wv.slot("fact:alice.mood")
            assert slot is None or "cheerful" not in slot.selected, lens
            assert "fact:alice.mood#cheerful" not in candidates(wv), lens
        for lens in FULL:
            slot = (await rt.worldview(lens)).slot("fact:alice.mood")
            assert slot is not None and slot.selected == (), lens
            (cand,) = slot.candidates
            assert cand.status == "expired" and cand.components.staleness == 1.0
            assert "[expired]" in (await rt.worldview(lens)).render()
        ctx = await rt.query("What is Alice's mood?", lens="logical")
        assert "cheerful" not in ctx.prompt_sections["worldview"]
        # Nothing was journaled for the expiry.
        assert {e.kind async for e in rt.events()} <= {
            "observation",
            "impact.assessed",
            "belief.revised",
            "retrieval",
        }


async def test_attribute_ttl_expired_fact_line_leaves_normal_lens_context(
    open_rt: Opener,
) -> None:
    async with open_rt(mood_config()) as rt:
        await observe_mood(rt)
        await rt.observe(
            {"content": "Alice went out for dinner", "actor": "Alice", "occurred_at": T0 + 3 * DAY}
        )
        historical = await rt.query("What is Alice's mood?", lens="historical")
        assert "fact:alice.mood" in {s.id for s in historical.snippets}
        for lens in NORMAL:
            ctx = await rt.query("What is Alice's mood?", lens=lens)
            assert "fact:alice.mood" not in {s.id for s in ctx.snippets}, lens


async def test_attribute_ttl_shows_in_lifecycle_effective_state(open_rt: Opener) -> None:
    async with open_rt(mood_config()) as rt:
        await observe_mood(rt)
        await rt.observe(
            {"content": "Alice went out for dinner", "actor": "Alice", "occurred_at": T0 + 3 * DAY}
        )
        view = await rt.lifecycle("Alice.mood=cheerful")
        assert view.state == "fresh"
        assert view.effective_state == "obsolete" and view.reason == "expired"
