"""Where one was, read from what one did there ("took this pic in Spain", "explored the
coast up in the Pacific Northwest"), and pastimes shared with others ("had a great time
hiking with my church friends")."""

from __future__ import annotations

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation

EX = RuleExtractor()


def claims(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(
        type="utterance",
        content=text,
        actor="Dana",
        source="user",
        occurred_at="2023-05-08T13:56:00Z",
    )
    return [(c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)]


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
    ],
)
def test_no_pastime_from_other_gerunds_or_a_denial(text: str) -> None:
    assert [c for c in claims(text) if c[0] == "activity" and c[2] == "assert"] == []
