"""A move told as a gerund ("I lived in Chicago before moving to Denver") and a trip told
with "went to" / "spent ... in" a listed place (policies/place_names.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from nousmem.policies.place_names import PLACE_NAME, PLACE_NAMES
from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims


def rows(text: str) -> list[tuple[str, str, str, str]]:
    return extracted_claims(text, actor="Ana")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The place lived in before is left (policies/ended_states.py).
        (
            "I lived in Chicago before moving to Denver.",
            [("Ana", "location", "Chicago", "negate"), ("Ana", "location", "Denver", "assert")],
        ),
        (
            "I used to live in Chicago before moving to Denver.",
            [("Ana", "location", "Chicago", "negate"), ("Ana", "location", "Denver", "assert")],
        ),
        ("Before moving to Denver, I lived in Chicago.", [("Ana", "location", "Denver", "assert")]),
        ("I was nervous before moving to Denver.", [("Ana", "location", "Denver", "assert")]),
        # (the pastime taken up is read too: policies/rules_pastimes.py)
        (
            "After moving to Denver, I started skiing.",
            [("Ana", "location", "Denver", "assert"), ("Ana", "hobby", "skiing", "assert")],
        ),
        ("We sold the house before moving to Denver.", [("Ana", "location", "Denver", "assert")]),
        (
            "Tom lived in Paris before moving to Berlin.",
            [("Tom", "location", "Paris", "negate"), ("Tom", "location", "Berlin", "assert")],
        ),
        (
            "Since moving to Denver, Maya has been skiing a lot.",
            [("Maya", "location", "Denver", "assert"), ("Maya", "hobby", "skiing", "assert")],
        ),
        (
            "I had lived in Paris for a year before moving to Lyon.",
            [("Ana", "location", "Paris", "negate"), ("Ana", "location", "Lyon", "assert")],
        ),
    ],
)
def test_a_move_told_as_a_gerund_is_a_move_made(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # A plan, a wish or a future around it: the move may never happen.
        "I'll sell my car before moving to Denver.",
        "I need to pack before moving to Denver next week.",
        "I'll get a dog after moving to Denver.",
        "After moving to Denver, I'll get a dog.",
        "I'm going to sell my car after moving to Denver.",
        "Before moving to Denver, I need to find a job.",
        "Before moving to Denver, I have to sell my car.",
        # A present perfect before "before" may be going on still.
        "I've lived in Paris for a year before moving to Lyon.",
        # Someone unnamed: no one to give it to.
        "She cried after moving to Denver.",
    ],
)
def test_a_move_still_ahead_or_unowned_gives_no_location(text: str) -> None:
    assert [r for r in rows(text) if r[1] == "location"] == []


def test_a_wish_beside_the_move_keeps_its_own_claim_only() -> None:
    assert rows("Before moving to Denver, I want to sell my car.") == [
        ("Ana", "goal", "sell my car", "assert")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went to Japan last year.", [("Ana", "visited", "Japan", "assert")]),
        (
            "I went to Japan and Korea last year.",
            [("Ana", "visited", "Japan", "assert"), ("Ana", "visited", "Korea", "assert")],
        ),
        (
            "We went to Italy and France in 2019.",
            [("Ana", "visited", "Italy", "assert"), ("Ana", "visited", "France", "assert")],
        ),
        ("I went back to Italy for my cousin's wedding.", [("Ana", "visited", "Italy", "assert")]),
        ("We spent two weeks in Italy.", [("Ana", "visited", "Italy", "assert")]),
        (
            "I spent the summer in Portugal and Spain.",
            [("Ana", "visited", "Portugal", "assert"), ("Ana", "visited", "Spain", "assert")],
        ),
        ("I went to New York City for work.", [("Ana", "visited", "New York City", "assert")]),
        (
            "I went to the Grand Canyon with my kids.",
            [("Ana", "visited", "Grand Canyon", "assert")],
        ),
        ("Tom went to Peru last year.", [("Tom", "visited", "Peru", "assert")]),
        ("I never went to Japan.", [("Ana", "visited", "Japan", "negate")]),
        # Back from, or in, a listed place.
        ("I just got back from Mexico.", [("Ana", "visited", "Mexico", "assert")]),
        ("I'm back from a week in Lisbon.", [("Ana", "visited", "Lisbon", "assert")]),
        ("We were in Paris last week.", [("Ana", "visited", "Paris", "assert")]),
        ("I was on Maui for two weeks.", [("Ana", "visited", "Maui", "assert")]),
        (
            "I was in Japan and Korea in 2019.",
            [("Ana", "visited", "Japan", "assert"), ("Ana", "visited", "Korea", "assert")],
        ),
        (
            "We came back from our honeymoon in Bali.",
            [("Ana", "visited", "Bali", "assert"), ("Ana", "activity", "honeymoon", "assert")],
        ),
    ],
)
def test_went_to_or_spent_time_in_a_listed_place_is_a_visit(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An errand or a name the list lacks stays what it was: an outing.
        ("I went to Target.", [("Ana", "activity", "Target", "assert")]),
        ("I went to the gym.", [("Ana", "activity", "gym", "assert")]),
        ("I went to Jordan's party.", [("Ana", "activity", "Jordan's party", "assert")]),
        # A place that is also a name, gone to as a person.
        ("I went to Jordan for advice.", []),
        ("I went to Georgia about the bill.", []),
        # A day spent somewhere that is no place named, a stretch of time no outing.
        ("I spent the day in bed.", []),
        ("I'm back from a week in Cornwall.", []),
        ("I got back from the conference.", [("Ana", "activity", "conference", "assert")]),
        # A wish or a hypothetical: not there.
        ("I wish I was in Hawaii right now.", []),
        ("If I were in Paris, I'd go to the Louvre.", []),
        ("I was born in Ohio.", [("Ana", "origin", "Ohio", "assert")]),
        # Not yet: a wish.
        ("I want to go to Japan.", [("Ana", "goal", "go to Japan", "assert")]),
    ],
)
def test_a_name_off_the_list_is_no_visit(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Two subjects of a plural verb: the trip is still ahead, and the wedding no place.
        (
            "My trip to Japan and my brother's wedding are next month.",
            [("Ana", "goal", "trip to Japan", "assert")],
        ),
        (
            "My trip to Japan and Korea is next month.",
            [
                ("Ana", "goal", "trip to Japan", "assert"),
                ("Ana", "goal", "trip to Korea", "assert"),
            ],
        ),
        # A clause after "and" with a present verb that is no sign of a plan.
        (
            "My trip to Japan was amazing and the photos are great.",
            [("Ana", "visited", "Japan", "assert")],
        ),
    ],
)
def test_a_trip_ahead_is_read_past_a_second_subject(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


def test_place_names_match_whole_names_only() -> None:
    name = re.compile(PLACE_NAME)
    assert {"Japan", "New York City", "the UK", "South Korea"} <= PLACE_NAMES
    assert name.fullmatch("Japan") and name.fullmatch("The UK")
    assert name.match("New York City").group() == "New York City"  # the longest name
    assert not name.match("Japanese")
    assert not name.match("Paris-based") and not name.match("Jordan's")
    assert not name.match("Target")
    assert not name.match("japan")  # a name is capitalised
    assert not any(n != n.strip() or "  " in n for n in PLACE_NAMES)


async def test_a_trip_told_with_went_to_answers_where_they_travelled() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await rt.observe_and_route(
            {"content": "We went to Italy and France last summer.", "actor": "Ana"}
        )
        belief = await rt.belief("Ana", "visited")
        assert {v for v, p in belief.distribution if p > 0.5} == {"Italy", "France"}
        ctx = await rt.query("Which countries has Ana visited?", actor="Ana")
        assert "Italy" in ctx.to_prompt() and "France" in ctx.to_prompt()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I go to the gym three times a week.", [("Ana", "activity", "gym", "assert")]),
        ("I play tennis two days a week.", [("Ana", "hobby", "tennis", "assert")]),
        ("I go swimming once a week.", [("Ana", "activity", "swimming", "assert")]),
    ],
)
def test_how_often_ends_a_value(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We're renting an apartment in Brooklyn.", [("Ana", "location", "Brooklyn", "assert")]),
        # A home described before the place is not the place.
        (
            "We live in a small apartment in Brooklyn.",
            [("Ana", "location", "Brooklyn", "assert")],
        ),
        ("I live in a tiny studio in Paris.", [("Ana", "location", "Paris", "assert")]),
        (
            "I rent a small flat in Leeds.",
            [("Ana", "location", "Leeds", "assert"), ("Ana", "housing", "renter", "assert")],
        ),
        # A home moved into, as one rented.
        ("We moved into a new house in Austin.", [("Ana", "location", "Austin", "assert")]),
        ("I moved into an apartment in Brooklyn.", [("Ana", "location", "Brooklyn", "assert")]),
        ("We moved into a vacation home in Maine.", []),
        ("I moved into a new office in Boston.", []),
        # A home rented, unsaid, and one bought to live in.
        ("We're renting in Brooklyn.", [("Ana", "location", "Brooklyn", "assert")]),
        ("I'm renting in Rome for the summer.", []),
        (
            "We bought a house in Denver.",
            [
                ("Ana", "location", "Denver", "assert"),
                ("Ana", "activity", "bought house", "assert"),
            ],
        ),
        (
            "We bought a vacation home in Maine.",
            [("Ana", "activity", "bought vacation home", "assert")],
        ),
        (
            "We bought a house in Denver as an investment.",
            [("Ana", "activity", "bought house", "assert")],
        ),
        # Where one lives with someone: the place named after them.
        (
            "I live with my girlfriend Mia in Denver.",
            [
                ("Ana", "location", "Denver", "assert"),
                ("Ana", "relationship_status", "in a relationship", "assert"),
                ("Ana", "household", "with girlfriend", "assert"),
                ("Ana", "spouse", "Mia", "assert"),
            ],
        ),
        (
            "Tom lives with two roommates in Brooklyn.",
            [
                ("Tom", "location", "Brooklyn", "assert"),
                ("Tom", "household", "with roommates", "assert"),
            ],
        ),
        (
            "I live with my wife and kids in San Diego.",
            [
                ("Ana", "location", "San Diego", "assert"),
                ("Ana", "household", "with wife and kids", "assert"),
            ],
        ),
        # Whom one lives with, not where (household: tests/test_household.py).
        ("I live with my sister in May.", [("Ana", "household", "with sister", "assert")]),
        ("I can't live with myself in March.", []),
        (
            "I live with my parents in the suburbs.",
            [("Ana", "household", "with parents", "assert")],
        ),
        # A holiday rental or a car is no home.
        ("We're renting a cabin in Vermont for the weekend.", []),
        ("I'm renting a car in Rome.", []),
        # Where one grew up, past the place's kind.
        ("I grew up on a farm in Iowa.", [("Ana", "origin", "Iowa", "assert")]),
        ("I was born on a military base in Germany.", [("Ana", "origin", "Germany", "assert")]),
    ],
)
def test_a_home_rented_and_where_one_grew_up(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Where am I going in June?", True),
        ("Where are we heading this summer?", True),
        # "going" alone asks for no plan.
        ("How is it going?", False),
    ],
)
async def test_where_one_is_going_asks_for_the_trip_planned(question: str, asked: bool) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for text, day in (
            ("My son Leo is 7.", 1),
            ("I work at Acme.", 2),
            ("Julia and I are going to Lisbon in June.", 3),
        ):
            await rt.observe_and_route(
                {
                    "content": text,
                    "actor": "Ana",
                    "occurred_at": datetime(2024, 3, day, 12, tzinfo=UTC),
                }
            )
        ctx = await rt.query(question, budget_tokens=300, actor="Ana")
        snapshot = ctx.prompt_sections.get("worldview", "")
        assert ("Ana.goal: trip to Lisbon" in snapshot) is asked
