"""Canonical serialisation and the hash chain.

canonical(x) = JSON with sorted keys, no whitespace, UTF-8 (``ensure_ascii=False``).
hash = blake3(prev_hash || canonical(header) || blake3(canonical(payload))).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from json.encoder import encode_basestring
from typing import Any

import blake3

GENESIS = bytes(32)
HEADER_FIELDS = ("causation_id", "id", "kind", "namespace", "occurred_at", "recorded_at", "seq")

_dumps = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
).encode
_enc = encode_basestring  # the string escaper of an ``ensure_ascii=False`` encoder


def canonical_json(obj: Any) -> str:
    """Canonical JSON text of a JSON-ready value."""
    return _dumps(obj)


_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"
# The shape ``_TIME_FORMAT`` produces for years 1000-9999 (ASCII digits, hours 00-23), where
# ``fromisoformat`` and ``strptime`` agree on every input, valid or not.
_CANONICAL_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T(?:[01][0-9]|2[0-3]):[0-9]{2}:[0-9]{2}\.[0-9]{6}Z"
)


MIN_YEAR = 1000
"""Earliest storable year: the canonical form has exactly four digits of year."""


def format_time(t: datetime) -> str:
    """Canonical timestamp: UTC, microseconds, trailing ``Z`` (years 1000-9999)."""
    if t.tzinfo is None:
        raise ValueError("timestamps in the journal must be timezone-aware")
    u = t if t.tzinfo is UTC else t.astimezone(UTC)
    if u.year < MIN_YEAR:
        # strftime would write the year unpadded ("999-01-01..."), which no reader accepts:
        # refuse before anything is written rather than store a row that cannot be read.
        raise ValueError(f"timestamps before the year {MIN_YEAR} cannot be stored")
    if type(u) is datetime:
        # Same text as strftime(_TIME_FORMAT) (which leaves years below 1000 unpadded):
        # isoformat() is "YYYY-MM-DDTHH:MM:SS[.ffffff]+00:00" (no fraction when it is 0).
        if u.microsecond:
            return u.isoformat()[:-6] + "Z"
        return u.isoformat()[:-6] + ".000000Z"
    return u.strftime(_TIME_FORMAT)


def parse_time(s: str) -> datetime:
    if type(s) is str and _CANONICAL_TIME.fullmatch(s):
        # The canonical shape: fromisoformat reads it exactly as strptime would, faster. Since
        # 3.11 it reads the "Z" itself, as the ``UTC`` singleton, which saves a ``replace``
        # (a sixth of the cost of decoding an event's header).
        return datetime.fromisoformat(s)
    return datetime.strptime(s, _TIME_FORMAT).replace(tzinfo=UTC)


def payload_digest(payload_json: str) -> bytes:
    return blake3.blake3(payload_json.encode("utf-8")).digest()


def header_json(
    *,
    id: str,
    namespace: str,
    kind: str,
    seq: int,
    occurred_at: str,
    recorded_at: str,
    causation_id: str | None,
) -> str:
    """Canonical header text; field order is the sorted order of ``HEADER_FIELDS``.

    The common case (exact ``str`` fields, ``int`` seq) is assembled directly: strings are
    escaped by ``json.encoder.encode_basestring``, the very function the canonical encoder
    (``ensure_ascii=False``) applies to strings, and ints are written as ``int.__repr__``, as
    the encoder does, so the text is byte-identical. Anything else takes the encoder itself.
    """
    if (
        type(id) is str
        and type(namespace) is str
        and type(kind) is str
        and type(seq) is int
        and type(occurred_at) is str
        and type(recorded_at) is str
    ):
        if causation_id is None:
            cause = "null"
        elif type(causation_id) is str:
            cause = _enc(causation_id)
        else:
            cause = ""
        if cause:
            return (
                f'{{"causation_id":{cause},"id":{_enc(id)},"kind":{_enc(kind)},'
                f'"namespace":{_enc(namespace)},"occurred_at":{_enc(occurred_at)},'
                f'"recorded_at":{_enc(recorded_at)},"seq":{seq!r}}}'
            )
    return _dumps(
        {
            "causation_id": causation_id,
            "id": id,
            "kind": kind,
            "namespace": namespace,
            "occurred_at": occurred_at,
            "recorded_at": recorded_at,
            "seq": seq,
        }
    )


def chain_hash(prev_hash: bytes, header: str, digest: bytes) -> bytes:
    return blake3.blake3(prev_hash + header.encode("utf-8") + digest).digest()
