"""Standing instructions about what the assistant does for the user ("Please don't schedule
anything on Fridays", "Always book aisle seats") are ``instruction`` claims like those about
its answers (policies/action_grammar.py); a request for now is none. A read's Worldview
Snapshot puts the instructions that use a word of the question first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims

T0 = datetime(2025, 3, 17, 9, tzinfo=UTC)


def told(text: str) -> list[str]:
    """The instruction values the user gives in ``text`` (withdrawals left out)."""
    return [
        value
        for _, attribute, value, polarity in extracted_claims(text)
        if attribute == "instruction" and polarity == "assert"
    ]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "Please don't schedule anything on Fridays, I take them off.",
            ["never schedule anything on Fridays"],
        ),
        ("Always book aisle seats for me.", ["book aisle seats"]),
        ("Don't call me before 9am.", ["never call me before 9am"]),
        ("Never book Ryanair.", ["never book Ryanair"]),
        ("Stop emailing me after 6pm.", ["never email me after 6pm"]),
        ("Only book direct flights.", ["only book direct flights"]),
        ("Always cc Priya on client emails.", ["cc Priya on client emails"]),
        ("Don't wake me before 8 on weekends.", ["never wake me before 8 on weekends"]),
        ("Don't schedule meetings during lunch.", ["never schedule meetings during lunch"]),
        ("Please don't text me at night.", ["never text me at night"]),
        ("Don't invite Tom to anything.", ["never invite Tom to anything"]),
        ("Don't ever call my mom.", ["never call my mom"]),
        ("Please never order from Deliveroo again.", ["never order from Deliveroo"]),
        ("From now on, schedule my 1:1s on Tuesdays.", ["schedule my 1:1s on Tuesdays"]),
        (
            "Never accept meetings on Fridays and always decline calls from unknown numbers.",
            ["never accept meetings on Fridays", "decline calls from unknown numbers"],
        ),
        # What a coding assistant does in the user's code.
        ("Never push directly to main.", ["never push directly to main"]),
        ("Always run the linter before committing.", ["run the linter before committing"]),
        ("Don't merge PRs on Fridays.", ["never merge PRs on Fridays"]),
        (
            "Don't change anything in prod without a ticket.",
            ["never change anything in prod without a ticket"],
        ),
        # "No X", "avoid X-ing" with a scope that recurs; "either" adds nothing.
        ("No meetings on Fridays please.", ["no meetings on Fridays"]),
        ("No calls after 6pm.", ["no calls after 6pm"]),
        ("Please avoid scheduling anything on Fridays.", ["never schedule anything on Fridays"]),
        ("Always avoid booking Ryanair.", ["never book Ryanair"]),
        (
            "Actually, don't schedule anything on Thursdays either.",
            ["never schedule anything on Thursdays"],
        ),
        ("Always include a Zoom link in invites.", ["include a Zoom link in invites"]),
        ("Never ask me about my weight.", ["never ask me about my weight"]),
        # "Stop" ends what the assistant keeps doing, whatever the scope.
        ("Stop sending me reminders.", ["never send me reminders"]),
        (
            "Always answer in French and never schedule anything on Fridays.",
            ["never schedule anything on Fridays"],
        ),
        # A schedule that repeats makes a plain request (and "remember to") standing.
        ("Remember to call me every Monday.", ["call me every Monday"]),
        (
            "Remind me to water the plants every Sunday.",
            ["remind me to water the plants every Sunday"],
        ),
        ("Check my inbox each morning.", ["check my inbox each morning"]),
        ("Send me a summary daily.", ["send me a summary daily"]),
    ],
)
def test_standing_action_instructions(text: str, values: list[str]) -> None:
    assert told(text) == values


@pytest.mark.parametrize(
    "text",
    [
        "Don't book the 7am flight.",  # this turn's request
        "Remember to call Tom.",  # a task
        "Don't send it yet.",  # something the turn names
        "Never email them.",  # someone the context names
        "Never text and drive.",  # advice
        "Book a table for two.",
        "Don't book anything next week.",  # limited to a time ahead
        "Don't schedule anything on Friday.",  # this Friday
        "Don't order pizza tonight.",
        "Don't call me, I'll call you.",
        "Don't call me Shirley.",  # no scope that recurs
        "Don't forget to book the table.",
        "Don't book seats next to the toilet.",  # no recurring scope with a plain "don't"
        "I never book hotels without reading reviews.",  # a habit, not an instruction
        "Can you never schedule anything on Fridays?",  # a question
        "Don't stop calling me every day.",
        "Never share my password with anyone.",  # a secret: the risk gate's
        "Always call me Sam.",  # the name the user goes by, not an instruction
        "Never deploy your code on a Friday.",  # "your": advice to a person
        "Don't touch the legacy module.",  # no scope that recurs
        "Don't run the migrations today.",
        "Stop deploying today.",
        "Stop it.",
        "No calls today.",
        "No meetings please.",  # no scope that recurs
        "Avoid booking anything tomorrow.",
        "Don't avoid calling me.",
        "Remind me to call Tom.",
        "Remind me next Monday to pay rent.",
        "Call me tomorrow.",
    ],
)
def test_requests_for_now_are_no_instructions(text: str) -> None:
    assert told(text) == []


def test_only_the_users_own_words_instruct() -> None:
    from nousmem.policies import RuleExtractor
    from nousmem.projections.models import Observation

    obs = Observation(
        content="Never book Ryanair.", source="tool:web", actor="Dana", occurred_at=T0
    )
    assert [c for c in RuleExtractor().extract_sync(obs) if c.attribute == "instruction"] == []


async def _say(rt: MemoryRuntime, *turns: str) -> None:
    for i, text in enumerate(turns):
        await rt.observe_and_route(
            {
                "content": text,
                "actor": "Dana",
                "source": "user",
                "occurred_at": T0 + timedelta(hours=i),
            }
        )


async def test_an_action_instruction_holds_and_a_later_one_withdraws_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _say(rt, "Never book Ryanair.", "I live in Leeds.")
        logical = (await rt.worldview(lens="logical")).render()
        assert "never book Ryanair" in logical
        await _say(rt, "From now on, book Ryanair.")
        logical = (await rt.worldview(lens="logical")).render()
        assert "never book Ryanair" not in logical
        assert "book Ryanair" in logical
        history = (await rt.worldview(lens="historical")).render()
        assert "never book Ryanair" in history


async def test_the_instructions_a_question_uses_come_first_when_the_budget_is_short() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        # The scheduling rule is the oldest: newest first alone would cut it.
        await _say(
            rt,
            "Please don't schedule anything on Fridays.",
            "Never use emojis.",
            "Always book aisle seats.",
            "Don't call me before 9am.",
            "Keep your answers short.",
        )
        ctx = await rt.query("Can you schedule a meeting for me?", actor="Dana", budget_tokens=200)
        snapshot = ctx.prompt_sections["worldview"]
        assert "never schedule anything on Fridays" in snapshot
        lines = [ln for ln in snapshot.splitlines() if "instruction" in ln]
        assert "never schedule anything on Fridays" in lines[0]
        # Without a word in common, the newest come first, as before.
        ctx = await rt.query("Tell me a joke.", actor="Dana", budget_tokens=200)
        lines = [ln for ln in ctx.prompt_sections["worldview"].splitlines() if "instruction" in ln]
        assert "keep answers short" in lines[0]
