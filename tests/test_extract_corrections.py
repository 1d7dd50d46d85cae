"""A value said with the one it replaces ("My daughter's name is Mia, not Maya") denies
that one: a multi-valued attribute would otherwise hold both."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("Actually, I work at Globex, not Initech.", ("employer", "Initech")),
        ("Sorry, my birthday is June 21, not June 12.", ("birthday", "June 12")),
        ("Correction: I live in Leeds, not York.", ("location", "York")),
        ("My daughter's name is Mia, not Maya.", ("child", "Maya")),
        ("I speak French and Spanish, not German.", ("speaks", "German")),
        ("I'm from Brazil, not Portugal, by the way.", ("origin", "Portugal")),
        ("My friend Tom, not Tim, lives in Rome.", ("friend", "Tim")),
        # A pet's name corrected: the pet held is of the same kind ("dog Rex").
        ("My dog's name is Max, not Rex.", ("pet", "dog Rex")),
        ("We have a cat called Luna, not Lola.", ("pet", "cat Lola")),
        # A pet's kind corrected: the same pet, of the kind denied ("cat Mochi").
        ("Mochi is my rabbit, not a cat.", ("pet", "cat Mochi")),
        # Lowercase: after a comma and a lowercase value, one or two words naming a thing.
        ("I prefer tea, not coffee.", ("likes", "coffee")),
        ("I use vim, not emacs.", ("uses", "emacs")),
        ("I play tennis, not golf!", ("hobby", "golf")),
        ("I'm a nurse, not a doctor.", ("role", "doctor")),
    ],
)
def test_the_value_after_not_is_denied(text: str, denied: tuple[str, str]) -> None:
    found = claims(text)
    assert ("Dana", *denied, "negate") in found
    assert sum(c[3] == "negate" for c in found) == 1


@pytest.mark.parametrize(
    ("text", "not_denied"),
    [
        ("I work at Globex, not far from home.", "far from home"),  # lowercase: no value
        # Lowercase remarks, not things.
        ("I like it, not gonna lie.", "gonna"),
        ("I love hiking, not really though.", "really"),
        ("I like tea, not that much.", "that much"),
        ("I like tea, not necessarily green.", "green"),
        ("I like Tea, not coffee.", "coffee"),  # a name's alternative is a name
        ("I don't work at Globex, not Initech either.", "Initech"),  # nothing asserted
    ],
)
def test_what_is_no_replaced_value_is_not_denied(text: str, not_denied: str) -> None:
    assert not [c for c in claims(text) if not_denied in c[2]]


def test_each_value_of_a_list_after_not_is_denied() -> None:
    assert claims("I live in Leeds, not York or Hull.") == [
        ("Dana", "location", "Leeds", "assert"),
        ("Dana", "location", "York", "negate"),
        ("Dana", "location", "Hull", "negate"),
    ]


def test_each_lowercase_value_of_a_list_after_not_is_denied() -> None:
    assert claims("I like tea, not coffee or juice.") == [
        ("Dana", "likes", "tea", "assert"),
        ("Dana", "likes", "coffee", "negate"),
        ("Dana", "likes", "juice", "negate"),
    ]


@pytest.mark.parametrize(
    ("first", "correction", "attribute", "held"),
    [
        ("My daughter Maya loves drawing.", "My daughter's name is Mia, not Maya.", "child", "Mia"),
        # A pet's name: the pet held is of the kind asserted ("dog Rex").
        ("I have a dog named Rex.", "I meant my dog is called Max, not Rex.", "pet", "dog Max"),
        ("I have a cat named Mochi.", "Mochi is my rabbit, not a cat.", "pet", "rabbit Mochi"),
    ],
)
async def test_a_corrected_name_leaves_the_list(
    first: str, correction: str, attribute: str, held: str
) -> None:
    t0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [(first, 0), (correction, 1)]:
            await rt.observe_and_route(
                {"content": text, "actor": "Dan", "occurred_at": t0 + timedelta(days=day)}
            )
        belief = await rt.belief("Dan", attribute)
    assert belief is not None and belief.held == (held,)


@pytest.mark.parametrize(
    ("text", "denied", "held"),
    [
        (
            "Actually I don't live in Boston, it's Cambridge.",
            ("location", "Boston"),
            ("location", "Cambridge"),
        ),
        ("Ana doesn't live in Boston, it's Cambridge.", ("location", "Boston"), None),
        ("I don't work at Acme. It's Globex now.", ("employer", "Acme"), ("employer", "Globex")),
        (
            "I'm not allergic to peanuts, it's shellfish.",
            ("allergy", "peanuts"),
            ("allergy", "shellfish"),
        ),
        (
            "Actually I'm not allergic to peanuts, it was a misdiagnosis. It's shellfish.",
            ("allergy", "peanuts"),
            ("allergy", "shellfish"),
        ),
        (
            "I don't take ibuprofen anymore, it's acetaminophen now.",
            ("medication", "ibuprofen"),
            ("medication", "acetaminophen"),
        ),
    ],
)
def test_what_holds_instead_of_a_denied_value_is_asserted(
    text: str, denied: tuple[str, str], held: tuple[str, str] | None
) -> None:
    found = claims(text)
    if held is None:  # of Ana, not the speaker
        assert ("Ana", *denied, "negate") in found
        assert ("Ana", denied[0], "Cambridge", "assert") in found
        return
    assert ("Dana", *denied, "negate") in found
    assert ("Dana", *held, "assert") in found


@pytest.mark.parametrize(
    "text",
    [
        # What "it's" says of the denial, not in its place.
        "I don't live in Boston, it's too expensive.",
        "I don't live in Boston, it's OK.",
        "I don't work at Acme, it's Monday.",
        "I'm not vegan, it's expensive.",
        "I'm not allergic to peanuts, it's weird.",
        "I'm not allergic to peanuts, it's a long story.",
        "I'm not allergic to peanuts, it's annoying.",
        # A lowercase thing only for what names things (allergies, diets, drugs, conditions).
        "I don't play tennis, it's boring.",
        # Not past a question, nor a sentence that goes on.
        "I don't live in Boston. Is it Cambridge?",
        "I don't live in Boston. It's Cambridge that I love.",
    ],
)
def test_what_is_no_value_after_a_denial_is_not_asserted(text: str) -> None:
    assert [c for c in claims(text) if c[3] == "assert"] == []


async def test_a_denied_allergy_replaced_in_a_correction_holds_the_new_one() -> None:
    t0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [
            ("I'm allergic to peanuts.", 0),
            ("Actually I'm not allergic to peanuts, it was a misdiagnosis. It's shellfish.", 1),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "Dan", "occurred_at": t0 + timedelta(days=day)}
            )
        belief = await rt.belief("Dan", "allergy")
    assert belief is not None and belief.held == ("shellfish",)
