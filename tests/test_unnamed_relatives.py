"""A relative memory knows by noun alone: "My sister moved to Berlin", with no sister known
by name, is about "Lee's sister", an entity of the speaker's own (runtime/kin_claims.py,
``Relatives.placeholder``), which questions and forget requests about "my sister" reach."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.runtime import MemoryRuntime, RouteResult
from tests.helpers import held, say_daily

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


async def _say(rt: MemoryRuntime, *texts: str, actor: str = "Lee") -> list[RouteResult]:
    return await say_daily(rt, *texts, actor=actor, start=T0)


def _claims(result: RouteResult) -> list[tuple[str, str, str]]:
    return [(i.claim.entity, i.claim.attribute, i.claim.value) for i in result.assessment.claims]


async def test_a_relative_known_by_noun_alone_is_the_speakers_own_entity() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        said = await _say(
            rt,
            "My sister just moved to Berlin.",
            "My wife is a nurse.",
            "My sister moved to Paris.",
        )
        assert _claims(said[0]) == [("Lee's sister", "location", "Berlin")]
        assert _claims(said[1]) == [("Lee's wife", "role", "nurse")]
        # The sentence's own span, from "My sister" on.
        c = said[0].assessment.claims[0].claim
        assert c.span == (0, len("My sister just moved to Berlin"))
        # A single-valued attribute moves on as for anyone.
        assert await held(rt, "Lee's sister", "location") == ("Paris",)
        # Another speaker's sister is another entity.
        await _say(rt, "My sister lives in Oslo.", actor="Sam")
        assert await held(rt, "Sam's sister", "location") == ("Oslo",)
        assert await held(rt, "Lee's sister", "location") == ("Paris",)


async def test_a_relative_the_noun_may_mean_leaves_no_room_for_one_unnamed() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        # Two children known by name, neither by a noun: "my kid" may be either.
        await rt.observe_and_route(
            {
                "content": "Family.",
                "actor": "Lee",
                "occurred_at": T0,
                "claims": [
                    {"entity": "Lee", "attribute": "child", "value": "Max"},
                    {"entity": "Lee", "attribute": "child", "value": "Ida"},
                ],
            }
        )
        (said,) = await _say(rt, "My kid loves Lego.")
        assert said.assessment.claims == ()
        # A brother is no sister: "my sister" is then one memory knows by noun alone.
        *_, sister = await _say(rt, "My brother Leo lives in Rome.", "My sister works at Google.")
        assert _claims(sister) == [("Lee's sister", "employer", "Google")]
        assert await held(rt, "Leo", "employer") == ()


async def test_friends_and_a_message_holding_the_stand_in_give_nothing() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        friend, stand_in = await _say(
            rt, "My friend moved to Rome.", "My sister lives next to Quillon Park."
        )
        assert friend.assessment.claims == ()
        assert stand_in.assessment.claims == ()
        assert [e async for e in rt.events()][-1].kind != "belief.delta"


async def test_a_question_reaches_both_the_named_sister_and_the_one_by_noun() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "I live in Denver.", "My sister moved to Berlin.")
        question = "Where does my sister live?"
        ctx = await rt.query(question, actor="Lee")
        assert ctx.plan["relatives"] == ["Lee's sister"]
        snapshot = ctx.prompt_sections["worldview"].splitlines()
        assert snapshot[0].startswith("- fact Lee's sister.location: Berlin")
        # As of before she was spoken of, no one.
        past = await rt.query(question, actor="Lee", as_of=T0)
        assert past.plan["relatives"] == []
        # Once a sister is named, "my sister" means her (what memory knew by the noun
        # stays where it was said, beside her).
        await rt.observe_and_route(
            {
                "content": "My sister Maya lives in Lisbon.",
                "actor": "Lee",
                "occurred_at": T0 + timedelta(days=5),
            }
        )
        ctx = await rt.query(question, actor="Lee")
        assert ctx.plan["relatives"] == ["Maya", "Lee's sister"]
        # A merge the user authorises makes them one.
        await rt.merge_entities("Maya", "Lee's sister", reason="same person", authorized=True)
        ctx = await rt.query(question, actor="Lee")
        assert ctx.plan["relatives"] == ["Maya"]


async def _in_view(rt: MemoryRuntime, entity: str, attribute: str) -> list[str]:
    """What the current worldview holds (a forgotten value leaves it; the belief keeps it)."""
    wv = await rt.worldview("logical")
    key = f"{entity}.{attribute}".casefold()
    return [c.value for s in wv.slots if s.key.casefold() == key for c in s.candidates]


async def test_forget_requests_about_my_sister_reach_the_one_by_noun() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My sister moved to Berlin.", "My sister works at Google.")
        assert await _in_view(rt, "Lee's sister", "location") == ["Berlin"]
        r = await rt.observe_and_route(
            {"content": "Forget where my sister lives.", "actor": "Lee", "source": "user"}
        )
        assert r.forgotten == ("fact:lee's sister.location#berlin",)
        assert await _in_view(rt, "Lee's sister", "location") == []
        assert await _in_view(rt, "Lee's sister", "employer") == ["Google"]
        r = await rt.observe_and_route(
            {"content": "Forget that my sister works at Google.", "actor": "Lee", "source": "user"}
        )
        assert r.forgotten == ("fact:lee's sister.employer#google",)
        assert await _in_view(rt, "Lee's sister", "employer") == []


async def test_a_rebuild_holds_what_the_writes_read() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(rt, "My husband works at IBM.", "My son plays soccer.")
        live = [await rt.belief("Lee's husband", "employer"), await rt.belief("Lee's son", "hobby")]
        await rt.rebuild()
        again = [
            await rt.belief("Lee's husband", "employer"),
            await rt.belief("Lee's son", "hobby"),
        ]
        assert live == again and all(b is not None for b in again)


async def test_mom_and_mother_are_one_parent_by_name_or_by_noun() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        said = await _say(
            rt,
            "My mom loves gardening.",
            "My dad Ed lives in Ohio.",
            "My father moved to Florida.",
            "My mother moved to Tampa.",
        )
        assert _claims(said[0]) == [("Lee's mother", "likes", "gardening")]
        assert _claims(said[2]) == [("Ed", "location", "Florida")]
        assert _claims(said[3]) == [("Lee's mother", "location", "Tampa")]
        ctx = await rt.query("Where does my mom live?", actor="Lee")
        assert ctx.plan["relatives"] == ["Lee's mother"]
        ctx = await rt.query("Where does my dad live?", actor="Lee")
        assert ctx.plan["relatives"] == ["Ed"]
        r = await rt.observe_and_route(
            {"content": "Forget where my mum lives.", "actor": "Lee", "source": "user"}
        )
        assert r.forgotten == ("fact:lee's mother.location#tampa",)


async def test_an_in_law_is_not_the_relative() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        *_, said = await _say(
            rt, "My sister Maya lives in Paris.", "My sister-in-law moved to Texas."
        )
        assert said.assessment.claims == ()
        assert await held(rt, "Maya", "location") == ("Paris",)
        ctx = await rt.query("Where does my sister-in-law live?", actor="Lee")
        assert ctx.plan["relatives"] == []


async def test_identity_candidates_rank_the_named_sister_who_agrees_first() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(
            rt,
            "My sister lives in Berlin.",
            "My sister works at Google.",
            "Tom lives in Paris.",
            "My sister Maya lives in Berlin.",
            "Maya works at Google.",
        )
        first, *_ = await rt.identity_candidates("Lee's sister")
        assert first.entity == "Maya"
        assert set(first.shared_attributes) == {"employer", "location"}
        assert first.divergence_bits == 0.0


async def test_a_grandparent_by_noun_alone_and_by_name() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        said = await _say(
            rt,
            "My grandmother lives in Ohio.",
            "My grandpa Joe lives in Maine.",
            "My granny loves knitting.",
            "My grandfather moved to Florida.",
        )
        assert _claims(said[0]) == [("Lee's grandmother", "location", "Ohio")]
        # "granny" and "grandma" are "grandmother"; Joe was introduced as a grandpa.
        assert _claims(said[2]) == [("Lee's grandmother", "likes", "knitting")]
        assert _claims(said[3]) == [("Joe", "location", "Florida")]
        ctx = await rt.query("Where does my grandma live?", actor="Lee")
        assert ctx.plan["relatives"] == ["Lee's grandmother"]


async def test_a_group_of_relatives_reaches_each_by_name_or_by_noun() -> None:
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(
            rt,
            "I live in Oslo.",
            "My sister just moved to Berlin.",
            "My brother Leo works at Google.",
            "My mom lives in Ohio.",
            "My son Kyle plays chess.",
            "My friend Ana lives in Rome.",
        )
        for question, relatives in (
            ("Who are my siblings?", {"Leo", "Lee's sister"}),
            ("Where do my sisters live?", {"Lee's sister"}),
            ("Where do my parents live?", {"Lee's mother"}),
            ("Where do my folks live?", {"Lee's mother"}),
            ("What do my kids do?", {"Kyle"}),
            ("Tell me about my family.", {"Leo", "Lee's sister", "Lee's mother", "Kyle"}),
        ):
            ctx = await rt.query(question, actor="Lee")
            assert set(ctx.plan["relatives"]) == relatives, question
        ctx = await rt.query("Where do my siblings live?", actor="Lee")
        first = ctx.prompt_sections["worldview"].splitlines()[0]
        assert first.startswith("- fact Lee's sister.location: Berlin")
        # A brother is no sister; a friend is none of the family; another's siblings are
        # theirs.
        ctx = await rt.query("Where do my brothers live?", actor="Lee")
        assert ctx.plan["relatives"] == ["Leo"]
        ctx = await rt.query("Where do my siblings live?", actor="Sam")
        assert ctx.plan["relatives"] == []
        # A read of the past knows the siblings known then: the sister, not yet Leo.
        ctx = await rt.query(
            "Who are my siblings?", actor="Lee", as_of=T0 + timedelta(days=1, hours=12)
        )
        assert ctx.plan["relatives"] == ["Lee's sister"]


async def test_a_question_about_the_family_reads_each_relative_and_who_they_are() -> None:
    """The word "family" is no attribute's: the relatives it means are read as "my wife" reads
    hers, with the asker's lines that say who they are; the asker's other slots stay out."""
    async with MemoryRuntime.memory(namespace="u") as rt:
        await _say(
            rt,
            "I'm a nurse and I live in Denver.",
            "My wife Ana is a teacher.",
            "My son Kyle plays chess.",
            "I'm allergic to shellfish.",
        )
        ctx = await rt.query("Tell me about my family.", actor="Lee")
        facts = {s.text.split(" (")[0] for s in ctx.snippets if s.kind == "fact"}
        assert {"Lee spouse: Ana", "Lee child: Kyle", "Ana role: teacher"} <= facts
        assert not any(f.startswith(("Lee allergy", "Lee location", "Lee role")) for f in facts)
        snapshot = ctx.prompt_sections["worldview"]
        assert "Lee.spouse: Ana" in snapshot and "Ana.role: teacher" in snapshot
        assert "allergy" not in snapshot and "Lee.location" not in snapshot
        # An attribute asked of the family keeps to it: no whole relative then.
        ctx = await rt.query("Where does my family live?", actor="Lee")
        facts = {s.text.split(" (")[0] for s in ctx.snippets if s.kind == "fact"}
        assert "Ana role: teacher" not in facts
        assert "Ana.role" not in ctx.prompt_sections["worldview"]
