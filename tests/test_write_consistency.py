"""A governed write agrees with itself and with its dry run: one calendar for time
expressions, one promotion per held candidate, source names compared without case, a dry
run that sees what the write will see, and records that stay consistent with the state
machine they describe."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from nousmem.runtime import FixedClock, InvalidInput, MemoryRuntime
from nousmem.runtime.config import TrustConfig

T0 = datetime(2024, 1, 1, tzinfo=UTC)
IST = timezone(timedelta(hours=5, minutes=30))


async def _establish(rt: MemoryRuntime, value: str = "Google") -> None:
    for i in range(3):
        await rt.observe_and_route(
            {"content": f"I work at {value}.", "actor": "Alice", "occurred_at": T0 + timedelta(i)}
        )


async def test_relative_dates_resolve_on_the_speakers_calendar(rt: MemoryRuntime) -> None:
    # 02:00 on 1 March in India is still 29 February in UTC: "yesterday" is 29 February.
    when = datetime(2024, 3, 1, 2, 0, tzinfo=IST)
    text = "Yesterday I moved to Berlin."
    plain = await rt.observe({"content": text, "actor": "Alice", "occurred_at": when})
    routed = await rt.observe_and_route({"content": text, "actor": "Bob", "occurred_at": when})
    ev = await rt.get(routed.observation_id)
    assert [t.start for t in plain.payload.times] == [date(2024, 2, 29)]
    assert [t.start for t in ev.payload.times] == [date(2024, 2, 29)]
    dry = await rt.assess({"content": text, "actor": "Carol", "occurred_at": when})
    assert dry.dry_run and dry.assessment is not None


async def test_a_dry_run_sees_what_other_processes_appended(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with (
        MemoryRuntime.open(path, namespace="n") as a,
        MemoryRuntime.open(path, namespace="n") as b,
    ):
        await b.observe_and_route({"content": "hello", "occurred_at": T0})  # b has folded
        await _establish(a)  # a belief b has not folded yet
        obs = {"content": "Alice works at Acme.", "source": "web", "occurred_at": T0 + timedelta(9)}
        dry = await b.assess(obs)
        real = await b.observe_and_route(obs)
        assert real.route == "candidate"
        assert dry.route == real.route
        assert [c.route for c in dry.decision.claims] == [c.route for c in real.decision.claims]


async def test_one_observation_promotes_a_held_candidate_once(rt: MemoryRuntime) -> None:
    await _establish(rt)
    held = await rt.observe_and_route(
        {"content": "Alice works at Acme.", "source": "web", "occurred_at": T0 + timedelta(10)}
    )
    assert held.route == "candidate" and len(held.candidate_ids) == 1
    claim = {"entity": "Alice", "attribute": "employer", "value": "Acme"}
    res = await rt.observe_and_route(
        {
            "content": "Alice is at Acme.",
            "source": "anonymous",
            "claims": [claim, {**claim, "value": "acme"}],
            "occurred_at": T0 + timedelta(11),
        }
    )
    assert len(res.promoted_ids) == 1
    revised = [e async for e in rt.events(kinds=["belief.revised"])]
    citing = [e for e in revised if held.observation_id in e.payload.revision.evidence_ids]
    assert len(citing) == 1
    promoted = [e async for e in rt.events(kinds=["candidate.promoted"])]
    assert [tuple(e.payload.candidate_ids) for e in promoted] == [tuple(held.candidate_ids)]


async def test_a_source_in_another_case_is_not_an_independent_corroborator(
    rt: MemoryRuntime,
) -> None:
    await _establish(rt)
    for i, source in enumerate(["web", "Web", "WEB"]):
        res = await rt.observe_and_route(
            {
                "content": "Alice works at Acme.",
                "source": source,
                "occurred_at": T0 + timedelta(10 + i),
            }
        )
        assert res.promoted_ids == ()
    belief = await rt.belief("Alice", "employer")
    assert belief is not None and belief.mode == "Google"
    # A truly independent source still corroborates.
    res = await rt.observe_and_route(
        {"content": "Alice works at Acme.", "source": "document", "occurred_at": T0 + timedelta(20)}
    )
    assert res.promoted_ids


def test_trust_is_looked_up_without_case() -> None:
    trust = TrustConfig()
    assert trust.trust("User") == trust.trust("user") == 0.9
    assert trust.trust("TOOL:Search") == trust.trust("tool:search") == 0.8
    assert trust.trust("nobody") == trust.default
    both = TrustConfig(sources={"user": 0.9, "User": 0.1})
    assert both.trust("User") == 0.1 and both.trust("user") == 0.9 and both.trust("USER") == 0.9


async def test_an_erasure_record_cannot_be_erased(rt: MemoryRuntime) -> None:
    ev = await rt.observe({"content": "My phone is 555 0100.", "actor": "Alice"})
    receipt = await rt.erase(event_ids=[ev.id], reason="user request")
    erasures = [e async for e in rt.events(kinds=["erasure"])]
    assert len(erasures) == 1 and receipt is not None
    head = await rt.head()
    with pytest.raises(InvalidInput) as exc:
        await rt.erase(event_ids=[erasures[0].id], reason="hide the trail")
    assert exc.value.field == "event_ids.0"
    assert await rt.head() == head
    assert (await rt.get(erasures[0].id)).payload is not None


async def test_forget_intents_of_one_policy_see_each_other(rt: MemoryRuntime) -> None:
    ev = await rt.observe({"content": "I work at Google.", "actor": "Alice"})
    res = await rt.commit(
        {
            "forget": [
                {"targets": [ev.id], "verb": "inhibit", "reason": "a"},
                {"targets": [ev.id], "verb": "compress", "reason": "b"},
            ]
        }
    )
    assert res.committed
    applied = [e async for e in rt.events(kinds=["lifecycle"])]
    assert [(e.payload.from_state, e.payload.to_state) for e in applied] == [("fresh", "inhibited")]
    refused = [e async for e in rt.events(kinds=["lifecycle.refused"])]
    assert [e.payload.requested for e in refused] == ["compress"]
    view = await rt.lifecycle(ev.id)
    assert view.state == "inhibited"
    assert [(h.from_state, h.to_state) for h in view.history] == [("fresh", "inhibited")]


def test_an_exact_prefix_wins_over_other_spellings() -> None:
    trust = TrustConfig(sources={"TOOL": 0.1, "tool": 0.9})
    assert trust.trust("tool:search") == 0.9 and trust.trust("TOOL:search") == 0.1
    assert trust.trust("Tool:search") == 0.9  # the lowercase spelling answers for the others


async def test_user_confirmation_is_read_without_case(rt: MemoryRuntime) -> None:
    for source, name in (("user", "Ann"), ("User", "Ben")):
        await rt.observe_and_commit(
            {
                "content": f"{name} works at Acme",
                "source": source,
                "occurred_at": T0,
                "claims": [{"entity": name, "attribute": "employer", "value": "Acme"}],
            }
        )
    wv = await rt.worldview("logical")
    scores = {s.entity: s.candidates[0].components.confirmation for s in wv.slots if s.candidates}
    assert scores["Ann"] == scores["Ben"] == 1.0


async def test_erasing_evidence_after_a_merge_leaves_the_namespace_readable(
    rt: MemoryRuntime,
) -> None:
    claim = {"entity": "Bob", "attribute": "employer", "value": "Acme"}
    await rt.observe_and_commit(
        {"content": "Bob works at Acme", "occurred_at": T0, "claims": [claim]}
    )
    carol = {"entity": "Carol", "attribute": "employer", "value": "Google"}
    await rt.observe_and_commit(
        {"content": "Carol works at Google", "occurred_at": T0, "claims": [carol]}
    )
    await rt.merge_entities("Bob", "Carol", reason="same person", authorized=True)
    await rt.erase(entity="Acme", reason="the employer asked")
    assert (await rt.verify()).ok
    belief = await rt.belief("Bob", "employer")
    assert belief is not None and belief.mode == "Google"
    ctx = await rt.query("Where does Bob work?")
    assert "Acme" not in ctx.to_prompt()


async def test_reads_before_a_merge_survive_erasing_the_absorbed_evidence(
    rt: MemoryRuntime,
) -> None:
    alice = {"entity": "Alice", "attribute": "employer", "value": "Acme"}
    await rt.observe_and_commit(
        {"content": "Alice works at Acme", "occurred_at": T0, "claims": [alice]}
    )
    bob = {"entity": "Bob", "attribute": "employer", "value": "Google"}
    b = await rt.observe_and_commit(
        {"content": "Bob works at Google", "occurred_at": T0, "claims": [bob]}
    )
    before = (await rt.head()).seq
    await rt.merge_entities("Alice", "Bob", reason="same person", authorized=True)
    await rt.erase(event_ids=[b.observation_id or ""], reason="remove it")
    wv = await rt.worldview("logical", as_of=before)
    assert "Google" not in wv.render()
    assert (await rt.query("Where does Bob work?", as_of=before)) is not None


async def test_the_reserved_unknown_value_is_never_a_claim(rt: MemoryRuntime) -> None:
    head = await rt.head()
    # In text, the rule extractor skips it; as a caller's claim it is refused by field.
    res = await rt.observe_and_route({"content": "I work at <unknown>.", "actor": "Alice"})
    assert not res.deltas
    before = await rt.head()
    bad = {"entity": "Alice", "attribute": "employer", "value": " <UNKNOWN> "}
    with pytest.raises(InvalidInput) as exc:
        await rt.observe_and_route({"content": "hi", "claims": [bad]})
    assert exc.value.field == "observation.claims.0"
    with pytest.raises(InvalidInput) as exc:
        await rt.commit({"writes": [{"claims": [bad], "evidence_ids": []}]})
    assert exc.value.field is not None and exc.value.field.startswith("policy.writes.0.claims.0")
    assert await rt.head() == before != head


async def test_a_stored_claim_of_the_reserved_value_still_reads_back(tmp_path: Path) -> None:
    """Journals written before the value was refused at input keep working."""
    from nousmem.projections.models import Claim
    from nousmem.runtime.payloads import ObservationPayload

    path = tmp_path / "old.db"
    async with MemoryRuntime.open(path) as rt:
        old = Claim(entity="Alice", attribute="employer", value="<unknown>")
        payload = ObservationPayload(
            type="utterance", source="user", content="legacy", claims=(old,)
        )
        await rt._commit([rt._draft("observation", payload, occurred_at=T0, recorded_at=T0)])
    async with MemoryRuntime.open(path) as rt:
        assert (await rt.verify()).ok
        assert (await rt.query("legacy?")).snippets
        await rt.observe({"content": "a new note", "occurred_at": T0 + timedelta(days=1)})


async def test_a_custom_extractors_reserved_value_is_dropped(rt: MemoryRuntime) -> None:
    from nousmem.projections.models import Claim, Observation

    class Odd:
        name = "odd"

        async def extract(self, obs: Observation) -> list[Claim]:
            return [
                Claim(entity="Alice", attribute="employer", value="<unknown>"),
                Claim(entity="Alice", attribute="location", value="Paris"),
            ]

    rt.use_extractor(Odd())
    res = await rt.observe_and_route({"content": "whatever", "actor": "Alice"})
    assert [d.value for d in res.deltas] == ["Paris"]


@pytest.mark.parametrize("answer", [None, "Alice likes tea", [None], 42])
async def test_a_custom_extractor_that_answers_no_claim_list_is_refused_by_name(
    rt: MemoryRuntime, answer: object
) -> None:
    from nousmem.runtime.errors import ProviderMalformed

    class Bad:
        name = "my-extractor"

        async def extract(self, obs: object) -> object:
            return answer

    rt.use_extractor(Bad())  # type: ignore[arg-type]
    head = await rt.head()
    for verb in (rt.observe_and_route, rt.observe_and_commit, rt.assess):
        with pytest.raises(ProviderMalformed, match="my-extractor"):
            await verb({"content": "I like tea.", "actor": "Alice"})
    assert await rt.head() == head


async def test_a_dry_run_predicts_the_write_at_the_time_it_happens() -> None:
    # A stepping clock (a simulated agent loop, a turn every four days): assess reads the
    # time the write will read and leaves the clock there, so the two agree.
    clock = FixedClock(datetime(2024, 1, 1, tzinfo=UTC), step=timedelta(days=4))
    obs = {"content": "I live in Paris.", "actor": "Alice"}
    async with MemoryRuntime.memory(clock=clock) as rt:
        for _ in range(3):
            await rt.observe_and_route(obs)
        before = clock.peek()
        dry = await rt.assess(obs)
        assert clock.peek() == before
        real = await rt.observe_and_route(obs)
        assert (dry.route, [c.route for c in dry.decision.claims]) == (
            real.route,
            [c.route for c in real.decision.claims],
        )
        assert (await rt.get(real.observation_id)).recorded_at == before
