""" "Why do we believe this?" in one call: ``explain`` lists a value's probability, how its
worldview candidate resolved and every record behind it (revisions with their surprise,
confirmations routed ``evidence``, claims held for corroboration), each with the
observation as memory holds it; reads of the past, erasure and forgetting show."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nousmem.runtime import InvalidInput, MemoryRuntime
from tests.test_cli import Run

T0 = datetime(2024, 1, 1, tzinfo=UTC)
MONTH = timedelta(days=30)
STORY = [
    ("I work at Google.", "user"),
    ("I work at Google on search.", "user"),
    ("I work at Google.", "user"),  # a confirmation the next day: routed evidence
    ("Alice works at Meta.", "web"),  # low trust, contradicts: held
    ("I left Google and joined Sarvam AI.", "user"),
]


def _when(i: int) -> datetime:
    # A month apart, but the confirmation a day after what it confirms: a month later it
    # would move the belief (the room a never-named value has grows back) and be a revision.
    return T0 + MONTH + timedelta(days=1) if i == 2 else T0 + i * MONTH


async def _story(rt: MemoryRuntime) -> list[Any]:
    out = []
    for i, (text, source) in enumerate(STORY):
        out.append(
            await rt.observe_and_route(
                {"content": text, "actor": "Alice", "source": source, "occurred_at": _when(i)}
            )
        )
    assert [r.route for r in out] == [
        "belief_update",
        "belief_update",
        "evidence",
        "candidate",
        "belief_update",
    ]
    return out


async def test_the_held_value_is_explained_by_its_revision() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        routes = await _story(rt)
        ex = await rt.explain("Alice", "employer")
        assert ex is not None and ex.belief.mode == "Sarvam AI"
        (v,) = ex.values
        assert v.value == "Sarvam AI" and v.candidate is not None
        assert v.candidate.status == "selected"
        (e,) = v.evidence
        assert (e.how, e.source, e.evidence_ids) == (
            "revision",
            "user",
            (routes[4].observation_id,),
        )
        assert e.surprise_bits is not None and e.surprise_bits > 0
        assert e.texts == ("[30 April 2024] Alice: I left Google and joined Sarvam AI.",)


async def test_a_superseded_value_keeps_its_revisions_and_confirmations() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        routes = await _story(rt)
        ex = await rt.explain("alice", "employer", "GOOGLE")
        assert ex is not None
        (v,) = ex.values
        assert v.value == "Google"  # memory's spelling
        assert v.candidate is not None and v.candidate.status == "superseded"
        assert [e.how for e in v.evidence] == ["revision", "revision", "confirmation"]
        assert [e.evidence_ids for e in v.evidence] == [(r.observation_id,) for r in routes[:3]]
        assert "Google (" not in ex.render() and "confirmation" in ex.render()


async def test_a_held_claim_is_explained_as_held() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        routes = await _story(rt)
        ex = await rt.explain("Alice", "employer", "meta")
        assert ex is not None
        (v,) = ex.values
        (e,) = v.evidence
        assert (v.value, e.how, e.source) == ("Meta", "held", "web")
        assert e.record_id == routes[3].candidate_ids[0]
        assert "held for corroboration, not believed" in ex.render()


async def test_reads_of_the_past_explain_what_was_believed_then() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _story(rt)
        ex = await rt.explain("Alice", "employer", as_of=T0 + 2 * MONTH + timedelta(days=1))
        assert ex is not None and ex.belief.mode == "Google"
        (v,) = ex.values
        assert v.candidate is not None and v.candidate.status == "selected"
        assert len(v.evidence) == 3
        with pytest.raises(InvalidInput) as err:  # Sarvam AI was not claimed yet
            await rt.explain("Alice", "employer", "Sarvam AI", as_of=T0 + MONTH)
        assert err.value.field == "value"


async def test_forgotten_and_erased_evidence_show_as_such() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        routes = await _story(rt)
        await rt.forget([routes[1].observation_id], "inhibit", reason="wrong team")
        await rt.erase(event_ids=[routes[2].observation_id], reason="privacy")
        ex = await rt.explain("Alice", "employer", "Google")
        assert ex is not None
        (v,) = ex.values
        # The confirmation's edge went with the erased observation.
        assert [e.how for e in v.evidence] == ["revision", "revision"]
        assert v.evidence[1].states == ("inhibited",)
        assert f"(cited observation {routes[1].observation_id} is inhibited)" in ex.render()
        assert all("I work at Google." not in t for e in v.evidence[1:] for t in e.texts)


async def test_a_multi_valued_belief_explains_each_held_value() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await rt.observe_and_route({"content": "I love hiking and swimming.", "actor": "Sam"})
        await rt.observe_and_route({"content": "I love swimming.", "actor": "Sam"})
        ex = await rt.explain("Sam", "likes")
        assert ex is not None
        assert {v.value for v in ex.values} == set(ex.belief.held)
        assert all(v.evidence for v in ex.values)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("", "employer"), "entity"),
        (("Alice", 5), "attribute"),
        (("Alice", "employer", "  "), "value"),
        (("Alice", "employer", "Initech"), "value"),  # never claimed
    ],
)
async def test_bad_input_is_refused_and_nothing_is_written(
    args: tuple[Any, ...], field: str
) -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _story(rt)
        head = await rt.head()
        with pytest.raises(InvalidInput) as err:
            await rt.explain(*args)
        assert err.value.field == field
        assert await rt.head() == head
        assert await rt.explain("Bob", "employer") is None


def test_the_cli_explains(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run = Run(capsys, tmp_path / "memory.db")
    assert run("route", "I work at Acme.", "--actor", "Sam") == 0
    out = run.json("explain", "Sam", "employer")
    assert out["values"][0]["value"] == "Acme"
    assert out["values"][0]["evidence"][0]["how"] == "revision"
    assert run("explain", "Sam", "employer") == 0
    assert "Acme" in run.out and "revision" in run.out and "Sam: I work at Acme." in run.out
    assert run("explain", "Bob", "employer") == 1


async def test_a_read_before_a_merge_explains_the_absorbed_entitys_own_records() -> None:
    day = timedelta(days=1)
    turns = [("I work at Acme.", "Bob", 0), ("Robert works at Acme.", "Carol", 2)]
    async with MemoryRuntime.memory(namespace="t") as rt:
        for text, actor, d in turns:
            await rt.observe_and_route(
                {"content": text, "actor": actor, "occurred_at": T0 + d * day}
            )
        pre = (await rt.head()).seq
        before = await rt.query("Where does Bob work?", budget_tokens=400)
        await rt.merge_entities("Robert", "Bob", reason="same person", authorized=True)
        ex = await rt.explain("Bob", "employer", as_of=pre)
        assert ex is not None
        (v,) = ex.values
        (e,) = v.evidence
        assert (e.how, e.texts) == ("revision", ("[1 January 2024] Bob: I work at Acme.",))
        # The fact line as of then is the one a runtime with only that prefix gives.
        past = await rt.query("Where does Bob work?", budget_tokens=400, as_of=pre)
        facts = [s.text for s in past.snippets if s.kind == "fact"]
        assert facts == [s.text for s in before.snippets if s.kind == "fact"]
        assert facts == ["Bob employer: Acme (1 January 2024)"]


async def test_the_attribute_is_read_as_the_schema_names_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _story(rt)
        plain = await rt.explain("Alice", "employer")
        for spelling in ("Employer", " employer "):
            ex = await rt.explain("Alice", spelling)
            assert ex == plain


async def test_each_record_says_how_the_router_sent_its_claim_and_why() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _story(rt)
        ex = await rt.explain("Alice", "employer", "Google")
        assert ex is not None
        routes = [(e.how, e.route) for e in ex.values[0].evidence]
        assert routes == [
            ("revision", "belief_update"),
            ("revision", "belief_update"),
            ("confirmation", "evidence"),
        ]
        assert all(e.reason for e in ex.values[0].evidence)
        held = await rt.explain("Alice", "employer", "Meta")
        assert held is not None
        (e,) = held.values[0].evidence
        assert e.route == "candidate" and e.reason and "trust" in e.reason.lower()
        assert f"routed candidate: {e.reason}" in held.render()


async def test_a_promoted_claim_is_explained_by_the_corroboration_that_promoted_it() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _story(rt)
        await rt.observe_and_route(
            {
                "content": "Alice works at Meta.",
                "actor": "forum",
                "source": "tool:search",
                "occurred_at": T0 + 5 * MONTH,
            }
        )
        ex = await rt.explain("Alice", "employer", "Meta")
        assert ex is not None
        got = [(e.how, e.source, e.route, e.reason) for e in ex.values[0].evidence]
        assert got[0][:3] == ("held", "web", "candidate")
        assert got[1][:3] == ("revision", "web", "belief_update")
        assert got[1][3] == "promoted: corroborated by an independent source (tool:search)"
        assert got[2][:3] == ("revision", "tool:search", "belief_update")
        assert got[2][3] is not None and not got[2][3].startswith("promoted")


async def test_without_a_value_it_names_what_was_believed_before_and_what_is_held() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _story(rt)
        ex = await rt.explain("Alice", "employer")
        assert ex is not None and [v.value for v in ex.values] == ["Sarvam AI"]
        (before,) = ex.others
        assert (before.value, before.status) == ("Google", "superseded")
        assert (before.valid_from, before.valid_to) == (T0, T0 + 4 * MONTH)
        assert ex.held == ("Meta",)
        shown = ex.render().splitlines()
        at = shown.index("  other values:")
        assert shown[at + 1 :] == [
            "    Google  (superseded, 1 January 2024 - 30 April 2024)",
            "    Meta  (held for corroboration, not believed)",
        ]
        # Asked for one value, it explains that one alone.
        one = await rt.explain("Alice", "employer", "Google")
        assert one is not None and one.others == () and one.held == ()
        # Before the switch, nothing was believed before Google.
        then = await rt.explain("Alice", "employer", as_of=T0 + 2 * MONTH)
        assert then is not None and then.others == () and then.held == ()


async def test_a_list_value_denied_is_among_the_other_values() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for i, text in enumerate(["I play tennis and chess.", "I stopped playing tennis."]):
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": T0 + i * MONTH}
            )
        ex = await rt.explain("Sam", "hobby")
        assert ex is not None and [v.value for v in ex.values] == ["chess"]
        assert [(c.value, c.status) for c in ex.others] == [("tennis", "negated")]
        assert "    tennis  (negated, 1 January 2024 - 31 January 2024)" in ex.render()
