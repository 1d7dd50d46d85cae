"""The read path: lenses, query contexts, traces, replay, as-of reads and after_turn."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.projections.retrieval import date_prefix
from nousmem.projections.worldview_models import WorldviewSlot, WorldviewSnapshot
from nousmem.runtime import InvalidInput, MemoryRuntime, UnknownEvent
from nousmem.runtime.canonical import payload_digest
from tests.helpers import BagOfWords, claim

T0 = datetime(2023, 5, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
API_KEY = "sk-abcdefghijklmnopqrstuvwxyz0123456789ABCD"
LENSES = ("logical", "procedural", "historical", "audit", "associative")
EMPLOYER_Q = "Where does Alice work? What is Alice's employer?"


def date_text(t: datetime) -> str:
    return f"{t:%-d %B %Y}"


@dataclass
class Scene:
    google_ids: list[str]
    seq_before_change: int
    sarvam_obs: str
    dark_pref: str
    light_pref: str
    deploy_ok: str
    deploy_failed: str
    held: str
    rejected: str
    quarantined: str


async def build(rt: MemoryRuntime) -> Scene:
    google: list[str] = []
    for i in range(3):
        res = await rt.observe_and_commit(
            {
                "content": f"Alice works at Google ({i})",
                "actor": "Alice",
                "ref": f"chat:{i}",
                "occurred_at": T0 + i * DAY,
                "claims": [claim("Google")],
            }
        )
        assert res.committed and res.observation_id is not None
        google.append(res.observation_id)
    seq_before_change = (await rt.head()).seq
    change = await rt.observe_and_route(
        {
            "content": "I just joined Sarvam",
            "actor": "Alice",
            "ref": "chat:3",
            "occurred_at": T0 + 30 * DAY,
        }
    )
    assert change.route == "belief_update" and change.observation_id is not None
    prefs = []
    for text, days in (
        ("I prefer dark mode in editors", 31),
        ("I prefer light mode in editors", 40),
    ):
        res = await rt.observe_and_route(
            {
                "content": text,
                "type": "user_preference",
                "keywords": ["theme"],
                "actor": "Alice",
                "occurred_at": T0 + days * DAY,
            }
        )
        assert res.observation_id is not None
        prefs.append(res.observation_id)
    tasks = []
    for text, outcome, days in (
        ("Deploy fix: restart the worker, then clear the cache", "success", 41),
        ("Deploy failed because the cache was not cleared first", "failure", 42),
    ):
        res = await rt.observe_and_route(
            {
                "content": text,
                "type": "task_result",
                "metadata": {"task": "deploy", "outcome": outcome},
                "occurred_at": T0 + days * DAY,
            }
        )
        assert res.observation_id is not None
        tasks.append(res.observation_id)
    for i in range(3):
        await rt.observe_and_commit(
            {
                "content": f"Carol works at Initech ({i})",
                "occurred_at": T0 + (43 + i) * DAY,
                "claims": [claim("Initech", entity="Carol")],
            }
        )
    held = await rt.observe_and_route(
        {
            "content": "Carol works at Hooli",
            "source": "anonymous",
            "occurred_at": T0 + 46 * DAY,
            "claims": [claim("Hooli", entity="Carol")],
        }
    )
    assert held.route == "candidate"
    # A trusted source disagrees without update language: contradicting evidence, so the slot
    # is conflicted rather than quietly resolved.
    disputed = await rt.observe_and_route(
        {
            "content": "Carol works at Globex",
            "source": "tool:hr",
            "occurred_at": T0 + 46 * DAY + DAY // 2,
            "claims": [claim("Globex", entity="Carol", confidence=0.9)],
        }
    )
    assert disputed.route == "belief_update"
    rejected = await rt.observe_and_commit(
        {
            "content": "Carol works at Shady LLC",
            "source": "anonymous",
            "occurred_at": T0 + 47 * DAY,
            "claims": [claim("Shady LLC", entity="Carol", confidence=0.5)],
        }
    )
    assert rejected.rejected
    quarantined = await rt.observe_and_route(
        {
            "content": f"Alice's deploy token is {API_KEY}",
            "actor": "Alice",
            "occurred_at": T0 + 47 * DAY,
        }
    )
    assert quarantined.route == "quarantine"
    return Scene(
        google,
        seq_before_change,
        change.observation_id,
        prefs[0],
        prefs[1],
        tasks[0],
        tasks[1],
        held.candidate_ids[0],
        rejected.event_ids[0],
        quarantined.event_ids[0],
    )


def slot(wv: WorldviewSnapshot, slot_id: str) -> WorldviewSlot:
    found = wv.slot(slot_id)
    assert found is not None, (slot_id, [s.id for s in wv.slots])
    return found


def kinds(wv: WorldviewSnapshot) -> set[str]:
    return {s.kind for s in wv.slots}


# -- lenses ----------------------------------------------------------------------------------


async def test_logical_lens_shows_current_resolved_beliefs(rt: MemoryRuntime) -> None:
    await build(rt)
    wv = await rt.worldview("logical")
    assert kinds(wv) == {"fact", "preference"}
    alice = slot(wv, "fact:alice.employer")
    assert alice.status == "resolved" and alice.selected == ("Sarvam",)
    assert [c.value for c in alice.candidates] == ["Sarvam"]
    carol = slot(wv, "fact:carol.employer")
    assert carol.status == "conflicted" and carol.selected == ()
    assert carol.reason == "active contradicting evidence"
    assert next(c.value for c in carol.candidates) == "Initech"
    assert "Globex" in [c.value for c in carol.candidates]
    assert carol.candidates[0].components.contradiction > 0
    theme = slot(wv, "preference:alice/theme")
    assert theme.selected == ("I prefer light mode in editors",)
    assert all("dark" not in c.value for c in theme.candidates)
    assert wv.audit == ()
    ctx = await rt.query(EMPLOYER_Q, lens="logical")
    section = ctx.prompt_sections["worldview"]
    assert "Sarvam" in section and "Google" not in section
    assert "Hooli" not in section and "Shady" not in ctx.to_prompt()


async def test_logical_query_leaves_out_held_candidate_evidence(rt: MemoryRuntime) -> None:
    await build(rt)
    ctx = await rt.query("Where does Carol work?", lens="logical")
    assert "Hooli" not in ctx.to_prompt()


async def test_procedural_lens_shows_procedures_and_failure_patterns(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    wv = await rt.worldview("procedural")
    assert kinds(wv) == {"procedure"}
    deploy = slot(wv, "procedure:deploy")
    by_id = {c.id: c for c in deploy.candidates}
    assert set(by_id) == {scene.deploy_ok, scene.deploy_failed}
    assert by_id[scene.deploy_failed].note == "failure pattern"
    # Shown, marked and after what worked; never selected as the procedure to follow.
    assert list(deploy.selected) == [by_id[scene.deploy_ok].value]
    assert by_id[scene.deploy_failed].status == "failure"
    ctx = await rt.query("How do I fix the deploy?", lens="procedural")
    (line,) = [ln for ln in ctx.prompt_sections["worldview"].splitlines() if "deploy" in ln]
    ok, failed = by_id[scene.deploy_ok].value, by_id[scene.deploy_failed].value
    assert line.index(ok) < line.index(failed) and "[failure]" in line.split(failed)[1]
    # The trace presents what worked as current, not the failure shown beside it (so an
    # outcome does not credit the failure as the procedure followed).
    current = (await rt.trace(ctx.trace_id)).payload.worldview
    assert any(scene.deploy_ok in c for c in current)
    assert not any(scene.deploy_failed in c for c in current)
    assert {scene.deploy_ok, scene.deploy_failed} <= {s.id for s in ctx.snippets}
    assert ctx.plan["procedural"] is True
    # Failure patterns are procedural knowledge; other current lenses leave them out.
    for lens in ("associative", "logical"):
        other = (await rt.worldview(lens)).slot("procedure:deploy")
        assert other is None or scene.deploy_failed not in {c.id for c in other.candidates}


async def test_historical_lens_shows_superseded_values_with_time_ranges(
    rt: MemoryRuntime,
) -> None:
    scene = await build(rt)
    wv = await rt.worldview("historical")
    alice = slot(wv, "fact:alice.employer")
    cands = {c.value: c for c in alice.candidates}
    assert set(cands) == {"Sarvam", "Google"}
    google = cands["Google"]
    assert google.status == "superseded" and google.note == "superseded by 'Sarvam'"
    assert (google.valid_from, google.valid_to) == (T0, T0 + 30 * DAY)
    assert set(scene.google_ids) <= set(google.evidence_ids)
    assert alice.selected == ("Sarvam",)
    rendered = wv.render()
    assert f"Google ({date_text(T0)} - {date_text(T0 + 30 * DAY)}) [superseded]" in rendered
    theme = {c.id: c for c in slot(wv, "preference:alice/theme").candidates}
    assert theme[scene.dark_pref].status == "superseded"
    assert theme[scene.dark_pref].valid_to == T0 + 40 * DAY
    assert "hypothesis" in kinds(wv) and wv.audit == ()
    deploy = {c.id: c for c in slot(wv, "procedure:deploy").candidates}
    assert deploy[scene.deploy_failed].status == "failure"
    ctx = await rt.query(EMPLOYER_Q, lens="historical")
    assert "Google (" in ctx.prompt_sections["worldview"]
    assert "[superseded]" in ctx.prompt_sections["worldview"]
    # The current lenses never show the superseded value.
    for lens in ("logical", "associative"):
        cur = slot(await rt.worldview(lens), "fact:alice.employer")
        assert "Google" not in {c.value for c in cur.candidates}


async def test_audit_lens_shows_rejections_and_quarantine_redacted(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    wv = await rt.worldview("audit")
    items = {a.event_id: a for a in wv.audit}
    assert set(items) == {scene.rejected, scene.quarantined}
    rej = items[scene.rejected]
    assert rej.kind == "write.rejected"
    assert rej.summary == "observe_and_commit: Carol works at Shady LLC"
    assert any("min_confidence" not in r and "0.15 < 0.3" in r for r in rej.reasons)
    q = items[scene.quarantined]
    assert q.kind == "quarantined" and API_KEY not in q.summary
    assert "[REDACTED:api_key]" in q.summary and q.reasons == ("api_key",)
    historical = await rt.worldview("historical")
    assert [s.id for s in wv.slots] == [s.id for s in historical.slots]
    ctx = await rt.query(
        "What happened with Carol and the deploy token?", lens="audit", budget_tokens=4000
    )
    prompt = ctx.to_prompt()
    assert "write.rejected" in prompt and "Shady LLC" in prompt
    assert "[REDACTED:api_key]" in prompt and API_KEY not in prompt
    for lens in ("logical", "procedural", "historical", "associative"):
        other = await rt.query("What happened with Carol and the deploy token?", lens=lens)
        text = other.to_prompt()
        assert "Shady" not in text and "REDACTED" not in text and API_KEY not in text, lens
        assert (await rt.worldview(lens)).audit == ()


async def test_associative_lens_includes_hypotheses(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    wv = await rt.worldview("associative")
    assert kinds(wv) == {"fact", "preference", "procedure", "hypothesis"}
    (hyp,) = [s for s in wv.slots if s.kind == "hypothesis"]
    assert hyp.entity == "Carol" and hyp.selected == ("Hooli",)
    assert hyp.candidates[0].id == scene.held and hyp.candidates[0].status == "held"
    assert "hypothesis" not in kinds(await rt.worldview("logical"))
    assert "hypothesis" not in kinds(await rt.worldview("procedural"))
    ctx = await rt.query("Where does Carol work?", lens="associative")
    assert any(s.kind == "hypothesis" for s in ctx.worldview.slots)
    logical = await rt.query("Where does Carol work?", lens="logical")
    assert all(s.kind != "hypothesis" for s in logical.worldview.slots)


async def test_associative_prompt_shows_hypotheses(rt: MemoryRuntime) -> None:
    await build(rt)
    ctx = await rt.query("Where does Carol work?", lens="associative")
    assert "Hooli" in ctx.prompt_sections["worldview"]


# -- the MemoryContext -----------------------------------------------------------------------


async def test_query_context_fields_and_trace(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    head = (await rt.head()).seq
    ctx = await rt.query(EMPLOYER_Q, lens="associative", budget_tokens=1000)
    assert ctx.question == EMPLOYER_Q and ctx.lens == "associative"
    assert ctx.as_of_seq == head and ctx.budget_tokens == 1000
    assert ctx.plan["entities"] == ["Alice"]
    assert ctx.snippets
    ids = [s.id for s in ctx.snippets]
    assert "fact:alice.employer" in ids and scene.sarvam_obs in ids
    for s in ctx.snippets:
        # Adjustments (the speaker/length focus) are components, not channels.
        assert s.channels == tuple(sorted(set(s.components) - {"focus"}))
        assert abs(s.score - sum(s.components.values())) < 1e-12
        assert s.event_ids and s.tokens > 0
        # Dated lines are grouped under their day: the body is a line, the date its header.
        prefix = date_prefix(s)
        body = s.text[len(prefix) :] if prefix else s.text
        assert f"- {body}" in ctx.prompt_sections["snippets"].splitlines()
        assert prefix is None or prefix.strip() in ctx.prompt_sections["snippets"].splitlines()
        if s.kind == "observation":
            assert s.event_ids[0] == s.id
            event = await rt.get(s.id)
            assert event.kind == "observation" and event.occurred_at == s.occurred_at
            assert s.refs == ((event.payload.ref,) if event.payload.ref else ())
    scores = [s.score for s in ctx.snippets]
    assert scores == sorted(scores, reverse=True)
    fact = next(s for s in ctx.snippets if s.id == "fact:alice.employer")
    assert fact.kind == "fact" and fact.text.startswith("Alice employer: Sarvam")
    assert fact.event_ids == (scene.sarvam_obs,) and fact.refs == ("chat:3",)
    assert "belief" in fact.channels
    assert set(ctx.refs) >= {"chat:3"}
    prompt = ctx.to_prompt()
    assert prompt.startswith("## Worldview Snapshot\n")
    assert prompt.index("## Worldview Snapshot") < prompt.index("## Supporting memories")
    assert ctx.prompt_sections["worldview"] in prompt
    assert ctx.token_count <= ctx.budget_tokens
    # The trace.
    trace = await rt.trace(ctx.trace_id)  # type: ignore[arg-type]
    assert trace.kind == "retrieval" and trace.seq == head + 1
    p = trace.payload
    assert (p.question, p.lens, p.budget_tokens, p.as_of_seq) == (
        EMPLOYER_Q,
        "associative",
        1000,
        head,
    )
    assert p.plan == ctx.plan
    assert list(p.selected) == ids
    assert {c["id"] for c in p.candidates} >= set(ids)
    assert [(x["id"], x["reason"]) for x in p.suppressed] == [
        (s.id, s.reason) for s in ctx.suppressed
    ]
    assert p.context_digest == payload_digest(prompt).hex()
    assert p.token_count == ctx.token_count


async def test_tight_budget_suppresses_with_reasons(rt: MemoryRuntime) -> None:
    await build(rt)
    roomy = await rt.query(EMPLOYER_Q, lens="associative", budget_tokens=2000)
    tight = await rt.query(EMPLOYER_Q, lens="associative", budget_tokens=60)
    assert len(tight.snippets) < len(roomy.snippets)
    budget = {s.id for s in tight.suppressed if s.reason == "budget"}
    assert budget and budget.isdisjoint(s.id for s in tight.snippets)
    assert budget <= {s.id for s in roomy.snippets}
    assert sum(s.tokens for s in tight.snippets) <= 60
    assert all(s.reason for s in tight.suppressed)
    two = await rt.query(EMPLOYER_Q, lens="associative", budget_tokens=2000, k=2)
    assert [s.id for s in two.snippets] == [s.id for s in roomy.snippets][:2]


@pytest.mark.parametrize("budget", [40, 64, 100, 200])
async def test_token_count_never_exceeds_the_budget(rt: MemoryRuntime, budget: int) -> None:
    for i in range(30):
        await rt.observe_and_route(
            {
                "content": f"Alice went hiking at trail {i} with a friend and a dog",
                "actor": "Alice",
                "occurred_at": T0 + i * DAY,
            }
        )
    ctx = await rt.query("Where did Alice go hiking?", budget_tokens=budget)
    assert ctx.token_count <= budget


# -- replay ------------------------------------------------------------------------------------


async def test_replay_is_identical_on_an_unchanged_journal(rt: MemoryRuntime) -> None:
    await build(rt)
    ctx = await rt.query(EMPLOYER_Q, lens="associative")
    assert ctx.trace_id is not None
    head = await rt.head()
    rep = await rt.replay_trace(ctx.trace_id)
    assert await rt.head() == head  # replays are not journaled
    assert rep.identical and rep.added == () and rep.removed == ()
    assert rep.recorded_digest == rep.replayed_digest
    assert rep.context.to_prompt() == ctx.to_prompt()
    assert [s.id for s in rep.context.snippets] == [s.id for s in ctx.snippets]
    assert rep.explaining_events == ()
    assert rep.present is not None and rep.present_added == () and rep.present_removed == ()
    # Other reads in between change nothing either.
    await rt.query("How do I fix the deploy?", lens="procedural")
    again = await rt.replay_trace(ctx.trace_id, compare_present=False)
    assert again.identical and again.present is None


async def test_replay_after_new_events_explains_the_difference(rt: MemoryRuntime) -> None:
    await build(rt)
    ctx = await rt.query(EMPLOYER_Q, lens="associative")
    assert ctx.trace_id is not None
    res = await rt.observe_and_route(
        {
            "content": "Alice works at Sarvam on the search team",
            "actor": "Alice",
            "occurred_at": T0 + 50 * DAY,
        }
    )
    assert res.observation_id is not None
    rep = await rt.replay_trace(ctx.trace_id)
    # As of the recorded position the new evidence does not exist.
    assert "search team" not in rep.context.to_prompt()
    assert res.observation_id not in {s.id for s in rep.context.snippets}
    assert res.observation_id not in rep.added
    explained = {e["id"]: e for e in rep.explaining_events}
    assert res.observation_id in explained
    assert explained[res.observation_id]["kind"] == "observation"
    assert explained[res.observation_id]["why"] == "new indexed evidence"
    assert ctx.trace_id not in explained
    # The present shows it.
    assert rep.present is not None
    assert res.observation_id in rep.present_added
    assert "search team" in rep.present.to_prompt()
    # The later event changed BM25's statistics, not the read as of its position.
    assert rep.identical and rep.recorded_digest == rep.replayed_digest


async def test_bad_trace_ids(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    bob = rt.scoped("user/bob")
    foreign = await bob.query("anything at all?")
    head = await rt.head()
    for bad in ("01HZZZZZZZZZZZZZZZZZZZZZZZ", scene.sarvam_obs, foreign.trace_id):
        with pytest.raises(UnknownEvent):
            await rt.replay_trace(bad)  # type: ignore[arg-type]
        with pytest.raises(UnknownEvent):
            await rt.after_turn(bad, "success")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput) as info:
        await rt.replay_trace("")
    assert info.value.field == "trace_id"
    assert await rt.head() == head


# -- as of -------------------------------------------------------------------------------------


async def test_as_of_reads_see_the_past_exactly(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    seq = scene.seq_before_change
    for as_of in (seq, T0 + 10 * DAY):
        wv = await rt.worldview("historical", as_of=as_of)
        alice = slot(wv, "fact:alice.employer")
        assert [c.value for c in alice.candidates] == ["Google"]
        assert alice.selected == ("Google",)
        assert all(s.entity != "Carol" for s in wv.slots)
        assert "Sarvam" not in wv.render()
        for lens in LENSES:
            ctx = await rt.query(EMPLOYER_Q, lens=lens, as_of=as_of)
            prompt = ctx.to_prompt()
            assert "Sarvam" not in prompt and "Carol" not in prompt, lens
            used = [i for s in ctx.snippets for i in s.event_ids if not i.startswith("fact:")]
            trace = await rt.trace(ctx.trace_id)  # type: ignore[arg-type]
            if isinstance(as_of, int):  # a seq reads the journal prefix
                assert ctx.as_of_seq == seq and trace.payload.as_of_seq == seq
                assert all([(await rt.get(i)).seq <= seq for i in used])
            else:  # a datetime reads everything whose event time is not later
                assert trace.payload.as_of_time == as_of
                assert all([(await rt.get(i)).occurred_at <= as_of for i in used])
    logical = await rt.worldview("logical", as_of=seq)
    assert slot(logical, "fact:alice.employer").selected == ("Google",)
    assert (await rt.worldview("logical", as_of=0)).slots == ()


async def test_worldview_as_of_time_agrees_with_belief_as_of_time(rt: MemoryRuntime) -> None:
    await rt.observe_and_commit(
        {
            "content": "Alice lives in Paris",
            "occurred_at": T0,
            "claims": [claim("Paris", "location")],
        }
    )
    await rt.observe_and_commit(
        {
            "content": "Alice works at Google",
            "occurred_at": T0 + 10 * DAY,
            "claims": [claim("Google")],
        }
    )
    await rt.observe_and_commit(
        {
            "content": "Alice moved to Rome",
            "occurred_at": T0 + 4 * DAY,
            "claims": [claim("Rome", "location", change=True)],
        }
    )
    at = T0 + 6 * DAY
    belief = await rt.belief("Alice", "location", as_of=at)
    assert belief is not None and belief.mode == "Rome"
    wv = await rt.worldview("logical", as_of=at)
    assert slot(wv, "fact:alice.location").selected == ("Rome",)


# -- after_turn --------------------------------------------------------------------------------


async def test_after_turn_success_raises_utility_of_selected_items(rt: MemoryRuntime) -> None:
    scene = await build(rt)
    ctx = await rt.query("How do I fix the deploy?", lens="procedural")
    assert ctx.trace_id is not None
    selected = {s.id for s in ctx.snippets}
    assert scene.deploy_ok in selected
    before = {
        c.id: c for c in slot(await rt.worldview("procedural"), "procedure:deploy").candidates
    }
    head = (await rt.head()).seq
    event = await rt.after_turn(ctx.trace_id, "success", feedback="that fixed it")
    assert event.kind == "outcome" and event.seq == head + 1
    assert event.causation_id == ctx.trace_id
    assert event.payload.outcome == "success" and event.payload.feedback == "that fixed it"
    assert set(event.payload.targets) == {i for i in selected if not i.startswith("fact:")}
    after = {c.id: c for c in slot(await rt.worldview("procedural"), "procedure:deploy").candidates}
    for cid in (scene.deploy_ok, scene.deploy_failed):
        if cid in selected:
            assert after[cid].components.utility > before[cid].components.utility == 0.0
            assert after[cid].lifecycle == "reinforced"
            assert after[cid].score > before[cid].score
    failure = await rt.after_turn(ctx.trace_id, "failure")
    assert failure.payload.outcome == "failure"
    final = {c.id: c for c in slot(await rt.worldview("procedural"), "procedure:deploy").candidates}
    assert final[scene.deploy_ok].components.utility < after[scene.deploy_ok].components.utility


async def test_after_turn_success_raises_utility_of_a_used_fact(rt: MemoryRuntime) -> None:
    await build(rt)
    ctx = await rt.query(EMPLOYER_Q, lens="logical")
    assert "fact:alice.employer" in {s.id for s in ctx.snippets}
    await rt.after_turn(ctx.trace_id, "success")  # type: ignore[arg-type]
    cand = slot(await rt.worldview("logical"), "fact:alice.employer").candidates[0]
    assert cand.components.utility > 0


async def test_after_turn_reaches_the_worldview_lines_the_prompt_showed(
    rt: MemoryRuntime,
) -> None:
    """Feedback reaches a belief the prompt showed only in its Worldview Snapshot (no fact
    line), and does not reach one the worldview's share of the budget cut."""
    await build(rt)
    cfg = rt._proj.config.retrieval
    rt._proj.config = rt._proj.config.model_copy(
        update={"retrieval": cfg.model_copy(update={"fact_lines": 0})}
    )
    ctx = await rt.query(EMPLOYER_Q, lens="logical")
    assert not any(s.id.startswith("fact:") for s in ctx.snippets)
    employer = slot(ctx.worldview, "fact:alice.employer")
    current = next(c for c in employer.candidates if c.status == "selected")
    assert f"fact Alice.employer: {current.value} (since" in ctx.to_prompt()
    trace = await rt.trace(ctx.trace_id)  # type: ignore[arg-type]
    assert current.id in trace.payload.worldview
    # Only what the lines present as current: superseded candidates are not reinforced.
    assert all(c.id not in trace.payload.worldview for c in employer.candidates if c is not current)
    outcome = await rt.after_turn(ctx.trace_id, "success")  # type: ignore[arg-type]
    assert current.id in outcome.payload.targets
    after = slot(await rt.worldview("logical"), "fact:alice.employer")
    assert next(c for c in after.candidates if c.id == current.id).components.utility > 0

    rt._proj.config = rt._proj.config.model_copy(
        update={
            "retrieval": cfg.model_copy(
                update={"fact_lines": 0, "worldview_share": 0.0, "asked_share": 0.0}
            )
        }
    )
    cut = await rt.query(EMPLOYER_Q, lens="logical")
    assert f"{current.value} (since" not in cut.to_prompt()
    assert (await rt.trace(cut.trace_id)).payload.worldview == ()  # type: ignore[arg-type]


async def test_after_turn_rejects_bad_outcome(rt: MemoryRuntime) -> None:
    await build(rt)
    ctx = await rt.query(EMPLOYER_Q)
    head = await rt.head()
    with pytest.raises(InvalidInput) as info:
        await rt.after_turn(ctx.trace_id, "great")  # type: ignore[arg-type]
    assert info.value.field == "outcome"
    with pytest.raises(InvalidInput) as info:
        await rt.after_turn(ctx.trace_id, "success", feedback="x" * 4001)  # type: ignore[arg-type]
    assert info.value.field == "feedback"
    assert await rt.head() == head


# -- bad query input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"question": ""}, "question"),
        ({"question": "   "}, "question"),
        ({"question": "x" * 4001}, "question"),
        ({"lens": "telepathic"}, "lens"),
        ({"budget_tokens": 0}, "budget_tokens"),
        ({"budget_tokens": True}, "budget_tokens"),
        ({"k": 0}, "k"),
        ({"as_of": 10_000}, "as_of"),
        ({"as_of": -1}, "as_of"),
        ({"as_of": "not a date"}, "as_of"),
    ],
)
async def test_bad_query_input_names_the_field_and_writes_nothing(
    rt: MemoryRuntime, kwargs: dict[str, Any], field: str
) -> None:
    await rt.observe_and_route({"content": "I work at Google", "actor": "Alice", "occurred_at": T0})
    head = await rt.head()
    call = {"question": EMPLOYER_Q, **kwargs}
    question = call.pop("question")
    with pytest.raises(InvalidInput) as info:
        await rt.query(question, **call)
    assert info.value.field == field
    assert await rt.head() == head
    if field == "lens":
        with pytest.raises(InvalidInput) as info:
            await rt.worldview(kwargs["lens"])
        assert info.value.field == "lens"


async def test_dense_channel_uses_a_user_embedder(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "We adopted a golden retriever puppy.", "actor": "Ann", "occurred_at": T0}
    )
    await rt.observe_and_route(
        {
            "content": "The quarterly budget review went fine.",
            "actor": "Ann",
            "occurred_at": T0 + DAY,
        }
    )
    rt.set_embedder(BagOfWords())
    ctx = await rt.query("golden retriever puppy adopted?")
    dense = [s for s in ctx.snippets if "dense" in s.channels]
    assert dense and "retriever" in dense[0].text
    with pytest.raises(InvalidInput) as info:
        rt.set_embedder(object())  # type: ignore[arg-type]
    assert info.value.field == "embedder"
