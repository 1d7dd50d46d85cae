"""Whose instructions and which relatives a read brings: with an asker, another person's
standing instructions stay out of the answer; a link reaches the relative held now, not an
ex-spouse; "No X." is a ban only when X is an output noun alone; a new instruction replaces
the opposite one."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, tzinfo=UTC)


async def _said(rt: MemoryRuntime, actor: str, *texts: str) -> None:
    for i, text in enumerate(texts):
        await rt.observe_and_route(
            {"content": text, "actor": actor, "source": "user", "occurred_at": T0 + timedelta(i)}
        )


async def _instructions(rt: MemoryRuntime, actor: str) -> list[str]:
    wv = await rt.worldview("logical")
    return [c.value for s in wv.slots if s.key == f"{actor}.instruction" for c in s.candidates]


@pytest.mark.parametrize("question", ["Is Dana a nurse?", "Tell me about my wife."])
async def test_another_persons_instructions_stay_out_of_the_askers_read(
    rt: MemoryRuntime, question: str
) -> None:
    await _said(rt, "Dana", "I am a nurse.", "Always answer in French.", "Never use emojis.")
    await _said(rt, "Bob", "My wife Dana is a nurse.")
    prompt = (await rt.query(question, actor="Bob")).to_prompt()
    assert "nurse" in prompt
    assert "French" not in prompt and "emojis" not in prompt
    # Dana's own read keeps them.
    own = (await rt.query("What do I do?", actor="Dana")).to_prompt()
    assert "French" in own and "never use emojis" in own


async def test_a_link_reaches_the_spouse_held_now_not_the_ex(rt: MemoryRuntime) -> None:
    await _said(rt, "Dana", "My wife Anna loves hiking.", "Anna is my ex-wife.")
    await _said(rt, "Dana", "My wife Beth loves chess.")
    prompt = (await rt.query("What are all the things my wife likes?", actor="Dana")).to_prompt()
    assert "chess" in prompt
    assert "Anna likes" not in prompt


@pytest.mark.parametrize(
    "text",
    [
        "No response from the bank.",
        "No need to reply, just letting you know.",
        "No words can describe how happy I am.",
        "No questions asked.",
        "No summary needed, I just wanted to vent.",
        "Don't mention it, happy to help.",
    ],
)
def test_no_x_statements_are_not_instructions(text: str) -> None:
    claims = RuleExtractor().extract_sync(Observation(content=text, source="user", actor="Dana"))
    assert [c for c in claims if c.attribute == "instruction"] == []


@pytest.mark.parametrize("text", ["No emojis.", "No more bullet points, please."])
def test_no_output_noun_is_a_ban(text: str) -> None:
    claims = RuleExtractor().extract_sync(Observation(content=text, source="user", actor="Dana"))
    assert [c.value for c in claims if c.attribute == "instruction"]


@pytest.mark.parametrize(
    ("before", "after", "gone"),
    [
        ("Never use emojis.", "From now on, use emojis.", "never use emojis"),
        ("Never use emojis.", "Always use emojis.", "never use emojis"),
        (
            "Never use bullet points.",
            "Please use bullet points from now on.",
            "never use bullet points",
        ),
    ],
)
async def test_a_new_instruction_replaces_the_opposite_one(
    rt: MemoryRuntime, before: str, after: str, gone: str
) -> None:
    await _said(rt, "Dana", before, after)
    held = await _instructions(rt, "Dana")
    assert gone not in held and gone.removeprefix("never ") in held


async def test_an_instruction_alone_leaves_no_denied_opposite(rt: MemoryRuntime) -> None:
    await _said(rt, "Dana", "Please keep your answers short.")
    wv = await rt.worldview("audit")
    (slot,) = [s for s in wv.slots if s.key == "Dana.instruction"]
    assert [c.value for c in slot.candidates] == ["keep answers short"]


async def test_a_replaced_instructions_turn_leaves_current_reads(rt: MemoryRuntime) -> None:
    await _said(rt, "Dana", "Always answer in French.", "Answer in English from now on.")
    question = "Can you recommend a good French cheese?"
    prompt = (await rt.query(question, actor="Dana")).to_prompt()
    assert "English" in prompt and "Always answer in French" not in prompt
    audit = (await rt.query(question, actor="Dana", lens="audit")).to_prompt()
    assert "Always answer in French" in audit


def _told(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, source="user", actor="Dana")
    return [(c.attribute, c.value, c.polarity) for c in RuleExtractor().extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Speak English to me from now on.", "English"),
        ("From now on, answer in plain English.", "Plain English"),
        ("Always answer in British English.", "British English"),
    ],
)
def test_more_ways_to_set_the_answer_language(text: str, language: str) -> None:
    assert ("answer_language", language, "assert") in _told(text)


def test_a_compound_instruction_is_two() -> None:
    got = _told("Always answer in French and never use emojis.")
    assert ("answer_language", "French", "assert") in got
    assert ("instruction", "never use emojis", "assert") in got
    got = _told("Keep your answers short and use bullet points.")
    assert ("instruction", "keep answers short", "assert") in got
    assert ("instruction", "use bullet points", "assert") in got


@pytest.mark.parametrize(
    "text",
    [
        "Can you review my classroom rules?\n1. Always answer in full sentences.\n2. No emojis.",
        "I'm writing guidelines for our support staff. Always answer in English. What else?",
    ],
)
def test_rules_drafted_for_others_are_not_the_users_instructions(text: str) -> None:
    assert [t for t in _told(text) if t[0] in ("instruction", "answer_language")] == []


async def test_a_merged_askers_own_instructions_stay_in_their_read(rt: MemoryRuntime) -> None:
    await _said(rt, "Dana", "I am a nurse.", "Always answer in French.")
    await _said(rt, "Dana Smith", "I live in Lyon.")
    await rt.merge_entities("Dana", "Dana Smith", reason="same person", authorized=True)
    for asker in ("Dana", "Dana Smith"):
        ctx = await rt.query("What do I do?", actor=asker)
        assert "French" in ctx.to_prompt()
        assert not [s for s in ctx.suppressed if "another person" in s.reason]


async def test_a_turn_saying_more_than_instructions_stays(rt: MemoryRuntime) -> None:
    await _said(
        rt,
        "Dana",
        "Always answer in French. My flight to Tokyo leaves on Friday at 9am.",
        "Answer in English from now on.",
    )
    prompt = (await rt.query("When does my flight to Tokyo leave?", actor="Dana")).to_prompt()
    assert "flight to Tokyo" in prompt


@pytest.mark.parametrize(
    "text",
    [
        "Never mention that I'm divorced.",
        "No long answers.",
        "No code blocks.",
        "No bold text.",
    ],
)
def test_still_instructions(text: str) -> None:
    assert [t for t in _told(text) if t[0] == "instruction" and t[2] == "assert"]


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for creating the checklist! From now on, always use bullet points.",
        "Stop making up rules. Always answer in French.",
    ],
)
def test_rules_mentioned_in_passing_leave_the_instruction(text: str) -> None:
    assert [t for t in _told(text) if t[0] in ("instruction", "answer_language")]


def test_a_task_for_this_turn_after_and_is_no_standing_instruction() -> None:
    got = _told("From now on, use bullet points and summarize the article below for me.")
    assert [t[1] for t in got if t[0] == "instruction" and t[2] == "assert"] == [
        "use bullet points"
    ]


@pytest.mark.parametrize(
    "first", ["Always answer in French. Thanks!", "Hi! Always answer in French."]
)
async def test_a_courtesy_does_not_bring_a_replaced_instruction_back(
    rt: MemoryRuntime, first: str
) -> None:
    await _said(rt, "Dana", first, "Answer in English from now on.")
    prompt = (await rt.query("Can you recommend a French cheese?", actor="Dana")).to_prompt()
    assert "Always answer in French" not in prompt


def test_stop_x_and_y_reads_both() -> None:
    got = _told("Stop answering in English and answer in French.")
    assert ("answer_language", "French", "assert") in got
    got = _told("Stop using bullet points and write in paragraphs.")
    assert ("instruction", "write in paragraphs", "assert") in got


@pytest.mark.parametrize(
    "text",
    [
        "I'm writing up guidelines for our support staff. Always answer in English.",
        "Sam and I are writing guidelines for our support staff. Always answer in English.",
        "My team is drafting a style guide for the docs. Never use emojis.",
    ],
)
def test_more_ways_of_drafting_rules_for_others(text: str) -> None:
    assert [t for t in _told(text) if t[0] in ("instruction", "answer_language")] == []


@pytest.mark.parametrize(
    "text",
    [
        "My phone plan ran out. No more text messages.",
        "Here's my draft. Don't mention this in your answers.",
    ],
)
def test_no_lasting_instruction(text: str) -> None:
    assert [t for t in _told(text) if t[0] == "instruction" and t[2] == "assert"] == []


@pytest.mark.parametrize(
    "text",
    [
        "From now on, never use emojis and answer in French.",
        "Please, never use emojis and answer in French.",
        "Going forward, don't use emojis and answer in French.",
    ],
)
def test_never_after_a_lead_in_still_leaves_the_second_unread(text: str) -> None:
    assert [t for t in _told(text) if t[0] == "answer_language"] == []


@pytest.mark.parametrize(
    "text",
    [
        "My company is updating its policy on remote work. From now on, always answer in French.",
        "Our landlord is updating the house rules again. Always answer in French.",
    ],
)
def test_someone_elses_rules_leave_the_users_instruction(text: str) -> None:
    assert ("answer_language", "French", "assert") in _told(text)


@pytest.mark.parametrize(
    "text", ["Please don't stop answering in French.", "Never stop using bullet points."]
)
def test_dont_stop_is_no_never(text: str) -> None:
    assert not [t for t in _told(text) if t[1].startswith("never ") and t[2] == "assert"]
    assert ("answer_language", "French", "negate") not in _told(text)


def test_a_greeting_before_stop_x_and_y_still_reads_y() -> None:
    assert ("answer_language", "French", "assert") in _told(
        "Hey, stop using emojis and answer in French."
    )


def test_stop_inside_a_never_clause_passes_nothing_on() -> None:
    got = _told("Never use emojis when I stop working and answer in French.")
    assert [t for t in got if t[0] == "answer_language"] == []
