"""Journal verbs: log, show, verify, stats, demo."""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nousmem.runtime.cli.common import check_db, emit, json_printable, open_rt, printable
from nousmem.runtime.inputs import validate_namespace


def _event_json(e: Any) -> dict[str, Any]:
    out: dict[str, Any] = e.model_dump(mode="json")
    return out


def _summary(kind: str, p: Any) -> str:
    """A few words about a payload, per kind; the first fields for kinds not listed."""
    if kind == "observation":
        who = f"{p.actor}: " if p.actor else ""
        src = f" ({p.source})" if p.source != "user" else ""
        return f"{p.type}{src} {who}{p.content}"
    if kind == "belief.revised":
        o = p.outcome
        return (
            f"{o.entity}.{o.attribute} {'+' if o.polarity == 'assert' else '-'}{o.value}:"
            f" {o.mode_before} -> {o.mode_after} ({o.surprise_bits:.2f} bits)"
            + (" [re-derived]" if p.rederived else "")
        )
    if kind == "impact.assessed":
        return f"route {p.decision.route} ({len(p.assessment.claims)} claim(s))"
    if kind == "candidate.held":
        c = p.claim
        return f"{c.entity}.{c.attribute}={c.value} from {p.source}: {p.reason}"
    if kind == "quarantined":
        return f"{', '.join(p.labels)}: {p.redacted}"
    if kind == "retrieval":
        return f"{p.question!r} ({p.lens}, {len(p.selected)} selected)"
    if kind in ("lifecycle", "lifecycle.refused"):
        to = getattr(p, "to_state", None) or f"REFUSED ({p.reason})"
        return f"{p.verb} {p.target}: {p.from_state} -> {to}"
    if kind == "outcome":
        return f"{p.outcome} for trace {p.trace_id}"
    if kind == "sleep.compiled":
        return f"{p.item_type}: {p.summary}"
    if kind == "erasure":
        return f"{len(p.erased_ids)} event(s) erased: {p.reason}"
    return ", ".join(f"{k}={v}" for k, v in list(p.model_dump().items())[:3])


def _one_line(e: Any) -> str:
    # Escaped: a newline or a terminal escape in recorded content must not forge log lines.
    summary = "[erased]" if e.payload is None else printable(_summary(e.kind, e.payload))
    if len(summary) > 100:
        summary = summary[:97] + "..."
    return f"{e.seq:>6}  {e.occurred_at:%Y-%m-%d %H:%M}  {e.kind:<18} {summary}"


async def cmd_log(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        kinds = args.kind or None
        events = [e async for e in rt.events(after_seq=args.after, kinds=kinds)]
    if args.limit:
        events = events[-args.limit :]
    emit(args, [_event_json(e) for e in events], lambda: "\n".join(_one_line(e) for e in events))
    return 0


async def cmd_show(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        e = await rt.get(args.id)
    if e is None:
        emit(args, {"error": "not found", "id": args.id}, lambda: f"no event {args.id}")
        return 1
    data = _event_json(e)

    def human() -> str:
        lines = [f"{k:>15}: {printable(str(v))}" for k, v in data.items() if k != "payload"]
        payload = json.dumps(data["payload"], indent=2, default=str, ensure_ascii=False)
        lines.append("        payload: " + json_printable(payload))
        return "\n".join(lines)

    emit(args, data, human)
    return 0


async def cmd_verify(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        r = await rt.verify()
    emit(
        args,
        r.model_dump(),
        lambda: (
            f"ok: {r.checked} events verified in {r.namespace!r}"
            if r.ok
            else f"BROKEN at seq {r.bad_seq}: {r.reason} ({r.checked} good events before it)"
        ),
    )
    return 0 if r.ok else 1


async def cmd_stats(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        s = await rt.stats()
    emit(args, s, lambda: "\n".join(f"{k:>14}: {v}" for k, v in s.items()))
    return 0


async def cmd_demo(args: argparse.Namespace) -> int:
    from nousmem.runtime.demo import run_demo

    namespace = "demo" if args.namespace is None else validate_namespace(args.namespace)
    if args.db is not None or args.keep:
        db = "nousmem.db" if args.db is None else args.db
        # run_demo opens the file itself: the same checks as every other verb, first.
        check_db(db, create=True)
        lines, data = await run_demo(db, namespace)
    else:
        with tempfile.TemporaryDirectory(prefix="nousmem-demo-") as tmp:
            lines, data = await run_demo(str(Path(tmp) / "demo.db"), namespace)
        data["db"] = None  # the temporary journal is gone
    emit(args, data, lambda: "\n".join(lines))
    return 0 if data.get("verified") else 1


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def register(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("log", help="list events of a namespace")
    common(p)
    p.add_argument("--after", type=int, default=0, help="only events after this seq")
    p.add_argument("--kind", action="append", help="only this kind (repeatable)")
    p.add_argument("--limit", type=_non_negative, default=0, help="only the last N events (0: all)")
    p.set_defaults(handler=cmd_log)

    p = sub.add_parser("show", help="show one event")
    common(p)
    p.add_argument("id")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser("verify", help="verify the hash chain (exit 1 when broken)")
    common(p)
    p.set_defaults(handler=cmd_verify)

    p = sub.add_parser("stats", help="counts, head and size")
    common(p)
    p.set_defaults(handler=cmd_stats)

    p = sub.add_parser("demo", help="run the end-to-end demo (a temporary journal by default)")
    common(p)
    p.set_defaults(db=None)  # no --db: a temporary journal, deleted afterwards
    p.set_defaults(namespace=None)  # None, not "default": an explicit "-n default" is honoured
    p.add_argument(
        "--keep", action="store_true", help="write into --db (default nousmem.db) and keep it"
    )
    p.set_defaults(handler=cmd_demo)
