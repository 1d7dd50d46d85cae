"""Text the journal cannot store (lone surrogates: not valid UTF-8) is refused at every public
entry point with the field it came in, and nothing is written."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from nousmem.policies.memory_policy import MemoryPolicy, RetrievalIntent
from nousmem.runtime import InvalidInput, MemoryRuntime

BAD = "caf\udce9"  # what surrogateescape makes of the Latin-1 byte 0xE9

Call = Callable[[MemoryRuntime, str], Awaitable[Any]]

CALLS: dict[str, tuple[Call, str]] = {
    "observe content": (lambda rt, t: rt.observe({"content": BAD}), "observation.content"),
    "observe actor": (
        lambda rt, t: rt.observe({"content": "x", "actor": BAD}),
        "observation.actor",
    ),
    "observe keyword": (
        lambda rt, t: rt.observe({"content": "x", "keywords": ["a", BAD]}),
        "observation.keywords.1",
    ),
    "observe metadata value": (
        lambda rt, t: rt.observe({"content": "x", "metadata": {"k": [BAD]}}),
        "observation.metadata.k.0",
    ),
    "observe metadata key": (
        lambda rt, t: rt.observe({"content": "x", "metadata": {BAD: 1}}),
        "observation.metadata.caf\\udce9",
    ),
    "observe claim": (
        lambda rt, t: rt.observe(
            {"content": "x", "claims": [{"entity": "Alice", "attribute": "employer", "value": BAD}]}
        ),
        "observation.claims.0.value",
    ),
    "observe_and_route": (
        lambda rt, t: rt.observe_and_route({"content": f"I work at {BAD}.", "actor": "Alice"}),
        "observation.content",
    ),
    "observe_and_commit": (
        lambda rt, t: rt.observe_and_commit({"content": f"I work at {BAD}.", "actor": "Alice"}),
        "observation.content",
    ),
    "assess": (lambda rt, t: rt.assess({"content": BAD, "actor": "Alice"}), "observation.content"),
    "query": (lambda rt, t: rt.query(f"where is {BAD}?"), "question"),
    "after_turn feedback": (lambda rt, t: rt.after_turn(t, "success", feedback=BAD), "feedback"),
    "after_turn trace id": (lambda rt, t: rt.after_turn(BAD, "success"), "trace_id"),
    "replay_trace": (lambda rt, t: rt.replay_trace(BAD), "trace_id"),
    "propose text": (lambda rt, t: rt.propose(f"remember {BAD}"), "policy"),
    "commit policy": (
        # Built without validation, as a planner's code might: commit checks it anyway.
        lambda rt, t: rt.commit(
            MemoryPolicy.model_construct(
                retrieval=RetrievalIntent.model_construct(
                    question=BAD, lens="associative", budget_tokens=1000
                )
            )
        ),
        "policy.retrieval.question",
    ),
    "forget reason": (
        lambda rt, t: rt.forget(["Alice.employer=Google"], "inhibit", reason=BAD),
        "reason",
    ),
    "forget target": (lambda rt, t: rt.forget([BAD], "inhibit", reason="r"), "targets.0"),
    "erase reason": (lambda rt, t: rt.erase(entity="Alice", reason=BAD), "reason"),
    "erase entity": (lambda rt, t: rt.erase(entity=BAD, reason="r"), "entity"),
    "erase id": (lambda rt, t: rt.erase(event_ids=[BAD], reason="r"), "event_ids.0"),
    "get": (lambda rt, t: rt.get(BAD), "event_id"),
    "belief": (lambda rt, t: rt.belief(BAD, "employer"), "entity"),
    "beliefs": (lambda rt, t: rt.beliefs(BAD), "entity"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
async def test_text_that_is_not_utf8_is_refused_and_writes_nothing(
    rt: MemoryRuntime, name: str
) -> None:
    await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
    trace = (await rt.query("Where does Alice work?")).trace_id
    assert trace is not None
    head = await rt.head()
    call, field = CALLS[name]
    with pytest.raises(InvalidInput) as info:
        await call(rt, trace)
    assert info.value.field == field
    # Ours names the surrogate; pydantic's (constrained fields) says it is not a unicode string.
    assert "surrogate" in str(info.value) or "unicode" in str(info.value)
    assert await rt.head() == head
    assert (await rt.belief("Alice", "employer")) is not None


def test_a_namespace_that_is_not_utf8_is_refused(rt: MemoryRuntime) -> None:
    with pytest.raises(InvalidInput) as info:
        rt.scoped(f"user/{BAD}")
    assert info.value.field == "namespace"


async def test_control_characters_in_claim_text_become_spaces(rt: MemoryRuntime) -> None:
    # Content is kept as given; a claim read out of it (or passed in) has them as spaces.
    res = await rt.observe_and_route({"content": "I work at Goo\x00gle.", "actor": "Alice"})
    assert res.route == "belief_update"
    belief = await rt.belief("Alice", "employer")
    assert belief is not None and belief.mode == "Goo gle"
    event = await rt.get(res.observation_id)
    assert event.payload.content == "I work at Goo\x00gle."
