"""Excerpts: past the best candidates, turns enter as the sentences that bear on the question,
so the budget reaches more of the evidence (and the prompt still fits it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nousmem.policies.answer_cues import answer_cue
from nousmem.projections.excerpt import (
    _SEGMENT,
    ELLIPSIS,
    excerpt,
    matcher,
    segments,
    stem,
    window,
)
from nousmem.projections.retrieval import Packer, Snippet, pack
from nousmem.projections.title_points import split_sentences
from nousmem.projections.token_estimate import count_tokens
from nousmem.runtime import MemoryRuntime

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def _tune(rt: MemoryRuntime, **update: Any) -> None:
    cfg = rt._proj.config.retrieval.model_copy(update=update)
    rt._proj.config = rt._proj.config.model_copy(update={"retrieval": cfg})


def test_stem_folds_the_inflections_that_make_a_hit() -> None:
    assert stem("hiking") == stem("hikes") == stem("hike") == stem("hiked")
    assert stem("painted") == stem("painting") == stem("paints") == stem("paint")
    assert stem("studies") == stem("study")
    assert stem("running") == stem("run")
    assert stem("melanie's") == stem("melanie")
    assert stem("class") == stem("classes") == "class"  # a double s is not a plural
    assert stem("paintings") == stem("paint")


def test_excerpt_keeps_the_matching_sentences_and_marks_the_cuts() -> None:
    body = "Hey Ana! Last weekend we went hiking in the hills. It was great. How are you?"
    assert excerpt(segments(body), matcher(["hikes"])) == (
        f"{ELLIPSIS} Last weekend we went hiking in the hills. {ELLIPSIS}"
    )
    two = excerpt(segments(body), matcher(["hikes", "great"]))
    assert two == f"{ELLIPSIS} Last weekend we went hiking in the hills. It was great. {ELLIPSIS}"
    gap = excerpt(segments(body), matcher(["ana", "great"]))
    assert gap == f"Hey Ana! {ELLIPSIS} It was great. {ELLIPSIS}"


def test_matcher_finds_inflections_of_the_terms_only() -> None:
    found = matcher(["hiking", "paintings"])
    assert found is not None
    text = "We hiked, then I painted. Hikers paint; a painter hikes. Chiking pain."
    assert [m.group() for m in found.finditer(text)] == [
        "hiked",
        "painted",
        "Hikers",
        "paint",
        "painter",
        "hikes",
    ]
    assert matcher([]) is None


def test_excerpt_of_a_turn_without_a_match_is_its_first_sentence() -> None:
    body = "Five years already. Time flies! We should celebrate."
    assert excerpt(segments(body), None) == f"Five years already. {ELLIPSIS}"
    assert excerpt(segments(body), matcher(["wedding"])) == f"Five years already. {ELLIPSIS}"


def test_excerpt_leaves_whole_what_it_would_not_shorten() -> None:
    assert excerpt(segments("Just one sentence about hiking here."), matcher(["zzz"])) is None
    assert excerpt(segments("We hiked. The hike was long."), matcher(["hiking"])) is None


def test_an_image_caption_is_a_segment_of_its_own() -> None:
    body = "Look at this! It is from last week. [image: a photo of a dog on a beach]"
    assert (
        excerpt(segments(body), matcher(["dogs"]))
        == f"{ELLIPSIS} [image: a photo of a dog on a beach]"
    )


_piece = st.sampled_from(
    ["Dr", "Mr", "St", "Lee", "Main", "the", "I", "went", "ok", "5th", "[image: a dog]", "ß"]
)
_gap = st.sampled_from([" ", "  ", "\n", " \n ", "\t", "", "\u00a0", "\u2003"])
_mark = st.sampled_from(["", ".", "!", "?", "...", "?!", ",", "."])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(_piece, _mark, _gap), max_size=14))
@example([("Dr", ".", " "), ("Lee", ".", " "), ("I", "", " "), ("went", "?!", "\n")])
@example([("ok", ".", " "), ("[image: a dog]", "", " "), ("Main", "", " "), ("St", ".", " ")])
def test_segments_split_where_the_lookbehind_pattern_does(
    parts: list[tuple[str, str, str]],
) -> None:
    body = "".join(w + m + g for w, m, g in parts).strip()
    slow = tuple(body[a:b] for a, b in split_sentences(body, _SEGMENT))
    assert segments(body) == slow


def test_packer_offers_past_the_first_budget() -> None:
    snips = [
        Snippet(id=f"s{i}", kind="observation", text="word " * 9, score=1.0 - i / 10, tokens=10)
        for i in range(5)
    ]
    packer = Packer(25)
    rest = [s for s in snips if not packer.offer(s)]
    assert [s.id for s in packer.kept] == ["s0", "s1"] and len(rest) == 3
    packer.budget = 40
    assert packer.offer(rest[0]) and not packer.offer(rest[1].model_copy(update={"tokens": 11}))
    assert packer.used == 30
    assert pack(snips, 25)[0] == packer.kept[:2]


async def _trips(rt: MemoryRuntime) -> None:
    """Eight turns about hiking, each padded with chatter that says nothing about it."""
    for i in range(8):
        text = (
            f"Hey Ben, good to hear from you again after so long! I went hiking on trail {i}"
            " with my sister. Anyway, how has work been treating you this month?"
        )
        await rt.observe(
            {"content": text, "actor": "Ana", "occurred_at": T0 + i * DAY, "ref": f"D{i}"}
        )
    for i in range(8):
        await rt.observe(
            {
                "content": "the weather was lovely and we walked along the river",
                "actor": "Ben",
                "occurred_at": T0 + i * DAY,
                "ref": f"F{i}",
            }
        )


@pytest.mark.parametrize("budget", [180, 260])
async def test_excerpts_bring_more_evidence_within_the_budget(
    rt: MemoryRuntime, budget: int
) -> None:
    await _trips(rt)
    _tune(rt, excerpt_share=0.0, worldview_share=0.0)
    whole = await rt.query("Where did Ana go hiking?", budget_tokens=budget)
    assert not any(s.excerpt for s in whole.snippets)
    _tune(rt, excerpt_share=0.5)
    ctx = await rt.query("Where did Ana go hiking?", budget_tokens=budget)
    cut = [s for s in ctx.snippets if s.excerpt]
    assert cut and len(ctx.snippets) > len(whole.snippets)
    assert {r for r in ctx.refs if r.startswith("D")} > {r for r in whole.refs}
    for s in cut:
        # The matching sentence stays, with the speaker and date; the chatter goes.
        assert "I went hiking on trail" in s.text and "Ana: " in s.text
        assert "how has work" not in s.text and ELLIPSIS in s.text
        assert s.tokens == count_tokens("- " + s.text)
    # The best turns stay whole, and the prompt still fits the budget.
    assert not max(ctx.snippets, key=lambda s: s.score).excerpt
    assert ctx.token_count <= budget
    assert count_tokens(ctx.to_prompt()) <= budget


async def test_a_read_with_excerpts_replays_identically(rt: MemoryRuntime) -> None:
    await _trips(rt)
    _tune(rt, excerpt_share=0.5, worldview_share=0.0)
    ctx = await rt.query("Where did Ana go hiking?", budget_tokens=180)
    assert any(s.excerpt for s in ctx.snippets)
    assert ctx.trace_id is not None
    report = await rt.replay_trace(ctx.trace_id)
    assert report.identical and report.context.to_prompt() == ctx.to_prompt()


async def test_turns_are_cut_only_to_make_room_for_others(rt: MemoryRuntime) -> None:
    await _trips(rt)
    _tune(rt, excerpt_share=0.5, worldview_share=0.0)
    whole = await rt.query("Where did Ana go hiking?", budget_tokens=4000)
    # Half the budget would not hold every turn whole; all of it does.
    assert whole.token_count > 200
    ctx = await rt.query("Where did Ana go hiking?", budget_tokens=400)
    assert len([r for r in ctx.refs if r.startswith("D")]) == 8
    assert not any(s.excerpt for s in ctx.snippets)


async def test_an_excerpt_keeps_the_time_notes_of_its_turn(rt: MemoryRuntime) -> None:
    for i in range(8):
        text = (
            f"Hey Ben, good to hear from you again after so long! I went hiking on trail {i}"
            " yesterday with my sister. Anyway, how has work been treating you?"
        )
        await rt.observe(
            {"content": text, "actor": "Ana", "occurred_at": T0 + i * DAY, "ref": f"D{i}"}
        )
    _tune(rt, excerpt_share=0.5, worldview_share=0.0)
    ctx = await rt.query("When did Ana go hiking?", budget_tokens=200)
    cut = [s for s in ctx.snippets if s.excerpt]
    assert cut
    for s in cut:
        day = s.occurred_at - DAY if s.occurred_at else None
        assert day is not None and s.text.endswith(f"(yesterday = {day.day} May 2023)")
        assert "how has work" not in s.text


@pytest.mark.parametrize("source", ["tool:search", "email:ana@example.org", "web"])
async def test_an_excerpt_keeps_who_said_it(rt: MemoryRuntime, source: str) -> None:
    # The source stands for the speaker when there is no actor, whatever it is spelled like.
    _tune(rt, excerpt_share=0.5, worldview_share=0.0)
    for i in range(8):
        text = (
            f"Results loaded fine. Nothing else to report here at all today. Trail {i} is a"
            " hiking route in the hills. More results follow below in the next page."
        )
        await rt.observe(
            {"content": text, "source": source, "occurred_at": T0 + i * timedelta(days=1)}
        )
    ctx = await rt.query("Which hiking trails are there?", budget_tokens=200)
    cut = [s for s in ctx.snippets if s.excerpt]
    assert cut
    assert all(f"({source}) " in s.text and "Trail" in s.text for s in cut)


@pytest.mark.parametrize(
    ("question", "found"),
    [
        ("Where did Ana grow up?", "in Lund"),
        ("What European countries has Maria been to?", "to England"),
        ("Who gave Maria's family money?", "aunt"),
        ("What people has Maria met?", "named David"),
        ("How many dogs does Ana have?", "2"),
        ("How long did the studio take?", "six"),
    ],
)
def test_a_question_names_the_kind_of_word_its_answer_holds(question: str, found: str) -> None:
    cue = answer_cue(question)
    assert cue is not None
    text = "Hey Ben, so glad! We went to England, I met someone named David in Lund. My aunt"
    text += " has 2 dogs and six cats."
    assert any(found in m.group() for m in cue.finditer(text))


@pytest.mark.parametrize(
    "question",
    [
        "What did Ana paint?",
        "When did Ana go hiking?",
        "Why did Ana move?",
        # About one book, not asking for titles.
        'What did Caroline take away from the book "Becoming Nicole"?',
    ],
)
def test_most_questions_name_no_kind_of_word(question: str) -> None:
    assert answer_cue(question) is None


@pytest.mark.parametrize(
    ("question", "found"),
    [
        ("What musical artists/bands has Melanie seen?", "Matt Patterson"),
        ("What books has Melanie read?", '"Charlotte\'s Web"'),
        ("Which songs does Ana like?", '"Charlotte\'s Web"'),
    ],
)
def test_a_question_for_works_cues_a_title_or_a_full_name(question: str, found: str) -> None:
    cue = answer_cue(question)
    assert cue is not None
    text = 'Thanks, Caroline! It was Matt Patterson, he is so talented! I read "Charlotte\'s Web".'
    assert found in [m.group() for m in cue.finditer(text)]
    # One capitalised word is a name addressed or a sentence's first word, not a title, and
    # a greeting or a day is none either.
    assert cue.search("Thanks, Caroline! Wow, so cool.") is None
    assert cue.search("Hey Caroline! Last Friday was fun.") is None


def test_a_place_cue_skips_the_name_a_greeting_addresses() -> None:
    cue = answer_cue("Where is Ana from?")
    assert cue is not None
    assert cue.search("Thanks, Melanie! Hey John, talk soon.") is None
    assert cue.search("my home country, Sweden.") is not None


def test_without_a_matching_sentence_the_excerpt_is_the_words_around_the_cue() -> None:
    body = (
        "Thanks, Melanie! This necklace is special to me - a gift from my grandma in my home"
        " country, Sweden. She gave it to me when I was young."
    )
    cue = answer_cue("Where did Caroline move from?")
    assert excerpt(segments(body), matcher(["move"]), cue) == (
        f"{ELLIPSIS} my grandma in my home country, Sweden. {ELLIPSIS}"
    )
    # The question's own words still decide first; a cue that finds nothing leaves the first
    # sentence.
    assert excerpt(segments(body), matcher(["young"]), cue) == (
        f"{ELLIPSIS} She gave it to me when I was young."
    )
    assert excerpt(segments(body), matcher(["move"]), answer_cue("How many?")) == (
        f"Thanks, Melanie! {ELLIPSIS}"
    )


def test_a_window_keeps_five_words_either_side_and_whole_words() -> None:
    seg = "one two three four five six seven in Paris, eight nine ten eleven twelve thirteen"
    start = seg.index("in Paris")
    assert window(seg, start, start + len("in Pari")) == (
        f"{ELLIPSIS} three four five six seven in Paris, eight nine ten eleven twelve {ELLIPSIS}"
    )


async def test_a_cut_turn_shows_the_place_a_where_question_asks_for(rt: MemoryRuntime) -> None:
    cities = ["Lund", "Oslo", "Bergen", "Turku", "Malmo", "Aarhus", "Tampere", "Uppsala"]
    for i, city in enumerate(cities):
        text = (
            f"Thanks so much, Ben, that means a lot to me! This necklace number {i} came from"
            f" my grandma back in {city}. Talk soon, okay?"
        )
        await rt.observe(
            {"content": text, "actor": "Ana", "occurred_at": T0 + i * DAY, "ref": f"D{i}"}
        )
    _tune(rt, excerpt_share=0.5, worldview_share=0.0)
    ctx = await rt.query("Where did Ana grow up?", budget_tokens=150)
    cut = [s for s in ctx.snippets if s.excerpt]
    assert len(cut) >= 2
    for s in cut:
        assert "came from my grandma back in" in s.text and "Thanks so much" not in s.text
    # A question whose answer is no place keeps the first sentence, as before.
    other = await rt.query("What did Ana get?", budget_tokens=150)
    assert all("Thanks so much, Ben" in s.text for s in other.snippets if s.excerpt)
    assert ctx.trace_id is not None
    report = await rt.replay_trace(ctx.trace_id)
    assert report.identical
