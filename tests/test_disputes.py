"""A trusted claim that disagrees with an established value without update language leaves the
slot conflicted whichever value the belief now leans to: the old value is not superseded by a
mere contradiction. Later evidence settles it (the new value said again, update language, or
the old value denied), and the old value's span then ends where the new one's starts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.projections import disputes
from nousmem.projections.worldview_items import SupportRow
from nousmem.runtime import MemoryRuntime
from tests.test_slot_spans import assert_disjoint

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
SAID = T0 + timedelta(days=14)  # "Maya works at Initech." without update language
SLOT = "fact:maya.employer"


def at(days: int) -> datetime:
    return T0 + timedelta(days=days)


async def _say(rt: MemoryRuntime, text: str, actor: str, days: int, **extra: Any) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": actor, "occurred_at": at(days), **extra}
    )


async def _contradicted(rt: MemoryRuntime, **source: str) -> int:
    """Maya's own employer, said twice; then someone else names another one, plainly.
    Returns the seq of the contradiction's observation."""
    await _say(rt, "I work at Globex.", "Maya", 0)
    await _say(rt, "I work at Globex.", "Maya", 7)
    res = await _say(rt, "Maya works at Initech.", "Tom", 14, **source)
    edges = [e.payload for e in [await rt.get(i) for i in res.event_ids] if e.kind == "edge"]
    assert [(p.verb, p.target) for p in edges] == [("contradict", f"{SLOT}#globex")]
    return (await rt.head()).seq


async def _slot(rt: MemoryRuntime, lens: str = "historical", **read: Any) -> Any:
    slot = (await rt.worldview(lens, **read)).slot(SLOT)
    assert slot is not None
    return slot


def _conflicted(slot: Any) -> None:
    assert slot.status == "conflicted" and slot.selected == ()
    assert {(c.value, c.status, c.valid_to) for c in slot.candidates} == {
        ("Globex", "conflicted", None),
        ("Initech", "conflicted", None),
    }


@pytest.mark.parametrize("source", [{}, {"source": "tool:hr"}], ids=["user", "tool"])
async def test_a_plain_contradiction_leaves_the_slot_conflicted(
    rt: MemoryRuntime, source: dict[str, str]
) -> None:
    await _contradicted(rt, **source)
    _conflicted(await _slot(rt))
    _conflicted(await _slot(rt, "logical"))
    ctx = await rt.query("Where does Maya work?")
    assert "Maya.employer [CONFLICTED]" in ctx.prompt_sections["worldview"]
    assert "Maya employer [conflicted]:" in ctx.to_prompt()
    out = await rt.after_turn(ctx.trace_id, "success")
    assert not any(t.startswith(SLOT) for t in out.payload.targets)


async def test_the_conflict_holds_when_the_new_value_leads(rt: MemoryRuntime) -> None:
    await _contradicted(rt)  # another user: trusted enough to move the mode
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and belief.mode == "Initech"
    slot = await _slot(rt)
    _conflicted(slot)
    assert slot.reason == "active contradicting evidence"  # not merely close
    globex = next(c for c in slot.candidates if c.value == "Globex")
    assert globex.components.supersession == 0.0 and globex.note == "contradicted by 'Initech'"
    live = slot.model_dump()
    await rt.rebuild()
    assert (await _slot(rt)).model_dump() == live


@pytest.mark.parametrize(
    ("text", "actor", "days", "extra"),
    [
        ("Maya works at Initech.", "hr", 16, {"source": "tool:hr"}),  # corroboration
        ("I now work at Initech.", "Maya", 16, {}),  # update language
        ("I don't work at Globex anymore.", "Maya", 16, {}),  # the old value denied
    ],
    ids=["corroborated", "update-language", "old-value-denied"],
)
async def test_later_evidence_settles_it(
    rt: MemoryRuntime, text: str, actor: str, days: int, extra: dict[str, str]
) -> None:
    seq = await _contradicted(rt)
    await _say(rt, text, actor, days, **extra)
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Initech",)
    by_value = {c.value: c for c in slot.candidates}
    assert by_value["Globex"].status == "superseded"
    assert by_value["Globex"].valid_to == by_value["Initech"].valid_from == SAID
    assert_disjoint(slot.candidates)
    # Reads of the time in between still see the dispute, by seq and by event time.
    _conflicted(await _slot(rt, as_of=seq))
    _conflicted(await _slot(rt, as_of=at(15)))
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_update_language_supersedes_at_once(rt: MemoryRuntime) -> None:
    await _say(rt, "I work at Globex.", "Maya", 0)
    await _say(rt, "I work at Globex.", "Maya", 7)
    await _say(rt, "Maya now works at Initech.", "Tom", 14)
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Initech",)
    assert {c.value: c.status for c in slot.candidates}["Globex"] == "superseded"


async def test_a_correction_back_to_the_old_value_settles_the_dispute(rt: MemoryRuntime) -> None:
    """The contradiction stands for Initech: once a correction back to Globex supersedes
    Initech, no rival is left in the running, so Globex is resolved, not a conflict of one."""
    seq = await _contradicted(rt)
    await _say(rt, "I now work at Globex again.", "Maya", 16)
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and belief.mode == "Globex"
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Globex",)
    by_value = {c.value: c for c in slot.candidates}
    assert by_value["Initech"].status == "superseded"
    # Memory never settled on Initech: Globex held throughout, and Initech was only claimed.
    globex, initech = by_value["Globex"], by_value["Initech"]
    assert (globex.valid_from, globex.valid_to, globex.earlier) == (at(0), None, ())
    assert (initech.valid_from, initech.valid_to) == (at(14), at(16))
    assert initech.note == "disputed 'Globex'; settled back to 'Globex'"
    assert (await rt.worldview("historical")).render_slot(slot) == (
        "- fact Maya.employer: Globex (since 1 March 2024); "
        "Initech (15 March 2024 - 17 March 2024, disputed) [superseded]"
    )
    assert (await _slot(rt, "logical")).selected == ("Globex",)
    explained = await rt.explain("Maya", "employer")
    assert explained is not None and explained.slot_status == "resolved"
    ctx = await rt.query("Where does Maya work?")
    assert "[conflicted]" not in ctx.to_prompt().casefold()
    out = await rt.after_turn(ctx.trace_id, "success")
    assert f"{SLOT}#globex" in out.payload.targets
    # Reads of the time in between still see the dispute, by seq and by event time.
    _conflicted(await _slot(rt, as_of=seq))
    _conflicted(await _slot(rt, as_of=at(15)))
    assert (await _slot(rt, as_of=at(17))).selected == ("Globex",)
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_fresh_contradiction_after_a_correction_reopens_the_dispute(
    rt: MemoryRuntime,
) -> None:
    """Tom names Initech again after the correction: a fresh contradiction, which leaves the
    slot conflicted between Globex and Initech as the first one did (Initech from then on)."""
    await _contradicted(rt)
    await _say(rt, "I now work at Globex again.", "Maya", 16)
    settled = (await rt.head()).seq
    again = await _say(rt, "Maya works at Initech.", "Tom", 20)
    edges = [e.payload for e in [await rt.get(i) for i in again.event_ids] if e.kind == "edge"]
    assert [(p.verb, p.target) for p in edges] == [("contradict", f"{SLOT}#globex")]
    slot = await _slot(rt)
    assert slot.status == "conflicted" and slot.selected == ()
    by_value = {c.value: c for c in slot.candidates}
    assert {v: c.status for v, c in by_value.items()} == {
        "Globex": "conflicted",
        "Initech": "conflicted",
    }
    assert (by_value["Initech"].valid_from, by_value["Initech"].valid_to) == (at(20), None)
    assert (await _slot(rt, "logical")).status == "conflicted"
    # Reads of the time in between still see it settled, by seq and by event time.
    for read in ({"as_of": settled}, {"as_of": at(18)}):
        before = await _slot(rt, **read)
        assert before.status == "resolved" and before.selected == ("Globex",)
        assert {c.value: c.status for c in before.candidates}["Initech"] == "superseded"
    spans = {(c.value, c.status, c.valid_from, c.valid_to) for c in slot.candidates}
    later = await _slot(rt, as_of=at(21))
    assert {(c.value, c.status, c.valid_from, c.valid_to) for c in later.candidates} == spans
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_back_dated_contradiction_reopens_nothing(rt: MemoryRuntime) -> None:
    """Tom's claim, recorded after the correction but dated before it, is about a time the
    correction already covers: the dispute stays settled."""
    await _contradicted(rt)
    await _say(rt, "I now work at Globex again.", "Maya", 16)
    await _say(rt, "Maya works at Initech.", "Tom", 15)
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Globex",)
    assert {c.value: c.status for c in slot.candidates}["Initech"] == "superseded"
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def _reopened(rt: MemoryRuntime) -> int:
    """The dispute settled by a correction back to Globex, then reopened by Tom (day 20).
    Returns the seq of the reopening claim."""
    await _contradicted(rt)
    await _say(rt, "I now work at Globex again.", "Maya", 16)
    await _say(rt, "Maya works at Initech.", "Tom", 20)
    _conflicted(await _slot(rt))
    return (await rt.head()).seq


def _settled_on_globex(slot: Any) -> None:
    """Globex resolved, and held throughout: Initech, claimed from day 14 and superseded by
    the correction of day 16 as before Tom's reopening claim, was a dispute settled back."""
    assert slot.status == "resolved" and slot.selected == ("Globex",)
    by_value = {c.value: c for c in slot.candidates}
    globex, initech = by_value["Globex"], by_value["Initech"]
    assert initech.status == "superseded"
    assert initech.note == "disputed 'Globex'; settled back to 'Globex'"
    assert (initech.valid_from, initech.valid_to) == (at(14), at(16))
    assert (globex.valid_from, globex.valid_to, globex.earlier) == (at(0), None, ())


@pytest.mark.parametrize(
    ("text", "actor"),
    [
        ("I now work at Globex again.", "Maya"),  # a correction with update language
        ("I work at Globex.", "Maya"),  # the old value said again by its subject
        ("I don't work at Initech.", "Maya"),  # the rival denied
        ("Maya works at Globex.", "Tom"),  # the rival's source takes it back
    ],
    ids=["correction", "said-again", "rival-denied", "source-takes-it-back"],
)
async def test_a_reopened_dispute_settles_as_the_first_one(
    rt: MemoryRuntime, text: str, actor: str
) -> None:
    reopened = await _reopened(rt)
    await _say(rt, text, actor, 22)
    _settled_on_globex(await _slot(rt))
    assert (await _slot(rt, "logical")).selected == ("Globex",)
    # Reads of the time in between still see the reopened dispute, by seq and by event time.
    _conflicted(await _slot(rt, as_of=reopened))
    _conflicted(await _slot(rt, as_of=at(21)))
    _settled_on_globex(await _slot(rt, as_of=at(23)))
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


def test_a_settled_reopened_dispute_reopens_again_and_settles_again() -> None:
    """Each fresh contradiction reopens it and each settling evidence settles it, in journal
    order; a contradiction dated before the settling evidence reopens nothing."""

    def row(seq: int, days: int, polarity: str, ev: str) -> SupportRow:
        return SupportRow(seq, at(days), f"r{seq}", "user", 0.9, polarity, (ev,))

    last = (13, at(16), "Globex")  # the correction back to Globex
    sources = {"globex": {"tom20", "sam21", "ann24"}, "initech": set()}
    support: dict[str, list[SupportRow]] = {
        "globex": [row(3, 0, "assert", "m0"), row(13, 16, "assert", "m16")],
        "initech": [row(10, 14, "assert", "tom14")],
    }
    assert disputes.reopened("initech", last, support, sources) is None
    support["initech"].append(row(17, 20, "assert", "tom20"))  # reopened
    assert disputes.reopened("initech", last, support, sources) == at(20)
    support["globex"].append(row(20, 22, "assert", "m22"))  # settled
    assert disputes.reopened("initech", last, support, sources) is None
    support["initech"].append(row(23, 21, "assert", "sam21"))  # back-dated: reopens nothing
    assert disputes.reopened("initech", last, support, sources) is None
    support["initech"].append(row(26, 24, "assert", "ann24"))  # reopened again
    assert disputes.reopened("initech", last, support, sources) == at(24)
    support["initech"].append(row(29, 26, "negate", "m26"))  # settled by the denial
    assert disputes.reopened("initech", last, support, sources) is None


async def test_a_reopened_dispute_settles_once_the_rival_is_forgotten(rt: MemoryRuntime) -> None:
    await _reopened(rt)
    await rt.forget([f"{SLOT}#initech"], "inhibit", reason="wrong person")
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Globex",)
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_an_unsettled_dispute_ends_where_a_third_value_takes_the_slot(
    rt: MemoryRuntime,
) -> None:
    """Maya moves on to Hooli while Tom's Initech still contests Globex: memory never held
    Initech alone, so Globex did not end where Tom's claim began. Both spans end at Hooli,
    and a past question reads the overlap as disputed."""
    await _contradicted(rt)
    await _say(rt, "I now work at Hooli.", "Maya", 30)
    slot = await _slot(rt)
    assert slot.status == "resolved" and slot.selected == ("Hooli",)
    by_value = {c.value: c for c in slot.candidates}
    assert (by_value["Globex"].status, by_value["Globex"].valid_to) == ("superseded", at(30))
    assert by_value["Globex"].valid_from == T0
    assert by_value["Globex"].note == "superseded by 'Hooli'; contradicted by 'Initech' until then"
    assert (by_value["Initech"].valid_from, by_value["Initech"].valid_to) == (SAID, at(30))
    assert by_value["Hooli"].valid_from == at(30)
    ctx = await rt.query("Where did Maya work before Hooli?")
    assert (
        "Initech (15 March 2024 - 31 March 2024, disputed); "
        "Globex (1 March 2024 - 31 March 2024, disputed from 15 March 2024)"
    ) in ctx.prompt_sections["worldview"]
    # Before Hooli, reads by event time and by seq still see the dispute open.
    _conflicted(await _slot(rt, as_of=at(20)))

    def spans(s: Any) -> set[tuple[Any, ...]]:
        return {(c.value, c.status, c.valid_from, c.valid_to, c.note) for c in s.candidates}

    assert spans(await _slot(rt, as_of=at(31))) == spans(slot)
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_dispute_settled_before_the_third_value_keeps_its_end(rt: MemoryRuntime) -> None:
    await _contradicted(rt)
    await _say(rt, "Maya works at Initech.", "hr", 16, source="tool:hr")  # corroborated
    await _say(rt, "I now work at Hooli.", "Maya", 30)
    slot = await _slot(rt)
    by_value = {c.value: c for c in slot.candidates}
    assert by_value["Globex"].valid_to == by_value["Initech"].valid_from == SAID
    assert by_value["Globex"].note == "superseded by 'Initech'"
    assert by_value["Initech"].valid_to == by_value["Hooli"].valid_from == at(30)
    assert_disjoint(slot.candidates)
    ctx = await rt.query("Where did Maya work before Hooli?")
    assert "disputed" not in ctx.prompt_sections["worldview"]


def test_outlasted_leaves_a_rival_that_lost_back_or_was_denied() -> None:
    def row(seq: int, days: int, polarity: str, ev: str) -> SupportRow:
        return SupportRow(seq, at(days), f"r{seq}", "user", 0.9, polarity, (ev,))

    last = (10, at(14), "Initech")  # Tom's contradiction took the slot from Globex
    support = {
        "globex": [row(3, 0, "assert", "m0")],
        "initech": [row(10, 14, "assert", "tom14")],
        "hooli": [row(20, 30, "assert", "m30")],
    }
    against = {"tom14"}
    for lost_to, expected in [
        ("Hooli", (20, at(30), "Hooli")),
        ("Globex", None),  # a correction back: the dispute settled on Globex
        ("<unknown>", None),  # Initech denied
    ]:
        records: dict[str, list[tuple[int, datetime, str | None]]] = {
            "initech": [(20, at(30), lost_to)]
        }
        got = disputes.outlasted("globex", last, support, records, against)
        assert got == expected, lost_to
    # Settled (Initech corroborated) before Hooli came: the contradiction's end stands.
    support["initech"].append(row(15, 16, "assert", "hr16"))
    records = {"initech": [(20, at(30), "Hooli")]}
    assert disputes.outlasted("globex", last, support, records, against) is None


async def test_a_conflicted_line_lists_a_corrected_value_as_said_before(
    rt: MemoryRuntime,
) -> None:
    # "I moved to Rome" superseded Paris before the tool's Berlin disputed Rome: Paris is no
    # side of the dispute, and listed bare it would read as one (review rev44).
    await _say(rt, "I live in Paris.", "Maya", 0)
    await _say(rt, "I moved to Rome.", "Maya", 10)
    await _say(rt, "Maya lives in Berlin.", "crm", 12, source="tool:crm")
    ctx = await rt.query("Where do I live?", actor="Maya", lens="logical")
    line = next(ln for ln in ctx.to_prompt().splitlines() if "Maya location [conflicted]" in ln)
    sides, _, before = line.partition("; said before: ")
    assert "Rome" in sides and "Berlin" in sides and "Paris" not in sides
    assert before.startswith("Paris (")


async def test_a_list_of_a_single_value_says_which_one_holds(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Paris.", "Maya", 0)
    await _say(rt, "I moved to Rome.", "Maya", 10)
    ctx = await rt.query("What are all the cities I live in?", actor="Maya")
    line = next(ln for ln in ctx.to_prompt().splitlines() if ln.startswith("- Maya location:"))
    assert line == "- Maya location: Rome (11 March 2024); said before: Paris (1 March 2024)"


async def test_an_actor_typed_with_a_curly_apostrophe_is_the_same_person(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, "I live in Dublin.", "O'Brien", 0)
    ctx = await rt.query("Where do I live?", actor="O\u2019Brien")
    assert "- fact O'Brien.location: Dublin" in ctx.prompt_sections["worldview"]


async def test_a_plural_of_an_attribute_alias_asks_for_it(rt: MemoryRuntime) -> None:
    await _say(rt, "I work at Google.", "Maya", 0)
    ctx = await rt.query("How many jobs do I have?", actor="Maya", budget_tokens=400)
    assert any(s.id == "fact:maya.employer" for s in ctx.snippets)
