"""A denial that names a held value by a shorter or longer form of its name ends the value
held (policies/short_names.py): "I quit my job at Northwestern" after "I work as a nurse at
Northwestern Memorial" ends the job."""

from __future__ import annotations

from datetime import UTC, datetime

from nousmem.policies.short_names import denied_by_name
from nousmem.projections.models import Claim
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas, say_at

SAID = datetime(2024, 1, 5, 12, tzinfo=UTC)


async def _say(rt: MemoryRuntime, day: int, text: str) -> list[tuple[str, str, str]]:
    return deltas(await say_at(rt, text, SAID.replace(day=day), actor="Alex"))


async def test_a_job_quit_by_a_short_name_ends_the_job_held() -> None:
    async with MemoryRuntime.memory(namespace="names") as rt:
        await _say(rt, 1, "I work as a nurse at Northwestern Memorial.")
        assert await _say(rt, 5, "I quit my job at Northwestern.") == [
            ("employer", "Northwestern Memorial", "negate")
        ]
        employer = await rt.belief("Alex", "employer")
        assert employer is not None and employer.mode is None
        history = (await rt.worldview("historical")).render()
        assert "Northwestern Memorial (1 January 2024 - 5 January 2024)" in history
        view = (await rt.worldview("historical")).render()
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == view


async def test_a_longer_name_denies_the_short_one_and_a_new_name_denies_nothing() -> None:
    async with MemoryRuntime.memory(namespace="names") as rt:
        await _say(rt, 1, "I live in New York.")
        assert await _say(rt, 2, "I no longer live in New York City.") == [
            ("location", "New York", "negate")
        ]
        await _say(rt, 3, "I work at Acme.")
        # Another name altogether: the denial stands as said, and the job stays.
        assert await _say(rt, 4, "I no longer work at Initech.") == [
            ("employer", "Initech", "negate")
        ]
        employer = await rt.belief("Alex", "employer")
        assert employer is not None and employer.mode == "Acme"


def _claim(attribute: str, value: str, polarity: str = "negate") -> Claim:
    return Claim(
        entity="Alex",
        attribute=attribute,
        value=value,
        polarity=polarity,  # type: ignore[arg-type]
    )


def test_only_one_held_name_of_a_single_valued_attribute_is_a_target() -> None:
    held_now = {
        "employer": ("Acme Corp", "Acme Labs"),  # two held: which one is unclear
        "location": ("San Francisco Bay Area",),
        "likes": ("sushi rolls",),
    }

    def held(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return held_now.get(attribute, ())

    claims = [
        _claim("employer", "Acme"),
        _claim("location", "san francisco"),
        _claim("location", "San Jose"),
        _claim("location", "San Francisco", "assert"),  # asserts are left as said
        _claim("likes", "sushi"),  # a multi-valued attribute
    ]
    out = denied_by_name(claims, SAID, held, lambda a: a != "likes")
    assert [(c.attribute, c.value, c.polarity) for c in out] == [
        ("employer", "Acme", "negate"),
        ("location", "San Francisco Bay Area", "negate"),
        ("location", "San Jose", "negate"),
        ("location", "San Francisco", "assert"),
        ("likes", "sushi", "negate"),
    ]
