"""A death told (policies/rules_personal.py): "My mom passed away last year" gives the
mother memory knows `deceased: yes`, dated; figures of speech give nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims, held, say_at

SET = datetime(2024, 5, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 2, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Ana passed away last week.", [("Ana", "deceased", "yes", "assert")]),
        ("Tom Baker died in 2019.", [("Tom Baker", "deceased", "yes", "assert")]),
        # The speaker, no one, almost, a supposition, a denial, a game.
        ("I died laughing.", []),
        ("I literally died when I saw it.", []),
        ("My phone died.", []),
        ("Tom almost died.", []),
        ("If Ana died, I'd be lost.", []),
        ("Ana never died, she moved away.", []),
        ("Ana died in the game.", []),
    ],
)
def test_a_death_told(text: str, want: list[tuple[str, str, str, str]]) -> None:
    assert [c for c in extracted_claims(text) if c[1] == "deceased"] == want


async def test_the_relative_memory_knows_is_deceased_dated() -> None:
    async with MemoryRuntime.memory(namespace="deceased") as rt:
        await say_at(rt, "My mom lives in Chicago.", SET, actor="Sam")
        await say_at(rt, "My mom passed away last year.", SAID, actor="Sam")
        assert await held(rt, "Sam's mother", "deceased") == ("yes",)
        view = (await rt.worldview("logical")).render()
        assert "Sam's mother.deceased: yes (2023)" in view
