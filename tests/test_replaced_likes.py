"""A preference replaced by another of the same kind (policies/replaced_likes.py): "Actually I
prefer aisle seats now" after "I prefer window seats when I fly" ends window seats."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

SET = datetime(2026, 3, 1, 12, tzinfo=UTC)
SAID = datetime(2026, 3, 2, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("first", "then", "ended"),
    [
        ("I prefer window seats when I fly.", "Actually I prefer aisle seats now.", "window seats"),
        (
            "I like red-eye flights.",
            "These days I prefer early morning flights.",
            "red-eye flights",
        ),
        ("I love window seats.", "I prefer aisle seats instead.", "window seats"),
    ],
)
async def test_a_preference_of_the_same_kind_said_as_a_change_replaces_it(
    first: str, then: str, ended: str
) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        out = await deltas_after(rt, first, then, "likes", (SET, SAID))
        assert ("likes", ended, "negate") in out
        assert ended not in await held(rt, "Sam", "likes")
        history = (await rt.worldview("historical")).render()
        assert f"{ended} (1 March 2026 - 2 March 2026)" in history


@pytest.mark.parametrize(
    ("first", "then"),
    [
        # Kept beside it, no change said, a value of one word, another kind.
        ("I prefer window seats.", "I like aisle seats now too."),
        ("I prefer window seats.", "I also like aisle seats."),
        ("I like coffee.", "I prefer tea now."),
        ("I prefer window seats.", "I prefer early morning flights now."),
    ],
)
async def test_what_does_not_replace_a_preference(first: str, then: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        out = await deltas_after(rt, first, then, "likes", (SET, SAID))
        assert not [d for d in out if d[2] == "negate"]


async def test_a_correction_without_words_of_change_replaces_nothing_said_earlier() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for i, text in enumerate(
            [
                "I prefer dark roast coffee.",
                "I work at Acme.",
                "Oops, I prefer medium roast coffee.",
            ]
        ):
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": SET.replace(hour=9 + i)}
            )
        assert set(await held(rt, "Sam", "likes")) == {"dark roast coffee", "medium roast coffee"}
