"""A question that names someone by their full name reaches no one else who shares the first
name (policies/planner.py): "Where does Ana Silva work?" is not about Ana Moura. The first
name alone still reaches each of them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.planner import plan_query
from nousmem.runtime import MemoryRuntime

KNOWN = ["Ana Moura", "Ana Silva", "Ana", "Tom"]


def _entities(question: str) -> set[str]:
    plan = plan_query(question, lens="associative", known_entities=KNOWN, ref_time=None)
    return set(plan.entities)


@pytest.mark.parametrize(
    ("question", "reached"),
    [
        ("Where does Ana Silva work?", {"Ana Silva", "Ana"}),
        ("What is Ana Moura's job?", {"Ana Moura", "Ana"}),
        ("Does Ana Moura know Ana Silva?", {"Ana Moura", "Ana Silva", "Ana"}),
        # The first name alone may be any of them.
        ("Where does Ana live?", {"Ana Moura", "Ana Silva", "Ana"}),
        ("What is Ana's job?", {"Ana Moura", "Ana Silva", "Ana"}),
        ("Did Ana and Tom meet?", {"Ana Moura", "Ana Silva", "Ana", "Tom"}),
        # Typed in lower case, a known full name is still one.
        ("where does ana silva work?", {"Ana Silva", "Ana"}),
        # An unknown surname is someone else too.
        ("Where does Ana Costa work?", {"Ana"}),
    ],
)
def test_a_full_name_reaches_no_one_else_of_that_first_name(
    question: str, reached: set[str]
) -> None:
    assert _entities(question) == reached


async def test_a_read_by_full_name_shows_no_other_persons_job() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for day, text in enumerate(["Ana Moura works at Acme.", "Ana Silva lives in Lisbon."], 1):
            at = datetime(2026, 3, day, 12, tzinfo=UTC)
            await rt.observe_and_route({"content": text, "actor": "Sam", "occurred_at": at})
        ctx = await rt.query("Where does Ana Silva work?", actor="Sam")
        assert "Ana Moura" not in ctx.prompt_sections.get("worldview", "")
        assert "Ana Silva.location: Lisbon" in ctx.to_prompt()
        ctx = await rt.query("Where does Ana work?", actor="Sam")
        assert "Ana Moura.employer: Acme" in ctx.to_prompt()
