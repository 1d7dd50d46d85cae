"""Validity spans of one worldview slot never overlap: each text entry (a preference) holds
the slot until the next one starts, a preference restored word for word is shown once, and
a value that wins a belief slot after a conflict holds it from when it won."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import pairwise

from nousmem.projections.worldview_models import WorldviewCandidate
from nousmem.runtime import MemoryRuntime

FAR = datetime(9999, 1, 1, tzinfo=UTC)


def day(month: int) -> datetime:
    return datetime(2024, month, 1, 9, tzinfo=UTC)


def assert_disjoint(cands: tuple[WorldviewCandidate, ...]) -> None:
    spans = sorted((c.valid_from, c.valid_to or FAR) for c in cands if c.valid_from is not None)
    for (_, end), (start, _) in pairwise(spans):
        assert end <= start, spans


async def _preferences(rt: MemoryRuntime, texts: list[str]) -> None:
    for i, text in enumerate(texts):
        await rt.observe_and_route(
            {
                "content": text,
                "actor": "Alice",
                "type": "user_preference",
                "keywords": ["style"],
                "occurred_at": datetime(2024, 2 + 4 * i, 1, tzinfo=UTC),
            }
        )


async def test_each_preference_holds_until_the_next_one(rt: MemoryRuntime) -> None:
    await _preferences(rt, ["Answers: brief.", "Answers: detailed.", "Answers: medium."])
    slot = (await rt.worldview("historical")).slots[0]
    by_value = {c.value: c for c in slot.candidates}
    assert by_value["Answers: brief."].valid_to == by_value["Answers: detailed."].valid_from
    assert by_value["Answers: detailed."].valid_to == by_value["Answers: medium."].valid_from
    assert slot.selected == ("Answers: medium.",)
    assert_disjoint(slot.candidates)


async def test_a_restored_preference_is_shown_once(rt: MemoryRuntime) -> None:
    await _preferences(rt, ["Answers: brief.", "Answers: detailed.", "Answers: brief."])
    history = (await rt.worldview("historical")).slots[0]
    assert [c.status for c in history.candidates].count("selected") == 1
    current = next(c for c in history.candidates if c.status == "selected")
    assert current.valid_from == datetime(2024, 10, 1, tzinfo=UTC) and current.valid_to is None
    assert_disjoint(history.candidates)
    logical = await rt.worldview("logical")
    assert [c.value for c in logical.slots[0].candidates] == ["Answers: brief."]
    assert logical.render().count("Answers: brief.") == 1
    ctx = await rt.query("How does Alice like her answers?")
    assert ctx.prompt_sections["worldview"].count("Answers: brief.") == 1


async def test_a_value_that_wins_after_a_conflict_holds_since_it_won(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": day(1)}
    )
    await rt.observe_and_route(
        {"content": "I work at Google, on search.", "actor": "Alice", "occurred_at": day(2)}
    )
    await rt.observe_and_route(
        {"content": "Alice works at Meta.", "source": "tool:hr", "occurred_at": day(3)}
    )
    slot = (await rt.worldview("historical")).slot("fact:alice.employer")
    assert slot is not None and slot.status == "conflicted"
    await rt.observe_and_route(
        {"content": "I now work at Meta, I left Google.", "actor": "Alice", "occurred_at": day(4)}
    )
    slot = (await rt.worldview("historical")).slot("fact:alice.employer")
    assert slot is not None and slot.selected == ("Meta",)
    by_value = {c.value: c for c in slot.candidates}
    assert by_value["Google"].status == "superseded"
    assert by_value["Google"].valid_to == by_value["Meta"].valid_from == day(4)
    assert_disjoint(slot.candidates)


async def test_a_list_value_that_stopped_holding_ends_at_its_denial(rt: MemoryRuntime) -> None:
    for month, text in (
        (1, "I play tennis."),
        (2, "I play tennis every week."),
        (5, "I no longer play tennis."),
    ):
        await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": day(month)})
    wv = await rt.worldview(lens="historical")
    (slot,) = [s for s in wv.slots if s.key.lower().endswith("alice.hobby")]
    (tennis,) = slot.candidates
    assert tennis.status == "negated"
    assert (tennis.valid_from, tennis.valid_to) == (day(1), day(5))
    assert "tennis (1 January 2024 - 1 May 2024) [negated]" in wv.render()
    before = await rt.worldview(lens="historical", as_of=day(4))
    (held,) = [
        c for s in before.slots if s.key.lower().endswith("alice.hobby") for c in s.candidates
    ]
    assert held.status == "selected" and held.valid_to is None


async def test_a_list_value_said_again_shows_its_latest_span(rt: MemoryRuntime) -> None:
    """Denied, then said again: the value holds from when it was said again, as a single
    value taking its slot back does, so the present history shows the gap too."""
    for month, text in (
        (1, "I play tennis."),
        (4, "I no longer play tennis."),
        (8, "I play tennis again."),
    ):
        await rt.observe_and_route({"content": text, "actor": "Alice", "occurred_at": day(month)})

    async def tennis(as_of: datetime | None = None) -> WorldviewCandidate:
        slot = (await rt.worldview("historical", as_of=as_of)).slot("fact:alice.hobby")
        assert slot is not None
        (cand,) = slot.candidates
        return cand

    now = await tennis()
    assert (now.status, now.valid_from, now.valid_to) == ("selected", day(8), None)
    gap = await tennis(as_of=day(5))
    assert (gap.status, gap.valid_from, gap.valid_to) == ("negated", day(1), day(4))
    assert (await tennis(as_of=day(9))).valid_from == day(8)
    # Denied once more: the span that ends is the latest one, not the first.
    await rt.observe_and_route(
        {"content": "I no longer play tennis.", "actor": "Alice", "occurred_at": day(10)}
    )
    ended = await tennis()
    assert (ended.status, ended.valid_from, ended.valid_to) == ("negated", day(8), day(10))
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_weak_denial_that_left_a_list_value_held_ends_no_span(rt: MemoryRuntime) -> None:
    """A web denial too weak to take tennis out of held: every read after it still shows
    tennis held since the first claim, and the present history says the same."""
    for month, text, source in (
        (1, "I play tennis.", "user"),
        (2, "I play tennis.", "user"),
        (3, "Alice does not play tennis.", "web"),
        (6, "I play tennis.", "user"),
    ):
        obs = {"content": text, "source": source, "occurred_at": day(month)}
        if source == "user":
            obs["actor"] = "Alice"
        await rt.observe_and_route(obs)

    async def tennis(as_of: datetime | None = None) -> WorldviewCandidate:
        slot = (await rt.worldview("historical", as_of=as_of)).slot("fact:alice.hobby")
        assert slot is not None
        (cand,) = slot.candidates
        return cand

    for month in (3, 4, 5, 7):
        assert "tennis" in (await rt.belief("Alice", "hobby", as_of=day(month))).held
        then = await tennis(as_of=day(month))
        assert (then.status, then.valid_from, then.valid_to) == ("selected", day(1), None)
    now = await tennis()
    assert (now.status, now.valid_from, now.valid_to) == ("selected", day(1), None)
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_list_value_ends_where_it_stopped_holding(rt: MemoryRuntime) -> None:
    """A weak denial after the one that took the value out of held moves no end date."""
    for month, text, source in (
        (1, "I play tennis.", "user"),
        (4, "I no longer play tennis.", "user"),
        (6, "Alice does not play tennis.", "web"),
    ):
        obs = {"content": text, "source": source, "occurred_at": day(month)}
        if source == "user":
            obs["actor"] = "Alice"
        await rt.observe_and_route(obs)
    for as_of in (day(5), day(7), None):
        slot = (await rt.worldview("historical", as_of=as_of)).slot("fact:alice.hobby")
        assert slot is not None
        (tennis,) = slot.candidates
        assert (tennis.status, tennis.valid_from, tennis.valid_to) == ("negated", day(1), day(4))
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live
