"""Who hired the speaker is the employer only when it is no person the speaker has
(policies/hired_people.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies import RuleExtractor
from nousmem.policies.hired_people import hired_by_people
from nousmem.projections.models import Claim, Observation
from nousmem.runtime import FixedClock, MemoryRuntime

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)
EX = RuleExtractor()


def employers(text: str) -> list[str]:
    obs = Observation(content=text, actor="Sam", source="user", occurred_at=SAID)
    return [c.value for c in EX.extract_sync(obs) if c.attribute == "employer"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Google hired me last month.", ["Google"]),
        ("I was hired by Stripe in 2021.", ["Stripe"]),
        # A person may be an employer, as "I work for Sarah" reads.
        ("Sarah hired me.", ["Sarah"]),
        # Not one the message names as someone the speaker has, nor a titled name.
        ("My manager Tom hired me last year.", []),
        ("Dr. Lee hired me.", []),
        ("I was hired by Dr. Patel.", []),
        ("Stripe hired me and my manager is Tom.", ["Stripe"]),
    ],
)
def test_who_hired_the_speaker_is_the_employer_unless_a_person_they_have(
    text: str, expected: list[str]
) -> None:
    assert employers(text) == expected


def test_what_memory_knows_of_a_name_decides_too() -> None:
    tom = Claim(entity="Sam", attribute="employer", value="Tom", span=(0, 12), extractor="rule")
    lives = Claim(entity="Sam", attribute="location", value="Tom", span=(0, 12))
    assert hired_by_people([tom, lives], "Tom hired me", lambda v: v == "Tom") == [lives]
    assert hired_by_people([tom], "Tom hired me", lambda v: False) == [tom]
    # Not said by hiring: "I work for Tom" stays whatever memory knows.
    assert hired_by_people([tom], "I work for Tom", lambda v: True) == [tom]


async def test_a_governed_write_reads_a_manager_who_hired_as_no_employer() -> None:
    async with MemoryRuntime.memory(clock=FixedClock(SAID + timedelta(days=3))) as rt:
        turns = ["Tom is my manager.", "Stripe hired me last year.", "Tom hired me, actually."]
        for i, text in enumerate(turns):
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": SAID + timedelta(days=i)}
            )
        belief = await rt.belief("Sam", "employer")
        assert belief is not None and belief.held == ("Stripe",)
        manager = await rt.belief("Sam", "manager")
        assert manager is not None and manager.held == ("Tom",)
