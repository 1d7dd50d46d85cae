"""A title's point before a name ("St. Louis", "Dr. Lee") ends no sentence, everywhere a
turn is cut into sentences: the extractor, instructions, forget requests, excerpts and the
check that a turn states only forgotten beliefs (projections/title_points.py; review rev51)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_requests import forget_requests
from nousmem.policies.sentences import sentences
from nousmem.projections.excerpt import segments
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 5, 13, 10, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in St. Louis. It is nice.", ["I live in St. Louis.", "It is nice."]),
        ("I met Dr. Lee today.", ["I met Dr. Lee today."]),
        ("I saw Dr. Élodie Roux.", ["I saw Dr. Élodie Roux."]),
        # A word that starts sentences starts one after the point.
        ("I work on Elm St. I love it.", ["I work on Elm St.", "I love it."]),
        ("Call me Dr. Always be brief.", ["Call me Dr.", "Always be brief."]),
        ("It's on Main St. Do you know it?", ["It's on Main St.", "Do you know it?"]),
        ("I saw John Smith Jr. He waved.", ["I saw John Smith Jr.", "He waved."]),
        # A street's suffix after a capitalised word or a number, or a line break: an end.
        ("I live on Main St. Tom is my brother.", ["I live on Main St.", "Tom is my brother."]),
        ("I moved to Oak Dr. Maria helped me.", ["I moved to Oak Dr.", "Maria helped me."]),
        ("It's on 5th St. Anna lives there.", ["It's on 5th St.", "Anna lives there."]),
        ("I live in St.\nLouis is nice.", ["I live in St.", "Louis is nice."]),
        ("Hello, Dr. Lee! How are you?", ["Hello, Dr. Lee!", "How are you?"]),
        # A doctor, not a title; a place's name; a person after a sentence's first word.
        ("I went to the Dr. Tom drove me.", ["I went to the Dr.", "Tom drove me."]),
        ("I live in Port St. Lucie.", ["I live in Port St. Lucie."]),
        ("I'm Dr. Lee.", ["I'm Dr. Lee."]),
        ("Yesterday Dr. Lee called.", ["Yesterday Dr. Lee called."]),
        # A title that opens the next sentence joins its name.
        (
            "My doctor is Dr. Patel. Dr. Kim is my dentist.",
            ["My doctor is Dr. Patel.", "Dr. Kim is my dentist."],
        ),
        ("Wow! Dr. Lee called.", ["Wow!", "Dr. Lee called."]),
        (
            "I live on Main St. Dr. Lee lives there too.",
            ["I live on Main St.", "Dr. Lee lives there too."],
        ),
    ],
)
def test_sentences_split_at_a_title_only_before_a_sentence_start(
    text: str, expected: list[str]
) -> None:
    assert [m.group(0) for m in sentences(text)] == expected
    assert list(segments(text)) == expected


def claims(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Ana", occurred_at=T0)
    return [(c.entity, c.attribute, c.value) for c in RuleExtractor().extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work at the hospital on Main St. Do you know it?", ("Ana", "employer", "hospital")),
        ("Call me Dr. Always be brief.", ("Ana", "instruction", "be brief")),
        ("I married Dr. Alan Grant in 2015.", ("Ana", "spouse", "Dr. Alan Grant")),
        ("I have a dog named Mr. Biscuit.", ("Ana", "pet", "dog Mr. Biscuit")),
    ],
)
def test_a_sentence_after_a_street_or_a_title_is_read(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in claims(text)


def test_a_forget_request_ends_at_the_street() -> None:
    (request,) = forget_requests("Please forget that I live on Main St. Can you do that?")
    assert "Can you" not in request.sentence and "Can you" not in request.target


async def _read(turns: list[str], question: str) -> str:
    async with MemoryRuntime.memory() as rt:
        for i, text in enumerate(turns):
            await rt.observe_and_route(
                {
                    "type": "utterance",
                    "content": text,
                    "source": "user",
                    "actor": "Ana",
                    "occurred_at": T0 + timedelta(minutes=i),
                }
            )
        return (await rt.query(question, actor="Ana")).to_prompt()


async def test_forgetting_a_street_keeps_the_next_sentences_fact() -> None:
    prompt = await _read(
        [
            "I work at Google.",
            "Please forget that I go to the gym on Elm St. I still work at Google.",
        ],
        "Where do I work?",
    )
    assert "employer: Google" in prompt


async def test_forgetting_a_street_keeps_the_next_sentences_named_fact() -> None:
    prompt = await _read(
        ["Tom is my brother. I live in Lyon.", "Forget that I live on Elm St. Tom is my brother."],
        "Who is my brother?",
    )
    assert "sibling: Tom" in prompt


async def test_forgetting_a_visit_to_the_doctor_keeps_the_brother() -> None:
    prompt = await _read(
        ["Tom is my brother.", "Forget that I went to the Dr. Tom is my brother."],
        "Who is my brother?",
    )
    assert "sibling: Tom" in prompt


async def test_a_forgotten_place_with_a_title_leaves_every_read() -> None:
    prompt = await _read(
        ["I live in St. Louis.", "Please forget that I live in St. Louis."], "Where do I live?"
    )
    assert "Louis" not in prompt
