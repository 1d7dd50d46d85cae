"""A title's point before a name ("St. Louis", "Dr. Lee") ends no sentence, everywhere a
turn is cut into sentences: the extractor, instructions, forget requests, excerpts and the
check that a turn states only forgotten beliefs (projections/title_points.py; review rev51)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_requests import forget_requests
from nousmem.policies.sentences import SENTENCE
from nousmem.projections.excerpt import segments
from nousmem.projections.models import Observation
from nousmem.projections.title_points import rejoin_titles
from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 5, 13, 10, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("I live in St. Louis. It is nice.", ["I live in St. Louis.", "It is nice."]),
        ("I met Dr. Lee today.", ["I met Dr. Lee today."]),
        ("I saw Dr. Élodie Roux.", ["I saw Dr. Élodie Roux."]),
        # A word that starts sentences starts one after the point.
        ("I work on Elm St. I love it.", ["I work on Elm St.", "I love it."]),
        ("Call me Dr. Always be brief.", ["Call me Dr.", "Always be brief."]),
        ("It's on Main St. Do you know it?", ["It's on Main St.", "Do you know it?"]),
        ("I saw John Smith Jr. He waved.", ["I saw John Smith Jr.", "He waved."]),
    ],
)
def test_sentences_split_at_a_title_only_before_a_sentence_start(
    text: str, sentences: list[str]
) -> None:
    assert [m.group(0) for m in SENTENCE.finditer(text)] == sentences
    assert rejoin_titles(text.replace(". ", ".\n").split("\n")) == sentences
    assert list(segments(text)) == sentences


def claims(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Ana", occurred_at=T0)
    return [(c.entity, c.attribute, c.value) for c in RuleExtractor().extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work at the hospital on Main St. Do you know it?", ("Ana", "employer", "hospital")),
        ("Call me Dr. Always be brief.", ("Ana", "instruction", "be brief")),
        ("I married Dr. Alan Grant in 2015.", ("Ana", "spouse", "Dr. Alan Grant")),
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


async def test_a_forgotten_place_with_a_title_leaves_every_read() -> None:
    prompt = await _read(
        ["I live in St. Louis.", "Please forget that I live in St. Louis."], "Where do I live?"
    )
    assert "Louis" not in prompt
