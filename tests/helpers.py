"""Small helpers shared by the runtime scenario tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.projections.worldview_models import ScoreComponents, WorldviewCandidate
from nousmem.runtime import MemoryRuntime, RouteResult
from nousmem.runtime.events import EventDraft
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.payloads import ObservationPayload


def extracted(text: str, actor: str = "Dana") -> list[tuple[str, str, str]]:
    """What the rule extractor reads in an utterance ``actor`` said on 8 May 2023:
    ``(attribute, value, polarity)`` per claim, in order."""
    return [c[1:] for c in extracted_claims(text, actor)]


def extracted_claims(text: str, actor: str = "Dana") -> list[tuple[str, str, str, str]]:
    """:func:`extracted` with each claim's entity first: ``(entity, attribute, value,
    polarity)``."""
    obs = Observation(
        type="utterance",
        content=text,
        actor=actor,
        source="user",
        occurred_at="2023-05-08T13:56:00Z",
    )
    return [(c.entity, c.attribute, c.value, c.polarity) for c in _EXTRACTOR.extract_sync(obs)]


_EXTRACTOR = RuleExtractor()


DatedRow = tuple[str, str, str, str | None]


def dated_rows(text: str, said: datetime, actor: str = "Sam") -> list[DatedRow]:
    """What the rule extractor asserts in ``text`` said by ``actor`` at ``said``:
    ``(entity, attribute, value, valid_at ISO date or None)`` per asserted claim."""
    obs = Observation(content=text, actor=actor, occurred_at=said)
    return [
        (c.entity, c.attribute, c.value, c.valid_at and c.valid_at.isoformat())
        for c in _RULES.extract_sync(obs)
        if c.polarity == "assert"
    ]


_RULES = RuleExtractor()


def told(value: str, *days: date) -> WorldviewCandidate:
    """A selected snapshot candidate ``value`` told of ``days`` (none: a value with no day,
    such as a routine's)."""
    return WorldviewCandidate(
        id=value,
        value=value,
        status="selected",
        score=1.0,
        components=ScoreComponents(),
        told=tuple((d, d.isoformat()) for d in days),
    )


def claim(
    value: str,
    attribute: str = "employer",
    entity: str = "Alice",
    confidence: float = 1.0,
    **extra: Any,
) -> dict[str, Any]:
    """A caller-supplied claim as a dict (the shape ``observe(..., claims=[...])`` takes)."""
    return {
        "entity": entity,
        "attribute": attribute,
        "value": value,
        "confidence": confidence,
        **extra,
    }


@asynccontextmanager
async def two_processes(
    path: Path, namespace: str = "u"
) -> AsyncIterator[tuple[MemoryRuntime, MemoryRuntime]]:
    """Two runtimes on one SQLite file and namespace, as two processes would open it (each
    with its own connection, projections and erasure gate)."""
    async with (
        MemoryRuntime.open(path, namespace=namespace) as a,
        MemoryRuntime.open(path, namespace=namespace) as b,
    ):
        yield a, b


async def kinds_after(rt: MemoryRuntime, seq: int) -> list[str]:
    """The kinds of the events appended after ``seq``, in order."""
    return [e.kind async for e in rt.events(after_seq=seq)]


class BagOfWords:
    """A deterministic toy embedder (no model is bundled): hashed word counts. ``seen``
    lists every text it was asked to embed, in order."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.seen += texts
        out = []
        for text in texts:
            vec = [0.0] * 64
            for word in text.lower().split():
                vec[sum(map(ord, word.strip(".,!?:[]"))) % 64] += 1.0
            out.append(vec)
        return out


def event_state(e: Any) -> tuple[Any, ...]:
    """Everything a pydantic event holds, for comparing two ways of building one."""
    return (
        type(e),
        list(e.__dict__.items()),
        e.__pydantic_fields_set__,
        e.__pydantic_extra__,
        e.__pydantic_private__,
    )


def utterance_draft(
    ids: IdGenerator, ns: str, text: str, at: datetime, *, id: str | None = None
) -> EventDraft:
    """An observation draft with ``text`` as its content and its lexical doc."""
    return EventDraft(
        id=id or ids.new(at),
        namespace=ns,
        kind="observation",
        occurred_at=at,
        recorded_at=at,
        payload=ObservationPayload(type="utterance", content=text, source="user"),
        doc=text,
    )


async def say_daily(
    rt: MemoryRuntime, *texts: str, actor: str, start: datetime
) -> list[RouteResult]:
    """Route ``texts`` said by ``actor``, one a day from ``start``; their results."""
    out = []
    for i, text in enumerate(texts):
        out.append(
            await rt.observe_and_route(
                {"content": text, "actor": actor, "occurred_at": start + timedelta(days=i)}
            )
        )
    return out


async def say_at(rt: MemoryRuntime, text: str, at: datetime, actor: str = "Maya") -> RouteResult:
    """Route ``text`` said by ``actor`` (a user) at ``at``; its result."""
    return await rt.observe_and_route(
        {"content": text, "actor": actor, "source": "user", "occurred_at": at.isoformat()}
    )


def deltas(result: RouteResult) -> list[tuple[str, str, str]]:
    """The (attribute, value, polarity) of each delta a governed write made, in order."""
    return [(d.attribute, d.value, d.polarity) for d in result.deltas]


async def deltas_after(
    rt: MemoryRuntime,
    first: str,
    then: str,
    attribute: str,
    at: tuple[datetime, datetime],
    actor: str = "Sam",
) -> list[tuple[str, str, str]]:
    """The ``attribute`` deltas of ``then``, said by ``actor`` at ``at[1]`` after ``first``
    at ``at[0]``: what a write-time reading made of it against what memory held."""
    await say_at(rt, first, at[0], actor=actor)
    return [d for d in deltas(await say_at(rt, then, at[1], actor=actor)) if d[0] == attribute]


async def held(rt: MemoryRuntime, entity: str, attribute: str) -> tuple[str, ...]:
    """The values ``entity``'s ``attribute`` belief holds now (none without one)."""
    b = await rt.belief(entity, attribute)
    return () if b is None else tuple(b.held)


async def held_after(
    rt: MemoryRuntime,
    said: list[tuple[str, str]],
    attribute: str,
    *,
    start: datetime,
    step: timedelta,
    entity: str = "Sam",
) -> set[str]:
    """Route each (actor, text) of ``said`` a ``step`` apart from ``start``, then the
    values ``entity``'s ``attribute`` holds."""
    for i, (actor, text) in enumerate(said):
        await rt.observe_and_route(
            {"content": text, "actor": actor, "occurred_at": start + i * step}
        )
    return set(await held(rt, entity, attribute))
