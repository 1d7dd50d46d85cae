"""A travel assistant's user speaks for a household: "We're vegetarian", "Raj is allergic to
peanuts", "What dietary restrictions do we have?". A question in the plural first person
reaches the asker's spouse and children for what it asks, and "dietary" asks for diets and
allergies. Before, the spouse's allergy never reached the lines of such a question."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime
from tests.helpers import say_daily

T0 = datetime(2025, 1, 6, 10, tzinfo=UTC)
TURNS = [
    "I'm planning a trip with my husband Raj.",
    "We're vegetarian, and Raj is allergic to peanuts.",
    "My daughter Mia is allergic to shellfish.",
    "Raj got a new job at Samsung.",
]


async def _fill(rt: MemoryRuntime) -> None:
    for i, text in enumerate(TURNS):
        await rt.observe_and_route(
            {"content": text, "actor": "Priya", "occurred_at": T0 + timedelta(days=i)}
        )


def _facts(prompt: str) -> set[str]:
    memories = prompt.split("## Supporting memories", 1)[-1]
    return {
        ln[2:].split(" (")[0] for ln in memories.splitlines() if ln.startswith("- ") and ": " in ln
    }


async def test_we_reaches_the_household_for_what_it_asks() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("What dietary restrictions do we have?", actor="Priya")
    facts = _facts(ctx.to_prompt())
    assert {"Priya diet: vegetarian", "Raj allergy: peanuts", "Mia allergy: shellfish"} <= facts
    # What the question does not ask of them stays out.
    assert not any(f.startswith("Raj employer") for f in facts)


async def test_i_does_not_reach_the_household() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("What dietary restrictions do I have?", actor="Priya")
    facts = _facts(ctx.to_prompt())
    assert "Priya diet: vegetarian" in facts
    assert not any(f.startswith(("Raj ", "Mia ")) for f in facts)


async def test_a_household_question_without_an_attribute_gets_no_whole_spouse() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("Where are we going?", actor="Priya")
    assert not any(f.startswith(("Raj ", "Mia ")) for f in _facts(ctx.to_prompt()))


async def test_asking_about_the_spouse_still_gets_all_their_lines() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("Tell me about my husband.", actor="Priya")
    assert {"Raj allergy: peanuts", "Raj employer: Samsung"} <= _facts(ctx.to_prompt())


async def test_a_changed_plan_answers_what_was_planned_before() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        for day, text in (
            (0, "I'm planning a trip to Japan in April."),
            (30, "Actually we changed plans, we're going to Korea instead of Japan."),
        ):
            await rt.observe_and_route(
                {"content": text, "actor": "Priya", "occurred_at": T0 + timedelta(days=day)}
            )
        now = await rt.query("Where are we going in April?", actor="Priya")
        before = await rt.query(
            "What trip were we planning before?", actor="Priya", lens="historical"
        )
    snapshot = now.to_prompt().split("## Supporting memories")[0]
    assert "Priya.goal: trip to Korea" in snapshot and "Japan" not in snapshot
    history = before.to_prompt().split("## Supporting memories")[0]
    assert "trip to Korea (since 5 February 2025); trip to Japan (6 January 2025" in history


async def test_a_meal_question_asks_for_diets_and_allergies() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        for question in (
            "What can we cook for dinner tonight?",
            "Plan a weekly menu for us.",
            "Any food we should avoid at the restaurant?",
        ):
            ctx = await rt.query(question, actor="Priya")
            facts = _facts(ctx.to_prompt())
            assert {"Priya diet: vegetarian", "Raj allergy: peanuts"} <= facts, question
            assert "Mia allergy: shellfish" in facts, question


async def test_a_food_named_in_the_question_reaches_the_allergy_to_it() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("Can Raj eat peanut butter?", actor="Priya")
    snapshot = ctx.to_prompt().split("## Supporting memories")[0]
    assert "Raj.allergy: peanuts" in snapshot


async def test_who_someone_is_gets_what_they_are_to_the_asker() -> None:
    # "Who is Raj?" names neither Priya nor `spouse`: her belief whose value is Raj says
    # who he is to her, beside his own lines.
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("Who is Raj?", actor="Priya")
        facts = _facts(ctx.to_prompt())
        assert {"Priya spouse: Raj", "Raj employer: Samsung"} <= facts
        # Only the asker's: another asker, or none, gets Raj's own lines alone.
        for other in ("Mia", None):
            facts = _facts((await rt.query("Who is Raj?", actor=other)).to_prompt())
            assert "Raj employer: Samsung" in facts
            assert "Priya spouse: Raj" not in facts
        # Only one held now: once divorced, he is no spouse of hers.
        await rt.observe_and_route(
            {
                "content": "Raj and I got divorced.",
                "actor": "Priya",
                "occurred_at": T0 + timedelta(days=30),
            }
        )
        ctx = await rt.query("Who is Raj?", actor="Priya")
        assert "Priya spouse: Raj" not in _facts(ctx.to_prompt())


async def test_who_a_pet_or_an_unknown_relative_is_gets_the_askers_line() -> None:
    # Neither Biscuit (a pet) nor Ana (a sister no belief is about) is an entity: the
    # asker's belief that holds the name says who they are.
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt,
            "We just got a puppy named Biscuit.",
            "My sister Ana is visiting next week.",
            "Biscuit chewed my shoes today.",
            "I love jazz.",
            actor="Lee",
            start=T0,
        )
        for question, line in (
            ("Who is Biscuit?", "Lee pet: puppy Biscuit"),
            ("How old is Biscuit?", "Lee pet: puppy Biscuit"),
            ("Who is Ana?", "Lee sibling: Ana"),
            ("Who's Ana again?", "Lee sibling: Ana"),
        ):
            facts = _facts((await rt.query(question, actor="Lee")).to_prompt())
            assert line in facts, question
            # Another asker has no puppy and no sister by those names.
            facts = _facts((await rt.query(question, actor="Mia")).to_prompt())
            assert line not in facts, question
        # A question that names more than the sister asks something else of her.
        facts = _facts((await rt.query("Who is Ana dating?", actor="Lee")).to_prompt())
        assert "Lee sibling: Ana" not in facts
        facts = _facts((await rt.query("Who is Tom?", actor="Lee")).to_prompt())
        assert not any(f.startswith("Lee ") for f in facts)
