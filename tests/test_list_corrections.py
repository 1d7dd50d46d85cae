"""A list value fixed as a mistake replaces the one the speaker just said: "I use VS Code for
Python", then "Sorry, I meant I use PyCharm for Python". A list holds its values side by
side, so only a correction that says the same thing again with another value, right after
it, replaces anything."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.update_language import says_mistake
from nousmem.runtime import MemoryRuntime
from tests.helpers import held_after

T0 = datetime(2024, 3, 1, 12, tzinfo=UTC)


async def _held(rt: MemoryRuntime, said: list[tuple[str, str]], attribute: str) -> set[str]:
    return await held_after(rt, said, attribute, start=T0, step=timedelta(hours=1))


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("Sorry, I meant I use PyCharm for Python.", "PyCharm", True),
        ("Actually, I prefer light mode.", "light", True),
        ("Oops, I prefer medium roast.", "medium", True),
        ("No wait, I use PyCharm.", "PyCharm", True),
        ("Actually, I also use PyCharm.", "PyCharm", False),  # adds to what was said
        ("Actually, I now use PyCharm.", "PyCharm", False),  # the world changed
        ("I use PyCharm. Sorry for the wait.", "PyCharm", False),  # a later sentence's
        ("I use PyCharm.", "PyCharm", False),
    ],
)
def test_says_mistake(text: str, value: str, expected: bool) -> None:
    assert says_mistake(text, text.index(value)) is expected


async def test_a_mistake_fixed_replaces_the_value_just_listed(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        [
            ("Sam", "I use Git every day."),
            ("Sam", "I use VS Code for Python."),
            ("Sam", "Sorry, I meant I use PyCharm for Python."),
        ],
        "uses",
    )
    assert held == {"Git", "PyCharm"}


async def test_a_value_added_replaces_nothing(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        [("Sam", "I use VS Code for Python."), ("Sam", "Actually, I also use PyCharm for Python.")],
        "uses",
    )
    assert held == {"VS Code", "PyCharm"}


async def test_a_correction_of_something_else_replaces_nothing(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        [("Sam", "I like sushi."), ("Sam", "Actually, I prefer light mode.")],
        "likes",
    )
    assert held == {"sushi", "light mode"}


async def test_only_the_speakers_message_just_before_is_corrected(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        [
            ("Sam", "I prefer dark roast coffee."),
            ("Sam", "I work at Acme."),
            ("Sam", "Oops, I prefer medium roast coffee."),
        ],
        "likes",
    )
    assert held == {"dark roast coffee", "medium roast coffee"}


async def test_another_speakers_message_between_does_not_matter(rt: MemoryRuntime) -> None:
    held = await _held(
        rt,
        [
            ("Sam", "I prefer dark roast coffee."),
            ("Ana", "I like tea."),
            ("Sam", "Oops, I prefer medium roast coffee."),
        ],
        "likes",
    )
    assert held == {"medium roast coffee"}


async def test_another_speakers_value_is_not_replaced(rt: MemoryRuntime) -> None:
    for i, (actor, text) in enumerate(
        [("Ana", "Sam prefers dark roast coffee."), ("Sam", "Oops, I prefer medium roast coffee.")]
    ):
        await rt.observe_and_route(
            {"content": text, "actor": actor, "occurred_at": T0 + timedelta(hours=i)}
        )
    snap = await rt.belief("Sam", "likes")
    assert snap is not None and "dark roast coffee" in snap.held
