"""``replay_trace``'s comparison with the present journal: it keeps a read's event-time
bound, sees a fact or worldview line whose value changed (same snippet ids), and names the
events that explain the present differences (forgets, quarantines, revisions)."""

from __future__ import annotations

from datetime import UTC, datetime

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.replay import ReplayReport

KEY = "Alice's key is sk-proj-ABCDEF1234567890abcdef1234567890XYZ"


def day(month: int, d: int = 1) -> datetime:
    return datetime(2024, month, d, 9, tzinfo=UTC)


async def test_an_unchanged_journal_has_an_identical_present(rt: MemoryRuntime) -> None:
    await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
    ctx = await rt.query("Where does Alice work?")
    assert ctx.trace_id is not None
    rep = await rt.replay_trace(ctx.trace_id)
    assert rep.identical and rep.present_identical is True
    assert rep.present_digest == rep.recorded_digest
    assert rep.present_worldview_added == rep.present_worldview_removed == ()
    assert rep.present_changed == () and rep.present_explaining_events == ()
    again = await rt.replay_trace(ctx.trace_id, compare_present=False)
    assert again.present_identical is None and again.present_digest is None


async def test_present_differences_from_a_forget_are_explained(rt: MemoryRuntime) -> None:
    res = await rt.observe_and_route(
        {"content": "I play tennis on weekends.", "actor": "Alice", "occurred_at": day(2)}
    )
    assert res.observation_id is not None
    ctx = await rt.query("What does Alice do on weekends?")
    assert ctx.trace_id is not None
    forget = await rt.forget([res.observation_id], "inhibit", reason="user asked")
    rep = await rt.replay_trace(ctx.trace_id)
    assert rep.identical and rep.explaining_events == ()  # the recorded position is intact
    assert res.observation_id in rep.present_removed and rep.present_identical is False
    why = {e["id"]: e for e in rep.present_explaining_events}
    (inhibit,) = forget.event_ids
    assert why[inhibit]["kind"] == "lifecycle"
    assert why[inhibit]["why"] == "touches a differing item"


async def test_a_new_quarantine_in_an_audit_read_is_explained(rt: MemoryRuntime) -> None:
    await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
    ctx = await rt.query("What did we refuse about Alice's key?", lens="audit")
    assert ctx.trace_id is not None
    q = await rt.observe_and_route({"content": KEY, "actor": "Alice"})
    (quarantined,) = q.event_ids
    rep = await rt.replay_trace(ctx.trace_id)
    assert rep.identical and quarantined in rep.present_added
    why = {e["id"]: e for e in rep.present_explaining_events}
    assert why[quarantined]["kind"] == "quarantined"


async def test_present_of_a_read_as_of_a_date_keeps_the_date(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": day(1)}
    )
    later = await rt.observe_and_route(
        {"content": "I joined Anthropic, I left Google.", "actor": "Alice", "occurred_at": day(10)}
    )
    ctx = await rt.query("Where did Alice work?", as_of=day(8))
    assert ctx.trace_id is not None and "Google (since" in ctx.to_prompt()
    # Nothing was written since: the present read as of August is the recorded one.
    rep = await rt.replay_trace(ctx.trace_id)
    assert rep.as_of_time == day(8)
    assert rep.present is not None and "Anthropic" not in rep.present.to_prompt()
    assert later.observation_id not in rep.present_added
    assert rep.present_added == rep.present_removed == ()
    assert rep.present_identical is True


async def test_present_reports_a_changed_worldview_value(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": day(1)}
    )
    ctx = await rt.query("Where does Alice work?", k=1)
    assert ctx.trace_id is not None
    await rt.observe_and_route(
        {
            "content": "I just joined Sarvam AI, I left Google.",
            "actor": "Alice",
            "occurred_at": day(6),
        }
    )
    rep = await rt.replay_trace(ctx.trace_id)
    # Same snippet ids, another value in the Worldview Snapshot.
    assert rep.identical and rep.present_added == rep.present_removed == ()
    assert rep.present_identical is False and rep.present_digest != rep.recorded_digest
    assert rep.present_worldview_added == ("fact:alice.employer#sarvam ai",)
    assert rep.present_worldview_removed == ("fact:alice.employer#google",)
    revised = [e for e in rep.present_explaining_events if e["kind"] == "belief.revised"]
    assert revised and revised[0]["why"] == "touches a differing item"


async def test_present_names_a_fact_line_whose_value_changed(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": day(1)}
    )
    ctx = await rt.query("Where does Alice work?", lens="logical")
    assert ctx.trace_id is not None and "fact:alice.employer" in {s.id for s in ctx.snippets}
    await rt.observe_and_route(
        {
            "content": "I just joined Sarvam AI, I left Google.",
            "actor": "Alice",
            "occurred_at": day(6),
        }
    )
    rep = await rt.replay_trace(ctx.trace_id)
    assert "fact:alice.employer" in rep.present_changed
    assert rep.present is not None
    line = next(s for s in rep.present.snippets if s.id == "fact:alice.employer")
    assert "Sarvam AI" in line.text


async def test_a_report_without_the_new_fields_still_validates(rt: MemoryRuntime) -> None:
    """A report serialised before the present fields existed reads back with defaults."""
    await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
    ctx = await rt.query("Where does Alice work?")
    assert ctx.trace_id is not None
    new = {"as_of_time", "present_identical", "present_digest", "present_changed"}
    new |= {"present_worldview_added", "present_worldview_removed", "present_explaining_events"}
    rep = await rt.replay_trace(ctx.trace_id, compare_present=False)
    old = ReplayReport.model_validate(rep.model_dump(exclude=new))
    assert old.as_of_time is None and old.present_identical is None
    assert old.present_worldview_added == () and old.present_explaining_events == ()
