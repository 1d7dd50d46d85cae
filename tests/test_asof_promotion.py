"""An event-time read around a promotion shows what memory held then: a held claim counts in
the belief only from its promotion's event time (when the corroboration came), while it
keeps its own date. Belief, worldview and explain read as of a time T agree with a runtime
fed only the events dated up to T, in journal order."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.errors import InvalidInput


def may(d: int, hour: int = 10) -> datetime:
    return datetime(2024, 5, d, hour, tzinfo=UTC)


def _obs(text: str, source: str, when: datetime) -> dict[str, Any]:
    return {
        "type": "utterance",
        "content": text,
        "source": source,
        "actor": source,
        "occurred_at": when,
    }


BERLIN = [
    _obs("Bob lives in Berlin.", "user", may(1)),
    _obs("Bob lives in Berlin.", "system", may(2)),
]
# (journal order, the times to read at). The held web claim is promoted by tool:search.
SCENARIOS = {
    "chronological": (
        [
            *BERLIN,
            _obs("Bob lives in Rome.", "web", may(3)),
            _obs("Bob lives in Rome.", "tool:search", may(4)),
        ],
        [may(1, 12), may(2, 12), may(3, 12), may(4, 12)],
    ),
    # The held claim is back-dated to before the second Berlin claim: as of 2 May it is
    # held, as in a journal holding only what happened by then. (Not read before 2 May:
    # such a journal would not hold Rome, with Berlin not established yet, but route it.)
    "back-dated held claim": (
        [
            *BERLIN,
            _obs("Bob lives in Rome.", "web", may(1, 12)),
            _obs("Bob lives in Rome.", "tool:search", may(4)),
        ],
        [may(1, 11), may(2, 12), may(3, 12), may(4, 12)],
    ),
}


async def _runtime(events: list[dict[str, Any]], clock: FixedClock) -> MemoryRuntime:
    rt = await MemoryRuntime.memory(namespace="t", clock=clock)
    routes = [await rt.observe_and_route(o) for o in events]
    if len(events) == 4:  # the scenario as written: held, then promoted
        assert routes[2].route == "candidate" and routes[3].promoted_ids
    return rt


def _held(wv: Any) -> list[tuple[str, str]]:
    return [(c.value, c.status) for s in wv.slots if s.kind == "hypothesis" for c in s.candidates]


async def _reads(rt: MemoryRuntime, when: datetime) -> dict[str, Any]:
    belief = await rt.belief("Bob", "location", as_of=when)
    historical = await rt.worldview("historical", as_of=when)
    fact = historical.slot("fact:bob.location")
    explained = []
    for value in ("Berlin", "Rome"):
        try:
            ex = await rt.explain("Bob", "location", value, as_of=when)
        except InvalidInput:  # nothing claims it yet
            continue
        assert ex is not None
        explained += [
            (
                v.value,
                v.probability,
                v.candidate.status if v.candidate else None,
                [(e.how, e.source, e.occurred_at, e.route, e.reason) for e in v.evidence],
            )
            for v in ex.values
        ]
    return {
        "belief": belief.distribution,
        "fact": None if fact is None else [(c.value, c.status) for c in fact.candidates],
        "held": _held(historical),
        "logical": (await rt.worldview(as_of=when)).render(),
        "explain": explained,
    }


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_event_time_reads_match_a_journal_of_what_had_happened(
    name: str, clock: FixedClock
) -> None:
    events, times = SCENARIOS[name]
    full = await _runtime(events, clock)
    try:
        for when in times:
            past = await _runtime([o for o in events if o["occurred_at"] <= when], clock)
            try:
                assert await _reads(full, when) == await _reads(past, when), when
            finally:
                await past.close()
        before = await _reads(full, may(3, 12))
        # Before the corroboration: Berlin alone, Rome only held, and nothing cites tool:search.
        assert before["belief"] == (("Berlin", 1.0),)
        assert before["held"] == [("Rome", "held")]
        assert "tool:search" not in repr(before["explain"])
        after = await _reads(full, may(4, 12))
        assert after["held"] == [("Rome", "selected")]
        # The promoted claim keeps the date it was made.
        rome = next(
            e
            for v in after["explain"]
            if v[0] == "Rome"
            for e in v[3]
            if e[1] == "web" and e[0] == "revision"
        )
        assert rome[2] == events[2]["occurred_at"]
        live = {t: await _reads(full, t) for t in times}
        await full.rebuild()
        assert {t: await _reads(full, t) for t in times} == live
    finally:
        await full.close()
