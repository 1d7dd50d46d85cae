"""A claim that only confirms the current value is routed ``evidence`` and writes no
revision, but it was still said: it supports the worldview candidate (evidence, recency),
keeps an attribute TTL alive and dates the fact line's "last" day. Before, a belief the user
re-confirmed every month expired after its TTL as if nobody had said it again."""

from __future__ import annotations

from datetime import UTC, datetime

from nousmem.projections.schema import DEFAULT_SCHEMA
from nousmem.runtime import MemoryRuntime, RuntimeConfig


def d(month: int, day: int = 1) -> datetime:
    return datetime(2024, month, day, 9, tzinfo=UTC)


# A month or more apart each check-in moves the belief (the room a never-named value has
# grows back in between): a revision. The one a day later only confirms.
CHECK_INS = [d(1), d(1, 20), d(2, 25), d(4, 1), d(5, 1), d(5, 2)]
QUESTION = "Who is the employer of Alice?"


async def _checked_in(rt: MemoryRuntime) -> list[str]:
    routes, ids = [], []
    for i, t in enumerate(CHECK_INS):
        r = await rt.observe_and_route(
            {"content": f"I work at Google (check-in {i}).", "actor": "Alice", "occurred_at": t}
        )
        routes.append(r.route)
        assert r.observation_id is not None
        ids.append(r.observation_id)
    assert routes[-1] == "evidence"  # what this test is about
    return ids


def _config() -> RuntimeConfig:
    spec = DEFAULT_SCHEMA.spec("employer").model_copy(update={"ttl_days": 45})
    return RuntimeConfig(attributes=DEFAULT_SCHEMA.with_attributes(spec))


async def test_a_confirmed_belief_stays_alive_and_cites_every_confirmation() -> None:
    async with MemoryRuntime.memory(namespace="t", config=_config()) as rt:
        ids = await _checked_in(rt)
        slot = (await rt.worldview("historical")).slot("fact:alice.employer")
        assert slot is not None
        (cand,) = slot.candidates
        assert cand.status == "selected"
        assert cand.components.staleness == 0.0
        assert set(cand.evidence_ids) == set(ids)
        logical = (await rt.worldview("logical")).render()
        assert "Alice.employer: Google" in logical
        ctx = await rt.query(QUESTION, budget_tokens=300)
        assert "Google (from 1 January 2024, last 2 May 2024)" in ctx.to_prompt()
        view = await rt.lifecycle("Alice.employer=Google")
        assert view.effective_state == view.state == "fresh"  # not expired


async def test_reads_of_the_past_see_only_earlier_confirmations() -> None:
    async with MemoryRuntime.memory(namespace="t", config=_config()) as rt:
        await _checked_in(rt)
        ctx = await rt.query(QUESTION, budget_tokens=300, as_of=d(3, 1))
        assert "Google (from 1 January 2024, last 25 February 2024)" in ctx.to_prompt()
        wv = await rt.worldview("historical", as_of=d(3, 1))
        slot = wv.slot("fact:alice.employer")
        assert slot is not None and len(slot.candidates[0].evidence_ids) == 3


async def test_forgetting_the_value_hides_its_confirmations_too() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        ids = await _checked_in(rt)
        await rt.forget(["Alice.employer=Google"], "inhibit", reason="left the company")
        ctx = await rt.query("Where does Alice work? Google?", budget_tokens=500)
        shown = {e for s in ctx.snippets for e in s.event_ids}
        assert shown.isdisjoint(ids)


async def test_rebuild_gives_the_same_confirmations() -> None:
    async with MemoryRuntime.memory(namespace="t", config=_config()) as rt:
        await _checked_in(rt)
        prompt = (await rt.query(QUESTION, budget_tokens=300)).to_prompt()
        live = await rt.worldview("historical")
        await rt.rebuild()
        assert await rt.worldview("historical") == live
        assert (await rt.query(QUESTION, budget_tokens=300, as_of=live.as_of_seq)).to_prompt() == (
            prompt
        )


async def test_a_monthly_restatement_strengthens_the_belief_against_a_new_value() -> None:
    """With one value named, a restatement's KL over the named values is 0: measured with
    the open-world remainder, a month-later restatement moves the belief (the room a
    never-named value has grew back), so it is a revision, and a tool's first claim of a
    new value does not outweigh six months of the user's word."""
    async with MemoryRuntime.memory(namespace="t") as rt:
        routes = []
        for month in range(1, 7):
            r = await rt.observe_and_route(
                {"content": "I live in Paris.", "actor": "Ana", "occurred_at": d(month)}
            )
            routes.append(r.route)
            if month > 1:
                (claim,) = r.assessment.claims
                assert claim.outcome is not None and claim.outcome.kl_bits == 0.0
                assert claim.outcome.open_kl_bits is not None
                assert claim.outcome.open_kl_bits > 0.01
        assert routes == ["belief_update"] * 6
        await rt.observe_and_route(
            {"content": "Ana lives in Berlin.", "source": "tool:search", "occurred_at": d(7)}
        )
        belief = await rt.belief("Ana", "location")
        assert belief is not None and belief.mode == "Paris"


async def test_denying_a_value_never_named_keeps_the_belief_protected() -> None:
    """ "I don't live in Paris" while Rome is held agrees with Rome: it must not take Rome
    below the established level, so a low-trust claim of a third city is still held."""
    async with MemoryRuntime.memory(namespace="t") as rt:
        ana = {"actor": "Ana", "source": "user"}
        for day, text in (
            (1, "I live in Rome."),
            (2, "I live in Rome."),
            (3, "I don't live in Paris."),
        ):
            await rt.observe_and_route({**ana, "content": text, "occurred_at": d(1, day)})
        belief = await rt.belief("Ana", "location")
        assert belief is not None and belief.mode == "Rome"
        assert dict(belief.distribution)["Rome"] > 0.95
        res = await rt.observe_and_route(
            {"content": "Ana lives in Milan.", "source": "web", "occurred_at": d(1, 4)}
        )
        assert res.route == "candidate"
        after = await rt.belief("Ana", "location")
        assert after is not None and after.mode == "Rome"


async def test_the_user_answering_a_tools_move_is_a_correction_not_a_repeat() -> None:
    """A restatement after another source left the value corrects it: it counts in full,
    not as the user's third repeat of Paris in a few days."""
    async with MemoryRuntime.memory(namespace="t") as rt:
        ana = {"actor": "Ana", "source": "user"}
        for when in (d(1), d(1, 31), d(3, 1)):
            await rt.observe_and_route({**ana, "content": "I live in Paris.", "occurred_at": when})
        await rt.observe_and_route(
            {"content": "Ana moved to Berlin.", "source": "tool:hr", "occurred_at": d(3, 3)}
        )
        moved = await rt.belief("Ana", "location")
        assert moved is not None and moved.mode == "Berlin"
        await rt.observe_and_route({**ana, "content": "I live in Paris.", "occurred_at": d(3, 4)})
        back = await rt.belief("Ana", "location")
        assert back is not None and back.mode == "Paris"
