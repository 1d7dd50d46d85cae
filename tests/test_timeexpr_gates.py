"""Switching off the forms of TIME a text cannot hold changes no match
(policies/timeexpr_gates.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.workload import observations
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.policies.timeexpr_gates import NEEDS, branches, needs_met, time_pattern
from nousmem.policies.timeexpr_patterns import TIME, WORD_OR_NUMBER

_STARTS = re.compile(r"\b\w")


def _same_matches(text: str) -> None:
    lower = text.lower()
    gated = time_pattern(needs_met(lower, set(WORD_OR_NUMBER.findall(lower))))
    for start in _STARTS.finditer(text):
        want = TIME.match(text, start.start())
        got = gated.match(text, start.start())
        if want is None:
            assert got is None, (text, start.start())
        else:
            assert got is not None, (text, start.start(), want.group(0))
            assert (got.span(), got.groupdict()) == (want.span(), want.groupdict())


def test_every_form_of_time_says_what_it_needs() -> None:
    firsts = []
    for branch in branches():
        index = re.compile(branch, re.IGNORECASE).groupindex
        firsts.append(min(index, key=index.__getitem__))
    assert sorted(firsts) == sorted(NEEDS)
    assert "|".join(branches()) == TIME.pattern[len(r"\b(?:") : -1]


def test_a_text_with_every_need_uses_time_itself() -> None:
    text = "On 5 May 2023, Monday, early summer at Christmas, from now, this time"
    lower = text.lower()
    met = needs_met(lower, set(WORD_OR_NUMBER.findall(lower)))
    assert time_pattern(met) is TIME


def test_a_text_without_digits_switches_the_dated_forms_off() -> None:
    met = needs_met("we met last week", {"we", "met", "last", "week"})
    assert "digit" not in met
    assert time_pattern(met).match("8 May 2023") is None
    assert TIME.match("8 May 2023") is not None


TRICKY = [
    "I moved to Berlin on 8 May 2023 and to Munich last week.",
    "From March to June we lived in Lyon; they moved the trip from May to June.",
    "Happy New Year's Eve! Since New Years Day 2022 I've run daily.",
    "Every Tuesday and Thursday I swim, and on Saturday the 13th we hike.",
    "In the early 2000s, back in the '90s, in the 80s and since '08, summer '19.",
    "It's been in the 90s all week; two summers ago, the winter before last.",
    "by EOD Friday, a month from now, this time last year, in Q3 2024, mid-June.",
    "the 3rd and 4th of June, on the 15th, a fortnight ago, Friday after next",
    "3/14/2023 14.03.2023 2023/03/14 2023-03-14 5/8/2023 between 2010 and 2014",
    "on 3/14, by 12/25, Thursday 3/14, until 5/8, cut by 1/3, on 3/4 of the days",
    "since May 5, 2019, since January 15th, last March 3 of us, since May I have",
    "at the end of the month, the first week of June, around 2015 I moved",
]


# One text per form of TIME, with little else in it: a form said to need what its text lacks
# would lose its match here.
EXAMPLES = [
    "I saw her yesterday.", "It shipped 2023-03-14.", "It shipped 3/14/2023.",
    "We met in the 90s.", "I was there from 2015 to 2019.", "We were there between March and June.",
    "the last weekend of next month", "in late summer", "the week before last",
    "the summer before last", "two summers ago", "two Saturdays ago", "a fortnight ago",
    "in a fortnight", "Friday after next", "Tuesday last week", "the weekend after next",
    "a week from Friday", "at Christmas", "on 8 May 2023", "on May 8, 2023",
    "on Thursday the 12th", "I left on the 15th.", "I left in '19.", "I left in June last year.",
    "I stayed until June 2019.", "a year and a half ago", "three weeks ago", "in two weeks",
    "a month from now", "this time last year", "this past weekend", "the past few days",
    "the last two weeks", "I was busy the last month.", "over the weekend", "last week",
    "in Q3", "last Tuesday", "I was there last May.", "I need it by June.", "in the summer",
    "in 2019", "See you Monday.", "See you on 3/14.",
]  # fmt: skip


def _form(text: str, pos: int) -> str:
    """The first group of the form of TIME that matches at ``pos`` (TIME tries them in order)."""
    for branch in branches():
        rx = re.compile(branch, re.IGNORECASE)
        if rx.match(text, pos):
            index = rx.groupindex
            return min(index, key=index.__getitem__)
    raise AssertionError("no form matches")


def test_the_examples_hold_every_form_and_match_the_same() -> None:
    forms = set()
    for text in EXAMPLES:
        _same_matches(text)
        for start in _STARTS.finditer(text):
            if TIME.match(text, start.start()):
                forms.add(_form(text, start.start()))
    assert forms == set(NEEDS)


def test_the_same_matches_on_workload_and_tricky_texts() -> None:
    for text in TRICKY + [o["content"] for o in observations(5, 400)]:
        _same_matches(text)


_VOCAB = [
    "in", "on", "the", "last", "next", "this", "from", "to", "between", "and", "since",
    "May", "June", "march", "Monday", "fri", "summer", "falls", "Christmas", "New", "Year's",
    "early", "end", "of", "week", "weeks", "ago", "now", "time", "today", "2019", "'19",
    "90s", "1990s", "3/14/2023", "5", "12th", "a", "two", "few", "before", "until", "Q3",
    "14.03.2023", "2023/03/14", "31/12/99", "Thursday", "'80s", "summers", "and",
    "3/14", "5/8", "by", "of",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_VOCAB), min_size=1, max_size=9), st.sampled_from([" ", ", "]))
def test_the_same_matches_on_any_run_of_time_words(words: list[str], sep: str) -> None:
    text = sep.join(words)
    _same_matches(text)
    # Resolving them raises nothing and reports spans of the text, in order.
    found = resolve_time_expressions(text, datetime(2024, 5, 1, tzinfo=UTC))
    assert all(text[m.span[0] : m.span[1]] == m.text and m.start <= m.end for m in found)
    assert [m.span for m in found] == sorted(m.span for m in found)
