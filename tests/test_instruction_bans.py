"""A ban ends the instructions it covers, and answers asked of one length end those asked of
the other (policies/instruction_kinds.py): "Never use tabs" ends "use tabs for
indentation", "Give me detailed answers from now on" ends "keep answers short"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.instruction_kinds import banned_instructions, resized_instructions
from nousmem.projections.models import Claim
from nousmem.runtime import MemoryRuntime

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


def told(value: str, **kw: object) -> Claim:
    return Claim.model_validate({"entity": "Sam", "attribute": "instruction", "value": value, **kw})


def banned(new: str, held: list[str]) -> list[str]:
    out = banned_instructions([told(new)], T0, lambda e, at: held, "instruction")
    assert all(c.polarity == "negate" and c.change for c in out)
    return [c.value for c in out]


def resized(new: str, held: list[str]) -> list[str]:
    out = resized_instructions([told(new)], T0, lambda e, at: held, "instruction")
    assert all(c.polarity == "negate" and c.change for c in out)
    return [c.value for c in out]


@pytest.mark.parametrize(
    ("new", "held", "ended"),
    [
        (
            "never use tabs",
            ["use tabs for indentation", "keep answers short"],
            ["use tabs for indentation"],
        ),
        (
            "never use type hints",
            ["use type hints in Python code"],
            ["use type hints in Python code"],
        ),
        # Narrower than the held one, the same words (the extractor's own withdrawal), a ban
        # held, another thing.
        ("never use tabs in YAML", ["use tabs"], []),
        ("never use tabs", ["use tabs"], []),
        ("never use tabs", ["never use tabs for indentation"], []),
        ("never use emojis", ["use tables"], []),
        ("use tabs", ["use tabs for indentation"], []),  # no ban
    ],
)
def test_a_ban_ends_the_instructions_it_covers(new: str, held: list[str], ended: list[str]) -> None:
    assert banned(new, held) == ended


@pytest.mark.parametrize(
    ("new", "held", "ended"),
    [
        (
            "give me detailed answers",
            ["keep answers short", "never use emojis"],
            ["keep answers short"],
        ),
        ("explain things in detail", ["keep answers short"], ["keep answers short"]),
        ("be concise", ["give me detailed answers"], ["give me detailed answers"]),
        # The same length, something else made short, a ban, an addition.
        ("keep answers brief", ["keep answers short"], []),
        ("give me detailed answers", ["keep variable names short"], []),
        ("never give long answers", ["keep answers short"], []),
        ("also give detailed answers", ["keep answers short"], []),
    ],
)
def test_answers_of_the_other_length(new: str, held: list[str], ended: list[str]) -> None:
    assert resized(new, held) == ended


async def test_bans_and_lengths_in_a_conversation() -> None:
    async with MemoryRuntime.memory(namespace="bans") as rt:
        for day, text in enumerate(
            [
                "Use tabs for indentation.",
                "Keep answers short.",
                "Actually, never use tabs.",
                "Give me detailed answers from now on.",
            ]
        ):
            await rt.observe_and_route(
                {
                    "content": text,
                    "actor": "Sam",
                    "source": "user",
                    "occurred_at": T0 + timedelta(days=day),
                }
            )
        b = await rt.belief("Sam", "instruction")
        assert b is not None
        assert set(b.held) == {"never use tabs", "give me detailed answers"}
        await rt.rebuild()
        b = await rt.belief("Sam", "instruction")
        assert b is not None and set(b.held) == {"never use tabs", "give me detailed answers"}
