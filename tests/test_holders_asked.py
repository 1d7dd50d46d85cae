"""A question of who holds a value ("Who works at Acme?") reads the beliefs that hold it
(runtime/holders_asked.py, the value index of projections/beliefs.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from nousmem.projections.belief_models import BeliefSnapshot, Revision
from nousmem.projections.beliefs import BeliefStore
from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.fact_channel import FactChannel
from nousmem.runtime.holders_asked import MAX_HOLDERS

NOW = datetime(2024, 6, 1, 12, tzinfo=UTC)


async def _runtime(*turns: tuple[str, str, str]) -> MemoryRuntime:
    rt = await MemoryRuntime.memory(clock=FixedClock(NOW))
    for day, actor, text in turns:
        await rt.observe_and_route(
            {"content": text, "actor": actor, "occurred_at": f"{day}T12:00:00+00:00"}
        )
    return rt


def _snapshot(prompt: str) -> list[str]:
    """The snapshot's lines of a rendered context."""
    _, _, rest = prompt.partition("## Worldview Snapshot\n")
    return [] if not rest else rest.split("\n\n", 1)[0].splitlines()


TURNS = (
    ("2024-01-02", "Sam", "I work at Acme as a designer."),
    ("2024-01-03", "Ana", "I work at Globex."),
    ("2024-01-04", "Bob", "I just joined Acme as an engineer."),
    ("2024-03-05", "Sam", "I left Acme and joined Initech last week."),
    ("2024-03-06", "Ana", "I live in Paris and I play tennis."),
)


async def test_who_holds_a_value_shows_the_beliefs_that_hold_it_now() -> None:
    rt = await _runtime(*TURNS)
    lines = _snapshot((await rt.query("Who works at Acme?")).to_prompt())
    # Bob holds it; Sam, whose turn still says "I work at Acme", has left.
    assert lines == ["- fact Bob.employer: Acme (since 4 January 2024)"]
    lines = _snapshot((await rt.query("Does anyone live in Paris?")).to_prompt())
    assert lines == ["- fact Ana.location: Paris (since 6 March 2024)"]
    # No attribute asked ("plays" names none) and no one named: any belief that holds it.
    lines = _snapshot((await rt.query("Who plays tennis?")).to_prompt())
    assert lines == ["- fact Ana.hobby: tennis (since 6 March 2024)"]
    await rt.close()


async def test_who_held_a_value_before_shows_those_who_left_it_too() -> None:
    rt = await _runtime(*TURNS)
    lines = _snapshot((await rt.query("Who used to work at Acme?")).to_prompt())
    assert "- fact Bob.employer: Acme (since 4 January 2024)" in lines
    assert any(line.startswith("- fact Sam.employer before: Acme") for line in lines)
    await rt.close()


async def test_other_questions_read_as_before() -> None:
    rt = await _runtime(*TURNS)
    # Not a question of who: about Ana alone.
    lines = _snapshot((await rt.query("Where does Ana work?")).to_prompt())
    assert lines == ["- fact Ana.employer: Globex (since 3 January 2024)"]
    # A question of who about a named entity that asks no attribute of the value.
    ctx = await rt.query("Who did Ana play tennis with in Paris?")
    assert not any(line.startswith("- fact Bob") for line in _snapshot(ctx.to_prompt()))
    # A question of who a name is, or what it does, is about that name: no holders.
    for question in ("Who is Acme hiring?", "Who did I meet at Acme?", "Who's Acme?"):
        ctx = await rt.query(question, actor="Ana")
        assert not any("Bob" in line for line in _snapshot(ctx.to_prompt())), question
    # A value nobody holds: no snapshot.
    assert _snapshot((await rt.query("Who works at Hooli?")).to_prompt()) == []
    await rt.close()


async def test_a_read_as_of_before_a_holder_joined_does_not_show_them() -> None:
    rt = await _runtime(*TURNS)
    before_bob = datetime(2024, 1, 3, 18, tzinfo=UTC)
    lines = _snapshot((await rt.query("Who works at Acme?", as_of=before_bob)).to_prompt())
    assert lines == ["- fact Sam.employer: Acme (since 2 January 2024)"]
    await rt.close()


async def test_at_most_max_holders_join_and_in_name_order() -> None:
    names = [f"Person{i:02d}" for i in range(MAX_HOLDERS + 3)]
    rt = await _runtime(*(("2024-02-01", n, "I work at Acme.") for n in names))
    ctx = await rt.query("Who works at Acme?", budget_tokens=2000)
    shown = [line.split(".")[0].removeprefix("- fact ") for line in _snapshot(ctx.to_prompt())]
    assert shown == names[:MAX_HOLDERS]
    await rt.close()


async def test_rebuild_erasure_and_merge_keep_the_index_true_to_the_journal() -> None:
    rt = await _runtime(*TURNS)
    live = (await rt.query("Who works at Acme?")).to_prompt()
    await rt.rebuild()
    assert (await rt.query("Who works at Acme?")).to_prompt() == live
    # A merge: Bob's belief is now Robert's.
    await rt.observe_and_route(
        {
            "content": "I work at Acme too.",
            "actor": "Robert",
            "occurred_at": "2024-04-01T12:00:00+00:00",
        }
    )
    await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
    lines = _snapshot((await rt.query("Who works at Acme?")).to_prompt())
    assert [line.split(":")[0] for line in lines] == ["- fact Robert.employer"]
    # Robert erased (the merge that names him too): Bob is himself again.
    await rt.erase(entity="Robert", reason="asked to forget")
    lines = _snapshot((await rt.query("Who works at Acme?")).to_prompt())
    assert lines == ["- fact Bob.employer: Acme (since 4 January 2024)"]
    # And Bob erased, nobody holds Acme.
    await rt.erase(entity="Bob", reason="asked to forget")
    assert _snapshot((await rt.query("Who works at Acme?")).to_prompt()) == []
    await rt.close()


def _rev(entity: str, attribute: str, value: str, day: int) -> Revision:
    return Revision(
        entity=entity,
        attribute=attribute,
        value=value,
        reliability=0.9,
        source="user",
        occurred_at=datetime(2024, 1, day, tzinfo=UTC),
    )


def test_the_value_index_finds_beliefs_by_a_word_of_their_value() -> None:
    store = BeliefStore()
    store.apply(_rev("Ana", "employer", "Stark Labs", 1), seq=1, event_id="e1")
    store.apply(_rev("Bob", "likes", "lab coats", 2), seq=2, event_id="e2")
    store.apply(_rev("Cy", "employer", "Globex", 3), seq=3, event_id="e3")
    assert store.valued(["stark"]) == [("Ana", "employer")]
    assert store.valued(["lab"]) == [("Ana", "employer"), ("Bob", "likes")]
    assert store.valued(["hooli"]) == []
    store.apply_merge(
        "Cy", "Ana", seq=4, event_id="e4", occurred_at=datetime(2024, 1, 4, tzinfo=UTC)
    )
    # After the merge Ana's belief is Cy's; a read as of before it still sees Ana.
    assert store.valued(["stark"]) == [("Cy", "employer")]
    assert store.valued(["stark"], as_of_seq=3) == [("Ana", "employer")]
    store.clear()
    assert store.valued(["stark"]) == []


async def test_a_holder_shows_what_is_asked_of_them_not_all_they_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rt = await _runtime(
        *TURNS,
        ("2024-03-07", "Bob", "I live in Rome. My wife is Cara."),
        ("2024-03-08", "Cara", "I work at Umbrella."),
    )
    built: list[tuple[str, str]] = []
    line_at = FactChannel.fact_line_at

    def counting(self: FactChannel, snap: BeliefSnapshot, *args: Any, **kw: Any) -> Any:
        built.append((snap.entity, snap.attribute))
        return line_at(self, snap, *args, **kw)

    monkeypatch.setattr(FactChannel, "fact_line_at", counting)
    ctx = await rt.query("Who works at Acme?", budget_tokens=2000)
    assert ctx.plan["holders"] == ["Bob"] and "Bob" in ctx.plan["entities"]
    facts = [s.text for s in ctx.snippets if s.kind == "fact"]
    assert facts and all(t.startswith("Bob employer") for t in facts), facts
    # Only the line asked of the holder is built: not Bob's home or wife (whose link
    # would reach Cara), which a question that names him reads.
    assert set(built) == {("Bob", "employer")}, built
    built.clear()
    ctx = await rt.query("Where does Bob's wife work?", budget_tokens=2000)
    assert ctx.plan["holders"] == []
    assert any("Umbrella" in s.text for s in ctx.snippets if s.kind == "fact")
    assert ("Bob", "spouse") in built
    await rt.close()


async def test_a_belief_told_after_a_read_does_not_move_it() -> None:
    rt = await MemoryRuntime.memory(clock=FixedClock(NOW))
    claim = {"entity": "Alice", "attribute": "hobby", "value": "Google"}
    await rt.observe_and_commit(
        {"content": "Alice googles things.", "claims": [claim], "occurred_at": NOW}
    )
    question = "Who works at Google or lives in Paris?"
    then = await rt.query(question)
    assert then.plan["holders"] == ["Alice"]
    # Later, a belief that asks for its own attribute ("works": employer) of the same word.
    later = {"entity": "Bob", "attribute": "employer", "value": "Google"}
    await rt.observe_and_commit(
        {"content": "Bob works at Google.", "claims": [later], "occurred_at": NOW}
    )
    again = await rt.query(question, as_of=then.as_of_seq)
    assert again.plan == then.plan and again.to_prompt() == then.to_prompt()
    # Read now, Bob holds the employer the question asks, and Alice's hobby gives way.
    assert (await rt.query(question)).plan["holders"] == ["Bob"]
    await rt.close()
