"""The rule extractor on sentences that mention a fact without asserting it: disbelief,
"neither ... nor", counterfactuals and wishes (policies/clauses.py, policies/extract.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()

Row = tuple[str, str, str, str]


def rows(text: str) -> list[Row]:
    """(attribute, value, polarity, confidence-and-hedge) of each rule claim."""
    return [
        (c.attribute, c.value, c.polarity, f"{c.confidence}{' hedged' if c.hedged else ''}")
        for c in EX.extract_sync(Observation(content=text, actor="Dana"))
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I don't think I work at Google.",
        "I do not believe I work at Google.",
        "I dont think I work at Google.",
        "I don't really think I work at Google.",
        "I doubt that I work at Google.",
    ],
)
def test_a_negated_belief_verb_hedges_the_claim(text: str) -> None:
    assert rows(text) == [("employer", "Google", "assert", "0.45 hedged")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I work at neither Google nor Meta.",
            [("employer", "Google", "negate", "0.9"), ("employer", "Meta", "negate", "0.9")],
        ),
        (
            "Dana works at neither Google nor Meta.",
            [("employer", "Google", "negate", "0.9"), ("employer", "Meta", "negate", "0.9")],
        ),
        (
            "I like neither jazz nor rock.",
            [("likes", "jazz", "negate", "0.9"), ("likes", "rock", "negate", "0.9")],
        ),
        # A "nor" after a plainly denied value denies the next one the same way.
        (
            "I don't like jazz nor rock.",
            [("dislikes", "jazz", "assert", "0.9"), ("dislikes", "rock", "assert", "0.9")],
        ),
        ("I work at neither Google.", [("employer", "Google", "negate", "0.9")]),
        # A "neither" the extractor does not read voids the value instead.
        ("I love neither of them.", []),
        ("I want to visit neither Paris nor Rome.", []),
    ],
)
def test_neither_nor_denies_both_values(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "If I worked at Google I'd be rich.",
        "If I worked at Google, I would be rich.",
        "I'd be rich if I worked at Google.",
        "I wish I worked at Google.",
        "I really wish that I worked at Google.",
        "If Dana worked at Google she'd be rich.",
        "Even if I work at Google, I'm poor.",
        "Unless I work at Google next year, I'm moving.",
        "I don't know whether I work at Google.",
        # A name joined to the subject is part of it: the "if" still governs the clause.
        "If Tom and I moved to Paris, we would be happy.",
        "If Tom and I got divorced, I would move.",
        "If Tom and I got married, we would move.",
    ],
)
def test_a_hypothetical_clause_asserts_nothing(text: str) -> None:
    assert rows(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work at Google now.", [("employer", "Google", "assert", "0.9")]),
        ("I think I work at Google", [("employer", "Google", "assert", "0.45 hedged")]),
        # The value ends at a contracted subject, which starts a new clause.
        ("I work at Google I'd say.", [("employer", "Google", "assert", "0.9")]),
        ("I moved to Berlin I'll admit.", [("location", "Berlin", "assert", "0.9")]),
        # A hypothetical word only counts in the subject's own clause.
        ("If so, I work at Google.", [("employer", "Google", "assert", "0.9")]),
        # (Tom's move and the speaker's: policies/joint_subject.py.)
        ("If so, Tom and I moved to Paris.", [("location", "Paris", "assert", "0.9")] * 2),
        ("So Tom and I moved to Paris.", [("location", "Paris", "assert", "0.9")] * 2),
        (
            "I wish I had more time, but I work at Google.",
            [("employer", "Google", "assert", "0.9")],
        ),
        # A possessive presupposes what it names, even under "if".
        ("If my dog Max gets sick I panic.", [("pet", "dog Max", "assert", "0.9")]),
        # Goals are wishes by nature: conditionals and wishes keep them.
        ("I'd love to learn Greek if I had time.", [("goal", "learn Greek", "assert", "0.9")]),
    ],
)
def test_ordinary_statements_still_extract(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


_WORDS = st.sampled_from(
    "I i'd I'd I'll I'm neither nor if wish work at works Google Meta like jazz don't think "
    "and , . not live in Paris doubt of want to visit them".split()
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=14))
@example(["I'm", "Google", "I'd"])  # an introduction's name took "I'd" as its second word
def test_no_value_holds_neither_nor_or_a_contraction(words: list[str]) -> None:
    for c in EX.extract_sync(Observation(content=" ".join(words), actor="Dana")):
        tokens = c.value.lower().split()
        assert not {"neither", "nor", "i'd", "i'll", "i'm", "i've"} & set(tokens), c


async def test_a_counterfactual_changes_no_belief() -> None:
    rt = await MemoryRuntime.memory(namespace="hypo")
    t0 = datetime(2024, 12, 14, 12, tzinfo=UTC)
    for text in ("If I worked at Google I'd be rich.", "I wish I worked at Google."):
        res = await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": t0})
        assert (res.route, res.assessment.claims) == ("ledger_only", ())
    assert await rt.belief("Alice", "employer") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I don't like cats nor does my husband", [("dislikes", "cats")]),
        ("I work at IM Global", [("employer", "IM Global")]),
        ("If you need anything I work at Google", [("employer", "Google")]),
        ("If you ever visit I live in Berlin", [("location", "Berlin")]),
    ],
)
async def test_review_regressions_extract_what_the_sentence_states(
    text: str, expected: list[tuple[str, str]]
) -> None:
    claims = await RuleExtractor().extract(Observation(content=text, actor="alice"))
    assert [(c.attribute, c.value) for c in claims] == expected


async def test_a_wish_with_a_dummy_it_asserts_nothing() -> None:
    text = "I wish it was true that I worked at Google"
    claims = await RuleExtractor().extract(Observation(content=text, actor="alice"))
    assert not [c for c in claims if c.value == "Google"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A request to let go of a fact states nothing...
        ("Please forget that I have a dog named Biscuit.", []),
        ("Forget that I live in Boston.", []),
        ("Please forget I live in Boston.", []),
        ("Don't remember that I work at Initrode.", []),
        ("Stop remembering that I live in Boston.", []),
        # ... but a request to keep it states it.
        ("Never forget that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("Don't forget that I work at Initrode.", [("employer", "Initrode", "assert", "0.9")]),
        ("Remember that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("Can you please forget that I live in Boston?", []),
        # Saying someone forgets is no request: the fact stands.
        ("I always forget that I live in Boston now.", [("location", "Boston", "assert", "0.9")]),
        ("You never remember that I live in Boston!", [("location", "Boston", "assert", "0.9")]),
        ("Actually forget that I live in Boston.", []),
        ("I want you to forget that I live in Boston.", []),
        ("Wait forget that I live in Boston.", []),
        # Anything but the plain request forms keeps its fact: one kept by mistake can be
        # forgotten, one dropped by mistake is lost.
        ("You should forget that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("I tend to forget that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("Jake will forget that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("mom forgets that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("Don't ever forget that I live in Denver.", [("location", "Denver", "assert", "0.9")]),
        ("I can never remember that I live in Boston.", [("location", "Boston", "assert", "0.9")]),
        ("Could you forget I live in Boston?", []),
        ("Please, can you forget that I live in Boston.", []),
        (
            "My wife never lets me forget that I work at Acme.",
            [("employer", "Acme", "assert", "0.9")],
        ),
    ],
)
def test_asking_memory_to_forget_a_fact_does_not_state_it(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
