"""Read-path fixes: a long Worldview Snapshot line does not empty the section, two turns cut to
the same line are not both shown, and a hidden turn is not cited by a fact line."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nousmem.runtime import MemoryRuntime
from nousmem.runtime.packing import fit_lines

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)


def test_fit_lines_skips_a_line_too_long_and_keeps_the_shorter_ones_after_it() -> None:
    text = "- fact a.activity: " + "pottery, " * 40 + "\n- fact a.employer: Acme"
    assert fit_lines(text, 30) == "- fact a.employer: Acme"
    assert fit_lines(text, 0) == ""


async def test_the_current_employer_stays_in_the_snapshot_beside_a_long_line(
    rt: MemoryRuntime,
) -> None:
    done = [
        "went to a pottery class",
        "went camping with friends",
        "went to a pride parade",
        "joined a hiking club",
        "went to a poetry reading",
        "went to an LGBTQ art show",
    ]
    for i, what in enumerate(done):
        # An activity line (rendered first) longer than the snapshot's share of the budget.
        obs = {"content": f"Yesterday I {what}.", "actor": "Caroline"}
        await rt.observe_and_route({**obs, "occurred_at": T0 + timedelta(i)})
    for i, text in enumerate(["I work at Google.", "I now work at Acme."]):
        when = T0 + timedelta(days=30 + 30 * i)
        await rt.observe_and_route({"content": text, "actor": "Caroline", "occurred_at": when})
    for budget in (200, 300, 1000):
        ctx = await rt.query("Where does Caroline work?", budget_tokens=budget)
        snapshot = ctx.to_prompt().split("## Supporting memories")[0]
        assert "Acme" in snapshot, budget


_SAID: list[tuple[str, str]] = [
    ("Melanie", "Thanks, Caroline! We went camping by the lake last weekend."),
    ("Caroline", "Wow, Mel! That sounds lovely."),
    ("Melanie", "Thanks, Caroline! The kids loved the pottery class with me."),
    ("Melanie", "Thanks, Caroline! My painting of the sunset is finished."),
    ("Melanie", "Thanks, Caroline! Swimming lessons start next month for us."),
]


async def test_two_turns_cut_to_the_same_line_are_shown_once(rt: MemoryRuntime) -> None:
    for i, (who, text) in enumerate(_SAID):
        when = T0 + timedelta(minutes=i)
        await rt.observe_and_route({"content": text, "actor": who, "occurred_at": when})
    # Budget for one whole turn; the rest enter as excerpts, which hold no question word.
    cfg = rt._proj.config.retrieval.model_copy(update={"excerpt_share": 0.9})
    rt._proj.config = rt._proj.config.model_copy(update={"retrieval": cfg})
    ctx = await rt.query("What did Melanie tell Caroline about the weekend?", budget_tokens=80)
    lines = [ln for ln in ctx.to_prompt().splitlines() if ln.startswith("- Melanie")]
    assert lines and len(lines) == len(set(lines)), lines


async def test_a_turn_whose_cut_repeats_another_still_enters_whole_when_it_fits(
    rt: MemoryRuntime,
) -> None:
    for i, (who, text) in enumerate(_SAID):
        when = T0 + timedelta(minutes=i)
        await rt.observe_and_route({"content": text, "actor": who, "occurred_at": when})
    for budget in (110, 115):
        ctx = await rt.query(
            "What did Melanie tell Caroline about the weekend?", budget_tokens=budget
        )
        prompt = ctx.to_prompt()
        assert all(text.split("! ", 1)[1] in prompt for _, text in _SAID), budget


async def test_an_inhibited_turn_is_not_cited_by_a_fact_line(rt: MemoryRuntime) -> None:
    ids: dict[str, Any] = {}
    for i, (text, ref) in enumerate(
        [
            ("My goal is to give kids a loving home.", "D2:10"),
            ("I went to a pottery class.", "D3:1"),
        ]
    ):
        res = await rt.observe_and_route(
            {"content": text, "actor": "Caroline", "occurred_at": T0 + timedelta(i), "ref": ref}
        )
        ids[ref] = res.event_ids[0]
    await rt.forget([ids["D2:10"]], "inhibit", reason="hide this turn")
    for lens in ("logical", "procedural", "associative"):
        ctx = await rt.query("What is Caroline's goal?", lens=lens, budget_tokens=500)
        assert "D2:10" not in ctx.refs, lens
        assert all(ids["D2:10"] not in s.event_ids for s in ctx.snippets), lens
    audit = await rt.query("What is Caroline's goal?", lens="historical", budget_tokens=500)
    assert any(ids["D2:10"] in s.event_ids for s in audit.snippets)  # the full lenses keep it
