"""What someone is looking for (policies/rules_seeking.py): a search under way is a goal,
``find ...``; found in its own words or, for a job, by a new employer, it ends; a thing
mislaid, a way, someone else's search, a question or a supposition is none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)
LATER = datetime(2024, 6, 1, 12, tzinfo=UTC)


def goals(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [(c.entity, c.value, c.polarity) for c in EX.extract_sync(obs) if c.attribute == "goal"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm looking for a new job.", [("Sam", "find a new job", "assert")]),
        ("I'm looking for a job.", [("Sam", "find a job", "assert")]),
        ("I'm job hunting.", [("Sam", "find a job", "assert")]),
        ("I'm on the job hunt.", [("Sam", "find a job", "assert")]),
        ("I'm searching for an apartment in Denver.", [("Sam", "find an apartment", "assert")]),
        (
            "I've been looking for a new place to live.",
            [("Sam", "find a new place to live", "assert")],
        ),
        ("I'm house hunting in Austin.", [("Sam", "find a home", "assert")]),
        ("We're apartment hunting.", [("Sam", "find a home", "assert")]),
        ("I'm looking for a roommate.", [("Sam", "find a roommate", "assert")]),
        # A thing mislaid, a way, advice, someone else's search, a question, a supposition.
        ("I'm looking for my keys.", []),
        ("I'm looking for a way to save money.", []),
        ("I'm looking for advice.", []),
        ("I'm looking for a job for my son.", []),
        ("Are you looking for a job?", []),
        ("If I'm looking for a job, I'll tell you.", []),
    ],
)
def test_a_search_under_way_is_a_goal(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert goals(text) == expected


@pytest.mark.parametrize(
    ("search", "text", "ended"),
    [
        ("I'm job hunting.", "I finally found a job!", "find a job"),
        ("I'm looking for a new job.", "I got a job at Stripe!", "find a new job"),
        (
            "I'm searching for an apartment in Denver.",
            "We found an apartment!",
            "find an apartment",
        ),
    ],
)
async def test_a_search_ends_when_it_is_done(search: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="seeking") as rt:
        assert await deltas_after(rt, search, text, "goal", (SAID, LATER)) == [
            ("goal", ended, "negate")
        ]
        assert await held(rt, "Sam", "goal") == ()


async def test_a_search_still_under_way_stays_held() -> None:
    async with MemoryRuntime.memory(namespace="seeking") as rt:
        assert (
            await deltas_after(
                rt, "I'm job hunting.", "I haven't found a job yet.", "goal", (SAID, LATER)
            )
            == []
        )
        assert await held(rt, "Sam", "goal") == ("find a job",)
