"""The fast row decoder and the paged catch-up agree with the general paths on a real journal.

A journal written by a varied workload (every route, reads and outcomes, forgetting, sleep,
a merge, an erasure) is decoded three ways: the fast loop (``events_from_rows``), the general
``build_event`` path (``event_from_row``) and plain pydantic validation of the stored JSON.
They must agree on every row; folding it page by page must equal the live projections.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.demo import run_demo
from nousmem.runtime.events import EVENT_ADAPTER, EventBase
from nousmem.runtime.journal import sqlite_reads as sqlite_journal
from nousmem.runtime.journal.rows import event_from_row, events_from_rows
from nousmem.runtime.journal.schema import SELECT_COLUMNS
from nousmem.runtime.journal.sqlite import SqliteJournal
from nousmem.runtime.payloads import RetrievalSelection
from nousmem.runtime.projector import FOLD_READERS, FOLDED_PAYLOADS
from tests.helpers import claim, event_state
from tests.test_rebuild_property import full_state

NS = "demo"
T0 = datetime(2024, 7, 1, 9, tzinfo=UTC)
EXPECTED_KINDS = {
    "observation",
    "impact.assessed",
    "belief.revised",
    "candidate.held",
    "candidate.promoted",
    "clarify.requested",
    "quarantined",
    "write.rejected",
    "retrieval",
    "outcome",
    "lifecycle",
    "lifecycle.refused",
    "sleep.compiled",
    "identity.merged",
    "erasure",
}


async def _workload(db: Path) -> dict[str, Any]:
    """Fill ``db`` (the demo's story, then more of every kind); returns the live state."""
    await run_demo(str(db), NS)  # includes a quarantined secret, sleep and an erasure
    async with MemoryRuntime.open(db, namespace=NS, clock=FixedClock(T0, timedelta(hours=1))) as rt:
        google = claim("Google", entity="Carol")
        for _ in range(3):
            await rt.observe_and_commit({"content": "Carol works at Google", "claims": [google]})
        acme = claim("Acme", entity="Carol")
        anonymous = {"content": "Carol at Acme", "source": "anonymous", "claims": [acme]}
        await rt.observe_and_route(anonymous)  # held for corroboration
        await rt.observe_and_route({"content": "I think I work at Initech", "actor": "Carol"})
        await rt.observe_and_route({**anonymous, "source": "tool"})  # corroborated: promoted
        low = claim("Acme", entity="Dan", confidence=0.1)
        await rt.observe_and_commit({"content": "nope", "claims": [low]})  # write.rejected
        await rt.observe_and_route({"content": "I work at Globex", "actor": "Caro"})
        await rt.observe_and_route(
            {
                "type": "task_result",
                "content": "Deploy worked",
                "metadata": {"task": "deploy", "outcome": "success"},
            }
        )
        ctx = await rt.query("Where does Carol work?", lens="procedural")
        assert ctx.trace_id is not None
        await rt.after_turn(ctx.trace_id, "success")
        pref = (
            await rt.observe_and_route({"type": "user_preference", "content": "Short answers"})
        ).observation_id
        assert pref is not None
        await rt.forget([pref, pref], "archive", reason="twice")  # lifecycle + refused
        await rt.merge_entities("Carol", "Caro", reason="same person", authorized=True)
        await rt.query("What does Carol like?")
        return full_state(rt._proj)


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        sql = f"SELECT {SELECT_COLUMNS} FROM events WHERE namespace = ? ORDER BY seq"
        return list(conn.execute(sql, (NS,)))


def _validated(r: tuple[Any, ...]) -> EventBase:
    """The event as plain pydantic validation of the stored fields reads it."""
    return EVENT_ADAPTER.validate_python(
        {
            "namespace": r[0],
            "seq": r[1],
            "id": r[2],
            "kind": r[3],
            "occurred_at": r[4],
            "recorded_at": r[5],
            "causation_id": r[6],
            "payload": None if r[7] is None else json.loads(r[7]),
            "payload_digest": r[8].hex(),
            "prev_hash": r[9].hex(),
            "hash": r[10].hex(),
            "erased": bool(r[11]),
        }
    )


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    db = tmp_path_factory.mktemp("decode") / "j.db"
    live = asyncio.run(_workload(db))
    return db, live


def test_the_workload_covers_every_kind_it_should(journal: tuple[Path, Any]) -> None:
    rows = _rows(journal[0])
    assert EXPECTED_KINDS <= {r[3] for r in rows}
    assert any(r[11] for r in rows) and any(r[7] is None for r in rows)  # an erased event


def test_fast_decoding_equals_the_general_path_and_plain_validation(
    journal: tuple[Path, Any],
) -> None:
    rows = _rows(journal[0])
    fast = events_from_rows(rows)
    assert len(fast) == len(rows)
    for r, e in zip(rows, fast, strict=True):
        general = event_from_row(r)
        assert event_state(e) == event_state(general), r[1]
        assert e == _validated(r), r[1]
        assert e.occurred_at.tzinfo is UTC and e.recorded_at.tzinfo is UTC


def test_a_fold_reads_only_what_it_needs_of_payloads(journal: tuple[Path, Any]) -> None:
    rows = _rows(journal[0])
    full = events_from_rows(rows)
    folded = events_from_rows(rows, readers=FOLD_READERS)
    skipped = 0
    for a, b in zip(full, folded, strict=True):
        if a.kind == "retrieval" and a.payload is not None:  # the selection alone
            assert b.payload == RetrievalSelection(selected=a.payload.selected)
            assert a.model_copy(update={"payload": b.payload}) == b
        elif a.kind in FOLDED_PAYLOADS:
            assert event_state(a) == event_state(b)
        else:
            assert b.payload is None and a.model_copy(update={"payload": None}) == b
            skipped += a.payload is not None
    assert skipped > 0 and any(e.kind == "retrieval" and e.payload.selected for e in full)


def test_odd_rows_take_the_general_path_and_fail_as_it_does() -> None:
    good = (
        "ns",
        1,
        "01H",
        "observation",
        "2024-01-01T00:00:00.000000Z",
        "2024-01-01T00:00:00.000000Z",
    )
    tail = (None, '{"type":"utterance","content":"hi","source":"user"}', b"\0", b"\1", b"\2", 0)
    for row in [
        (*good[:4], "2024-01-01 00:00:00.000000Z", good[5], *tail),  # not the canonical shape
        (*good[:3], "no.such.kind", *good[4:], *tail),
        (*good, None, '{"type":"utterance"}', *tail[2:]),  # invalid payload
    ]:
        with pytest.raises(Exception) as general:
            event_from_row(row)
        with pytest.raises(type(general.value)):
            events_from_rows([row])
    assert events_from_rows([good + tail]) == [event_from_row(good + tail)]


async def test_catch_up_and_rebuild_from_sqlite_equal_the_live_state(
    journal: tuple[Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, live = journal
    monkeypatch.setattr(sqlite_journal, "_PAGE", 7)  # many pages
    async with MemoryRuntime.open(db, namespace=NS) as rt:
        await rt._refresh()
        assert full_state(rt._proj) == live
        await rt.rebuild()
        assert full_state(rt._proj) == live


async def test_paged_reads_equal_reads_and_stop_cleanly(
    journal: tuple[Path, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_journal, "_PAGE", 5)
    j = await SqliteJournal.open(journal[0])
    try:
        every = [e async for e in j.read(NS)]
        paged = [e async for page in j.read_batches(NS) for e in page]
        assert paged == every and len(every) > 20
        window = [e async for page in j.read_batches(NS, after_seq=3, until_seq=17) for e in page]
        assert [e.seq for e in window] == list(range(4, 18))
        # Leaving early (after a page, or in the middle of one) leaves the journal usable.
        for stop in (1, 2):
            pages = j.read_batches(NS)
            async for page in pages:
                stop -= 1
                if not stop:
                    next(iter(page))
                    break
            await pages.aclose()
        assert [e.seq async for e in j.read(NS, until_seq=3)] == [1, 2, 3]
    finally:
        await j.close()
