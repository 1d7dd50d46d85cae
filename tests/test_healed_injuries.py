"""An injury memory holds, healed (policies/healed_injuries.py): "My arm has healed" after
"I broke my arm" ends the ``broken arm``; healing under way, part of the way, denied,
supposed, asked, or of another part ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.healed_injuries import healed_injuries
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas, held, say_at

HURT = datetime(2024, 3, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


async def _healed(rt: MemoryRuntime, injury: str, text: str) -> list[tuple[str, str, str]]:
    await say_at(rt, injury, HURT, actor="Sam")
    return [d for d in deltas(await say_at(rt, text, SAID, actor="Sam")) if d[2] == "negate"]


@pytest.mark.parametrize(
    ("injury", "text", "ended"),
    [
        ("I broke my arm.", "My arm has healed.", "broken arm"),
        ("I broke my arm.", "My broken arm is fully healed now.", "broken arm"),
        ("I broke my left wrist.", "My wrist is finally healed!", "broken left wrist"),
        ("I sprained my ankle.", "Good news: my ankle is better now.", "sprained ankle"),
        ("I tore my ACL.", "My ACL has completely healed.", "torn ACL"),
        ("I hurt my back.", "My back is back to normal.", "hurt back"),
        ("I hurt my knee.", "My knee is fine again.", "hurt knee"),
        ("I broke two ribs.", "My ribs have healed.", "broken ribs"),
        ("I have a concussion.", "I've fully recovered from my concussion.", "concussion"),
        ("I sprained my ankle.", "I'm finally over my sprained ankle.", "sprained ankle"),
        ("I broke my leg.", "I have recovered from the broken leg.", "broken leg"),
    ],
)
async def test_a_part_healed_ends_the_injury_held(injury: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        assert await _healed(rt, injury, text) == [("injury", ended, "negate")]
        assert await held(rt, "Sam", "injury") == ()


@pytest.mark.parametrize(
    ("injury", "text"),
    [
        # Under way, to come, part of the way.
        ("I broke my arm.", "My arm is healing nicely."),
        ("I broke my arm.", "My arm is getting better."),
        ("I broke my arm.", "My arm should heal soon."),
        ("I broke my arm.", "My arm is a bit better."),
        ("I broke my arm.", "My arm is almost healed."),
        # Denied, supposed, asked.
        ("I broke my arm.", "My arm hasn't healed yet."),
        ("I broke my arm.", "My arm isn't better."),
        ("I broke my arm.", "If my arm has healed by June, I'll play."),
        ("I broke my arm.", "Has my arm healed?"),
        # Another part, another hurt of the part, another person.
        ("I broke my wrist.", "My arm has healed."),
        ("I broke my ankle.", "My sprained ankle is better now."),
        ("I broke my arm.", "Her arm has healed."),
        ("I broke my arm.", "Ana's arm has healed."),
    ],
)
async def test_what_does_not_heal_the_injury(injury: str, text: str) -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        assert await _healed(rt, injury, text) == []
        assert len(await held(rt, "Sam", "injury")) == 1


async def test_someone_elses_injury_healed_and_rebuilt_the_same() -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        await say_at(rt, "Ana sprained her ankle and Tom broke his leg.", HURT, actor="Sam")
        said = await say_at(rt, "Ana's ankle is all better now.", SAID, actor="Sam")
        assert [(d.entity, d.value, d.polarity) for d in said.deltas] == [
            ("Ana", "sprained ankle", "negate")
        ]
        assert await held(rt, "Ana", "injury") == ()
        assert await held(rt, "Tom", "injury") == ("broken leg",)
        history = (await rt.worldview("historical")).render()
        assert "sprained ankle (1 March 2024 - 1 May 2024) [negated]" in history
        await rt.rebuild()
        assert (await rt.worldview("historical")).render() == history
        assert await held(rt, "Ana", "injury") == ()


def test_only_an_injury_held_then_and_not_twice() -> None:
    def arm(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("broken arm", "pulled muscle") if (entity, attribute) == ("Sam", "injury") else ()

    text = "My arm has healed."
    (claim,) = healed_injuries([], text, "Sam", SAID, arm)
    assert (claim.entity, claim.value, claim.polarity, claim.change, claim.span) == (
        "Sam",
        "broken arm",
        "negate",
        True,
        (0, len(text) - 1),
    )
    assert healed_injuries([claim], text, "Sam", SAID, arm) == []
    assert healed_injuries([], text, None, SAID, arm) == []
    assert healed_injuries([], "My arm hurts.", "Sam", SAID, arm) == []
    assert healed_injuries([], "Tom's arm has healed.", "Sam", SAID, arm) == []


@pytest.mark.parametrize(
    ("injury", "text", "whose", "ended"),
    [
        ("My mom broke her hip.", "My mom's hip has healed.", "Sam's mother", "broken hip"),
        ("Mom broke her hip.", "Mom's hip is better now.", "Sam's mother", "broken hip"),
        (
            "My mom broke her hip.",
            "My mom has recovered from her broken hip.",
            "Sam's mother",
            "broken hip",
        ),
        (
            "My sister Ana sprained her ankle.",
            "My sister's ankle has healed.",
            "Ana",
            "sprained ankle",
        ),
    ],
)
async def test_a_relatives_injury_healed(injury: str, text: str, whose: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        assert await _healed(rt, injury, text) == [("injury", ended, "negate")]
        assert await held(rt, whose, "injury") == ()


async def test_my_relatives_part_is_not_mine() -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        assert await _healed(rt, "I broke my arm.", "My mom's arm has healed.") == []
        assert await held(rt, "Sam", "injury") == ("broken arm",)


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        # "his" / "her" is the one name said before it in the statement.
        ("Leo's cast came off today, his arm has healed.", ("broken arm",)),
        ("Good news about Leo: his arm has healed.", ("broken arm",)),
        # The statement's first word, when its verb agrees with it; not a name of the
        # other gender.
        ("Leo went back to practice today, his arm has healed.", ("broken arm",)),
        ("Leo saw his sister Mia today, his arm has healed.", ("broken arm",)),
        # A cast off ends the broken bone under it.
        ("Leo's cast came off today!", ("broken arm",)),
        ("Leo's cast was removed this morning.", ("broken arm",)),
        # Two names, or none: whose is unclear.
        ("Leo and Max played today, his arm has healed.", ()),
        ("His arm has healed.", ()),
        # A cast to come off, or someone else's.
        ("Leo's cast comes off on Friday.", ()),
        ("Max's cast came off today.", ()),
    ],
)
async def test_a_pronoun_or_a_cast_off_heals_the_one_named(
    text: str, ended: tuple[str, ...]
) -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        await say_at(rt, "Leo broke his arm at practice.", HURT, actor="Sam")
        said = await say_at(rt, text, SAID, actor="Sam")
        assert (
            tuple(
                d.value for d in said.deltas if d.polarity == "negate" and d.attribute == "injury"
            )
            == ended
        )
        assert await held(rt, "Leo", "injury") == (() if ended else ("broken arm",))


@pytest.mark.parametrize(
    "text",
    [
        # Two names: whose is unclear, though only Max holds one.
        "Leo and Max played today, his arm has healed.",
        # The one name is a girl's: not "his".
        "My niece Max called, his arm has healed.",
        # A place or a day is no one; a sentence's capital is no name.
        "In Paris, his arm has healed.",
        "Finally, his arm has healed.",
    ],
)
async def test_his_with_no_one_fitting_heals_nothing(text: str) -> None:
    async with MemoryRuntime.memory(namespace="heal") as rt:
        await say_at(rt, "Max broke his arm at practice.", HURT, actor="Sam")
        said = await say_at(rt, text, SAID, actor="Sam")
        assert [d for d in said.deltas if d.attribute == "injury"] == []
        assert await held(rt, "Max", "injury") == ("broken arm",)
