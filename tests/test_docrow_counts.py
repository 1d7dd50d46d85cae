"""A doc row's costs (its line, its bare line and the frame every excerpt keeps) are counted
in one pass over its line; each must equal counting that text on its own, on any text and
whatever the read asks for first."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import example, given, settings
from hypothesis import strategies as st

from nousmem.projections.token_estimate import (
    class_units,
    count_tokens,
    token_classes,
    token_units,
)
from nousmem.runtime.docrows import DocRow

_text = (
    st.text(alphabet=st.characters(max_codepoint=127), max_size=60)
    | st.text(
        alphabet=st.characters(max_codepoint=255)
        | st.characters(min_codepoint=0x2000, max_codepoint=0x206F)
        | st.sampled_from("🙂漢"),
        max_size=60,
    )
    | st.text(max_size=40)
)
_asks = st.permutations(["cost", "bare_cost", "frame_bare", "frame_full"])


def _row(lead: str, body: str, notes: str) -> DocRow:
    return DocRow(
        "e1",
        1,
        "observation",
        lead + body + notes,
        datetime(2023, 5, 8, tzinfo=UTC),
        None,
        None,
        notes=len(notes),
        lead=len(lead),
    )


@settings(max_examples=400, deadline=None)
@given(_text, _text, _text, _asks)
@example("[8 May 2023] Caroline: ", "I went hiking!", " (yesterday = 7 May 2023)", [])
@example("[8 May 2023] Mel", ": x", "", ["frame_full"])  # the lead ends inside a word
@example("", "x", "y (today)", ["bare_cost"])  # the notes begin inside a word
@example("[1 May] 漢字: ", "🙂 hi", " (x = y)", ["frame_bare"])
def test_each_cost_is_its_texts_own_count(
    lead: str, body: str, notes: str, order: list[str]
) -> None:
    row = _row(lead, body, notes)
    want = {
        "cost": count_tokens("- " + lead + body + notes),
        "bare_cost": count_tokens("- " + lead + body),
        "frame_bare": token_units("- " + lead),
        "frame_full": token_units("- " + lead) + (token_units(notes) if notes else 0),
    }
    got = {
        "cost": lambda: row.cost,
        "bare_cost": lambda: row.bare_cost,
        "frame_bare": lambda: row.frame_units(True),
        "frame_full": lambda: row.frame_units(False),
    }
    for name in [*order, *want]:  # the first asked fills all of them: each stays right
        assert got[name]() == want[name], name


@settings(max_examples=400, deadline=None)
@given(_text, st.integers(0, 60), st.integers(0, 60))
def test_a_slice_of_the_classes_counts_the_same_slice_of_text(text: str, i: int, j: int) -> None:
    classes = token_classes(text)
    if classes is None:  # untabled: the caller counts with the regex instead
        assert not text.isascii()
        return
    assert len(classes) == len(text)
    assert class_units(classes[i:j]) == token_units(text[i:j])
