"""Rule-extractor errors found on real conversational turns: half phrases, a lost job read
as a current employer, offers to the listener read as goals, a "we" clause given to the
speaker, a species word that is a modifier. And long texts full of time expressions are
read in linear time (the mention lookups search, they do not scan)."""

from __future__ import annotations

import pytest

from nousmem.policies import RuleExtractor
from nousmem.policies.sentences import Doc, Sentence
from nousmem.policies.value_trim import trim_phrase
from nousmem.projections.models import Observation
from tests.helpers import extracted as claims

EX = RuleExtractor()


@pytest.mark.parametrize(
    "text",
    [
        "I want to pass it on to others.",  # was goal "pass"
        "I want to help make that happen.",  # was goal "help make"
        "My dream is to create a safe and loving home for kids.",  # was "create a safe"
        "I love spending time with the friends I have.",  # was likes "spending time"
        "If you ever do it, let me know - I'd love to help in any way I can.",
        "I'd love to make something like this next!",
        "We chilled under the trees, played games, and ate yummy food.",  # we, not Dana
        "Here's a photo of my horse painting I did recently.",  # not a pet
        "I've made strong connections with people there.",
    ],
)
def test_half_phrases_offers_and_modifiers_are_not_claims(text: str) -> None:
    assert claims(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I lost my job at the mechanical engineering company.",
            ("employer", "mechanical engineering company", "negate"),
        ),
        (
            "Since I lost my job at Door Dash, things are tough.",
            ("employer", "Door Dash", "negate"),
        ),
        ("I left my job at the bank.", ("employer", "bank", "negate")),
        ("I quit Initech.", ("employer", "Initech", "negate")),
        (
            "I just want to positively affect people.",
            ("goal", "positively affect people", "assert"),
        ),
        ("I just adopted this cute pup from a shelter.", ("pet", "pup", "assert")),
        ("I had a picnic, played games.", ("hobby", "games", "assert")),
        ("I like tea more than coffee.", ("likes", "tea", "assert")),
        ("I like dogs a lot.", ("likes", "dogs", "assert")),
        ("I love hiking very much.", ("likes", "hiking", "assert")),
        ("I enjoy painting more and more.", ("likes", "painting", "assert")),
        ("I like Thomas More.", ("likes", "Thomas More", "assert")),
        ("I'm married to Bob.", ("relationship_status", "married", "assert")),
        ("I'm not married.", ("relationship_status", "married", "negate")),
    ],
)
def test_what_the_turn_says(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in claims(text)


def test_a_species_before_a_noun_is_a_modifier_but_the_named_pet_counts() -> None:
    got = claims("I bought a dog bed for my dog Max.")
    assert ("pet", "dog Max", "assert") in got
    assert ("pet", "dog", "assert") not in got


def test_a_value_ends_at_the_first_time_mention_inside_it() -> None:
    text = "I love hiking mountain trails"
    assert trim_phrase(text, 7, len(text), [2, 14, 23]) == ("hiking", 13)
    assert trim_phrase(text, 7, len(text), [2, 23]) == ("hiking mountain", 22)
    assert trim_phrase(text, 7, len(text), [2]) == ("hiking mountain trails", 29)


def test_sentence_mentions_are_those_starting_inside_it() -> None:
    from datetime import UTC, datetime

    content = "Yesterday was fun. I went out today. Next week too."
    doc = Doc(content, datetime(2023, 5, 8, tzinfo=UTC))
    second = Sentence("I went out today.", content.index("I went"), doc)
    assert [m.text for m in second.mentions] == ["today"]
    assert second.cuts == [len("I went out ")]
    assert [m.text for m in second.mentions_between(0, 6)] == []
    assert [m.text for m in doc.mentions_in(0, len(content))] == [
        "Yesterday",
        "today",
        "Next week",
    ]


def test_a_long_text_of_time_expressions_gives_the_claims_of_its_sentences() -> None:
    text = "I went to a gig 3 days ago. " * 2000
    obs = Observation(type="utterance", content=text, actor="Dana", occurred_at="2023-05-08")
    got = EX.extract_sync(obs)
    # One claim per distinct fact; each sentence's date is its own mention's.
    assert {(c.attribute, c.value) for c in got} == {("activity", "gig")}
    assert all(c.valid_at is not None and c.valid_at.isoformat() == "2023-05-05" for c in got)


def test_denying_a_spouse_does_not_deny_being_married() -> None:
    got = claims("I'm not married to Bob.")
    assert ("spouse", "Bob", "negate") in got
    assert not [c for c in got if c[0] == "relationship_status"]
