""" "What did we refuse to remember?" The audit lens lists claims asked back instead of
written (``clarify.requested``) and refused lifecycle transitions next to rejected and
quarantined writes; the other lenses do not, reads of the past see only earlier ones, and
``after_turn`` never credits them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2025, 1, 1, tzinfo=UTC)
DAY = timedelta(days=1)


async def _asked_back(rt: MemoryRuntime) -> str:
    for i, text in enumerate(["I work at Google.", "I work at Google on search."]):
        await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": T0 + i * DAY})
    r = await rt.observe_and_route(
        {"content": "I think I work at Amazon now.", "actor": "Alice", "occurred_at": T0 + 5 * DAY}
    )
    assert r.route == "clarify"
    (clarify_id,) = [e for e in r.event_ids if (await rt.get(e)).kind == "clarify.requested"]
    return clarify_id


async def test_a_claim_asked_back_is_listed_by_the_audit_lens_only() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        before = (await rt.head()).seq
        clarify_id = await _asked_back(rt)
        wv = await rt.worldview("audit")
        (item,) = wv.audit
        assert item.kind == "clarify.requested" and item.event_id == clarify_id
        assert "Amazon" in item.summary
        assert "Amazon" in wv.render()
        for lens in ("logical", "historical", "associative"):
            assert (await rt.worldview(lens)).audit == ()
        ctx = await rt.query("Did Alice move to Amazon?", lens="audit", budget_tokens=400)
        assert clarify_id in {s.id for s in ctx.snippets}
        assert (await rt.worldview("audit", as_of=before)).audit == ()
        assert (await rt.worldview("audit", as_of=T0 + 2 * DAY)).audit == ()
        # A record of a refusal is not a memory the answer relied on.
        out = await rt.after_turn(ctx.trace_id, "success")
        assert clarify_id not in out.payload.targets


async def test_a_refused_lifecycle_transition_is_listed_with_its_reason() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
        res = await rt.forget(["Alice.employer=Google"], "decay", reason="unused lately")
        (refusal_id,) = res.event_ids
        (item,) = (await rt.worldview("audit")).audit
        assert (item.event_id, item.kind) == (refusal_id, "lifecycle.refused")
        assert "decay fact:alice.employer#google (fresh)" in item.summary
        assert "cannot decay from fresh" in item.reasons[0]


async def test_rebuild_lists_the_same_refusals() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _asked_back(rt)
        await rt.forget(["Alice.employer=Google"], "decay", reason="unused lately")
        live = await rt.worldview("audit")
        await rt.rebuild()
        assert await rt.worldview("audit") == live
        assert [a.kind for a in live.audit] == ["clarify.requested", "lifecycle.refused"]
