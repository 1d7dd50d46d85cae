"""A bare "Yes." or "No." that answers an agent's question about the user states what the
question asked (policies/answered_questions.py, read in context by the write path)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nousmem.policies.answered_questions import answer, asked_statement
from nousmem.policies.answered_values import valued_statement
from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 5, 2, 9, tzinfo=UTC)
HOUR = timedelta(hours=1)


@pytest.mark.parametrize(
    ("turn", "statement"),
    [
        ("You mentioned you live in Oslo, right?", "I live in Oslo."),
        ("Got it. So your sister lives in Berlin, correct?", "My sister lives in Berlin."),
        ("You're allergic to peanuts, is that right?", "I'm allergic to peanuts."),
        ("You were a nurse, right?", "I was a nurse."),
        ("Do you still work at Acme?", "I still work at Acme."),
        ("Are you vegetarian?", "I am vegetarian."),
        ("Great! You live with your wife, right?", "I live with my wife."),
        ("Have you ever been to Japan?", "I have been to Japan."),
        ("Did you move to Berlin?", "I moved to Berlin."),
        ("Did you finally get the job at Stripe?", "I got the job at Stripe."),
        ("Did you end up moving to Berlin?", "I moved to Berlin."),
        # Not a yes/no question about "you", or no question at the end.
        ("Where do you live?", None),
        ("Youth hostels are cheap, right?", None),
        ("You live in Oslo, right? Anyway, here are some restaurants.", None),
        ("Is it raining?", None),
    ],
)
def test_an_agents_question_in_the_users_words(turn: str, statement: str | None) -> None:
    assert asked_statement(turn) == statement


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("Yes.", True),
        ("Yep!", True),
        ("That's right", True),
        ("I do.", True),
        ("No", False),
        ("Nope.", False),
        ("Not anymore.", False),
        ("No, not anymore", False),
        # More than a yes or a no: what it says is read on its own.
        ("Yes, but I moved to Bergen.", None),
        ("No idea.", None),
        ("Yesterday.", None),
    ],
)
def test_only_a_bare_yes_or_no_answers(content: str, said: bool | None) -> None:
    assert answer(content) is said


async def _turns(rt: MemoryRuntime, *turns: tuple[str, str]) -> list[list[tuple[str, ...]]]:
    out = []
    for i, (source, text) in enumerate(turns):
        actor = "Sam" if source == "user" else "assistant"
        r = await rt.observe_and_route(
            {
                "content": text,
                "actor": actor,
                "source": source,
                "occurred_at": T0 + timedelta(minutes=i),
            }
        )
        out.append([(d.entity, d.attribute, d.value, d.polarity) for d in r.deltas])
    return out


async def test_a_yes_states_what_the_agent_asked_and_a_no_denies_it() -> None:
    async with MemoryRuntime.memory(namespace="a") as rt:
        said = await _turns(
            rt,
            ("user", "I work at Acme."),
            ("assistant", "You mentioned you live in Oslo, right?"),
            ("user", "Yes."),
            ("assistant", "Do you still work at Acme?"),
            ("user", "Not anymore."),
            ("assistant", "So your sister lives in Berlin, correct?"),
            ("user", "That's right."),
            ("assistant", "Have you ever been to Japan?"),
            ("user", "No."),
            ("assistant", "Did you get the job at Stripe?"),
            ("user", "Yes!"),
        )
        assert said[2] == [("Sam", "location", "Oslo", "assert")]
        assert said[4] == [("Sam", "employer", "Acme", "negate")]
        # The sister as "my sister" is read: the one memory knows, or by the noun alone.
        assert said[6] == [("Sam's sister", "location", "Berlin", "assert")]
        assert said[8] == [("Sam", "visited", "Japan", "negate")]
        assert said[10] == [("Sam", "employer", "Stripe", "assert")]
        assert (await rt.belief("Sam", "location")).mode == "Oslo"  # type: ignore[union-attr]


async def test_a_yes_answers_only_the_agents_question_right_before_it() -> None:
    async with MemoryRuntime.memory(namespace="a") as rt:
        said = await _turns(
            rt,
            ("assistant", "You live in Oslo, right?"),
            ("user", "Hold on."),
            ("user", "Yes."),  # the agent's question is no longer the turn before
            ("assistant", "Where do you live?"),
            ("user", "Yes."),  # no yes/no question
            ("user", "I'm vegetarian."),
            ("assistant", "Are you vegan?"),
            ("assistant", "Yes."),  # the agent's own "Yes." states nothing for the user
        )
        assert said[2] == [] and said[4] == [] and said[7] == []


@pytest.mark.parametrize(
    ("question", "content", "statement"),
    [
        ("Nice to meet you! Where do you live?", "Oslo.", "I live in Oslo."),
        ("Where are you based?", "In St. Louis", "I live in St. Louis."),
        ("Where are you from originally?", "Brazil", "I'm from Brazil."),
        ("And where do you work?", "At Equinor", "I work at Equinor."),
        ("What's your name?", "Sam Lee", "My name is Sam Lee."),
        ("What is your wife's name?", "Ana", "My wife's name is Ana."),
        ("What's your dog's name?", "Rex!", "My dog's name is Rex."),
        ("How old are you?", "35", "I'm 35 years old."),
        ("What do you do for a living?", "Software engineer.", "I'm a software engineer."),
        ("What is your job?", "A nurse", "I'm a nurse."),
        ("What do you do on weekends?", "Hiking.", None),
        # More than a name, no name at all, or a question not read.
        ("Where do you live?", "I live in Oslo now.", None),
        ("Where do you live?", "Thanks.", None),
        ("Where do you work?", "Remote.", None),
        ("Where do you live?", "oslo", None),
        ("How old are you?", "Old enough.", None),
        ("What city should I check the weather for?", "Paris.", None),
    ],
)
def test_a_bare_name_answers_a_question_of_where_or_what(
    question: str, content: str, statement: str | None
) -> None:
    assert valued_statement(question.split("! ")[-1], content) == statement


async def test_an_onboarding_conversation_is_remembered() -> None:
    async with MemoryRuntime.memory(namespace="a") as rt:
        said = await _turns(
            rt,
            ("assistant", "Nice to meet you! Where do you live?"),
            ("user", "Oslo."),
            ("assistant", "What is your wife's name?"),
            ("user", "Ana"),
            ("assistant", "How old are you?"),
            ("user", "35"),
            ("assistant", "What city should I check the weather for?"),
            ("user", "Paris."),
        )
        assert said[1] == [("Sam", "location", "Oslo", "assert")]
        assert said[3] == [("Sam", "spouse", "Ana", "assert")]
        assert said[5] == [("Sam", "age", "35", "assert")]
        assert said[7] == []


async def test_the_question_answered_is_read_back_from_the_journal(tmp_path: Path) -> None:
    """The agent's turn an answer needs is projected from the journal: a runtime opened
    after the question was asked reads "Yes." as one that asked it would."""
    path = str(tmp_path / "a.db")
    async with MemoryRuntime.open(path, namespace="a") as rt:
        await _turns(rt, ("assistant", "You mentioned you live in Oslo, right?"))
    async with MemoryRuntime.open(path, namespace="a") as rt:
        r = await rt.observe_and_route(
            {"content": "Yes.", "actor": "Sam", "source": "user", "occurred_at": T0 + HOUR}
        )
        assert [(d.entity, d.attribute, d.value) for d in r.deltas] == [("Sam", "location", "Oslo")]
