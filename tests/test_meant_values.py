"""A held value corrected in a message of its own (policies/meant_values.py): "Sorry, I meant
Cambridge, not Boston" after "I live in Boston"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.meant_values import meant_values
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held

SET = datetime(2024, 5, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, 5, tzinfo=UTC)


@pytest.mark.parametrize(
    ("first", "text", "attribute", "said", "now"),
    [
        (
            "I live in Boston.",
            "Sorry, I meant Cambridge, not Boston.",
            "location",
            [("location", "Cambridge", "assert"), ("location", "Boston", "negate")],
            ("Cambridge",),
        ),
        (
            "I live in Boston.",
            "Cambridge, not Boston.",
            "location",
            [("location", "Cambridge", "assert"), ("location", "Boston", "negate")],
            ("Cambridge",),
        ),
        (
            "I work at Acme.",
            "When I said Acme I meant Globex.",
            "employer",
            [("employer", "Globex", "assert"), ("employer", "Acme", "negate")],
            ("Globex",),
        ),
        (
            "I live in Boston.",
            "Sorry, that should be Cambridge, not Boston.",
            "location",
            [("location", "Cambridge", "assert"), ("location", "Boston", "negate")],
            ("Cambridge",),
        ),
        (
            # A name misspelt: the relative's name (what memory holds of "Ana" as an
            # entity stays hers; rt.merge_entities joins the two).
            "My sister's name is Ana.",
            "Actually it's Anna, not Ana.",
            "sibling",
            [("sibling", "Anna", "assert"), ("sibling", "Ana", "negate")],
            ("Anna",),
        ),
        (
            # A multi-valued attribute: the other value would stay without the denial.
            "I like tea.",
            "I meant coffee, not tea.",
            "likes",
            [("likes", "coffee", "assert"), ("likes", "tea", "negate")],
            ("coffee",),
        ),
        (
            # A held value that names the corrected one among its words.
            "I want to move to Boston.",
            "Oops, not Boston but Cambridge.",
            "goal",
            [("goal", "move to Cambridge", "assert"), ("goal", "move to Boston", "negate")],
            ("move to Cambridge",),
        ),
    ],
)
async def test_a_held_value_corrected(
    first: str, text: str, attribute: str, said: list[tuple[str, str, str]], now: tuple[str, ...]
) -> None:
    async with MemoryRuntime.memory(namespace="meant") as rt:
        assert await deltas_after(rt, first, text, attribute, (SET, SAID)) == said
        assert await held(rt, "Sam", attribute) == now
        await rt.rebuild()  # journaled with the extractor's claims: a rebuild folds them
        assert await held(rt, "Sam", attribute) == now


@pytest.mark.parametrize(
    "text",
    [
        "Not sure, not Boston.",  # no value held is the one meant
        "Me, not Tom.",  # who, not what
        "I meant Cambridge.",  # no value said corrected
        "Boston, not Boston.",
        # A longer message is no bare correction.
        "I meant to tell you about the trip we took to Cambridge last spring, not Boston, "
        "which was the year before, when we went with the kids.",
    ],
)
def test_what_corrects_no_held_value(text: str) -> None:
    held_now = {"location": ("Boston",), "friend": ("Tom",)}
    assert meant_values([], text, "Sam", lambda _: held_now) == []


def test_a_value_held_under_two_attributes_is_not_guessed() -> None:
    held_now = {"location": ("Boston",), "visited": ("Boston",)}
    assert meant_values([], "I meant Cambridge, not Boston.", "Sam", lambda _: held_now) == []


async def test_a_message_the_extractor_reads_is_left_to_it() -> None:
    async with MemoryRuntime.memory(namespace="meant") as rt:
        got = await deltas_after(
            rt, "I live in Boston.", "I live in Cambridge, not Boston.", "location", (SET, SAID)
        )
        assert got == [("location", "Cambridge", "assert"), ("location", "Boston", "negate")]
