"""Reads keep the belief slots they resolved, and what a compiled item's check made of them
(runtime/slot_touches.py): what they serve must equal a read that resolves every slot
afresh, whatever happened in between (revisions, back-dated ones too, denials, chat,
sleep, forgetting, merges, outcomes) and whatever the read (lens, a question about the
past, a read as of an earlier seq or time)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nousmem.runtime import InvalidInput, MemoryRuntime
from nousmem.runtime.slot_touches import SlotTouches

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
EMPLOYERS = ("Acme", "Initech", "Globex")
PEOPLE = 5


@contextmanager
def uncached() -> Iterator[None]:
    """Every read resolves every slot (the cache never answers)."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(SlotTouches, "get", lambda self, key, since: (False, None))
        m.setattr(SlotTouches, "slot", lambda self, key, since, now, resolve: resolve())
        yield


def _read_view(ctx: Any) -> tuple[str, list[str]]:
    # Event ids differ between two runtimes; what was left out, and why, does not.
    return ctx.to_prompt(), sorted(s.reason for s in ctx.suppressed)


async def _apply(rt: MemoryRuntime, op: tuple[Any, ...], n: int, traces: list[str]) -> Any:
    """Run one operation; a query returns what the caller sees of it."""
    at = T0 + timedelta(hours=n)
    kind = op[0]
    if kind == "say":
        text = f"I work at {EMPLOYERS[op[2]]}."
    elif kind == "backdate":  # dated before what was said since: the belief is refolded
        text = f"I work at {EMPLOYERS[op[2]]}."
        at = T0 - timedelta(days=30 + n)
    elif kind == "deny":
        text = f"I don't work at {EMPLOYERS[op[2]]} anymore."
    elif kind == "chat":
        await rt.observe(
            {"content": "Lunch was nice.", "actor": f"Person{op[1]}", "occurred_at": at}
        )
        return None
    elif kind == "sleep":
        await rt.sleep()
        return None
    elif kind == "inhibit":
        target = f"fact:person{op[1]}.employer#{EMPLOYERS[op[2]].lower()}"
        try:
            await rt.forget([target], "inhibit", reason="test")
        except InvalidInput as exc:  # no such value: refused alike on both sides
            return str(exc)
        return None
    elif kind == "merge":
        try:
            await rt.merge_entities(
                f"Person{op[1]}", f"Person{op[2]}", reason="test", authorized=True
            )
        except InvalidInput as exc:  # one already absorbed, or itself
            return str(exc)
        return None
    elif kind == "outcome":
        if traces:
            await rt.after_turn(traces[-1], "failure")
        return None
    elif kind == "read":  # another lens, the past, or a read behind the head
        _, who, lens, back = op
        question = f"Where did Person{who} work before?" if back == "past" else None
        as_of: Any = None
        if back == "seq":
            as_of = max(1, (await rt.head()).seq // 2)
        elif back == "time":
            as_of = at - timedelta(hours=3)
        ctx = await rt.query(
            question or f"Where does Person{who} work?", lens=lens, budget_tokens=600, as_of=as_of
        )
        traces.append(ctx.trace_id)
        return _read_view(ctx)
    else:  # query
        ctx = await rt.query(f"Where does Person{op[1]} work?", budget_tokens=600)
        traces.append(ctx.trace_id)
        return _read_view(ctx)
    await rt.observe_and_route({"content": text, "actor": f"Person{op[1]}", "occurred_at": at})
    return None


async def _run_both(ops: list[tuple[Any, ...]]) -> None:
    cached = await MemoryRuntime.memory(config={"sleep": {"budget": 10**6}})
    fresh = await MemoryRuntime.memory(config={"sleep": {"budget": 10**6}})
    try:
        # Everyone starts at an employer, and sleep compiles frames and schemas over them.
        setup = [("say", i, i % len(EMPLOYERS)) for i in range(PEOPLE)] + [("sleep",)]
        traces_c: list[str] = []
        traces_f: list[str] = []
        for n, op in enumerate(setup + ops + [("query", i) for i in range(PEOPLE)]):
            got = await _apply(cached, op, n, traces_c)
            with uncached():
                want = await _apply(fresh, op, n, traces_f)
            assert got == want, op
        assert (await cached.worldview()).render() == (await fresh.worldview()).render()
    finally:
        await cached.close()
        await fresh.close()


person = st.integers(0, PEOPLE - 1)
employer = st.integers(0, len(EMPLOYERS) - 1)
ops = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["say", "deny", "inhibit"]), person, employer),
        st.tuples(st.just("merge"), person, person),
        st.tuples(st.sampled_from(["chat", "query"]), person),
        st.tuples(st.sampled_from(["sleep", "outcome"])),
    ),
    max_size=10,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
async def test_cached_reads_equal_fresh_reads(ops: list[tuple[Any, ...]]) -> None:
    await _run_both(ops)


lens = st.sampled_from(["associative", "logical", "historical", "audit"])
reads = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["say", "backdate", "deny", "inhibit"]), person, employer),
        st.tuples(st.just("read"), person, lens, st.sampled_from(["now", "past", "seq", "time"])),
        st.tuples(st.sampled_from(["chat", "query"]), person),
    ),
    max_size=12,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reads)
async def test_kept_slots_serve_every_read_as_a_fresh_resolution(
    ops: list[tuple[Any, ...]],
) -> None:
    await _run_both(ops)


@pytest.mark.parametrize(
    "read",
    [
        ("read", 0, "historical", "now"),
        ("read", 0, "associative", "past"),
        ("read", 0, "logical", "seq"),
        ("read", 0, "audit", "time"),
    ],
)
async def test_a_kept_slot_is_not_served_to_another_view(read: tuple[Any, ...]) -> None:
    """Person0 moved from Acme to Initech: the current read keeps the slot with Acme
    superseded; a historical, past, earlier or event-time read must not be served it."""
    await _run_both([("say", 0, 1), ("query", 0), read, ("backdate", 0, 2), ("query", 0), read])


@pytest.mark.parametrize(
    "change",
    [
        ("inhibit", 3, 0),  # Person3's Acme, a source of Acme's schema, is forgotten
        ("merge", 0, 3),
        ("deny", 3, 0),
        ("say", 3, 1),
        ("outcome",),
        ("sleep",),
        ("chat", 3),
    ],
)
async def test_a_change_after_a_cached_read_is_seen(change: tuple[Any, ...]) -> None:
    await _run_both([("query", 0), ("query", 3), change, ("query", 0), ("query", 3)])


async def test_a_source_that_moves_takes_the_schema_out_after_a_cached_read() -> None:
    ops: list[tuple[Any, ...]] = [
        ("query", 0),  # resolves, and keeps, the slots of Acme's schema
        ("query", 3),
        ("say", 3, 1),  # Person3 (at Acme) moves to Initech
        ("query", 0),
    ]
    await _run_both(ops)
    rt = await MemoryRuntime.memory(config={"sleep": {"budget": 10**6}})
    try:
        traces: list[str] = []
        for n, op in enumerate([("say", i, 0) for i in range(4)] + [("sleep",)]):
            await _apply(rt, op, n, traces)
        schema = "schema employer#acme: Shared pattern: employer = acme for Person0, Person1"
        before = await _apply(rt, ("query", 0), 10, traces)
        assert schema in before[0]
        await _apply(rt, ("say", 3, 1), 11, traces)
        after = await _apply(rt, ("query", 0), 12, traces)
        assert schema not in after[0]
        assert "fact Person0.employer: Acme" in after[0]
    finally:
        await rt.close()


async def _near_margin(rt: MemoryRuntime) -> list[int]:
    """Review rev24's journal: Person0's Acme (user) is denied, leaving two web values
    0.082 apart (the conflict margin is 0.08), both stated in schemas that sleep compiled.
    Returns the head seq just after the denial."""
    t = T0

    async def say(who: int, text: str, source: str = "user") -> None:
        await rt.observe_and_route(
            {"content": text, "actor": f"Person{who}", "occurred_at": t, "source": source}
        )

    await say(1, "I work at Initech.")
    await say(2, "I work at Globex.")
    await say(0, "I work at Acme.")
    t += timedelta(days=1)
    await say(0, "I work at Initech.", "web")
    t += timedelta(days=100)
    await say(0, "I work at Globex.", "web")
    await rt.sleep()
    t += timedelta(days=1)
    await say(0, "I don't work at Acme anymore.")
    return [(await rt.head()).seq]


@pytest.mark.parametrize("behind", [False, True])
async def test_a_read_after_event_time_moved_resolves_the_slot_again(behind: bool) -> None:
    """Only event time moved (a plain observation 200 days on): recency converges and the
    slot turns from empty to conflicted. A cached read, at the head or behind it, must see
    what a fresh one sees."""
    views = []
    for cache in (True, False):
        rt = await MemoryRuntime.memory(config={"sleep": {"budget": 10**6}})
        try:
            with contextlib.nullcontext() if cache else uncached():
                (mark,) = await _near_margin(rt)
                q = "Where does Person0 work?"
                first = await rt.query(q, budget_tokens=800)
                await rt.observe(
                    {
                        "content": "Lunch was nice.",
                        "actor": "Person3",
                        "occurred_at": T0 + timedelta(days=302),
                    }
                )
                head = await rt.query(q, budget_tokens=800)
                back = await rt.query(q, budget_tokens=800, as_of=mark)
                views.append((_read_view(first), _read_view(back if behind else head)))
        finally:
            await rt.close()
    assert views[0] == views[1]


async def test_a_read_behind_the_last_change_resolves_the_slot_as_it_was() -> None:
    """Everything said at one time, so ``now`` is the same at every seq: only the seq tells
    a read before the move from a read after it."""
    views = []
    for cache in (True, False):
        rt = await MemoryRuntime.memory()
        try:
            with contextlib.nullcontext() if cache else uncached():
                said = {"actor": "Person0", "occurred_at": T0}
                await rt.observe_and_route({"content": "I work at Acme.", **said})
                mark = (await rt.head()).seq
                await rt.observe_and_route({"content": "I work at Initech.", **said})
                q = "Where does Person0 work?"
                head = await rt.query(q, budget_tokens=600)
                back = await rt.query(q, budget_tokens=600, as_of=mark)
                views.append((_read_view(head), _read_view(back)))
        finally:
            await rt.close()
    assert views[0] == views[1]
    assert "Acme" in views[1][1][0] and "Initech" not in views[1][1][0]


def test_kept_slots_are_bounded_and_renewed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slot is served while ``since`` and ``now`` stand, resolved again when either moves,
    and the store starts again past its bound (it is only a cache)."""
    from nousmem.runtime import slot_touches

    monkeypatch.setattr(slot_touches, "_MAX_SLOTS", 2)
    touches = SlotTouches()
    calls: list[str] = []

    def resolver(tag: str) -> Any:
        def resolve() -> Any:
            calls.append(tag)
            return tag

        return resolve

    key = ("Ann", "ann", "employer", False, None, False)
    assert touches.slot(key, 5, T0, resolver("a")) == "a"
    assert touches.slot(key, 5, T0, resolver("b")) == "a"  # kept
    assert touches.slot(key, 6, T0, resolver("c")) == "c"  # touched since
    assert touches.slot(key, 6, T0 + timedelta(days=1), resolver("d")) == "d"  # time moved
    for i in range(3):
        other = ("Bo", "bo", f"attr{i}", False, None, False)
        touches.slot(other, 1, T0, resolver(f"o{i}"))
        assert len(touches.slots) <= 2
    assert calls == ["a", "c", "d", "o0", "o1", "o2"]
