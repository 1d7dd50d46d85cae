"""The *floor*: plain ``sqlite3`` + ``blake3`` writing the same canonical payloads into a
hash chain, with the same WAL mode and ``PRAGMA synchronous`` as the journal.

Nothing here imports the runtime, so the floor measures only SQLite, JSON and blake3.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import blake3

from benchmarks.workload import STOPWORDS

GENESIS = bytes(32)
NAMESPACE = "bench/floor"

_dumps = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
).encode


def fts_words(q: str) -> str:
    """The question's content words OR-ed, quoted (as a plain lexical retriever would)."""
    words = dict.fromkeys(w.removesuffix("'s") for w in re.findall(r"[\w']+", q.lower()))
    return " OR ".join(f'"{w}"' for w in words if w and w not in STOPWORDS) or '""'


def canonical(obj: Any) -> str:
    """Canonical JSON: sorted keys, no whitespace, UTF-8 (the journal's rule)."""
    return _dumps(obj)


def fmt_time(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def floor_payload(obs: dict[str, Any]) -> dict[str, Any]:
    """The JSON shape the journal stores for an utterance observation (same bytes)."""
    return {
        "type": obs.get("type", "utterance"),
        "content": obs["content"].strip(),
        "source": obs.get("source", "user"),
        "actor": obs.get("actor"),
        "ref": obs.get("ref"),
        "keywords": [],
        "claims": [],
        "metadata": dict(obs.get("metadata") or {}),
        "times": [],
    }


FLOOR_DDL = """
CREATE TABLE IF NOT EXISTS events (
    namespace TEXT NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL,
    occurred_at TEXT NOT NULL, recorded_at TEXT NOT NULL, causation_id TEXT, payload TEXT,
    payload_digest BLOB NOT NULL, prev_hash BLOB NOT NULL, hash BLOB NOT NULL,
    erased INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (namespace, seq)
) WITHOUT ROWID;
"""
_FLOOR_INSERT = "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?,0)"


class SqliteFloor:
    """Plain sqlite3 + blake3: the least work that stores the same hash-linked rows.

    Same WAL mode and ``PRAGMA synchronous`` as the journal; no triggers, no lexical index,
    no validation, head kept in Python. Canonical JSON, the payload digest, the canonical
    header and the chain hash are computed per event exactly as the journal does.
    """

    def __init__(self, path: str, durability: str) -> None:
        self.path = path
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute(f"PRAGMA synchronous={durability.upper()}")
        self.conn.executescript(FLOOR_DDL)
        self.seq = 0
        self.prev = GENESIS

    def _row(self, obs: dict[str, Any]) -> tuple[Any, ...]:
        self.seq += 1
        payload = canonical(floor_payload(obs))
        digest = blake3.blake3(payload.encode("utf-8")).digest()
        occurred = fmt_time(obs["occurred_at"])
        recorded = fmt_time(datetime.now(UTC))
        eid = f"{self.seq:026d}"
        header = canonical(
            {
                "causation_id": None,
                "id": eid,
                "kind": "observation",
                "namespace": NAMESPACE,
                "occurred_at": occurred,
                "recorded_at": recorded,
                "seq": self.seq,
            }
        )
        h = blake3.blake3(self.prev)
        h.update(header.encode("utf-8"))
        h.update(digest)
        hashed = h.digest()
        row = (
            NAMESPACE,
            self.seq,
            eid,
            "observation",
            occurred,
            recorded,
            None,
            payload,
            digest,
            self.prev,
            hashed,
        )
        self.prev = hashed
        return row

    def insert_each(self, obs: Sequence[dict[str, Any]]) -> None:
        """One autocommit transaction per event."""
        for o in obs:
            self.conn.execute(_FLOOR_INSERT, self._row(o))

    def insert_batched(self, obs: Sequence[dict[str, Any]], batch: int = 1000) -> None:
        """``batch`` events per transaction."""
        for i in range(0, len(obs), batch):
            rows = [self._row(o) for o in obs[i : i + batch]]
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.executemany(_FLOOR_INSERT, rows)
            self.conn.execute("COMMIT")

    def verify(self) -> int:
        """Walk the chain as ``verify()`` does (digest + header + link); returns rows checked."""
        prev = GENESIS
        n = 0
        for r in self.conn.execute(
            "SELECT namespace, seq, id, kind, occurred_at, recorded_at, causation_id, payload,"
            " payload_digest, prev_hash, hash FROM events WHERE namespace = ? ORDER BY seq",
            (NAMESPACE,),
        ):
            if blake3.blake3(r[7].encode("utf-8")).digest() != r[8] or r[9] != prev:
                raise AssertionError(f"floor chain broken at {r[1]}")
            header = canonical(
                {
                    "causation_id": r[6],
                    "id": r[2],
                    "kind": r[3],
                    "namespace": r[0],
                    "occurred_at": r[4],
                    "recorded_at": r[5],
                    "seq": r[1],
                }
            )
            h = blake3.blake3(prev)
            h.update(header.encode("utf-8"))
            h.update(r[8])
            if h.digest() != r[10]:
                raise AssertionError(f"floor hash mismatch at {r[1]}")
            prev = r[10]
            n += 1
        return n

    def read_all(self) -> int:
        """Read every payload back and parse it (the floor of a rebuild)."""
        n = 0
        for (payload,) in self.conn.execute(
            "SELECT payload FROM events WHERE namespace = ? ORDER BY seq", (NAMESPACE,)
        ):
            json.loads(payload)
            n += 1
        return n

    # -- the query peer: plain FTS5 over the same texts ------------------------------------

    def add_fts(self) -> None:
        """A plain FTS5 table over the floor's texts (the query peer; built untimed)."""
        c = self.conn
        c.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(text,"
            " tokenize='porter unicode61 remove_diacritics 2')"
        )
        c.execute("BEGIN")
        c.execute(
            "INSERT INTO fts(rowid, text) SELECT seq, json_extract(payload, '$.actor') || ': ' ||"
            " json_extract(payload, '$.content') FROM events"
        )
        c.execute("COMMIT")

    def peer_query(self, q: str, limit: int = 20) -> int:
        """Top ``limit`` BM25 matches from FTS5 (see :meth:`add_fts`), then their payloads
        (parsed). Returns how many it read."""
        c = self.conn
        ids = [
            r[0]
            for r in c.execute(
                "SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT ?",
                (fts_words(q), limit),
            )
        ]
        n = 0
        for seq in ids:
            got = c.execute(
                "SELECT payload FROM events WHERE namespace = ? AND seq = ?", (NAMESPACE, seq)
            ).fetchone()
            if got is not None:
                json.loads(got[0])
                n += 1
        return n

    def close(self) -> None:
        self.conn.close()
