"""A correction takes back what its speaker said: "Ana moved to Lisbon", then "Actually no,
Ana still lives in Porto". Memory believed Lisbon for a while, but Lisbon never held: Porto's
span runs through, Lisbon's line says when it was said and taken back, and a question about
the past finds no Lisbon period. A move back ("I moved back to Leeds") is a real change, and
a correction of someone else's claim is a dispute (see test_settled_back.py)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies import RuleExtractor
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Observation
from nousmem.projections.supersession import Sup, closed_spans, note_change, settled
from nousmem.runtime import MemoryRuntime

SLOT = "fact:ana.location"


def d(month: int, day: int = 1) -> datetime:
    return datetime(2024, month, day, 12, tzinfo=UTC)


async def _say(rt: MemoryRuntime, when: datetime, text: str, actor: str = "Ana") -> Any:
    return await rt.observe_and_route({"content": text, "actor": actor, "occurred_at": when})


async def _slot(rt: MemoryRuntime, slot: str = SLOT, **read: Any) -> Any:
    got = (await rt.worldview("historical", **read)).slot(slot)
    assert got is not None
    return got


def _spans(slot: Any) -> set[tuple[Any, ...]]:
    return {
        (c.value, c.status, c.valid_from, c.valid_to, c.earlier, c.note, c.taken_back)
        for c in slot.candidates
    }


def _retracts(text: str) -> list[tuple[str, str, bool]]:
    obs = Observation(type="utterance", content=text, actor="Ana", occurred_at=d(5))
    return [(c.attribute, c.value, c.retracts) for c in RuleExtractor().extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Actually no, I still live in Porto.", "Porto"),
        ("No wait, I live in Leeds. I misspoke.", "Leeds"),
        ("Sorry, I meant I live in Porto.", "Porto"),
        ("Correction: I live in Porto.", "Porto"),
        ("My mistake, I live in Porto.", "Porto"),
        ("I still live in Porto.", "Porto"),
    ],
)
def test_a_correction_is_read_as_taking_back(text: str, value: str) -> None:
    assert ("location", value, True) in _retracts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I moved back to Leeds.",
        "Actually, I now live in Leeds.",
        "I live in Leeds again.",
        "I live in Leeds.",
        "Actually, I'm moving to Leeds next month.",
    ],
)
def test_a_change_is_no_correction(text: str) -> None:
    assert all(not retracts for _, _, retracts in _retracts(text))


async def test_the_value_taken_back_never_held(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(3), "I moved to Lisbon.")
    corrected = await _say(rt, d(3, 20), "Actually no, I still live in Porto.")
    (claim,) = [c.claim for c in corrected.assessment.claims]
    assert (claim.value, claim.retracts) == ("Porto", True)
    slot = await _slot(rt)
    by_value = {c.value: c for c in slot.candidates}
    porto, lisbon = by_value["Porto"], by_value["Lisbon"]
    assert slot.selected == ("Porto",)
    assert (porto.valid_from, porto.valid_to, porto.earlier) == (d(1), None, ())
    assert (lisbon.status, lisbon.taken_back, lisbon.note) == (
        "superseded",
        True,
        "taken back: corrected to 'Porto'",
    )
    assert (lisbon.valid_from, lisbon.valid_to) == (d(3), d(3, 20))
    assert (await rt.worldview("historical")).render_slot(slot) == (
        "- fact Ana.location: Porto (since 1 January 2024); Lisbon (said 1 March 2024)"
        " [taken back 20 March 2024]"
    )
    # "Where did I live in March?": Porto held throughout; Lisbon held no period.
    ctx = await rt.query("Where did I live in March?", actor="Ana")
    assert not [ln for ln in ctx.to_prompt().splitlines() if "location before:" in ln]
    # Before the correction memory believed Lisbon, and a read of then says so.
    then = await _slot(rt, as_of=d(3, 10))
    assert then.selected == ("Lisbon",)
    # An event-time read after it agrees with the live one, and so does a rebuild.
    assert _spans(await _slot(rt, as_of=d(3, 25))) == _spans(slot)
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live
    # explain says so too.
    ex = await rt.explain("Ana", "location")
    assert ex is not None
    assert "    Lisbon  (superseded, said 1 March 2024, taken back 20 March 2024)" in ex.render()


async def test_a_move_back_is_a_real_change(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(3), "I moved to Lisbon.")
    await _say(rt, d(6), "I moved back to Porto.")
    by_value = {c.value: c for c in (await _slot(rt)).candidates}
    porto, lisbon = by_value["Porto"], by_value["Lisbon"]
    assert (porto.valid_from, porto.earlier) == (d(6), ((d(1), d(3)),))
    assert not lisbon.taken_back and lisbon.note == "superseded by 'Porto'"
    assert (lisbon.valid_from, lisbon.valid_to) == (d(3), d(6))


async def test_a_correction_of_another_speakers_report_takes_nothing_back(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(3), "Ana moved to Lisbon.", actor="Bob")
    corrected = await _say(rt, d(3, 20), "Actually no, I still live in Porto.")
    assert [c.claim.retracts for c in corrected.assessment.claims] == [False]
    by_value = {c.value: c for c in (await _slot(rt)).candidates}
    assert not by_value["Lisbon"].taken_back
    assert by_value["Porto"].earlier == ((d(1), d(3)),)


async def test_a_denial_taken_back_leaves_the_value_held_throughout(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I work at Acme.")
    await _say(rt, d(2), "I don't work at Acme anymore.")
    await _say(rt, d(2, 5), "Sorry, I still work at Acme.")
    acme = {c.value: c for c in (await _slot(rt, "fact:ana.employer")).candidates}["Acme"]
    assert (acme.status, acme.valid_from, acme.valid_to, acme.earlier) == (
        "selected",
        d(1),
        None,
        (),
    )


async def test_a_correction_to_a_new_value_takes_the_old_one_back(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I live in Paris.")
    await _say(rt, d(2), "Actually, I live in Lyon.")
    by_value = {c.value: c for c in (await _slot(rt)).candidates}
    paris, lyon = by_value["Paris"], by_value["Lyon"]
    assert (paris.taken_back, paris.note) == (True, "taken back: corrected to 'Lyon'")
    assert (lyon.status, lyon.valid_from) == ("selected", d(2))


async def test_a_value_taken_back_and_later_really_taken_keeps_no_early_period(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(2), "I moved to Lisbon.")
    await _say(rt, d(2, 10), "Actually no, I still live in Porto.")
    await _say(rt, d(6), "I moved to Lisbon.")
    by_value = {c.value: c for c in (await _slot(rt)).candidates}
    porto, lisbon = by_value["Porto"], by_value["Lisbon"]
    assert (lisbon.status, lisbon.valid_from, lisbon.earlier, lisbon.taken_back) == (
        "selected",
        d(6),
        (),
        False,
    )
    assert (porto.valid_from, porto.valid_to, porto.earlier) == (d(1), d(6), ())


async def test_a_list_value_is_never_taken_back(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I love sushi.")
    said = await _say(rt, d(2), "I still love sushi.")
    assert [c.claim.retracts for c in said.assessment.claims] == [False]


async def test_a_callers_claim_may_take_its_own_word_back(rt: MemoryRuntime) -> None:
    def claim(value: str, **more: Any) -> dict[str, Any]:
        return {"entity": "Ana", "attribute": "location", "value": value, **more}

    for when, c in [
        (d(1), claim("Porto")),
        (d(2), claim("Lisbon", change=True)),
        (d(3), claim("Porto", change=True, retracts=True)),
    ]:
        await rt.observe_and_route(
            {"content": "(from the CRM)", "source": "tool:crm", "occurred_at": when, "claims": [c]}
        )
    lisbon = {c.value: c for c in (await _slot(rt)).candidates}["Lisbon"]
    assert lisbon.taken_back


def _runs(steps: list[tuple[str, bool]]) -> list[tuple[str, int, int | None, bool]]:
    """Oracle: every run of a value holding the slot, as (value, from, to, dropped) by step
    index. A change closes the open run and opens one. A correction drops the open run (it
    never held); it reopens the latest run of the value corrected to when that run ended by
    a change to the value taken back, whose run it was (so it never lost the slot), else
    it opens a new one."""
    runs: list[tuple[str, int, int | None, bool]] = []
    for i, (mode, retracts) in enumerate(steps):
        if runs and runs[-1][0] == mode:
            continue
        if runs and retracts:
            value, start, _, _ = runs.pop()
            runs.append((value, start, i, True))
            latest = [k for k, r in enumerate(runs) if r[0] == mode]
            if latest and runs[latest[-1]][2] == start and not runs[latest[-1]][3]:
                k = latest[-1]
                runs.append((mode, runs[k][1], None, False))
                del runs[k]
                continue
        elif runs:
            value, start, _, _ = runs[-1]
            runs[-1] = (value, start, i, False)
        runs.append((mode, i, None, False))
    return runs


@given(
    st.lists(
        st.tuples(st.sampled_from(["Lyon", "Paris", "Rome"]), st.booleans()),
        min_size=1,
        max_size=12,
    )
)
def test_closed_spans_leave_out_what_corrections_took_back(steps: list[tuple[str, bool]]) -> None:
    def when(i: int) -> datetime:
        return d(1) + timedelta(days=i)

    sup: dict[str, list[Sup]] = {}
    before: str | None = None
    for i, (mode, retracts) in enumerate(steps):
        note_change(sup, match_key, i + 1, when(i), before, mode, retracts=retracts and i > 0)
        before = mode
    runs = _runs(steps)
    for value in {m for m, _ in steps}:
        expected = sorted(
            (when(a), when(b))
            for v, a, b, dropped in runs
            if v == value and b is not None and not dropped
        )
        first = when(next(i for i, (m, _) in enumerate(steps) if m == value))
        seen = [(k, settled(v)) for k, v in sup.items()]  # as a read sees them
        assert closed_spans(match_key(value), seen, first) == expected


async def test_a_denial_is_taken_back_only_when_nothing_was_said_since(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, d(1), "I work at Acme.")
    await _say(rt, d(2), "I don't work at Acme anymore.")
    await _say(rt, d(3), "I work at Globex.")
    await _say(rt, d(4), "I don't work at Globex anymore.")
    said = await _say(rt, d(5), "Sorry, I still work at Acme.")
    assert [c.claim.retracts for c in said.assessment.claims] == [False]
    acme = {c.value: c for c in (await _slot(rt, "fact:ana.employer")).candidates}["Acme"]
    assert acme.valid_from == d(5) and acme.earlier == ((d(1), d(2)),)


async def test_a_read_before_a_correction_replays_as_it_was(rt: MemoryRuntime) -> None:
    """Records are only appended: a read as of before the correction still sees Lisbon
    taking the slot from Porto, as memory believed then, and its trace replays as read."""
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(2), "I moved to Lisbon.")
    before = await rt.query("Where do I live?", actor="Ana")
    then = await _slot(rt)
    await _say(rt, d(3), "Actually no, I still live in Porto.")
    report = await rt.replay_trace(before.trace_id)
    assert report.identical
    assert report.present_worldview_added == ("fact:ana.location#porto",)
    assert _spans(await _slot(rt, as_of=before.as_of_seq)) == _spans(then)
    # The present: Porto held throughout.
    porto = {c.value: c for c in (await _slot(rt)).candidates}["Porto"]
    assert (porto.valid_from, porto.valid_to, porto.earlier) == (d(1), None, ())


SAID = (
    "I live in Porto.",
    "I live in Lisbon.",
    "I moved to Lisbon.",
    "I moved to Porto.",
    "I moved back to Porto.",
    "Actually no, I still live in Porto.",
    "Actually no, I still live in Lisbon.",
    "Sorry, I meant I live in Lisbon.",
    "I don't live in Porto anymore.",
    "Ana moved to Lisbon.",
)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(SAID), st.sampled_from(("Ana", "Bob")), st.booleans()),
        min_size=1,
        max_size=8,
    )
)
def test_corrections_keep_past_reads_and_rebuild_as_live(
    said: list[tuple[str, str, bool]],
) -> None:
    """Whatever is said and corrected, by Ana or by Bob about her: a read made before
    replays as it was read, a read as of its seq sees the slot as it was, and a rebuild
    folds what the live fold holds."""

    async def run() -> None:
        rt = await MemoryRuntime.memory(namespace="user/props")
        try:
            reads = []
            for i, (text, actor, read) in enumerate(said):
                await _say(rt, d(1) + timedelta(days=i), text, actor=actor)
                if read:
                    ctx = await rt.query("Where does Ana live?", actor="Ana")
                    reads.append((ctx, _spans(await _slot(rt)) if await _has(rt) else None))
            for ctx, spans in reads:
                assert (await rt.replay_trace(ctx.trace_id, compare_present=False)).identical
                if spans is not None:
                    assert _spans(await _slot(rt, as_of=ctx.as_of_seq)) == spans
            live = (await rt.worldview("historical")).model_dump()
            await rt.rebuild()
            assert (await rt.worldview("historical")).model_dump() == live
        finally:
            await rt.close()

    asyncio.run(run())


async def _has(rt: MemoryRuntime) -> bool:
    return (await rt.worldview("historical")).slot(SLOT) is not None


async def test_a_fact_line_says_what_was_taken_back(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(2), "I moved to Lisbon.")
    moved = await rt.query("What are all the cities I have lived in?", actor="Ana")
    await _say(rt, d(3), "Actually no, I still live in Porto.")
    await _say(rt, d(4), "I moved to Madrid.")

    def line(ctx: Any) -> str:
        (got,) = [ln for ln in ctx.to_prompt().splitlines() if ln.startswith("- Ana location:")]
        return got

    now = await rt.query("What are all the cities I have lived in?", actor="Ana")
    assert line(now) == (
        "- Ana location: Madrid (1 April 2024); said before: Porto (from 1 January 2024, last"
        " 1 March 2024); taken back: Lisbon (1 February 2024)"
    )
    # Before the correction, Lisbon was what memory held.
    assert line(moved).startswith("- Ana location: Lisbon (1 February 2024); said before: Porto")
    again = await rt.query(
        "What are all the cities I have lived in?", actor="Ana", as_of=moved.as_of_seq
    )
    assert line(again) == line(moved)


async def test_a_merge_after_a_correction_keeps_the_span_it_restored(rt: MemoryRuntime) -> None:
    await _say(rt, d(1), "I live in Porto.")
    await _say(rt, d(2), "I moved to Lisbon.")
    await _say(rt, d(3), "Actually no, I still live in Porto.")
    await _say(rt, d(4), "I live in Paris.", actor="Anna")
    await rt.merge_entities("Ana", "Anna", reason="the same person", authorized=True)
    porto = {c.value: c for c in (await _slot(rt)).candidates}["Porto"]
    assert (porto.status, porto.valid_from, porto.earlier) == ("selected", d(1), ())
