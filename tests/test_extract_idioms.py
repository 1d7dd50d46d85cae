"""Ordinary chat that reads like a fact but is none (review rev48): an idiom after "work at"
or "live in", a relative clause's verbs, a judgement before an occupation, a job left."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()
SAID = datetime(2023, 5, 8, 12, tzinfo=UTC)


def rows(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Ana", occurred_at=SAID)
    return [
        (c.entity, c.attribute, c.value, c.polarity + (" hedged" if c.hedged else ""))
        for c in EX.extract_sync(obs)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I have a brother who lives in Denver and works at Google.",
        "I met a guy who works at Apple and lives in Cupertino.",
        "I work at the moment, so I can't talk.",
        "I work for a living.",
        "I joined Tom for lunch.",
        "I'm living in the moment.",
        "I live in fear of my landlord.",
        "I moved to a different team at work.",
        "I moved to part-time at work.",
        "I'm a terrible cook.",
        "I'm a nurse at heart.",
        "I got a cat scan yesterday.",
        "I have a dog bite.",
        "We had fish and chips.",
        "I visited my grandma in the hospital.",
        "I canceled my trip to Japan.",
        "My trip to Paris got canceled.",
        "I went to pieces.",
    ],
)
def test_idioms_and_other_peoples_verbs_are_no_claims_of_the_speaker(text: str) -> None:
    assert rows(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in an apartment in Brooklyn.", [("Ana", "location", "Brooklyn", "assert")]),
        ("I work at Home Depot.", [("Ana", "employer", "Home Depot", "assert")]),
        ("I went to the beach and visited the aquarium.",
         [("Ana", "activity", "beach", "assert"), ("Ana", "visited", "aquarium", "assert")]),
        ("I got fired from my job at Target.", [("Ana", "employer", "Target", "negate")]),
        ("I got laid off from Twitter.", [("Ana", "employer", "Twitter", "negate")]),
        ("I was fired from my job at Walmart.", [("Ana", "employer", "Walmart", "negate")]),
        ("I was laid off from Meta.", [("Ana", "employer", "Meta", "negate")]),
        ("I quit my job at Acme.", [("Ana", "employer", "Acme", "negate")]),
        ("I'm a senior data scientist at Google.",
         [("Ana", "role", "senior data scientist", "assert"),
          ("Ana", "employer", "Google", "assert")]),
        ("I may be moving to London.", [("Ana", "location", "London", "assert hedged")]),
        ("I have a dog named Rex.", [("Ana", "pet", "dog Rex", "assert")]),
        # A pet that died is no pet now: its denial, not the pet (tests/test_extract_leaving.py).
        ("My dog Max passed away last month.", [("Ana", "pet", "dog Max", "negate")]),
        # A retired nurse is no nurse now, but retired (tests/test_extract_leaving.py).
        ("I'm a retired nurse.", [("Ana", "role", "retired", "assert")]),
        ("I have a dog and two cats.",
         [("Ana", "pet", "dog", "assert"), ("Ana", "pet", "cat", "assert")]),
        ("I visited the Louvre.", [("Ana", "visited", "Louvre", "assert")]),
        # ... and what the first version of those rules lost (review rev49).
        ('I quit that job and moved to Seattle.', [('Ana', 'location', 'Seattle', 'assert')]),
        ("I'm a designer who works at Apple and lives in Cupertino.",
         [('Ana', 'role', 'designer', 'assert'), ('Ana', 'location', 'Cupertino', 'assert')]),
        ('I moved to Denver in may.', [('Ana', 'location', 'Denver', 'assert')]),
        ('I work at a day care center.', [('Ana', 'employer', 'day care center', 'assert')]),
        ('I work at The Motley Fool.', [('Ana', 'employer', 'Motley Fool', 'assert')]),
        ("I visited the Children's Museum.", [('Ana', 'visited', "Children's Museum", 'assert')]),
        ('My dog passed the test.', [('Ana', 'pet', 'dog', 'assert')]),
        ('My trip to Paris was great, even though one train got cancelled.',
         [('Ana', 'visited', 'Paris', 'assert')]),
        ('I live in the city of Boston.', [('Ana', 'location', 'Boston', 'assert')]),
        ('I have a job that pays well and live in Denver.',
         [('Ana', 'location', 'Denver', 'assert')]),
    ],
)  # fmt: skip
def test_what_is_said_plainly_still_counts(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


async def test_a_friends_job_does_not_replace_the_speakers(rt: MemoryRuntime) -> None:
    await rt.observe_and_route({"content": "I work at Acme.", "actor": "Ana"})
    await rt.observe_and_route(
        {"content": "I have a brother who lives in Denver and works at Google.", "actor": "Ana"}
    )
    belief = await rt.belief("Ana", "employer")
    assert belief is not None and belief.mode == "Acme"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in St. Louis.", [("Ana", "location", "St. Louis", "assert")]),
        ("I moved to St. Paul last year.", [("Ana", "location", "St. Paul", "assert")]),
        ("I work at St. Jude Hospital.", [("Ana", "employer", "St. Jude Hospital", "assert")]),
        (
            "I live in St. Louis. I work at Google.",
            [("Ana", "location", "St. Louis", "assert"), ("Ana", "employer", "Google", "assert")],
        ),
        # A street's "Dr." before the next sentence is no place name of its own.
        ("I moved to Oak Dr. It is quiet.", []),
        ("I met Mr. Smith. I work at Google.", [("Ana", "employer", "Google", "assert")]),
    ],
)
def test_a_titles_point_before_a_name_goes_on_into_the_name(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A present perfect with a span up to now is a state that goes on...
        ("I've lived in Chicago for five years.", [("Ana", "location", "Chicago", "assert")]),
        ("I have lived in Denver since 2020.", [("Ana", "location", "Denver", "assert")]),
        ("I've lived in Chicago all my life.", [("Ana", "location", "Chicago", "assert")]),
        ("I've lived in Boston my whole life.", [("Ana", "location", "Boston", "assert")]),
        ("I've worked for Google for a decade.", [("Ana", "employer", "Google", "assert")]),
        ("Tom has lived in Rome since 2010.", [("Tom", "location", "Rome", "assert")]),
        # ... without one, a state known once: no claim that it holds now.
        ("I've worked at Google before.", []),
        ("I've lived in Paris.", []),
        ("I've lived in Paris as a kid.", []),
        ("I've lived in Paris for a year before moving to Lyon.", []),
        ("I might have lived in Ohio for a year.", []),
        ("I've lived in Paris for a year in 2015.", []),
        (
            "I've lived in London for two years but moved back to Leeds last month.",
            [("Ana", "location", "Leeds", "assert")],
        ),
        # A perfect "worked at" with no sign either way holds, as it always did; a denial in
        # the perfect denies it now.
        ("I've worked at Google.", [("Ana", "employer", "Google", "assert")]),
        ("I've always worked at Google.", [("Ana", "employer", "Google", "assert")]),
        ("I've worked at Google for quite a while.", [("Ana", "employer", "Google", "assert")]),
        ("I've never worked at Google.", [("Ana", "employer", "Google", "negate")]),
        ("I lived in Chicago for five years.", []),
    ],
)
def test_a_present_perfect_state_goes_on_only_up_to_now(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A state "until" a date holds now (the date bounds it; it is no plan).
        ("I work at Google until the end of June.", [("Ana", "employer", "Google", "assert")]),
        ("I live in Paris until Christmas.", [("Ana", "location", "Paris", "assert")]),
        ("I work at Target until the 30th.", [("Ana", "employer", "Target", "assert")]),
        # A liked time of year is a value, not a date cut out of it.
        ("I love late spring.", [("Ana", "likes", "late spring", "assert")]),
        ("I love the end of summer.", [("Ana", "likes", "end of summer", "assert")]),
        ("I hate the end of winter.", [("Ana", "dislikes", "end of winter", "assert")]),
        # "my whole" ends a value only before "life".
        ("I love my whole family.", [("Ana", "likes", "whole family", "assert")]),
    ],
)
def test_review_rev51_extraction(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Another event's past in the sentence ends no ongoing job (review rev53).
        (
            "I've worked at Google for five years, before that I was at Meta.",
            [("Ana", "employer", "Google", "assert")],
        ),
        (
            "I've worked at Google since I moved back from Europe.",
            [("Ana", "employer", "Google", "assert")],
        ),
        ("I've worked at Google since last year.", [("Ana", "employer", "Google", "assert")]),
        ("I've worked at Google from 2019 to now.", [("Ana", "employer", "Google", "assert")]),
        (
            "Tom has worked at Acme for ten years, before that he was at IBM.",
            [("Tom", "employer", "Acme", "assert")],
        ),
        (
            "I've lived in Boston for 10 years, and before that in Chicago.",
            [("Ana", "location", "Boston", "assert")],
        ),
        ("I've lived in Chicago all these years.", [("Ana", "location", "Chicago", "assert")]),
        # The value is the life itself; a date is no liked thing.
        ("I love my whole life.", [("Ana", "likes", "whole life", "assert")]),
        ("I love the 1st of May.", []),
        ("I live in Port St. Lucie.", [("Ana", "location", "Port St. Lucie", "assert")]),
    ],
)
def test_review_rev53_extraction(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A period of work or study the resolver does not date ends the value.
        (
            "I'm working on the auth refactor this sprint.",
            [("Ana", "activity", "auth refactor", "assert")],
        ),
        ("I'm learning Rust this quarter.", [("Ana", "hobby", "Rust", "assert")]),
    ],
)
def test_a_work_period_ends_a_value(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected
