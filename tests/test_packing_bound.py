"""Packing skips cutting a candidate that could not fit however it were cut: the bound it
uses (``Packing._least``) never exceeds what the candidate or any excerpt of it counts, and
a read packs the same with and without the skip. A read that packs twice cuts each
candidate once."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarks.workload import observations
from nousmem.projections.excerpt import matcher
from nousmem.projections.retrieval import Packer, Snippet
from nousmem.projections.token_estimate import count_tokens
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.packing import Packing

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)

_WORDS = ["hike", "hiking", "Spain", "museum", "cake", "we", "went", "the", "a", "fun"]
_word = st.sampled_from(_WORDS) | st.from_regex(r"[a-z]{1,8}", fullmatch=True)
_punct = st.sampled_from([".", "!", "?", ",", "", "..."])
_sentence = st.builds(
    lambda ws, p: " ".join(ws) + p, st.lists(_word, min_size=1, max_size=9), _punct
)


def _engine(doc: DocRow) -> Packing:
    eng = object.__new__(Packing)
    eng.proj = SimpleNamespace(docs={doc.event_id: doc})  # type: ignore[assignment]
    return eng


@settings(max_examples=300, deadline=None)
@given(
    sentences=st.lists(_sentence, min_size=1, max_size=6),
    speaker=st.sampled_from(["Ana", "Jean-Luc", "O'Brien", ""]),
    notes=st.sampled_from(["", " (yesterday = 7 May 2023)", " (last week = 1 May 2023; x = y)"]),
    caption=st.booleans(),
    terms=st.lists(st.sampled_from(_WORDS), max_size=3),
    cue=st.sampled_from([None, r"\b[A-Z][a-z]+\b", r"\d+"]),
    bare=st.booleans(),
)
# The tightest case: one one-word sentence kept, one ellipsis ("… fun").
@example(["We went hiking.", "fun"], "Ana", "", False, ["fun"], None, False)
def test_the_bound_is_never_above_the_candidate_or_any_excerpt_of_it(
    sentences: list[str],
    speaker: str,
    notes: str,
    caption: bool,
    terms: list[str],
    cue: str | None,
    bare: bool,
) -> None:
    body = " ".join(sentences) + (" [image: a photo of a cake]" if caption else "")
    lead = f"[8 May 2023] {speaker}: " if speaker else "[8 May 2023] "
    text = lead + body + notes
    doc = DocRow(
        event_id="e1",
        seq=1,
        kind="observation",
        text=text,
        occurred_at=T0,
        ref=None,
        actor=speaker or None,
        notes=len(notes),
        lead=len(lead),
    )
    whole = doc.bare_text if bare else doc.text
    s = Snippet(
        id="e1",
        kind="observation",
        text=whole,
        occurred_at=T0,
        tokens=doc.bare_cost if bare else doc.cost,
        score=0.0,
    )
    eng = _engine(doc)
    least = eng._least(s, bare)
    cut = eng._excerpt(s, matcher(terms), re.compile(cue) if cue else None, bare)
    assert least <= s.tokens
    assert least <= cut.tokens == count_tokens("- " + cut.text)


def test_a_line_that_cannot_fit_is_told_apart_by_its_day() -> None:
    """``could_fit`` prices a line as ``offer`` does: less its day's date once the day is
    open, plus the day's header while it is not."""
    day = "[8 May 2023] "
    packer = Packer(20, grouped=True)
    first = Snippet(
        id="a", kind="observation", text=day + "Ana: one two three", occurred_at=T0, score=0.0
    )
    first = first.model_copy(update={"tokens": count_tokens("- " + first.text)})
    for tokens in range(1, 40):
        fresh = Packer(20, grouped=True)
        probe = first.model_copy(update={"tokens": tokens})
        assert fresh.could_fit(first, tokens) == fresh.offer(probe)
    assert packer.offer(first)
    later = first.model_copy(update={"id": "b"})
    for tokens in range(1, 40):
        trial = Packer(20, grouped=True)
        assert trial.offer(first)
        probe = later.model_copy(update={"tokens": tokens})
        assert trial.could_fit(later, tokens) == trial.offer(probe)
    full = Packer(1000, limit=1)
    assert full.offer(first)
    assert not full.could_fit(later, 1)


async def _chat(rt: MemoryRuntime) -> None:
    lines = [
        "Hey! We went hiking last weekend. It was great. The view was amazing!",
        "Thanks! I baked a cake yesterday. My kids loved it. Want the recipe?",
        "I took this pic in Spain. The museum was huge. So many paintings!",
        "Nice. I'm thinking of hiking again soon. Maybe the coast. Any tips?",
        "Sure! Bring water. Start early. The trail gets busy by noon.",
        "We had a picnic after the hike. The kids played games. Then it rained.",
    ]
    for i in range(60):
        await rt.observe(
            {
                "content": lines[i % len(lines)] + f" Day {i}.",
                "actor": "Ana" if i % 2 else "Ben",
                "occurred_at": T0 + timedelta(hours=7 * i),
                "ref": f"D{i}",
            }
        )


@pytest.mark.parametrize("budget", [60, 150, 400, 1000])
async def test_a_read_packs_the_same_without_the_skip(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with MemoryRuntime.memory() as rt:
        await _chat(rt)
        questions = [
            "What did Ana do on her hike?",
            "Where did Ben take a picture?",
            "What did they bake?",
            "What happened after the picnic?",
        ]
        skipped = 0
        original = Packer.could_fit

        def counting(self: Packer, s: Snippet, tokens: int) -> bool:
            nonlocal skipped
            fits = original(self, s, tokens)
            skipped += not fits
            return fits

        out: dict[str, list[Any]] = {"skip": [], "every": []}
        for mode, could_fit in (("skip", counting), ("every", lambda *_: True)):
            monkeypatch.setattr(Packer, "could_fit", could_fit)
            for q in questions:
                ctx = await rt.query(q, budget_tokens=budget)
                out[mode].append(
                    (ctx.to_prompt(), sorted((x.id, x.reason) for x in ctx.suppressed))
                )
        assert out["skip"] == out["every"]
        if budget < 1000:
            assert skipped > 0  # the skip is exercised, not only allowed


async def test_a_second_packing_reuses_the_first_ones_excerpts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A read whose answer was dropped for budget packs again with the answer first
    (``runtime/asked.py``): the excerpts it already cut are reused, not cut again, and the
    context is the one a read that cuts them again gets."""
    async with MemoryRuntime.memory(namespace="u") as rt:
        for o in observations(3, 400):
            await rt.observe_and_route(o)
        packs: list[int] = []
        cut: list[str] = []
        pack, excerpt = Packing._pack, Packing._excerpt

        def counting_pack(self: Packing, *args: Any, **kwargs: Any) -> Any:
            packs.append(1)
            return pack(self, *args, **kwargs)

        def counting_excerpt(self: Packing, s: Snippet, *args: Any) -> Snippet:
            cut.append(s.id)
            return excerpt(self, s, *args)

        def forgetful(self: Packing, *args: Any, **kwargs: Any) -> Any:
            packs.append(1)
            return pack(self, *args[:5])  # a fresh memo every time, as before

        question = "What is Goran's favourite food, ramen?"
        monkeypatch.setattr(Packing, "_excerpt", counting_excerpt)
        seen = {}
        for name, packing in (("reused", counting_pack), ("again", forgetful)):
            packs.clear()
            cut.clear()
            monkeypatch.setattr(Packing, "_pack", packing)
            ctx = await rt.query(question, budget_tokens=300)
            seen[name] = ([s.id for s in ctx.snippets], ctx.to_prompt())
            assert len(packs) == 2  # the answer displaced the weakest: packed twice
            if name == "reused":
                assert cut and len(cut) == len(set(cut))
            else:
                assert len(cut) > len(set(cut))
        assert seen["reused"] == seen["again"]
