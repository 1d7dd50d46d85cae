"""Standing instructions a user gives the assistant ("Always answer in French.") become
claims of the multi-valued ``instruction`` attribute, and their slot joins every read
(policies/instructions.py, projections/worldview.py, runtime/asked.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()


def told(text: str, *, source: str = "user", actor: str | None = "Dana") -> list[str]:
    obs = Observation(content=text, source=source, actor=actor)
    return [c.value for c in EX.extract_sync(obs) if c.attribute == "instruction"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Always answer in French.", "answer in French"),
        ("Please keep your answers short.", "keep your answers short"),
        ("Don't use emojis.", "never use emojis"),
        ("Never use emojis, they annoy me.", "never use emojis"),
        ("From now on, reply in bullet points.", "reply in bullet points"),
        ("Going forward, please include sources.", "include sources"),
        ("Also, always explain your code.", "explain your code"),
        ("Always answer in French because I'm learning it.", "answer in French"),
        ("OK, from now on always respond formally.", "respond formally"),
    ],
)
def test_a_standing_instruction_is_read(text: str, value: str) -> None:
    assert told(text) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Keep it up!",
        "Never give up!",
        "Take care!",
        "Keep in touch.",
        "Don't worry about it.",
        "Never stop learning.",
        # A request for this turn, not for every turn.
        "Give me a short summary of the news.",
        "Answer in French.",
        "Use Python for the examples.",
        # A question asks; it does not instruct.
        "Can you always answer in French?",
        "Always answer in French?",
    ],
)
def test_chat_and_one_off_requests_are_not_instructions(text: str) -> None:
    assert told(text) == []


def test_only_the_users_own_words_instruct() -> None:
    text = "Always answer in French."
    assert told(text, source="tool:search") == []
    assert told(text, source="agent") == []
    assert told(text, actor=None) == []
    assert told(text, source="User") == ["answer in French"]


def test_instructions_keep_text_order_among_other_claims() -> None:
    obs = Observation(
        content="I live in Paris. Never use emojis. I work at Acme.", source="user", actor="Dana"
    )
    assert [(c.attribute, c.value) for c in EX.extract_sync(obs)] == [
        ("location", "Paris"),
        ("instruction", "never use emojis"),
        ("employer", "Acme"),
    ]


async def _say(rt: MemoryRuntime, text: str, day: int, actor: str = "Dana") -> None:
    await rt.observe_and_route(
        {
            "type": "utterance",
            "content": text,
            "source": "user",
            "actor": actor,
            "occurred_at": datetime(2024, 4, day, tzinfo=UTC),
        }
    )


async def test_instructions_hold_side_by_side_and_join_every_read() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        await _say(rt, "Always answer in French.", 1)
        await _say(rt, "Never use emojis.", 2)
        await _say(rt, "Bob lives in Lyon.", 3, actor="Bob")
        slot = (await rt.worldview()).slot("preference:dana.instruction")
        assert slot is not None
        assert set(slot.selected) == {"answer in French", "never use emojis"}
        for question in ("Where does Bob live?", "What should I cook tonight?"):
            ctx = await rt.query(question, budget_tokens=1000)
            section = ctx.prompt_sections["worldview"]
            assert "answer in French" in section and "never use emojis" in section, question
        # Named, the asked slot comes first; the instruction follows it.
        section = (await rt.query("Where does Bob live?")).prompt_sections["worldview"]
        assert section.index("Lyon") < section.index("answer in French")
        live = await rt.worldview()
        await rt.rebuild()
        assert await rt.worldview() == live


async def test_the_instruction_line_comes_right_after_what_is_asked() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        await _say(rt, "Always answer in French.", 1)
        await _say(rt, "Bob works at Acme.", 2, actor="Bob")
        await _say(rt, "Bob lives in Lyon.", 3, actor="Bob")
        ctx = await rt.query("Where does Bob live?", budget_tokens=2000)
        lines = ctx.prompt_sections["worldview"].splitlines()
        assert [ln.split(":")[0] for ln in lines[:3]] == [
            "- fact Bob.location",
            "- preference Dana.instruction",
            "- fact Bob.employer",
        ]
