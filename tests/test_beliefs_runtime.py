"""Beliefs through the runtime: snapshots, as-of reads, delta payloads, identity and merges."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot
from nousmem.runtime import InvalidInput, MemoryRuntime
from nousmem.runtime.results import RouteResult
from tests.helpers import claim

T0 = datetime(2023, 5, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
USER_TRUST = 0.9


async def commit(
    rt: MemoryRuntime, when: datetime, *claims: dict[str, Any], source: str = "user"
) -> RouteResult:
    res = await rt.observe_and_commit(
        {
            "content": "; ".join(f"{c['entity']} {c['attribute']} {c['value']}" for c in claims),
            "source": source,
            "occurred_at": when,
            "claims": list(claims),
        }
    )
    assert res.committed, res.rejected
    return res


def entropy(pairs: tuple[tuple[str, float], ...]) -> float:
    return -sum(p * math.log2(p) for _, p in pairs if p > 0)


async def _employer_history(rt: MemoryRuntime) -> list[tuple[RouteResult, BeliefSnapshot]]:
    """Google, Google, then a change to Sarvam; the live snapshot after each commit."""
    out = []
    steps: tuple[tuple[datetime, str, bool], ...] = (
        (T0, "Google", False),
        (T0 + DAY, "Google", False),
        (T0 + 10 * DAY, "Sarvam", True),
    )
    for when, value, change in steps:
        res = await commit(rt, when, claim(value, change=change))
        snap = await rt.belief("Alice", "employer")
        assert snap is not None
        out.append((res, snap))
    return out


async def test_snapshot_fields(rt: MemoryRuntime) -> None:
    history = await _employer_history(rt)
    snap = history[-1][1]
    assert (snap.entity, snap.attribute, snap.cardinality) == ("Alice", "employer", "single")
    assert snap.mode == "Sarvam" and snap.held == ("Sarvam",)
    probs = [p for _, p in snap.distribution]
    assert probs == sorted(probs, reverse=True)
    assert math.isclose(sum(probs), 1.0, abs_tol=1e-9)
    assert dict(snap.distribution)["Sarvam"] > 0.5 > dict(snap.distribution)["Google"]
    assert math.isclose(snap.entropy_bits, entropy(snap.distribution), abs_tol=1e-9)
    assert snap.support == 3 and not snap.compressed
    assert snap.updated_at == T0 + 10 * DAY
    observed = {o.value: (o.first_seen, o.last_seen) for o in snap.observed_values}
    assert observed == {"Google": (T0, T0 + DAY), "Sarvam": (T0 + 10 * DAY, T0 + 10 * DAY)}
    delta_ids = [d for res, _ in history for d in res.delta_ids]
    assert [d.event_id for d in snap.deltas] == delta_ids
    for d in snap.deltas:
        event = await rt.get(d.event_id)
        assert event.kind == "belief.revised"
        assert d.seq == event.seq and d.occurred_at == event.occurred_at
        assert d.value == event.payload.revision.value
        assert d.polarity == event.payload.revision.polarity
        assert d.surprise_bits == event.payload.outcome.surprise_bits
    assert [d.occurred_at for d in snap.deltas] == [T0, T0 + DAY, T0 + 10 * DAY]
    assert snap.deltas[2].surprise_bits > snap.deltas[1].surprise_bits
    # An unknown dimension or entity reads as None / [].
    assert await rt.belief("Alice", "spouse") is None
    assert await rt.belief("Nobody", "employer") is None
    assert await rt.beliefs("Nobody") == []


async def test_as_of_seq_sees_the_past_exactly(rt: MemoryRuntime) -> None:
    history = await _employer_history(rt)
    for res, live in history:
        seq = (await rt.get(res.event_ids[-1])).seq
        assert await rt.belief("Alice", "employer", as_of=seq) == live
    first_seq = (await rt.get(history[0][0].event_ids[0])).seq
    assert await rt.belief("Alice", "employer", as_of=first_seq) is None  # observation only
    assert await rt.belief("Alice", "employer", as_of=0) is None
    head = (await rt.head()).seq
    assert await rt.belief("Alice", "employer", as_of=head) == history[-1][1]
    with pytest.raises(InvalidInput) as info:
        await rt.belief("Alice", "employer", as_of=head + 1)
    assert info.value.field == "as_of"


async def test_as_of_datetime_sees_the_past_exactly(rt: MemoryRuntime) -> None:
    history = await _employer_history(rt)
    at_second = await rt.belief("Alice", "employer", as_of=T0 + DAY)
    assert at_second == history[1][1]
    past = await rt.belief("Alice", "employer", as_of=T0 + 5 * DAY)
    assert past is not None and past.mode == "Google"
    assert "Sarvam" not in dict(past.distribution)
    assert [d.event_id for d in past.deltas] == [d.event_id for d in history[1][1].deltas]
    assert {o.value for o in past.observed_values} == {"Google"}
    assert past.support == 2
    # The same instant as an ISO string.
    assert await rt.belief("Alice", "employer", as_of=(T0 + 5 * DAY).isoformat()) == past
    assert await rt.belief("Alice", "employer", as_of=T0 - DAY) is None
    with pytest.raises(InvalidInput) as info:
        await rt.belief("Alice", "employer", as_of=datetime(2023, 5, 2))
    assert info.value.field == "as_of"
    # Event time, not journal order: evidence recorded late but dated early is included.
    await commit(rt, T0 + 3 * DAY, claim("Lyon", "location"))
    late = await rt.belief("Alice", "location", as_of=T0 + 5 * DAY)
    assert late is not None and late.mode == "Lyon"
    assert await rt.belief("Alice", "location", as_of=T0 + 2 * DAY) is None


async def test_beliefs_lists_every_dimension_sorted(rt: MemoryRuntime) -> None:
    await commit(rt, T0, claim("Google"), claim("Paris", "location"), claim("chess", "hobby"))
    await commit(rt, T0 + DAY, claim("Initech", entity="Bob"))
    snaps = await rt.beliefs("Alice")
    assert [s.attribute for s in snaps] == ["employer", "hobby", "location"]
    for s in snaps:
        assert await rt.belief("Alice", s.attribute) == s
    assert [s.attribute for s in await rt.beliefs("alice")] == ["employer", "hobby", "location"]
    early = await rt.beliefs("Alice", as_of=T0 - DAY)
    assert early == []
    assert await rt.entities() == ["Alice", "Bob"]
    with pytest.raises(InvalidInput) as info:
        await rt.beliefs("  ")
    assert info.value.field == "entity"


async def test_belief_revised_payload_has_inputs_and_outcome(rt: MemoryRuntime) -> None:
    first = await commit(rt, T0, claim("Google", confidence=0.8))
    before = await rt.belief("Alice", "employer")
    res = await commit(rt, T0, claim("Sarvam", confidence=0.7))
    after = await rt.belief("Alice", "employer")
    assert before is not None and after is not None
    (delta_id,) = res.delta_ids
    event = await rt.get(delta_id)
    rev, out = event.payload.revision, event.payload.outcome
    # Inputs.
    assert (rev.entity, rev.attribute, rev.value, rev.polarity) == (
        "Alice",
        "employer",
        "Sarvam",
        "assert",
    )
    assert rev.source == "user" and rev.change is False
    assert math.isclose(rev.reliability, USER_TRUST * 0.7)
    assert rev.occurred_at == T0
    assert rev.evidence_ids == (res.observation_id,)
    assert event.causation_id == res.observation_id
    # Outcome: prior / posterior, surprise, entropy, KL, reliability.
    prior, post = dict(out.prior), dict(out.posterior)
    assert out.prior_tail == 0.0 and out.posterior_tail == 0.0
    assert math.isclose(sum(prior.values()), 1.0, abs_tol=1e-9)
    assert math.isclose(sum(post.values()), 1.0, abs_tol=1e-9)
    assert math.isclose(out.surprise_bits, -math.log2(prior["Sarvam"]), rel_tol=1e-9)
    assert math.isclose(out.entropy_before, entropy(out.prior), abs_tol=1e-9)
    assert math.isclose(out.entropy_after, entropy(out.posterior), abs_tol=1e-9)
    kl = sum(p * math.log2(p / prior[v]) for v, p in post.items() if p > 0)
    assert math.isclose(out.kl_bits, kl, rel_tol=1e-6, abs_tol=1e-9)
    assert math.isclose(out.reliability, rev.reliability)
    assert 0 < out.effective_reliability <= out.reliability
    assert out.mode_before == "Google" and out.adopted
    assert not out.established and not out.contradiction  # support 1 is not established
    # The outcome agrees with the snapshots on either side of it.
    # (the reported prior is the belief extended by the new value, see dimension.py)
    assert set(dict(before.distribution)) <= set(prior) and "Sarvam" in prior
    assert prior["Sarvam"] < prior["Google"]
    assert math.isclose(out.entropy_after, after.entropy_bits, abs_tol=1e-9)
    for value, p in after.distribution:
        assert math.isclose(post.get(value, 0.0), p, abs_tol=1e-9)
    assert out.mode_after == after.mode
    assert res.deltas == (out,)
    assert first.deltas[0].mode_after == "Google"


async def test_negation_and_unknown(rt: MemoryRuntime) -> None:
    await commit(rt, T0, claim("Google"))
    res = await commit(rt, T0 + DAY, claim("Google", polarity="negate", change=True))
    out = res.deltas[0]
    assert out.polarity == "negate" and out.mode_before == "Google"
    snap = await rt.belief("Alice", "employer")
    assert snap is not None
    dist = dict(snap.distribution)
    assert dist["Google"] < 0.5
    assert dist.get(UNKNOWN, 0.0) > dist["Google"]
    assert snap.mode is None  # "none of those" leads


async def test_multi_valued_attribute_holds_several_values(rt: MemoryRuntime) -> None:
    for i in range(2):
        await commit(rt, T0 + i * DAY, claim("chess", "hobby"), claim("tennis", "hobby"))
    snap = await rt.belief("Alice", "hobby")
    assert snap is not None
    assert snap.cardinality == "multi" and snap.mode is None
    assert set(snap.held) == {"chess", "tennis"}
    dist = dict(snap.distribution)
    assert dist["chess"] > 0.5 and dist["tennis"] > 0.5
    assert sum(dist.values()) > 1.0  # presence probabilities, not a distribution
    # Negating one value leaves the other held.
    for i in range(2):
        await commit(rt, T0 + (5 + i) * DAY, claim("chess", "hobby", polarity="negate"))
    snap = await rt.belief("Alice", "hobby")
    assert snap is not None and snap.held == ("tennis",)
    assert dict(snap.distribution)["chess"] < 0.5
    # A single-valued attribute with the same two claims keeps one.
    await commit(rt, T0, claim("Paris", "location"), claim("Lyon", "location"))
    single = await rt.belief("Alice", "location")
    assert single is not None and len(single.held) == 1


async def _twins(rt: MemoryRuntime) -> None:
    await commit(rt, T0, claim("Google"), claim("Paris", "location"), claim("chess", "hobby"))
    await commit(
        rt,
        T0,
        claim("Google", entity="Alicia"),
        claim("Paris", "location", entity="Alicia"),
        claim("chess", "hobby", entity="Alicia"),
    )
    await commit(rt, T0, claim("Initech", entity="Bob"), claim("Oslo", "location", entity="Bob"))
    await commit(rt, T0, claim("Google", entity="Carol"), claim("Lyon", "location", entity="Carol"))


async def test_identity_candidates_rank_the_near_duplicate_first(rt: MemoryRuntime) -> None:
    await _twins(rt)
    cands = await rt.identity_candidates("Alice")
    assert cands[0].entity == "Alicia"
    assert {c.entity for c in cands} == {"Alicia", "Bob", "Carol"}
    divs = [c.divergence_bits for c in cands]
    assert divs == sorted(divs)
    assert cands[0].divergence_bits < cands[1].divergence_bits
    assert cands[0].shared_attributes == ("employer", "hobby", "location")
    bob = next(c for c in cands if c.entity == "Bob")
    assert bob.shared_attributes == ("employer", "location")
    assert [c.entity for c in await rt.identity_candidates("Alice", k=1)] == ["Alicia"]
    assert await rt.identity_candidates("Nobody") == []
    head = await rt.head()
    assert head.seq == (await rt.head()).seq  # ranking writes nothing
    assert await rt.entities() == ["Alice", "Alicia", "Bob", "Carol"]


async def test_authorized_merge_journals_and_reads_show_the_mixture(rt: MemoryRuntime) -> None:
    await commit(rt, T0, claim("Paris", "location"), claim("chess", "hobby"))
    await commit(
        rt,
        T0,
        claim("Lyon", "location", entity="Alicia"),
        claim("chess", "hobby", entity="Alicia"),
        claim("Sarvam", entity="Alicia"),
    )
    keep = await rt.belief("Alice", "location")
    gone = await rt.belief("Alicia", "location")
    assert keep is not None and gone is not None
    cands = {c.entity: c for c in await rt.identity_candidates("Alice")}
    event = await rt.merge_entities("Alice", "Alicia", reason="same person", authorized=True)
    assert event.kind == "identity.merged"
    assert (event.payload.keep, event.payload.absorb, event.payload.reason) == (
        "Alice",
        "Alicia",
        "same person",
    )
    assert math.isclose(event.payload.divergence_bits, cands["Alicia"].divergence_bits)
    assert event.seq == (await rt.head()).seq
    merged = await rt.belief("Alice", "location")
    assert merged is not None
    # Support-weighted mixture of the two posteriors.
    total = keep.support + gone.support
    pa, pb = dict(keep.distribution), dict(gone.distribution)
    for value, p in merged.distribution:
        expected = (keep.support * pa.get(value, 0.0) + gone.support * pb.get(value, 0.0)) / total
        assert math.isclose(p, expected, abs_tol=1e-6), value
    assert {"Paris", "Lyon"} <= set(dict(merged.distribution))
    assert merged.support == total
    assert {d.event_id for d in merged.deltas} == (
        {d.event_id for d in keep.deltas} | {d.event_id for d in gone.deltas}
    )
    # Attributes only the absorbed entity had now belong to the kept one.
    employer = await rt.belief("Alice", "employer")
    assert employer is not None and employer.mode == "Sarvam"
    assert await rt.entities() == ["Alice"]
    assert await rt.belief("Alicia", "location") == merged  # the alias resolves
    before = event.seq - 1
    assert await rt.belief("Alicia", "location", as_of=before) == gone
    assert await rt.belief("Alice", "location", as_of=before) == keep
    # Later claims about the absorbed name land on the kept entity.
    await commit(rt, T0 + DAY, claim("Lyon", "location", entity="Alicia"))
    assert len((await rt.belief("Alice", "location")).deltas) == total + 1  # type: ignore[union-attr]
    live = rt._proj.state()
    await rt.rebuild()
    assert rt._proj.state() == live


async def test_merge_input_errors_write_nothing(rt: MemoryRuntime) -> None:
    await _twins(rt)
    head = await rt.head()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"keep": "Alice", "absorb": "Nobody"}, "absorb"),
        ({"keep": "Nobody", "absorb": "Alice"}, "keep"),
        ({"keep": "Alice", "absorb": "alice"}, "absorb"),
        ({"keep": "", "absorb": "Alice"}, "keep"),
    ]
    for kw, field in cases:
        with pytest.raises(InvalidInput) as info:
            await rt.merge_entities(kw["keep"], kw["absorb"], reason="x", authorized=True)
        assert info.value.field == field
    with pytest.raises(InvalidInput) as info:
        await rt.merge_entities("Alice", "Alicia", reason=" ", authorized=True)
    assert info.value.field == "reason"
    assert await rt.head() == head


async def test_a_liking_taken_back_again_is_held_again() -> None:
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    story = [
        "I love coffee.",
        "I really like coffee.",
        "I don't like coffee anymore.",
        "I love coffee again.",
    ]
    async with MemoryRuntime.memory() as rt:
        for i, text in enumerate(story):
            await rt.observe_and_route(
                {"content": text, "actor": "Ann", "occurred_at": t0 + timedelta(days=10 * i)}
            )
            b = await rt.belief("Ann", "likes")
            assert b is not None
            assert ("coffee" in b.held) == (i != 2), (text, b.distribution)


async def test_a_negations_contradiction_component_is_the_negated_values_probability() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        day = 0
        for value, sources in (("tennis", 6), ("chess", 11)):
            for i in range(sources):
                await commit(
                    rt,
                    T0 + day * DAY,
                    claim(value, "hobby"),
                    source=("user", "system")[i % 2] if i < 2 else f"tool:{i}",
                )
                day += 1
        res = await rt.assess(
            {
                "content": "Alice no longer plays tennis.",
                "source": "web",
                "occurred_at": T0 + day * DAY,
                "claims": [
                    {
                        "entity": "Alice",
                        "attribute": "hobby",
                        "value": "tennis",
                        "polarity": "negate",
                        "confidence": 0.9,
                    }
                ],
            }
        )
        (c,) = res.assessment.claims
        prior = dict(c.outcome.prior)
        assert c.outcome.contradiction and prior["chess"] > prior["tennis"]
        expected = prior["tennis"] * (1.0 if c.established else 0.5)
        assert math.isclose(c.contradiction, expected)


async def test_a_user_taking_back_a_job_change_is_believed_again() -> None:
    said = [
        (T0, "I work at Google."),
        (T0 + DAY, "I work at Google."),
        (T0 + 3 * DAY, "I now work at Acme."),
        (T0 + 3 * DAY + timedelta(hours=1), "Sorry, I still work at Google."),
    ]
    async with MemoryRuntime.memory(namespace="t") as rt:
        for when, text in said:
            obs = {"type": "utterance", "content": text, "source": "user", "actor": "Alice"}
            res = await rt.observe_and_route({**obs, "occurred_at": when})
        (back,) = res.deltas
        assert math.isclose(back.effective_reliability, back.reliability)  # not a repeat
        belief = await rt.belief("Alice", "employer")
        assert belief is not None and belief.mode == "Google"
        await rt.rebuild()
        assert await rt.belief("Alice", "employer") == belief


async def test_a_name_a_merge_absorbed_stands_for_the_kept_entity(rt: MemoryRuntime) -> None:
    await commit(rt, T0, claim("jazz", "likes", entity="Bob"))
    await commit(rt, T0, claim("chess", "hobby", entity="Robert"))
    await commit(rt, T0, claim("Lyon", "location", entity="Rob"))
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    # The user learns Rob is the same person too, and names him as "Robert".
    event = await rt.merge_entities("Robert", "Rob", reason="same person", authorized=True)
    assert (event.payload.keep, event.payload.absorb) == ("Bob", "Rob")
    belief = await rt.belief("Bob", "location")
    assert belief is not None and belief.mode == "Lyon"
    head = await rt.head()
    with pytest.raises(InvalidInput, match="merged into it"):
        await rt.merge_entities("Bob", "Robert", reason="again", authorized=True)
    assert await rt.head() == head
