"""Pursuits said by what one does (policies/rules_pursuits.py), occupations by a
specialist's name, self-employment and medications taken by name with nothing else said:
"I collect vinyl records", "I sing in a choir", "I run marathons", "I teach yoga on
weekends", "I'm a cardiologist", "I'm a stay-at-home dad", "I'm self-employed", "I take
metformin"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims
from tests.helpers import held, say_at

SET = datetime(2024, 1, 1, 12, tzinfo=UTC)
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I collect vinyl records.", [("Dana", "hobby", "collecting vinyl records", "assert")]),
        # A book or a show finished, by its name.
        ("I just finished reading Dune.", [("Dana", "activity", "reading Dune", "assert")]),
        (
            "We finished watching Severance.",
            [("Dana", "activity", "watching Severance", "assert")],
        ),
        ("I collect stamps.", [("Dana", "hobby", "collecting stamps", "assert")]),
        (
            "I collect vintage cameras from the 1950s.",
            [("Dana", "hobby", "collecting vintage cameras", "assert")],
        ),
        ("I collect vinyl.", [("Dana", "hobby", "collecting vinyl", "assert")]),
        ("I sing in a choir.", [("Dana", "hobby", "singing in a choir", "assert")]),
        (
            "I sing in our church choir every Sunday.",
            [("Dana", "hobby", "singing in a church choir", "assert")],
        ),
        ("I run marathons.", [("Dana", "activity", "marathons", "assert")]),
        (
            "I've been running marathons for ten years.",
            [("Dana", "activity", "marathons", "assert")],
        ),
        ("I do triathlons.", [("Dana", "activity", "triathlons", "assert")]),
        ("I teach yoga on weekends.", [("Dana", "activity", "teaching yoga", "assert")]),
        ("I teach piano lessons.", [("Dana", "activity", "teaching piano", "assert")]),
        # A specialist is an occupation; "at" names the employer, as with any other.
        ("I'm a cardiologist.", [("Dana", "role", "cardiologist", "assert")]),
        ("I'm a pediatrician.", [("Dana", "role", "pediatrician", "assert")]),
        (
            "I am a cardiologist at Mercy Hospital.",
            [
                ("Dana", "role", "cardiologist", "assert"),
                ("Dana", "employer", "Mercy Hospital", "assert"),
            ],
        ),
        ("I'm a statistician.", [("Dana", "role", "statistician", "assert")]),
        ("I'm a stay-at-home dad.", [("Dana", "role", "stay-at-home dad", "assert")]),
        ("I'm a homemaker.", [("Dana", "role", "homemaker", "assert")]),
        # Working for oneself is the employer, as any other would be.
        ("I'm self-employed.", [("Dana", "employer", "self-employed", "assert")]),
        ("I work for myself.", [("Dana", "employer", "self-employed", "assert")]),
        ("I'm a freelancer.", [("Dana", "employer", "self-employed", "assert")]),
        ("I'm not self-employed.", [("Dana", "employer", "self-employed", "negate")]),
        ("I'm a freelance writer.", [("Dana", "role", "freelance writer", "assert")]),
        # A medication known by name needs no dose or schedule to be one.
        ("I take metformin.", [("Dana", "medication", "metformin", "assert")]),
        ("I'm taking Lexapro.", [("Dana", "medication", "Lexapro", "assert")]),
        ("I take melatonin.", [("Dana", "medication", "melatonin", "assert")]),
        ("I have to take insulin.", [("Dana", "medication", "insulin", "assert")]),
    ],
)
def test_pursuits_roles_and_medications_said_plainly(
    text: str, expected: list[tuple[str, ...]]
) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # A book not finished, a report, a supposition.
        "I haven't finished reading Dune.",
        "I finished reading the report.",
        "If I finished reading Dune, I'd start another.",
        # Collected as a chore, a debt or a job: no collection.
        "I collect the kids from school at 3.",
        "I collect rent from my tenants.",
        "I collect data for a living.",
        "I collect my thoughts before a meeting.",
        # Taught without a subject by name, or not as a habit.
        "I teach my kids to swim.",
        "That will teach him.",
        "I have to teach Spanish tomorrow.",
        "I'll run marathons when I retire.",
        # An occupation wished for is none held.
        "I want to be a doctor.",
        # A parent is no occupation; staying home is no role.
        "I'm a dad.",
        "I stay at home a lot.",
        # A specialist seen, not been.
        "I need to see a dermatologist.",
        "I'm seeing a cardiologist next week.",
        # Taken as a plan, a maybe, a question or not a drug.
        "I might take melatonin tonight.",
        "I'll take ibuprofen.",
        "Should I take ibuprofen?",
        "I take aspirin when I get a headache.",
        "I take the bus.",
    ],
)
def test_what_is_no_pursuit_role_or_medication(text: str) -> None:
    got = claims(text)
    assert [c for c in got if c[2] in ("hobby", "activity", "role", "medication")] == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I don't collect stamps anymore.", "hobby", "collecting stamps"),
        ("I don't take insulin anymore.", "medication", "insulin"),
        # "used to" denies the present.
        ("I used to run marathons.", "activity", "marathons"),
        ("I used to teach yoga.", "activity", "teaching yoga"),
        ("I used to collect stamps.", "hobby", "collecting stamps"),
        ("I used to be a nurse.", "role", "nurse"),
        ("I used to be self-employed.", "employer", "self-employed"),
    ],
)
def test_a_pursuit_or_medication_given_up_or_past_is_denied(
    text: str, attribute: str, value: str
) -> None:
    assert claims(text) == [("Dana", attribute, value, "negate")]


async def test_teaching_on_the_side_keeps_the_occupation() -> None:
    # A role is single-valued, an activity is not: teaching yoga on weekends adds to the
    # nurse memory holds instead of replacing her.
    async with MemoryRuntime.memory(namespace="pursuits") as rt:
        await say_at(rt, "I'm a nurse.", SET, actor="Sam")
        await say_at(rt, "I teach yoga on weekends.", SAID, actor="Sam")
        assert await held(rt, "Sam", "role") == ("nurse",)
        assert await held(rt, "Sam", "activity") == ("teaching yoga",)


async def test_a_collection_given_up_leaves_memory() -> None:
    async with MemoryRuntime.memory(namespace="pursuits") as rt:
        await say_at(rt, "I collect stamps.", SET, actor="Sam")
        assert await held(rt, "Sam", "hobby") == ("collecting stamps",)
        await say_at(rt, "I don't collect stamps anymore.", SAID, actor="Sam")
        assert await held(rt, "Sam", "hobby") == ()
        # Journaled: a rebuild folds the same.
        await rt.rebuild()
        assert await held(rt, "Sam", "hobby") == ()


@pytest.mark.parametrize(
    ("first", "then", "attribute", "now"),
    [
        ("I work at Acme.", "I'm self-employed now.", "employer", ("self-employed",)),
        (
            "I work at Acme.",
            "I quit Acme last month. I work for myself.",
            "employer",
            ("self-employed",),
        ),
        ("I'm a nurse.", "I'm now a stay-at-home mom.", "role", ("stay-at-home mom",)),
    ],
)
async def test_working_for_oneself_or_at_home_replaces_the_job_held(
    first: str, then: str, attribute: str, now: tuple[str, ...]
) -> None:
    async with MemoryRuntime.memory(namespace="pursuits") as rt:
        await say_at(rt, first, SET, actor="Sam")
        await say_at(rt, then, SAID, actor="Sam")
        assert await held(rt, "Sam", attribute) == now
