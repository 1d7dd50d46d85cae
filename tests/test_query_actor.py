"""``query(..., actor=...)``: a first-person question is about who asks, as an observation's
"I" is about its actor. Without it "Where do I work?" names nobody and the read found only
the stale turn that says "I work at ...", never the belief that replaced it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import InvalidInput, MemoryRuntime
from tests.test_cli import Run


async def _sam(rt: Any) -> None:
    for text, month in [("I work at Acme.", 1), ("I quit Acme, I just joined Globex.", 3)]:
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": datetime(2025, month, 1, tzinfo=UTC)}
        )


async def test_a_first_person_question_reads_the_askers_beliefs() -> None:
    async with MemoryRuntime.memory(namespace="user/sam") as rt:
        await _sam(rt)
        plain = await rt.query("Where do I work?", budget_tokens=200)
        assert plain.plan["entities"] == []
        assert "Globex" not in plain.to_prompt()

        ctx = await rt.query("Where do I work?", budget_tokens=200, actor="Sam")
        assert ctx.plan["entities"] == ["Sam"]
        assert ctx.plan["actor"] == "Sam"
        assert "Sam.employer: Globex" in ctx.prompt_sections["worldview"]


@pytest.mark.parametrize("question", ["What's my job?", "Where am I employed? I’m curious."])
async def test_every_first_person_form_counts_and_the_known_spelling_is_used(
    question: str,
) -> None:
    async with MemoryRuntime.memory(namespace="user/sam") as rt:
        await _sam(rt)
        ctx = await rt.query(question, budget_tokens=200, actor="  sam ")
        assert ctx.plan["entities"] == ["Sam"]


async def test_the_name_the_asker_goes_by_is_the_asker() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        for text, day, who in [
            ("My name is Dana Reyes and I live in Leeds.", 1, {"actor": "user"}),
            ("Dana Reyes works at Globex.", 2, {"source": "tool:crm"}),
            ("Tom Reyes works at Initech.", 3, {"source": "tool:crm"}),
        ]:
            await rt.observe_and_route(
                {"content": text, **who, "occurred_at": datetime(2025, 3, day, tzinfo=UTC)}
            )
        ctx = await rt.query("Where do I work?", budget_tokens=200, actor="user")
        assert ctx.plan["entities"] == ["user", "Dana Reyes"]
        assert "Dana Reyes.employer: Globex" in ctx.prompt_sections["worldview"]
        assert "Initech" not in ctx.prompt_sections["worldview"]
        # Asked as of a time before the name was given, the name is no one's yet.
        early = await rt.query("Where do I work?", budget_tokens=200, actor="user", as_of=0)
        assert early.plan["entities"] == ["user"]
        # The plan is recorded: a replay reads the same entities.
        again = await rt.replay_trace(ctx.trace_id)
        assert again.identical
        # ... and the other way: a question naming "Dana Reyes" is about the speaker too.
        named = await rt.query("Where does Dana Reyes live?", budget_tokens=200)
        assert named.plan["entities"] == ["Dana Reyes", "user"]
        assert "user.location: Leeds" in named.prompt_sections["worldview"]
        tom = await rt.query("Where does Tom Reyes work?", budget_tokens=200)
        assert tom.plan["entities"] == ["Tom Reyes"]


async def test_a_question_about_someone_else_is_not_about_the_asker() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _sam(rt)
        await rt.observe_and_route({"content": "I live in Oslo.", "actor": "Dana"})
        ctx = await rt.query("Where does Dana live?", budget_tokens=200, actor="Sam")
        assert ctx.plan["entities"] == ["Dana"]
        # "we" includes the asker, as the extractor reads "We moved to York" and "our dog
        # Rex" as the speaker's.
        ctx = await rt.query("Where do we live?", budget_tokens=200, actor="Sam")
        assert ctx.plan["entities"] == ["Sam"]
        ctx = await rt.query("Where do we live?", budget_tokens=200)
        assert ctx.plan["entities"] == []


async def test_an_asker_memory_knows_nothing_about_yet_is_still_recorded() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        ctx = await rt.query("What do I like?", budget_tokens=100, actor="Noor")
        assert ctx.plan["entities"] == ["Noor"]
        assert ctx.snippets == ()


async def test_replay_uses_the_recorded_asker_now_and_against_the_present() -> None:
    async with MemoryRuntime.memory(namespace="user/sam") as rt:
        await rt.observe_and_route({"content": "I work at Acme.", "actor": "Sam"})
        ctx = await rt.query("Where do I work?", budget_tokens=200, actor="Sam")
        await rt.observe_and_route(
            {"content": "I quit Acme, I just joined Globex.", "actor": "Sam"}
        )
        rep = await rt.replay_trace(ctx.trace_id)
        assert rep.identical
        assert rep.present is not None
        assert rep.present.plan["entities"] == ["Sam"]
        assert "Globex" in rep.present.to_prompt()


@pytest.mark.parametrize(
    ("actor", "why"),
    [("", "non-empty"), ("   ", "non-empty"), (5, "non-empty"), ("x" * 201, "at most 200")],
)
async def test_a_bad_actor_is_refused_and_nothing_is_journaled(actor: Any, why: str) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _sam(rt)
        head = await rt.head()
        with pytest.raises(InvalidInput) as err:
            await rt.query("Where do I work?", actor=actor)
        assert err.value.field == "actor"
        assert why in str(err.value)
        assert await rt.head() == head


def test_the_cli_query_takes_the_asker(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run = Run(capsys, tmp_path / "memory.db")
    assert run("route", "I work at Acme.", "--actor", "Sam") == 0
    out = run.json("query", "Where do I work?", "--actor", "Sam")
    assert out["plan"]["entities"] == ["Sam"]
    assert "Sam.employer: Acme" in out["prompt_sections"]["worldview"]


async def test_the_asker_is_read_as_an_observations_actor_is() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _sam(rt)
        ctx = await rt.query("Where do I work?", budget_tokens=200, actor="  Sam \n")
        assert ctx.plan["actor"] == "Sam"
        head = await rt.head()
        with pytest.raises(InvalidInput) as err:
            await rt.query("Where do I work?", actor="Sam\x07")
        assert err.value.field == "actor" and "control" in str(err.value)
        assert await rt.head() == head


def test_plan_query_takes_the_askers_names_one_string_as_one_name() -> None:
    from nousmem.policies import plan_query

    for names in (["Dana Reyes"], "Dana Reyes"):
        plan = plan_query(
            "Where do I work?",
            lens="associative",
            known_entities=["user", "Dana Reyes", "D"],
            ref_time=None,
            actor="user",
            actor_names=names,
        )
        assert plan.entities == ("user", "Dana Reyes")


async def test_a_question_of_a_time_that_names_no_one_is_the_askers() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _sam(rt)
        ctx = await rt.query("Anything on Friday?", budget_tokens=200, actor="Sam")
        assert ctx.plan["entities"] == ["Sam"]
        # ... not without an asker, nor a question of no time, nor one naming someone.
        assert (await rt.query("Anything on Friday?", budget_tokens=200)).plan["entities"] == []
        none = await rt.query("Anything new?", budget_tokens=200, actor="Sam")
        assert none.plan["entities"] == []
        await rt.observe_and_route({"content": "I live in Oslo.", "actor": "Dana"})
        dana = await rt.query("Is Dana around on Friday?", budget_tokens=200, actor="Sam")
        assert dana.plan["entities"] == ["Dana"]
