"""A denied single value ("I don't work at Acme anymore.") is no longer current: when the
belief's mode moves to "unknown", the value's span ends at the denial, no read presents it as
the current value, and a value that never led is not selected while "unknown" leads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import claim
from tests.test_cli import Run
from tests.test_slot_spans import assert_disjoint

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
DENIED = T0 + timedelta(days=20)
SLOT = "fact:maya.employer"


async def _deny(rt: MemoryRuntime) -> int:
    """Maya's employer, said twice, then denied; returns the seq before the denial."""
    for text, days in [("I work at Acme.", 0), ("I work at Acme.", 3)]:
        await rt.observe_and_route(
            {"content": text, "actor": "Maya", "occurred_at": T0 + timedelta(days=days)}
        )
    before = (await rt.head()).seq
    await rt.observe_and_route(
        {"content": "I don't work at Acme anymore.", "actor": "Maya", "occurred_at": DENIED}
    )
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and belief.mode is None  # "unknown" leads
    return before


async def test_a_denied_value_is_not_current(rt: MemoryRuntime) -> None:
    before = await _deny(rt)
    logical = await rt.worldview()
    assert logical.slot(SLOT) is None and "Acme" not in logical.render()
    history = (await rt.worldview("historical")).slot(SLOT)
    assert history is not None and history.status == "empty" and history.selected == ()
    (acme,) = history.candidates
    assert (acme.status, acme.valid_from, acme.valid_to) == ("superseded", T0, DENIED)
    ctx = await rt.query("Where does Maya work?")
    assert "Acme" not in ctx.prompt_sections["worldview"]
    # The fact line says the belief holds no value, and dates Acme by when it was said.
    assert "Maya employer: unknown; said before: Acme (from 1 March 2024, last 4 March 2024)" in (
        ctx.to_prompt()
    )
    out = await rt.after_turn(ctx.trace_id, "success")
    assert not any(t.startswith(SLOT) for t in out.payload.targets)
    explained = await rt.explain("Maya", "employer")
    assert explained is not None and explained.slot_status == "empty"
    assert [(v.value, v.candidate and v.candidate.status) for v in explained.values] == [
        ("Acme", "superseded")
    ]
    # Before the denial Acme was current; the reads of then do not move.
    past = (await rt.worldview(as_of=before)).slot(SLOT)
    assert past is not None and past.selected == ("Acme",)
    at_time = (await rt.worldview("historical", as_of=DENIED - timedelta(hours=1))).slot(SLOT)
    assert at_time is not None and at_time.selected == ("Acme",)
    assert at_time.candidates[0].valid_to is None
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live


async def test_a_denied_value_keeps_its_ended_span_when_a_new_one_comes(
    rt: MemoryRuntime,
) -> None:
    await _deny(rt)
    joined = T0 + timedelta(days=30)
    await rt.observe_and_route(
        {"content": "I work at Globex.", "actor": "Maya", "occurred_at": joined}
    )
    slot = (await rt.worldview("historical")).slot(SLOT)
    assert slot is not None and slot.selected == ("Globex",)
    by_value = {c.value: c for c in slot.candidates}
    assert (by_value["Acme"].status, by_value["Acme"].valid_to) == ("superseded", DENIED)
    assert by_value["Acme"].valid_from == T0 and by_value["Globex"].valid_from == joined
    assert_disjoint(slot.candidates)
    assert (await rt.worldview()).render() == "- fact Maya.employer: Globex (since 31 March 2024)"
    # Back at Acme: it takes the slot again from then on.
    back = T0 + timedelta(days=60)
    await rt.observe_and_route(
        {"content": "I work at Acme again now.", "actor": "Maya", "occurred_at": back}
    )
    slot = (await rt.worldview("historical")).slot(SLOT)
    assert slot is not None and slot.selected == ("Acme",)
    assert {c.value: c for c in slot.candidates}["Acme"].valid_from == back
    assert_disjoint(slot.candidates)


async def test_no_value_is_selected_while_unknown_leads(rt: MemoryRuntime) -> None:
    for i, (value, polarity, confidence) in enumerate(
        [
            ("Acme", "assert", 0.9),
            ("Acme", "assert", 0.9),
            ("Globex", "assert", 0.4),
            ("Acme", "negate", 0.95),
            ("Acme", "negate", 0.95),
        ]
    ):
        await rt.observe_and_commit(
            {
                "content": f"Maya's employer, note {i}",
                "occurred_at": T0 + timedelta(days=i),
                "claims": [claim(value, entity="Maya", confidence=confidence, polarity=polarity)],
            }
        )
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and belief.mode is None
    assert "Globex" in dict(belief.distribution)  # believed less than "unknown"
    wv = await rt.worldview()
    slot = wv.slot(SLOT)
    assert slot is not None and slot.status == "empty" and slot.selected == ()
    assert [(c.value, c.status) for c in slot.candidates] == [("Globex", "active")]
    assert wv.render().startswith("- fact Maya.employer [UNKNOWN]: Globex")
    ctx = await rt.query("Where does Maya work?")
    assert "Maya employer: unknown; said before:" in ctx.to_prompt()
    out = await rt.after_turn(ctx.trace_id, "success")
    assert not any(t.startswith(SLOT) for t in out.payload.targets)


@pytest.mark.parametrize("lens", ["logical", "historical"])
def test_the_cli_shows_the_denial(run: Run, lens: str) -> None:
    for text, day in [
        ("I work at Acme.", "2024-03-01"),
        ("I work at Acme.", "2024-03-04"),
        ("I don't work at Acme anymore.", "2024-03-21"),
    ]:
        assert run("route", text, "--actor", "Maya", "--occurred-at", f"{day}T09:00:00+00:00") == 0
    assert run("worldview", "--lens", lens) == 0
    if lens == "logical":
        assert "Acme" not in run.out
    else:
        assert "Acme (1 March 2024 - 21 March 2024) [superseded]" in run.out


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "memory.db")


async def test_a_value_only_ever_denied_is_no_alternative(rt: MemoryRuntime) -> None:
    """Told "I don't work at Initech anymore." with no claim she did: Initech is denied, not a
    believed alternative. The current lenses leave it out; the full ones mark it negated,
    gone before the day it was said ("anymore": it held before then)."""
    for text, days in [("I work at Acme.", 0), ("I don't work at Initech anymore.", 3)]:
        await rt.observe_and_route(
            {"content": text, "actor": "Maya", "occurred_at": T0 + timedelta(days=days)}
        )
    belief = await rt.belief("Maya", "employer")
    assert belief is not None and "Initech" in dict(belief.distribution)
    assert (await rt.worldview()).render() == "- fact Maya.employer: Acme (since 1 March 2024)"
    ctx = await rt.query("Where does Maya work?")
    assert "Initech" not in ctx.prompt_sections["worldview"]
    history = await rt.worldview("historical")
    assert "Acme (since 1 March 2024); Initech (before 4 March 2024) [negated]" in history.render()
    slot = history.slot(SLOT)
    assert slot is not None and slot.status == "resolved" and slot.selected == ("Acme",)
    explained = await rt.explain("Maya", "employer", "Initech")
    assert explained is not None
    assert [(v.value, v.candidate and v.candidate.status) for v in explained.values] == [
        ("Initech", "negated")
    ]
    # As of before the denial there was nothing to deny; just after it, the same marks.
    early = await rt.worldview("historical", as_of=T0 + timedelta(days=1))
    assert "Initech" not in early.render()
    later = await rt.worldview("historical", as_of=T0 + timedelta(days=4))
    assert later.render() == history.render()
    live = history.model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live
