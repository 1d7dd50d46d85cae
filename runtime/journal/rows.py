"""Stored journal rows to typed events.

Every read of a SQLite journal decodes its rows here, and folding a long journal is mostly
this loop and :meth:`~nousmem.runtime.projector.Projector.apply`. So the loop does inline
what :func:`~nousmem.runtime.events.build_event` does through a keyword call per event and
pydantic's Python wrapper around ``validate_json``, and it builds exactly the same events:
``tests/test_row_decoding.py`` holds it to that on every kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from nousmem.runtime.canonical import _CANONICAL_TIME, parse_time
from nousmem.runtime.events import (
    _EVENT_FIELDS,
    _FAST_KINDS,
    EVENT_CLASSES,
    PAYLOAD_TYPES,
    EventBase,
    build_event,
)
from nousmem.runtime.journal.chain import StoredRow

__all__ = ["PayloadReaders", "event_from_row", "events_from_rows", "iter_events", "row_to_event"]

PayloadReaders = Mapping[str, Callable[[str], Any]]
"""Per kind, what to make of a stored payload (see :func:`iter_events`)."""

# The validator behind ``model_validate_json``, which only forwards its (default) options.
_VALIDATE_JSON = {kind: t.__pydantic_validator__.validate_json for kind, t in PAYLOAD_TYPES.items()}
_new_object = object.__new__
_set = object.__setattr__
_fromisoformat = datetime.fromisoformat


def row_to_event(r: StoredRow) -> EventBase:
    """The event of a :class:`StoredRow`."""
    return build_event(
        id=r.id,
        namespace=r.namespace,
        kind=r.kind,
        seq=r.seq,
        occurred_at=parse_time(r.occurred_at),
        recorded_at=parse_time(r.recorded_at),
        causation_id=r.causation_id,
        payload=r.payload,
        payload_digest=r.payload_digest,
        prev_hash=r.prev_hash,
        hash=r.hash,
        erased=r.erased,
    )


def event_from_row(r: Sequence[Any]) -> EventBase:
    """The event of one raw row (``SELECT_COLUMNS`` order), through ``build_event``."""
    return build_event(
        id=r[2],
        namespace=r[0],
        kind=r[3],
        seq=r[1],
        occurred_at=parse_time(r[4]),
        recorded_at=parse_time(r[5]),
        causation_id=r[6],
        payload=r[7],
        payload_digest=r[8],
        prev_hash=r[9],
        hash=r[10],
        erased=bool(r[11]),
    )


def events_from_rows(
    rows: Iterable[Sequence[Any]], *, readers: PayloadReaders | None = None
) -> list[EventBase]:
    """The events of raw rows (``SELECT_COLUMNS`` order), in order (see :func:`iter_events`)."""
    return list(iter_events(rows, readers=readers))


def iter_events(
    rows: Iterable[Sequence[Any]], *, readers: PayloadReaders | None = None
) -> Iterator[EventBase]:
    """The events of raw rows (``SELECT_COLUMNS`` order), one at a time.

    Lazily, so that a fold can drop each event once it has applied it (see
    ``SqliteJournal.read_batches``).

    With ``readers`` (kind -> function of the stored JSON), an event of a listed kind may
    carry what its reader makes of its payload, and one of any other kind no payload at all:
    for a consumer that reads only part of some payloads, the projector's fold, to which
    parsing the rest is wasted work. Everything else is exactly :func:`event_from_row`.
    """
    match = _CANONICAL_TIME.fullmatch
    fields_set = set(_EVENT_FIELDS)
    for r in rows:
        kind = r[3]
        payload = r[7]
        occurred = r[4]
        recorded = r[5]
        if (
            kind not in _FAST_KINDS
            or not (payload is None or type(payload) is str)
            or type(occurred) is not str
            or type(recorded) is not str
            or not match(occurred)
            or not match(recorded)
        ):
            # Anything unusual (an unknown kind, a non-text payload or timestamp, a
            # non-canonical time) takes the general path, which decides or raises.
            yield event_from_row(r)
            continue
        if payload is not None:
            if readers is None:
                payload = _VALIDATE_JSON[kind](payload)
            else:
                read = readers.get(kind)
                payload = None if read is None else read(payload)
        m = _new_object(EVENT_CLASSES[kind])
        # The state ``build_event`` writes (see there): ``__dict__`` in field order, every
        # field set, no extra, no private values. Times as ``parse_time`` reads them.
        _set(
            m,
            "__dict__",
            {
                "id": r[2],
                "namespace": r[0],
                "kind": kind,
                "seq": r[1],
                "occurred_at": _fromisoformat(occurred),
                "recorded_at": _fromisoformat(recorded),
                "causation_id": r[6],
                "payload_digest": r[8].hex(),
                "prev_hash": r[9].hex(),
                "hash": r[10].hex(),
                "erased": bool(r[11]),
                "payload": payload,
            },
        )
        _set(m, "__pydantic_fields_set__", fields_set.copy())
        _set(m, "__pydantic_extra__", None)
        _set(m, "__pydantic_private__", None)
        yield m
