"""The Worldview Snapshot of a question that asks for some beliefs holds those (and standing
instructions, procedures, hypotheses); other facts would take the room of the turns that
answer it. A question that asks for none gets what memory holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 3, 1, 9, tzinfo=UTC)
SAID = ["I work at Initech.", "I live in Lisbon.", "I love jazz.", "Never use emojis."]


async def _snapshot(question: str) -> list[str]:
    async with MemoryRuntime.memory(namespace="u") as rt:
        for i, text in enumerate(SAID):
            await rt.observe_and_route(
                {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=i)}
            )
        ctx = await rt.query(question, actor="Ana", budget_tokens=1000)
    return [ln.split(":")[0] for ln in ctx.prompt_sections["worldview"].splitlines()]


async def test_a_question_that_asks_for_a_belief_gets_it_and_the_instructions() -> None:
    assert await _snapshot("Where does Ana live?") == [
        "- fact Ana.location",
        "- preference Ana.instruction",
    ]


async def test_a_value_the_question_names_counts_as_asked() -> None:
    # "Initech" is a value of the employer slot: that slot answers "When did I join Initech?".
    assert "- fact Ana.employer" in await _snapshot("When did I join Initech?")
    assert "- fact Ana.location" not in await _snapshot("When did I join Initech?")


async def test_a_question_that_asks_for_nothing_in_particular_gets_every_belief() -> None:
    lines = await _snapshot("Tell me about Ana.")
    assert {"- fact Ana.employer", "- fact Ana.location", "- preference Ana.likes"} <= set(lines)


async def _snapshot_of(said: list[str], question: str, actor: str | None = "Sam") -> list[str]:
    async with MemoryRuntime.memory(namespace="u") as rt:
        for i, text in enumerate(said):
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": T0 + timedelta(days=i)}
            )
        ctx = await rt.query(question, actor=actor, budget_tokens=1000)
    return [ln.split(":")[0] for ln in ctx.prompt_sections["worldview"].splitlines()]


PET = ["I work at Acme.", "We have a golden retriever named Max."]


async def test_a_question_naming_no_one_asks_about_what_the_asker_told() -> None:
    # "the dog" of a question Sam asks is Sam's: his pet slot answers it.
    assert "- fact Sam.pet" in await _snapshot_of(PET, "What is the dog's name?")
    # Asked by no one, or by someone who told of no pet, it is about no one.
    assert await _snapshot_of(PET, "What is the dog's name?", actor=None) == []
    assert await _snapshot_of(["I work at Acme."], "What is the dog's name?") == []
    # Nothing the asker told: still about no one.
    assert await _snapshot_of(PET, "What's the capital of France?") == []
    # Asked who holds a value, the asker is not assumed: "Who works at Acme?" is about
    # whoever holds Acme (runtime/holders_asked.py), the asker only as one who does.
    assert await _snapshot_of(PET, "Who works at Acme?") == ["- fact Sam.employer"]
    assert await _snapshot_of(PET, "Who works at Globex?") == []
    assert await _snapshot_of(PET, "Does anyone here have a dog?") == []


async def test_when_the_asker_started_at_a_company_asks_for_the_employer() -> None:
    said = ["I work at Acme.", "We're planning a trip to Japan in October.", "Stripe hired me."]
    lines = await _snapshot_of(said, "When did I start at Stripe?")
    assert lines[0] == "- fact Sam.employer"


async def test_a_constraint_the_question_names_is_asked_for_as_a_fact_is() -> None:
    said = ["I work at Acme.", "My budget is $1,500."]
    assert await _snapshot_of(said, "What's my budget?") == ["- constraint Sam.budget"]


async def test_a_things_name_is_not_the_askers_name() -> None:
    said = ["Hi, I'm Sam.", "We have a golden retriever named Max.", "My boss is Karen."]
    # The dog's name is the pet's value, the boss's the manager's: Sam's own name is not asked.
    assert await _snapshot_of(said, "What's my dog's name?") == ["- fact Sam.pet"]
    assert await _snapshot_of(said, "What is my boss's first name?") == ["- fact Sam.manager"]
    # Asked of the asker, or of a name, the name is asked.
    assert await _snapshot_of(said, "What's my name?") == ["- fact Sam.name"]
    assert "- fact Sam.name" in await _snapshot_of(said, "What's Sam's name and my dog's name?")
