"""A role left in the words of its work (policies/left_roles.py): "I'm no longer teaching"
after "I'm a teacher"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.left_roles import left_roles
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
        ("I'm a teacher.", "I'm no longer teaching, I switched careers.", "teacher"),
        ("I'm a nurse.", "I quit nursing last year.", "nurse"),
        ("I'm a consultant.", "I'm not consulting anymore.", "consultant"),
        ("I'm a tutor.", "I stopped tutoring in March.", "tutor"),
    ],
)
async def test_a_role_left_by_its_work(role: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="roles") as rt:
        assert await _role_then(rt, role, text) == [("role", ended, "negate")]
        assert await held(rt, "Sam", "role") == ()


@pytest.mark.parametrize(
    ("role", "text"),
    [
        ("I'm a teacher.", "I'm not teaching today."),  # a day off
        ("I'm a teacher.", "I never stopped teaching."),
        ("I'm a teacher.", "Don't think I stopped teaching."),  # "n't": a denial too
        ("I'm a teacher.", "If I stopped teaching, I'd travel."),
        ("I'm a software engineer.", "I stopped running."),  # another work's
        ("I'm a teacher.", "My wife quit teaching."),
    ],
)
async def test_what_leaves_no_role(role: str, text: str) -> None:
    async with MemoryRuntime.memory(namespace="roles") as rt:
        assert await _role_then(rt, role, text) == []
        assert len(await held(rt, "Sam", "role")) == 1


def test_only_a_role_held_then_and_not_twice() -> None:
    def teacher(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("math teacher",) if attribute == "role" else ()

    text = "I'm no longer teaching."
    (claim,) = left_roles([], text, "Sam", SAID, teacher)
    assert (claim.value, claim.polarity, claim.change) == ("math teacher", "negate", True)
    assert left_roles([claim], text, "Sam", SAID, teacher) == []
    assert left_roles([], text, None, SAID, teacher) == []
