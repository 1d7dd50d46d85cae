"""Input at the edges of what the journal can hold is refused with the field it came in, or
stored without its unrepresentable parts, never a raw Python error: metadata nested too
deep, and dates past the years ``datetime`` supports."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date, datetime
from typing import Any

import pytest

from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.runtime import InvalidInput, MemoryRuntime
from nousmem.runtime.inputs import MAX_METADATA_DEPTH, check_depth

Entry = Callable[[MemoryRuntime, dict[str, Any]], Awaitable[Any]]

ENTRIES: dict[str, Entry] = {
    "observe": lambda rt, obs: rt.observe(obs),
    "observe_and_route": lambda rt, obs: rt.observe_and_route(obs),
    "observe_and_commit": lambda rt, obs: rt.observe_and_commit(obs),
    "assess": lambda rt, obs: rt.assess(obs),
}


def nested(depth: int) -> dict[str, Any]:
    """A dict ``depth`` levels deep (itself level 1), alternating dicts and lists."""
    top: dict[str, Any] = {}
    cur: Any = top
    for level in range(2, depth + 1):
        child: Any = [] if level % 2 else {}
        if isinstance(cur, dict):
            cur["k"] = child
        else:
            cur.append(child)
        cur = child
    return top


def looped() -> dict[str, Any]:
    d: dict[str, Any] = {"a": 1}
    d["self"] = d
    return d


async def _seed(rt: MemoryRuntime) -> None:
    await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize(
    "metadata",
    [nested(MAX_METADATA_DEPTH + 1), nested(400), nested(1000), {"list": [looped()]}],
    ids=["limit+1", "400", "1000", "self-referencing"],
)
async def test_metadata_nested_too_deep_is_refused_and_writes_nothing(
    rt: MemoryRuntime, entry: str, metadata: dict[str, Any]
) -> None:
    await _seed(rt)
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await ENTRIES[entry](rt, {"content": "I love jazz.", "actor": "Bo", "metadata": metadata})
    assert info.value.field == "observation.metadata"
    assert str(MAX_METADATA_DEPTH) in str(info.value)
    assert await rt.head() == head
    assert await rt.belief("Bo", "likes") is None


@pytest.mark.parametrize("entry", sorted(ENTRIES))
async def test_metadata_at_the_depth_limit_is_stored_and_reads_back(
    rt: MemoryRuntime, entry: str
) -> None:
    metadata = nested(MAX_METADATA_DEPTH)
    await ENTRIES[entry](rt, {"content": "I love jazz.", "actor": "Bo", "metadata": metadata})
    stored = [e.payload.metadata async for e in rt.events(kinds=["observation"])]
    assert stored == ([] if entry == "assess" else [metadata])
    assert (await rt.verify()).ok
    await rt.rebuild()


def test_check_depth_counts_dicts_and_lists() -> None:
    check_depth({"a": [1, {"b": "x"}]}, "f", limit=3)
    with pytest.raises(InvalidInput) as info:
        check_depth({"a": [1, {"b": []}]}, "f", limit=3)
    assert info.value.field == "f"
    check_depth("not a container", "f", limit=1)


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("See you tomorrow.", "9999-12-31T12:00:00Z"),
        ("I will move to Berlin the day after tomorrow.", "9999-12-31T12:00:00Z"),
        ("I went to Paris the day before yesterday.", "1000-01-01T12:00:00Z"),
    ],
)
async def test_a_time_expression_past_the_calendar_is_skipped(
    rt: MemoryRuntime, entry: str, text: str, when: str
) -> None:
    res = await ENTRIES[entry](rt, {"content": text, "actor": "Al", "occurred_at": when})
    assert res is not None
    assert (await rt.verify()).ok


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize("when", ["0001-01-01T12:00:00Z", "9999-12-31T23:00:00-05:00"])
async def test_occurred_at_out_of_range_is_refused_before_times_are_resolved(
    rt: MemoryRuntime, entry: str, when: str
) -> None:
    await _seed(rt)
    head = await rt.head()
    obs = {"content": "I went there the day before yesterday and tomorrow.", "occurred_at": when}
    with pytest.raises(InvalidInput) as info:
        await ENTRIES[entry](rt, obs)
    assert info.value.field == "observation.occurred_at"
    assert await rt.head() == head


def test_resolution_skips_dates_datetime_cannot_hold() -> None:
    assert resolve_time_expressions("See you tomorrow.", datetime(9999, 12, 31, 12)) == []
    assert resolve_time_expressions("It was yesterday.", datetime(1, 1, 1, 12)) == []
    # The expressions that still fit are kept.
    (kept,) = resolve_time_expressions("Yesterday, not tomorrow.", datetime(9999, 12, 31, 12))
    assert (kept.text, kept.start) == ("Yesterday", date(9999, 12, 30))
