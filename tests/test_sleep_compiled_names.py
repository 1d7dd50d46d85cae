"""What a compiled item names and quotes is carried in its event, not parsed back from text.

A schema records the entities it names (an entity may be called "Institute for Advanced
Study" or "Smith, John"); sleep compiles it again once a merge changes whom it names; and
an item that quotes a source word for word leaves current reads once that source is
forgotten, so forgotten text never comes back through a summary.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nousmem.runtime.forgetting as forgetting_module
import nousmem.runtime.sleep as sleep_module
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.payloads import SleepCompiledPayload
from tests.test_rebuild_property import full_state

T0 = datetime(2024, 3, 1, 9, tzinfo=UTC)
DAY = timedelta(days=1)
SCHEMA = "schema:location#princeton"


async def holds(rt: MemoryRuntime, names: tuple[str, ...], attr: str, value: str) -> None:
    """Each of ``names`` states ``attr`` = ``value`` three times, a week apart."""
    for week in range(3):
        for k, name in enumerate(names):
            await rt.observe_and_commit(
                {
                    "content": f"{name}: {attr} is {value} (week {week})",
                    "occurred_at": T0 + (week * 7 + k) * DAY,
                    "claims": [{"entity": name, "attribute": attr, "value": value}],
                }
            )


async def assert_rebuild_equals_live(rt: MemoryRuntime) -> None:
    live = full_state(rt._proj), await rt.worldview("historical")
    await rt.rebuild()
    assert (full_state(rt._proj), await rt.worldview("historical")) == live


def without_entities(**kw: Any) -> SleepCompiledPayload:
    """A ``sleep.compiled`` payload as written before it recorded the schema's entities."""
    kw.pop("entities", None)
    return SleepCompiledPayload(**kw)


# -- a schema's entities are recorded, not parsed back from its summary -------------------------


@pytest.mark.parametrize("old_payload", [False, True], ids=["entities", "summary-only"])
async def test_a_schema_naming_for_or_a_comma_is_current(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch, old_payload: bool
) -> None:
    """Neither " for " nor ", " inside a name makes the schema name someone who holds no
    value; a journal written before the entities were recorded reads the same."""
    if old_payload:
        monkeypatch.setattr(sleep_module, "SleepCompiledPayload", without_entities)
    names = ("Institute for Advanced Study", "Smith, John", "Acme Labs")
    await holds(rt, names, "location", "Princeton")
    before = rt._proj.applied_seq
    (schema,) = [c for c in (await rt.sleep()).compiled if c["key"] == SCHEMA]
    assert schema["summary"].endswith("for Acme Labs, Institute for Advanced Study, Smith, John")

    for lens in ("procedural", "associative"):
        assert "Shared pattern: location" in (await rt.worldview(lens)).render()
    ctx = await rt.query("Where is the Institute for Advanced Study?", budget_tokens=5000)
    assert "Shared pattern: location" in ctx.prompt_sections["worldview"]
    assert "Shared pattern" not in (await rt.worldview("procedural", as_of=before)).render()
    # Already compiled, and current: a later pass neither withdraws nor recompiles it.
    again = await rt.sleep()
    assert again.event_ids == ()
    await assert_rebuild_equals_live(rt)
    assert "Shared pattern: location" in (await rt.worldview("procedural")).render()
    basis = rt._proj.worldview.compiled_items[schema["event_id"]]
    assert basis.names == {"acme labs", "institute for advanced study", "smith, john"}


# -- a merge changes whom a schema names: sleep compiles it again --------------------------------


async def test_after_a_merge_sleep_recompiles_the_schema_with_the_kept_name(
    rt: MemoryRuntime,
) -> None:
    """Same evidence, fewer entities: the schema is compiled again to name the kept entity
    only; a read recorded before keeps the version it showed."""
    await holds(rt, ("Alice", "Bob", "Robert"), "employer", "Google")
    (v1,) = [c for c in (await rt.sleep()).compiled if c["key"] == "schema:employer#google"]
    assert v1["summary"].endswith("for Alice, Bob, Robert")
    before = await rt.query("Who works at Google?", budget_tokens=5000)
    unmerged = rt._proj.applied_seq
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    merged = rt._proj.applied_seq
    # From the merge on, the schema names fewer entities than it says: out of current reads
    # until sleep compiles it again.
    at_merge = (await rt.worldview("procedural", as_of=merged)).render()
    assert "for Alice, Bob, Robert" not in at_merge

    again = await rt.sleep()
    (v2,) = [c for c in again.compiled if c["key"] == "schema:employer#google"]
    assert v2["summary"].endswith("for Alice, Bob")
    assert sorted(v2["sources"]) == sorted(v1["sources"])  # the same evidence
    assert (await rt.sleep()).event_ids == ()  # and settled
    now = (await rt.worldview("procedural")).render()
    assert "for Alice, Bob (" in now and "Robert" not in now
    earlier = (await rt.worldview("procedural", as_of=unmerged)).render()
    assert "for Alice, Bob, Robert" in earlier
    assert (await rt.replay_trace(before.trace_id, compare_present=False)).identical
    await assert_rebuild_equals_live(rt)
    assert (await rt.sleep()).event_ids == ()


# -- an item quoting a forgotten source leaves current reads ------------------------------------

BAD = "curl http://10.0.0.7/reset-prod-db"


async def deploys(rt: MemoryRuntime, steps: tuple[str, ...]) -> list[str]:
    ids = []
    for i, step in enumerate(steps):
        res = await rt.observe_and_route(
            {
                "content": f"Deploy: {step}",
                "type": "task_result",
                "source": "agent",
                "metadata": {"task": "deploy", "outcome": "success"},
                "occurred_at": T0 + i * DAY,
            }
        )
        assert res.observation_id is not None
        ids.append(res.observation_id)
    return ids


def without_quotes(**kw: Any) -> SleepCompiledPayload:
    """A ``sleep.compiled`` payload as written before it recorded what it quotes."""
    kw.pop("quotes", None)
    return SleepCompiledPayload(**kw)


@pytest.mark.parametrize("old_payload", [False, True], ids=["quotes", "summary-only"])
async def test_a_procedure_quoting_a_forgotten_result_leaves_current_reads(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch, old_payload: bool
) -> None:
    """Its summary quotes the latest task result; once that is inhibited the procedure is
    obsolete at once (not at the next sleep), and the next sleep compiles it anew from
    what is left. Reads as of before the forget, and their replays, are unchanged."""
    if old_payload:
        monkeypatch.setattr(sleep_module, "SleepCompiledPayload", without_quotes)
    steps = ("make release, then tag", "make release, then tag and push", f"make release, {BAD}")
    ids = await deploys(rt, steps)
    (proc,) = [c for c in (await rt.sleep()).compiled if c["key"] == "procedure:deploy"]
    assert BAD in proc["summary"]
    before = await rt.query("How do I deploy?", lens="procedural", budget_tokens=2000)
    assert BAD in before.to_prompt()
    seq = rt._proj.applied_seq

    await rt.forget([ids[2]], "inhibit", reason="dangerous step, never do this")
    ctx = await rt.query("How do I deploy?", lens="procedural", budget_tokens=2000)
    assert BAD not in ctx.to_prompt()
    for lens in ("procedural", "associative", "logical"):
        assert BAD not in (await rt.worldview(lens)).render(), lens
    assert "[obsolete]" in (await rt.worldview("historical")).render()
    assert BAD in (await rt.worldview("procedural", as_of=seq)).render()
    again = await rt.query("How do I deploy?", lens="procedural", budget_tokens=2000, as_of=seq)
    assert again.to_prompt() == before.to_prompt()
    assert (await rt.replay_trace(before.trace_id, compare_present=False)).identical
    await assert_rebuild_equals_live(rt)

    (v2,) = (await rt.sleep()).compiled
    assert v2["key"] == "procedure:deploy" and BAD not in v2["summary"]
    assert "tag and push (worked 2 times" in (await rt.worldview("procedural")).render()
    await assert_rebuild_equals_live(rt)


async def test_a_procedure_stays_while_another_source_says_what_it_quotes(
    rt: MemoryRuntime,
) -> None:
    """Forgetting one of several identical results forgets no text the procedure quotes."""
    ids = await deploys(rt, ("make release, then tag",) * 3)
    await rt.sleep()
    await rt.forget([ids[2]], "inhibit", reason="a duplicate run")
    assert "Procedure for deploy" in (await rt.worldview("procedural")).render()
    await rt.forget([ids[0], ids[1]], "inhibit", reason="all of them")
    assert "Procedure for deploy" not in (await rt.worldview("procedural")).render()


@pytest.mark.parametrize("old_payload", [False, True], ids=["quotes", "summary-only"])
async def test_a_consolidation_quoting_a_forgotten_source_leaves_current_reads(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch, old_payload: bool
) -> None:
    """A planner's consolidation without a summary of its own quotes its sources' text."""
    if old_payload:
        monkeypatch.setattr(forgetting_module, "SleepCompiledPayload", without_quotes)
    a = await rt.observe({"content": "The vault code word is Marzipan", "occurred_at": T0})
    b = await rt.observe({"content": "Vault opened on Monday", "occurred_at": T0 + DAY})
    res = await rt.commit({"consolidate": [{"clusters": [[a.id, b.id]], "target_type": "frame"}]})
    assert res.committed
    assert "Marzipan" in (await rt.worldview("associative")).render()
    seq = rt._proj.applied_seq
    await rt.forget([a.id], "inhibit", reason="do not use")
    assert "Marzipan" not in (await rt.worldview("associative")).render()
    assert "Marzipan" not in (await rt.query("What is the vault code word?")).to_prompt()
    assert "Marzipan" in (await rt.worldview("associative", as_of=seq)).render()
    await assert_rebuild_equals_live(rt)
