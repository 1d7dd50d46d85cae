"""Planner policies: ``propose`` (deterministic fallback, validation) and ``commit``."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

import pytest

from nousmem.policies.memory_policy import MemoryPolicy, RetrievalIntent
from nousmem.projections.retrieval import MemoryContext
from nousmem.runtime import InvalidInput, MemoryRuntime
from nousmem.runtime.journal import lexqueue
from nousmem.runtime.journal.fts import FtsIndex
from tests.helpers import claim, kinds_after

T0 = datetime(2023, 7, 1, 10, 0, tzinfo=UTC)
ULID_A = "01HK240NM05XD4TKVCWXNEW9C2"
ULID_B = "01HK240PK81W2P2N2A7496JSQP"
MISSING_ID = "01HZZZZZZZZZZZZZZZZZZZZZZZ"


async def evidence(rt: MemoryRuntime, text: str = "Alice said she works at Sarvam") -> str:
    event = await rt.observe({"content": text, "actor": "Alice", "occurred_at": T0})
    return str(event.id)


# -- propose ---------------------------------------------------------------------------------


async def test_propose_question_becomes_a_retrieval_intent(rt: MemoryRuntime) -> None:
    head = await rt.head()
    pol = await rt.propose("  Where does   Alice work? ")
    assert pol.retrieval is not None
    assert pol.retrieval.question == "Where does Alice work?"
    assert pol.retrieval.lens == "associative"
    assert (pol.writes, pol.forget, pol.consolidate) == ((), (), ())
    assert pol.source == "deterministic" and pol.rationale == "question"
    other = await rt.propose("tell me about Alice's hobbies")
    assert other.retrieval is not None and other.rationale == "treated as a retrieval request"
    assert await rt.head() == head


async def test_propose_forget_with_ids_becomes_a_forget_intent(rt: MemoryRuntime) -> None:
    pol = await rt.propose(f"forget {ULID_A}")
    assert pol.retrieval is None and pol.writes == ()
    (f,) = pol.forget
    assert f.targets == (ULID_A,) and f.verb == "inhibit"
    assert f.reason == f"forget {ULID_A}"
    pol = await rt.propose(f"Please archive {ULID_A} and {ULID_B}")
    (f,) = pol.forget
    assert f.verb == "archive" and f.targets == (ULID_A, ULID_B)
    # Without event ids there is nothing to forget: it falls back to a retrieval.
    pol = await rt.propose("forget my birthday")
    assert pol.forget == () and pol.retrieval is not None
    assert pol.retrieval.question == "forget my birthday"
    assert (await rt.head()).seq == 0


async def test_a_long_forget_request_keeps_its_ids_and_a_cut_reason(rt: MemoryRuntime) -> None:
    obs = await rt.observe({"content": "I work at Google.", "actor": "Alice"})
    text = f"forget {obs.id} because " + "it is outdated " * 300
    pol = await rt.propose(text)
    (f,) = pol.forget
    assert f.targets == (obs.id,) and len(f.reason) == 4000 and f.reason.startswith("forget")
    result = await rt.commit(pol)
    assert result.committed
    assert [e.payload.target async for e in rt.events(kinds=["lifecycle"])] == [obs.id]


@pytest.mark.parametrize("text", ["forget everything", '{"forget": []}'])
async def test_commit_refuses_text_so_a_plan_is_always_reviewed(
    rt: MemoryRuntime, text: str
) -> None:
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.commit(text)  # type: ignore[arg-type]
    assert info.value.field == "policy" and "propose" in str(info.value)
    assert await rt.head() == head


async def test_propose_passes_a_policy_through(rt: MemoryRuntime) -> None:
    pol = MemoryPolicy.model_validate({"retrieval": {"question": "q"}})
    assert await rt.propose(pol) is pol
    built = await rt.propose({"writes": [{"claims": [claim("Acme")], "evidence_ids": [ULID_A]}]})
    assert built.writes[0].claims[0].value == "Acme"
    assert built.writes[0].evidence_ids == (ULID_A,)
    assert built.writes[0].source == "planner"


@pytest.mark.parametrize(
    ("intent", "field"),
    [
        ({"writes": [{"claims": []}]}, "policy.writes.0.claims"),
        (
            {"writes": [{"claims": [{"entity": "a", "attribute": "b"}]}]},
            "policy.writes.0.claims.0.value",
        ),
        (
            {"writes": [{"claims": [claim("x", attribute="Not An Attribute!")]}]},
            "policy.writes.0.claims.0.attribute",
        ),
        (
            {"writes": [{"claims": [claim("x", confidence=2.0)]}]},
            "policy.writes.0.claims.0.confidence",
        ),
        # A write's source becomes its revisions' source: blank or overlong, it once failed
        # there, mid-commit, as pydantic's own ValidationError.
        ({"writes": [{"claims": [claim("x")], "source": ""}]}, "policy.writes.0.source"),
        ({"writes": [{"claims": [claim("x")], "source": "  "}]}, "policy.writes.0.source"),
        ({"writes": [{"claims": [claim("x")], "source": "s" * 101}]}, "policy.writes.0.source"),
        ({"retrieval": {"question": "q"}, "source": " "}, "policy.source"),
        ({"retrieval": {"question": ""}}, "policy.retrieval.question"),
        ({"retrieval": {"question": "  \n "}}, "policy.retrieval.question"),
        (
            {
                "forget": [
                    {"targets": ["01HZZZZZZZZZZZZZZZZZZZZZZZ"], "verb": "inhibit", "reason": " "}
                ]
            },
            "policy.forget.0.reason",
        ),
        (
            {
                "forget": [
                    {
                        "targets": ["01HZZZZZZZZZZZZZZZZZZZZZZZ"],
                        "verb": "inhibit",
                        "reason": "r" * 4001,
                    }
                ]
            },
            "policy.forget.0.reason",
        ),
        ({"retrieval": {"question": "q", "budget_tokens": 1}}, "policy.retrieval.budget_tokens"),
        (
            {"forget": [{"targets": [], "verb": "inhibit", "reason": "x"}]},
            "policy.forget.0.targets",
        ),
        ({"authorised": True}, "policy.authorised"),
        ("   ", "policy"),
        (42, "policy"),
    ],
)
async def test_bad_policy_names_the_field_and_writes_nothing(
    rt: MemoryRuntime, intent: Any, field: str
) -> None:
    await evidence(rt)
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.propose(intent)
    assert info.value.field == field
    if not isinstance(intent, int):
        with pytest.raises(InvalidInput) as info:
            await rt.commit(intent)
        assert info.value.field == field
    assert await rt.head() == head


async def test_a_write_with_a_bad_retrieval_writes_nothing(rt: MemoryRuntime) -> None:
    # A policy built without validation: its retrieval is checked before the writes commit.
    eid = await evidence(rt)
    valid = MemoryPolicy.model_validate(
        {"writes": [{"claims": [claim("Alice")], "evidence_ids": [eid], "source": "user"}]}
    )
    bad = valid.model_copy(
        update={"retrieval": RetrievalIntent.model_construct(question="q", lens="nope")}
    )
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.commit(bad)
    assert info.value.field == "lens"
    assert await rt.head() == head
    assert await rt.belief("Alice", "employer") is None


# -- commit ----------------------------------------------------------------------------------


async def test_commit_valid_write_is_atomic(rt: MemoryRuntime) -> None:
    obs = await evidence(rt)
    head = (await rt.head()).seq
    policy = {
        "writes": [
            {
                "claims": [claim("Sarvam"), claim("Bengaluru", "location", confidence=0.8)],
                "evidence_ids": [obs],
                "source": "user",
            }
        ],
        "rationale": "the user said so",
    }
    res = await rt.commit(policy)
    assert res.committed and res.rejected == () and res.context is None
    assert all(v.ok for v in res.verdicts)
    events = [e async for e in rt.events(after_seq=head)]
    assert [e.kind for e in events] == ["policy.committed", "belief.revised", "belief.revised"]
    assert [e.seq for e in events] == [head + 1, head + 2, head + 3]
    assert res.event_ids == tuple(e.id for e in events)
    assert res.policy_event_id == events[0].id
    assert len({e.recorded_at for e in events}) == 1
    head_event = events[0]
    assert head_event.payload.policy == MemoryPolicy.model_validate(policy).model_dump(mode="json")
    assert head_event.payload.applied == ("writes",)
    assert head_event.payload.source == "planner"
    for e, (value, conf) in zip(events[1:], (("Sarvam", 1.0), ("Bengaluru", 0.8)), strict=True):
        assert e.causation_id == head_event.id
        rev = e.payload.revision
        assert rev.value == value and rev.source == "user"
        assert math.isclose(rev.reliability, rt.config.trust.trust("user") * conf)
        assert rev.evidence_ids == (obs,)
    employer = await rt.belief("Alice", "employer")
    assert employer is not None and employer.mode == "Sarvam"
    assert [d.event_id for d in employer.deltas] == [events[1].id]
    assert (await rt.belief("Alice", "location")).mode == "Bengaluru"  # type: ignore[union-attr]
    assert (await rt.verify()).ok


async def test_commit_with_retrieval_runs_the_read(rt: MemoryRuntime) -> None:
    obs = await evidence(rt)
    head = (await rt.head()).seq
    res = await rt.commit(
        {
            "writes": [{"claims": [claim("Sarvam")], "evidence_ids": [obs], "source": "user"}],
            "retrieval": {"question": "What is Alice's employer?", "lens": "logical"},
        }
    )
    assert res.committed
    assert isinstance(res.context, MemoryContext)
    assert res.context.lens == "logical" and res.context.trace_id is not None
    assert "Sarvam" in res.context.prompt_sections["worldview"]
    assert await kinds_after(rt, head) == ["policy.committed", "belief.revised", "retrieval"]
    applied = (await rt.get(res.policy_event_id)).payload.applied  # type: ignore[arg-type]
    assert applied == ("retrieval", "writes")
    assert (await rt.trace(res.context.trace_id)).seq == head + 3


async def test_commit_rejects_a_missing_evidence_id_and_writes_nothing_else(
    rt: MemoryRuntime,
) -> None:
    obs = await evidence(rt)
    await rt.commit(
        {"writes": [{"claims": [claim("Google")], "evidence_ids": [obs], "source": "user"}]}
    )
    before = await rt.beliefs("Alice")
    head = (await rt.head()).seq
    res = await rt.commit(
        {
            "writes": [
                {"claims": [claim("Sarvam")], "evidence_ids": [obs], "source": "user"},
                {"claims": [claim("Acme")], "evidence_ids": [obs, MISSING_ID], "source": "user"},
            ],
            "retrieval": {"question": "Where does Alice work?"},
        }
    )
    assert not res.committed and res.context is None and res.policy_event_id is None
    reasons = {v.validator: v.reason for v in res.rejected}
    assert set(reasons) == {"evidence_ids"} and MISSING_ID in reasons["evidence_ids"]
    assert await kinds_after(rt, head) == ["write.rejected"]
    (event,) = [e async for e in rt.events(after_seq=head)]
    assert res.event_ids == (event.id,)
    assert event.payload.operation == "commit_policy"
    assert [w["claims"][0]["value"] for w in event.payload.attempted["writes"]] == [
        "Sarvam",
        "Acme",
    ]
    assert [v.validator for v in event.payload.verdicts if not v.ok] == ["evidence_ids"]
    assert await rt.beliefs("Alice") == before  # not even the valid write went through


async def test_commit_refuses_refused_and_quarantined_records_as_evidence(
    rt: MemoryRuntime,
) -> None:
    secret = await rt.observe_and_route(
        {"content": "Alice works at Globex, api_key=sk-abcdefghijklmnopqrstuvwxyz123456"}
    )
    assert secret.route == "quarantine"
    (quarantined,) = secret.event_ids
    head = (await rt.head()).seq
    res = await rt.commit(
        {"writes": [{"claims": [claim("Globex")], "evidence_ids": [quarantined], "source": "user"}]}
    )
    assert not res.committed
    reasons = {v.validator: v.reason for v in res.rejected}
    assert set(reasons) == {"evidence_ids"} and "quarantined" in reasons["evidence_ids"]
    (rejection,) = res.event_ids
    # A rejection record is no evidence either, and nothing but a new record is written.
    res = await rt.commit(
        {"writes": [{"claims": [claim("Globex")], "evidence_ids": [rejection], "source": "user"}]}
    )
    assert not res.committed and "write.rejected" in res.rejected[0].reason
    assert await kinds_after(rt, head) == ["write.rejected", "write.rejected"]
    assert await rt.belief("Alice", "employer") is None


async def test_commit_rejects_evidence_from_another_namespace(rt: MemoryRuntime) -> None:
    other = rt.scoped("other")
    foreign = await other.observe({"content": "Alice works at Initech", "occurred_at": T0})
    await evidence(rt)
    head, other_head = await rt.head(), await other.head()
    res = await rt.commit(
        {"writes": [{"claims": [claim("Initech")], "evidence_ids": [foreign.id], "source": "user"}]}
    )
    assert not res.committed
    reasons = {v.validator: v.reason for v in res.rejected}
    assert set(reasons) == {"namespace", "evidence_ids"}
    assert "another namespace" in reasons["namespace"] and foreign.id in reasons["namespace"]
    assert await kinds_after(rt, head.seq) == ["write.rejected"]
    assert await other.head() == other_head
    assert await rt.belief("Alice", "employer") is None
    assert await other.belief("Alice", "employer") is None
    # The wall holds the other way round too.
    mine = await evidence(rt, "Alice works at Acme")
    res = await other.commit(
        {"writes": [{"claims": [claim("Acme")], "evidence_ids": [mine], "source": "user"}]}
    )
    assert not res.committed
    assert {v.validator for v in res.rejected} == {"namespace", "evidence_ids"}
    assert await kinds_after(other, other_head.seq) == ["write.rejected"]


async def test_commit_rejects_low_confidence_planner_claims(rt: MemoryRuntime) -> None:
    obs = await evidence(rt)
    head = (await rt.head()).seq
    res = await rt.commit(
        {
            "writes": [
                {
                    "claims": [claim("Acme", confidence=0.5)],
                    "evidence_ids": [obs],
                    "source": "anonymous",
                }
            ]
        }
    )
    assert not res.committed
    assert [v.validator for v in res.rejected] == ["min_confidence"]
    assert "0.15 < 0.3" in res.rejected[0].reason
    assert await kinds_after(rt, head) == ["write.rejected"]


async def test_commit_failure_mid_transaction_writes_nothing(
    rt: MemoryRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    obs = await evidence(rt)
    head = await rt.head()
    state = rt._proj.state()

    def broken(self: FtsIndex, conn: Any, rows: Any) -> None:
        raise RuntimeError("injected fault in the lexical index")

    with monkeypatch.context() as m:
        m.setattr(FtsIndex, "add", broken)
        m.setattr(lexqueue, "enqueue", lambda conn, fts, rows: broken(fts, conn, rows))
        with pytest.raises(RuntimeError, match="injected"):
            await rt.commit(
                {"writes": [{"claims": [claim("Sarvam")], "evidence_ids": [obs], "source": "user"}]}
            )
    assert await rt.head() == head
    assert rt._proj.state() == state
    res = await rt.commit(
        {"writes": [{"claims": [claim("Sarvam")], "evidence_ids": [obs], "source": "user"}]}
    )
    assert res.committed
    assert (await rt.get(res.event_ids[0])).seq == head.seq + 1


async def test_commit_refuses_a_secret_in_a_planner_claim(rt: MemoryRuntime) -> None:
    obs = await evidence(rt)
    secret = "sk-abcdefghijklmnopqrstuvwxyz0123456789ABCD"
    res = await rt.commit(
        {
            "writes": [
                {"claims": [claim(secret, "api_token")], "evidence_ids": [obs], "source": "user"}
            ]
        }
    )
    assert not res.committed
    assert await rt.belief("Alice", "api_token") is None


async def test_commit_refuses_a_secret_split_into_a_planner_claims_name_and_value(
    rt: MemoryRuntime,
) -> None:
    obs = await evidence(rt)
    write = {"claims": [claim("hunter2hunter2", "password")], "evidence_ids": [obs]}
    res = await rt.commit({"writes": [{**write, "source": "user"}]})
    assert not res.committed
    assert await rt.belief("Alice", "password") is None


async def test_a_policy_that_asks_for_nothing_is_refused(rt: MemoryRuntime) -> None:
    await rt.observe({"content": "hello"})
    head = await rt.head()
    for empty in ({}, {"source": "llm:gpt", "rationale": "nothing to do"}):
        with pytest.raises(InvalidInput) as err:
            await rt.commit(empty)
        assert err.value.field == "policy" and "asks for nothing" in str(err.value)
    assert await rt.head() == head


async def test_a_planner_cannot_restore_what_the_user_asked_to_forget(
    rt: MemoryRuntime,
) -> None:
    # Review rev47: a restore that undoes an invalidation is as destructive as the
    # invalidation; the user's request stays in force unless the caller authorises it.
    await rt.observe_and_route({"content": "I live in Lyon.", "actor": "Alice"})
    asked = await rt.observe_and_route({"content": "Please forget where I live.", "actor": "Alice"})
    assert asked.forgotten == ("fact:alice.location#lyon",)
    restore = {
        "forget": [{"targets": ["Alice.location=Lyon"], "verb": "restore", "reason": "tips"}],
        "source": "llm:gpt",
    }
    refused = await rt.commit(restore)
    assert not refused.committed
    ctx = await rt.query("Where do I live?", actor="Alice")
    assert "Lyon" not in ctx.prompt_sections.get("worldview", "")
    done = await rt.commit({**restore, "authorized": True})
    assert done.committed
    ctx = await rt.query("Where do I live?", actor="Alice")
    assert "Alice.location: Lyon" in ctx.prompt_sections["worldview"]
