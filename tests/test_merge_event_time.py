"""A merge or a compression is an event with its own event time: a read as of an event time
before it sees memory as it was without it (two entities, an uncompressed belief), in every
read path, as a read as of a seq before it does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nousmem.projections.belief_models import Revision
from nousmem.projections.beliefs import BeliefStore
from nousmem.runtime import MemoryRuntime
from tests.helpers import claim

T0 = datetime(2024, 1, 1, 9, tzinfo=UTC)
DAY = timedelta(days=1)
LENSES = ("logical", "procedural", "historical", "audit", "associative")
BEFORE = T0 + 5 * DAY  # after Bob's and Robert's evidence, before the merge's date


async def _bob_and_robert(rt: MemoryRuntime) -> None:
    """Bob and Robert (one person, not known yet) both work at Acme; Robert lives in Paris
    and a low-trust source says he works at Hooli (held). Carol's news dates the merge."""
    writes = [("Bob works at Acme", claim("Acme", entity="Bob"), T0, "tool:crm")]
    writes += [
        (f"Robert works at Acme ({i})", claim("Acme", entity="Robert"), T0 + i * DAY, "user")
        for i in range(3)
    ]
    writes += [
        ("Robert lives in Paris", claim("Paris", "location", entity="Robert"), T0, "tool:crm"),
        ("Robert works at Hooli", claim("Hooli", entity="Robert"), T0 + 4 * DAY, "anonymous"),
        ("Carol lives in Oslo", claim("Oslo", "location", entity="Carol"), T0 + 30 * DAY, "user"),
    ]
    for text, c, when, source in writes:
        await rt.observe_and_route(
            {"content": text, "source": source, "occurred_at": when, "claims": [c]}
        )


def _unpositioned(read: Any) -> Any:
    # A time read is made at the head: the seq it records moves on with the journal.
    return None if read is None else read.model_copy(update={"as_of_seq": 0})


async def _reads(rt: MemoryRuntime, as_of: datetime) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for lens in LENSES:
        out[lens] = _unpositioned(await rt.worldview(lens, as_of=as_of))
    out["both"] = _unpositioned(await rt.worldview(entities=["Bob", "Robert"], as_of=as_of))
    for name in ("Bob", "Robert"):
        out[f"beliefs {name}"] = await rt.beliefs(name, as_of=as_of)
        for attr in ("employer", "location"):
            out[f"belief {name}.{attr}"] = await rt.belief(name, attr, as_of=as_of)
            out[f"explain {name}.{attr}"] = _unpositioned(await rt.explain(name, attr, as_of=as_of))
    ctx = await rt.query("Where do Bob and Robert live and work?", as_of=as_of)
    out["prompt"] = ctx.prompt_sections
    out["snippets"] = [(s.id, s.text, s.event_ids) for s in ctx.snippets]
    out["query worldview"] = _unpositioned(ctx.worldview)
    return out


async def test_a_merge_stays_out_of_reads_as_of_an_earlier_event_time(rt: MemoryRuntime) -> None:
    await _bob_and_robert(rt)
    before_seq = (await rt.head()).seq
    past = await _reads(rt, BEFORE)
    event = await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    assert event.kind == "identity.merged" and event.occurred_at == T0 + 30 * DAY

    # As of 6 January the two were still two: every read path is as it was before the merge.
    assert await _reads(rt, BEFORE) == past
    wv = past["logical"]
    assert "fact:robert.location" in [s.id for s in wv.slots]
    # Bob's Acme rests on his own evidence only, not on Robert's carried over.
    (acme,) = wv.slot("fact:bob.employer").candidates
    assert len(acme.evidence_ids) == 1
    assert [s.id for s in past["associative"].slots if s.kind == "hypothesis"] == [
        s.id for s in (await rt.worldview("associative", as_of=before_seq)).slots
        if s.kind == "hypothesis"
    ] != []  # fmt: skip
    assert past["belief Robert.location"].entity == "Robert"
    assert past["belief Bob.location"] is None

    # From the merge's own event time on, a time read sees one entity, as the head does.
    after = await rt.worldview(as_of=event.occurred_at)
    assert [s.id for s in after.slots] == [s.id for s in (await rt.worldview()).slots]
    assert (await rt.belief("Robert", "location", as_of=event.occurred_at)).entity == "Bob"  # type: ignore[union-attr]
    (acme,) = after.slot("fact:bob.employer").candidates  # type: ignore[union-attr]
    assert len(acme.evidence_ids) == 4


async def test_a_time_read_before_a_merge_replays_identically(rt: MemoryRuntime) -> None:
    await _bob_and_robert(rt)
    await rt.merge_entities("Bob", "Robert", reason="same person", authorized=True)
    ctx = await rt.query("Where does Robert live?", as_of=BEFORE)
    assert "Robert.location: Paris" in ctx.prompt_sections["worldview"]
    await rt.observe_and_route(
        {"content": "Robert moved to Rome.", "actor": "Bob", "occurred_at": T0 + 40 * DAY}
    )
    report = await rt.replay_trace(ctx.trace_id)  # type: ignore[arg-type]
    assert report.identical
    await rt.rebuild()
    assert (await rt.query("Where does Robert live?", as_of=BEFORE)).prompt_sections == (
        ctx.prompt_sections
    )


async def test_a_compression_stays_out_of_reads_as_of_an_earlier_event_time(
    rt: MemoryRuntime,
) -> None:
    cities = ["Paris", "Rome", "Oslo", "Lima", "Kyiv", "Cairo", "Delhi", "Quito", "Tokyo"]
    for i, city in enumerate(cities):
        await rt.observe_and_route(
            {
                "content": f"Alice location: {city}",
                "source": "web",
                "occurred_at": T0 + i * DAY,
                "claims": [claim(city, "location")],
            }
        )
    await rt.observe_and_route({"content": "Bob likes tea", "occurred_at": T0 + 90 * DAY})
    early = T0 + 2 * DAY
    before = await rt.belief("Alice", "location", as_of=early)
    seq = (await rt.head()).seq
    report = await rt.sleep()
    assert [c["entity"] for c in report.compressed] == ["Alice"]

    assert await rt.belief("Alice", "location", as_of=early) == before
    assert before is not None and not before.compressed
    assert not (await rt.belief("Alice", "location", as_of=seq)).compressed  # type: ignore[union-attr]
    late = await rt.belief("Alice", "location", as_of=T0 + 90 * DAY)
    assert late is not None and late.compressed
    assert (await rt.belief("Alice", "location")).compressed  # type: ignore[union-attr]


def test_beliefstore_merges_apply_from_their_event_time() -> None:
    store = BeliefStore()
    for seq, entity in ((1, "Bob"), (2, "Robert"), (3, "Rob")):
        rev = Revision(
            entity=entity, attribute="location", value="Paris", reliability=0.9,
            source="user", occurred_at=T0,
        )  # fmt: skip
        store.apply(rev, seq=seq, event_id=f"e{seq}")
    store.apply_merge("Bob", "Robert", seq=4, event_id="m1", occurred_at=T0 + DAY)
    store.apply_merge("Robert", "Rob", seq=5, event_id="m2", occurred_at=T0 + 2 * DAY)
    assert store.entities(as_of_time=T0) == ["Bob", "Rob", "Robert"]
    assert store.entities(as_of_time=T0 + DAY) == ["Bob", "Rob"]
    assert store.entities(as_of_time=T0 + 2 * DAY) == ["Bob"]
    assert store.distinct(["rob", "Robert", "bob"], as_of_time=T0 + DAY) == ["Rob", "Bob"]
    assert store.canonical("ROBERT", as_of_time=T0) == ("robert", "Robert")
    assert store.canonical("ROBERT", as_of_seq=3, as_of_time=T0 + 9 * DAY)[1] == "Robert"
    bob = store.snapshot("Bob", "location", as_of_time=T0)
    assert bob is not None and bob.support == 1
    assert store.snapshot("Bob", "location", as_of_time=T0 + DAY).support == 2  # type: ignore[union-attr]
    assert store.snapshot("Rob", "location", as_of_time=T0 + DAY).entity == "Rob"  # type: ignore[union-attr]
