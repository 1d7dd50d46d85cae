"""Where one was, read from what one did there ("took this pic in Spain", "explored the
coast up in the Pacific Northwest"), and pastimes shared with others ("had a great time
hiking with my church friends")."""

from __future__ import annotations

import pytest

from tests.helpers import extracted as claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I traveled to Japan last year.", [("visited", "Japan", "assert")]),
        ("I flew to Tokyo in May.", [("visited", "Tokyo", "assert")]),
        ("We drove to Denver for the weekend.", [("visited", "Denver", "assert")]),
        ("I travelled all around Europe.", [("visited", "Europe", "assert")]),
        (
            "We backpacked through Peru and Chile in 2019.",
            [("visited", "Peru", "assert"), ("visited", "Chile", "assert")],
        ),
        ("I've never traveled to Japan.", [("visited", "Japan", "negate")]),
        (
            "Road-tripped across the Scottish Highlands!",
            [("visited", "Scottish Highlands", "assert")],
        ),
    ],
)
def test_a_journey_to_a_named_place_is_a_visit(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I drove to work.",  # no name
        "I flew to the conference.",
        "I'll travel to Japan next year.",  # not yet
        "Have you traveled to Japan?",
        "If I traveled to Japan I would eat sushi.",
        "I flew to Google for an interview.",  # a company, not a place
        "We drove to Sarah's after dinner.",  # someone's
        "I flew to Paris? No way.",
    ],
)
def test_no_visit_from_a_journey_without_a_place_or_that_did_not_happen(text: str) -> None:
    assert [c for c in claims(text) if c[0] == "visited"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Last year I took a solo trip and took this pic in Spain.",
            [("visited", "Spain", "assert")],
        ),
        ("Took this selfie at the Louvre last week!", [("visited", "Louvre", "assert")]),
        ("I snapped these photos in Kyoto.", [("visited", "Kyoto", "assert")]),
        (
            "We explored the coast up in the Pacific Northwest and hit some national parks.",
            [("visited", "Pacific Northwest", "assert")],
        ),
        ("We visited the beaches in Portugal.", [("visited", "Portugal", "assert")]),
        ("We toured the castles in Scotland last year.", [("visited", "Scotland", "assert")]),
        ("I haven't visited the beaches in Portugal.", [("visited", "Portugal", "negate")]),
        # No name after the place word: the place word stays the value, as before.
        ("I explored the coast.", [("visited", "coast", "assert")]),
        ("I explored the city in May.", [("visited", "city", "assert")]),
        ("I visited the city in the Fall.", [("visited", "city", "assert")]),
        ("We visited the beach around Christmas.", [("visited", "beach", "assert")]),
        ("We toured the castle in French.", [("visited", "castle", "assert")]),
        ("I explored the island in Animal Crossing.", [("visited", "island", "assert")]),
        # The name ends where its capitals do; what the photo shows may come first.
        ("I took a pic at Target of the shoes I want.", [("visited", "Target", "assert")]),
        ("I took this pic of the Eiffel Tower in Paris.", [("visited", "Paris", "assert")]),
        ("I took a couple of pics in Rome.", [("visited", "Rome", "assert")]),
        ("I took this pic in Sun Valley.", [("visited", "Sun Valley", "assert")]),
        ("I took this photo while in Spain.", [("visited", "Spain", "assert")]),
        ("Took this pic back in Spain.", [("visited", "Spain", "assert")]),
        ("I took this photo when I was in Spain.", [("visited", "Spain", "assert")]),
    ],
)
def test_where_a_photo_was_taken_or_a_place_explored(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I took this photo in May.",  # a month, not a place
        "Took this pic on Saturday at the park.",
        "I took this pic in Sunday's light.",
        "I took this pic at the park.",  # no name
        "I took a picture at Christmas.",  # a holiday
        "I took this photo at Thanksgiving dinner.",
        "Took this pic in Spring.",  # a season, a time of day
        "I took this photo at Sunrise.",
        "I took this pic in Portrait mode.",  # how, or in what
        "I took this photo in RAW.",
        "I took this pic in Minecraft.",
        "I took this photo in Black and White.",
        "I took this photo at Sarah's.",  # someone's
        "I took this photo back in May.",
        "She took this photo when she was in Spain.",  # someone else
        "Did you take this pic in Spain?",  # not "took": a question to the listener
        "I never took a photo in Paris.",  # says nothing of having been there
        "I'd love to take a photo in Rome someday.",
    ],
)
def test_a_photo_without_a_named_place_or_taken_gives_no_visit(text: str) -> None:
    assert [c for c in claims(text) if c[0] == "visited"] == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "I had a great experience last weekend hiking with my church  friends - it was great.",
            "hiking",
        ),
        ("I spent the day fishing with my dad.", "fishing"),
        ("I had fun swimming with the kids yesterday.", "swimming"),
        ("We spent Sunday kayaking together.", "kayaking"),
    ],
)
def test_a_pastime_shared_with_others_is_an_activity(text: str, value: str) -> None:
    assert ("activity", value, "assert") in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "I had a hard time dealing with my boss.",  # not a pastime
        "I spent hours arguing with the landlord.",
        "We never spent time camping together.",  # denied: no claim either way
        "I had never gone hiking with anyone before.",
        # Plans and errands after "had" are not done.
        "I had planned on hiking with my friends but it rained.",
        "I had hoped to go camping with you.",
        "I had to cancel hiking with my friends.",
        # Trouble, no time, no interest.
        "I had a hard time swimming with the cast on.",
        "I had trouble skating with my injured knee.",
        "I had errors running with Python 3.12.",
        "I had no interest in dancing with him.",
        "I had no time for fishing with Dad.",
        # Someone else's pastime.
        "I spent the day watching my kids swimming with dolphins.",
        "I had a photo of my dad fishing with his brother.",
        "I had a dream about swimming with sharks.",
        # Still to come.
        "I'll have spent a week sailing with my uncle by then.",
    ],
)
def test_no_pastime_from_other_gerunds_or_a_denial(text: str) -> None:
    assert [c for c in claims(text) if c[0] == "activity" and c[2] == "assert"] == []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("I had a great time hiking and camping with my church friends.", {"hiking", "camping"}),
        (
            "We spent the weekend hiking, camping and fishing together.",
            {"hiking", "camping", "fishing"},
        ),
    ],
)
def test_pastimes_listed_together_are_each_an_activity(text: str, values: set[str]) -> None:
    assert {v for a, v, p in claims(text) if a == "activity" and p == "assert"} == values


def test_a_list_after_trouble_gives_no_pastime() -> None:
    text = "I had trouble hiking and camping with my bad knee."
    assert [c for c in claims(text) if c[0] == "activity" and c[2] == "assert"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A trip ahead to a place is a goal, not a pastime called "Paris".
        ("I'm going to Paris next week.", [("goal", "trip to Paris", "assert")]),
        ("We're going to Japan next month.", [("goal", "trip to Japan", "assert")]),
        # Further places of the same trip, with or without their own "to".
        (
            "I'm flying to Japan next month and to Korea.",
            [("goal", "trip to Japan", "assert"), ("goal", "trip to Korea", "assert")],
        ),
        (
            "We're going to Peru next month and Chile.",
            [("goal", "trip to Peru", "assert"), ("goal", "trip to Chile", "assert")],
        ),
        # Without a sign of a trip, "going to <Name>" stays an outing ("going to Coachella").
        ("I'm going to Coachella.", [("activity", "Coachella", "assert")]),
    ],
)
def test_a_trip_ahead_is_a_goal_not_an_activity(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert claims(text) == expected


def test_a_trip_is_no_list_of_what_follows_it() -> None:
    # "and going to ..." is a clause of its own, not another place of the trip.
    got = claims("I'm going to Japan next month and going to the beach.")
    assert ("goal", "trip to Japan", "assert") in got
    assert not any(value.startswith("trip to going") for _, value, _ in got)
    assert ("activity", "Japan", "assert") not in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # One's own trip with a sign it is ahead, a flight taken any day, a booking.
        ("My trip to Japan is next month.", [("goal", "trip to Japan", "assert")]),
        ("My trip to Japan is in April.", [("goal", "trip to Japan", "assert")]),
        # Several places of a trip planned, or in the trip's own noun phrase before its verb.
        (
            "I'm planning a trip to Japan and Korea.",
            [("goal", "trip to Japan", "assert"), ("goal", "trip to Korea", "assert")],
        ),
        (
            "We're planning a road trip to Utah and Nevada next year.",
            [("goal", "road trip to Utah", "assert"), ("goal", "road trip to Nevada", "assert")],
        ),
        (
            "My trip to Japan and Korea is next month.",
            [("goal", "trip to Japan", "assert"), ("goal", "trip to Korea", "assert")],
        ),
        (
            "My upcoming trip to Spain and Portugal got moved.",
            [("goal", "trip to Spain", "assert"), ("goal", "trip to Portugal", "assert")],
        ),
        ("My flight to Tokyo is on Friday.", [("goal", "trip to Tokyo", "assert")]),
        ("Our vacation to Hawaii starts tomorrow.", [("goal", "trip to Hawaii", "assert")]),
        ("My upcoming trip to Bali is stressing me out.", [("goal", "trip to Bali", "assert")]),
        ("I'm flying to Tokyo on Friday.", [("goal", "trip to Tokyo", "assert")]),
        ("I booked a flight to Tokyo.", [("goal", "trip to Tokyo", "assert")]),
        ("I have a flight to Tokyo on Friday.", [("goal", "trip to Tokyo", "assert")]),
        ("I booked a hotel in Rome.", [("goal", "trip to Rome", "assert")]),
        # The booking is the trip, not a purchase as a pastime.
        ("I bought tickets to Lisbon for June.", [("goal", "trip to Lisbon", "assert")]),
        # Trips taken stay visits; no trip without a named place, or not booked.
        ("My trip to Japan was amazing.", [("visited", "Japan", "assert")]),
        ("My trip to Japan will always be special.", [("visited", "Japan", "assert")]),
        ("My trip to Japan is in my top memories.", [("visited", "Japan", "assert")]),
        ("I took a trip to Peru last year.", [("visited", "Peru", "assert")]),
        ("I'm flying to the conference.", []),
        ("I have a ticket to the concert.", []),
        ("I didn't book a flight to Tokyo.", []),
        # A booking said to be past is no trip ahead.
        ("I got a room in Paris last year.", []),
        ("I booked a flight to Tokyo two years ago.", []),
        ("My trip to Paris got cancelled.", []),
    ],
)
def test_a_trip_booked_or_said_to_be_ahead_is_a_goal_not_a_visit(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A stay ahead, with a time: a trip.
        ("I'll be in London next week.", [("goal", "trip to London", "assert")]),
        ("I'll be in Denver on Friday.", [("goal", "trip to Denver", "assert")]),
        (
            "I'm going to be in Tokyo for two weeks in May.",
            [("goal", "trip to Tokyo", "assert")],
        ),
        ("I'm spending two weeks in Portugal in July.", [("goal", "trip to Portugal", "assert")]),
        # A stay under way, for work or until a day: there now, not a home.
        ("I'm in Chicago for work until Thursday.", [("visited", "Chicago", "assert")]),
        ("I'm currently in Tokyo on business.", [("visited", "Tokyo", "assert")]),
        # Where one is anyway, no name, a denial, a supposition, no time.
        ("I'm in Chicago.", []),
        ("I'll be in a meeting tomorrow.", []),
        ("I'll be in touch next week.", []),
        ("I won't be in London next week.", []),
        ("If I'll be in Paris in June, I'll call you.", []),
        ("I'll be in Boston.", []),
    ],
)
def test_a_stay_ahead_is_a_trip_and_one_under_way_a_visit(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert claims(text) == expected
