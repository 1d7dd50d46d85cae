"""A value announced ahead of when memory learned it ("I accepted an offer from Globex, I
start there on May 1", said on 1 April) keeps the value it displaces in the slot, and the
read shows that one's period ending when the new one starts (``announced`` in
``projections/worldview_periods.py``)."""

from __future__ import annotations

from datetime import UTC, datetime

from nousmem.projections import WorldviewSnapshot
from nousmem.runtime import FixedClock, MemoryRuntime


async def _run(
    said: list[tuple[str, str]], now: datetime, question: str
) -> tuple[str, WorldviewSnapshot]:
    clock = FixedClock(now)
    async with MemoryRuntime.memory(namespace="ahead", clock=clock) as rt:
        for day, text in said:
            at = datetime.fromisoformat(f"{day}T12:00:00+00:00")
            clock.set(at)
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "source": "user", "occurred_at": at}
            )
        clock.set(now)
        ctx = await rt.query(question, budget_tokens=400, actor="Sam")
        wv = await rt.worldview(lens="logical")
    return ctx.to_prompt(), wv


ANNOUNCED = [
    ("2026-01-03", "I work at Acme as a data analyst."),
    ("2026-04-01", "I accepted an offer from Globex, I start there on May 1."),
]


async def test_the_value_displaced_by_one_announced_ahead_is_shown_until_it_starts() -> None:
    prompt, wv = await _run(ANNOUNCED, datetime(2026, 4, 15, 12, tzinfo=UTC), "Where do I work?")
    assert "- fact Sam.employer: Globex (from 1 May 2026)" in prompt
    assert "- fact Sam.employer before: Acme (3 January 2026 - 1 May 2026)" in prompt
    (slot,) = [s for s in wv.slots if s.key == "Sam.employer"]
    assert {(c.value, c.status) for c in slot.candidates} == {
        ("Globex", "selected"),
        ("Acme", "superseded"),
    }


async def test_a_question_about_the_past_ends_the_period_when_the_new_value_starts() -> None:
    prompt, _ = await _run(
        ANNOUNCED, datetime(2026, 6, 5, 12, tzinfo=UTC), "Where did I work in mid-April?"
    )
    assert "- fact Sam.employer before: Acme (3 January 2026 - 1 May 2026)" in prompt


async def test_a_change_told_with_no_start_ahead_shows_the_present_alone() -> None:
    said = [
        ("2026-01-03", "I work at Acme as a data analyst."),
        ("2026-04-01", "I got a job at Globex!"),
    ]
    prompt, wv = await _run(said, datetime(2026, 4, 15, 12, tzinfo=UTC), "Where do I work?")
    assert "- fact Sam.employer: Globex" in prompt
    assert "before:" not in prompt
    (slot,) = [s for s in wv.slots if s.key == "Sam.employer"]
    assert [c.value for c in slot.candidates] == ["Globex"]
