"""A goal memory holds, ended in other words than its own (policies/ended_goals.py): given
up ("I gave up on Spanish") or done ("I ran my first marathon last weekend")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.ended_goals import ended_goals
from nousmem.policies.verb_forms import past_forms, simple_past, verb_forms
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held, say_at

SET = datetime(2024, 2, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 11, 4, 12, tzinfo=UTC)


async def _goal_then(rt: MemoryRuntime, goal: str, text: str) -> list[tuple[str, str, str]]:
    return await deltas_after(rt, goal, text, "goal", (SET, SAID))


@pytest.mark.parametrize(
    ("goal", "text", "ended"),
    [
        ("I want to learn Spanish.", "I've given up on learning Spanish.", "learn Spanish"),
        ("I want to learn Spanish.", "Honestly I gave up on Spanish.", "learn Spanish"),
        ("I want to learn Spanish.", "I dropped my Spanish classes.", "learn Spanish"),
        ("I want to learn Spanish.", "I'm not learning Spanish anymore.", "learn Spanish"),
        (
            "I'm planning to move to Denver next year.",
            "We decided not to move to Denver after all.",
            "move to Denver",
        ),
        ("I'm planning to move to Denver next year.", "The Denver move is off.", "move to Denver"),
        ("I want to get a PhD.", "I've decided against the PhD.", "get a PhD"),
        ("I want to visit Japan next year.", "We're not going to Japan after all.", "visit Japan"),
        ("I want to quit smoking.", "I gave up on quitting smoking.", "quit smoking"),
        # The object by its stem: "the promotion" names ``get promoted``.
        ("I'm hoping to get promoted this year.", "I gave up on the promotion.", "get promoted"),
        # The verb alone, of the one goal it can be.
        (
            "We're thinking about moving to Denver next year.",
            "We decided not to move after all.",
            "moving to Denver",
        ),
        (
            "I'm planning to move to Denver next year.",
            "I'm not moving after all.",
            "move to Denver",
        ),
    ],
)
async def test_a_goal_given_up_is_denied(goal: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="goals") as rt:
        assert await _goal_then(rt, goal, text) == [("goal", ended, "negate")]
        assert await held(rt, "Sam", "goal") == ()


@pytest.mark.parametrize(
    ("goal", "text", "ended"),
    [
        ("I hope to run a marathon.", "I ran my first marathon last weekend!", "run a marathon"),
        ("I hope to run a marathon.", "Ran my first marathon!", "run a marathon"),  # no "I"
        ("I'd like to buy a house next year.", "We bought a house in Oak Park!", "buy a house"),
        ("I want to get a PhD.", "I finally got my PhD.", "get a PhD"),
        ("I'm leaving Acme next month.", "I left Acme last week.", "leave Acme"),
        ("I want to lose 10 pounds.", "I've lost 10 pounds!", "lose 10 pounds"),
        # The goal's verb as the cue's: done, not given up.
        ("I want to quit smoking.", "I quit smoking three weeks ago!", "quit smoking"),
        # A new pet of the species, or of none named, fulfils a goal to get one.
        ("I'm thinking about adopting a dog.", "We adopted a beagle named Max.", "adopting a dog"),
        ("We want to get a dog this summer.", "We got a puppy! His name is Biscuit.", "get a dog"),
        # Asked of the list.
        ("I want to learn Spanish.", "Cross off learn Spanish.", "learn Spanish"),
    ],
)
async def test_a_goal_done_is_denied(goal: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="goals") as rt:
        assert await _goal_then(rt, goal, text) == [("goal", ended, "negate")]
        assert await held(rt, "Sam", "goal") == ()


@pytest.mark.parametrize(
    ("goal", "text"),
    [
        # Part of the goal, or what leads to it.
        ("I want to run a marathon.", "I ran a half marathon last weekend."),
        ("I want to run a marathon.", "I finished my marathon training plan."),
        ("I want to run a marathon.", "I ran 5 miles toward my marathon goal."),
        ("I want to learn Spanish.", "I learned some Spanish on the trip."),
        # Done before the goal was held.
        ("I want to run a marathon.", "I ran a marathon in 2019."),
        # A denial, someone else, a supposition, a question.
        ("I want to learn Spanish.", "I haven't given up on Spanish."),
        ("I want to learn Spanish.", "My wife gave up on Spanish."),
        ("I want to learn Spanish.", "If I gave up on Spanish, I'd regret it."),
        ("I want to write a novel.", "Did you finally write your novel?"),
        # "Done with" ends a task, not a goal: a lesson's end.
        ("I want to learn Spanish.", "I'm done with Spanish class."),
        # Another species, another goal's object, "not" with no "after all".
        ("We want to get a dog this summer.", "We adopted a cat named Luna."),
        ("I want to learn Spanish.", "I gave up on French."),
        ("I want to visit Japan next year.", "We're not going to Japan this month."),
        # A bare verb with an object of its own, or not given up.
        ("I'm planning to move to Denver next year.", "We decided not to move the couch."),
        ("I'm planning to move to Denver next year.", "I'm not moving today."),
        ("I'm planning to move to Denver next year.", "If we decided not to move, fine."),
    ],
)
async def test_what_does_not_end_a_goal(goal: str, text: str) -> None:
    async with MemoryRuntime.memory(namespace="goals") as rt:
        assert [d for d in await _goal_then(rt, goal, text) if d[2] == "negate"] == []
        assert len(await held(rt, "Sam", "goal")) == 1


async def test_a_bare_verb_of_two_goals_ends_neither() -> None:
    async with MemoryRuntime.memory(namespace="goals") as rt:
        await say_at(rt, "I want to learn Spanish and I want to learn French.", SET, actor="Sam")
        await say_at(rt, "I decided not to learn after all.", SAID, actor="Sam")
        assert set(await held(rt, "Sam", "goal")) == {"learn Spanish", "learn French"}


async def test_only_the_goal_named_ends_and_history_keeps_it() -> None:
    async with MemoryRuntime.memory(namespace="goals") as rt:
        await say_at(rt, "I want to learn Spanish and I want to learn French.", SET, actor="Sam")
        await say_at(rt, "I gave up on Spanish.", SAID, actor="Sam")
        assert await held(rt, "Sam", "goal") == ("learn French",)
        history = (await rt.worldview("historical")).render()
        assert "learn Spanish (1 February 2024 - 4 November 2024) [negated]" in history
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == history


def test_a_goal_not_held_then_or_a_denial_already_made_gives_nothing() -> None:
    def held_then(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("learn Spanish",) if attribute == "goal" else ()

    def none_held(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ()

    def said(entity: str, attribute: str) -> tuple[str, ...]:
        return held_then(entity, attribute, SAID)

    text = "I gave up on Spanish."
    (claim,) = ended_goals([], text, "Sam", SAID, held_then, said, said)
    assert (claim.entity, claim.value, claim.polarity, claim.change) == (
        "Sam",
        "learn Spanish",
        "negate",
        True,
    )
    assert claim.span is not None and text[claim.span[0] : claim.span[1]] == (
        "I gave up on Spanish"
    )
    # Told once but no longer held at the time: nothing to end.
    assert ended_goals([], text, "Sam", SAID, none_held, said, said) == []
    assert ended_goals([claim], text, "Sam", SAID, held_then, said, said) == []
    assert ended_goals([], text, None, SAID, held_then, said, said) == []
    # Not held at present (ended already): nothing to read, whatever was held then.
    assert ended_goals([], text, "Sam", SAID, held_then, lambda e, a: (), said) == []


@pytest.mark.parametrize(
    ("verb", "past"),
    [
        ("run", "ran"),
        ("running", "ran"),
        ("buy", "bought"),
        ("move", "moved"),
        ("moving", "moved"),
        ("adopting", "adopted"),
        ("stop", "stopped"),
        ("study", "studied"),
        ("learn", "learnt"),
    ],
)
def test_past_forms(verb: str, past: str) -> None:
    assert past in past_forms(verb)
    assert past in verb_forms(verb)


@pytest.mark.parametrize(
    ("verb", "past"),
    [
        ("move", "moved"),
        ("get", "got"),
        ("visit", "visited"),
        ("try", "tried"),
        ("Go", "went"),
        # A gerund: its stem's past, an irregular one first.
        ("moving", "moved"),
        ("getting", "got"),
        ("studying", "studied"),
    ],
)
def test_simple_past_is_one_of_the_past_forms(verb: str, past: str) -> None:
    assert simple_past(verb) == past
    assert past in past_forms(verb.casefold())


def test_verb_forms_include_the_present_and_the_gerund() -> None:
    assert {"learn", "learns", "learning", "learned"} <= verb_forms("learn")
    assert {"move", "moves", "moving", "moved"} <= verb_forms("moving")
    assert {"run", "runs", "running", "ran"} <= verb_forms("run")
    assert "went" not in verb_forms("run")
