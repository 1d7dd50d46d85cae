"""MemoryRuntime: the public face of nousmem."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Generator
from contextlib import AsyncExitStack
from types import TracebackType
from typing import Any

from pydantic import ValidationError

from nousmem.policies.extract import RuleExtractor
from nousmem.runtime.beliefs_api import BeliefAPI
from nousmem.runtime.clock import Clock, SystemClock, check_clock
from nousmem.runtime.config import RuntimeConfig
from nousmem.runtime.core import _Shared
from nousmem.runtime.erasure import Erasure
from nousmem.runtime.errors import InvalidInput, invalid_input_from_validation
from nousmem.runtime.explain import Explain
from nousmem.runtime.forgetting import Forgetting
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.inputs import validate_namespace
from nousmem.runtime.journal.base import Journal
from nousmem.runtime.journal.memory import MemoryJournal
from nousmem.runtime.journal.sqlite import SqliteJournal
from nousmem.runtime.policy_api import PolicyAPI
from nousmem.runtime.providers import FallbackExtractor, OpenAICompatibleProvider
from nousmem.runtime.relations import Relations
from nousmem.runtime.replay import Traces
from nousmem.runtime.sleep import Sleep


class _Opening:
    """What ``MemoryRuntime.open``/``memory`` return: awaitable and an async context manager."""

    def __init__(self, factory: Callable[[], Awaitable[MemoryRuntime]]) -> None:
        self._factory = factory
        self._rt: MemoryRuntime | None = None

    def __await__(self) -> Generator[Any, None, MemoryRuntime]:
        return self._factory().__await__()

    async def __aenter__(self) -> MemoryRuntime:
        self._rt = await self._factory()
        return self._rt

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._rt is not None:
            await self._rt.close()


def _arguments(
    namespace: str, clock: Clock | None, config: RuntimeConfig | dict[str, Any] | None
) -> RuntimeConfig:
    """Check the arguments of ``open``/``memory`` when they are called, before any journal is
    opened: a bad one leaves no file behind (and is not found only at the first write)."""
    cfg = _config(config)
    validate_namespace(namespace)
    check_clock(clock)
    return cfg


def _config(config: RuntimeConfig | dict[str, Any] | None) -> RuntimeConfig:
    if config is None:
        return RuntimeConfig()
    if isinstance(config, RuntimeConfig):
        return config
    if isinstance(config, dict):
        try:
            return RuntimeConfig.model_validate(config)
        except ValidationError as exc:
            raise invalid_input_from_validation(exc, prefix="config") from None
    raise InvalidInput("expected a RuntimeConfig or a dict", field="config")


class MemoryRuntime(PolicyAPI, Traces, Forgetting, Erasure, Sleep, Explain, BeliefAPI, Relations):
    """Long-term memory for one namespace over a hash-linked journal.

    Open with ``await MemoryRuntime.open(path)`` or ``async with MemoryRuntime.open(path) as
    rt:``; ``MemoryRuntime.memory()`` keeps everything in process.
    """

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        namespace: str = "default",
        clock: Clock | None = None,
        config: RuntimeConfig | dict[str, Any] | None = None,
    ) -> _Opening:
        """Open (or create) the SQLite journal at ``path``."""
        cfg = _arguments(namespace, clock, config)
        if not isinstance(path, str | os.PathLike) or not os.fspath(path):
            raise InvalidInput("must be a file path", field="path")
        if "\x00" in str(os.fspath(path)):  # the OS refuses it, with a bare ValueError
            raise InvalidInput("must not contain a NUL character", field="path")

        async def factory() -> MemoryRuntime:
            journal = await SqliteJournal.open(
                path,
                durability=cfg.journal.durability,
                busy_timeout_s=cfg.journal.busy_timeout_s,
                postings_in_memory=cfg.journal.postings_in_memory,
                inline_stall_ms=cfg.journal.inline_stall_ms,
            )
            return await cls._start(journal, namespace, clock, cfg)

        return _Opening(factory)

    @classmethod
    def memory(
        cls,
        *,
        namespace: str = "default",
        clock: Clock | None = None,
        config: RuntimeConfig | dict[str, Any] | None = None,
    ) -> _Opening:
        """An in-memory runtime (nothing persists)."""
        cfg = _arguments(namespace, clock, config)

        async def factory() -> MemoryRuntime:
            journal = MemoryJournal(postings_in_memory=cfg.journal.postings_in_memory)
            return await cls._start(journal, namespace, clock, cfg)

        return _Opening(factory)

    @classmethod
    async def _start(
        cls, journal: Journal, namespace: str, clock: Clock | None, cfg: RuntimeConfig
    ) -> MemoryRuntime:
        try:
            # Projections fold lazily, on the first call that needs them, so that a damaged
            # journal can still be opened and verified.
            rt = cls(_Shared(journal, clock or SystemClock(), IdGenerator()), namespace, cfg)
            if cfg.provider is not None:
                provider = OpenAICompatibleProvider(cfg.provider)
                rt._shared.provider = provider
                rt._shared.extractor = FallbackExtractor(provider, RuleExtractor())
                rt._shared.extra_closers.append(provider.aclose)
        except BaseException:
            await journal.close()
            raise
        return rt

    def scoped(self, namespace: str) -> MemoryRuntime:
        """A runtime for another namespace on the same journal (closing either closes both)."""
        self._check_open()
        return type(self)(self._shared, namespace, self.config)

    async def _ensure_synced(self) -> None:
        await self._sync()

    async def close(self) -> None:
        """Close the journal (and any provider the runtime owns). Idempotent.

        Writes already running (an erasure, a governed write, ``forget``, ``sleep``) finish
        first, so none reports a closed runtime after it committed. A close that was
        cancelled is finished by the next call.
        """
        shared = self._shared
        if not shared.closed:
            async with AsyncExitStack() as stack:
                for ns in sorted(shared.write_locks):  # one order: no two closes deadlock
                    await stack.enter_async_context(shared.write_locks[ns])
                shared.closed = True
        while shared.extra_closers:
            await shared.extra_closers.pop(0)()
        await shared.journal.close()

    async def __aenter__(self) -> MemoryRuntime:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def stats(self) -> dict[str, Any]:
        """Counts per kind, chain head, size on disk."""
        self._check_open()
        await self._refresh()
        head = await self.head()
        return {
            "namespace": self.namespace,
            "events": head.seq,
            "head_hash": head.hash,
            "kinds": dict(sorted(self._proj.kind_counts.items())),
            # This namespace's rows only: the file's size would show other tenants' activity.
            "bytes_on_disk": await self.journal.stored_bytes(self.namespace),
        }
