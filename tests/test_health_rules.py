"""The medications someone takes and the conditions they live with (policies/rules_health.py):
read only where the sentence says it is one, ended by "stopped taking", and asked for by
"What medication am I on?"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import say_daily

EX = RuleExtractor()
Row = tuple[str, str, str, str]


def rows(text: str) -> list[Row]:
    obs = Observation(content=text, actor="Dana", source="user")
    return [
        (c.entity, c.attribute, c.value, c.polarity)
        for c in EX.extract_sync(obs)
        if c.attribute in ("medication", "condition")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I take metformin every morning.", [("Dana", "medication", "metformin", "assert")]),
        ("I take 20mg of lisinopril.", [("Dana", "medication", "lisinopril", "assert")]),
        (
            "I take sertraline for my anxiety.",
            [
                ("Dana", "medication", "sertraline", "assert"),
                ("Dana", "condition", "anxiety", "assert"),
            ],
        ),
        ("I take Adderall every morning.", [("Dana", "medication", "Adderall", "assert")]),
        (
            "I take metformin and lisinopril daily.",
            [
                ("Dana", "medication", "metformin", "assert"),
                ("Dana", "medication", "lisinopril", "assert"),
            ],
        ),
        ("I'm on lisinopril for blood pressure.", [("Dana", "medication", "lisinopril", "assert")]),
        (
            "I was prescribed sertraline last week.",
            [("Dana", "medication", "sertraline", "assert")],
        ),
        ("Ana takes insulin twice a day.", [("Ana", "medication", "insulin", "assert")]),
        # A doctor's change, and what it replaces.
        (
            "My doctor switched me to Ozempic instead of metformin.",
            [
                ("Dana", "medication", "Ozempic", "assert"),
                ("Dana", "medication", "metformin", "negate"),
            ],
        ),
        (
            "My doctor switched me from metformin to Ozempic.",
            [
                ("Dana", "medication", "Ozempic", "assert"),
                ("Dana", "medication", "metformin", "negate"),
            ],
        ),
        ("My GP put me on statins last week.", [("Dana", "medication", "statins", "assert")]),
        # A doctor by name, and the speaker's own switch to a medication known by name (not
        # a tool's: "We switched from Jira to Linear" gives `uses`).
        (
            "Dr. Patel switched me from metformin to Jardiance.",
            [
                ("Dana", "medication", "Jardiance", "assert"),
                ("Dana", "medication", "metformin", "negate"),
            ],
        ),
        (
            "I switched from metformin to Jardiance.",
            [
                ("Dana", "medication", "Jardiance", "assert"),
                ("Dana", "medication", "metformin", "negate"),
            ],
        ),
        ("I switched over to Ozempic.", [("Dana", "medication", "Ozempic", "assert")]),
        ("Dr Kim put me on statins.", [("Dana", "medication", "statins", "assert")]),
        ("Dr. Kim switched me to a new dentist.", []),
        ("My doctor put me on hold.", []),
        ("My boss put me on the night shift.", []),
        # Ended.
        ("I stopped taking metformin.", [("Dana", "medication", "metformin", "negate")]),
        ("I came off sertraline last month.", [("Dana", "medication", "sertraline", "negate")]),
        ("I no longer take metformin daily.", [("Dana", "medication", "metformin", "negate")]),
        # Supplements are taken as medications are.
        ("I take vitamin D every morning.", [("Dana", "medication", "vitamin D", "assert")]),
        ("I take fish oil.", [("Dana", "medication", "fish oil", "assert")]),
        ("I'm on creatine.", [("Dana", "medication", "creatine", "assert")]),
        ("I stopped taking fish oil.", [("Dana", "medication", "fish oil", "negate")]),
        ("I take a vitamin every day.", []),
        ("I take vitamin Deluxe.", []),
        # A medication known by name needs nothing else in the sentence.
        ("I'm on Ozempic now.", [("Dana", "medication", "Ozempic", "assert")]),
        ("I've been on Lexapro since May.", [("Dana", "medication", "Lexapro", "assert")]),
        ("I started Wegovy last month.", [("Dana", "medication", "Wegovy", "assert")]),
        ("I'm on a low dose of lithium.", [("Dana", "medication", "lithium", "assert")]),
        ("I'm on the pill.", [("Dana", "medication", "the pill", "assert")]),
        ("I'm not on birth control anymore.", [("Dana", "medication", "birth control", "negate")]),
        ("I'm off Lexapro now.", [("Dana", "medication", "Lexapro", "negate")]),
        ("I weaned off Zoloft this spring.", [("Dana", "medication", "Zoloft", "negate")]),
        ("My doctor took me off statins.", [("Dana", "medication", "statins", "negate")]),
        ("Tom is on Ozempic.", [("Tom", "medication", "Ozempic", "assert")]),
        ("I was on Ozempic last year.", []),
        ("I'm on Slack all day.", []),
        # What is taken that is no medication, or a medication of another time.
        ("I take the bus every morning.", []),
        ("I take notes every morning.", []),
        ("I take Spanish and French lessons every morning.", []),
        ("I'm on vacation for a week.", []),
        ("I stopped taking the bus.", []),
        ("I was on lisinopril for blood pressure.", []),
        ("I will take metformin daily.", []),
        # Conditions: a diagnosis, or a chronic one by name that ends its clause.
        ("I have type 2 diabetes.", [("Dana", "condition", "type 2 diabetes", "assert")]),
        ("I was diagnosed with ADHD last year.", [("Dana", "condition", "ADHD", "assert")]),
        ("I suffer from migraines.", [("Dana", "condition", "migraines", "assert")]),
        ("I've had diabetes for years.", [("Dana", "condition", "diabetes", "assert")]),
        ("I've been having migraines lately.", [("Dana", "condition", "migraines", "assert")]),
        ("Ana gets migraines.", [("Ana", "condition", "migraines", "assert")]),
        (
            "I have asthma and eczema.",
            [("Dana", "condition", "asthma", "assert"), ("Dana", "condition", "eczema", "assert")],
        ),
        ("I don't have diabetes.", [("Dana", "condition", "diabetes", "negate")]),
        ("I have a cold.", []),
        ("I have anxiety about the exam.", []),
        ("I had asthma as a kid.", []),
        # Cancer by where it is, and other conditions named by a diagnosis; not a screening.
        (
            "I was diagnosed with breast cancer last year.",
            [("Dana", "condition", "breast cancer", "assert")],
        ),
        ("I have Parkinson's.", [("Dana", "condition", "Parkinson's", "assert")]),
        ("Ana has high cholesterol.", [("Ana", "condition", "high cholesterol", "assert")]),
        (
            "I have gout and glaucoma.",
            [("Dana", "condition", "gout", "assert"), ("Dana", "condition", "glaucoma", "assert")],
        ),
        ("I have a cancer screening tomorrow.", []),
        ("I had cancer as a kid.", []),
        # A condition treated is one had: "for / manage my X" ("Ana's" is Ana's).
        (
            "I started taking metformin for my diabetes.",
            [
                ("Dana", "medication", "metformin", "assert"),
                ("Dana", "condition", "diabetes", "assert"),
            ],
        ),
        ("It helps me manage my ADHD.", [("Dana", "condition", "ADHD", "assert")]),
        (
            "I take pills for my high blood pressure.",
            [("Dana", "condition", "high blood pressure", "assert")],
        ),
        ("Ana uses an inhaler for Ana's asthma.", [("Ana", "condition", "asthma", "assert")]),
        # ... not a mood, a noun the condition names, nor one said gone.
        ("I need something for my anxiety about the exam.", []),
        ("I did research for my cancer patients.", []),
        ("My asthma is gone.", []),
    ],
)
def test_medications_and_conditions(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_stopping_a_medication_is_no_hobby_given_up() -> None:
    claims = EX.extract_sync(Observation(content="I stopped taking metformin.", actor="Dana"))
    assert [c.attribute for c in claims] == ["medication"]


async def test_a_medication_question_gets_what_is_taken_now() -> None:
    t0 = datetime(2025, 3, 1, 9, tzinfo=UTC)
    turns = [
        "I take metformin every morning.",
        "I'm on lisinopril for blood pressure.",
        "I stopped taking metformin.",
        "I have type 2 diabetes.",
    ]
    async with MemoryRuntime.memory(namespace="u") as rt:
        for i, text in enumerate(turns):
            await rt.observe_and_route(
                {"content": text, "actor": "Dana", "occurred_at": t0 + timedelta(days=i)}
            )
        meds = await rt.belief("Dana", "medication")
        assert meds is not None and meds.held == ("lisinopril",)
        ctx = await rt.query("What medications am I on?", actor="Dana")
        prompt = ctx.to_prompt()
        snapshot = prompt.split("## Supporting memories")[0]
        assert "Dana.medication: lisinopril" in snapshot and "metformin" not in snapshot
        ctx = await rt.query("What health conditions do I have?", actor="Dana")
        assert "Dana.condition: type 2 diabetes" in ctx.to_prompt()


async def test_a_supplement_question_reaches_the_medications() -> None:
    t0 = datetime(2025, 3, 1, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        await say_daily(
            rt, "I live in Oslo.", "I take vitamin D every morning.", actor="Dana", start=t0
        )
        ctx = await rt.query("Which supplements do I take?", actor="Dana")
        lines = ctx.prompt_sections["worldview"].splitlines()
        assert lines[0].startswith("- fact Dana.medication: vitamin D")
