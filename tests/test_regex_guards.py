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
tense_bounds = importlib.import_module("nousmem.policies.tense_bounds")
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
    (tense_bounds.SENT_END, "(?=\\.)"),
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


LEADS = [
    "", "I", "I taught", "We gave", "She divorced", "He divorced from", "I split up with",
    "I dreamt", "I thought that", "I got fired from", "I quit", "I canceled", "We took a",
    "I went on", "I separated from", "I was separated from", "we split from", "Tom,", ".",
]  # fmt: skip
OWNERS = ["my", "My", "MY", "Tom's", "Éva's", "our", "a"]
NOUNS = ["son", "wife", "husband", "dog", "job at", "trip to", "little sister", "ex-wife"]
NAMES = ["Kyle", "Rex", "Acme", "Paris", "I", "him"]
TAILS = ["", ".", " died.", " last year", ", and", " got cancelled"]
RULE_TEXT = st.tuples(
    st.sampled_from(LEADS),
    st.sampled_from(OWNERS),
    st.sampled_from(NOUNS),
    st.sampled_from(NAMES),
    st.sampled_from(TAILS),
    st.sampled_from([" ", "  ", ", "]),
).map(lambda t: f"{t[0]} {t[1]}{t[5]}{t[2]} {t[3]}{t[4]}".strip())
RULE_GUARDS = (r"(?=\b[Mm", r"(?=\b\w)(?<!(?i:canceled)", "(?=(?i:separated|split))")


def _guarded_rules() -> list[tuple[re.Pattern[str], str]]:
    """Every rule regex that holds one of the guards, with that guard's text."""
    modules = ("rules", "rules_pets", "rules_places", "rules_relations", "rules_separation")
    found: list[tuple[re.Pattern[str], str]] = []
    for name in modules:
        for rule in _rules_of(importlib.import_module(f"nousmem.policies.{name}")):
            for guard in RULE_GUARDS:
                if guard in rule.pattern:
                    found.append((rule, guard))
    return found


def _rules_of(module: object) -> list[re.Pattern[str]]:
    out = []
    for value in vars(module).values():
        for item in value if isinstance(value, list | tuple) else ():
            regex = getattr(item, "regex", None)
            if isinstance(regex, re.Pattern):
                out.append(regex)
    return out


GUARDED_RULES = _guarded_rules()


def test_every_rule_guard_is_found() -> None:
    # The relations (3), pets, employer, trip and separation rules.
    assert {g for _, g in GUARDED_RULES} == set(RULE_GUARDS)
    assert len(GUARDED_RULES) >= 6


@settings(max_examples=300, deadline=None)
@given(RULE_TEXT)
def test_guarded_rules_match_as_their_plain_forms(text: str) -> None:
    for rule, guard in GUARDED_RULES:
        plain = _plain(rule, _full_guard(rule.pattern, guard))
        assert _spans(rule, text) == _spans(plain, text), rule.pattern[:60]


def _full_guard(pattern: str, start: str) -> str:
    """The whole lookahead that begins with ``start`` in ``pattern``."""
    at = pattern.index(start)
    depth = 0
    for i in range(at, len(pattern)):
        if pattern[i] == "\\":
            continue
        if pattern[i] == "(" and pattern[i - 1] != "\\":
            depth += 1
        elif pattern[i] == ")" and pattern[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return pattern[at : i + 1]
    raise AssertionError("unbalanced guard")


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
            assert text.endswith(tp._TITLES, max(0, point - tp._LONGEST_TITLE), point)


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
