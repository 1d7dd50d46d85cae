""" "He" / "she" opening a sentence is the one person the sentence before names
(policies/pronoun_subject.py): "My sister Maya got a job. She works at Google." is Maya's
employer; two people, or none, or a question give nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import DatedRow as Row
from tests.helpers import dated_rows, held, say_at

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday


def rows(text: str) -> list[Row]:
    return dated_rows(text, SAID)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My sister Maya just got a new job. She works at Google now.",
            [("Sam", "sibling", "Maya", None), ("Maya", "employer", "Google", None)],
        ),
        ("Tom called. He lives in Denver now.", [("Tom", "location", "Denver", None)]),
        # A value of another kind ("Google") is no one: the one person stays.
        (
            "Tom works at Google. He lives in Denver.",
            [("Tom", "employer", "Google", None), ("Tom", "location", "Denver", None)],
        ),
        (
            "Tom is my coworker. He is vegan.",
            [("Sam", "coworker", "Tom", None), ("Tom", "diet", "vegan", None)],
        ),
        # A chain of them keeps the person.
        (
            "Ana called. She's flying to Rome on Friday. She lives in Boston.",
            [("Ana", "goal", "trip to Rome", "2024-05-03"), ("Ana", "location", "Boston", None)],
        ),
        (
            "Ana called. And she is in Paris until Friday.",
            [("Ana", "visited", "Paris", "2024-05-01")],
        ),
        # "They": the people the sentence before names together, each of them.
        (
            "Tom and Ana got married. They live in Boston.",
            [("Tom", "location", "Boston", None), ("Ana", "location", "Boston", None)],
        ),
        (
            "Tom, Ana and Leo came over. They love sushi.",
            [(name, "likes", "sushi", None) for name in ("Tom", "Ana", "Leo")],
        ),
        ("Tom met Ana at work. They live in Boston.", []),  # not named together
        ("Ana called. They live in Boston.", []),  # one is no "they"
        # Two people, or none but the speaker, or a capital that is no name: nothing.
        ("Tom works at Google with Ana. She loves hiking.", [("Tom", "employer", "Google", None)]),
        ("I met Tom and Ana. She is a nurse.", []),
        ("We went to Paris in May. He loved hiking.", [("Sam", "visited", "Paris", "2024-05-01")]),
        ("Great news! She got a job at Google.", []),
        # The one spoken to is not who "she" is.
        ("Thanks, Mel. She lives in Paris now.", []),
        ("Great to hear, Mel. She lives in Paris now.", []),
        ("Hey Mel! She lives in Paris now.", []),
        # A word before the name says the gender: another gender is someone else, and of
        # two, the one of the pronoun's gender is meant where the other's is said too.
        ("My brother Tom called. She lives in Paris.", [("Sam", "sibling", "Tom", None)]),
        (
            "My brother Tom and my sister Ana came. She lives in Paris.",
            [
                ("Sam", "sibling", "Tom", None),
                ("Sam", "sibling", "Ana", None),
                ("Ana", "location", "Paris", None),
            ],
        ),
        (
            "I met Tom and my sister Ana. She lives in Paris.",
            [("Sam", "sibling", "Ana", None)],
        ),
        ("I saw Mr. Lee today. He lives in Boston.", [("Lee", "location", "Boston", None)]),
        ("I saw Mrs. Lee today. He lives in Boston.", []),
        (
            "My brother Tom called. He lives in Paris. She works at Google.",
            [("Sam", "sibling", "Tom", None), ("Tom", "location", "Paris", None)],
        ),
        # "Her" / "His" opening a sentence: that person's.
        (
            "My sister Maya called. Her birthday is June 3.",
            [("Sam", "sibling", "Maya", None), ("Maya", "birthday", "June 3", None)],
        ),
        (
            "My sister Maya got married. Her wife Jo lives in Lyon.",
            [
                ("Sam", "sibling", "Maya", None),
                ("Maya", "relationship_status", "married", None),
                ("Maya", "spouse", "Jo", None),
                ("Jo", "location", "Lyon", None),
            ],
        ),
        ("Tom came over. His favorite food is sushi.", [("Tom", "likes", "sushi", None)]),
        ("My brother Tom called. Her birthday is June 3.", [("Sam", "sibling", "Tom", None)]),
        # A question about them states nothing.
        ("Ana called. Does she live in Paris?", []),
        ("Ana called. She lives in Paris?", []),
        # Someone else's words handed over are not the speaker's.
        ("Her text said:\nMaya got the job. She works at Google now.", []),
        # A clause of its own inside the sentence, after a comma or "and" / "but".
        (
            "Ana lives in Porto, she only visited Lisbon.",
            [("Ana", "location", "Porto", None), ("Ana", "visited", "Lisbon", None)],
        ),
        (
            "Tom moved to Berlin and he works at SAP.",
            [("Tom", "location", "Berlin", None), ("Tom", "employer", "SAP", None)],
        ),
        (
            "Ana and Tom live in Boston, they love it there.",
            [("Ana", "location", "Boston", None), ("Tom", "location", "Boston", None)],
        ),
        # The part before names no one else: nothing to read ("I" is the speaker).
        ("I live in Paris, she lives in Rome.", [("Sam", "location", "Paris", None)]),
        ("When Ana arrived, she called me.", []),
        # What someone said of themselves, relayed: the reporter is the one.
        ("Leo said he moved to Berlin.", [("Leo", "location", "Berlin", None)]),
        ("Ana told me she got a new job at Google.", [("Ana", "employer", "Google", None)]),
        ("Tom mentioned that he adopted a dog.", [("Tom", "pet", "dog", None)]),
        ("Ana told me her birthday is June 3.", [("Ana", "birthday", "June 3", None)]),
        # Nothing said of the reporter, or no one named to report it.
        ("Leo said he thinks I live in Paris.", []),
        ("My mom said she's retiring next year.", []),
        ("I told Leo he should move to Berlin.", []),
    ],
)
def test_a_pronoun_is_the_one_person_named_before(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_a_pronouns_claim_points_at_its_own_sentence() -> None:
    text = "My sister Maya just got a new job. She works at Google now."
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    (claim,) = [c for c in RuleExtractor().extract_sync(obs) if c.entity == "Maya"]
    assert claim.span is not None
    assert text[claim.span[0] : claim.span[1]] == "She works at Google"
    text = "My sister Maya called. Her birthday is June 3."
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    (claim,) = [c for c in RuleExtractor().extract_sync(obs) if c.entity == "Maya"]
    assert claim.span is not None
    assert text[claim.span[0] : claim.span[1]] == "Her birthday is June 3"
    text = "Leo said he moved to Berlin."
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    (claim,) = RuleExtractor().extract_sync(obs)
    assert claim.span is not None
    assert text[claim.span[0] : claim.span[1]] == "he moved to Berlin"
    text = "Leo told me he doesn't live in Paris anymore."
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    assert [(c.entity, c.value, c.polarity) for c in RuleExtractor().extract_sync(obs)] == [
        ("Leo", "Paris", "negate")
    ]


async def test_a_pronoun_after_my_relative_is_that_relative() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(rt, "My brother Tom is a chef.", SAID, actor="Sam")
        text = "My brother just moved. He lives in Denver now."
        r = await say_at(rt, text, SAID, actor="Sam")
        assert [(d.entity, d.value) for d in r.deltas] == [("Tom", "Denver")]
        # Unknown by name: the speaker's sister, by the noun alone.
        r = await say_at(rt, "My sister got a new job. She works at Google.", SAID, actor="Sam")
        assert [(d.entity, d.value) for d in r.deltas] == [("Sam's sister", "Google")]
        # "She" is not "my brother": someone else.
        r = await say_at(rt, "My brother just moved. She lives in Austin now.", SAID, "Sam")
        assert r.deltas == ()


async def test_they_after_my_relatives_is_each_of_them() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(rt, "My mom Ana is a teacher.", SAID, actor="Sam")
        await say_at(rt, "My dad Leo is a chef.", SAID, actor="Sam")
        r = await say_at(rt, "My parents called. They are in Paris until Friday.", SAID, "Sam")
        assert sorted((d.entity, d.attribute, d.value) for d in r.deltas) == [
            ("Ana", "visited", "Paris"),
            ("Leo", "visited", "Paris"),
        ]
        # Not past another sentence, nor a "they" of no group.
        r = await say_at(rt, "My parents called. Ok. They are in Rome.", SAID, "Sam")
        assert r.deltas == ()
        r = await say_at(rt, "I called Ana. They are in Rome until Friday.", SAID, "Sam")
        assert r.deltas == ()
        text = "My parents called. Me and my wife are fine. They are in Rome until Friday."
        r = await say_at(rt, text, SAID, "Sam")
        assert r.deltas == ()


async def test_a_governed_write_keeps_what_the_pronoun_says() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(
            rt, "My sister Maya just got a new job. She works at Google now.", SAID, actor="Sam"
        )
        assert await held(rt, "Maya", "employer") == ("Google",)
        assert await held(rt, "Sam", "employer") == ()
