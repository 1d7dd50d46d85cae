"""An assistant's requests name no attribute, yet someone's beliefs answer them: a gift
their tastes, a meeting their time zone and hours, a flight their home, plans and fear of
flying. Words of such requests are aliases of those attributes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 3, 1, 9, tzinfo=UTC)
SAID = [
    "I work at Initech as a product manager.",
    "I live in Lisbon.",
    "I work in Central European time.",
    "I love jazz.",
    "I play the piano.",
    "I usually wake up at 6am.",
    "I'm planning a trip to Japan next month.",
    "I'm afraid of flying.",
    "I hate cilantro.",
]


@pytest.fixture
async def rt() -> MemoryRuntime:  # type: ignore[misc]
    async with MemoryRuntime.memory(namespace="u") as runtime:
        for i, text in enumerate(SAID):
            await runtime.observe_and_route(
                {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=i)}
            )
        yield runtime


def _slots(prompt: str) -> set[str]:
    snapshot = prompt.split("## Supporting memories")[0]
    return {
        ln.split(": ", 1)[0].split(" ", 2)[2]
        for ln in snapshot.splitlines()
        if ln.startswith(("- fact ", "- preference "))
    }


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What gift should I get Ana?", {"Ana.likes", "Ana.hobby", "Ana.dislikes"}),
        ("Can you recommend a concert for me?", {"Ana.likes", "Ana.hobby"}),
        ("What music should I put on for Ana?", {"Ana.likes"}),
        ("Suggest a restaurant for Ana tonight.", {"Ana.likes", "Ana.dislikes"}),
        (
            "Schedule a call with Ana tomorrow morning.",
            {"Ana.timezone", "Ana.wake_time"},
        ),
        ("What time is it for Ana?", {"Ana.timezone"}),
        ("Book me a flight to Tokyo.", {"Ana.fear", "Ana.goal", "Ana.location"}),
        ("What does Ana do for a living?", {"Ana.employer", "Ana.role"}),
    ],
)
async def test_a_request_reaches_the_beliefs_that_answer_it(
    rt: MemoryRuntime, question: str, expected: set[str]
) -> None:
    ctx = await rt.query(question, actor="Ana", budget_tokens=400)
    assert expected <= _slots(ctx.to_prompt()), question


@pytest.mark.parametrize(
    ("question", "job"),
    [
        ("What does Ana do?", True),
        ("What does Ana do for a living?", True),
        ("What does Ana do on weekends?", False),
        ("What did Ana do?", False),
    ],
)
async def test_what_someone_does_asks_for_their_job(
    rt: MemoryRuntime, question: str, job: bool
) -> None:
    # Room for the lines asked only: what is asked must lead the snapshot.
    ctx = await rt.query(question, actor="Ana", budget_tokens=200)
    assert ({"Ana.employer", "Ana.role"} <= _slots(ctx.to_prompt())) is job, question


async def test_doing_something_for_a_living_is_no_question_of_home(rt: MemoryRuntime) -> None:
    ctx = await rt.query("What does Ana do for a living?", actor="Ana", budget_tokens=400)
    assert "Ana.location" not in _slots(ctx.to_prompt())
    ctx = await rt.query("Where is Ana living these days?", actor="Ana", budget_tokens=400)
    assert "Ana.location" in _slots(ctx.to_prompt())
