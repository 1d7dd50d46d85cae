"""How a turn that asked memory to forget reads back: "[asked to forget]" where the request
was, the user's news kept whole, any reason that names the forgotten value dropped, and no
time note for a date said only in the request (runtime/request_text.py)."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.runtime import MemoryRuntime


async def _say(rt: MemoryRuntime, text: str, day: int) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "user", "source": "user",
         "occurred_at": f"2026-01-{day:02d}T10:00:00Z"}
    )  # fmt: skip


async def test_a_request_beside_news_is_shown_without_its_words(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, "Forget that I live in Lyon, I moved to Paris.", 2)
    prompt = (await rt.query("Where do I live?", actor="user")).to_prompt()
    assert "[asked to forget], I moved to Paris." in prompt
    assert "Lyon" not in prompt
    live = dict(rt._proj.docs)
    await rt.rebuild()
    assert dict(rt._proj.docs) == live


async def test_a_masked_request_keeps_its_reason_and_its_times_out(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, "Forget my address, it was in Lyon. I work at Globex now.", 2)
    await _say(rt, "Forget that I have chemo on March 3, I moved to Paris.", 3)
    prompt = (await rt.query("Where do I live and work?", actor="user")).to_prompt()
    assert "Lyon" not in prompt and "chemo" not in prompt and "March 3" not in prompt
    assert "[asked to forget]. I work at Globex now." in prompt


@pytest.mark.parametrize(
    ("asked", "shown"),
    [
        (
            "Forget my address, because I moved to Paris.",
            "[asked to forget], because I moved to Paris.",
        ),
        (
            "Forget my address, I moved to Paris, it was in Lyon.",
            "[asked to forget], I moved to Paris.",
        ),
        (
            "Forget my old address, it was Lyon, I live in Paris now.",
            "[asked to forget], I live in Paris now.",
        ),
    ],
)
async def test_a_masked_request_keeps_the_news_and_drops_the_reason(
    rt: MemoryRuntime, asked: str, shown: str
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == ("fact:user.location#lyon",)
    prompt = (await rt.query("Where do I live?", actor="user")).to_prompt()
    assert shown in prompt and "Lyon" not in prompt


async def test_a_date_said_only_in_the_request_is_not_noted(rt: MemoryRuntime) -> None:
    await _say(rt, "Forget that I had surgery on Monday, I'm off on Mondays now.", 9)
    (doc,) = [d for d in rt._proj.docs.values() if d.kind == "observation"]
    assert "[asked to forget], I'm off on Mondays now." in doc.text
    assert "on Monday =" not in doc.text


@pytest.mark.parametrize(
    ("asked", "shown"),
    [
        (
            "Forget my address, it was in Lyon, now I live in Paris.",
            "[asked to forget], now I live in Paris.",
        ),
        (
            "Forget my address, I moved to Paris, France, last week.",
            "[asked to forget], I moved to Paris, France, last week",
        ),
        (
            "Forget my address, it was Lyon (I moved to Paris).",
            "[asked to forget] (I moved to Paris).",
        ),
    ],
)
async def test_the_news_after_a_reason_stays_whole(
    rt: MemoryRuntime, asked: str, shown: str
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, asked, 2)
    prompt = (await rt.query("Where do I live?", actor="user")).to_prompt()
    assert shown in prompt and "Lyon" not in prompt


@pytest.mark.parametrize(
    "asked",
    [
        "Forget my address, I moved to Paris and it was in Lyon anyway.",
        "Forget my address, I moved to Paris because Lyon was too expensive.",
    ],
)
async def test_news_that_goes_on_to_name_the_value_is_cut_there(
    rt: MemoryRuntime, asked: str
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, asked, 2)
    prompt = (await rt.query("Where do I live?", actor="user")).to_prompt()
    assert "[asked to forget], I moved to Paris" in prompt and "Lyon" not in prompt
