"""Canonical serialisation and the hash chain.

canonical(x) = JSON with sorted keys, no whitespace, UTF-8 (``ensure_ascii=False``).
hash = blake3(prev_hash || canonical(header) || blake3(canonical(payload))).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import blake3

GENESIS = bytes(32)
HEADER_FIELDS = ("causation_id", "id", "kind", "namespace", "occurred_at", "recorded_at", "seq")

_dumps = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
).encode


def canonical_json(obj: Any) -> str:
    """Canonical JSON text of a JSON-ready value."""
    return _dumps(obj)


def canonical_bytes(obj: Any) -> bytes:
    return _dumps(obj).encode("utf-8")


def format_time(t: datetime) -> str:
    """Canonical timestamp: UTC, microseconds, trailing ``Z``."""
    if t.tzinfo is None:
        raise ValueError("timestamps in the journal must be timezone-aware")
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_time(s: str) -> datetime:
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


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
    """Canonical header text; field order is the sorted order of ``HEADER_FIELDS``."""
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
    h = blake3.blake3(prev_hash)
    h.update(header.encode("utf-8"))
    h.update(digest)
    return h.digest()
