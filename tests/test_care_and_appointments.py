"""A personal assistant's facts about health care: who someone's doctor, dentist or
therapist is (policies/rules_care.py), and the appointments they have, dated as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


def rows(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Maria", occurred_at=SAID)
    return [(c.attribute, c.value, c.polarity, str(c.valid_at)) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My doctor is Dr. Patel at Kaiser.", [("doctor", "Dr. Patel", "assert", "None")]),
        ("My new GP is Dr. Owens.", [("doctor", "Dr. Owens", "assert", "None")]),
        ("Dr. Kim is my dentist.", [("dentist", "Dr. Kim", "assert", "None")]),
        ("My therapist Sarah says I'm doing better.", [("therapist", "Sarah", "assert", "None")]),
        ("Sarah is no longer my therapist.", [("therapist", "Sarah", "negate", "None")]),
        # Not a name, or not so.
        ("My doctor is great.", []),
        ("My doctor said I should rest.", []),
        ("If my doctor is Dr. Lee, I'll switch.", []),
    ],
)
def test_who_cares_for_someones_health(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I have a dentist appointment on March 12 at 3pm.",
            [("activity", "dentist appointment", "assert", "2025-03-12")],
        ),
        (
            "I've got a job interview with Stripe tomorrow.",
            [("activity", "job interview with Stripe", "assert", "2024-05-02")],
        ),
        (
            "I had my annual checkup yesterday.",
            [("activity", "annual checkup", "assert", "2024-04-30")],
        ),
        ("I have a final exam next week.", [("activity", "final exam", "assert", "2024-05-06")]),
        # Said by when it is.
        (
            "My dentist appointment is on May 9.",
            [("activity", "dentist appointment", "assert", "2024-05-09")],
        ),
        ("My surgery is scheduled for May 3.", [("activity", "surgery", "assert", "2024-05-03")]),
        ("My exam is hard.", []),
        ("My appointment is with Dr. Lee.", []),
        ("If my interview is tomorrow I'll be nervous.", []),
        # A modifier, a question.
        ("I have an appointment book.", []),
        ("Do you have an appointment?", []),
    ],
)
def test_an_appointment_is_an_activity_dated_as_said(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


async def test_a_new_doctor_replaces_the_old_and_a_read_finds_them() -> None:
    async with MemoryRuntime.memory(namespace="care") as rt:
        for day, text in enumerate(
            [
                "My doctor is Dr. Patel.",
                "I have a dentist appointment on May 20.",
                "My new doctor is Dr. Owens.",
            ],
            start=1,
        ):
            await rt.observe_and_route(
                {"content": text, "actor": "Maria", "occurred_at": SAID.replace(day=day)}
            )
        doctor = await rt.belief("Maria", "doctor")
        assert doctor is not None and doctor.mode == "Dr. Owens"
        prompt = (await rt.query("Who is my doctor?", actor="Maria")).to_prompt()
        assert "Maria.doctor: Dr. Owens" in prompt
        prompt = (await rt.query("When is my dentist appointment?", actor="Maria")).to_prompt()
        assert "dentist appointment (20 May 2024)" in prompt
        history = (await rt.worldview("historical")).render()
        assert "Dr. Patel (1 May 2024 - 3 May 2024) [superseded]" in history


@pytest.mark.parametrize(
    ("first", "text", "attribute", "now"),
    [
        ("My manager is Tom.", "Priya replaced Tom as my manager.", "manager", "Priya"),
        (
            "My doctor is Dr. Patel.",
            "Dr. Owens is replacing Dr. Patel as my doctor.",
            "doctor",
            "Dr. Owens",
        ),
        ("My therapist is Kim.", "Sarah took over from Kim as my therapist.", "therapist", "Sarah"),
        # A supposition, or someone else's role, replaces no one.
        ("My manager is Tom.", "If Priya replaced Tom as my manager, I'd quit.", "manager", "Tom"),
        ("My manager is Tom.", "Priya replaced Tom as my manager's assistant.", "manager", "Tom"),
    ],
)
async def test_one_who_replaced_another_holds_the_place(
    first: str, text: str, attribute: str, now: str
) -> None:
    async with MemoryRuntime.memory(namespace="care") as rt:
        for day, said in enumerate([first, text], start=1):
            await rt.observe_and_route(
                {"content": said, "actor": "Maria", "occurred_at": SAID.replace(day=day)}
            )
        belief = await rt.belief("Maria", attribute)
    assert belief is not None and belief.held == (now,)
