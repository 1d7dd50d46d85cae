""" "My sister moved to Berlin" is read of the one sister memory knows by name
(runtime/kin_claims.py), and of no one where the noun could mean several."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.projections.models import Claim, Observation
from nousmem.runtime import MemoryRuntime, RouteResult, UnknownEvent
from tests.helpers import held, say_daily

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


async def _say(rt: MemoryRuntime, *texts: str, actor: str = "Lee") -> list[RouteResult]:
    return await say_daily(rt, *texts, actor=actor, start=T0)


async def test_the_one_sister_known_by_name_is_meant() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        *_, moved = await _say(
            rt, "My sister Maya lives in Paris.", "My sister just moved to Berlin."
        )
        assert await held(rt, "Maya", "location") == ("Berlin",)
        (impact,) = moved.assessment.claims
        c = impact.claim
        assert (c.entity, c.attribute, c.value, c.polarity) == (
            "Maya",
            "location",
            "Berlin",
            "assert",
        )
        # The span is the sentence's own, from "My sister" on.
        assert c.span == (0, len("My sister just moved to Berlin"))
        # Nothing of the speaker: Lee's place is untouched.
        assert await held(rt, "Lee", "location") == ()


async def test_a_sentence_later_in_a_message_keeps_its_offsets() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        text = "Big news today. My son loves Lego."
        *_, said = await _say(rt, "My son Max is five.", text)
        claims = [i.claim for i in said.assessment.claims]
        assert [(c.entity, c.attribute, c.value) for c in claims] == [("Max", "likes", "Lego")]
        span = claims[0].span
        assert span is not None and text[span[0] : span[1]].startswith("My son loves Lego")


async def test_a_brother_is_never_the_sister() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My sister Maya lives in Paris.", "My brother works at Google.")
        assert await held(rt, "Maya", "employer") == ()
        # (the brother memory knows by the noun alone: tests/test_unnamed_relatives.py)
        assert await held(rt, "Lee's brother", "employer") == ("Google",)


async def test_of_two_sisters_no_one_is_meant() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        *_, said = await _say(
            rt,
            "My sister Maya lives in Paris.",
            "My sister Ana lives in Rome.",
            "My sister just moved to Berlin.",
        )
        assert said.assessment.claims == ()
        assert await held(rt, "Maya", "location") == ("Paris",)
        assert await held(rt, "Ana", "location") == ("Rome",)


async def test_a_sister_and_a_brother_leave_the_sister_meant() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(
            rt,
            "My sister Maya lives in Paris.",
            "My brother Leo lives in Rome.",
            "My sister moved to Berlin.",
        )
        assert await held(rt, "Maya", "location") == ("Berlin",)
        assert await held(rt, "Leo", "location") == ("Rome",)


async def test_a_friend_is_never_meant() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        said = await _say(rt, "My friend Tom lives in Oslo.", "My friend moved to Rome.")
        assert said[1].assessment.claims == ()
        assert await held(rt, "Tom", "location") == ("Oslo",)


async def test_another_speakers_sister_is_not_meant() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My sister Maya lives in Paris.")
        await _say(rt, "My sister moved to Berlin.", actor="Sam")
        assert await held(rt, "Maya", "location") == ("Paris",)
        assert await held(rt, "Sam's sister", "location") == ("Berlin",)


async def test_a_sentence_the_extractor_read_is_not_read_again() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        *_, said = await _say(rt, "My sister Maya lives in Paris.", "My sister Ana lives in Rome.")
        claims = [i.claim for i in said.assessment.claims]
        assert ("Maya", "location") not in [(c.entity, c.attribute) for c in claims]


async def test_a_dry_run_shows_it_and_writes_nothing() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My sister Maya lives in Paris.")
        head = await rt.head()
        dry = await rt.assess(
            {
                "content": "My sister moved to Berlin.",
                "actor": "Lee",
                "occurred_at": T0 + timedelta(days=2),
            }
        )
        assert [(i.claim.entity, i.claim.value) for i in dry.assessment.claims] == [
            ("Maya", "Berlin")
        ]
        assert await rt.head() == head
        assert await held(rt, "Maya", "location") == ("Paris",)


class _Plugged:
    name = "plugged"

    async def extract(self, obs: Observation) -> list[Claim]:
        return []


async def test_a_plugged_in_extractor_reads_the_sentence_its_own_way() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My sister Maya lives in Paris.")
        rt.use_extractor(_Plugged())
        (said,) = await _say(rt, "My sister moved to Berlin.")
        assert said.assessment.claims == ()
        assert await held(rt, "Maya", "location") == ("Paris",)


async def test_a_rebuild_holds_what_the_write_read() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My sister Maya lives in Paris.", "My sister moved to Berlin.")
        live = await rt.belief("Maya", "location")
        await rt.rebuild()
        again = await rt.belief("Maya", "location")
        assert live is not None and again == live
        assert again.held == ("Berlin",)


async def test_a_question_about_my_sister_is_about_the_sister_memory_knows() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(
            rt,
            "My sister Lena lives in Boston.",
            "I live in Denver.",
            "My sister just moved to Chicago.",
        )
        ctx = await rt.query("Where does my sister live?", actor="Lee")
        assert "Lena" in ctx.plan["relatives"]
        snapshot = ctx.prompt_sections["worldview"].splitlines()
        assert snapshot[0].startswith("- fact Lena.location: Chicago")
        # No one is meant where the noun means no one known; nor without an asker.
        ctx = await rt.query("Where does my brother live?", actor="Lee")
        assert "Lena" not in ctx.plan["relatives"]
        ctx = await rt.query("Where does my sister live?")
        assert "Lena" not in ctx.plan["relatives"]
        # A read of the past reaches only the relatives memory knew then.
        ctx = await rt.query(
            "Where does my sister live?", actor="Lee", as_of=T0 - timedelta(days=1)
        )
        assert "Lena" not in ctx.plan["relatives"]


async def test_a_read_of_the_past_knows_only_the_nouns_said_by_then() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await rt.observe_and_route(
            {
                "content": "Leo and I grew up together.",
                "actor": "Lee",
                "occurred_at": T0,
                "claims": [{"entity": "Lee", "attribute": "sibling", "value": "Leo"}],
            }
        )
        await _say(rt, "Leo lives in Rome.")
        question = "Where does my sister live?"
        # A sibling introduced with no noun may be the sister.
        then = await rt.query(question, actor="Lee")
        assert then.plan["relatives"] == ["Leo"]
        await rt.observe_and_route(
            {"content": "Leo is my brother.", "actor": "Lee", "occurred_at": T0 + timedelta(days=5)}
        )
        assert (await rt.query(question, actor="Lee")).plan["relatives"] == []
        # As of before "Leo is my brother", memory read the question as it did then.
        past = await rt.query(question, actor="Lee", as_of=T0 + timedelta(days=3))
        assert past.plan["relatives"] == ["Leo"]
        assert past.prompt_sections["worldview"] == then.prompt_sections["worldview"]


async def test_erasing_the_relative_erases_the_trace_that_meant_them() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        # Lee is named by evidence that stays; Lena only by the statement erased. The read
        # selects nothing (no procedure is known, and her undated fact line is too long for
        # the least budget): only its plan's relative names Lena.
        first, _ = await _say(rt, "My sister Lena-Maria Rosalind is a nurse.", "I live in Denver.")
        ctx = await rt.query(
            "Where does my sister live?", actor="Lee", lens="procedural", budget_tokens=16
        )
        assert ctx.plan["relatives"] == ["Lena-Maria Rosalind"] and not ctx.snippets
        kept = await rt.query("Where do I live?", actor="Lee", lens="procedural")
        assert kept.plan["relatives"] == []
        await rt.erase(event_ids=[first.observation_id], reason="privacy")
        with pytest.raises(UnknownEvent):
            await rt.trace(ctx.trace_id)
        # A read that meant no relative stays.
        assert (await rt.trace(kept.trace_id)).id == kept.trace_id


@pytest.mark.parametrize(
    ("said", "question", "meant", "line"),
    [
        # Known by the noun alone, as "Dad works at Target" made him.
        (["Dad works at Target."], "Where does Dad work?", "Lee's father", "employer: Target"),
        (
            ["Mom's surgery is scheduled for January 10."],
            "When is Mom's surgery?",
            "Lee's mother",
            "activity: surgery",
        ),
        # Known by name: the one "my mom" means.
        (
            ["My mom Linda lives in Ohio."],
            "Where does Mom live?",
            "Linda",
            "location: Ohio",
        ),
    ],
)
async def test_a_kin_word_asked_as_a_name_is_the_askers_relative(
    said: list[str], question: str, meant: str, line: str
) -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text in said:
            await rt.observe_and_route({"content": text, "actor": "Lee", "occurred_at": T0})
        ctx = await rt.query(question, actor="Lee")
        assert meant in ctx.plan["relatives"]
        assert f"- fact {meant}.{line}" in ctx.prompt_sections["worldview"]
        # Another's, a lower-case word or no asker: not the asker's.
        for other, actor in (
            (question.replace("Mom", "Tom's Mom").replace("Dad", "Tom's Dad"), "Lee"),
            (question.replace("Mom", "mom").replace("Dad", "dad"), "Lee"),
            (question, None),
        ):
            ctx = await rt.query(other, actor=actor)
            assert meant not in ctx.plan["relatives"], other
