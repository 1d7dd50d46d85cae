"""Patterns rewritten for speed match exactly what their plain forms match.

Each guard (a lookahead put before a run of lookbehinds, a run of plain characters taken at
once, a substring test before a search) only skips work; these properties compare each
pattern with the form it was rewritten from, on text built from the pieces they react to.
"""

from __future__ import annotations

import importlib
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies.timeexpr_patterns import NUMBER

# The modules themselves: ``nousmem.policies`` re-exports functions under some of their names.
fr = importlib.import_module("nousmem.policies.forget_requests")
risk = importlib.import_module("nousmem.policies.risk")
sentences = importlib.import_module("nousmem.policies.sentences")
tense = importlib.import_module("nousmem.policies.tense")
update_language = importlib.import_module("nousmem.policies.update_language")
tp = importlib.import_module("nousmem.projections.title_points")

PIECES = [
    " ", "  ", "\n", "\t", ".", "!", "?", ",", ";", "'", "’", "-", "/", "+", "=", "_", "3",
    "42", "٣", "3.5", "Dr", "Dr.", "St", "Mrs", "Prof", "Jr", "Sr", "Lee", "Main", "the",
    "now", "NOW", "right", "just", "instead", "have", "has", "'ve", "should", "got", "was",
    "walked", "excited", "'ll have", "will have", "is", "delete", "erase", "remove",
    "unlearn", "forget", "a", "Tom", "ed", "x", "İ", "ſ", "K", "aGVsbG8gd29ybGQgdGhpcyBpcyBh",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


def _plain(pattern: re.Pattern[str], guard: str) -> re.Pattern[str]:
    assert guard in pattern.pattern, "the guard is gone: update this test"
    return re.compile(pattern.pattern.replace(guard, "", 1), pattern.flags)


GUARDED = [
    (tense._SENT_END, "(?=\\.)"),
    (tense._PAST, "(?=\\w)"),
    (tense._HAVE, "(?=['\\w])"),
    (update_language._CHANGE, "(?=now)"),
    (NUMBER, "(?=\\d)"),
    (re.compile(tp.TITLE_POINT), "(?=\\.)"),
]


def _spans(pattern: re.Pattern[str], text: str, pos: int = 0, endpos: int | None = None) -> list:
    end = len(text) if endpos is None else endpos
    return [m.span() for m in pattern.finditer(text, pos, end)]


@settings(max_examples=300, deadline=None)
@given(TEXT, st.integers(0, 40), st.integers(0, 40))
def test_guarded_patterns_match_as_their_plain_forms(text: str, a: int, b: int) -> None:
    lo, hi = sorted((min(a, len(text)), min(b, len(text))))
    for pattern, guard in GUARDED:
        plain = _plain(pattern, guard)
        assert _spans(pattern, text) == _spans(plain, text), pattern.pattern[:40]
        # Windows too: lookbehinds read before ``pos``, as the callers' windows rely on.
        assert _spans(pattern, text, lo, hi) == _spans(plain, text, lo, hi)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_sentence_runs_match_the_one_character_form(text: str) -> None:
    one_at_a_time = re.compile(r"[^\s](?:[^.!?\n]|[.!?](?=\w))*(?:[.!?]+|\n|$)")
    assert _spans(sentences.SENTENCE, text) == _spans(one_at_a_time, text)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_title_check_agrees_with_the_full_search(text: str) -> None:
    for point in (i for i, c in enumerate(text) if c == "."):
        head = tp._ENDS_ON_TITLE.search(text, max(0, point - 48), point + 1)
        if head is None:  # the quick test may only say no where the search finds nothing
            assert not tp.joins_name(text, point)
        else:
            assert text.endswith(tp._TITLES, max(0, point - 4), point)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_forget_words_test_agrees_with_the_search(text: str) -> None:
    low = text.casefold()
    assert fr._maybe(low) == (fr._MAYBE.search(low) is not None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*PIECES, "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0"]), max_size=12))
def test_opaque_scan_is_skipped_only_where_it_finds_nothing(parts: list[str]) -> None:
    text = "".join(parts)
    if not risk._may_hold_opaque(text):
        assert list(risk._OPAQUE.finditer(text)) == []
