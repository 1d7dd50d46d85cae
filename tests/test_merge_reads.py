"""Reads after an entity merge: the kept entity's slots carry what was recorded about the
absorbed one (evidence, forgetting, utility, held claims), reads before the merge see two
entities, and one entity named two ways is listed once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nousmem.projections.belief_models import Revision
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.worldview_merge import rekey
from nousmem.runtime import MemoryRuntime
from tests.helpers import claim

T0 = datetime(2023, 5, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
LENSES = ("logical", "historical", "audit", "associative")


async def bob_and_robert(rt: MemoryRuntime) -> dict[str, str]:
    """Bob works at Acme; Robert (the same person, not known yet) lives in Paris."""
    ids = {}
    for text, c, when in (
        ("Bob works at Acme", claim("Acme", entity="Bob"), T0),
        ("Robert lives in Paris", claim("Paris", "location", entity="Robert"), T0 + DAY),
    ):
        r = await rt.observe_and_commit(
            {"content": text, "source": "tool:crm", "occurred_at": when, "claims": [c]}
        )
        assert r.observation_id is not None
        ids[text] = r.observation_id
    return ids


async def merge(rt: MemoryRuntime) -> int:
    """Merge Robert into Bob; returns the seq just before the merge."""
    before = (await rt.head()).seq
    event = await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    assert event.kind == "identity.merged"
    return before


def fact_lines(ctx: object) -> list[str]:
    return [s.text for s in ctx.snippets if s.kind == "fact"]  # type: ignore[attr-defined]


async def test_a_forgotten_value_stays_forgotten_after_a_merge(rt: MemoryRuntime) -> None:
    await bob_and_robert(rt)
    await rt.forget(["Robert.location=Paris"], "inhibit", reason="asked to stop using it")
    before = await merge(rt)

    assert (await rt.worldview("logical")).slot("fact:bob.location") is None
    ctx = await rt.query("Where does Bob live?", budget_tokens=500)
    assert not any("Paris" in line for line in fact_lines(ctx))
    assert "Paris" not in ctx.prompt_sections["worldview"]
    (paris,) = (await rt.worldview("historical")).slot("fact:bob.location").candidates  # type: ignore[union-attr]
    assert (paris.status, paris.lifecycle) == ("inhibited", "inhibited")
    view = await rt.lifecycle("Bob.location=Paris")
    assert view.state == "inhibited" and "merge" in view.history[-1].reason
    # Before the merge Bob had no location and Robert's stays inhibited.
    old = await rt.worldview("historical", as_of=before)
    assert old.slot("fact:bob.location") is None
    assert old.slot("fact:robert.location").candidates[0].lifecycle == "inhibited"  # type: ignore[union-attr]

    # Either name now reaches the merged value: restoring it by the absorbed name works.
    res = await rt.forget(["Robert.location=Paris"], "restore", reason="fine again")
    assert res.applied[0]["target"] == "fact:bob.location#paris"
    assert (await rt.worldview("logical")).slot("fact:bob.location") is not None
    await rt.forget(["Robert.location=Paris"], "inhibit", reason="no after all")
    assert (await rt.worldview("logical")).slot("fact:bob.location") is None

    live = {lens: await rt.worldview(lens) for lens in LENSES}
    await rt.rebuild()
    assert {lens: await rt.worldview(lens) for lens in LENSES} == live


async def test_lifecycle_keeps_the_absorbed_candidates_history(rt: MemoryRuntime) -> None:
    """Why the merged value is archived: what was done to the absorbed entity's candidate,
    with the caller's reasons, in journal order, each record naming the id it was made on."""
    for who in ("Bob", "Robert"):
        await rt.observe_and_commit(
            {"content": f"{who} works at Acme", "claims": [claim("Acme", entity=who)]}
        )
    for verb, reason in (("inhibit", "stale job"), ("restore", "it was right")):
        await rt.forget(["Robert.employer=Acme"], verb, reason=reason)  # type: ignore[arg-type]
    await rt.forget(["Bob.employer=Acme"], "inhibit", reason="checking")
    await rt.forget(["Bob.employer=Acme"], "restore", reason="checked")
    await rt.forget(["Robert.employer=Acme"], "archive", reason="old record")
    await merge(rt)
    await rt.forget(["Robert.employer=Acme"], "restore", reason="back in use")

    for spelling in ("fact:robert.employer#acme", "Bob.employer=Acme", "Robert.employer=acme"):
        view = await rt.lifecycle(spelling)
        assert view.target == "fact:bob.employer#acme" and view.state == "fresh"
        rows = [(h.target.split(":")[1].split(".")[0], h.verb, h.reason) for h in view.history]
        assert rows == [
            ("robert", "inhibit", "stale job"),
            ("robert", "restore", "it was right"),
            ("bob", "inhibit", "checking"),
            ("bob", "restore", "checked"),
            ("robert", "archive", "old record"),
            ("bob", "archive", "carried over by a merge: fact:robert.employer#acme was archived"),
            ("bob", "restore", "back in use"),
        ]
        assert [h.seq for h in view.history] == sorted(h.seq for h in view.history)
        assert view.reason == "back in use"  # the kept candidate's own last transition
    live = await rt.lifecycle("Bob.employer=Acme")
    await rt.rebuild()
    assert await rt.lifecycle("Bob.employer=Acme") == live


async def test_absorbed_values_keep_their_evidence_after_a_merge(rt: MemoryRuntime) -> None:
    ids = await bob_and_robert(rt)
    paris_id = ids["Robert lives in Paris"]
    # Feedback on a read before the merge names Robert's candidate.
    ctx = await rt.query("Where does Robert live?", budget_tokens=500)
    await rt.after_turn(ctx.trace_id, "success")  # type: ignore[arg-type]
    robert = (await rt.worldview("historical")).slot("fact:robert.location")
    assert robert is not None
    was = robert.candidates[0]
    assert was.components.utility > 0
    await merge(rt)

    slot = (await rt.worldview("historical")).slot("fact:bob.location")
    assert slot is not None
    (paris,) = slot.candidates
    assert paris.id == "fact:bob.location#paris"
    assert paris.valid_from == T0 + DAY and paris.sources == ("tool:crm",)
    assert paris.evidence_ids == was.evidence_ids and paris_id in paris.evidence_ids
    assert paris.components.provenance == was.components.provenance > 0
    assert paris.components.utility == was.components.utility
    assert paris.lifecycle == was.lifecycle == "reinforced"

    ctx = await rt.query("Where does Bob live?", budget_tokens=500)
    (fact,) = [s for s in ctx.snippets if s.kind == "fact" and "Paris" in s.text]
    assert paris_id in fact.event_ids
    # A later claim that still names Robert lands on Bob's slot with its evidence.
    r = await rt.observe_and_commit(
        {
            "content": "Robert moved to Berlin",
            "source": "tool:crm",
            "occurred_at": T0 + 3 * DAY,
            "claims": [claim("Berlin", "location", entity="Robert", change=True)],
        }
    )
    wv = await rt.worldview("historical")
    berlin = next(c for c in wv.slot("fact:bob.location").candidates if c.value == "Berlin")  # type: ignore[union-attr]
    assert r.observation_id in berlin.evidence_ids and berlin.valid_from == T0 + 3 * DAY
    assert {s.id for s in wv.slots} == {"fact:bob.employer", "fact:bob.location"}


async def test_held_claims_follow_the_merge(rt: MemoryRuntime) -> None:
    for i in range(3):
        await rt.observe_and_commit(
            {
                "content": f"Robert works at Initech ({i})",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Initech", entity="Robert")],
            }
        )
    await rt.observe_and_commit(
        {
            "content": "Bob lives in Oslo",
            "occurred_at": T0,
            "claims": [claim("Oslo", "location", entity="Bob")],
        }
    )
    held = await rt.observe_and_route(
        {
            "content": "Robert works at Hooli",
            "source": "anonymous",
            "occurred_at": T0 + 4 * DAY,
            "claims": [claim("Hooli", entity="Robert")],
        }
    )
    (cid,) = held.candidate_ids
    before = await merge(rt)

    wv = await rt.worldview("associative")
    hypotheses = [s for s in wv.slots if s.kind == "hypothesis"]
    assert [s.id for s in hypotheses] == [f"hypothesis:bob.employer#{cid}"]
    employer = wv.slot("fact:bob.employer")
    assert employer is not None and employer.candidates[0].components.contradiction > 0
    old = await rt.worldview("associative", as_of=before)
    assert [s.id for s in old.slots if s.kind == "hypothesis"] == [
        f"hypothesis:robert.employer#{cid}"
    ]


async def test_a_worldview_before_a_merge_sees_both_entities(rt: MemoryRuntime) -> None:
    await bob_and_robert(rt)
    past = {lens: await rt.worldview(lens) for lens in LENSES}
    before = await merge(rt)

    for lens in LENSES:  # exactly the worldview read there, before the merge
        assert await rt.worldview(lens, as_of=before) == past[lens]
    ids = [s.id for s in (await rt.worldview("logical", as_of=before)).slots]
    assert ids == ["fact:bob.employer", "fact:robert.location"]
    ids = [s.id for s in (await rt.worldview("logical")).slots]
    assert ids == ["fact:bob.employer", "fact:bob.location"]
    ctx = await rt.query("Where does Robert live?", as_of=before)
    assert "Robert.location: Paris" in ctx.prompt_sections["worldview"]


async def test_one_entity_named_two_ways_is_listed_once(rt: MemoryRuntime) -> None:
    await rt.observe({"content": "hello there", "actor": "alice", "occurred_at": T0})
    for text, c in (
        ("Alice works at Google", claim("Google")),
        ("Alice lives in Paris", claim("Paris", "location")),
    ):
        await rt.observe_and_commit({"content": text, "occurred_at": T0 + DAY, "claims": [c]})
    ctx = await rt.query("Where does Alice work and live?", budget_tokens=1000)
    assert ctx.plan["entities"] == ["alice"]
    ids = [s.id for s in ctx.worldview.slots]
    assert ids == ["fact:alice.employer", "fact:alice.location"]
    assert ctx.prompt_sections["worldview"].count("Alice.employer") == 1
    wv = await rt.worldview("logical", entities=["alice", "Alice", " ALICE "])
    assert [s.id for s in wv.slots] == ids and wv.slots[0].key == "Alice.employer"


async def test_merged_names_in_one_question_are_listed_once(rt: MemoryRuntime) -> None:
    await bob_and_robert(rt)
    before = await merge(rt)
    ctx = await rt.query("Where do Bob and Robert live and work?", budget_tokens=1000)
    assert sorted(ctx.plan["entities"]) == ["Bob", "Robert"]
    ids = [s.id for s in ctx.worldview.slots]
    assert ids == ["fact:bob.employer", "fact:bob.location"]
    facts = [s.id for s in ctx.snippets if s.kind == "fact"]
    assert len(facts) == len(set(facts))
    assert ctx.prompt_sections["worldview"].count("Bob.location") == 1
    wv = await rt.worldview("logical", entities=["Robert", "Bob"], as_of=before)
    assert [s.id for s in wv.slots] == ["fact:bob.employer", "fact:robert.location"]


def test_beliefstore_lists_entities_as_of_before_a_merge() -> None:
    store = BeliefStore()
    for seq, entity in ((1, "Bob"), (2, "Robert"), (3, "Rob")):
        rev = Revision(
            entity=entity, attribute="location", value="Paris", reliability=0.9,
            source="user", occurred_at=T0,
        )  # fmt: skip
        store.apply(rev, seq=seq, event_id=f"e{seq}")
    store.apply_merge("Bob", "Robert", seq=4, event_id="m1")
    store.apply_merge("Robert", "Rob", seq=5, event_id="m2")  # "Robert" names Bob now
    assert store.entities() == ["Bob"]
    assert store.entities(as_of_seq=4) == ["Bob", "Rob"]
    assert store.entities(as_of_seq=3) == ["Bob", "Rob", "Robert"]
    assert store.distinct(["rob", "Robert", "bob", "Carol"]) == ["Bob", "Carol"]
    assert store.distinct(["rob", "Robert", "bob"], as_of_seq=4) == ["Rob", "Bob"]
    assert store.canonical("ROBERT", as_of_seq=3) == ("robert", "Robert")


def test_rekey_names_the_kept_entity_only_in_belief_candidate_ids() -> None:
    aliases = {"robert": "bob", "j. smith": "john smith"}
    assert rekey("fact:robert.location#paris", aliases) == "fact:bob.location#paris"
    assert rekey("preference:robert.likes#st. louis", aliases) == ("preference:bob.likes#st. louis")
    assert rekey("fact:j. smith.employer#acme", aliases) == "fact:john smith.employer#acme"
    for same in ("fact:roberta.location#paris", "01HK153XZ89B9QK12Z3THH1R7P", "x:robert.a#b"):
        assert rekey(same, aliases) == same


async def test_sleep_after_a_merge_compiles_one_frame_under_the_kept_entity(
    rt: MemoryRuntime,
) -> None:
    for i in range(3):
        for name in ("Bob", "Robert"):
            await rt.observe_and_commit(
                {
                    "content": f"crm record {name} {i}",
                    "source": "tool:crm",
                    "occurred_at": T0 + i * DAY,
                    "claims": [claim("Paris", "location", entity=name)],
                }
            )
    await merge(rt)
    report = await rt.sleep()
    assert [(c["key"], len(c["sources"])) for c in report.compiled] == [
        ("frame:bob.location#paris", 6)
    ]


async def test_a_value_only_one_side_held_loses_the_slot_at_the_merge(
    rt: MemoryRuntime,
) -> None:
    """Bob in Lyon, Robert in Paris; merged, then Bob moves twice. Every earlier value of
    the merged single-valued belief is superseded (before, the side's value the merged
    belief did not hold stayed current beside the new one for good)."""
    said = [
        ("Bob lives in Lyon.", datetime(2024, 1, 1, tzinfo=UTC)),
        ("Robert lives in Paris.", datetime(2024, 1, 3, tzinfo=UTC)),
    ]
    for text, at in said:
        await rt.observe_and_route({"content": text, "actor": "narrator", "occurred_at": at})
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    for text, month in [("Bob moved to Berlin.", 2), ("Bob moved to Rome.", 3)]:
        await rt.observe_and_route(
            {
                "content": text,
                "actor": "narrator",
                "occurred_at": datetime(2024, month, 1, tzinfo=UTC),
            }
        )
    slot = (await rt.worldview("logical")).slot("fact:bob.location")
    assert slot is not None
    assert [(c.value, c.status) for c in slot.candidates] == [("Rome", "selected")]
    history = (await rt.worldview("historical")).slot("fact:bob.location")
    assert history is not None
    assert all(c.valid_to is not None for c in history.candidates if c.value != "Rome")
    ctx = await rt.query("Where did Bob live before?")
    line = next(ln for ln in ctx.to_prompt().splitlines() if "location before:" in ln)
    assert "Paris" in line and "Lyon" in line
    # A read as of now by event time works the same supersession out of the refold.
    later = (await rt.worldview("historical", as_of=datetime(2024, 6, 1, tzinfo=UTC))).slot(
        "fact:bob.location"
    )
    assert later is not None
    assert {(c.value, c.status, c.valid_to) for c in later.candidates} == {
        (c.value, c.status, c.valid_to) for c in history.candidates
    }
    live = (await rt.worldview("historical")).model_dump()
    await rt.rebuild()
    assert (await rt.worldview("historical")).model_dump() == live
