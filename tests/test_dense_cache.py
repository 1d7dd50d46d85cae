"""The dense channel's vector cache: named embedders' vectors persist in the journal."""

from __future__ import annotations

import asyncio
import sqlite3
import struct
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from nousmem.runtime.dense import DenseIndex
from nousmem.runtime.dense_cache import decode_rows, embedder_name, encode, vector_digest
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.ids import IdGenerator
from tests.helpers import BagOfWords
from tests.test_dense import Gated

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
NS = "user/alice"
TEXTS = [
    "We adopted a golden retriever puppy.",
    "The quarterly budget review went fine.",
    "Ann bought a red leash for the puppy.",
    "Lunch was a bowl of ramen near the office.",
    "The puppy chewed the budget report.",
    "Weekend hike up the hill with the dog.",
]
QUESTIONS = ["golden retriever puppy?", "budget review?", "ramen lunch?"]


class Named(BagOfWords):
    """BagOfWords with a model name: its vectors are cached."""

    def __init__(self, name: object = "bow-64") -> None:
        super().__init__()
        self.name = name


class Short(Named):
    """Another model under the same name: 16-dimensional vectors."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [v[:16] for v in super().embed(texts)]


def _clock() -> FixedClock:
    return FixedClock(T0, timedelta(seconds=1))


def _open(path: Path) -> Any:
    return MemoryRuntime.open(path, namespace=NS, clock=_clock())


async def _fill(rt: MemoryRuntime, texts: Sequence[str], start: int = 0) -> list[str]:
    ids = []
    for i, text in enumerate(texts, start):
        ev = await rt.observe({"content": text, "actor": "Ann", "occurred_at": T0 + i * HOUR})
        ids.append(ev.id)
    return ids


def _rows(path: Path) -> list[tuple[int, str, bytes, bytes]]:
    with sqlite3.connect(path) as conn:
        got = conn.execute("SELECT seq, model, digest, vec FROM dense_vectors ORDER BY seq, model")
        return [(int(s), str(m), bytes(d), bytes(v)) for s, m, d, v in got]


async def _answers(rt: MemoryRuntime) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    out = []
    for q in QUESTIONS:
        ctx = await rt.query(q)
        assert not [s for s in ctx.suppressed if s.id == "channel:dense"]
        out.append([(s.id, s.score, tuple(s.channels)) for s in ctx.snippets])
    return out


async def _dense_only(rt: MemoryRuntime) -> list[list[str]]:
    index = rt._shared.dense[rt.namespace]
    return [
        await index.rank(q, as_of_seq=10**6, as_of_time=None, admit=lambda e: True, limit=50)
        for q in QUESTIONS
    ]


async def test_a_reopened_runtime_embeds_only_new_observations_and_ranks_the_same(
    tmp_path: Path,
) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        rt._shared.ids = IdGenerator(seed=5)
        await _fill(rt, TEXTS[:4])
        rt.set_embedder(Named())
        await rt.query("puppy?")
    assert [r[0] for r in _rows(path)] == [1, 2, 3, 4]
    async with _open(path) as rt:
        rt._shared.ids = IdGenerator(seed=6)
        await _fill(rt, TEXTS[4:], start=4)
        emb = Named()
        rt.set_embedder(emb)
        cached = await _answers(rt)
        ranked = await _dense_only(rt)
        # Only the observations added since were embedded, then the questions.
        assert emb.seen == [f"Ann: {t}" for t in TEXTS[4:]] + QUESTIONS * 2
        vectors = rt._shared.dense[NS].vectors.copy()
    # A fresh in-memory build of the same journal (same ids and clocks) ranks the same.
    async with MemoryRuntime.memory(namespace=NS, clock=_clock()) as mem:
        mem._shared.ids = IdGenerator(seed=5)
        await _fill(mem, TEXTS[:4])
        mem.set_embedder(BagOfWords())  # the same vectors, nameless: nothing cached
        await mem.query("puppy?")  # the same retrieval event as the first process wrote
        mem._shared.ids, mem._shared.clock = IdGenerator(seed=6), _clock()
        await _fill(mem, TEXTS[4:], start=4)
        fresh = BagOfWords()
        mem.set_embedder(fresh)
        assert await _answers(mem) == cached
        assert await _dense_only(mem) == ranked
        assert np.array_equal(mem._shared.dense[NS].vectors, vectors)  # bit for bit
        assert len(fresh.seen) == len(TEXTS) + 2 * len(QUESTIONS)
    assert [r[0] for r in _rows(path)] == [1, 2, 3, 4, 6, 7]  # seq 5: the retrieval event


async def test_setting_the_embedder_again_reuses_the_cache(rt: MemoryRuntime) -> None:
    await _fill(rt, TEXTS)
    rt.set_embedder(Named())
    first = await _answers(rt)
    again = Named()
    rt.set_embedder(again)  # a new index: memory or SQLite, it loads what the journal holds
    assert await _answers(rt) == first
    assert again.seen == QUESTIONS


async def test_another_name_re_embeds_everything_and_keeps_both(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        await _fill(rt, TEXTS)
        rt.set_embedder(Named("bow-64"))
        await rt.query("puppy?")
    async with _open(path) as rt:
        other = Named("bow-64-v2")
        rt.set_embedder(other)
        await rt.query("puppy?")
        assert other.seen == [f"Ann: {t}" for t in TEXTS] + ["puppy?"]
    models = [r[1] for r in _rows(path)]
    assert models.count("bow-64") == models.count("bow-64-v2") == len(TEXTS)


async def test_a_nameless_embedder_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        await _fill(rt, TEXTS)
        for emb in (BagOfWords(), Named(None)):  # no attribute, or name = None
            rt.set_embedder(emb)
            await rt.query("puppy?")
            assert len(emb.seen) == len(TEXTS) + 1
            assert rt._shared.dense[NS].cache is None
    assert _rows(path) == []


async def test_erasure_removes_the_cached_vector_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    secret = "Ann whispered the zanzibar codeword."
    async with _open(path) as rt:
        ids = await _fill(rt, [*TEXTS[:3], secret, *TEXTS[3:]])
        rt.set_embedder(Named())
        rt.scoped("user/bob").set_embedder(Named())  # another namespace's cache stays
        await rt.scoped("user/bob").observe({"content": secret, "actor": "Ann"})
        await rt.scoped("user/bob").query("codeword?")
        await rt.query("codeword?")
        blob = encode(DenseIndex(Named())._vectors([f"Ann: {secret}"])[0])
        vecs = {r[0]: r[3] for r in _rows(path) if r[0] == 4}
        assert len(vecs) == 1 and vecs[4] == blob  # seq 4 of alice is the secret
        receipt = await rt.erase(event_ids=[ids[3]], reason="user asked")
        assert receipt.erased_seqs == (4,)
    with sqlite3.connect(path) as conn:
        alice = conn.execute(
            "SELECT seq FROM dense_vectors WHERE namespace = ? ORDER BY seq", (NS,)
        ).fetchall()
        bob = conn.execute("SELECT count(*) FROM dense_vectors WHERE namespace = 'user/bob'")
        assert [s for (s,) in alice] == [1, 2, 3, 5, 6, 7] and bob.fetchone() == (1,)
    # Bob's copy of the text has the same vector: only the freed bytes of alice's are gone.
    wal = tmp_path / "m.db-wal"
    raw = path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    assert raw.count(blob) == 1
    emb = Named()
    async with _open(path) as rt:
        rt.set_embedder(emb)
        ctx = await rt.query("zanzibar codeword?")
        assert ids[3] not in {s.id for s in ctx.snippets} and "zanzibar" not in ctx.to_prompt()
        assert ids[3] not in rt._shared.dense[NS].ids
    assert emb.seen == ["zanzibar codeword?"]


async def test_erasure_during_embedding_never_reaches_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        ids = await _fill(rt, TEXTS[:2])
        emb = Gated()
        emb.name = "gated"  # type: ignore[attr-defined]
        rt.set_embedder(emb)
        read = asyncio.create_task(rt.query("golden retriever puppy?"))
        assert await asyncio.to_thread(emb.entered.wait, 10)
        await rt.erase(event_ids=[ids[0]], reason="user asked")
        emb.go.set()
        await read
    assert [r[0] for r in _rows(path)] == [2]


def _edit(path: Path, seq: int, how: str) -> None:
    with sqlite3.connect(path) as conn:
        (vec,) = conn.execute("SELECT vec FROM dense_vectors WHERE seq = ?", (seq,)).fetchone()
        sets = {
            "short": ("vec", vec[:-4]),
            "empty": ("vec", b""),
            "nan": ("vec", struct.pack("<f", float("nan")) + vec[4:]),
            "inf": ("vec", vec[:-4] + struct.pack("<f", float("inf"))),
            "not unit": ("vec", struct.pack("<f", 3.0) * (len(vec) // 4)),
            "not bytes": ("vec", "text"),
            "stale digest": ("digest", vector_digest("bow-64", "Ann: something else")),
        }
        column, value = sets[how]
        conn.execute(f"UPDATE dense_vectors SET {column} = ? WHERE seq = ?", (value, seq))


@pytest.mark.parametrize(
    "how", ["short", "empty", "nan", "inf", "not unit", "not bytes", "stale digest"]
)
async def test_a_corrupt_or_stale_row_is_re_embedded_not_used(tmp_path: Path, how: str) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        await _fill(rt, TEXTS)
        rt.set_embedder(Named())
        before = await _answers(rt)
    good = _rows(path)
    _edit(path, 3, how)
    emb = Named()
    async with _open(path) as rt:
        rt.set_embedder(emb)
        after = await _answers(rt)
    assert emb.seen == [f"Ann: {TEXTS[2]}", *QUESTIONS]
    assert [a[:2] for a in map(_ids_scores, after)] == [b[:2] for b in map(_ids_scores, before)]
    assert _rows(path) == good  # repaired


def _ids_scores(ctx: list[tuple[str, float, tuple[str, ...]]]) -> list[Any]:
    return [(i, s) for i, s, _ in ctx]


async def test_cached_vectors_of_another_length_are_all_replaced(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        await _fill(rt, TEXTS[:4])
        rt.set_embedder(Named())
        await rt.query("puppy?")
    async with _open(path) as rt:  # the same name for a 16-dimensional model, one new text
        await _fill(rt, TEXTS[4:5], start=4)
        emb = Short()
        rt.set_embedder(emb)
        ctx = await rt.query("puppy?")
        assert not [s for s in ctx.suppressed if s.id == "channel:dense"]
        assert sorted(emb.seen[:-1]) == sorted(f"Ann: {t}" for t in TEXTS[:5])
        assert rt._shared.dense[NS].dim == 16
    assert {len(r[3]) for r in _rows(path)} == {64}


async def test_an_unusable_cache_costs_embeddings_not_the_read(
    tmp_path: Path, log_events: list[dict[str, str]]
) -> None:
    path = tmp_path / "m.db"
    async with _open(path) as rt:
        await _fill(rt, TEXTS)
        with sqlite3.connect(path) as conn:
            conn.execute("DROP TABLE dense_vectors")
        emb = Named()
        rt.set_embedder(emb)
        ctx = await rt.query("golden retriever puppy?")
        assert not [s for s in ctx.suppressed if s.id == "channel:dense"]
        assert any("dense" in s.channels for s in ctx.snippets)
        assert len(emb.seen) == len(TEXTS) + 1
    events = {e.get("event") for e in log_events}
    assert {"vector cache unreadable", "vector cache not written"} <= events


@pytest.mark.parametrize("name", ["", "   ", 7, b"bow", "x" * 201, "bow\n64", "bow\x0064", ["bow"]])
async def test_an_invalid_name_is_refused_and_changes_nothing(
    rt: MemoryRuntime, name: object
) -> None:
    await _fill(rt, TEXTS[:2])
    kept = Named()
    rt.set_embedder(kept)
    index = rt._shared.dense[NS]
    with pytest.raises(InvalidInput, match=r"^embedder\.name: ") as err:
        rt.set_embedder(Named(name))
    assert err.value.field == "embedder.name"
    assert rt._shared.dense[NS] is index and index.embedder is kept
    assert await rt.journal.load_vectors(NS, "bow-64") == []


def test_embedder_name_reads_an_optional_attribute() -> None:
    assert embedder_name(BagOfWords()) is None
    assert embedder_name(Named(None)) is None
    assert embedder_name(Named("m" * 200)) == "m" * 200

    class Raises(BagOfWords):
        @property
        def name(self) -> str:
            raise RuntimeError("no model loaded")

    with pytest.raises(InvalidInput, match="RuntimeError: no model loaded"):
        embedder_name(Raises())


def test_digests_and_blobs() -> None:
    assert vector_digest("m", "a b") != vector_digest("m2", "a b")
    assert vector_digest("m", "a b") != vector_digest("m", "a c")
    assert vector_digest("m", "a") != vector_digest("m a", "")  # the name ends at a NUL
    unit = np.asarray([0.6, 0.8, 0.0], dtype=np.float32)
    blob = encode(unit)
    assert len(blob) == 12 and blob == struct.pack("<3f", 0.6, 0.8, 0.0)
    mat, ok = decode_rows([blob, bytes(12)], 3)  # a zero vector is one the index stores
    assert ok.tolist() == [True, True] and np.array_equal(mat[0], unit) and not mat[1].any()
    bad = [
        blob[:-4],
        blob + bytes(4),
        b"",
        "text",
        struct.pack("<3f", 1.0, 1.0, 0.0),  # not a unit vector
        struct.pack("<3f", float("nan"), 1.0, 0.0),
        struct.pack("<3f", 0.0, float("-inf"), 0.0),
        struct.pack("<3f", 3e38, 3e38, 0.0),
    ]
    mat, ok = decode_rows([*bad, blob], 3)
    assert ok.tolist() == [False] * len(bad) + [True]
    assert not mat[:-1].any() and np.array_equal(mat[-1], unit)
