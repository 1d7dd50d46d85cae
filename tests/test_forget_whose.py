"""Asking memory to forget where someone else lives or works: "Forget where my sister
lives" forgets the sister's city (the one relative "my sister" may mean), and leaves the
link to her, the brother's city and the speaker's own alone."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.forget_requests import forget_requests
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.forget_asked import FORGET_REQUEST


async def _say(rt: MemoryRuntime, text: str, day: int, **extra: Any) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "user", "source": "user",
         "occurred_at": f"2026-01-{day:02d}T10:00:00Z", **extra}
    )  # fmt: skip


async def _values(rt: MemoryRuntime, entity: str, attribute: str) -> list[str]:
    """What the current worldview holds (a forgotten value leaves it; the belief keeps it)."""
    wv = await rt.worldview("logical")
    key = f"{entity}.{attribute}".casefold()
    return [c.value for s in wv.slots if s.key.casefold() == key for c in s.candidates]


@pytest.mark.parametrize(
    ("text", "target", "whose", "former"),
    [
        ("Forget where my sister lives.", "where i live", "sister", False),
        ("Please forget where my brother works.", "where i work", "brother", False),
        ("Forget where Maya works.", "where i work", "Maya", False),
        ("Forget where my sister Maya used to live.", "where i live", "Maya", True),
        ("Forget where my sister lived.", "where i live", "sister", True),
        ("Forget where I live.", "where i live", "", False),
    ],
)
def test_whose_place_a_request_names(text: str, target: str, whose: str, former: bool) -> None:
    (request,) = forget_requests(text)
    assert (request.form, request.target, request.whose, request.former) == (
        "attribute",
        target,
        whose,
        former,
    )


async def test_my_sisters_city_is_forgotten_and_nothing_else(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. My sister Maya lives in Rome. My brother Leo lives in Oslo.", 1)
    assert await _values(rt, "Maya", "location") == ["Rome"]
    r = await _say(rt, "Please forget where my sister lives.", 2)
    assert r.forget_requests == ("Please forget where my sister lives.",)
    assert len(r.forgotten) == 1 and r.deltas == ()
    assert await _values(rt, "Maya", "location") == []
    assert await _values(rt, "Leo", "location") == ["Oslo"]
    assert await _values(rt, "user", "location") == ["Lyon"]
    assert set(await _values(rt, "user", "sibling")) == {"Maya", "Leo"}
    # Neither the fact nor the sentence that said it comes back; the turn's other
    # sentences do.
    prompt = (await rt.query("Where does my sister live?", actor="user")).to_prompt()
    assert "Rome" not in prompt and "I live in Lyon. [forgotten] My brother Leo" in prompt
    assert (await rt.lifecycle("fact:maya.location#rome")).state == "obsolete"
    # The journal keeps why; the historical lens still shows it.
    (record,) = [e async for e in rt.events(kinds=["lifecycle"])]
    assert record.causation_id == r.observation_id
    assert (record.payload.verb, record.payload.reason) == ("invalidate", FORGET_REQUEST)
    assert "Rome" in (await rt.query("Where does Maya live?", lens="historical")).to_prompt()


async def test_where_someone_named_works_is_forgotten(rt: MemoryRuntime) -> None:
    await _say(rt, "Maya works at Google. I work at Acme.", 1)
    r = await _say(rt, "Forget where Maya works.", 2)
    assert len(r.forgotten) == 1
    assert await _values(rt, "Maya", "employer") == []
    assert await _values(rt, "user", "employer") == ["Acme"]


async def test_my_sister_of_two_siblings_never_called_so_forgets_no_city(
    rt: MemoryRuntime,
) -> None:
    claims = [
        {"entity": "user", "attribute": "sibling", "value": "Maya"},
        {"entity": "user", "attribute": "sibling", "value": "Ana"},
        {"entity": "Maya", "attribute": "location", "value": "Rome"},
        {"entity": "Ana", "attribute": "location", "value": "Lima"},
    ]
    await _say(rt, "Family.", 1, claims=claims)
    r = await _say(rt, "Forget where my sister lives.", 2)
    assert r.forget_requests and r.forgotten == ()
    assert await _values(rt, "Maya", "location") == ["Rome"]
    assert await _values(rt, "Ana", "location") == ["Lima"]
