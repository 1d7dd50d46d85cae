"""Integers too large for the journal (SQLite's 64 bits) or for ``str()`` (4,300 digits) are
refused with the field they came in, or treated as what they mean, never a raw error."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from nousmem.runtime import InvalidInput, MemoryRuntime

HUGE = 10**5000

CALLS: dict[str, tuple[Callable[[MemoryRuntime], Awaitable[Any]], str]] = {
    "query as_of": (lambda rt: rt.query("Where?", as_of=HUGE), "as_of"),
    "query k": (lambda rt: rt.query("Where?", k=HUGE), "k"),
    "worldview as_of": (lambda rt: rt.worldview(as_of=HUGE), "as_of"),
    "belief as_of": (lambda rt: rt.belief("Alice", "employer", as_of=HUGE), "as_of"),
    "claim span": (
        lambda rt: rt.observe_and_route(
            {
                "content": "x",
                "claims": [{"entity": "a", "attribute": "b", "value": "c", "span": [0, HUGE]}],
            }
        ),
        "observation.claims.0.span.1",
    ),
}


@pytest.mark.parametrize("name", sorted(CALLS))
async def test_a_huge_int_is_refused_by_field(rt: MemoryRuntime, name: str) -> None:
    await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
    head = await rt.head()
    call, field = CALLS[name]
    with pytest.raises(InvalidInput) as info:
        await call(rt)
    assert info.value.field == field
    assert await rt.head() == head


async def test_events_after_a_seq_past_64_bits_are_none(rt: MemoryRuntime) -> None:
    await rt.observe({"content": "x"})
    assert [e async for e in rt.events(after_seq=2**63)] == []
    assert [e async for e in rt.events(after_seq=HUGE)] == []
