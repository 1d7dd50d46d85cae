"""Memory verbs: observe, route, query, worldview, trace, replay, forget, lifecycle, erase,
sleep, rebuild."""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

from nousmem.runtime.cli.common import as_of as _as_of
from nousmem.runtime.cli.common import check_db, json_object, open_rt
from nousmem.runtime.cli.common import emit as _emit
from nousmem.runtime.runtime import MemoryRuntime

T = TypeVar("T")


def _obs(args: argparse.Namespace) -> dict[str, Any]:
    obs: dict[str, Any] = {"content": args.content, "type": args.type, "source": args.source}
    for key in ("actor", "occurred_at", "ref"):
        if getattr(args, key):
            obs[key] = getattr(args, key)
    if args.keyword:
        obs["keywords"] = args.keyword
    if args.claim:
        obs["claims"] = [json_object(c, "--claim") for c in args.claim]
    return obs


async def _record(args: argparse.Namespace, call: Callable[[MemoryRuntime], Awaitable[T]]) -> T:
    """``call(rt)`` on ``--db``, creating the journal if needed."""
    if check_db(args.db, create=True):
        # The file does not hold a journal yet: make the same call on an in-memory journal
        # first, so that whatever input the runtime refuses (namespace, content, time,
        # claims, payload size, ...) is refused before a journal is created.
        async with MemoryRuntime.memory(namespace=args.namespace) as probe:
            await call(probe)
    async with open_rt(args, create=True) as rt:
        return await call(rt)


async def cmd_observe(args: argparse.Namespace) -> int:
    obs = _obs(args)  # bad --claim JSON fails here, before any file is touched
    e = await _record(args, lambda rt: rt.observe(obs))

    def human() -> str:
        line = f"seq {e.seq}  {e.id}"
        if e.kind == "quarantined":  # the risk gate kept only a redacted copy
            line += f"  quarantined ({', '.join(e.payload.labels)})"
        return line

    _emit(args, e.model_dump(mode="json"), human)
    return 0


async def cmd_route(args: argparse.Namespace) -> int:
    obs = _obs(args)
    r: Any
    if args.dry_run:
        # A dry run writes nothing, so it must not create a journal either.
        async with open_rt(args) as rt:
            r = await rt.assess(obs)
    elif args.commit:
        r = await _record(args, lambda rt: rt.observe_and_commit(obs))
    else:
        r = await _record(args, lambda rt: rt.observe_and_route(obs))

    def human() -> str:
        status = {"committed": "", "dry_run": "  (dry run)"}.get(r.status, f"  ({r.status})")
        lines = [f"route: {r.route}{status}"]
        lines += [f"  claim {c.index}: {c.route} - {c.reason}" for c in r.decision.claims]
        lines += [
            f"  delta {d.entity}.{d.attribute} = {d.value}: {d.mode_before} -> "
            f"{d.mode_after} ({d.surprise_bits:.2f} bits)"
            for d in r.deltas
        ]
        lines += [f"  rejected by {v.validator}: {v.reason}" for v in r.rejected]
        if r.clarify:
            lines.append(f"  clarify: {r.clarify}")
        lines.append(f"  events: {', '.join(r.event_ids) or '-'}")
        return "\n".join(lines)

    _emit(args, r.model_dump(mode="json"), human)
    return 0 if not r.rejected else 1


async def cmd_query(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        ctx = await rt.query(
            args.question,
            lens=args.lens,
            budget_tokens=args.budget,
            as_of=_as_of(args.as_of),
            k=args.k,
            actor=args.actor,
        )
    _emit(
        args,
        ctx.model_dump(mode="json"),
        lambda: ctx.to_prompt() + f"\n\n(trace {ctx.trace_id}, {ctx.token_count} tokens)",
    )
    return 0


async def cmd_worldview(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        wv = await rt.worldview(args.lens, as_of=_as_of(args.as_of))
    _emit(args, wv.model_dump(mode="json"), lambda: wv.render() or "(empty worldview)")
    return 0


def _position(seq: int, time: datetime | None) -> str:
    """A read's journal position, with the event-time bound of a read made as of a date."""
    return f"seq {seq}" if time is None else f"seq {seq}, event time <= {time.isoformat()}"


def _because(events: tuple[dict[str, Any], ...]) -> list[str]:
    return [f"  because {x['kind']} {x['id']} (seq {x['seq']}): {x['why']}" for x in events[:10]]


def _activation(act: dict[str, Any] | None, shown: int = 5) -> list[str]:
    """Graph activation's record in a trace: the strongest paths that lent candidates
    activation and what it suppressed, a few of each (``--json`` has them all)."""
    if not act:
        return []
    paths, sup = act.get("paths") or [], act.get("suppressed") or []
    lines = [
        f"graph activation: {act.get('seeds', 0)} seeds, {len(paths)} paths, {len(sup)} suppressed"
    ]
    lines += [f"  {x['id']} ({x['score']:.3f}): {' -> '.join(x['path'])}" for x in paths[:shown]]
    lines += [
        f"  suppressed {x['id']}: {x['reason']} ({' -> '.join(x['path'])})" for x in sup[:shown]
    ]
    if len(paths) > shown or len(sup) > shown:
        lines.append("  ... (--json shows all)")
    return lines


async def cmd_trace(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        e = await rt.trace(args.id)
    p = e.payload

    assert p is not None  # rt.trace() refuses an erased trace

    def human() -> str:
        at = _position(p.as_of_seq, p.as_of_time)
        lines = [f"question: {p.question}", f"lens {p.lens}, budget {p.budget_tokens}, as of {at}"]
        lines.append("selected:")
        lines += [f"  {s}" for s in p.selected] or ["  -"]
        lines.append(f"suppressed ({len(p.suppressed)}):")
        lines += [f"  {s['id']}: {s['reason']}" for s in p.suppressed[:20]] or ["  -"]
        if len(p.suppressed) > 20:
            lines.append(f"  ... {len(p.suppressed) - 20} more (--json shows all)")
        lines += _activation(p.activation)
        return "\n".join(lines)

    _emit(args, e.model_dump(mode="json"), human)
    return 0


async def cmd_replay(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        r = await rt.replay_trace(args.id)

    def human() -> str:
        lines = [f"identical: {r.identical} (as of {_position(r.as_of_seq, r.as_of_time)})"]
        lines += [f"  + {i}" for i in r.added] + [f"  - {i}" for i in r.removed]
        if not r.identical:  # only a difference needs explaining
            lines += _because(r.explaining_events)
            if r.config_changed:
                lines.append("  the read settings or the embedder differ from the recorded ones")
            if r.version_changed:
                lines.append(f"  recorded by nousmem {r.recorded_version}, replayed by another")
        if r.present is not None:
            same = "prompt identical" if r.present_identical else "prompt differs"
            lines.append(f"present: +{len(r.present_added)} -{len(r.present_removed)}, {same}")
            lines += [f"  worldview + {c}" for c in r.present_worldview_added]
            lines += [f"  worldview - {c}" for c in r.present_worldview_removed]
            lines += [f"  ~ {i}" for i in r.present_changed]
            lines += _because(r.present_explaining_events)
        return "\n".join(lines)

    _emit(args, r.model_dump(mode="json", exclude={"context", "present"}), human)
    return 0 if r.identical else 1


async def cmd_forget(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        r = await rt.forget(args.targets, args.verb, reason=args.reason)
    _emit(
        args,
        r.model_dump(mode="json"),
        lambda: "\n".join(
            [f"{a['target']}: {a['from']} -> {a['to']}" for a in r.applied]
            + [f"{x['target']}: REFUSED ({x['reason']})" for x in r.refused]
        ),
    )
    return 0 if not r.refused else 1


async def cmd_lifecycle(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        v = await rt.lifecycle(args.target)
    _emit(
        args,
        v.model_dump(mode="json"),
        lambda: "\n".join(
            [f"{v.target}: {v.state} (effective {v.effective_state}) {v.reason}".rstrip()]
            + [
                f"  seq {h.seq}: {h.verb} {h.from_state} -> {h.to_state} {h.reason}"
                + (f" (on {h.target})" if h.target != v.target else "")
                for h in v.history
            ]
        ),
    )
    return 0


async def cmd_erase(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        rc = await rt.erase(event_ids=args.id or None, entity=args.entity, reason=args.reason)
    _emit(
        args,
        rc.model_dump(mode="json"),
        lambda: (
            rc.render()
            if args.receipt
            else f"erased {len(rc.erased_event_ids)} event(s); chain verified: {rc.verified}"
            + ("" if rc.storage_scrubbed else "; files scrubbed: not yet (a reader holds the WAL)")
        ),
    )
    return 0 if rc.verified else 1


async def cmd_sleep(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        rep = await rt.sleep(budget=args.budget)
    _emit(args, rep.model_dump(mode="json"), rep.render)
    return 0


async def cmd_rebuild(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        n = await rt.rebuild()
    _emit(args, {"events": n}, lambda: f"rebuilt projections from {n} events")
    return 0


def _obs_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("content")
    p.add_argument("--type", default="utterance")
    p.add_argument("--source", default="user")
    p.add_argument("--actor")
    p.add_argument("--occurred-at", dest="occurred_at", help="ISO time with offset")
    p.add_argument("--ref")
    p.add_argument("--keyword", action="append")
    p.add_argument(
        "--claim",
        action="append",
        help='JSON claim, e.g. \'{"entity":"alice","attribute":"employer","value":"Acme"}\'',
    )


def register(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("observe", help="record an observation (evidence only)")
    common(p)
    _obs_args(p)
    p.set_defaults(handler=cmd_observe)

    p = sub.add_parser("route", help="governed write: observe_and_route (or --commit, --dry-run)")
    common(p)
    _obs_args(p)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--commit", action="store_true", help="observe_and_commit")
    how.add_argument("--dry-run", action="store_true", help="assess only; writes nothing")
    p.set_defaults(handler=cmd_route)

    p = sub.add_parser("query", help="retrieve a context for a question (journals a trace)")
    common(p)
    p.add_argument("question")
    p.add_argument("--lens", default="associative")
    p.add_argument("--budget", type=int, default=1000)
    p.add_argument("--as-of", dest="as_of", help="seq or ISO datetime")
    p.add_argument("--k", type=int)
    p.add_argument("--actor", help='who asks: the question\'s "I" and "my" mean this entity')
    p.set_defaults(handler=cmd_query)

    p = sub.add_parser("worldview", help="the worldview through a lens")
    common(p)
    p.add_argument("--lens", default="logical")
    p.add_argument("--as-of", dest="as_of")
    p.set_defaults(handler=cmd_worldview)

    p = sub.add_parser("trace", help="show a read's trace")
    common(p)
    p.add_argument("id")
    p.set_defaults(handler=cmd_trace)

    p = sub.add_parser("replay", help="replay a trace (exit 1 when it differs)")
    common(p)
    p.add_argument("id")
    p.set_defaults(handler=cmd_replay)

    p = sub.add_parser("forget", help="decay|inhibit|invalidate|archive|compress|expire|restore")
    common(p)
    p.add_argument("verb")
    p.add_argument("targets", nargs="+", metavar="TARGET")
    p.add_argument("--reason", required=True)
    p.set_defaults(handler=cmd_forget)

    p = sub.add_parser("lifecycle", help="lifecycle state and history of a memory item")
    common(p)
    p.add_argument("target")
    p.set_defaults(handler=cmd_lifecycle)

    p = sub.add_parser("erase", help="privacy erasure of events or an entity")
    common(p)
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--id", action="append", help="event id (repeatable)")
    what.add_argument("--entity")
    p.add_argument("--reason", required=True)
    p.add_argument("--receipt", action="store_true", help="print the full receipt")
    p.set_defaults(handler=cmd_erase)

    p = sub.add_parser("sleep", help="consolidation pass")
    common(p)
    p.add_argument("--budget", type=int)
    p.set_defaults(handler=cmd_sleep)

    p = sub.add_parser("rebuild", help="drop and refold every projection")
    common(p)
    p.set_defaults(handler=cmd_rebuild)
