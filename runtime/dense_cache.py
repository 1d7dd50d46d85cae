"""The dense channel's vector cache: vectors kept in the journal, per namespace and model.

Only embedders with a ``name`` (the model id and anything else that changes its vectors)
get one: a nameless embedder is run again for every observation in every process. The
cache is a derived projection outside the hash chain (``Journal.load_vectors`` and
``store_vectors``). A row is used only if

- its digest is blake3 of the model name and the text the model would see now
  (:func:`vector_digest`), so a changed text, model name or ``embed_text`` re-embeds it;
- its vector has the index's length (4 bytes a dimension, float32; with an empty index, the
  length most valid rows have) and finite values of a unit (or zero) vector, as the index
  stores them.

Anything else is embedded again and overwritten: a bad row costs an embedding, never a read.
A cache that cannot be read or written is logged and skipped, the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import blake3
import numpy as np

from nousmem.runtime.errors import InvalidInput, NousmemError
from nousmem.runtime.inputs import check_text
from nousmem.runtime.journal.base import CachedVector, Journal
from nousmem.runtime.logging import get_logger

__all__ = ["MAX_NAME", "VectorCache", "decode_rows", "embedder_name", "encode", "vector_digest"]

MAX_NAME = 200
_F32 = np.dtype("<f4")
_log = get_logger("nousmem.dense")


def embedder_name(embedder: object) -> str | None:
    """The embedder's ``name`` (None when it has none), validated.

    Raises :class:`InvalidInput` naming ``embedder.name`` unless it is None or a non-empty
    string of at most 200 characters without control characters.
    """
    try:
        name = getattr(embedder, "name", None)
    except Exception as exc:
        raise InvalidInput(
            f"reading it raised {type(exc).__name__}: {exc}", field="embedder.name"
        ) from None
    if name is None:
        return None
    if (
        not isinstance(name, str)
        or not name.strip()
        or len(name) > MAX_NAME
        or any(ord(c) < 32 or ord(c) == 127 for c in name)
    ):
        shown = repr(name) if isinstance(name, str) else type(name).__name__
        raise InvalidInput(
            f"must be None or a non-empty string of at most {MAX_NAME} characters without"
            f" control characters (the model's id; cached vectors are keyed by it), got"
            f" {shown[:60]}",
            field="embedder.name",
        )
    check_text(name, "embedder.name")  # a lone surrogate would fail every read's trace
    return name


def vector_digest(model: str, text: str) -> bytes:
    """What a cached vector was made from: blake3 of ``model``, a NUL and ``text``."""
    return blake3.blake3(model.encode("utf-8") + b"\x00" + text.encode("utf-8")).digest()


def encode(vec: np.ndarray[Any, Any]) -> bytes:
    """A stored unit vector as little-endian float32 bytes (bit-exact both ways)."""
    return np.ascontiguousarray(vec, dtype=_F32).tobytes()


def decode_rows(
    blobs: Sequence[bytes], dim: int
) -> tuple[np.ndarray[Any, np.dtype[np.float32]], np.ndarray[Any, np.dtype[np.bool_]]]:
    """The vectors of cached blobs (one matrix, zero rows where invalid) and which are valid:
    ``4 * dim`` bytes of finite values making a unit (or zero) vector, as the index stores
    them. In bulk: 10,000 rows of 384 dimensions take about 10 ms."""
    ok = np.fromiter(
        (isinstance(b, bytes) and len(b) == 4 * dim for b in blobs), dtype=bool, count=len(blobs)
    )
    idx = np.flatnonzero(ok)
    if not len(idx):
        return np.zeros((len(blobs), dim), dtype=np.float32), ok
    joined = b"".join([blobs[i] for i in idx.tolist()])
    raw = np.frombuffer(joined, dtype=_F32).reshape(len(idx), dim)
    with np.errstate(invalid="ignore", over="ignore"):
        # A NaN or an infinity makes the squared norm non-finite (summed in float64).
        norm2 = np.einsum("ij,ij->i", raw, raw, dtype=np.float64)
        good = np.isfinite(norm2) & ((norm2 == 0.0) | (np.abs(norm2 - 1.0) <= 1e-3))
    ok[idx] = good
    if good.all() and len(idx) == len(blobs):
        return raw, ok  # every row valid: no copy (read-only; the index copies what it keeps)
    mat = np.zeros((len(blobs), dim), dtype=np.float32)
    mat[idx[good]] = raw[good]
    return mat, ok


class VectorCache:
    """One namespace's cached vectors of one model, in a journal."""

    def __init__(self, journal: Journal, namespace: str, model: str) -> None:
        self.journal = journal
        self.namespace = namespace
        self.model = model

    async def load(self, after_seq: int) -> dict[int, tuple[bytes, bytes]]:
        """``seq -> (digest, blob)`` of the rows after ``after_seq`` ({} if unreadable)."""
        try:
            rows = await self.journal.load_vectors(self.namespace, self.model, after_seq=after_seq)
        except NousmemError as exc:
            _log.warning("vector cache unreadable", namespace=self.namespace, error=str(exc))
            return {}
        return {r.seq: (r.digest, r.vec) for r in rows}

    async def store(self, rows: Sequence[CachedVector]) -> None:
        """Save freshly embedded vectors; a failure is logged (the next process re-embeds)."""
        if not rows:
            return
        try:
            await self.journal.store_vectors(self.namespace, self.model, rows)
        except NousmemError as exc:
            _log.warning("vector cache not written", namespace=self.namespace, error=str(exc))
