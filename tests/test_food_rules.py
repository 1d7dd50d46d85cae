"""The rule extractor on allergies and diets (policies/rules_food.py)."""

from __future__ import annotations

import pytest

from tests.helpers import extracted_claims as rows

Row = tuple[str, str, str, str]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm allergic to peanuts.", [("Dana", "allergy", "peanuts", "assert")]),
        ("I'm severely allergic to shellfish.", [("Dana", "allergy", "shellfish", "assert")]),
        ("Ana is allergic to cats.", [("Ana", "allergy", "cats", "assert")]),
        ("I have a peanut allergy.", [("Dana", "allergy", "peanuts", "assert")]),
        ("I've got a severe shellfish allergy.", [("Dana", "allergy", "shellfish", "assert")]),
        ("I'm not allergic to cats.", [("Dana", "allergy", "cats", "negate")]),
        ("I'm no longer allergic to cats.", [("Dana", "allergy", "cats", "negate")]),
        ("I used to be allergic to cats.", [("Dana", "allergy", "cats", "negate")]),
        ("My son is allergic to peanuts.", []),
        ("If I were allergic to cats I'd know.", []),
        ("I have a new allergy.", []),
        # Review rev23: a short allergen, not what follows it; no kind of allergy, count or
        # possibility.
        (
            "I've been allergic to penicillin my whole life.",
            [("Dana", "allergy", "penicillin", "assert")],
        ),
        ("I'm allergic to cats tbh.", [("Dana", "allergy", "cats", "assert")]),
        ("I have a food allergy.", []),
        ("I have a suspected allergy.", []),
        ("I'm allergic to 2 things: cats and dust.", []),
        ("I may be allergic to cats.", []),
        ("I'm not allergic to anything.", []),
        # Review rev25: where the allergen ends, and no pronoun or people as one.
        ("I'm allergic to cats whenever I visit.", [("Dana", "allergy", "cats", "assert")]),
        ("I'm allergic to cats during spring.", [("Dana", "allergy", "cats", "assert")]),
        ("I'm allergic to it.", []),
        ("I'm allergic to that stuff.", []),
        ("I'm allergic to people who chew loudly.", []),
        ("According to my dad, I'm allergic to cats.", []),
        # A sentence adverb is no part of the name after it; a first name in -ly is.
        ("Honestly Ana is allergic to peanuts.", [("Ana", "allergy", "peanuts", "assert")]),
        ("Sadly Tom is allergic to cats.", [("Tom", "allergy", "cats", "assert")]),
        (
            "Kelly Clarkson is allergic to cats.",
            [("Kelly Clarkson", "allergy", "cats", "assert")],
        ),
    ],
)
def test_allergies(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm vegan.", [("Dana", "diet", "vegan", "assert")]),
        ("I'm a vegetarian.", [("Dana", "diet", "vegetarian", "assert")]),
        ("Ana is gluten-free.", [("Ana", "diet", "gluten-free", "assert")]),
        ("I went vegan last year.", [("Dana", "diet", "vegan", "assert")]),
        ("I'm on a keto diet.", [("Dana", "diet", "keto", "assert")]),
        # A diet by its name, with the word "diet" after it.
        ("I'm on a low-carb diet.", [("Dana", "diet", "low-carb", "assert")]),
        ("I follow the Mediterranean diet.", [("Dana", "diet", "mediterranean", "assert")]),
        ("I'm on a strict low FODMAP diet.", [("Dana", "diet", "low fodmap", "assert")]),
        ("I'm trying the Whole30 diet.", [("Dana", "diet", "whole30", "assert")]),
        ("I'm not on a low-carb diet anymore.", [("Dana", "diet", "low-carb", "negate")]),
        ("I'm plant-based.", [("Dana", "diet", "plant-based", "assert")]),
        ("I'm a carnivore.", [("Dana", "diet", "carnivore", "assert")]),
        ("I'm flexitarian now.", [("Dana", "diet", "flexitarian", "assert")]),
        ("I'm on a diet.", []),
        # A change of diet, not a tool switched to.
        ("I'm switching to a vegetarian diet.", [("Dana", "diet", "vegetarian", "assert")]),
        ("I switched to a low-carb diet in May.", [("Dana", "diet", "low-carb", "assert")]),
        ("I'm going vegan.", [("Dana", "diet", "vegan", "assert")]),
        ("I switched to Linear.", [("Dana", "uses", "Linear", "assert")]),
        ("I love Mediterranean food.", [("Dana", "likes", "Mediterranean food", "assert")]),
        ("I might try a vegan diet.", []),
        ("I was on a low-carb diet in 2019.", []),
        ("The plant-based options were great.", []),
        ("I eat gluten free.", [("Dana", "diet", "gluten-free", "assert")]),
        ("I keep kosher.", [("Dana", "diet", "kosher", "assert")]),
        ("I'm lactose intolerant.", [("Dana", "diet", "lactose-intolerant", "assert")]),
        ("I'm not vegan.", [("Dana", "diet", "vegan", "negate")]),
        ("I'm no longer vegetarian.", [("Dana", "diet", "vegetarian", "negate")]),
        ("I used to be vegetarian.", [("Dana", "diet", "vegetarian", "negate")]),
        # A thing of that kind, not the speaker's diet.
        (
            "We went to a vegan restaurant.",
            [("Dana", "activity", "vegan restaurant", "assert")],  # an outing, no diet
        ),
        ("I'm looking for vegetarian options.", []),
        ("I eat vegan food.", []),
        # Weighed, a goal (policies/rules.py), not the diet.
        ("I'm thinking of going vegan.", [("Dana", "goal", "going vegan", "assert")]),
        # A diet or an allergy to come, or of a past time, is not the speaker's now.
        ("I'll be vegan starting next month.", []),
        ("Starting Monday I'm on a keto diet.", []),
        ("I was vegan for five years.", []),
        ("I was allergic to cats as a kid.", []),
        # What one cannot eat, said as the whole sentence: the diet free of it, also when it
        # is new ("anymore"); anything after it is as often a limit for a while.
        ("I can't eat gluten.", [("Dana", "diet", "gluten-free", "assert")]),
        ("I don't eat dairy anymore.", [("Dana", "diet", "dairy-free", "assert")]),
        ("I can't have any dairy!", [("Dana", "diet", "dairy-free", "assert")]),
        ("I can't eat gluten today.", []),
        ("I can't eat gluten because of a test tomorrow.", []),
        ("I can't eat dairy for a week.", []),
        ("I don't eat dairy very often.", []),
        ("I can't eat gluten at this restaurant.", []),
        ("I don't have dairy in the fridge.", []),
        ("I can't eat gluten-free bread.", []),
        # "We" (the speaker's household) keeps a diet too, and stops keeping it.
        ("We're vegetarian.", [("Dana", "diet", "vegetarian", "assert")]),
        ("We\u2019re both vegan.", [("Dana", "diet", "vegan", "assert")]),
        ("We are all vegetarian.", [("Dana", "diet", "vegetarian", "assert")]),
        (
            "We're not vegetarian anymore, we eat fish now.",
            [("Dana", "diet", "vegetarian", "negate")],
        ),
        ("I hope we're vegan by May.", []),
        ("They're vegan.", []),
        # Where "we" are going is the speaker's outing, not a diet.
        ("We're going to a vegan place.", [("Dana", "activity", "vegan place", "assert")]),
    ],
)
def test_diets(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
