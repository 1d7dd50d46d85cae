"""Pydantic models assembled from values already known to be valid.

Validation costs a few microseconds per model; ``model_construct`` skips it but fills the
fields in a Python loop that costs about as much. Where a hot path builds many models from
values of the declared types (events read from the journal, a read's candidates), writing
the instance's state directly is a fraction of either.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

__all__ = ["assemblable", "assemble"]

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def assemblable(cls: type[BaseModel]) -> bool:
    """Whether :func:`assemble` builds what ``model_construct`` would for ``cls``: no
    post-init hook, private attributes, root model, extra values or ``__new__`` of its own
    (aliases are the caller's to rule out: ``values`` are keyed by field name)."""
    return (
        cls.__pydantic_post_init__ is None
        and not cls.__private_attributes__
        and not cls.__pydantic_root_model__
        and cls.model_config.get("extra") != "allow"
        and cls.__new__ is object.__new__
    )


def assemble(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """What ``cls.model_construct(**values)`` returns, without its per-field loop.

    For models :func:`assemblable` accepts only. ``values`` must hold every field, in
    declaration order, each already of its declared type (it becomes the instance's
    ``__dict__``, not a copy); ``fields_set`` the fields given explicitly (kept as it is).
    """
    m = _new(cls)
    _set(m, "__dict__", values)
    _set(m, "__pydantic_fields_set__", fields_set)
    _set(m, "__pydantic_extra__", None)
    _set(m, "__pydantic_private__", None)
    return m
