"""A question about an earlier time sees what a multi-valued slot held before: the values
it no longer holds, each from when it was said until it was denied, on a ``before:`` line
after the slot's present line (a slot that holds nothing now gets that line alone)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
SAID = [
    (0, "I love jazz."),
    (5, "I play tennis."),
    (10, "I also love rock music."),
    (40, "I don't like jazz anymore."),
    (50, "I stopped playing tennis."),
    (60, "I love hip hop."),
]
NOW = "- preference user.likes: hip hop (since 30 April 2024); rock music (since 11 March 2024)"
JAZZ = "- preference user.likes before: jazz (1 March 2024 - 10 April 2024)"
TENNIS = "- fact user.hobby before: tennis (6 March 2024 - 20 April 2024)"


async def _told(rt: MemoryRuntime) -> None:
    for days, text in SAID:
        await rt.observe_and_route(
            {"content": text, "actor": "user", "occurred_at": T0 + timedelta(days=days)}
        )


async def _snapshot(rt: MemoryRuntime, question: str) -> list[str]:
    ctx = await rt.query(question, actor="user")
    return ctx.prompt_sections["worldview"].splitlines()


async def test_a_past_question_lists_the_values_no_longer_held(rt: MemoryRuntime) -> None:
    await _told(rt)
    lines = await _snapshot(rt, "What music did I use to like, and what sports did I play?")
    assert lines.index(JAZZ) == lines.index(NOW) + 1
    assert TENNIS in lines  # nothing held now: the before line alone
    assert not any(ln.startswith("- fact user.hobby:") for ln in lines)
    # A question about March sees jazz (held then) before anything else of the slot.
    assert JAZZ in await _snapshot(rt, "What did I like in March 2024?")


async def test_a_present_question_gets_no_before_line(rt: MemoryRuntime) -> None:
    await _told(rt)
    lines = await _snapshot(rt, "What music do I like?")
    assert NOW in lines
    assert not any("before:" in ln or "jazz" in ln for ln in lines)


async def test_a_value_only_ever_denied_has_no_period(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I love rock music.", "actor": "user", "occurred_at": T0}
    )
    await rt.observe_and_route(
        {"content": "I don't like jazz.", "actor": "user", "occurred_at": T0 + timedelta(days=3)}
    )
    lines = await _snapshot(rt, "What music did I use to like?")
    assert not any("before:" in ln for ln in lines), lines


async def test_the_before_line_survives_a_rebuild(rt: MemoryRuntime) -> None:
    await _told(rt)
    live = await _snapshot(rt, "What music did I use to like?")
    await rt.rebuild()
    assert await _snapshot(rt, "What music did I use to like?") == live


async def test_a_value_taken_up_again_keeps_its_earlier_period(rt: MemoryRuntime) -> None:
    said = [(0, "I play tennis."), (31, "I play chess."), (151, "I stopped playing tennis."),
            (366, "I play tennis again.")]  # fmt: skip
    start = datetime(2023, 1, 1, 10, 0, tzinfo=UTC)
    for days, text in said:
        await rt.observe_and_route(
            {"content": text, "actor": "user", "occurred_at": start + timedelta(days=days)}
        )
    historical = (await rt.worldview(lens="historical")).render()
    assert "tennis (since 2 January 2024; also 1 January 2023 - 1 June 2023)" in historical
    lines = await _snapshot(rt, "What hobbies did I have in March 2023?")
    assert "- fact user.hobby before: tennis (1 January 2023 - 1 June 2023)" in lines


async def test_a_cut_list_says_how_many_it_leaves_out(rt: MemoryRuntime) -> None:
    games = ["tennis", "chess", "golf", "squash", "cricket", "rugby"]
    for i, game in enumerate(games):
        await rt.observe_and_route(
            {"content": f"I play {game}.", "actor": "user", "occurred_at": T0 + timedelta(days=i)}
        )
    line = next(ln for ln in (await rt.worldview()).render().splitlines() if "user.hobby" in ln)
    assert line.endswith(" (+2 more)") and line.count(" (since ") == 4
    # The line the snapshot shows the reader is marked the same way.
    lines = await _snapshot(rt, "What are all of my hobbies?")
    assert any(ln.startswith("- fact user.hobby:") and ln.endswith("(+2 more)") for ln in lines)


async def test_a_value_dropped_many_times_does_not_crowd_the_others_out(
    rt: MemoryRuntime,
) -> None:
    said = [(0, "I play golf."), (30, "I stopped playing golf.")]
    for i in range(5):
        again = "I play tennis." if i == 0 else "I play tennis again."
        said += [(40 + 40 * i, again), (60 + 40 * i, "I stopped playing tennis.")]
    start = datetime(2023, 1, 1, 10, 0, tzinfo=UTC)
    for days, text in said:
        await rt.observe_and_route(
            {"content": text, "actor": "user", "occurred_at": start + timedelta(days=days)}
        )
    lines = await _snapshot(rt, "What hobbies did I use to have?")
    before = next(ln for ln in lines if ln.startswith("- fact user.hobby before:"))
    assert "golf (1 January 2023 - 31 January 2023)" in before
    assert before.count("tennis (") == 3 and before.endswith(" (+2 more)")


async def test_a_history_lens_dates_each_period_once(rt: MemoryRuntime) -> None:
    # The historical lens shows jazz, dated, on the slot's own line: a before line would
    # say it twice.
    await _told(rt)
    for lens in ("historical", "audit"):
        ctx = await rt.query("What music did I use to like?", actor="user", lens=lens)
        snapshot = ctx.prompt_sections["worldview"]
        assert snapshot.count("jazz (1 March 2024 - 10 April 2024)") == 1, lens
        assert "user.likes before:" not in snapshot, lens


async def test_a_history_lens_before_line_names_only_what_the_cut_left_out(
    rt: MemoryRuntime,
) -> None:
    cities = ["Lyon", "Nice", "Rome", "Oslo", "Bern", "Riga"]
    for i, city in enumerate(cities):
        await rt.observe_and_route(
            {
                "content": f"I moved to {city}.",
                "actor": "user",
                "occurred_at": T0 + timedelta(days=10 * i),
            }
        )
    ctx = await rt.query("Where did I live before?", actor="user", lens="historical")
    lines = ctx.prompt_sections["worldview"].splitlines()
    head = next(ln for ln in lines if ln.startswith("- fact user.location:"))
    before = next(ln for ln in lines if ln.startswith("- fact user.location before:"))
    # The slot's line shows four values (and says two more); the before line the other two.
    assert head.endswith("(+2 more)")
    on_head = {c for c in cities if c in head}
    assert len(on_head) == 4
    assert {c for c in cities if c in before} == set(cities) - on_head
