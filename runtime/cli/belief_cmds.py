"""Belief and planner verbs: belief, explain, identity, merge, relate, feedback, propose,
commit."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nousmem.runtime.cli.common import as_of, emit, json_object, open_rt
from nousmem.runtime.errors import InvalidInput


def _date(t: Any) -> str:
    return f"{t:%Y-%m-%d}" if t is not None else "-"


def render_belief(b: Any) -> str:
    """A belief snapshot: mode, distribution, deltas and observed values."""
    head = b.mode if b.cardinality == "single" else ", ".join(b.held) or "(nothing held)"
    flags = " [compressed]" if b.compressed else ""
    lines = [
        f"{b.entity}.{b.attribute} ({b.cardinality}): {head if head is not None else '(unknown)'}"
        f"  entropy {b.entropy_bits:.2f} bits, support {b.support}{flags}"
    ]
    width = max((len(v) for v, _ in b.distribution), default=0)
    lines += [f"  {v:<{width}}  {p:.3f}" for v, p in b.distribution]
    if b.deltas:
        lines.append("  deltas:")
        lines += [
            f"    seq {d.seq:>4}  {_date(d.occurred_at)}  {d.polarity:<6} {d.value}"
            f"  ({d.surprise_bits:.2f} bits)"
            for d in b.deltas
        ]
    if b.observed_values:
        lines.append(
            "  observed: "
            + "; ".join(
                f"{o.value} ({_date(o.first_seen)} - {_date(o.last_seen)})"
                for o in b.observed_values
            )
        )
    return "\n".join(lines)


async def cmd_belief(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        if args.attribute is not None:
            b = await rt.belief(args.entity, args.attribute, as_of=as_of(args.as_of))
            found = [b] if b is not None else []
        else:
            found = await rt.beliefs(args.entity, as_of=as_of(args.as_of))
    what = f"{args.entity}.{args.attribute}" if args.attribute is not None else args.entity
    if not found:
        emit(args, None if args.attribute else [], lambda: f"no belief about {what}")
        return 1
    data: Any = [b.model_dump(mode="json") for b in found]
    if args.attribute is not None:
        data = data[0]
    emit(args, data, lambda: "\n".join(render_belief(b) for b in found))
    return 0


async def cmd_explain(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        ex = await rt.explain(args.entity, args.attribute, args.value, as_of=as_of(args.as_of))
    if ex is None:
        emit(args, None, lambda: f"no belief about {args.entity}.{args.attribute}")
        return 1
    emit(args, ex.model_dump(mode="json"), ex.render)
    return 0


async def cmd_identity(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        cands = await rt.identity_candidates(args.entity, k=args.k)
    width = max((len(c.entity) for c in cands), default=0)
    emit(
        args,
        [c.model_dump(mode="json") for c in cands],
        lambda: (
            "\n".join(
                f"{c.entity:<{width}}  {c.divergence_bits:.3f} bits"
                f"  shared: {', '.join(c.shared_attributes)}"
                for c in cands
            )
            or f"(no identity candidates for {args.entity})"
        ),
    )
    return 0


def _reasons(verdicts: Any) -> list[str]:
    return [f"  rejected by {v.validator}: {v.reason}" for v in verdicts if not v.ok]


def _refusal(what: str, e: Any, hint: str | None) -> str:
    """A journaled refusal: its id, the failing verdicts and what to do about it."""
    lines = [f"{what} refused (journaled as {e.id})"]
    lines += _reasons(e.payload.verdicts) if e.payload is not None else []
    if hint:
        lines.append(f"  {hint}")
    return "\n".join(lines)


async def cmd_merge(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        e = await rt.merge_entities(
            args.keep, args.absorb, reason=args.reason, authorized=args.authorized
        )
    p = e.payload
    refused = e.kind == "write.rejected"

    def human() -> str:
        if refused:
            hint = "a merge is destructive: repeat with --authorized to accept it"
            return _refusal("merge", e, None if args.authorized else hint)
        div = f"{p.divergence_bits:.3f} bits" if p.divergence_bits >= 0 else "no shared beliefs"
        return f"merged {p.absorb} into {p.keep} (divergence {div}); event {e.id}"

    emit(args, e.model_dump(mode="json"), human)
    return 1 if refused else 0


async def cmd_relate(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        e = await rt.relate(
            args.source,
            args.target,
            args.relation,
            reason=args.reason,
            verb=args.verb,
            weight=args.weight,
            authorized=args.authorized,
        )
    p = e.payload
    refused = e.kind == "write.rejected"

    def human() -> str:
        if refused:
            destructive = not args.authorized and args.verb in ("expire", "inhibit")
            hint = f"{args.verb} is destructive: repeat with --authorized"
            return _refusal(args.verb, e, hint if destructive else None)
        if p.verb == "inhibit":
            return f"inhibit: {p.source} inhibits {p.target}; event {e.id}"
        label = f"{p.relation} {p.weight:g}" if p.verb in ("derive", "generalize") else p.relation
        by = f" by {p.weight:g}" if p.verb in ("reinforce", "decay") else ""
        return f"{p.verb}: {p.source} -[{label}]-> {p.target}{by}; event {e.id}"

    emit(args, e.model_dump(mode="json"), human)
    return 1 if refused else 0


async def cmd_feedback(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        e = await rt.after_turn(args.trace_id, args.outcome, args.note)
    p = e.payload
    emit(
        args,
        e.model_dump(mode="json"),
        lambda: (
            f"{p.outcome} recorded for {len(p.targets)} memory item(s) of trace"
            f" {p.trace_id}; event {e.id}"
        ),
    )
    return 0


def render_policy(pol: Any) -> str:
    lines: list[str] = []
    if pol.retrieval is not None:
        r = pol.retrieval
        lines.append(f"retrieval: {r.question!r} (lens {r.lens}, budget {r.budget_tokens} tokens)")
    for w in pol.writes:
        claims = ", ".join(f"{c.entity}.{c.attribute}={c.value}" for c in w.claims)
        lines.append(f"write: {claims} (evidence {', '.join(w.evidence_ids) or '-'})")
    for f in pol.forget:
        lines.append(f"forget: {f.verb} {', '.join(f.targets)} ({f.reason})")
    for c in pol.consolidate:
        lines.append(f"consolidate: {len(c.clusters)} cluster(s) -> {c.target_type or '-'}")
    if not lines:
        lines.append("(empty policy)")
    lines.append(
        f"source: {pol.source}"
        + (f" - {pol.rationale}" if pol.rationale else "")
        + ("  [authorized]" if pol.authorized else "")
    )
    return "\n".join(lines)


async def cmd_propose(args: argparse.Namespace) -> int:
    async with open_rt(args) as rt:
        pol = await rt.propose(args.text)
    emit(args, pol.model_dump(mode="json"), lambda: render_policy(pol))
    return 0


def _policy_arg(text: str) -> dict[str, Any]:
    """POLICY: inline JSON, ``@FILE`` or ``@-`` (stdin)."""
    if text.startswith("@"):
        name = text[1:]
        try:
            # Bytes, decoded here: the policy is UTF-8 JSON whatever the locale says.
            data = _stdin_bytes() if name == "-" else Path(name).read_bytes()
        except OSError as exc:
            raise InvalidInput(f"cannot read {name}: {exc.strerror}", field="policy") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput(
                f"{'stdin' if name == '-' else name} is not UTF-8 text"
                f" (byte 0x{data[exc.start]:02x} at offset {exc.start})",
                field="policy",
            ) from None
    return json_object(text, "policy")


def _stdin_bytes() -> bytes:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # stdin replaced by a text-only stream (tests, embedding)
        return sys.stdin.read().encode("utf-8", "surrogatepass")
    data: bytes = buffer.read()
    return data


async def cmd_commit(args: argparse.Namespace) -> int:
    policy = _policy_arg(args.policy)
    async with open_rt(args) as rt:
        r = await rt.commit(policy)

    def human() -> str:
        lines = [
            "committed" if r.committed else "rejected: nothing changed but the rejection record"
        ]
        lines += _reasons(r.verdicts)
        lines.append(f"  events: {', '.join(r.event_ids) or '-'}")
        if r.context is not None:
            ctx = r.context
            lines += ["", ctx.to_prompt(), "", f"(trace {ctx.trace_id}, {ctx.token_count} tokens)"]
        return "\n".join(lines)

    data = r.model_dump(mode="json", exclude={"context"})
    data["rejected"] = [v.model_dump(mode="json") for v in r.rejected]
    data["trace_id"] = r.context.trace_id if r.context is not None else None
    emit(args, data, human)
    return 0 if r.committed else 1


def register(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser(
        "belief", aliases=["beliefs"], help="a belief (or every belief about an entity)"
    )
    common(p)
    p.add_argument("entity")
    p.add_argument("attribute", nargs="?", help="omit to list every belief about ENTITY")
    p.add_argument("--as-of", dest="as_of", help="seq or ISO datetime")
    p.set_defaults(handler=cmd_belief)

    p = sub.add_parser("explain", help="why memory believes a value: its evidence, one line each")
    common(p)
    p.add_argument("entity")
    p.add_argument("attribute")
    p.add_argument("value", nargs="?", help="omit for the values the belief holds")
    p.add_argument("--as-of", dest="as_of", help="seq or ISO datetime")
    p.set_defaults(handler=cmd_explain)

    p = sub.add_parser("identity", help="entities that may be the same as ENTITY")
    common(p)
    p.add_argument("entity")
    p.add_argument("--k", type=int, default=5, help="at most N candidates (default 5)")
    p.set_defaults(handler=cmd_identity)

    p = sub.add_parser("merge", help="merge ABSORB into KEEP (needs --authorized)")
    common(p)
    p.add_argument("keep")
    p.add_argument("absorb")
    p.add_argument("--reason", required=True)
    p.add_argument("--authorized", action="store_true", help="authorize the destructive merge")
    p.set_defaults(handler=cmd_merge)

    p = sub.add_parser("relate", help="add or change an edge of the memory graph")
    common(p)
    p.add_argument("source", help="an event id (observation, revision, compiled item)")
    p.add_argument("target", help="an event id (observation, revision, compiled item)")
    p.add_argument("--relation", default="association", help="default: association")
    p.add_argument("--verb", default="derive", help="default: derive")
    p.add_argument("--weight", type=float, default=1.0, help="default: 1")
    p.add_argument("--reason", required=True)
    p.add_argument("--authorized", action="store_true", help="authorize expire or inhibit")
    p.set_defaults(handler=cmd_relate)

    p = sub.add_parser("feedback", help="outcome of the turn that used a trace (after_turn)")
    common(p)
    p.add_argument("trace_id")
    p.add_argument("outcome", choices=["success", "failure", "partial", "neutral"])
    p.add_argument("--note", help="free-text feedback")
    p.set_defaults(handler=cmd_feedback)

    p = sub.add_parser("propose", help="turn a planner intent into a MemoryPolicy")
    common(p)
    p.add_argument("text")
    p.set_defaults(handler=cmd_propose)

    p = sub.add_parser("commit", help="validate and execute a MemoryPolicy (JSON, @FILE, @-)")
    common(p)
    p.add_argument("policy", help="policy JSON, @FILE or @- for stdin")
    p.set_defaults(handler=cmd_commit)
