"""A subject of several names shares what its clause says (policies/joint_subject.py):
"Tom and Ana went to Japan" is a visit of each, "Tom and I love hiking" a like of both, and
"My wife and I are going to Paris" the wife's trip too where memory knows her by name
(runtime/kin_claims.py)."""

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


def each(names: str, attribute: str, value: str, day: str | None = None) -> list[Row]:
    return [(name, attribute, value, day) for name in names.split()]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The walk used to find the last name only ("Ana" visited Japan, Tom nothing).
        ("Tom and Ana went to Japan last year.", each("Tom Ana", "visited", "Japan", "2023-01-01")),
        ("Tom and I love hiking.", each("Tom Sam", "likes", "hiking")),
        ("Tom and I work at Google.", each("Tom Sam", "employer", "Google")),
        # A plural verb after the last name is the joint subject's.
        ("Me and Tom live in Boston.", each("Sam Tom", "location", "Boston")),
        ("Tom and Ana live in Boston.", each("Tom Ana", "location", "Boston")),
        ("Tom and Ana are allergic to peanuts.", each("Tom Ana", "allergy", "peanuts")),
        ("Tom and Ana don't eat meat.", each("Tom Ana", "diet", "meat-free")),
        (
            "Tom, Ana and I went to Japan last year.",
            each("Tom Ana Sam", "visited", "Japan", "2023-01-01"),
        ),
        (
            "Mia and Leo have a soccer game on Saturday.",
            each("Mia Leo", "activity", "soccer game", "2024-05-04"),
        ),
        (
            "Tom and Ana are going to Paris next week.",
            each("Tom Ana", "goal", "trip to Paris", "2024-05-06"),
        ),
        (
            "Tom and Ana moved to Denver last year.",
            each("Tom Ana", "location", "Denver", "2023-01-01"),
        ),
        # A relation is no name: the speaker's part only (the runtime reads the rest).
        (
            "My husband and I went to Japan last year.",
            each("Sam", "visited", "Japan", "2023-01-01"),
        ),
        (
            "Me and my wife are going to Paris next week.",
            each("Sam", "goal", "trip to Paris", "2024-05-06"),
        ),
        ("Tell me and my wife about it.", []),
        ("Max and Lily and I went camping.", each("Max Lily Sam", "activity", "camping")),
        # A name ending the clause before is no subject ("Lyon", "Chile"), nor the names
        # set after a noun ("My kids Max and Lily").
        (
            "I live in Lyon and I love jazz.",
            each("Sam", "location", "Lyon") + each("Sam", "likes", "jazz"),
        ),
        (
            "I'm from Chile and I don't like rain.",
            each("Sam", "origin", "Chile") + each("Sam", "dislikes", "rain"),
        ),
        (
            "My kids Max and Lily and I went camping.",
            each("Sam", "child", "Max")
            + each("Sam", "child", "Lily")
            + each("Sam", "activity", "camping"),
        ),
        # A pair's own change is the speaker's plan; the relationship rules read the other.
        ("Tom and I are getting married.", each("Sam", "goal", "get married")),
        # Names after their relation word: "my sister Ana and my brother Tom".
        (
            "My sister Ana and my brother Tom live in Oslo.",
            [
                ("Sam", "sibling", "Ana", None),
                ("Sam", "sibling", "Tom", None),
                *each("Ana Tom", "location", "Oslo"),
            ],
        ),
        (
            "Leo, my mom Linda and my dad Bob love golf.",
            [
                ("Sam", "parent", "Linda", None),
                ("Sam", "parent", "Bob", None),
                *each("Leo Linda Bob", "likes", "golf"),
            ],
        ),
        # Not a list that opens no clause: "called my sister Ana" is no subject.
        (
            "I called my sister Ana and my brother Tom moved to Oslo.",
            [("Sam", "sibling", "Tom", None), ("Tom", "location", "Oslo", None)],
        ),
        # A supposition, a new clause after a comma, a pair the relationship rules read.
        ("If Tom and Ana move to Denver, I'll miss them.", []),
        ("I met Tom, and Ana went to Japan.", each("Ana", "visited", "Japan")),
        ("Tom and Ana are married.", []),
    ],
)
def test_each_name_of_a_joint_subject_gets_the_claim(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_a_denied_or_hedged_joint_subject_is_denied_or_hedged_for_each() -> None:
    def said(text: str) -> list[tuple[str, str, float]]:
        obs = Observation(content=text, actor="Sam", occurred_at=SAID)
        return [(c.entity, c.polarity, c.confidence) for c in RuleExtractor().extract_sync(obs)]

    assert said("It's not true that Tom and Ana live in Boston.") == [
        ("Tom", "negate", 0.9),
        ("Ana", "negate", 0.9),
    ]
    assert said("I think Tom and Ana live in Boston.") == [
        ("Tom", "assert", 0.45),
        ("Ana", "assert", 0.45),
    ]


async def test_my_relative_and_i_is_read_of_the_relative_memory_knows() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(rt, "My wife Ana is a nurse.", SAID, actor="Sam")
        r = await say_at(rt, "My wife and I are going to Paris next week.", SAID, actor="Sam")
        assert sorted((d.entity, d.value) for d in r.deltas) == [
            ("Ana", "trip to Paris"),
            ("Sam", "trip to Paris"),
        ]
        r = await say_at(rt, "Me and my wife are driving to Chicago on Friday.", SAID, actor="Sam")
        assert sorted((d.entity, d.value) for d in r.deltas) == [
            ("Ana", "trip to Chicago"),
            ("Sam", "trip to Chicago"),
        ]
        r = await say_at(rt, "Ana and I love sushi.", SAID, actor="Sam")
        assert await held(rt, "Ana", "likes") == ("sushi",)
        assert await held(rt, "Sam", "likes") == ("sushi",)
        # A relative memory knows by the noun alone: the speaker's brother, unnamed.
        r = await say_at(rt, "My brother and I went hiking yesterday.", SAID, actor="Sam")
        assert sorted((d.entity, d.value) for d in r.deltas) == [
            ("Sam", "hiking"),
            ("Sam's brother", "hiking"),
        ]
