"""The end-to-end demo behind ``nousmem demo``.

One story on the embedded SQLite journal, with a fixed clock and seeded ids, so the output
is the same on every run: alice tells the agent about herself, changes jobs, an anonymous
source contradicts her, she leaks a secret; then the agent reads its beliefs, answers a
question with a replayable trace, looks back in time, sleeps, forgets, erases a person and
verifies the hash chain.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from blake3 import blake3

from nousmem.runtime.clock import FixedClock
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.runtime import MemoryRuntime


def _at(month: int, day: int) -> datetime:
    return datetime(2024, month, day, 9, 0, tzinfo=UTC)


TENNIS = "I play tennis on weekends."
ALICE: list[dict[str, Any]] = [
    {"content": "I work at Google as a data engineer.", "occurred_at": _at(3, 1)},
    {
        "type": "user_preference",
        "content": "I prefer brief, direct answers.",
        "occurred_at": _at(3, 2),
    },
    {"content": TENNIS, "occurred_at": _at(3, 3)},
    {"content": "My manager Bob plays tennis too.", "occurred_at": _at(3, 4)},
]
CHANGE: dict[str, Any] = {
    "content": "I just joined Sarvam AI, I left Google.",
    "actor": "alice",
    "occurred_at": _at(6, 1),
}
RUMOUR: dict[str, Any] = {
    "content": "Alice works at Meta.",
    "source": "anonymous",
    "occurred_at": _at(6, 2),
}
SECRET: dict[str, Any] = {
    "content": "My API key is sk-live-4f9a8b7c6d5e4f3a2b1c",
    "actor": "alice",
    "occurred_at": _at(6, 3),
}
QUESTION = "Where does Alice work?"
WEEKENDS = "What does Alice do on weekends?"


def _effect(r: Any) -> str:
    """What a route result did to beliefs, in a few words."""
    parts = []
    for d in r.deltas:
        key = f"{d.entity}.{d.attribute}"
        if d.cardinality == "multi":
            parts.append(f"{key} += {d.value}")
        else:
            parts.append(f"{key}: {d.mode_before or '-'} -> {d.mode_after}")
        parts[-1] += f" ({d.surprise_bits:.2f} bits)"
    return "; ".join(parts)


async def run_demo(db: str, namespace: str) -> tuple[list[str], dict[str, Any]]:
    """Run the demo against ``db``; returns printable lines and a JSON-ready summary.

    The namespace must be empty: the story (and its output) starts from nothing.
    """
    clock = FixedClock(datetime(2024, 6, 10, 9, 0, tzinfo=UTC), timedelta(seconds=1))
    lines: list[str] = []
    data: dict[str, Any] = {"db": db, "namespace": namespace, "verified": False}
    out = lines.append
    async with MemoryRuntime.open(db, namespace=namespace, clock=clock) as rt:
        if (await rt.head()).seq:
            raise InvalidInput(
                f"namespace {namespace!r} of {db} already has events; the demo needs an empty"
                " one (give another --namespace, or omit --db for a temporary journal)",
                field="namespace",
            )
        # Seeded ids make the hash chain, and so the whole output, reproducible. Ids are
        # unique across a file's namespaces: each namespace gets its own seed.
        seed = (
            2024
            if namespace == "demo"
            else 2024 + int(blake3(namespace.encode()).hexdigest()[:8], 16)
        )
        rt._shared.ids = IdGenerator(seed=seed)
        out(f"nousmem demo: alice's memory in an embedded SQLite journal, namespace {namespace!r}")

        out("")
        out("1. observe_and_route in 2024: extract claims, assess impact, route, validate, commit")
        routes: list[dict[str, Any]] = []
        tennis_id: str | None = None
        for obs in [*({**o, "actor": "alice"} for o in ALICE), CHANGE]:
            r = await rt.observe_and_route(obs)
            out(f"   {obs['occurred_at']:%-d %b}  {obs['content']:<40} {r.route:<14} {_effect(r)}")
            routes.append({"content": obs["content"], "route": r.route})
            if obs["content"] == TENNIS:
                tennis_id = r.observation_id

        r = await rt.observe_and_route(RUMOUR)
        routes.append({"content": RUMOUR["content"], "route": r.route})
        out("2. a contradicting claim from a low-trust source is held, not believed")
        out(f"   {RUMOUR['occurred_at']:%-d %b}  anonymous: {RUMOUR['content']:<29} {r.route}")
        reason = r.decision.claims[0].reason if r.decision.claims else "-"
        out(f"          ({reason})")

        r = await rt.observe_and_route(SECRET)
        routes.append({"content": "(a secret)", "route": r.route})
        q = await rt.get(r.event_ids[0]) if r.event_ids else None
        stored = q.payload.redacted if q is not None and q.kind == "quarantined" else "-"
        out("3. a secret is quarantined; the journal keeps it redacted, plus a digest")
        out(
            f"   {SECRET['occurred_at']:%-d %b}  {'(a message with an API key)':<40} {r.route:<14}"
            f" stored as {stored!r}"
        )
        data["routes"] = routes

        b = await rt.belief("alice", "employer")
        out("4. belief alice.employer (a Bayesian dimension; the rumour did not move it)")
        if b is not None:
            dist = ", ".join(f"{v} {p:.2f}" for v, p in b.distribution)
            deltas = "; ".join(
                f"{d.occurred_at:%-d %b} {d.value} ({d.surprise_bits:.2f} bits, seq {d.seq})"
                for d in b.deltas
            )
            out(f"   mode {b.mode}, entropy {b.entropy_bits:.2f} bits: {dist}")
            out(f"   deltas: {deltas}")
            data["belief"] = b.model_dump(mode="json", include={"mode", "distribution"})

        ctx = await rt.query(QUESTION, budget_tokens=200, k=4)
        out(f"5. query {QUESTION!r}: a token-budgeted context, journaled as a trace")
        lines.extend(f"   {line}".rstrip() for line in ctx.to_prompt().splitlines())
        out(f"   (trace {ctx.trace_id}, {ctx.token_count} tokens, {len(ctx.snippets)} snippets)")
        data["trace_id"] = ctx.trace_id

        rep = await rt.replay_trace(ctx.trace_id or "")
        out(
            f"6. replay_trace: {'identical' if rep.identical else 'DIFFERENT'} as of seq"
            f" {rep.as_of_seq} (context digest {rep.replayed_digest[:12]})"
        )
        data["replay_identical"] = rep.identical

        wv = await rt.worldview("historical")
        wv = wv.model_copy(
            update={"slots": tuple(s for s in wv.slots if s.key == "alice.employer"), "audit": ()}
        )
        out("7. worldview through the historical lens: what was believed, and when")
        lines.extend(f"   {line}" for line in wv.render().splitlines())

        rpt = await rt.sleep()
        out("8. sleep: consolidate clusters of evidence into frames, procedures, schemas")
        lines.extend(f"   {line}" for line in rpt.render().splitlines())
        f = await rt.forget([tennis_id or "?"], "inhibit", reason="alice stopped playing")
        out("9. forget: inhibit a memory; the record stays, reads suppress it")
        lines.extend(f"   {TENNIS!r} ({a['target']}): {a['from']} -> {a['to']}" for a in f.applied)
        after = await rt.query(WEEKENDS, budget_tokens=200, k=3)
        why = next((s.reason for s in after.suppressed if s.id == tennis_id), None)
        out(f"   query {WEEKENDS!r}: suppressed ({why})" if why else "   (not suppressed)")
        data["suppressed"] = why is not None

        rc = await rt.erase(entity="Bob", reason="Bob asked to be forgotten")
        out("10. erase everything about Bob: payloads removed, headers and digests kept")
        rederived = len(rc.rederived_event_ids)
        out(
            f"   {len(rc.erased_event_ids)} events erased (seqs {list(rc.erased_seqs)}),"
            + (f" {rederived} revisions re-derived," if rederived else "")
            + f" {sum(rc.projection_rows.values())} projection rows purged;"
            f" chain verified: {'yes' if rc.verified else 'NO'}"
        )
        data["erased_seqs"] = list(rc.erased_seqs)

        report = await rt.verify()
        head = await rt.head()
        out(
            f"11. verify: {'ok' if report.ok else 'BROKEN'} - {report.checked} events,"
            f" head {head.hash[:16]}"
        )
        data["verified"] = report.ok and rc.verified
        data["events"] = report.checked
        data["head"] = head.model_dump(mode="json")
    return lines, data
