"""When in the day or week a liking holds is part of what is liked (policies/rule_values.py):
"I prefer meetings in the morning" is a liking for morning meetings, not for meetings."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import FixedClock, MemoryRuntime

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)
EX = RuleExtractor()


def likings(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Ana", source="user", occurred_at=SAID)
    return [
        (c.attribute, c.value, c.polarity)
        for c in EX.extract_sync(obs)
        if c.attribute in ("likes", "dislikes")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I prefer meetings in the morning.", ("likes", "meetings in the morning")),
        ("I prefer meetings before noon.", ("likes", "meetings before noon")),
        ("I prefer calls after 3pm.", ("likes", "calls after 3pm")),
        ("I prefer calls after 3 p.m. Thanks.", ("likes", "calls after 3 p.m.")),
        ("I like to run after work.", ("likes", "run after work")),
        ("I love running in the early mornings.", ("likes", "running in the early mornings")),
        ("I love jazz at night.", ("likes", "jazz at night")),
        ("I like long walks on weekends.", ("likes", "long walks on weekends")),
        ("I hate meetings before 10am on Mondays.", ("dislikes", "meetings before 10am")),
        ("I don't like calls after 5.", ("dislikes", "calls after 5")),
    ],
)
def test_the_time_a_liking_holds_is_part_of_its_value(text: str, expected: tuple[str, str]) -> None:
    assert likings(text) == [(*expected, "assert")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # No time of day or week: the value ends where it did.
        ("I love jazz in Paris.", ("likes", "jazz")),
        ("I like pizza with olives.", ("likes", "pizza")),
        # A date is no time of day: cut off as before.
        ("I love hiking in the summer.", ("likes", "hiking")),
        ("I like my new job at Acme.", ("likes", "new job")),
    ],
)
def test_other_words_after_a_liking_are_not_part_of_it(
    text: str, expected: tuple[str, str]
) -> None:
    assert likings(text) == [(*expected, "assert")]


async def test_a_read_of_when_shows_the_liking_with_its_time() -> None:
    async with MemoryRuntime.memory(clock=FixedClock(SAID)) as rt:
        await rt.observe_and_route(
            {"content": "I prefer meetings in the morning.", "actor": "Ana", "occurred_at": SAID}
        )
        belief = await rt.belief("Ana", "likes")
        assert belief is not None and belief.held == ("meetings in the morning",)
        ctx = await rt.query("When do I like to have meetings?", actor="Ana")
        assert "meetings in the morning" in ctx.to_prompt()
