"""A single value that comes back (Lyon, then Clermont-Ferrand, then Lyon again) keeps every
period it held its slot, and a question about an earlier time is shown what the slot held
then beside what it holds now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from nousmem.policies import plan_query
from nousmem.projections.belief_models import match_key
from nousmem.projections.supersession import Sup, closed_spans, note_change
from nousmem.runtime import MemoryRuntime

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def when(day: int) -> datetime:
    return T0 + timedelta(days=day)


@given(st.lists(st.sampled_from(["Lyon", "Paris", "Rome"]), min_size=1, max_size=12))
def test_closed_spans_are_the_runs_that_ended(modes: list[str]) -> None:
    """Oracle: the slot's modes in order; a value's closed spans are its runs that a later
    mode ended, each from the run's first day (the first run from the first assertion)."""
    sup: dict[str, list[Sup]] = {}
    before: str | None = None
    for i, mode in enumerate(modes):
        note_change(sup, match_key, i + 1, when(i), before, mode)
        before = mode
    for value in set(modes):
        expected = []
        start = None
        for i, mode in enumerate(modes):
            if mode == value and start is None:
                start = when(i)
            elif mode != value and start is not None:
                expected.append((start, when(i)))
                start = None
        first = when(modes.index(value))
        assert closed_spans(match_key(value), sup.items(), first) == expected


def test_closed_spans_of_a_value_that_never_held_the_slot() -> None:
    assert closed_spans("rome", [("lyon", [(2, when(1), "Paris")])], when(0)) == []


async def _moves(rt: MemoryRuntime) -> None:
    for day, text in [
        ("2026-01-08", "I live in Lyon."),
        ("2026-03-02", "I moved to Clermont-Ferrand."),
        ("2026-06-07", "I moved back to Lyon."),
        ("2026-07-01", "I live in Lyon."),
    ]:
        await rt.observe_and_route(
            {"content": text, "actor": "user", "source": "user", "occurred_at": f"{day}T10:00Z"}
        )


async def test_a_returning_value_keeps_its_first_span(rt: MemoryRuntime) -> None:
    await _moves(rt)
    (slot,) = [s for s in (await rt.worldview("historical")).slots if s.key == "user.location"]
    by_value = {c.value: c for c in slot.candidates}
    lyon, clermont = by_value["Lyon"], by_value["Clermont-Ferrand"]
    assert lyon.valid_from == datetime(2026, 6, 7, 10, tzinfo=UTC) and lyon.valid_to is None
    assert lyon.earlier == (
        (datetime(2026, 1, 8, 10, tzinfo=UTC), datetime(2026, 3, 2, 10, tzinfo=UTC)),
    )
    assert clermont.status == "superseded" and clermont.earlier == ()
    ctx = await rt.query("Where have I lived?", lens="historical", actor="user")
    assert (
        "Lyon (since 7 June 2026; also 8 January 2026 - 2 March 2026); "
        "Clermont-Ferrand (2 March 2026 - 7 June 2026) [superseded]"
    ) in ctx.to_prompt()


async def test_a_question_about_an_earlier_time_sees_what_the_slot_held(
    rt: MemoryRuntime,
) -> None:
    await _moves(rt)
    for question in ("Where did I live in March?", "Where did I live before?"):
        ctx = await rt.query(question, actor="user")
        assert ctx.plan["past"] is True
        lines = [ln for ln in ctx.to_prompt().splitlines() if "user.location" in ln]
        # The present line as a present read has it, then the periods before, newest first.
        assert lines == [
            "- fact user.location: Lyon (since 7 June 2026)",
            "- fact user.location before: Clermont-Ferrand (2 March 2026 - 7 June 2026);"
            " Lyon (8 January 2026 - 2 March 2026)",
        ]
        # What the slot held before is listed, not selected.
        (slot,) = [s for s in ctx.worldview.slots if s.key == "user.location"]
        assert slot.selected == ("Lyon",) and ctx.worldview.past
    now = await rt.query("Where do I live?", actor="user")
    assert now.plan["past"] is False
    line = next(ln for ln in now.to_prompt().splitlines() if "user.location" in ln)
    assert line == "- fact user.location: Lyon (since 7 June 2026)"


async def test_an_invalidated_value_stays_hidden_from_a_question_about_the_past(
    rt: MemoryRuntime,
) -> None:
    await _moves(rt)
    wv = await rt.worldview("historical")
    (slot,) = [s for s in wv.slots if s.key == "user.location"]
    target = next(c.id for c in slot.candidates if c.value == "Clermont-Ferrand")
    await rt.forget([target], "invalidate", reason="never lived there")
    ctx = await rt.query("Where did I live before?", actor="user")
    assert "Clermont-Ferrand" not in next(
        ln for ln in ctx.to_prompt().splitlines() if "user.location" in ln
    )


def test_the_planner_reads_questions_about_an_earlier_time() -> None:
    ref = datetime(2026, 7, 1, 12, tzinfo=UTC)

    def past(q: str) -> bool:
        return plan_query(q, lens="associative", known_entities=(), ref_time=ref).past

    assert past("Where did I live in March?")
    assert past("What did I eat yesterday?")
    assert past("Where did Bob work previously?")
    assert past("What music did I use to like?")
    assert past("What was my old job?")
    assert past("Where was I living when we first talked?")
    assert past("Where did I live before?")
    assert not past("Where do I live?")
    assert not past("What are my plans for next week?")
    assert not past("What should I do today?")
    # A time relative to something else, a remark after the question, a present marker,
    # words that name no time.
    assert not past("What's my current job before I go?")
    assert not past("What did Caroline do before the parade?")
    assert not past("Where do I live? I asked before")
    assert not past("Do I still work at Globex or not anymore?")
    assert not past("What is my history teacher's name?")
    assert not past("Do I have any prior commitments?")
    assert not past("What was Melanie's reaction to the concert?")
    assert not past("What kind of food did Maria have at the party?")
    assert past("What was Melanie's job?")
    assert past("What was my title?") and past("Who was my boss?")
    assert past("What was my home city?") and past("Where was I based?")
    assert not past("Was my wife at the party?")
    assert not past("Who did John work with?")
    assert not past("What was John's old area?")
    assert not past("What was my boss's reaction?")
    assert not past("What was my office party like?")
    assert past("Who was my ex?")
    # "last name" is the surname; a curly apostrophe is an apostrophe; a time in a remark
    # after the question is not the question's.
    assert not past("What is my last name?") and not past("What's my first name?")
    assert past("What was my last name before I got married?")
    assert past("What was Bruno\u2019s old job?") and past("What was my ex\u2019s job?")
    assert not past("Where do I work? I told you yesterday.")
    assert past("Where did I work yesterday? Just curious.")


async def test_a_question_about_the_past_replays_identically(rt: MemoryRuntime) -> None:
    await _moves(rt)
    ctx = await rt.query("Where did I live in March?", actor="user")
    assert ctx.trace_id is not None
    rep = await rt.replay_trace(ctx.trace_id)
    assert rep.identical and rep.present_identical is True


async def test_a_small_budget_keeps_the_present_line_of_a_past_question(
    rt: MemoryRuntime,
) -> None:
    cities = ["Saint-Rémy-de-Provence", "Villeneuve-lès-Avignon", "Aix-en-Provence",
              "Clermont-Ferrand", "Boulogne-Billancourt"]  # fmt: skip
    for i, city in enumerate(cities):
        verb = "live in" if i == 0 else "moved to"
        await rt.observe_and_route(
            {"content": f"I {verb} {city}.", "actor": "user", "source": "user",
             "occurred_at": f"2026-0{i + 1}-02T10:00Z"}
        )  # fmt: skip
    ctx = await rt.query("Where did I live before?", actor="user", budget_tokens=300)
    lines = [ln for ln in ctx.to_prompt().splitlines() if "user.location" in ln]
    assert lines[0] == "- fact user.location: Boulogne-Billancourt (since 2 May 2026)"


async def test_the_asked_period_comes_first(rt: MemoryRuntime) -> None:
    cities = ["Lyon", "Paris", "Rome", "Berlin", "Madrid", "Oslo", "Vienna", "Prague", "Turin",
              "Porto"]  # fmt: skip
    for i, city in enumerate(cities):
        await rt.observe_and_route(
            {"content": f"I moved to {city}.", "actor": "user", "source": "user",
             "occurred_at": f"2026-{i + 1:02d}-02T10:00Z"}
        )  # fmt: skip
    ctx = await rt.query("Where did I live in January?", actor="user")
    before = next(ln for ln in ctx.to_prompt().splitlines() if "location before:" in ln)
    assert before.split(": ", 1)[1].startswith("Lyon (2 January 2026 - 2 February 2026)")


async def test_a_period_that_only_touches_the_asked_one_does_not_come_first(
    rt: MemoryRuntime,
) -> None:
    # Moves dated at midnight UTC (a date-only import): Nice starts as 2023 ends and Paris
    # ends as it starts; only Lyon's period is inside 2023 (both are half-open).
    moves = [("2022", "I live in Paris."), ("2023", "I moved to Lyon."),
             ("2024", "I moved to Nice."), ("2025", "I moved to Berlin.")]  # fmt: skip
    for year, text in moves:
        await rt.observe_and_route(
            {"content": text, "actor": "user", "occurred_at": f"{year}-01-01T00:00Z"}
        )
    ctx = await rt.query("Where did I live in 2023?", actor="user")
    before = next(ln for ln in ctx.to_prompt().splitlines() if "location before:" in ln)
    assert before.split(": ", 1)[1].startswith("Lyon (1 January 2023 - 1 January 2024)")


async def test_a_replaced_standing_instruction_is_no_history(rt: MemoryRuntime) -> None:
    for day, text in [
        ("01-08", "Always answer in French."),
        ("03-02", "Reply in English from now on."),
    ]:
        await rt.observe_and_route(
            {"content": text, "actor": "user", "source": "user",
             "occurred_at": f"2026-{day}T10:00Z"}
        )  # fmt: skip
    ctx = await rt.query("Where did I live before?", actor="user")
    assert "French" not in ctx.to_prompt()


def test_a_merge_carrying_the_same_moves_counts_them_once() -> None:
    # The kept entity's records again at the merge's seq (9): one span each, in time order.
    own: list[Sup] = [(2, when(1), "Paris"), (3, when(5), None)]
    carried = [(9, t, by) for _, t, by in own]
    theirs: list[Sup] = [(4, when(3), "Lyon")]
    spans = closed_spans("lyon", [("lyon", own + carried), ("paris", theirs)], when(0))
    assert spans == [(when(0), when(1))]


async def test_a_period_ends_when_the_value_after_it_was_said_to_begin(
    rt: MemoryRuntime,
) -> None:
    """ "Ana moved to Lisbon last week": Porto's period ends as Lisbon's line begins (the week
    of 26 January), not on the day memory was told; undated, it ends on that day."""
    for day, text in [
        ("2026-01-06", "My sister Ana lives in Porto."),
        ("2026-02-03", "Ana moved to Lisbon last week."),
        ("2026-01-06", "I live in Leeds."),
        ("2026-02-03", "I moved to York."),
    ]:
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": f"{day}T10:00Z"}
        )
    prompt = (await rt.query("Where did Ana live in January?", actor="Sam")).to_prompt()
    assert "- fact Ana.location: Lisbon (since the week of 26 January 2026)" in prompt
    assert (
        "- fact Ana.location before: Porto (6 January 2026 - the week of 26 January 2026)" in prompt
    )
    view = await rt.worldview("historical")
    lines = view.render().splitlines()
    assert any(
        ln.endswith("Porto (6 January 2026 - the week of 26 January 2026) [superseded]")
        for ln in lines
    )
    assert any(ln.endswith("Leeds (6 January 2026 - 3 February 2026) [superseded]") for ln in lines)
