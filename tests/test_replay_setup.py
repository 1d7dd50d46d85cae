"""A trace records what shaped the read besides the journal (a digest of the read settings
and the embedder, and the nousmem version), so a replay that differs can say the setup
changed when no journal event explains it."""

from __future__ import annotations

from pathlib import Path

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.fingerprint import software_version
from tests.helpers import BagOfWords

NS = "user/alice"
TURNS = [
    "I work at Google as a data engineer. Weekends are for tennis and long walks.",
    "My sister Ana lives in Lisbon. She visits every summer and we go hiking.",
    "I started painting last spring. Mostly landscapes, sometimes portraits.",
]


async def _fill(rt: MemoryRuntime) -> str:
    for text in TURNS:
        await rt.observe_and_route({"content": text, "actor": "Alice"})
    ctx = await rt.query("What does Alice do on weekends?", budget_tokens=60)
    assert ctx.trace_id is not None
    return ctx.trace_id


async def test_a_trace_records_its_setup_and_an_unchanged_replay_says_so(
    rt: MemoryRuntime,
) -> None:
    trace_id = await _fill(rt)
    event = await rt.trace(trace_id)
    assert event.payload.version == software_version()
    assert event.payload.config_digest
    report = await rt.replay_trace(trace_id)
    assert report.identical
    assert report.config_changed is False and report.version_changed is False


async def test_a_replay_under_other_settings_says_the_settings_changed(
    tmp_path: Path, clock: FixedClock
) -> None:
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace=NS, clock=clock) as rt:
        trace_id = await _fill(rt)
        recorded = (await rt.trace(trace_id)).payload.config_digest
    # The same journal read with whole turns only and fewer lexical candidates.
    cfg = {"retrieval": {"excerpt_share": 0.0, "lexical_k": 5}}
    async with MemoryRuntime.open(path, namespace=NS, clock=clock, config=cfg) as rt:
        report = await rt.replay_trace(trace_id)
        assert report.config_changed is True
        assert report.explaining_events == ()  # nothing in the journal explains it
        again = await rt.query("What does Alice do on weekends?", budget_tokens=60)
        assert again.trace_id is not None
        assert (await rt.trace(again.trace_id)).payload.config_digest != recorded


async def test_an_embedder_is_part_of_the_setup(rt: MemoryRuntime) -> None:
    trace_id = await _fill(rt)
    rt.set_embedder(BagOfWords())
    report = await rt.replay_trace(trace_id)
    assert report.config_changed is True
    rt.set_embedder(None)
    assert (await rt.replay_trace(trace_id)).config_changed is False


async def test_a_trace_recorded_under_older_read_rules_says_the_software_changed(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nousmem.runtime.read as read_mod
    from nousmem.runtime.fingerprint import READ_RULES

    assert software_version().endswith(f"(read rules {READ_RULES})")
    # Recorded as nousmem did before it counted its read rules: the bare package version.
    monkeypatch.setattr(read_mod, "software_version", lambda: "0.1.0.dev0")
    trace_id = await _fill(rt)
    monkeypatch.undo()
    report = await rt.replay_trace(trace_id)
    assert report.version_changed is True and report.recorded_version == "0.1.0.dev0"
