"""Poisoning of the governed write path: what one low-trust source cannot do to an
established belief, however it packs, spells or replays its claims."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.config import TrustConfig
from tests.helpers import claim

T0 = datetime(2024, 1, 1, 9, tzinfo=UTC)
DAY = timedelta(days=1)
ZW = "\u200b"  # ZERO WIDTH SPACE
FULL_WIDTH_WEB = "\uff57\uff45\uff42"  # "ｗｅｂ"
WEB_SPELLINGS = (
    "web" + ZW,
    FULL_WIDTH_WEB,
    "w\u200de\u2060b",
    "\ufeffWEB",
    "w\u034feb",  # combining grapheme joiner: default-ignorable, not a format character
    "web\ufe0f",  # variation selector
    "\u3164web",  # Hangul filler
)


async def _google(rt: MemoryRuntime) -> list[tuple[str, float]]:
    """Alice's employer established by her own words; returns its distribution."""
    for i in range(3):
        await rt.observe_and_route(
            {"content": "I work at Google.", "actor": "Alice", "occurred_at": T0 + i * DAY}
        )
    snap = await rt.belief("Alice", "employer")
    assert snap is not None and snap.mode == "Google"
    return list(snap.distribution)


async def _distribution(rt: MemoryRuntime) -> list[tuple[str, float]]:
    snap = await rt.belief("Alice", "employer")
    assert snap is not None
    return list(snap.distribution)


def _web(i: int, content: str, claims: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    obs: dict[str, Any] = {
        "content": content,
        "actor": "Alice",
        "source": "web",
        "occurred_at": T0 + (5 + i) * DAY,
    }
    if claims is not None:
        obs["claims"] = claims
    return obs


# -- one observation, several claims ---------------------------------------------------------


@pytest.mark.parametrize(
    "claims",
    [
        None,  # the rule extractor: "Acme now" and "not Google any more"
        [claim("Acme", change=True), claim("Google", polarity="negate")],
        [claim("Acme"), claim("Acme ")],
        [claim("Acme"), claim("Initech"), claim("Globex"), claim("Acme")],
    ],
    ids=["extracted", "assert-and-negate", "same-value-twice", "several-values"],
)
async def test_a_held_claim_does_not_lower_the_bar_for_its_siblings(
    rt: MemoryRuntime, claims: list[dict[str, Any]] | None
) -> None:
    before = await _google(rt)
    for i in range(3):
        res = await rt.observe_and_route(
            _web(i, "I work at Acme now. I don't work at Google anymore.", claims)
        )
        assert len(res.decision.claims) >= 2  # type: ignore[union-attr]
        assert {r.route for r in res.decision.claims} == {"candidate"}  # type: ignore[union-attr]
        assert res.route == "candidate" and not res.delta_ids
    assert await _distribution(rt) == before


async def test_one_observation_does_no_more_than_its_sentences_apart() -> None:
    sentences = ["I work at Acme now.", "I don't work at Google anymore."]
    results = []
    for batches in ([" ".join(sentences)], sentences):
        async with MemoryRuntime.memory(namespace="ns", clock=FixedClock(T0 + 40 * DAY)) as rt:
            await _google(rt)
            for i in range(3):
                for text in batches:
                    await rt.observe_and_route(_web(i, text))
            results.append(await _distribution(rt))
    assert results[0] == results[1]


async def test_trusted_claims_of_one_observation_still_see_each_other(rt: MemoryRuntime) -> None:
    await _google(rt)
    res = await rt.observe_and_route(
        {
            "content": "I left Google for Sarvam.",
            "actor": "Alice",
            "occurred_at": T0 + 10 * DAY,
            "claims": [claim("Google", polarity="negate"), claim("Sarvam", change=True)],
        }
    )
    assert [r.route for r in res.decision.claims] == ["belief_update"] * 2  # type: ignore[union-attr]
    sarvam = res.assessment.claims[1].outcome  # type: ignore[union-attr]
    assert sarvam.mode_before != "Google"  # previewed after the denial it follows
    assert (await rt.belief("Alice", "employer")).mode == "Sarvam"  # type: ignore[union-attr]


# -- forgotten held claims -------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["invalidate", "inhibit", "archive", "expire", "compress"])
@pytest.mark.parametrize("target", ["candidate", "observation"])
async def test_forgotten_held_claims_are_not_promoted(
    rt: MemoryRuntime, verb: str, target: str
) -> None:
    before = await _google(rt)
    poison = claim("Acme", confidence=0.9)
    held: list[str] = []
    candidates: list[str] = []
    for i in range(3):
        res = await rt.observe_and_route(_web(i, f"Alice works at Acme ({i})", [poison]))
        assert res.route == "candidate"
        candidates += res.candidate_ids
        held += res.candidate_ids if target == "candidate" else [res.observation_id or ""]
    forgot = await rt.forget(held, verb, reason="operator: this is poisoning")
    assert len(forgot.applied) == 3
    again = {**_web(20, "Alice works at Acme", [poison]), "source": "web:mirror"}
    res = await rt.observe_and_route(again)
    assert res.route == "candidate"
    assert not res.promoted_ids and not res.delta_ids
    assert await _distribution(rt) == before
    # Restored, they are held claims again: the next independent source promotes them.
    restored = await rt.forget(held, "restore", reason="operator: it was true after all")
    assert len(restored.applied) == 3
    hr = await rt.observe_and_route(
        {**_web(21, "HR record: Alice, Acme", [poison]), "source": "tool:hr"}
    )
    assert len(hr.promoted_ids) == 1
    promoted = await rt.get(hr.promoted_ids[0])
    assert set(candidates) < set(promoted.payload.candidate_ids)


# -- one source, many spellings --------------------------------------------------------------


@pytest.mark.parametrize("spelling", WEB_SPELLINGS)
async def test_a_source_respelled_is_no_independent_corroboration(
    rt: MemoryRuntime, spelling: str
) -> None:
    before = await _google(rt)
    poison = claim("Acme", confidence=0.9)
    first = await rt.observe_and_route(_web(0, "Alice works at Acme", [poison]))
    assert first.route == "candidate"
    res = await rt.observe_and_route(
        {**_web(1, "Alice works at Acme.", [poison]), "source": spelling}
    )
    assert res.route == "candidate" and not res.promoted_ids
    assert await _distribution(rt) == before
    # The journal keeps the name as it was sent.
    ev = await rt.get(res.observation_id or "")
    assert ev.payload.source == spelling


async def _flood(sources: list[str]) -> tuple[str | None, list[tuple[str, float]]]:
    """Bob's employer backed by 5 claims at 0.7, then 10 claims at reliability 0.35."""
    async with MemoryRuntime.memory(namespace="ns", clock=FixedClock(T0 + 40 * DAY)) as rt:
        for i in range(5):
            await rt.observe_and_route(
                {
                    "content": f"Bob works at Google ({i})",
                    "source": "agent",
                    "occurred_at": T0 + i * DAY,
                    "claims": [claim("Google", entity="Bob")],
                }
            )
        for i, source in enumerate(sources):
            await rt.observe_and_route(
                {
                    "content": f"Bob works at Acme ({i})",
                    "source": source,
                    "occurred_at": T0 + (6 + i) * DAY,
                    "claims": [claim("Acme", entity="Bob", confidence=0.7)],
                }
            )
        snap = await rt.belief("Bob", "employer")
        assert snap is not None
        return snap.mode, list(snap.distribution)


async def test_a_respelled_flood_is_discounted_as_one_source() -> None:
    plain = await _flood(["web"] * 10)
    respelled = await _flood(["web" + ZW * i for i in range(2)] + list(WEB_SPELLINGS) + ["Web"])
    assert plain[0] == "Google"
    assert respelled == plain


@pytest.mark.parametrize(
    ("source", "trust"),
    [
        ("\uff41\uff4e\uff4f\uff4e\uff59\uff4d\uff4f\uff55\uff53", 0.3),  # full-width anonymous
        ("anonymous" + ZW, 0.3),
        ("user\u2060", 0.9),
        ("tool\uff1asearch", 0.8),  # a full-width colon still names the "tool" prefix
    ],
)
async def test_trust_is_looked_up_by_the_source_however_spelled(
    rt: MemoryRuntime, source: str, trust: float
) -> None:
    assert TrustConfig().trust(source) == trust
    res = await rt.assess({"content": "Alice works at Acme", "source": source, "claims": []})
    assert res.assessment is not None and res.assessment.source_reliability == trust


async def test_many_claims_of_one_observation_copy_their_dimension_once(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each claim is previewed after what the ones before it write, without re-planning
    them all for every claim (that was quadratic: 100 claims took 1.5 s)."""
    from nousmem.projections.beliefs import BeliefStore

    copies: list[str] = []
    real = BeliefStore.scratch_dimension

    def counted(self: BeliefStore, rev: Any) -> Any:
        copies.append(rev.attribute)
        return real(self, rev)

    real_many = BeliefStore.preview_many

    def one_at_a_time(self: BeliefStore, revs: Any) -> Any:
        if len(revs) > 1:
            pytest.fail("re-previewed a sequence")
        return real_many(self, revs)

    monkeypatch.setattr(BeliefStore, "scratch_dimension", counted)
    monkeypatch.setattr(BeliefStore, "preview_many", one_at_a_time)
    claims = [claim(f"dish {i}", "likes") for i in range(40)]
    res = await rt.observe_and_route(
        {"content": "Many dishes.", "actor": "Alice", "claims": claims, "occurred_at": T0}
    )
    assert len(res.deltas) == 40 and copies == ["likes"]


async def _sarvam_established(rt: MemoryRuntime) -> None:
    """Alice's employer moved from Google to Sarvam AI, in her own words: a low-trust claim of
    another employer is now held by surprise gating."""
    for text in ("I work at Google.", "I just joined Sarvam AI, I left Google."):
        await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": T0})


async def test_a_rumour_below_min_confidence_cannot_make_its_corroboration_refused() -> None:
    """An anonymous rumour (reliability 0.27) is held. Promoting it with the next statement
    of the same value made the validators refuse that observation whole, the user's own
    included; it now stays held and the corroborating claim is judged on its own."""
    rt = await MemoryRuntime.memory(namespace="user/alice")
    day = timedelta(days=1)
    await _sarvam_established(rt)
    held = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "anonymous", "occurred_at": T0 + day}
    )
    assert held.route == "candidate" and held.candidate_ids
    own = await rt.observe_and_route(
        {"content": "I just joined Meta.", "actor": "Alice", "occurred_at": T0 + 2 * day}
    )
    assert own.status == "committed" and own.observation_id is not None, own.rejected
    assert own.promoted_ids == ()
    belief = await rt.belief("Alice", "employer")
    assert belief is not None and belief.mode == "Meta"
    await rt.close()


async def test_the_full_lenses_show_a_forgotten_held_claim_as_forgotten() -> None:
    rt = await MemoryRuntime.memory(namespace="user/alice")
    await _sarvam_established(rt)
    held = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "anonymous", "occurred_at": T0}
    )
    (cid,) = held.candidate_ids
    await rt.forget([cid], "inhibit", reason="a rumour")
    assert (await rt.lifecycle(cid)).state == "inhibited"
    for lens in ("historical", "audit"):
        wv = await rt.worldview(lens)
        (cand,) = [c for s in wv.slots if s.kind == "hypothesis" for c in s.candidates]
        assert (cand.status, cand.lifecycle) == ("inhibited", "inhibited"), lens
    assert not [s for s in (await rt.worldview("associative")).slots if s.kind == "hypothesis"]
    await rt.close()


async def test_a_corroborator_below_min_confidence_promotes_nothing() -> None:
    """An anonymous claim (0.27) corroborating a held web claim (0.45) made the validators
    refuse the whole observation; it is now held like any low-trust claim."""
    rt = await MemoryRuntime.memory(namespace="user/alice")
    await _sarvam_established(rt)
    web = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "web", "occurred_at": T0}
    )
    assert web.candidate_ids
    rumour = {"content": "Alice works at Meta.", "source": "anonymous", "occurred_at": T0}
    dry = await rt.assess(dict(rumour))
    res = await rt.observe_and_route(dict(rumour))
    assert res.status == "committed" and res.observation_id is not None, res.rejected
    assert res.promoted_ids == () and dry.route == res.route == "candidate"
    await rt.close()


async def test_a_held_claim_whose_evidence_is_forgotten_keeps_its_own_lifecycle() -> None:
    rt = await MemoryRuntime.memory(namespace="user/alice")
    await _sarvam_established(rt)
    held = await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "anonymous", "occurred_at": T0}
    )
    (cid,) = held.candidate_ids
    await rt.forget([held.observation_id], "inhibit", reason="a rumour")
    wv = await rt.worldview("audit")
    (cand,) = [c for s in wv.slots if s.kind == "hypothesis" for c in s.candidates]
    assert cand.status == "obsolete"  # its evidence is forgotten
    assert cand.lifecycle == (await rt.lifecycle(cid)).state == "fresh"
    await rt.close()


async def test_a_claim_below_min_confidence_is_ledgered_not_refused_whole() -> None:
    """The router writes claims from reliability 0.2 on, the default validator refuses
    them under 0.3: an anonymous "Bob lives in Paris" (0.27) made the whole observation
    refused and unrecorded. It is now recorded, its claim kept in the ledger only."""
    rt = await MemoryRuntime.memory(namespace="user/alice")
    obs = {"content": "Bob lives in Paris.", "source": "anonymous", "occurred_at": T0}
    dry = await rt.assess(dict(obs))
    res = await rt.observe_and_route(dict(obs))
    assert res.status == "committed" and res.observation_id is not None, res.rejected
    assert res.route == dry.route == "ledger_only"
    assert "min_confidence" in res.decision.claims[0].reason
    assert await rt.belief("Bob", "location") is None
    await rt.close()


async def test_an_erasure_rederives_no_claim_below_min_confidence() -> None:
    """An anonymous confirmation (0.27) of the user's own statements: once those are erased,
    it is routed again as if they had never been written, and a live write ledgers it."""
    rt = await MemoryRuntime.memory(namespace="user/alice")
    said = [
        await rt.observe_and_route(
            {"content": "Bob lives in Paris.", "source": "user", "occurred_at": T0 + i * DAY}
        )
        for i in range(2)
    ]
    await rt.observe_and_route(
        {"content": "Bob lives in Paris.", "source": "anonymous", "occurred_at": T0 + 2 * DAY}
    )
    receipt = await rt.erase(event_ids=[s.observation_id for s in said], reason="user asked")
    assert receipt.rederived_event_ids == ()
    assert await rt.belief("Bob", "location") is None
    await rt.close()


async def test_explain_gives_the_route_of_the_claim_that_wrote_the_revision() -> None:
    rt = await MemoryRuntime.memory(namespace="user/alice")
    claims = [
        {"entity": "Bob", "attribute": "location", "value": "Paris", "confidence": 0.25},
        {"entity": "Alice", "attribute": "location", "value": "Paris", "confidence": 1.0},
    ]
    await rt.observe_and_route(
        {"content": "Bob and Alice live in Paris.", "occurred_at": T0, "claims": claims}
    )
    ex = await rt.explain("Alice", "location")
    (ev,) = [e for v in ex.values for e in v.evidence if e.how == "revision"]
    assert ev.route == "belief_update"
    await rt.close()
