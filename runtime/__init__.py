"""nousmem.runtime: the authority boundary (journal, MemoryRuntime, traces, CLI)."""

from nousmem.runtime.clock import Clock, FixedClock, SystemClock
from nousmem.runtime.config import InputConfig, JournalConfig, RuntimeConfig, TrustConfig
from nousmem.runtime.errors import (
    AppendOnlyViolation,
    ClosedError,
    InvalidInput,
    JournalConflict,
    NamespaceError,
    NousmemError,
    PayloadTooLarge,
    ProviderError,
    ProviderMalformed,
    ProviderTimeout,
    ProviderUnavailable,
    StorageError,
    UnknownEvent,
    UnsupportedOperation,
)
from nousmem.runtime.journal.base import Head, Journal, VerifyReport
from nousmem.runtime.journal.memory import MemoryJournal
from nousmem.runtime.journal.sqlite import SqliteJournal
from nousmem.runtime.runtime import MemoryRuntime

__all__ = [
    "AppendOnlyViolation",
    "Clock",
    "ClosedError",
    "FixedClock",
    "Head",
    "InputConfig",
    "InvalidInput",
    "Journal",
    "JournalConfig",
    "JournalConflict",
    "MemoryJournal",
    "MemoryRuntime",
    "NamespaceError",
    "NousmemError",
    "PayloadTooLarge",
    "ProviderError",
    "ProviderMalformed",
    "ProviderTimeout",
    "ProviderUnavailable",
    "RuntimeConfig",
    "SqliteJournal",
    "StorageError",
    "SystemClock",
    "TrustConfig",
    "UnknownEvent",
    "UnsupportedOperation",
    "VerifyReport",
]
