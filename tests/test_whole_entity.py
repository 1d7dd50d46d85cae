"""A question about someone as a whole ("What do you know about me?", "Tell me about Dan")
gets each of their fact lines, as "Tell me about my sister" gets hers. Before, a question
that named the asker and no attribute came back empty when none of its words matched."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
TURNS = [
    "I'm a software engineer at Stripe.",
    "I have two kids, Leo and Mia.",
    "I'm allergic to peanuts.",
    "I moved from Berlin to Munich last year.",
    "My manager is Priya.",
]


async def _fill(rt: MemoryRuntime) -> None:
    for i, text in enumerate(TURNS):
        await rt.observe_and_route(
            {"content": text, "actor": "Dan", "occurred_at": T0 + timedelta(days=i)}
        )


def _facts(prompt: str) -> set[str]:
    memories = prompt.split("## Supporting memories", 1)[-1]
    return {ln.split(":")[0][2:] for ln in memories.splitlines() if ln.startswith("- Dan ")}


@pytest.mark.parametrize(
    ("question", "actor"),
    [
        ("What do you know about me?", "Dan"),
        ("Tell me about myself.", "Dan"),
        ("Tell me about Dan.", None),
        ("What do you remember about Dan?", None),
    ],
)
async def test_a_question_about_someone_gets_each_fact_line(
    question: str, actor: str | None
) -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query(question, budget_tokens=600, actor=actor)
    assert ctx.plan["entities"] == ["Dan"]
    assert {"Dan employer", "Dan child", "Dan allergy", "Dan location", "Dan manager"} <= _facts(
        ctx.to_prompt()
    )


async def test_a_question_with_words_of_its_own_gets_only_the_lines_it_asks_for() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        ctx = await rt.query("Where does Dan live?", budget_tokens=600)
    assert _facts(ctx.to_prompt()) == {"Dan location"}


async def test_me_as_whom_the_answer_is_for_is_not_the_asker() -> None:
    # "Tell me about Priya" asked by Dan is about Priya: Dan's own lines would crowd hers
    # out of the budget.
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _fill(rt)
        await rt.observe_and_route(
            {"content": "Priya is a product manager at Figma.", "actor": "Dan", "occurred_at": T0}
        )
        ctx = await rt.query("Tell me about Priya.", budget_tokens=120, actor="Dan")
        assert ctx.plan["entities"] == ["Priya"]
        mine = await rt.query("Tell me about my manager.", budget_tokens=300, actor="Dan")
        assert "Dan" in mine.plan["entities"]
