"""Asking memory to forget everything about someone: "Forget everything about Maya" or
"... about my sister" invalidates every value memory holds of her and the asker's link to
her, and nothing of anyone else (policies/forget_requests.py, the ``entity`` form;
runtime/forget_asked.py)."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.forget_requests import forget_requests
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.forget_asked import FORGET_REQUEST


async def _say(rt: MemoryRuntime, text: str, day: int, **extra: Any) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "Lee", "source": "user",
         "occurred_at": f"2026-01-{day:02d}T10:00:00Z", **extra}
    )  # fmt: skip


async def _people(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Oslo. My sister Maya lives in Rome.", 1)
    await _say(rt, "Maya works at Google. Maya loves jazz.", 2)
    await _say(rt, "My brother moved to Berlin. Tom is my friend.", 3)


async def _held(rt: MemoryRuntime) -> set[str]:
    """Every (entity.attribute, value) the current worldview holds."""
    wv = await rt.worldview("logical")
    return {f"{s.key}={c.value}" for s in wv.slots for c in s.candidates}


@pytest.mark.parametrize(
    ("text", "target", "whose", "words"),
    [
        ("Forget everything about Maya.", "Maya", "Maya", ""),
        ("Please forget everything you know about my sister.", "sister", "sister", ""),
        ("Forget all about my sister Maya.", "Maya", "sister", "Maya"),
        ("Could you forget everything you've learned about my husband?", "husband", "husband", ""),
        ("Erase all your memories of Tom Smith.", "Tom Smith", "Tom Smith", ""),
        ("Forget everything about Maya, she moved away.", "Maya", "Maya", ""),
        ("Forget everything you know about my family.", "family", "family", ""),
        ("Forget everything about my kids.", "kids", "kids", ""),
    ],
)
def test_whom_a_request_names(text: str, target: str, whose: str, words: str) -> None:
    (request,) = forget_requests(text)
    assert (request.form, request.target, request.whose, request.words) == (
        "entity",
        target,
        whose,
        words,
    )
    assert not request.dismissed


@pytest.mark.parametrize(
    "text",
    [
        "Forget about Maya.",  # as often "never mind"
        "Forget everything about it.",
        "Forget everything about her.",
        "Forget everything about me.",  # the asker: erase's, with its authorisation
        "Did you forget everything about Maya?",
    ],
)
def test_what_names_no_one(text: str) -> None:
    assert forget_requests(text) == []


def test_everything_about_a_noun_of_ones_own_is_that_attribute() -> None:
    (request,) = forget_requests("Forget everything about my job.")
    assert (request.form, request.attributes) == ("attribute", ("employer", "role"))
    (request,) = forget_requests("Forget everything about Maya, she's fine.")
    assert request.dismissed


async def test_everything_about_maya_goes_and_nothing_else(rt: MemoryRuntime) -> None:
    await _people(rt)
    before = await _held(rt)
    assert {"Maya.employer=Google", "Maya.location=Rome", "Lee.sibling=Maya"} <= before
    r = await _say(rt, "Forget everything about Maya.", 4)
    assert set(r.forgotten) == {
        "fact:maya.employer#google",
        "fact:maya.location#rome",
        "preference:maya.likes#jazz",
        "fact:lee.sibling#maya",
    }
    assert before - await _held(rt) == {
        "Maya.employer=Google",
        "Maya.location=Rome",
        "Maya.likes=jazz",
        "Lee.sibling=Maya",
    }
    # The turns that stated them leave current reads; the journal keeps why.
    text = (await rt.query("Where does Maya work?", actor="Lee")).to_prompt()
    assert "Google" not in text
    reasons = {e.payload.reason async for e in rt.events(kinds=["lifecycle"])}
    assert reasons == {FORGET_REQUEST}
    # Said again, it is back.
    await _say(rt, "Maya works at Google.", 5)
    assert "Maya.employer=Google" in await _held(rt)


async def test_my_sister_and_my_brother_known_by_noun_alone(rt: MemoryRuntime) -> None:
    await _people(rt)
    r = await _say(rt, "Forget all about my sister.", 4)
    assert "fact:maya.employer#google" in r.forgotten
    r = await _say(rt, "Please forget everything you know about my brother.", 5)
    assert r.forgotten == ("fact:lee's brother.location#berlin",)
    held = await _held(rt)
    assert {"Lee.location=Oslo", "Lee.friend=Tom"} <= held
    assert not [h for h in held if h.startswith(("Maya.", "Lee's brother."))]


async def test_only_the_user_and_never_the_asker_wholesale(rt: MemoryRuntime) -> None:
    await _people(rt)
    r = await _say(rt, "Forget everything about Maya.", 4, source="tool:web")
    assert r.forgotten == ()
    r = await _say(rt, "Forget everything about Lee.", 4)
    assert r.forgotten == ()
    assert "Lee.location=Oslo" in await _held(rt)


async def test_a_group_of_relatives_by_name_and_by_noun(rt: MemoryRuntime) -> None:
    await _people(rt)
    await _say(rt, "My son Kyle plays chess. My daughter loves art.", 4)
    r = await _say(rt, "Forget everything about my siblings.", 5)
    assert set(r.forgotten) == {
        "fact:maya.employer#google",
        "fact:maya.location#rome",
        "preference:maya.likes#jazz",
        "fact:lee.sibling#maya",
        "fact:lee's brother.location#berlin",
    }
    r = await _say(rt, "Forget everything about my kids.", 6)
    assert set(r.forgotten) == {
        "fact:kyle.hobby#chess",
        "fact:lee.child#kyle",
        "preference:lee's daughter.likes#art",
    }
    held = await _held(rt)
    assert held == {"Lee.location=Oslo", "Lee.friend=Tom"}
