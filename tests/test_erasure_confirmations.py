"""Erasing one message keeps the effect of a later, surviving message that only confirmed the
value it introduced. "I work at Globex." after "I just joined Globex." was routed ``evidence``
(it restated the established mode, so it wrote no revision); erasing the "just joined"
message used to leave the belief at Acme, contradicting the message memory still held."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
ACME, JOINED, CONFIRM = "I work at Acme.", "I just joined Globex.", "I work at Globex."


async def _say(rt: MemoryRuntime, text: str, days: int) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "Maya", "occurred_at": T0 + timedelta(days=days)}
    )


async def _live_revisions_citing(rt: MemoryRuntime, obs_id: str) -> list[Any]:
    return [
        e
        async for e in rt.events()
        if e.kind == "belief.revised"
        and e.payload is not None
        and obs_id in e.payload.revision.evidence_ids
    ]


async def test_a_surviving_confirmation_keeps_its_effect(rt: MemoryRuntime) -> None:
    await _say(rt, ACME, 0)
    joined = await _say(rt, JOINED, 10)
    confirm = await _say(rt, CONFIRM, 11)
    assert (joined.route, confirm.route) == ("belief_update", "evidence")  # the premise

    receipt = await rt.erase(event_ids=[joined.observation_id], reason="delete that message")

    # The belief is the one a journal that never held the erased message has.
    control = await MemoryRuntime.memory(
        namespace="user/alice", clock=FixedClock(T0, timedelta(seconds=1))
    )
    await _say(control, ACME, 0)
    await _say(control, CONFIRM, 11)
    expected = await control.belief("Maya", "employer")
    await control.close()
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and expected is not None and belief.mode == "Globex"
    got, want = dict(belief.distribution), dict(expected.distribution)
    assert got.keys() == want.keys()
    assert all(got[k] == pytest.approx(want[k]) for k in want)
    assert "Maya.employer: Globex" in (await rt.worldview()).render()

    # The receipt counts it; the copy carries the confirming observation's provenance.
    (redo_id,) = receipt.rederived_event_ids
    redo = await rt.get(redo_id)
    assert redo.payload.rederived and redo.causation_id == confirm.observation_id
    assert redo.payload.revision.evidence_ids == (confirm.observation_id,)
    assert redo.payload.revision.value == "Globex" and redo.occurred_at == T0 + timedelta(11)
    assert receipt.verified and (await rt.verify()).ok

    live = await rt.beliefs("Maya")
    await rt.rebuild()
    assert await rt.beliefs("Maya") == live


async def test_a_reconfirmed_claim_goes_with_its_observation_and_is_not_doubled(
    rt: MemoryRuntime,
) -> None:
    acme = await _say(rt, ACME, 0)
    joined = await _say(rt, JOINED, 10)
    confirm = await _say(rt, CONFIRM, 11)
    await rt.erase(event_ids=[joined.observation_id], reason="delete that message")
    assert len(await _live_revisions_citing(rt, confirm.observation_id)) == 1

    # A later erasure re-derives the copy (its prior held Acme); the confirmation's edge,
    # which survives, must not be turned into a second revision.
    await rt.erase(event_ids=[acme.observation_id], reason="delete that one too")
    assert len(await _live_revisions_citing(rt, confirm.observation_id)) == 1
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and dict(belief.distribution) == {"Globex": 1.0}

    # Erasing the confirming message takes the revision derived from it too.
    await rt.erase(event_ids=[confirm.observation_id], reason="and that one")
    assert await _live_revisions_citing(rt, confirm.observation_id) == []
    leftover = [
        (e.seq, e.kind)
        async for e in rt.events()
        if e.payload is not None and "globex" in e.payload.model_dump_json().casefold()
    ]
    assert leftover == []
    assert (await rt.verify()).ok


async def test_confirmations_become_revisions_only_where_replay_would_write_one(
    rt: MemoryRuntime,
) -> None:
    said = [await _say(rt, ACME, day) for day in (0, 1, 2, 3, 5, 6)]
    routes = [r.route for r in said]
    assert routes == ["belief_update", "belief_update"] + ["evidence"] * 4  # the premise
    receipt = await rt.erase(event_ids=[said[0].observation_id], reason="privacy")
    # Without the first message the second starts the belief and the third establishes it:
    # those two are written again (the third was a confirmation); the rest still confirm.
    cited = [(await rt.get(i)).payload.revision.evidence_ids for i in receipt.rederived_event_ids]
    assert cited == [(said[1].observation_id,), (said[2].observation_id,)]
    for r in said[3:]:
        assert await _live_revisions_citing(rt, r.observation_id) == []


async def _employer(rt: MemoryRuntime) -> list[tuple[str, float]]:
    b = await rt.belief("Maya", "employer")
    assert b is not None
    return [(v, round(p, 3)) for v, p in b.distribution]


async def test_a_low_trust_confirmation_is_routed_again_not_written_blindly() -> None:
    """An anonymous claim routed ``evidence`` only because it agreed with the (erased) mode
    would have been held for corroboration: the erasure must not write it as a revision."""
    said = [(ACME, 0), (ACME, 1), (ACME, 2), (JOINED, 3)]
    rumours = [("Maya works at Globex.", 4), ("Maya works at Globex.", 5)]

    async def run(skip_joined: bool) -> tuple[MemoryRuntime, list[Any]]:
        rt = await MemoryRuntime.memory(namespace="n")
        out = []
        for text, d in said:
            if not (skip_joined and text == JOINED):
                out.append(await _say(rt, text, d))
        for text, d in rumours:
            out.append(
                await rt.observe_and_route(
                    {"content": text, "source": "anonymous", "occurred_at": T0 + timedelta(days=d)}
                )
            )
        return rt, out

    rt, routes = await run(False)
    assert [r.route for r in routes[-2:]] == ["evidence", "evidence"]
    receipt = await rt.erase(event_ids=[routes[3].observation_id], reason="asked")
    assert receipt.rederived_event_ids == ()
    never, _ = await run(True)
    assert await _employer(rt) == await _employer(never)
    await rt.close()
    await never.close()


async def test_explain_counts_a_rederived_confirmation_once_and_says_why() -> None:
    async with MemoryRuntime.memory(namespace="n") as rt:
        out = [await _say(rt, t, d) for t, d in [(ACME, 0), (ACME, 1), (ACME, 2), (JOINED, 3)]]
        kept = await _say(rt, CONFIRM, 4)
        assert kept.route == "evidence"
        await rt.erase(event_ids=[out[3].observation_id], reason="asked")
        ex = await rt.explain("Maya", "employer", "Globex")
        assert ex is not None
        (e,) = ex.values[0].evidence
        assert (e.how, e.evidence_ids) == ("revision", (kept.observation_id,))
        assert e.route == "belief_update" and e.reason is not None and "erasure" in e.reason
        assert "cited observation" not in ex.render()  # nothing about it is forgotten
