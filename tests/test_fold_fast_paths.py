"""Shortcuts taken when folding a journal leave exactly the state the general code leaves.

A fold plans belief revisions without building the outcome a preview reports, outcomes and
lifecycle records are built without validating values that are already known good, and
``ranked`` sorts in two passes.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import UTC, timedelta
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nousmem.projections.belief_models import RevisionOutcome
from nousmem.projections.beliefs import BeliefStore, Revision
from nousmem.projections.lifecycle import LifecycleBook, TransitionRecord
from nousmem.projections.revision import ranked
from nousmem.runtime.canonical import parse_time
from tests.test_belief_store import T0, all_snapshots, operations, play, rev


class _Folding(BeliefStore):
    """Folds every revision as the projector does (no outcome), checking what it reports."""

    def apply(self, rev: Revision, *, seq: int, event_id: str) -> Any:
        preview = self.preview(rev)  # the full outcome, on the same state
        folded = self.fold(rev, seq=seq, event_id=event_id)
        assert folded == (preview.cardinality, preview.mode_before, preview.mode_after)
        return None


def _dimensions(store: BeliefStore) -> list[Any]:
    """Every dimension's state (arrays as lists), live and retired, in a comparable form."""
    out = []
    retired = [dims for _, dims in store._retired.values()]
    for dims in [*store._dims.values(), *retired]:
        for attr, dim in sorted(dims.items()):
            state = {k: v for k, v in vars(dim).items() if k not in ("_memo", "params", "spec")}
            for k in ("p", "alpha", "beta"):
                state[k] = state[k].tolist()
            state["ops"] = [(op.seq, op.event_id, getattr(op, "revision", None)) for op in dim.ops]
            out.append((attr, _plain(state)))
    return out


def _plain(v: Any) -> Any:
    """``v`` with arrays as lists, all the way down (marks hold arrays in their states)."""
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):  # named tuples too: compared as their fields
        return [_plain(x) for x in v] if isinstance(v, list) else tuple(_plain(x) for x in v)
    if is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__, _plain([getattr(v, f.name) for f in fields(v)]))
    return v


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
# A back-dated revision leaves marks, whose states hold arrays (found by hypothesis).
@example([("rev", rev("Acme", r=0.0, day=d)) for d in (0, 0, 1, 0)])
def test_folding_without_outcomes_leaves_the_state_applying_leaves(ops: list[Any]) -> None:
    folded, applied = _Folding(), BeliefStore()
    last = play(ops, folded)
    play(ops, applied)
    assert _dimensions(folded) == _dimensions(applied)
    assert all_snapshots(folded) == all_snapshots(applied)
    assert folded.compression_due() == applied.compression_due()
    for seq in range(1, last + 1, 3):  # as-of reads refold history without outcomes too
        assert all_snapshots(folded, as_of_seq=seq) == all_snapshots(applied, as_of_seq=seq)


def test_a_plan_made_for_a_fold_has_no_outcome_to_report() -> None:
    store = BeliefStore()
    dim = store._new_dimension("Alice", "employer")
    plan = dim.plan(rev("Acme"), outcome=False)
    assert plan.outcome is None and plan.label == "Acme"
    try:
        plan.report()
    except ValueError as exc:
        assert "without an outcome" in str(exc)
    else:  # pragma: no cover - the assertion that fails
        raise AssertionError("report() of a plan without an outcome must raise")


def test_outcomes_are_what_model_construct_makes() -> None:
    store = BeliefStore()
    outcomes = []
    for day, (value, attribute) in enumerate(
        [("Acme", "employer"), ("Globex", "employer"), ("Chess", "hobby"), ("Tennis", "hobby")]
    ):
        r = rev(value, attribute=attribute, day=float(day))
        outcomes.append(store.preview(r))
        store.apply(r, seq=day + 1, event_id=f"ev{day}")
    for got in outcomes:
        want = RevisionOutcome.model_construct(**dict(got.__dict__))
        assert list(got.__dict__.items()) == list(want.__dict__.items())
        assert got.__pydantic_fields_set__ == want.__pydantic_fields_set__
        assert got.__pydantic_extra__ == want.__pydantic_extra__
        assert got.__pydantic_private__ == want.__pydantic_private__
        assert got == want and got.model_dump_json() == want.model_dump_json()


probabilities = st.sampled_from([0.0, 0.125, 0.25, 0.5, 1.0]) | st.floats(0.0, 1.0)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.text(max_size=3), probabilities), max_size=12, unique_by=lambda t: t[0])
)
def test_ranked_orders_by_probability_then_label(pairs: list[tuple[str, float]]) -> None:
    labels = [label for label, _ in pairs]
    probs = np.array([p for _, p in pairs], dtype=np.float64)
    reference = [(labels[i], float(probs[i])) for i in range(len(labels))]
    reference.sort(key=lambda kv: (-kv[1], kv[0]))
    got = ranked(labels, probs)
    assert got == reference
    assert all(type(p) is float for _, p in got)


def test_parsed_times_carry_the_utc_singleton() -> None:
    for text in ("2024-01-01T00:00:00.000000Z", "1999-12-31T23:59:59.999999Z"):
        assert parse_time(text).tzinfo is UTC


class _Text(str):
    """A str subclass: not exactly the field's type, so validation must still run."""


def test_lifecycle_records_are_what_validation_makes() -> None:
    fast, slow = LifecycleBook(), LifecycleBook()
    targets = ["a", "b", "a", "c", "a", "a", "b"]
    for seq, t in enumerate(targets, start=1):  # as the fold of successful outcomes does
        at = T0 + timedelta(days=seq)
        fast.reinforce_all([t], seq=seq, occurred_at=at, event_id=f"e{seq}", reason="ok")
        tr = slow.check(t, "reinforce")
        assert tr.legal
        slow.apply(t, "reinforce", tr.to_state, seq=seq, occurred_at=at, event_id=f"e{seq}",
                   reason="ok")  # fmt: skip
    fast.apply("a", "archive", "archived", seq=9, occurred_at=T0, event_id="e9", reason="x")
    fast.reinforce_all(["a", "b"], seq=10, occurred_at=T0, event_id="e10", reason="ok")
    assert fast.state("a") == "archived"  # refused: hidden items are not reinforced
    assert len(fast.history("b")) == len(slow.history("b")) + 1
    for t in ("b", "c"):
        want_all = slow.history(t)
        for got, want in zip(fast.history(t)[: len(want_all)], want_all, strict=True):
            assert list(got.__dict__.items()) == list(want.__dict__.items())
            validated = TransitionRecord(**got.__dict__)
            assert list(got.__dict__.items()) == list(validated.__dict__.items())
            assert got.__pydantic_fields_set__ == validated.__pydantic_fields_set__
            assert got.__pydantic_private__ is None and got.__pydantic_extra__ is None
            assert got == validated and got.model_dump_json() == validated.model_dump_json()
    odd = fast.apply(_Text("d"), "capture", "captured", seq=11, occurred_at=T0, reason=_Text("r"))
    assert type(odd.target) is str and type(odd.reason) is str  # validated, as before


async def test_a_governed_write_folds_its_delta_from_its_own_preview(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The write path previews each claim; folding the committed delta reuses that plan
    (Dimension.remember) instead of planning it a second time."""
    from nousmem.projections.dimension import Dimension
    from nousmem.runtime import MemoryRuntime

    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_route({"content": "I work at Google.", "actor": "Alice"})
        plans = 0
        real = Dimension.plan

        def counted(self: Dimension, rev: Any, **kw: Any) -> Any:
            nonlocal plans
            plans += 1
            return real(self, rev, **kw)

        monkeypatch.setattr(Dimension, "plan", counted)
        res = await rt.observe_and_route({"content": "I work at Sarvam AI now.", "actor": "Alice"})
        assert len(res.deltas) == 1 and plans == 1
