"""Event ids: unique and sortable in creation order, whatever the clock reads."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.ids import IdGenerator

times = st.datetimes(
    min_value=datetime(1000, 1, 1), max_value=datetime(9999, 1, 1), timezones=st.just(UTC)
)


@given(st.lists(times, min_size=1, max_size=30))
def test_one_generator_makes_unique_ids_in_creation_order(at: list[datetime]) -> None:
    gen = IdGenerator()
    ids = [gen.new(t) for t in at]
    assert len(set(ids)) == len(ids) and ids == sorted(ids)


@given(times)
def test_two_generators_at_one_instant_do_not_collide(t: datetime) -> None:
    a, b = IdGenerator(), IdGenerator()
    assert {a.new(t) for _ in range(5)}.isdisjoint({b.new(t) for _ in range(5)})


async def test_sessions_with_a_clock_before_1970_write_to_one_journal(tmp_path: Path) -> None:
    clock = FixedClock(datetime(1965, 5, 1, tzinfo=UTC))
    path = tmp_path / "m.db"
    async with MemoryRuntime.open(path, namespace="a", clock=clock) as rt:
        first = await rt.observe({"content": "I work at Google.", "actor": "Alice"})
    async with MemoryRuntime.open(path, namespace="a", clock=clock) as rt:
        second = await rt.observe({"content": "I live in Oslo.", "actor": "Alice"})
        assert second.id != first.id
        assert (await rt.verify()).checked == 2
        got = await rt.get(first.id)
        assert got is not None and got.payload.content == "I work at Google."
