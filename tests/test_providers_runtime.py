"""The runtime with an LLM provider configured: extraction and planning fall back to the
deterministic path on failure, and the fallback is journaled (a real loopback server)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from nousmem.policies.validators import ProposedWrite, ValidatorStack, Verdict
from nousmem.runtime import FixedClock, MemoryRuntime
from tests.test_providers import FakeLLM, Reply, answer, chat, llm, raw

__all__ = ["llm"]  # the fixture, imported so pytest finds it here


def _config(base_url: str, timeout_s: float = 10.0) -> dict[str, Any]:
    # A provider that should answer gets ample time (a loaded machine can be slow to serve
    # even the loopback server); the tests of a hang pass a short timeout.
    return {"provider": {"base_url": base_url, "model": "test-model", "timeout_s": timeout_s}}


async def _kinds(rt: MemoryRuntime) -> list[str]:
    return [e.kind async for e in rt.events()]


async def test_llm_claims_are_used_when_the_provider_answers(
    llm: FakeLLM, clock: FixedClock
) -> None:
    claims = {
        "claims": [
            {"entity": "Alice", "attribute": "employer", "value": "Initech", "confidence": 0.9}
        ]
    }
    llm.script.append(answer(claims))
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        res = await rt.observe_and_route({"content": "Started a new job.", "actor": "Alice"})
        assert res.extractor == "llm:test-model" and not res.fallback
        assert [d.value for d in res.deltas] == ["Initech"]
        assert "provider.fallback" not in await _kinds(rt)


async def test_extraction_falls_back_on_http_500_timeout_and_bad_json(
    llm: FakeLLM, clock: FixedClock
) -> None:
    failures: list[Reply] = [
        raw("boom", status=500),
        Reply(hang=True),
        chat("this is not json"),
    ]
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url, 0.3)) as rt:
        for reply in failures:
            llm.script.append(reply)
            res = await rt.observe_and_route({"content": "I work at Globex.", "actor": "Alice"})
            assert res.fallback and res.extractor == "rule"
            assert [d.value for d in res.deltas] in (["Globex"], [])  # the rule path ran
        fallbacks = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert [e.payload.error for e in fallbacks] == ["unavailable", "timeout", "malformed"]
        assert all(e.payload.fallback == "rule" and e.payload.observation_id for e in fallbacks)
        belief = await rt.belief("Alice", "employer")
        assert belief is not None and belief.mode == "Globex"


async def test_propose_falls_back_to_the_deterministic_planner(
    llm: FakeLLM, clock: FixedClock
) -> None:
    llm.script.append(raw(json.dumps({"nope": True}), status=502))
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        policy = await rt.propose("Where does Alice work?")
        assert policy.source == "deterministic" and policy.retrieval is not None
        (fb,) = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert fb.payload.fallback == "deterministic" and fb.payload.error == "unavailable"


async def test_a_policy_in_the_prompts_shape_is_used_end_to_end(
    llm: FakeLLM, clock: FixedClock
) -> None:
    """Every example shape the planner prompt shows validates as a MemoryPolicy."""
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        ev = await rt.observe({"content": "I play chess", "actor": "Alice"})
        policy = {
            "retrieval": {"question": "Where does Alice work?", "lens": "logical"},
            "writes": [
                {
                    "claims": [
                        {
                            "entity": "Alice",
                            "attribute": "hobby",
                            "value": "chess",
                            "confidence": 0.8,
                            "polarity": "assert",
                            "extractor": "caller",
                        }
                    ],
                    "evidence_ids": [ev.id],
                }
            ],
            "forget": [{"targets": [ev.id], "verb": "decay", "reason": "old"}],
            "consolidate": [
                {"clusters": [[ev.id]], "target_type": "frame", "summary": "Alice plays chess"}
            ],
            "rationale": "the planner asked",
        }
        llm.script.append(answer(policy))
        got = await rt.propose("Look up Alice's job; note she plays chess; tidy up.")
        assert got.source == "llm:test-model"
        assert got.retrieval is not None and got.writes and got.forget and got.consolidate
        # The model chose the claims: they say so, whatever label it gave them.
        assert [c.extractor for w in got.writes for c in w.claims] == ["llm:test-model"]
        assert [w.source for w in got.writes] == ["llm:test-model"]
        assert [e async for e in rt.events(kinds=["provider.fallback"])] == []
        system = llm.requests[-1]["json"]["messages"][0]["content"]
        for key in ('"question"', '"claims"', '"targets"', '"target_type"', '"rationale"'):
            assert key in system


async def test_a_refused_policy_answer_is_not_quoted_in_the_journal(
    llm: FakeLLM, clock: FixedClock
) -> None:
    secret = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    llm.script.append(answer({"retrieval": {"query": f"echo {secret}"}}))
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        policy = await rt.propose("Where does Alice work?")
        assert policy.source == "deterministic"
        (fb,) = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert fb.payload.error == "malformed" and "retrieval.question" in fb.payload.message
        assert secret not in fb.payload.message and "echo" not in fb.payload.message


async def test_json_nested_past_the_stack_falls_back(llm: FakeLLM, clock: FixedClock) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    llm.script.append(chat(deep))
    llm.script.append(raw(deep))
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        res = await rt.observe_and_route({"content": "I work at Globex.", "actor": "Alice"})
        assert res.fallback and res.extractor == "rule"
        policy = await rt.propose("Where does Alice work?")
        assert policy.source == "deterministic"
        fallbacks = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert [e.payload.error for e in fallbacks] == ["malformed", "malformed"]


async def test_a_policy_answer_with_text_that_is_not_utf8_falls_back(
    llm: FakeLLM, clock: FixedClock
) -> None:
    llm.script.append(
        answer({"retrieval": {"question": "Where does Alice work?"}, "rationale": "x\ud800"})
    )
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        policy = await rt.propose("Where does Alice work?")
        assert policy.source == "deterministic"
        (fb,) = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert fb.payload.error == "malformed"


async def test_a_hung_provider_delays_each_writer_once_not_once_per_writer(
    llm: FakeLLM, clock: FixedClock
) -> None:
    # Extraction ran under the namespace's write lock: 12 writers took 12 timeouts, and a
    # forget() issued meanwhile waited behind all of them.
    # Checked by what happened, not by the wall clock (a loaded machine stretches any time
    # bound): every writer reaches the model before any times out, and a forget() issued
    # then finishes while they all still wait.
    llm.default = Reply(hang=True)
    writers = 12
    timeout_s = 1.0
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url, timeout_s)) as rt:
        ev = await rt.observe({"content": "Alice plays chess.", "actor": "Alice"})
        tasks = [
            asyncio.create_task(
                rt.observe_and_route({"content": f"I work at Globex {i}.", "actor": "Alice"})
            )
            for i in range(writers)
        ]
        # Under the lock they would reach it one timeout apart: 12 s for all of them.
        for _ in range(500):
            if len(llm.requests) == writers:
                break
            await asyncio.sleep(0.01)
        assert len(llm.requests) == writers
        assert not any(t.done() for t in tasks)
        await rt.forget([ev.id], "decay", reason="stale")
        assert not any(t.done() for t in tasks)  # forget() did not wait behind them
        results = await asyncio.gather(*tasks)
        assert all(r.fallback and r.extractor == "rule" for r in results)
        fallbacks = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert [e.payload.error for e in fallbacks] == ["timeout"] * writers
        assert len({e.payload.observation_id for e in fallbacks}) == writers


async def test_a_body_that_does_not_decode_falls_back_in_writes_and_propose(
    llm: FakeLLM, clock: FixedClock
) -> None:
    llm.default = Reply(body=b"this is not gzip data", headers=(("Content-Encoding", "gzip"),))
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        res = await rt.observe_and_route({"content": "I work at Globex.", "actor": "Alice"})
        assert res.fallback and res.extractor == "rule" and res.deltas
        policy = await rt.propose("Where does Alice work?")
        assert policy.source == "deterministic"
        fallbacks = [e async for e in rt.events(kinds=["provider.fallback"])]
        assert [e.payload.error for e in fallbacks] == ["malformed", "malformed"]


async def test_a_refused_write_records_the_fallback_in_its_rejection(
    llm: FakeLLM, clock: FixedClock
) -> None:
    llm.default = raw("boom", status=500)
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        res = await rt.observe_and_commit(
            {"content": "I think I work at Globex maybe.", "actor": "Alice", "source": "anonymous"}
        )
        assert res.fallback and res.extractor == "rule" and res.rejected
        # A refusal leaves one record (DESIGN invariant 5), which says the model was not used.
        (event,) = [e async for e in rt.events()]
        assert event.kind == "write.rejected" and event.payload.extractor == "rule"
        fb = event.payload.fallback
        assert fb is not None and (fb.provider, fb.error, fb.fallback) == (
            "llm:test-model",
            "unavailable",
            "rule",
        )
        assert "HTTP 500" in fb.message and fb.observation_id is None
        # Without a fallback the rejection still names its extractor, and no fallback.
        llm.default = answer({"claims": []})
        res = await rt.observe_and_commit(
            {
                "content": "Noted.",
                "actor": "Alice",
                "source": "anonymous",
                "claims": [
                    {
                        "entity": "Alice",
                        "attribute": "employer",
                        "value": "Initech",
                        "confidence": 0.5,
                    }
                ],
            }
        )
        assert not res.fallback and res.rejected
        last = [e async for e in rt.events()][-1]
        assert last.payload.extractor == "llm:test-model" and last.payload.fallback is None


class _QuarantinesEmployers:
    """A validator that quarantines any claimed employer (the risk gate's action)."""

    name = "no_employers"

    def check(self, write: ProposedWrite) -> Verdict:
        if any(c.claim.attribute == "employer" for c in write.claims):
            return Verdict(validator=self.name, ok=False, reason="employer", action="quarantine")
        return Verdict(validator=self.name, ok=True)


async def test_a_quarantined_write_records_the_fallback_in_its_record(
    llm: FakeLLM, clock: FixedClock
) -> None:
    llm.default = raw("boom", status=503)
    async with MemoryRuntime.memory(clock=clock, config=_config(llm.base_url)) as rt:
        rt.validators = ValidatorStack([*rt.validators.validators, _QuarantinesEmployers()])
        res = await rt.observe_and_route({"content": "I work at Globex.", "actor": "Alice"})
        assert res.route == "quarantine" and res.fallback
        (event,) = [e async for e in rt.events()]
        assert event.kind == "quarantined" and event.payload.fallback is not None
        assert (event.payload.fallback.error, event.payload.fallback.fallback) == (
            "unavailable",
            "rule",
        )
