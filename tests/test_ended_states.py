"""A past state said with its end is history, not the present: "I worked at Acme until
2020", "I lived in Paris from 2015 to 2019" deny the value from that end, and a question
about the past shows it on the slot's ``before:`` line, as it shows a value told gone
without ever holding ("I used to live in Lyon"). Spans of years and months are one time
expression ("from 2015 to 2019", "between May 2019 and June 2021")."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies import RuleExtractor
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections import Observation
from nousmem.runtime import MemoryRuntime

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


def _claims(text: str) -> list[tuple[str, str, str, str, date | None]]:
    obs = Observation(type="utterance", content=text, actor="Sam", occurred_at=SAID)
    return [
        (c.entity, c.attribute, c.value, c.polarity, c.valid_at)
        for c in RuleExtractor().extract_sync(obs)
    ]


@pytest.mark.parametrize(
    ("text", "start", "end", "label"),
    [
        ("I worked there from 2015 to 2019.", date(2015, 1, 1), date(2019, 12, 31), "2015 to 2019"),
        (
            "We lived there between 2010 and 2014.",
            date(2010, 1, 1),
            date(2014, 12, 31),
            "2010 to 2014",
        ),
        ("from 2015-2019 I was in Oslo", date(2015, 1, 1), date(2019, 12, 31), "2015 to 2019"),
        (
            "We were there from March to June 2023.",
            date(2023, 3, 1),
            date(2023, 6, 30),
            "March to June 2023",
        ),
        (
            "between May 2019 and June 2021 she was away",
            date(2019, 5, 1),
            date(2021, 6, 30),
            "May 2019 to June 2021",
        ),
        # A first month after the last one is the year before's.
        (
            "from November to March 2024",
            date(2023, 11, 1),
            date(2024, 3, 31),
            "November 2023 to March 2024",
        ),
    ],
)
def test_a_span_of_years_or_months_is_one_expression(
    text: str, start: date, end: date, label: str
) -> None:
    (m,) = resolve_time_expressions(text, SAID)
    assert (m.start, m.end, m.label) == (start, end, label)
    assert text[m.span[0] : m.span[1]] == m.text


@pytest.mark.parametrize(
    "text",
    [
        "between 2 and 3 people came",  # no years
        "from 2019 to 2015",  # backwards
        "from may to june 2023",  # a verb, not a month
    ],
)
def test_no_span_where_there_is_none(text: str) -> None:
    assert all(" to " not in m.label for m in resolve_time_expressions(text, SAID))


@settings(max_examples=60, deadline=None)
@given(
    a=st.integers(1950, 2030),
    n=st.integers(0, 20),
    joiner=st.sampled_from(["to", "and", "-", "until"]),
)
def test_a_span_covers_both_years(a: int, n: int, joiner: str) -> None:
    lead = "between" if joiner == "and" else "from"
    (m,) = resolve_time_expressions(f"We were there {lead} {a} {joiner} {a + n}.", SAID)
    assert m.start == date(a, 1, 1) and m.end == date(a + n, 12, 31)
    assert m.label == f"{a} to {a + n}"


@pytest.mark.parametrize(
    ("text", "attribute", "value", "ended"),
    [
        ("I worked at Acme until 2020.", "employer", "Acme", date(2020, 1, 1)),
        ("Until 2020 I worked at Acme.", "employer", "Acme", date(2020, 1, 1)),
        # The time opening the sentence, set off by a comma.
        ("From 2015 to 2019, I worked at Acme.", "employer", "Acme", date(2019, 12, 31)),
        ("Until 2020, I lived in Paris.", "location", "Paris", date(2020, 1, 1)),
        ("I worked at Acme from 2015 to 2019.", "employer", "Acme", date(2019, 12, 31)),
        ("I lived in Paris between 2015 and 2019.", "location", "Paris", date(2019, 12, 31)),
        (
            "I lived in Paris from March 2015 until June 2019.",
            "location",
            "Paris",
            date(2019, 6, 30),
        ),
        ("I was married to Tom until 2018.", "spouse", "Tom", date(2018, 1, 1)),
        ("I was a teacher from 2001 to 2010.", "role", "teacher", date(2010, 12, 31)),
        ("I was a nurse until 2019.", "role", "nurse", date(2019, 1, 1)),
    ],
)
def test_a_past_state_with_its_end_is_denied_from_then(
    text: str, attribute: str, value: str, ended: date
) -> None:
    # Only the denial: a value said to hold from a past day would take the slot from the
    # one held now, since beliefs fold in the order memory learned them.
    assert _claims(text) == [("Sam", attribute, value, "negate", ended)]


@pytest.mark.parametrize(
    "text",
    [
        "I lived in Paris.",  # when it held is not said
        "I was a nurse.",
        "My grandma was a teacher.",
        "I lived in Paris in 2019.",  # a time in it, not its end
        "I lived in Paris from 2015.",  # a start only
        "In 2019, I lived in Paris.",
        "I'll work at Acme until 2026.",  # a future
        "I worked at Acme until yesterday.",  # too close to now to call ended
    ],
)
def test_no_end_no_claim(text: str) -> None:
    assert not [c for c in _claims(text) if c[1] in ("location", "employer", "role")]


async def _read(rt: MemoryRuntime, question: str) -> list[str]:
    ctx = await rt.query(question, actor="Sam")
    return ctx.prompt_sections["worldview"].splitlines()


async def _tell(rt: MemoryRuntime, *texts: str) -> None:
    for i, text in enumerate(texts):
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": SAID + timedelta(days=i)}
        )


async def test_a_value_told_gone_is_history_not_the_present(rt: MemoryRuntime) -> None:
    await _tell(
        rt,
        "I live in Rome.",
        "I lived in Paris from 2015 to 2019.",
        "I used to live in Lyon.",
        "I worked at Acme until 2020.",
        "I work at Globex.",
    )
    lines = await _read(rt, "Where did I live before Rome?")
    assert "- fact Sam.location: Rome (since 1 May 2024)" in lines
    # Newest first: Lyon was gone by the day it was said, Paris by 2019.
    assert "- fact Sam.location before: Lyon (before 3 May 2024); Paris (until 2019)" in lines
    assert "- fact Sam.employer before: Acme (until 2020)" in await _read(
        rt, "Where did I work before Globex?"
    )
    # The present is untouched, and a present question shows no history.
    now = await _read(rt, "Where do I live?")
    assert "- fact Sam.location: Rome (since 1 May 2024)" in now
    assert not any("Paris" in ln or "Lyon" in ln for ln in now)


async def test_a_plain_denial_is_no_history(rt: MemoryRuntime) -> None:
    # "I don't live in Lyon" says nothing of Lyon ever holding.
    await _tell(rt, "I live in Rome.", "I don't live in Lyon.")
    assert not any("Lyon" in ln for ln in await _read(rt, "Where did I live before?"))


async def test_the_historical_lens_dates_a_value_told_gone(rt: MemoryRuntime) -> None:
    await _tell(rt, "I live in Rome.", "My brother lived in Oslo between 2010 and 2014.")
    wv = await rt.worldview(lens="historical")
    (slot,) = [s for s in wv.slots if s.id.endswith("sam's brother.location")]
    (oslo,) = slot.candidates
    assert (oslo.value, oslo.status, oslo.ended) == (
        "Oslo",
        "negated",
        (date(2014, 12, 31), "until 2014"),
    )
    await rt.rebuild()
    again = await rt.worldview(lens="historical")
    assert again.model_dump() == wv.model_dump()


def test_a_clause_about_now_takes_no_other_clauses_time() -> None:
    assert _claims("From 2015 to 2019, I worked at Acme, and now I work at Globex.") == [
        ("Sam", "employer", "Acme", "negate", date(2019, 12, 31)),
        ("Sam", "employer", "Globex", "assert", None),
    ]
    # Without "now", a clause with no time of its own still takes the sentence's.
    assert ("Sam", "employer", "SAP", "assert", date(2019, 1, 1)) in _claims(
        "I moved to Berlin in 2019 and work at SAP."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I worked at Acme until 2020 and then at Globex.",
            [
                ("Sam", "employer", "Acme", "negate", date(2020, 1, 1)),
                ("Sam", "employer", "Globex", "assert", date(2020, 1, 1)),
            ],
        ),
        (
            "I lived in Paris until 2019, then in Rome.",
            [
                ("Sam", "location", "Paris", "negate", date(2019, 1, 1)),
                ("Sam", "location", "Rome", "assert", date(2019, 1, 1)),
            ],
        ),
        # A job is at a place, a home in one: "then in Berlin" names no employer.
        (
            "I worked at Acme until 2020 and then in Berlin.",
            [("Sam", "employer", "Acme", "negate", date(2020, 1, 1))],
        ),
    ],
)
def test_what_was_taken_next_holds_from_the_end(
    text: str, expected: list[tuple[str, str, str, str, date | None]]
) -> None:
    assert _claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I worked at Acme for five years before joining Globex.",
            [
                ("Sam", "employer", "Acme", "negate", None),
                ("Sam", "employer", "Globex", "assert", None),
            ],
        ),
        (
            "I lived in Lyon before moving to Paris.",
            [
                ("Sam", "location", "Lyon", "negate", None),
                ("Sam", "location", "Paris", "assert", None),
            ],
        ),
        # Nothing next: no end.
        ("I worked at Acme before lunch.", []),
    ],
)
def test_a_past_state_left_for_the_next_one_ended(
    text: str, expected: list[tuple[str, str, str, str, date | None]]
) -> None:
    """Ended by when it was said: a question about the past lists it as "(before <day>)"."""
    assert _claims(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I lived in Paris from 2010 to 2015 and then moved to Rome.",
            [
                ("Sam", "location", "Paris", "negate", date(2015, 12, 31)),
                ("Sam", "location", "Rome", "assert", date(2015, 12, 31)),
            ],
        ),
        (
            "From 2010 to 2015 I lived in Paris, then I moved to Rome.",
            [
                ("Sam", "location", "Paris", "negate", date(2015, 12, 31)),
                ("Sam", "location", "Rome", "assert", date(2015, 12, 31)),
            ],
        ),
        # Months without a year are the latest ones, the first before the last.
        (
            "I lived in Lyon from May to July, then moved to Paris.",
            [
                ("Sam", "location", "Lyon", "negate", date(2023, 7, 31)),
                ("Sam", "location", "Paris", "assert", date(2023, 7, 31)),
            ],
        ),
        # A time that is no span: the clause after it shares it.
        (
            "In 2010 I moved to Paris, and after that I moved to Rome.",
            [
                ("Sam", "location", "Paris", "assert", date(2010, 1, 1)),
                ("Sam", "location", "Rome", "assert", date(2010, 1, 1)),
            ],
        ),
        # A time in a later clause opened by "then" is that clause's alone.
        (
            "After college I moved to Boston, and then to Denver in 2020.",
            [
                ("Sam", "location", "Boston", "assert", None),
                ("Sam", "location", "Denver", "assert", date(2020, 1, 1)),
            ],
        ),
        (
            "In 2015 I moved to Boston and then to Denver in 2020.",
            [
                ("Sam", "location", "Boston", "assert", date(2015, 1, 1)),
                ("Sam", "location", "Denver", "assert", date(2020, 1, 1)),
            ],
        ),
        # Not opened by "then": the sentence's time, as before.
        (
            "In 2010 I moved to Paris and my sister Ana moved to Rome.",
            [
                ("Sam", "location", "Paris", "assert", date(2010, 1, 1)),
                ("Sam", "sibling", "Ana", "assert", None),
                ("Ana", "location", "Rome", "assert", date(2010, 1, 1)),
            ],
        ),
    ],
)
def test_a_clause_opened_by_then_begins_when_the_time_before_it_ended(
    text: str, expected: list[tuple[str, str, str, str, date | None]]
) -> None:
    assert _claims(text) == expected


@pytest.mark.parametrize(
    ("text", "end"),
    [
        # Said on 1 May 2024: March is this year's, June last year's; the span is 2023's.
        ("I worked at Initech from March to June.", date(2023, 6, 30)),
        ("From March to June I worked at Initech.", date(2023, 6, 30)),
        ("I worked at Initech from November to February.", date(2024, 2, 29)),
        # A month with its year after a bound is that month, not the nearest of its name.
        ("I worked at Initech until June 2019.", date(2019, 6, 1)),
    ],
)
def test_months_without_a_year_bound_a_past_state(text: str, end: date) -> None:
    assert _claims(text) == [("Sam", "employer", "Initech", "negate", end)]
