"""Read-path fixes: a long Worldview Snapshot line does not empty the section, two turns cut to
the same line are not both shown, and a hidden turn is not cited by a fact line."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

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
    # The budgets just fit every turn whole beside the fact line "Melanie activity: camping
    # (weekend of 6 May 2023)", which the question's "weekend" ranks first.
    for budget in (115, 120):
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


_MAYA = [
    "Hi! I'm Maya. I work at Acme Corp as a data engineer.",
    "I live in Portland.",
    "I love hiking and I really like sushi.",
    "My sister Lena lives in Chicago.",
    "My sister Lena works at Globex.",
    "My husband Tom is a teacher.",
    "Where do I live?",
    "Where do I work?",
    "Where does my sister live?",
    "Where does Lena work?",
    "Actually, I moved to Seattle last week.",
    "Where do I live now?",
    "I just joined Initech, I left Acme Corp.",
    "Where do I work?",
    "My sister Lena moved to Denver.",
    "Where does Lena live?",
    "Who is my employer?",
    "Actually I live in Tacoma now, not Seattle.",
    "Where do I live?",
    "I quit Initech. I work at Hooli now.",
    "Where do I work now?",
]


async def test_a_question_about_two_attributes_gets_both_fact_lines(rt: MemoryRuntime) -> None:
    chat = ["Thanks, that helps!", "Ok cool.", "Haha nice.", "Got it, thanks."]
    i = 0
    for line in _MAYA:
        for text in [*chat, line]:  # small talk by the same speaker between the facts
            i += 1
            when = datetime(2024, 3, 4, 9, tzinfo=UTC) + timedelta(hours=3 * i)
            await rt.observe_and_route({"content": text, "actor": "Maya", "occurred_at": when})
    ctx = await rt.query("Where do I live and where do I work?", actor="Maya", budget_tokens=600)
    facts = " ".join(s.text for s in ctx.snippets if s.kind == "fact")
    assert "Tacoma" in facts and "Hooli" in facts


async def test_the_historical_snapshot_keeps_the_line_the_question_asks_about(
    rt: MemoryRuntime,
) -> None:
    said = [
        "I work at Acme Corp.",
        "I'm planning to visit Japan next year.",
        "I just joined Initech, I left Acme Corp.",
        "I think I might take up pottery.",
        "I'm going to a conference in Berlin next month.",
        "I quit Initech. I work at Hooli now.",
    ]
    for i, text in enumerate(said):
        when = T0 + timedelta(days=i)
        await rt.observe_and_route({"content": text, "actor": "Maya", "occurred_at": when})
    ctx = await rt.query(
        "Where did I work before Hooli?", actor="Maya", lens="historical", budget_tokens=600
    )
    assert "Initech" in ctx.prompt_sections["worldview"]


@pytest.mark.parametrize(
    ("said", "question", "lens", "k", "budget", "want"),
    [
        (
            ["I use VS Code every day.", "I fixed the kitchen sink with a pipe wrench yesterday."],
            "What did I use to fix the kitchen sink?",
            "associative",
            1,
            400,
            "wrench",
        ),
        (
            [
                "I live in Portland.",
                "Actually I moved to Seattle.",
                "Actually I live in Tacoma now, not Seattle.",
            ],
            "Where did I live before Tacoma?",
            "historical",
            1,
            400,
            "Seattle",
        ),
        (
            ["I love hiking.", "I like sushi.", "My favorite book is Dune by Frank Herbert."],
            "Who wrote my favorite book?",
            "associative",
            10,
            70,
            "Herbert",
        ),
    ],
)
async def test_an_attribute_named_in_passing_does_not_crowd_out_the_answer(
    said: list[str], question: str, lens: str, k: int, budget: int, want: str
) -> None:
    async with MemoryRuntime.memory() as rt:
        for i, text in enumerate(said):
            when = T0 + timedelta(days=i)
            await rt.observe_and_route({"content": text, "actor": "Maya", "occurred_at": when})
        ctx = await rt.query(question, actor="Maya", lens=lens, k=k, budget_tokens=budget)
        assert want in ctx.to_prompt()


async def test_a_procedural_question_gets_the_procedure_it_asks_about(rt: MemoryRuntime) -> None:
    results = [
        ("deploy staging", "Deployed staging with make deploy ENV=staging after migrations."),
        ("deploy staging", "Deployed staging with make deploy ENV=staging; migrations first."),
        ("bump deps", "Bumped dependencies with uv lock --upgrade and reran the test suite."),
        ("bump deps", "Bumped dependencies with uv lock --upgrade, then fixed two type errors."),
        ("fix flaky test", "Fixed the flaky test test_retry_backoff by mocking time.sleep."),
        ("fix flaky test", "Fixed the flaky test test_export by mocking time.sleep again."),
    ]
    for i, (task, text) in enumerate(results):
        await rt.observe_and_route(
            {
                "type": "task_result",
                "source": "agent",
                "content": text,
                "metadata": {"task": task, "outcome": "success"},
                "occurred_at": T0 + timedelta(hours=i),
            }
        )
    await rt.sleep()
    ctx = await rt.query("How did we fix the flaky test last time?", lens="procedural")
    assert "Procedure for fix flaky test" in ctx.prompt_sections["worldview"]


async def test_a_procedure_naming_the_entity_does_not_push_out_its_facts() -> None:
    async with MemoryRuntime.memory() as rt:
        await _caroline_and_her_deploys(rt)
        for question in ("Who employs Caroline?", "Tell me about Caroline."):
            ctx = await rt.query(question, budget_tokens=600)
            assert "Acme" in ctx.prompt_sections["worldview"], question


async def _caroline_and_her_deploys(rt: MemoryRuntime) -> None:
    for d, text in [
        (0, "I work at Google."),
        (30, "I now work at Acme."),
        (31, "I live in Boston."),
    ]:
        when = T0 + timedelta(days=d)
        await rt.observe_and_route({"content": text, "actor": "Caroline", "occurred_at": when})
    for i in range(3):
        await rt.observe_and_route(
            {
                "type": "task_result",
                "actor": "Caroline",
                "metadata": {"task": f"deploy{i}"},
                "content": f"Caroline deployed release {i} of the billing service to staging,"
                " then ran the smoke tests, rotated the logs and paged the on-call team about"
                " the new dashboards.",
                "occurred_at": T0 + timedelta(days=40 + i),
            }
        )


async def test_a_list_fact_line_marks_the_values_no_longer_held(rt: MemoryRuntime) -> None:
    said = ["I play tennis.", "I play the guitar.", "I don't play tennis anymore."]
    for i, text in enumerate(said):
        obs = {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=30 * i)}
        await rt.observe_and_route(obs)
    prompt = (await rt.query("What hobbies do I have?", actor="Ana")).to_prompt()
    (line,) = [ln for ln in prompt.splitlines() if ln.startswith("- Ana hobby:")]
    held, _, dropped = line.partition("; no longer held: ")
    assert "guitar" in held and "tennis" not in held
    assert dropped.startswith("tennis")
    # The day it was denied ends it: 60 days after T0 (8 May 2023).
    assert dropped == "tennis (8 May 2023; ended by 7 July 2023)"


async def _hobby_line(rt: MemoryRuntime, said: list[tuple[int, str]], actor: str = "Ana") -> str:
    for days, text in said:
        obs = {"content": text, "actor": actor, "occurred_at": T0 + timedelta(days=days)}
        await rt.observe_and_route(obs)
    prompt = (await rt.query("What hobbies do I have?", actor=actor)).to_prompt()
    (line,) = [ln for ln in prompt.splitlines() if ln.startswith(f"- {actor} hobby:")]
    return line


async def test_a_value_taken_up_again_and_dropped_again_ends_at_its_last_denial(
    rt: MemoryRuntime,
) -> None:
    line = await _hobby_line(
        rt,
        [
            (0, "I play tennis."),
            (1, "I play the guitar."),
            (30, "I don't play tennis anymore."),
            (60, "I play tennis again."),
            (90, "I stopped playing tennis."),
        ],
    )
    assert line.endswith("; ended by 6 August 2023)")
    assert "ended by 7 June 2023" not in line


async def test_a_value_said_again_after_its_denial_is_held_and_ends_nothing(
    rt: MemoryRuntime,
) -> None:
    line = await _hobby_line(
        rt,
        [
            (0, "I play tennis."),
            (30, "I don't play tennis anymore."),
            (60, "I play tennis again."),
        ],
    )
    assert "tennis" in line and "no longer held" not in line and "ended by" not in line


async def test_an_occasion_denied_is_no_longer_held_but_ends_nothing(rt: MemoryRuntime) -> None:
    for days, text in [(0, "I visited Japan and Peru last year."), (4, "I never went to Peru.")]:
        obs = {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=days)}
        await rt.observe_and_route(obs)
    prompt = (await rt.query("Which countries have I visited?", actor="Ana")).to_prompt()
    (line,) = [ln for ln in prompt.splitlines() if ln.startswith("- Ana visited:")]
    # A trip that did not happen is no span that stopped: no "ended by" day.
    assert line == "- Ana visited: Japan (2022); no longer held: Peru (2022)"
