"""Evidence recorded late but dated earlier: folded in journal order (documented), and the
historical lens never shows a range that ends before it starts."""

from __future__ import annotations

from nousmem.runtime import MemoryRuntime


async def test_a_back_dated_supersession_never_inverts_a_range(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": "2024-06-01T00:00:00Z"}
    )
    # A diary entry from January, imported afterwards.
    await rt.observe_and_route(
        {"content": "I work at Initech.", "actor": "Alice", "occurred_at": "2024-01-01T00:00:00Z"}
    )
    wv = await rt.worldview(lens="historical")
    cands = [c for s in wv.slots if s.key == "Alice.employer" for c in s.candidates]
    assert {c.value for c in cands} == {"Google", "Initech"}
    google = next(c for c in cands if c.value == "Google")
    assert google.status == "superseded"
    assert google.valid_from is not None and google.valid_to is not None
    assert google.valid_to >= google.valid_from
    for c in cands:
        assert c.valid_to is None or c.valid_from is None or c.valid_to >= c.valid_from
