"""Settings and arguments that used to pass and then break later calls are refused where they
are given, naming the field: a TTL past what a date can hold, a belief prior so extreme that
a write's numbers become infinite, a validator stack that is not one, a query's ``actor``
holding a key. And a quarantined write's result carries no more of a secret than its record
does."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.validators import Verdict, default_validators
from nousmem.runtime import InvalidInput, MemoryRuntime

KEY = "sk-abcdefghijklmnopqrstuvwx1234"


async def _count(rt: MemoryRuntime) -> int:
    return len([e async for e in rt.events()])


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"ttl": {"observation_types": {"utterance": 1e9}}}, "ttl"),
        ({"beliefs": {"prior_beta": 1e-20}}, "prior_beta"),
        ({"beliefs": {"prior_alpha": 1e20}}, "prior_alpha"),
    ],
)
async def test_a_setting_later_calls_cannot_use_is_refused_by_name(
    config: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidInput) as err:
        await MemoryRuntime.memory(config=config)
    assert field in str(err.value)


async def test_the_longest_ttl_never_expires_and_reads_still_work() -> None:
    rt = await MemoryRuntime.memory(config={"ttl": {"observation_types": {"utterance": 3.65e6}}})
    await rt.observe_and_route({"content": "I live in Lyon.", "actor": "Ana"})
    assert "Lyon" in (await rt.query("Where does Ana live?")).to_prompt()
    await rt.sleep()
    await rt.close()


async def test_validators_take_a_stack_or_a_list_and_refuse_anything_else() -> None:
    rt = await MemoryRuntime.memory()
    rt.validators = default_validators()  # a list: wrapped
    r = await rt.observe_and_route({"content": "I live in Lyon.", "actor": "Ana"})
    assert r.route == "belief_update"
    for bad in (None, "strict", [object()]):
        with pytest.raises(InvalidInput) as err:
            rt.validators = bad  # type: ignore[assignment]
        assert "validators" in str(err.value)

    class Lazy:
        name = "lazy"

        def check(self, write: Any) -> Any:
            return None  # not a Verdict

    before = await _count(rt)
    rt.validators = [Lazy()]
    with pytest.raises(InvalidInput, match="lazy"):
        await rt.observe_and_route({"content": "I work at Acme.", "actor": "Ana"})
    assert await _count(rt) == before
    rt.validators = [*default_validators()]
    r = await rt.observe_and_route({"content": "I work at Acme.", "actor": "Ana"})
    assert r.route == "belief_update"
    await rt.close()


async def test_a_query_actor_holding_a_key_is_refused_and_nothing_is_journaled() -> None:
    rt = await MemoryRuntime.memory()
    await rt.observe({"content": "I work at Acme.", "actor": "Ana"})
    before = await _count(rt)
    with pytest.raises(InvalidInput) as err:
        await rt.query("Where do I work?", actor=KEY)
    assert err.value.field == "actor"
    assert await _count(rt) == before
    await rt.close()


@pytest.mark.parametrize(
    "obs",
    [
        {
            "content": "hello there",
            "claims": [{"entity": "Ana", "attribute": "token", "value": KEY}],
        },
        {"content": "hello there", "source": f"tool:{KEY}"},
    ],
)
async def test_a_quarantined_results_assessment_is_redacted(obs: dict[str, Any]) -> None:
    rt = await MemoryRuntime.memory()
    for call in (rt.observe_and_route, rt.assess):
        r = await call({**obs, "actor": "Ana"})
        assert r.route == "quarantine"
        assert KEY not in r.model_dump_json()
        assert all(isinstance(v, Verdict) for v in r.verdicts)
    await rt.close()
