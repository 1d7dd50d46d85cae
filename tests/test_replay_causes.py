"""``replay_trace`` names every later event that can have moved the present read: a sleep
pass. An unchanged present read names none."""

from __future__ import annotations

from typing import Any

from nousmem.runtime import MemoryRuntime


def said(text: str, actor: str, day: int, source: str = "user") -> dict[str, Any]:
    return {
        "type": "utterance",
        "content": text,
        "source": source,
        "actor": actor,
        "occurred_at": f"2024-05-{day:02d}T10:00:00+00:00",
    }


async def test_a_sleep_pass_that_moves_the_present_read_is_named(rt: MemoryRuntime) -> None:
    texts = [
        ("Bob lives in Paris.", "user"),
        ("Bob works at Google.", "user"),
        ("Alice lives in Berlin.", "user"),
        ("Bob moved to Berlin.", "user"),
        ("Bob lives in Berlin.", "web"),
        ("Bob lives in Berlin.", "agent"),
        ("Bob likes chess.", "user"),
    ]
    for i, (text, source) in enumerate(texts):
        await rt.observe_and_route(said(text, source, i + 1, source))
    questions = ["Where does Bob work?", "Where does Alice live?", "Where did Bob move?"]
    traces = [(await rt.query(q, budget_tokens=120)).trace_id for q in questions]
    slept = await rt.sleep()
    assert slept.event_ids  # the only events after the reads: sleep.compiled
    moved = 0
    for trace_id in traces:
        assert trace_id is not None
        rep = await rt.replay_trace(trace_id)
        assert rep.identical
        named = {e["id"]: e for e in rep.present_explaining_events}
        if rep.present_identical:
            assert named == {}
            continue
        moved += 1
        assert set(named) == set(slept.event_ids)
        assert {e["kind"] for e in named.values()} == {"sleep.compiled"}
        # The summary's generalizes edges reach its sources: a source the present read
        # gained is touched by the summary compiled from it.
        assert any(e["why"] == "touches a differing item" for e in named.values())
    assert moved  # the summaries did move some of these reads
