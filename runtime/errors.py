"""The one error hierarchy of nousmem.

Every error the public API raises derives from :class:`NousmemError`. Driver errors
(sqlite3, aiosqlite, httpx, pydantic) are translated into it at a single place each:
``runtime/journal/sqlite.py`` for storage, ``runtime/providers`` for the network and
:func:`invalid_input_from_validation` for validation.
"""

from __future__ import annotations

from typing import Any

# Defined in the lowest layer so that policies can raise them too (see projections/errors.py).
from nousmem.projections.errors import InvalidInput as InvalidInput
from nousmem.projections.errors import NousmemError as NousmemError

# Shown (in tracebacks, ``type(e).__module__``) where users import them from; pickling
# finds them here too, since this module re-exports both.
InvalidInput.__module__ = NousmemError.__module__ = __name__


class NamespaceError(InvalidInput):
    """An operation tried to cross a namespace wall."""


class PayloadTooLarge(InvalidInput):
    """The canonical payload exceeds ``RuntimeConfig.max_payload_bytes``."""


class UnknownEvent(NousmemError, LookupError):
    """No event with that id (or trace id) exists in this namespace."""


class UnsupportedOperation(NousmemError):
    """The operation is not offered (``forget(..., "delete")``); the message says what to use.

    ``instead`` names the MemoryRuntime method that does what was asked (``"erase"``) and
    ``message`` says what was refused and why, without how to call ``instead``: the string of
    the error ends with the Python call (``usage``), and a front end that spells the
    alternative its own way (the CLI names its verb) builds its message from these parts.
    """

    def __init__(
        self, message: str, *, instead: str | None = None, usage: str | None = None
    ) -> None:
        self.message = message
        self.instead = instead
        super().__init__(f"{message}, use {usage}" if usage else message)


class StorageError(NousmemError):
    """The storage backend failed; the batch being written was not committed."""


class JournalConflict(StorageError):
    """Another writer advanced the chain first; the append can be retried."""


class StaleHead(JournalConflict):
    """Another writer changed what the caller planned against; nothing was written.
    Refresh the projections and plan again."""


class AppendOnlyViolation(StorageError):
    """Something tried to update or delete a journal row."""


class ClosedError(NousmemError):
    """The runtime or journal is closed."""


class ProviderError(NousmemError):
    """An optional model provider failed. The runtime falls back to the deterministic path."""


class ProviderTimeout(ProviderError):
    """The provider did not answer within its timeout."""


class ProviderUnavailable(ProviderError):
    """The provider could not be reached or answered with an HTTP error status."""


class ProviderMalformed(ProviderError):
    """The provider answered, but not with the JSON shape that was asked for."""


def invalid_input_from_validation(exc: Any, *, prefix: str = "") -> InvalidInput:
    """Turn a pydantic ``ValidationError`` into :class:`InvalidInput` naming the first field."""
    errors = exc.errors() if hasattr(exc, "errors") else []
    if not errors:
        return InvalidInput(str(exc), field=prefix or None)
    first = errors[0]
    loc = ".".join(str(p) for p in first.get("loc", ()) if p != "__root__")
    field = ".".join(p for p in (prefix, loc) if p) or None
    msg = str(first.get("msg", "invalid value"))
    if len(errors) > 1:
        msg += f" (and {len(errors) - 1} more problem(s))"
    return InvalidInput(msg, field=field)
