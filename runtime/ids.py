"""Sortable unique event ids (ULID layout: 48-bit milliseconds + 80 bits, Crockford base32)."""

from __future__ import annotations

import os
import threading
from datetime import datetime

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _encode(value: int, length: int) -> str:
    """The low ``5 * length`` bits of ``value`` in Crockford base32 (the reference encoder)."""
    out = []
    for _ in range(length):
        out.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


# Two base32 characters per 10 bits: encodes an id with 13 lookups instead of 26 steps.
_PAIRS = tuple(_ALPHABET[i >> 5] + _ALPHABET[i & 31] for i in range(1024))


def _encode_id(ms: int, rand: int) -> str:
    """``_encode(ms, 10) + _encode(rand, 16)``: 50 bits of time, then 80 random bits."""
    p = _PAIRS
    return "".join(
        (
            p[(ms >> 40) & 1023],
            p[(ms >> 30) & 1023],
            p[(ms >> 20) & 1023],
            p[(ms >> 10) & 1023],
            p[ms & 1023],
            p[(rand >> 70) & 1023],
            p[(rand >> 60) & 1023],
            p[(rand >> 50) & 1023],
            p[(rand >> 40) & 1023],
            p[(rand >> 30) & 1023],
            p[(rand >> 20) & 1023],
            p[(rand >> 10) & 1023],
            p[rand & 1023],
        )
    )


class IdGenerator:
    """Monotonic ULID generator: ids made by one generator sort in creation order.

    Within one millisecond the random part is incremented, as the ULID spec suggests, so
    ordering never depends on chance. ``seed`` makes the random part reproducible (tests).
    """

    def __init__(self, seed: int | None = None) -> None:
        self._lock = threading.Lock()
        self._last_ms = -1
        self._last_rand = 0
        self._seed = seed
        self._counter = 0

    def _random80(self) -> int:
        if self._seed is None:
            return int.from_bytes(os.urandom(10), "big") >> 1
        self._counter += 1
        return ((self._seed * 1_000_003 + self._counter) * 0x9E3779B97F4A7C15) % (1 << 79)

    def new(self, at: datetime) -> str:
        """Return a new id whose time part is ``at`` (clamped to be monotonic, and to 1970 at
        the earliest: the layout holds no earlier time, and a time part below the start
        value would make every generator count up from the same id)."""
        ms = max(0, int(at.timestamp() * 1000))
        with self._lock:
            if ms <= self._last_ms:
                ms = self._last_ms
                self._last_rand += 1
            else:
                self._last_ms = ms
                self._last_rand = self._random80()
            rand = self._last_rand
        return _encode_id(ms, rand)
