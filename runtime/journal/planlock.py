"""Turn-taking between writers of one journal file: the planning lock.

A guarded write (a governed write, ``forget``, ``sleep``, a policy commit, an erasure) is
planned against this process's projections and refused at commit if another writer
appended what it planned from. Two processes writing as fast as they can would refuse each
other's plans over and over, and the one that just committed wins every race. So guarded
writers take turns: an advisory ``flock`` on ``<journal file>-nousmem.lock``, held from the
plan to the commit. It orders writers only; the guard still decides what is stale (and
covers writers that do not take the lock). Where ``fcntl`` is missing (Windows) or the lock
file cannot be opened, writers fall back to the guard and retries alone.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from nousmem.runtime.journal.sqlite_connect import is_file_path
from nousmem.runtime.logging import get_logger

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

__all__ = ["PlanLock"]

_log = get_logger("nousmem.journal")
_JITTER = random.Random()  # wait timing only


class PlanLock:
    """The planning lock of one journal file, for one connection's writers."""

    def __init__(self, path: str) -> None:
        # An in-memory or temporary database is no file another process shares.
        real = is_file_path(path)
        self.path = os.path.realpath(path) + "-nousmem.lock" if real else ""
        self._fd: int | None = None
        self._usable = fcntl is not None and real
        # Writers of this connection (other namespaces) take turns here first: a second
        # flock of the same open file would not wait, and its release would end the first.
        self._local = asyncio.Lock()

    def _open(self) -> int | None:
        if self._fd is None and self._usable:
            try:
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError:
                try:  # another user's lock file: flock works on a read-only descriptor
                    self._fd = os.open(self.path, os.O_RDONLY)
                except OSError as exc:
                    self._usable = False
                    _log.warning("plan_lock_unavailable", path=self.path, error=str(exc))
        return self._fd

    @asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        """Hold the lock (waiting for the writer that has it) for the body."""
        async with self._local:
            fd = self._open()
            if fd is None:
                yield
                return
            await _acquire(fd)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # releases the lock too
            self._fd = None


async def _acquire(fd: int) -> None:
    """Take the lock, polling: no thread blocks on it, so a cancelled waiter holds nothing
    and leaves nothing behind (a thread left in ``flock`` would take the lock later, for
    nobody, and keep a worker of the default executor)."""
    wait = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            await asyncio.sleep(wait * (0.5 + _JITTER.random()))
            wait = min(wait * 2, 0.02)
