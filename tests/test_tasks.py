"""Tasks (policies/rules_tasks.py): "Remind me to call Mom on Sunday" and "I need to renew
my passport" are the speaker's ``todo``, dated by when it is due; a reminder on a schedule
that repeats is a standing instruction; what is said in passing, someone else's, a past or
a supposition is none; a task done or dropped leaves the list (policies/ended_goals.py);
and a read about what is to do finds them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas_after, held, say_at

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday
LATER = datetime(2024, 5, 6, 12, tzinfo=UTC)  # the Monday after

Row = tuple[str, str, str, str, str | None]


def rows(text: str, attribute: str = "todo") -> list[Row]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [
        (c.entity, c.attribute, c.value, c.polarity, c.valid_at and c.valid_at.isoformat())
        for c in EX.extract_sync(obs)
        if c.attribute == attribute
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Asked to be reminded, dated ahead by when it is due.
        ("Remind me to call mom on Sunday.", [("Sam", "todo", "call mom", "assert", "2024-05-05")]),
        (
            "Please remind me to book the vet tomorrow.",
            [("Sam", "todo", "book the vet", "assert", "2024-05-02")],
        ),
        (
            "Remind me that I need to renew my passport.",
            [("Sam", "todo", "renew my passport", "assert", None)],
        ),
        (
            "Don't let me forget to call the bank.",
            [("Sam", "todo", "call the bank", "assert", None)],
        ),
        (
            "Make sure I remember to pay the rent on Friday.",
            [("Sam", "todo", "pay the rent", "assert", "2024-05-03")],
        ),
        (
            "Add call the vet to my to-do list.",
            [("Sam", "todo", "call the vet", "assert", None)],
        ),
        # Said less plainly.
        (
            "I need to call the dentist on Friday.",
            [("Sam", "todo", "call the dentist", "assert", "2024-05-03")],
        ),
        (
            "I really need to get a haircut.",
            [("Sam", "todo", "get a haircut", "assert", None)],
        ),
        (
            "I need to make a dentist appointment.",
            [("Sam", "todo", "make a dentist appointment", "assert", None)],
        ),
        # When, said before the task; a reminder set; what to be reminded of; a note.
        (
            "Remind me on Friday to call mom.",
            [("Sam", "todo", "call mom", "assert", "2024-05-03")],
        ),
        (
            "Set a reminder to call mom on Sunday.",
            [("Sam", "todo", "call mom", "assert", "2024-05-05")],
        ),
        (
            "Can you set a reminder for me to call the dentist?",
            [("Sam", "todo", "call the dentist", "assert", None)],
        ),
        (
            "Remind me about the dentist appointment.",
            [("Sam", "todo", "dentist appointment", "assert", None)],
        ),
        (
            "Don't let me forget about Ana's birthday.",
            [("Sam", "todo", "Ana's birthday", "assert", None)],
        ),
        ("Note to self: buy milk.", [("Sam", "todo", "buy milk", "assert", None)]),
        # A request in a question's form.
        (
            "Can you remind me to call mom tomorrow?",
            [("Sam", "todo", "call mom", "assert", "2024-05-02")],
        ),
        # Dropped in so many words.
        (
            "Don't remind me to call the bank.",
            [("Sam", "todo", "call the bank", "negate", None)],
        ),
        (
            "I don't need to call the bank anymore.",
            [("Sam", "todo", "call the bank", "negate", None)],
        ),
        (
            "No need to remind me to pay the rent anymore.",
            [("Sam", "todo", "pay the rent", "negate", None)],
        ),
        # A thing to buy, put on a shopping list.
        ("Add eggs to my shopping list.", [("Sam", "todo", "buy eggs", "assert", None)]),
        ("Put milk on the grocery list.", [("Sam", "todo", "buy milk", "assert", None)]),
        ("Can you add that to my shopping list?", []),
        # Put on it by the speaker: still to buy.
        ("I've added bread to the shopping list.", [("Sam", "todo", "buy bread", "assert", None)]),
        ("We put coffee on our grocery list.", [("Sam", "todo", "buy coffee", "assert", None)]),
        ("Did I add eggs to the shopping list?", []),
        # A staple run out of, at less confidence; "we" is the speaker's household.
        ("We're out of coffee.", [("Sam", "todo", "buy coffee", "assert", None)]),
        ("I'm almost out of shampoo.", [("Sam", "todo", "buy shampoo", "assert", None)]),
        (
            "We're out of milk and eggs.",
            [
                ("Sam", "todo", "buy milk", "assert", None),
                ("Sam", "todo", "buy eggs", "assert", None),
            ],
        ),
        (
            "We're running out of toilet paper.",
            [("Sam", "todo", "buy toilet paper", "assert", None)],
        ),
        ("I'm out of ideas.", []),
        ("We're out of time.", []),
        ("We ran out of coffee filters.", []),
        ("Are we out of milk?", []),
        ("We're not out of eggs.", []),
        ("Tom is out of milk.", []),
        ("If we run out of milk, buy some.", []),
        # Where a reminder goes is no task.
        ("Add a reminder to my calendar.", []),
        # Said in passing, no errand, pointing back, someone else's, past, supposed, a
        # resemblance, a reminder not asked for, a "we" of everyone.
        ("I need to go.", []),
        ("I have to say, that was great.", []),
        ("I need to think about it.", []),
        ("I need to get back to work.", []),
        ("I need to pay attention more.", []),
        ("I need to finish it today.", []),
        ("Tom needs to call the bank.", []),
        ("I had to call the bank yesterday.", []),
        ("If I need to call you, I will.", []),
        ("I don't have to work tomorrow.", []),
        ("You remind me of my sister.", []),
        ("Can you remind me what my sister's name is?", []),
        ("Moments like these remind me to slow down.", []),
        ("Tom set a reminder to call his mom.", []),
        ("Remind me about it later.", []),
        ("I need to find a better way to focus.", []),
        ("I got to feed a horse a carrot.", []),
        ("We gotta push ourselves out of our comfort zones.", []),
    ],
)
def test_tasks_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_a_reminder_that_repeats_is_an_instruction_not_a_task() -> None:
    text = "Remind me to water the plants every Sunday."
    assert rows(text) == []
    assert ("Sam", "instruction", "remind me to water the plants every Sunday", "assert", None) in (
        rows(text, "instruction")
    )


def test_a_confident_request_counts_more_than_a_need() -> None:
    def confidence(text: str) -> float:
        obs = Observation(content=text, actor="Sam", occurred_at=SAID)
        (claim,) = [c for c in EX.extract_sync(obs) if c.attribute == "todo"]
        return claim.confidence

    assert confidence("I need to call the bank.") < confidence("Remind me to call the bank.")


@pytest.mark.parametrize(
    ("task", "text", "ended"),
    [
        ("Remind me to call mom on Sunday.", "I called mom yesterday, she's fine.", "call mom"),
        ("I need to renew my passport.", "I finally renewed my passport!", "renew my passport"),
        (
            "Don't let me forget to call the bank.",
            "I decided not to call the bank.",
            "call the bank",
        ),
        (
            "Remind me to call the bank.",
            "I no longer need to call the bank.",
            "call the bank",
        ),
        # Said with no subject at the sentence's start, the speaker's; an errand of getting
        # by any verb of getting; a message's topic need not be said again.
        ("Remind me to pay the electric bill.", "Paid the electric bill.", "pay the electric bill"),
        ("I need to buy milk.", "Got the milk.", "buy milk"),
        ("I need to buy milk.", "I grabbed milk on the way home.", "buy milk"),
        (
            "Remind me to pick up the dry cleaning.",
            "Finally picked up the dry cleaning!",
            "pick up the dry cleaning",
        ),
        (
            "Remind me to email Tom about the report.",
            "Just emailed Tom.",
            "email Tom about the report",
        ),
        # Asked of the list.
        ("Remind me to call mom on Sunday.", "Cross off call mom.", "call mom"),
        ("I need to renew my passport.", "Mark the passport as done.", "renew my passport"),
        ("Remind me to call the bank.", "Remove call the bank from my list.", "call the bank"),
        ("Add eggs to my shopping list.", "Remove eggs from my shopping list.", "buy eggs"),
        (
            "I need to finish the report by the 15th.",
            "I'm done with the report!",
            "finish the report",
        ),
    ],
)
async def test_a_task_done_or_dropped_leaves_the_list(task: str, text: str, ended: str) -> None:
    async with MemoryRuntime.memory(namespace="tasks") as rt:
        assert await deltas_after(rt, task, text, "todo", (SAID, LATER)) == [
            ("todo", ended, "negate")
        ]
        assert await held(rt, "Sam", "todo") == ()


@pytest.mark.parametrize(
    "text",
    [
        "I didn't call mom.",  # a denial
        "Tom called his mom.",  # someone else
        "If I called mom, she'd worry.",  # a supposition
        "I called the bank.",  # another task's object
        "Don't cross off mom yet.",  # a denial
        "Mark mom's birthday on the calendar.",  # not as done
        "I removed mom's number from my phone.",  # not from the list
        "I'm done with mom for today.",  # a day's end
        "Never called mom.",  # a denial with no subject
        "Called mom? Not yet.",  # a question
        "Forgot to call mom.",  # not done
    ],
)
async def test_what_only_looks_done_leaves_a_task_held(text: str) -> None:
    async with MemoryRuntime.memory(namespace="tasks") as rt:
        assert await deltas_after(rt, "Remind me to call mom.", text, "todo", (SAID, LATER)) == []
        assert await held(rt, "Sam", "todo") == ("call mom",)


@pytest.mark.parametrize(
    ("task", "text"),
    [
        ("I need to buy milk.", "Got to buy milk."),  # a need, not a purchase
        ("Remind me to email Tom about the report.", "Emailed Ana about the report."),
        ("Remind me to pay the electric bill.", "Tom paid the electric bill?"),
    ],
)
async def test_a_need_or_another_object_leaves_an_errand_held(task: str, text: str) -> None:
    async with MemoryRuntime.memory(namespace="tasks") as rt:
        assert await deltas_after(rt, task, text, "todo", (SAID, LATER)) == []


async def test_a_question_about_what_to_do_finds_the_tasks() -> None:
    async with MemoryRuntime.memory(namespace="tasks") as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I have a dog named Biscuit.",
            "Remind me to call mom on Sunday.",
            "I want to learn Spanish.",
            "Don't let me forget to pay the rent on Friday.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        for question in ("What's on my to-do list?", "What do I need to do this week?"):
            ctx = await rt.query(question, budget_tokens=200, actor="Sam")
            lines = ctx.prompt_sections["worldview"].splitlines()
            assert lines[0].startswith("- fact Sam.todo: "), (question, lines)
            assert "call mom (5 May 2024)" in lines[0], lines
            assert "pay the rent (3 May 2024)" in lines[0], lines


@pytest.mark.parametrize(
    "question",
    [
        "What do I need to buy?",
        "What's on my shopping list?",
        "What groceries do we need?",
        "Is there anything I have to pick up?",
    ],
)
async def test_a_question_about_what_to_buy_finds_the_errands(question: str) -> None:
    async with MemoryRuntime.memory(namespace="tasks") as rt:
        for text in (
            "I work at Acme and I live in Denver.",
            "I have a dog named Biscuit.",
            "We're out of milk and eggs.",
            "I want to learn Spanish.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        ctx = await rt.query(question, budget_tokens=200, actor="Sam")
        snapshot = ctx.prompt_sections["worldview"]
        assert "- fact Sam.todo: " in snapshot, (question, snapshot)
        assert "buy milk" in snapshot and "buy eggs" in snapshot
