"""A read builds its candidates with ``candidate_snippet``, which skips validation: what it
builds must be indistinguishable from ``Snippet(**fields)``: equal, dumped alike (the
trace's JSON), copied alike, frozen, and not sharing the caller's components. So must its
excerpts and scored fact lines (``snippet_with``, against ``model_copy``) and its
suppressions (``suppression``, against ``Suppressed(...)``). Models whose state is more
than their fields are never assembled that way."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from nousmem.projections.retrieval import (
    Snippet,
    Suppressed,
    candidate_snippet,
    snippet_with,
    suppression,
)
from nousmem.projections.trusted import assemblable, assemble

_text = st.text(max_size=40)
_ids = st.lists(st.text(min_size=1, max_size=12), max_size=4).map(tuple)
_fields = st.fixed_dictionaries(
    {
        "id": st.text(min_size=1, max_size=20),
        "kind": st.sampled_from(["observation", "fact", "delta"]),
        "text": _text,
        # Sums of channel contributions; an int (an empty sum is 0) must become a float.
        "score": st.floats(allow_nan=False, allow_infinity=False) | st.integers(-5, 5),
        "components": st.dictionaries(
            st.sampled_from(["lexical", "entity", "neighbor", "focus", "graph"]),
            st.floats(allow_nan=False, allow_infinity=False) | st.integers(-3, 3),
            max_size=5,
        ),
        "channels": st.lists(st.sampled_from(["lexical", "entity", "belief"]), max_size=3).map(
            tuple
        ),
        "event_ids": _ids,
        "refs": _ids,
        "occurred_at": st.none()
        | st.datetimes(
            min_value=datetime(1000, 1, 1), max_value=datetime(9999, 1, 1), timezones=st.just(UTC)
        ),
        "tokens": st.integers(0, 10_000),
        "seq": st.none() | st.integers(1, 2**62),
    }
)


@settings(max_examples=300, deadline=None)
@given(_fields)
def test_it_builds_what_validation_builds(fields: dict[str, Any]) -> None:
    fast = candidate_snippet(**fields)
    slow = Snippet(**fields)
    assert fast == slow
    assert fast.model_dump() == slow.model_dump()
    assert fast.model_dump_json() == slow.model_dump_json()
    assert type(fast.score) is float
    assert all(type(v) is float for v in fast.components.values())
    assert fast.model_fields_set == slow.model_fields_set
    update = {"text": "cut", "tokens": 3, "excerpt": True}
    cut, slow_cut = fast.model_copy(update=update), slow.model_copy(update=update)
    assert cut == slow_cut
    assert cut.model_dump() == slow_cut.model_dump()


def test_it_is_frozen_and_keeps_its_own_components() -> None:
    comps = {"lexical": 0.5}
    s = candidate_snippet(
        id="e1",
        kind="observation",
        text="t",
        score=0.5,
        components=comps,
        channels=("lexical",),
        event_ids=("e1",),
        refs=(),
        occurred_at=None,
        tokens=2,
        seq=1,
    )
    comps["focus"] = -0.1  # the read goes on adjusting its own dict
    assert s.components == {"lexical": 0.5}
    with pytest.raises(ValidationError):
        s.text = "changed"  # type: ignore[misc]


def test_only_plain_models_are_assemblable() -> None:
    class Plain(BaseModel):
        a: int

    class Private(BaseModel):
        a: int
        _cache: int = PrivateAttr(default=0)

    class Hooked(BaseModel):
        a: int

        def model_post_init(self, context: Any) -> None:
            pass

    class Open(BaseModel):
        model_config = ConfigDict(extra="allow")
        a: int

    assert assemblable(Plain) and assemblable(Snippet)
    assert not any(assemblable(c) for c in (Private, Hooked, Open))
    built = assemble(Plain, {"a": 1}, {"a"})
    assert built == Plain(a=1) and built.model_fields_set == {"a"}


_updates = st.fixed_dictionaries(
    {},
    optional={
        "text": _text,
        "tokens": st.integers(0, 10_000),
        "excerpt": st.booleans(),
        "score": st.floats(allow_nan=False, allow_infinity=False),
        "components": st.dictionaries(
            st.sampled_from(["lexical", "belief", "focus"]),
            st.floats(allow_nan=False, allow_infinity=False),
            max_size=3,
        ),
        "channels": st.lists(st.sampled_from(["lexical", "belief"]), max_size=2).map(tuple),
    },
)


@settings(max_examples=300, deadline=None)
@given(_fields, _updates, st.booleans())
def test_snippet_with_is_model_copy(
    fields: dict[str, Any], update: dict[str, Any], validated: bool
) -> None:
    base = Snippet(**fields) if validated else candidate_snippet(**fields)
    fast, slow = snippet_with(base, **update), base.model_copy(update=update)
    assert fast == slow
    assert fast.model_dump_json() == slow.model_dump_json()
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_copy(update={"text": "again"}) == slow.model_copy(update={"text": "again"})
    assert base == (Snippet(**fields) if validated else candidate_snippet(**fields))  # untouched
    with pytest.raises(ValidationError):
        fast.text = "changed"  # type: ignore[misc]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30), st.text(max_size=60))
def test_suppression_is_what_validation_builds(id_: str, reason: str) -> None:
    fast, slow = suppression(id_, reason), Suppressed(id=id_, reason=reason)
    assert fast == slow
    assert fast.model_dump_json() == slow.model_dump_json()
    assert fast.model_fields_set == slow.model_fields_set
    assert hash(fast) == hash(slow)
    with pytest.raises(ValidationError):
        fast.reason = "changed"  # type: ignore[misc]
