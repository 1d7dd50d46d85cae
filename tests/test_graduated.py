"""A graduation ends the student role memory holds (policies/graduated.py): "I graduated"
after "I'm a PhD student at Stanford"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.graduated import graduated_students
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

SET = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


async def _role_then(rt: MemoryRuntime, role: str, text: str) -> list[tuple[str, str, str]]:
    said = await deltas_after(rt, role, text, "role", (SET, SAID))
    return [d for d in said if d[2] == "negate"]


@pytest.mark.parametrize(
    ("role", "text", "ended"),
    [
        ("I'm a PhD student at Stanford.", "I graduated!", "PhD student"),
        ("I'm a student at NYU.", "I graduated from NYU last week.", "student"),
        ("I'm a PhD student at Stanford.", "I finally defended my dissertation!", "PhD student"),
        ("I'm a grad student.", "I've finished my master's.", "grad student"),
    ],
)
async def test_a_graduation_ends_the_student_role(role: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="grad") as rt:
        assert await _role_then(rt, role, text) == [("role", ended, "negate")]
        assert await held(rt, "Sam", "role") == ()


@pytest.mark.parametrize(
    "text",
    [
        "I graduate in June.",  # to come
        "I haven't graduated yet.",
        "My sister graduated last week.",
        "If I graduated early, I'd travel.",
        "Did you graduate?",
    ],
)
async def test_what_ends_no_student_role(text: str) -> None:
    async with MemoryRuntime.memory(namespace="grad") as rt:
        assert await _role_then(rt, "I'm a PhD student at Stanford.", text) == []
        assert await held(rt, "Sam", "role") == ("PhD student",)


def test_only_a_student_role_held_then() -> None:
    def roles(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("nurse",) if attribute == "role" else ()

    def student(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("PhD candidate",) if attribute == "role" else ()

    assert graduated_students([], "I graduated!", "Sam", SAID, roles) == []
    (claim,) = graduated_students([], "I graduated!", "Sam", SAID, student)
    assert (claim.value, claim.polarity, claim.change) == ("PhD candidate", "negate", True)
    assert graduated_students([claim], "I graduated!", "Sam", SAID, student) == []
    assert graduated_students([], "I graduated!", None, SAID, student) == []
