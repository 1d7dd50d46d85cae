"""The dense channel's vectors: each observation embedded once, ranked with numpy.

The model is the user's (an :class:`Embedder`; none is bundled). Vectors are a projection,
kept per namespace on the opened journal so every view of the namespace shares them: they
grow as observations arrive and drop the rows of erased events. An embedder with a
``name`` also has them cached in the journal (the SQLite file, see ``dense_cache.py``), so
a restarted process embeds only the observations that arrived since; an erasure deletes the
cached vectors of the erased events in its own transaction. A nameless embedder's vectors
stay in memory only.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, runtime_checkable

import numpy as np

from nousmem.runtime.dense_cache import VectorCache, decode_rows, encode, vector_digest
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.errors import ProviderMalformed
from nousmem.runtime.journal.base import CachedVector
from nousmem.runtime.logging import get_logger

__all__ = ["DenseIndex", "Embedder", "embed_text"]

_Vectors = np.ndarray[Any, np.dtype[np.float32]]
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICRO = timedelta(microseconds=1)
# Above any rounding difference of a float32 dot product of unit vectors (~1e-6 at 1,000s of
# dimensions): candidates this close to the cut are rescored exactly.
_MARGIN = 1e-4
_log = get_logger("nousmem.dense")


_DATE_PREFIX = re.compile(r"^\[[^\]]*\] ")


def embed_text(doc: DocRow) -> str:
    """What the model sees of an observation: speaker and words, without the ``[date]``
    prefix and the resolved-date notes (dates are the temporal channel's business, and
    they made every turn of a day look alike to the model)."""
    return _DATE_PREFIX.sub("", doc.bare_text, count=1)


def _micros(t: datetime) -> int:
    """Event time as exact integer microseconds (a float timestamp could round)."""
    return (t - _EPOCH) // _MICRO


@runtime_checkable
class Embedder(Protocol):
    """Optional dense channel: the user supplies the model (none is bundled).

    An embedder may also have a ``name`` (a ``str`` attribute; not part of the protocol, so
    nameless embedders still match it): the model's id plus anything else that changes its
    vectors (revision, normalisation, prompt). With a name, vectors are cached in the
    journal and reused by later processes, keyed by the name and the embedded text, so the
    name must change whenever the vectors would.
    """

    def embed(self, texts: Sequence[str]) -> Sequence[Sequence[float]]:
        """One vector per text, all of one length.

        Must be deterministic per text, whatever else is in the batch, for replays to be
        exact: the same text may be embedded in a different batch after a restart.
        """
        ...


class DenseIndex:
    """Unit vectors (float32) of one namespace's observation docs, in journal order."""

    BATCH = 256

    def __init__(self, embedder: Embedder, cache: VectorCache | None = None) -> None:
        self.embedder = embedder
        self.cache = cache  # None: vectors in memory only
        self._ids: list[str] = []
        # Row buffers with spare capacity, so appending a few rows does not copy the index;
        # only the first ``len(self)`` rows are in use.
        self._buf: _Vectors | None = None
        self._seq_buf = np.zeros(0, dtype=np.int64)
        self._time_buf = np.zeros(0, dtype=np.int64)  # event time, microseconds since 1970
        self._last_seq = 0
        self._lock = asyncio.Lock()

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def vectors(self) -> _Vectors:
        """The unit vectors in use, one row per embedded observation (a read-only view)."""
        if self._buf is None:
            return np.zeros((0, 0), dtype=np.float32)
        view = self._buf[: len(self._ids)]
        view.flags.writeable = False
        return view

    @property
    def ids(self) -> tuple[str, ...]:
        """Event ids of the rows of :attr:`vectors`."""
        return tuple(self._ids)

    @property
    def dim(self) -> int | None:
        return None if self._buf is None else int(self._buf.shape[1])

    def _vectors(self, texts: Sequence[str], dim: int | None = None) -> _Vectors:
        raw = self.embedder.embed(list(texts))
        try:
            vecs = np.asarray(raw, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise ProviderMalformed(f"embedder returned no numeric matrix ({exc})") from None
        if vecs.ndim != 2 or vecs.shape[0] != len(texts) or vecs.shape[1] == 0:
            raise ProviderMalformed(
                f"embedder returned shape {vecs.shape} for {len(texts)} text(s);"
                " expected one non-empty vector per text"
            )
        dim = self.dim if dim is None else dim
        if dim is not None and vecs.shape[1] != dim:
            raise ProviderMalformed(
                f"embedder returned vectors of length {vecs.shape[1]}; earlier ones had {dim}"
            )
        if not np.isfinite(vecs).all():
            raise ProviderMalformed("embedder returned NaN or infinite values")
        norms = np.linalg.norm(vecs, axis=1, keepdims=True)
        # float32 halves the memory (100k x 384 dims: 154 MB) and the time of a read.
        unit: _Vectors = (vecs / np.maximum(norms, 1e-12)).astype(np.float32)
        return unit

    def _fresh(self, docs: dict[str, DocRow]) -> tuple[list[DocRow], int]:
        """Observation docs newer than the last embedded one, and the newest seq seen."""
        fresh: list[DocRow] = []
        newest = self._last_seq
        for d in reversed(docs.values()):
            newest = max(newest, d.seq)
            if d.seq <= self._last_seq:
                break
            if d.kind == "observation":
                fresh.append(d)
        fresh.reverse()
        return fresh, newest

    def _embed_all(self, texts: Sequence[str], dim: int | None = None) -> _Vectors:
        """Vectors of ``texts`` in batches; every one of length ``dim`` (if given) or of the
        index's (if it has rows), else of one length."""
        batches = range(0, len(texts), self.BATCH)
        parts = [self._vectors(texts[i : i + self.BATCH], dim) for i in batches]
        if len({p.shape[1] for p in parts}) > 1:
            raise ProviderMalformed("embedder returned vectors of different lengths")
        return np.vstack(parts)

    def _assemble(
        self, texts: list[str], seqs: list[int], cached: dict[int, tuple[bytes, bytes]]
    ) -> tuple[_Vectors, list[int], list[bytes]]:
        """Vectors of ``texts``: valid cached ones as they are, the rest embedded.

        Returns the block, the indices that were embedded and every text's digest (none
        without a cache). Runs in a worker thread (the model may run).
        """
        n = len(texts)
        digests = [vector_digest(self.cache.model, t) for t in texts] if self.cache else []
        cand = [
            i
            for i, seq in enumerate(seqs)
            if (got := cached.get(seq)) is not None and got[0] == digests[i] and got[1]
        ]
        blobs = [cached[seqs[i]][1] for i in cand]
        dim = self.dim
        if dim is None and blobs:  # an empty index: the length most cached rows have
            lengths = Counter(len(b) for b in blobs)
            dim = max(lengths, key=lambda k: (lengths[k], -k)) // 4
        hit: list[int] = []
        found = np.zeros((0, 0), dtype=np.float32)
        if blobs and dim:
            mat, ok = decode_rows(blobs, dim)
            hit, found = [cand[j] for j in np.flatnonzero(ok)], mat[ok]
        if len(hit) == n:
            return found, [], digests
        missing = sorted(set(range(n)) - set(hit))
        new = self._embed_all([texts[i] for i in missing], self.dim)
        if hit and new.shape[1] != dim:
            # Only with an empty index: the model's vectors are not as long as the cached
            # ones (a name reused for another model). Trust none of them.
            _log.warning("cached vectors have another length than the model's", dim=dim)
            again = self._embed_all([texts[i] for i in hit], new.shape[1])
            missing, new, hit = missing + hit, np.vstack([new, again]), []
        block = np.empty((n, new.shape[1]), dtype=np.float32)
        block[missing] = new
        if hit:
            block[hit] = found
        return block, sorted(missing), digests

    async def catch_up(self, table: Callable[[], dict[str, DocRow]]) -> None:
        """Embed the observation docs newer than the last one embedded.

        ``table()`` is the projector's doc table, in journal order, so new rows are at its
        end. The model runs in a worker thread: a large first embedding does not stall the
        event loop. Reads of one namespace embed one at a time.
        """
        async with self._lock:
            fresh, newest = self._fresh(table())
            if not fresh:
                self._last_seq = newest
                return
            texts, seqs = [embed_text(d) for d in fresh], [d.seq for d in fresh]
            cached = await self.cache.load(self._last_seq) if self.cache else {}
            block, embedded, digests = await asyncio.to_thread(self._assemble, texts, seqs, cached)
            # Only once every batch is embedded: a failing embedder leaves the index as it
            # was. An erasure meanwhile took its events out of the table: leave them out.
            live = table()
            keep = [i for i, d in enumerate(fresh) if d.event_id in live]
            rows = [fresh[i] for i in keep]
            self._append(block[keep], [d.seq for d in rows], [_micros(d.occurred_at) for d in rows])
            self._ids += [d.event_id for d in rows]
            self._last_seq = newest
            if self.cache is not None:
                # After the index took them (an erasure from now on drops them there too);
                # the journal refuses rows of events erased meanwhile.
                kept = set(keep)
                await self.cache.store(
                    [
                        CachedVector(seqs[i], digests[i], encode(block[i]))
                        for i in embedded
                        if i in kept
                    ]
                )

    def _append(self, block: _Vectors, seqs: list[int], times: list[int]) -> None:
        n, k = len(self._ids), len(seqs)
        if self._buf is None or n + k > len(self._buf):
            cap = max(n + k, 2 * n, 64)
            buf = np.zeros((cap, block.shape[1]), dtype=np.float32)
            seq_buf = np.zeros(cap, dtype=np.int64)
            time_buf = np.zeros(cap, dtype=np.int64)
            if self._buf is not None:
                buf[:n], seq_buf[:n], time_buf[:n] = (
                    self._buf[:n],
                    self._seq_buf[:n],
                    self._time_buf[:n],
                )
            self._buf, self._seq_buf, self._time_buf = buf, seq_buf, time_buf
        self._buf[n : n + k] = block
        self._seq_buf[n : n + k] = seqs
        self._time_buf[n : n + k] = times

    def drop(self, event_ids: Iterable[str]) -> None:
        """Forget the vectors of ``event_ids`` (erased events): their rows are overwritten."""
        gone = set(event_ids)
        keep = [i for i, e in enumerate(self._ids) if e not in gone]
        if len(keep) == len(self._ids) or self._buf is None:
            return
        n = len(keep)
        self._buf[:n] = self._buf[keep]
        self._buf[n:] = 0.0  # no trace of an erased text's vector stays in memory
        self._seq_buf[:n] = self._seq_buf[keep]
        self._time_buf[:n] = self._time_buf[keep]
        self._ids = [self._ids[i] for i in keep]

    async def rank(
        self,
        question: str,
        *,
        as_of_seq: int,
        as_of_time: datetime | None,
        admit: Callable[[str], bool],
        limit: int,
    ) -> list[str]:
        """Event ids by cosine similarity to ``question`` (ties by id), in view, at most
        ``limit``. ``admit`` drops ids the read may not use (e.g. no longer in the docs)."""
        if not self._ids or limit <= 0:
            return []
        q = (await asyncio.to_thread(self._vectors, [question]))[0]
        n = len(self._ids)  # an erasure may have dropped rows meanwhile
        if self._buf is None or not n:
            return []
        sims = self._buf[:n] @ q
        visible = self._seq_buf[:n] <= as_of_seq
        if as_of_time is not None:
            visible &= self._time_buf[:n] <= _micros(as_of_time)
        sims = np.where(visible, sims, -np.inf)
        q64 = q.astype(np.float64)
        finite = int(np.isfinite(sims).sum())
        want = limit
        while True:
            # Everything near or above the want-th best float32 score is rescored in float64
            # (float32 products are exact there) and rounded: how BLAS happened to sum a row
            # (it can depend on the matrix's row count) then cannot reorder near-ties, which
            # fall to the id. Ties at the cut are all in, whatever argpartition returns.
            top = min(want, n)
            cut = np.partition(sims, n - top)[n - top]
            idx = np.flatnonzero((sims >= cut - _MARGIN) & np.isfinite(sims))
            exact = np.round(self._buf[idx].astype(np.float64) @ q64, 12)
            order = sorted(range(len(idx)), key=lambda j: (-float(exact[j]), self._ids[idx[j]]))
            out = [e for e in (self._ids[idx[j]] for j in order) if admit(e)][:limit]
            if len(out) >= limit or top >= n or len(idx) >= finite:
                return out
            want *= 4
