"""A contact detail asked to be forgotten leaves reads with the turns that hold it
(``runtime/forget_turns.py``): no belief states an email address or a phone number, so before
"Please forget my email address" left the address served; and a topic no value is named
by leaves reads with the turns that use its words and state nothing."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.forget_requests import forget_requests
from nousmem.runtime import MemoryRuntime


async def _say(rt: MemoryRuntime, text: str, day: int, **fields: Any) -> Any:
    obs = {"content": text, "actor": "user", "source": "user"} | fields
    return await rt.observe_and_route(obs | {"occurred_at": f"2026-01-{day:02d}T10:00:00Z"})


async def _prompt(rt: MemoryRuntime, question: str) -> str:
    return (await rt.query(question, actor="user")).to_prompt()


async def test_forgetting_my_email_hides_the_turns_that_hold_it(rt: MemoryRuntime) -> None:
    said = await _say(rt, "My email is sam.lee@example.com.", 1)
    other = await _say(rt, "I like green tea.", 2)
    assert "sam.lee@example.com" in await _prompt(rt, "What's my email?")
    r = await _say(rt, "Please forget my email address.", 3)
    assert r.forgotten == (said.observation_id,)
    assert "sam.lee@example.com" not in await _prompt(rt, "What's my email?")
    assert (await rt.lifecycle(said.observation_id)).state == "obsolete"
    assert (await rt.lifecycle(other.observation_id)).state == "fresh"
    # Live equals rebuilt.
    live = await _prompt(rt, "What's my email?")
    await rt.rebuild()
    assert await _prompt(rt, "What's my email?") == live


async def test_forgetting_my_phone_number(rt: MemoryRuntime) -> None:
    said = await _say(rt, "You can reach me at 415-555-2671.", 1)
    mail = await _say(rt, "My email is sam.lee@example.com.", 2)
    r = await _say(rt, "Forget my phone number.", 3)
    assert r.forgotten == (said.observation_id,)
    assert mail.observation_id not in r.forgotten


async def test_what_the_request_does_not_reach(rt: MemoryRuntime) -> None:
    # Another speaker's turn, a turn said after the request, another kind of detail.
    tool = await _say(rt, "Contact: sam.lee@example.com", 1, actor="crm", source="tool:crm")
    phone = await _say(rt, "Call me at 415-555-2671.", 2)
    r = await _say(rt, "Please forget my email address.", 3)
    assert r.forgotten == ()
    later = await _say(rt, "New email: sam@example.org", 4)
    for o in (tool, phone, later):
        assert (await rt.lifecycle(o.observation_id)).state == "fresh"
    # Someone else's detail is no request about the asker's turns.
    mine = await _say(rt, "My email is sam.lee@example.com.", 5)
    r = await _say(rt, "Forget my sister's email.", 6)
    assert mine.observation_id not in r.forgotten


async def test_forgetting_a_topic_hides_the_turns_that_use_it(rt: MemoryRuntime) -> None:
    seeing = await _say(rt, "I'm seeing a therapist for anxiety.", 1)
    sessions = await _say(rt, "My therapy sessions are on Tuesdays.", 2)
    tea = await _say(rt, "I like tea.", 3)
    r = await _say(rt, "Forget what I told you about my therapy.", 4)
    # The turn that states nothing goes; one that states a value stays with its value,
    # which a topic names only whole.
    assert r.forgotten == (seeing.observation_id,)
    assert "therapist" not in await _prompt(rt, "What do you know about my therapy?")
    for o in (sessions, tea):
        assert (await rt.lifecycle(o.observation_id)).state == "fresh"


async def test_a_topic_that_names_a_value_forgets_the_value_only(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    chat = await _say(rt, "Lyon was lovely in the rain.", 2)
    r = await _say(rt, "Forget what I told you about Lyon.", 3)
    assert r.forgotten == ("fact:user.location#lyon",)
    assert (await rt.lifecycle(chat.observation_id)).state == "fresh"


@pytest.mark.parametrize(
    "text",
    [
        "Don't remember anything about my therapy.",
        "Please forget everything about my therapy.",
        "Forget everything you know about my therapy.",
    ],
)
def test_a_topic_asked_to_be_forgotten_in_other_words(text: str) -> None:
    (request,) = forget_requests(text)
    assert (request.form, request.target) == ("about", "my therapy")


@pytest.mark.parametrize(
    "text",
    [
        # A statement, not a request; a pronoun; the asker (``erase``'s).
        "I don't remember anything about my childhood.",
        "Forget everything about it.",
        "Forget everything about me.",
    ],
)
def test_what_asks_no_topic_forgotten(text: str) -> None:
    assert [r for r in forget_requests(text) if r.form == "about"] == []


async def test_dont_remember_a_topic_forgets_its_turns(rt: MemoryRuntime) -> None:
    seeing = await _say(rt, "I'm seeing a therapist for anxiety.", 1)
    r = await _say(rt, "Don't remember anything about my therapy.", 2)
    assert r.forgotten == (seeing.observation_id,)
