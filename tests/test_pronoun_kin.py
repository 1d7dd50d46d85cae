"""A relative named after "his" / "her" (policies/pronoun_kin.py): "Emma lives in Denver with
her husband Mark" gives Emma's spouse Mark, as "Emma's husband Mark" does."""

from __future__ import annotations

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims

KIN = ("spouse", "child", "sibling", "parent")


def kin(text: str) -> list[tuple[str, str, str]]:
    return [(e, a, v) for e, a, v, p in extracted_claims(text) if a in KIN and p == "assert"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Emma lives in Denver with her husband Mark.", [("Emma", "spouse", "Mark")]),
        ("Emma and her husband Mark live in Denver.", [("Emma", "spouse", "Mark")]),
        ("Tom came with his wife Ana.", [("Tom", "spouse", "Ana")]),
        (
            "Tom came with his daughter Lily and his son Ben.",
            [("Tom", "child", "Lily"), ("Tom", "child", "Ben")],
        ),
        ("Ana visited her brother Ben in Oslo.", [("Ana", "sibling", "Ben")]),
        ("Leo called his mom Linda.", [("Leo", "parent", "Linda")]),
        (
            "My sister Emma and her husband Mark visited.",
            [("Dana", "sibling", "Emma"), ("Emma", "spouse", "Mark")],
        ),
        # Two named before it, the other gender said, no name, no relative named, a question.
        ("Tom and Emma came with her husband Mark.", []),
        ("My brother Leo came with her husband Mark.", [("Dana", "sibling", "Leo")]),
        ("Finally her husband Mark called.", []),
        ("Emma came with her husband.", []),
        ("Did Tom bring his wife Ana?", []),
    ],
)
def test_a_relative_named_after_his_or_her(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert kin(text) == expected


async def test_the_relative_is_held_and_reached_by_a_question() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await rt.observe_and_route(
            {
                "content": "My sister Emma lives in Denver with her husband Mark.",
                "actor": "Sam",
                "occurred_at": "2026-03-01T12:00:00+00:00",
            }
        )
        b = await rt.belief("Emma", "spouse")
        assert b is not None and b.mode == "Mark"
        ctx = await rt.query("Who is Emma married to?", actor="Sam")
        assert "Emma.spouse: Mark" in ctx.to_prompt()
