"""The dense channel: a user-supplied embedder, its shared index, erasure and failures."""

from __future__ import annotations

import asyncio
import math
import threading
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.dense import DenseIndex, embed_text
from nousmem.runtime.docrows import DocRow
from tests.helpers import BagOfWords

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


class Broken:
    def __init__(self, result: object = None, exc: Exception | None = None) -> None:
        self.result, self.exc = result, exc

    def embed(self, texts: Sequence[str]) -> object:
        if self.exc is not None:
            raise self.exc
        return self.result


PUPPY = "We adopted a golden retriever puppy."


async def _two(rt: MemoryRuntime) -> list[str]:
    a = await rt.observe_and_route({"content": PUPPY, "actor": "Ann", "occurred_at": T0})
    b = await rt.observe_and_route(
        {
            "content": "The quarterly budget review went fine.",
            "actor": "Ann",
            "occurred_at": T0 + DAY,
        }
    )
    return [a.observation_id, b.observation_id]


def _dense_ids(ctx: object) -> list[str]:
    return [s.id for s in ctx.snippets if "dense" in s.channels]  # type: ignore[attr-defined]


async def test_observations_are_embedded_once_each(rt: MemoryRuntime) -> None:
    await _two(rt)
    emb = BagOfWords()
    rt.set_embedder(emb)
    await rt.query("golden retriever puppy?")
    assert len(emb.seen) == 3  # two observations, one question
    await rt.query("budget review?")
    assert len(emb.seen) == 4  # only the new question
    await rt.observe_and_route(
        {"content": "Ann bought a leash.", "actor": "Ann", "occurred_at": T0 + 2 * DAY}
    )
    await rt.query("leash?")
    assert emb.seen[-2:] == ["Ann: Ann bought a leash.", "leash?"]  # no date prefix


async def test_every_view_of_a_namespace_shares_the_embedder(rt: MemoryRuntime) -> None:
    ids = await _two(rt)
    rt.set_embedder(BagOfWords())
    other = rt.scoped(rt.namespace)
    ctx = await other.query("golden retriever puppy adopted?")
    assert _dense_ids(ctx)[0] == ids[0]
    other.set_embedder(None)
    assert _dense_ids(await rt.query("golden retriever puppy adopted?")) == []
    # Another namespace has its own (none here).
    elsewhere = rt.scoped("user/bob")
    await elsewhere.observe_and_route({"content": PUPPY, "actor": "Bob", "occurred_at": T0})
    rt.set_embedder(BagOfWords())
    assert _dense_ids(await elsewhere.query("golden retriever puppy?")) == []


async def test_as_of_reads_never_see_later_observations_through_dense(rt: MemoryRuntime) -> None:
    ids = await _two(rt)
    rt.set_embedder(BagOfWords())
    first = (await rt.head()).seq
    for i in range(3):
        await rt.observe_and_route(
            {"content": PUPPY, "actor": "Cy", "occurred_at": T0 + (3 + i) * DAY}
        )
    ctx = await rt.query("golden retriever puppy adopted?", as_of=1)
    assert set(_dense_ids(ctx)) <= {ids[0]}
    ctx = await rt.query("golden retriever puppy adopted?", as_of=T0 + DAY)
    assert ids[0] in _dense_ids(ctx)
    seqs = {s.seq for s in ctx.snippets}
    assert max(s for s in seqs if s is not None) <= first


async def test_erasure_drops_vectors_but_keeps_the_embedder(rt: MemoryRuntime) -> None:
    ids = await _two(rt)
    emb = BagOfWords()
    rt.set_embedder(emb)
    await rt.query("golden retriever puppy?")
    await rt.erase(event_ids=[ids[0]], reason="user asked")
    index = rt._shared.dense[rt.namespace]
    assert ids[0] not in index.ids and len(index) == 1 and index.vectors.shape[0] == 1
    new = await rt.observe_and_route(
        {
            "content": "A golden retriever puppy visited.",
            "actor": "Ann",
            "occurred_at": T0 + 3 * DAY,
        }
    )
    ctx = await rt.query("golden retriever puppy?")
    dense = _dense_ids(ctx)
    assert dense[0] == new.observation_id and ids[0] not in dense
    assert "adopted" not in ctx.to_prompt()


async def test_a_failing_embedder_costs_the_read_its_dense_channel_only(
    rt: MemoryRuntime,
) -> None:
    await _two(rt)
    plain = await rt.query("golden retriever puppy?")
    cases = [
        (Broken(exc=RuntimeError("model offline")), "RuntimeError: model offline"),
        (Broken(result=[[1.0, 2.0]]), "shape (1, 2) for 2 text(s)"),
        (Broken(result="not numbers"), "no numeric matrix"),
        (Broken(result=[[float("nan")], [1.0]]), "NaN"),
    ]
    for embedder, why in cases:
        rt.set_embedder(embedder)  # type: ignore[arg-type]
        ctx = await rt.query("golden retriever puppy?")
        failed = [s for s in ctx.suppressed if s.id == "channel:dense"]
        assert len(failed) == 1 and why in failed[0].reason, (why, failed)
        assert [s.id for s in ctx.snippets] == [s.id for s in plain.snippets]
        trace = await rt.trace(ctx.trace_id)  # type: ignore[arg-type]
        assert any(s["id"] == "channel:dense" for s in trace.payload.suppressed)


async def test_a_changed_vector_length_is_refused(rt: MemoryRuntime) -> None:
    await _two(rt)
    rt.set_embedder(BagOfWords())
    await rt.query("puppy?")

    class Shorter(BagOfWords):
        def embed(self, texts: Sequence[str]) -> list[list[float]]:
            return [v[:8] for v in super().embed(texts)]

    index = rt._shared.dense[rt.namespace]
    index.embedder = Shorter()
    ctx = await rt.query("puppy?")
    assert any("length 8" in s.reason for s in ctx.suppressed if s.id == "channel:dense")


def _row(i: int) -> DocRow:
    return DocRow(
        event_id=f"e{i:03d}",
        seq=i + 1,
        kind="observation",
        text=f"t{i}",
        occurred_at=T0 + i * DAY,
        ref=None,
        actor=None,
    )


class Table:
    """Embeds ``t<i>`` as row ``i`` of a fixed matrix."""

    def __init__(self, vecs: list[list[float]]) -> None:
        self.vecs = vecs

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self.vecs[int(t[1:])] if t.startswith("t") else self.vecs[-1] for t in texts]


@settings(max_examples=60, deadline=None)
@given(
    vecs=st.lists(
        st.lists(st.integers(-3, 3).map(float), min_size=3, max_size=3).filter(any),
        min_size=2,
        max_size=40,
    ),
    limit=st.integers(1, 12),
    as_of=st.integers(0, 45),
    hidden=st.sets(st.integers(0, 40)),
    chunks=st.lists(st.integers(1, 40), max_size=4),
    erased=st.sets(st.integers(0, 40), max_size=5),
)
def test_rank_equals_a_brute_force_sort(
    vecs: list[list[float]],
    limit: int,
    as_of: int,
    hidden: set[int],
    chunks: list[int],
    erased: set[int],
) -> None:
    """Top ``limit`` by (similarity desc, id asc), in view and admitted: ties included;
    whether rows arrive in one go or in several reads, and after some are erased."""
    rows = [_row(i) for i in range(len(vecs) - 1)]  # the last vector is the question's
    index = DenseIndex(Table(vecs))

    async def run() -> list[str]:
        nonlocal rows
        for end in sorted(chunks):  # reads between writes see growing prefixes of the docs
            prefix = {r.event_id: r for r in rows[:end]}
            await index.catch_up(lambda p=prefix: p)  # type: ignore[misc]
        index.drop(f"e{i:03d}" for i in erased)
        rows = [r for r in rows if int(r.event_id[1:]) not in erased]
        await index.catch_up(lambda: {r.event_id: r for r in rows})
        assert index.ids == tuple(r.event_id for r in rows)
        return await index.rank(
            "question",
            as_of_seq=as_of,
            as_of_time=None,
            admit=lambda e: int(e[1:]) not in hidden,
            limit=limit,
        )

    got = asyncio.run(run())
    m = np.asarray(vecs, dtype=np.float64)
    m = (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)
    # Exact dot products of the stored float32 vectors (fsum), rounded as the index rounds.
    q = [float(x) for x in m[-1]]
    sims = [
        round(math.fsum(float(a) * b for a, b in zip(row, q, strict=True)), 12) for row in m[:-1]
    ]
    expect = sorted(
        (r for r in rows if r.seq <= as_of and int(r.event_id[1:]) not in hidden),
        key=lambda r: (-sims[int(r.event_id[1:])], r.event_id),
    )
    assert got == [r.event_id for r in expect][:limit]


async def test_event_time_views_are_exact_to_the_microsecond() -> None:
    rows = [
        DocRow("e000", 1, "observation", "t0", T0, None, None),
        DocRow("e001", 2, "observation", "t1", T0 + timedelta(microseconds=1), None, None),
    ]
    index = DenseIndex(Table([[1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0]]))
    await index.catch_up(lambda: {r.event_id: r for r in rows})

    async def at(t: datetime) -> list[str]:
        return await index.rank("q", as_of_seq=2, as_of_time=t, admit=lambda e: True, limit=5)

    assert await at(T0) == ["e000"]
    assert await at(T0 + timedelta(microseconds=1)) == ["e000", "e001"]
    assert await at(T0 - timedelta(microseconds=1)) == []


class Gated(BagOfWords):
    """Embeds in the worker thread only once the test lets it (to interleave an erasure)."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.go = threading.Event()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if len(texts) > 1:
            self.entered.set()
            assert self.go.wait(10)
        return super().embed(texts)


async def test_embedding_runs_off_the_loop_and_an_erasure_meanwhile_wins(
    rt: MemoryRuntime,
) -> None:
    ids = await _two(rt)
    emb = Gated()
    rt.set_embedder(emb)
    read = asyncio.create_task(rt.query("golden retriever puppy?"))
    # The loop stays free while the model runs in its thread.
    assert await asyncio.to_thread(emb.entered.wait, 10)
    await rt.erase(event_ids=[ids[0]], reason="user asked")
    emb.go.set()
    ctx = await read
    index = rt._shared.dense[rt.namespace]
    assert index.ids == (ids[1],)  # the erased event's vector never entered the index
    assert ids[0] not in {s.id for s in ctx.snippets}


def test_the_model_sees_speaker_and_words_without_dates() -> None:
    notes = " (yesterday = 7 May 2023)"
    text = "[8 May 2023] Ann: I went hiking yesterday [image: a hill]" + notes
    doc = DocRow("e1", 1, "observation", text, T0, None, "Ann", notes=len(notes))
    assert embed_text(doc) == "Ann: I went hiking yesterday [image: a hill]"
    plain = DocRow("e2", 2, "observation", "no prefix [x] here", T0, None, None)
    assert embed_text(plain) == "no prefix [x] here"


class Synonyms:
    """Puts "dog" and "puppy" on one axis, every other word on a hashed one."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            vec = [0.0] * 32
            for word in text.lower().replace("?", " ").replace(".", " ").split():
                vec[0 if word in ("dog", "puppy") else 1 + sum(map(ord, word)) % 31] += 1.0
            out.append(vec)
        return out


async def test_a_dense_hit_brings_the_reply_after_it(rt: MemoryRuntime) -> None:
    turns = [
        ("Ann", "We adopted a puppy last week.", "adopt"),
        ("Ben", "Wonderful, what is its name?", "ask"),
        ("Ann", "Biscuit, after my grandmother's recipe.", "name"),
    ]
    for i, (who, text, ref) in enumerate(turns):
        at = T0 + timedelta(minutes=i)
        await rt.observe({"content": text, "actor": who, "occurred_at": at, "ref": ref})
    for i in range(6):  # unrelated days, so the context has a choice
        await rt.observe(
            {
                "content": f"Filler chat number {i} about the weather.",
                "actor": "Ben",
                "occurred_at": T0 + (i + 2) * DAY,
                "ref": f"f{i}",
            }
        )
    rt.set_embedder(Synonyms())
    ctx = await rt.query("Tell me about the dog", budget_tokens=120)
    assert "adopt" in ctx.refs  # dense only: no word in common
    adopt = next(s for s in ctx.snippets if "adopt" in s.refs)
    assert "lexical" not in adopt.channels and "dense" in adopt.channels
    # The turns after it are lent a share of the dense hit's score (no word matched at all).
    lent = [s for s in ctx.snippets if s.refs[0] in ("ask", "name") and "neighbor" in s.channels]
    assert lent
    rt.set_embedder(None)
    assert "adopt" not in (await rt.query("Tell me about the dog", budget_tokens=120)).refs
