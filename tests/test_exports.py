"""``nousmem.runtime`` exports what a user of ``MemoryRuntime`` gets back, in sorted order."""

from __future__ import annotations

import inspect
import typing
from typing import Any

import nousmem.runtime as api
from nousmem.runtime import MemoryRuntime

# Methods annotated ``Any`` (their event type depends on the journal row) and what they return.
_EVENTS_RETURNED = {
    "observe": ("ObservationEvent", "QuarantinedEvent"),
    "after_turn": ("OutcomeEvent",),
    "trace": ("RetrievalEvent",),
    "merge_entities": ("IdentityMergedEvent", "WriteRejectedEvent"),
    "get": ("EventBase",),
    "events": ("EventBase",),
}


def _classes(tp: Any) -> set[type]:
    """The classes named in a return annotation (``list[X] | None`` -> {X})."""
    if tp is Any:
        return set()
    if isinstance(tp, type):
        return set() if tp.__module__ == "builtins" else {tp}
    return {c for arg in typing.get_args(tp) for c in _classes(arg)}


def test_all_is_sorted_and_importable() -> None:
    assert api.__all__ == sorted(api.__all__)
    assert all(hasattr(api, name) for name in api.__all__)


def test_every_public_return_type_is_exported() -> None:
    for name, fn in inspect.getmembers(MemoryRuntime, inspect.isfunction):
        if name.startswith("_") or name in ("open", "memory"):
            continue
        hints = typing.get_type_hints(fn)
        for cls in _classes(hints.get("return")):
            if cls.__module__.startswith("collections.abc"):
                continue
            assert cls.__name__ in api.__all__, f"{name} returns {cls.__name__}"
            assert getattr(api, cls.__name__) is cls
    for names in _EVENTS_RETURNED.values():
        assert set(names) <= set(api.__all__)


def test_every_error_shows_where_users_import_it_from() -> None:
    import pickle

    from nousmem.runtime import errors

    for name in ("NousmemError", "InvalidInput", "StaleHead", "StorageError"):
        cls = getattr(errors, name)
        assert cls.__module__ == "nousmem.runtime.errors", name
    err = errors.InvalidInput("bad", field="x")
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is errors.InvalidInput and again.field == "x"
