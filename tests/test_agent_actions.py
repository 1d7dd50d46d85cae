"""What an agent reports it did for the user is the user's: "I've booked you a table at
Nopa for Friday" gives the user an activity dated Friday, "I've set a reminder for you to
call your mom on Sunday" a todo. Only an agent's plain report, and only with a user to
address: the actor of the user's latest words."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from nousmem.policies.agent_actions import agent_actions, as_users
from nousmem.runtime import MemoryRuntime

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday


def _read(text: str, source: str = "assistant") -> list[tuple[str, str, str, date | None]]:
    return [
        (c.entity, c.attribute, c.value, c.valid_at)
        for c in agent_actions(source, text, "Sam", SAID)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I've booked you a table at Nopa for Friday at 7pm.",
            [("Sam", "activity", "table at Nopa", date(2024, 5, 3))],
        ),
        (
            "I scheduled your dentist appointment for Tuesday at 10am.",
            [("Sam", "activity", "dentist appointment", date(2024, 5, 7))],
        ),
        (
            "All set, I booked your haircut with Dana for Monday.",
            [("Sam", "activity", "haircut with Dana", date(2024, 5, 6))],
        ),
        (
            "Done! I reserved a hotel in Rome for you for June 3.",
            [("Sam", "activity", "hotel in Rome", date(2024, 6, 3))],
        ),
        # Booked for a day ahead, though the past verb reads "June 3" as the one gone by.
        (
            "I booked a flight to Rome on June 3.",
            [("Sam", "activity", "flight to Rome", date(2024, 6, 3))],
        ),
        (
            "Done! I've set a reminder for you to call your mom on Sunday.",
            [("Sam", "todo", "call mom", date(2024, 5, 5))],
        ),
        (
            "I'll remind you to pay the rent tomorrow.",
            [("Sam", "todo", "pay the rent", date(2024, 5, 2))],
        ),
        # A reminder of a thing, and things put on the user's list to buy.
        (
            "I set a reminder for your mom's birthday on June 5.",
            [("Sam", "todo", "mom's birthday", date(2024, 6, 5))],
        ),
        (
            "I've added milk and eggs to your shopping list.",
            [("Sam", "todo", "buy milk and eggs", None)],
        ),
        ("Done, I put coffee on the grocery list.", [("Sam", "todo", "buy coffee", None)]),
        ("Should I add milk to your shopping list?", []),
        # Offers, questions and failures report nothing done.
        ("I can book you a table at Nopa.", []),
        ("Shall I book a table at Nopa for Friday?", []),
        ("I couldn't book a table at Nopa.", []),
        ("I haven't booked your flight to Rome yet.", []),
        # Nothing booked: no time, no place or person.
        ("I've made a note of that.", []),
        ("I booked your flight.", []),
    ],
)
def test_an_agents_report_of_what_it_did(
    text: str, expected: list[tuple[str, str, str, date | None]]
) -> None:
    assert _read(text) == expected


def test_only_an_agent_and_only_with_someone_to_address() -> None:
    text = "I've booked you a table at Nopa for Friday."
    assert _read(text, source="agent:planner")
    assert _read(text, source="user") == []
    assert _read(text, source="tool:search") == []
    assert agent_actions("assistant", text, None, SAID) == []


def test_the_span_names_what_was_done() -> None:
    text = "Great. I've booked you a table at Nopa for Friday at 7pm."
    (claim,) = agent_actions("assistant", text, "Sam", SAID)
    assert claim.span is not None
    assert text[claim.span[0] : claim.span[1]] == "I've booked you a table at Nopa"


async def _turns(rt: MemoryRuntime, *turns: tuple[str, str, str]) -> None:
    """Write each (actor, source, text), a minute apart."""
    for i, (actor, source, text) in enumerate(turns):
        await rt.observe_and_route(
            {
                "content": text,
                "actor": actor,
                "source": source,
                "occurred_at": SAID + timedelta(minutes=i),
            }
        )


async def test_the_user_the_agent_addresses_gets_it(rt: MemoryRuntime) -> None:
    await _turns(
        rt,
        ("Sam", "user", "Can you book me a table at Nopa for Friday?"),
        ("assistant", "assistant", "I've booked you a table at Nopa for Friday at 7pm."),
        ("Ana", "user", "Hi, it's Ana. Remind me about my dentist."),
        ("assistant", "assistant", "I scheduled your dentist appointment for Tuesday at 10am."),
    )
    sam = await rt.belief("Sam", "activity")
    ana = await rt.belief("Ana", "activity")
    assert sam is not None and [v for v, _ in sam.distribution if v != "unknown"] == [
        "table at Nopa"
    ]
    assert ana is not None and "dentist appointment" in dict(ana.distribution)
    assert await rt.belief("assistant", "activity") is None
    ctx = await rt.query("What do I have on Friday?", actor="Sam")
    assert "table at Nopa (3 May 2024)" in ctx.prompt_sections["worldview"]
    # Journaled with the write: a rebuild reads the same.
    before = (await rt.worldview()).model_dump()
    await rt.rebuild()
    assert (await rt.worldview()).model_dump() == before


async def test_without_a_user_an_agents_you_is_no_one(rt: MemoryRuntime) -> None:
    await _turns(rt, ("assistant", "assistant", "I've booked you a table at Nopa for Friday."))
    assert "Nopa" not in (await rt.worldview()).render()


async def test_an_agent_cancels_or_moves_what_the_user_holds(rt: MemoryRuntime) -> None:
    await _turns(
        rt,
        ("Sam", "user", "I have a dentist appointment on Tuesday."),
        ("Sam", "user", "I have a haircut on Friday."),
        ("assistant", "assistant", "I've cancelled your dentist appointment."),
        ("assistant", "agent", "I moved your haircut to Saturday."),
    )
    belief = await rt.belief("Sam", "activity")
    assert belief is not None and belief.held == ("haircut",)
    lines = (await rt.worldview()).render()
    assert "haircut (4 May 2024)" in lines and "dentist" not in lines


def test_an_agents_words_in_the_users_own_keep_their_offsets() -> None:
    said = "Your haircut? I moved your haircut to Saturday for you."
    mine = as_users("assistant", said)
    assert mine is not None and len(mine) == len(said)
    assert mine.replace(" ", "") == "Myhaircut?ImovedmyhaircuttoSaturdayforme."
    assert as_users("user", said) is None
    assert as_users("agent", "The deploy failed.") is None
