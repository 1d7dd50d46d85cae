"""A break-up ends a partner: "I broke up with my boyfriend" makes the speaker single and
ends the partner memory holds (``policies/ended_marriage.py``), "Tom and I broke up" ends
Tom, and "I'm single now" ends whoever was held. A break-up hedged, denied or ahead ends
nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import say_at as say

T0 = datetime(2026, 1, 1, 10, tzinfo=UTC)
LATER = T0 + timedelta(days=60)


@pytest.fixture
def rt(memory_rt: MemoryRuntime) -> MemoryRuntime:
    return memory_rt  # one backend: these observations carry their own times


async def partners(rt: MemoryRuntime) -> set[str]:
    belief = await rt.belief("Maya", "spouse")
    return {v for v, p in belief.distribution if p >= 0.5} if belief.mode else set()


@pytest.mark.parametrize(
    "text",
    [
        "I broke up with my boyfriend.",
        "I broke up with my boyfriend yesterday.",
        "I broke up with my long-distance boyfriend.",
        "I'm single now.",
    ],
)
async def test_a_break_up_ends_the_partner_held(rt: MemoryRuntime, text: str) -> None:
    await say(rt, "My boyfriend Tom is a chef.", T0)
    assert await partners(rt) == {"Tom"}
    await say(rt, text, LATER)
    assert await partners(rt) == set()
    status = await rt.belief("Maya", "relationship_status")
    assert status.mode == "single"
    # What was believed before stays readable.
    explained = await rt.explain("Maya", "spouse")
    assert "Tom" in str(explained)


async def test_a_joint_break_up_ends_the_named_partner(rt: MemoryRuntime) -> None:
    await say(rt, "My girlfriend Ana is a nurse.", T0)
    await say(rt, "Ana and I broke up.", LATER)
    assert await partners(rt) == set()


@pytest.mark.parametrize(
    "text",
    [
        "I might break up with my boyfriend.",
        "I never broke up with my boyfriend.",
        "If I broke up with my boyfriend, I'd move.",
        "I'm going to break up with my boyfriend.",
        "My sister broke up with her boyfriend.",
    ],
)
async def test_a_break_up_not_made_ends_nothing(rt: MemoryRuntime, text: str) -> None:
    await say(rt, "My boyfriend Tom is a chef.", T0)
    await say(rt, text, LATER)
    assert await partners(rt) == {"Tom"}


def test_a_husband_left_is_no_break_up_status() -> None:
    # A marriage's end is a separation the words do not state: no "single".
    obs = Observation(content="I broke up with my husband.", actor="Maya", occurred_at=T0)
    assert [
        c for c in RuleExtractor().extract_sync(obs) if c.attribute == "relationship_status"
    ] == []
