"""Shared helpers for the benchmarks.

- a seeded generator of realistic utterances (1-3 sentences, with actor and occurred_at);
- the *floor*: plain ``sqlite3`` + ``blake3`` writing the same canonical payloads into a
  hash chain, with the same WAL mode and ``PRAGMA synchronous`` as the journal;
- percentiles, peak RSS, bytes on disk, table printing and a tiny progress line on stderr.

Nothing here imports the runtime, so the floor measures only SQLite, JSON and blake3.
"""

from __future__ import annotations

import json
import math
import os
import random
import resource
import sqlite3
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import blake3

T0 = datetime(2023, 1, 2, 8, 0, tzinfo=UTC)
GENESIS = bytes(32)
NAMESPACE = "bench/floor"

# -------------------------------------------------------------------- utterance generator

ACTORS = (
    "Alice",
    "Bruno",
    "Chen",
    "Dara",
    "Emeka",
    "Farah",
    "Goran",
    "Hana",
    "Ines",
    "Jonas",
    "Keiko",
    "Luis",
)
PLACES = (
    "Lisbon",
    "the office",
    "Berlin",
    "the gym",
    "Osaka",
    "the library",
    "Nairobi",
    "the farmers market",
    "Toronto",
    "her parents' house",
    "the new cafe",
    "Valparaiso",
)
EMPLOYERS = ("Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark Labs", "Wayne Corp")
ACTIVITIES = (
    "painting",
    "running",
    "pottery",
    "rock climbing",
    "baking sourdough",
    "learning Spanish",
    "playing the cello",
    "birdwatching",
    "volunteering at the shelter",
    "chess",
    "kayaking",
)
THINGS = (
    "a used bike",
    "a book about stoicism",
    "tickets to a jazz concert",
    "a new laptop",
    "a sketchbook",
    "running shoes",
    "a houseplant",
    "a camera",
    "a board game",
)
FOODS = ("ramen", "tacos", "falafel", "dumplings", "lasagne", "pho", "curry", "paella")
FEELINGS = ("thrilled", "tired", "nervous", "proud", "relieved", "overwhelmed", "grateful")
WHEN = (
    "yesterday",
    "last weekend",
    "this morning",
    "on Saturday",
    "two weeks ago",
    "last month",
    "tonight",
    "next Friday",
)
PEOPLE = ("my sister", "my manager", "an old friend", "the kids", "my neighbour", "my partner")

TEMPLATES = (
    "I started {activity} {when} and I'm {feeling} about it.",
    "I went to {place} {when} with {people}.",
    "We had {food} at {place} {when}; it was the best in months.",
    "I bought {thing} {when}.",
    "I just joined {employer} as a designer.",
    "I'm moving to {place} next year, {people} is helping me pack.",
    "Honestly I feel {feeling} since I quit {activity}.",
    "My favourite food is still {food}, no contest.",
    "Did you know {people} works at {employer} now?",
    "I'm thinking about taking up {activity} again.",
    "{people_cap} gave me {thing} for my birthday {when}.",
    "The trip to {place} was {feeling_adv} long but worth it.",
    "Can we meet at {place} {when}? I'll bring {thing}.",
    "I've been {activity} every week; it keeps me sane.",
)


def utterance(rng: random.Random) -> str:
    """One to three sentences of everyday chat, drawn from ``rng``."""
    n = rng.choice((1, 1, 2, 2, 2, 3))
    parts = []
    for _ in range(n):
        people = rng.choice(PEOPLE)
        parts.append(
            rng.choice(TEMPLATES).format(
                activity=rng.choice(ACTIVITIES),
                when=rng.choice(WHEN),
                feeling=rng.choice(FEELINGS),
                feeling_adv="really" if rng.random() < 0.5 else "quite",
                place=rng.choice(PLACES),
                people=people,
                people_cap=people[0].upper() + people[1:],
                food=rng.choice(FOODS),
                thing=rng.choice(THINGS),
                employer=rng.choice(EMPLOYERS),
            )
        )
    return " ".join(parts)


def make_observation(rng: random.Random, index: int) -> dict[str, Any]:
    """A realistic utterance observation (``occurred_at`` grows with ``index``)."""
    return {
        "type": "utterance",
        "content": utterance(rng),
        "actor": rng.choice(ACTORS),
        "source": "user",
        "occurred_at": T0 + timedelta(minutes=7 * index + rng.randint(0, 6)),
        "ref": f"u{index}",
    }


def observations(seed: int, n: int, start: int = 0) -> list[dict[str, Any]]:
    """``n`` observations from one ``random.Random(seed)`` (indices ``start``...)."""
    rng = random.Random(seed)
    return [make_observation(rng, start + i) for i in range(n)]


def producer_observations(
    seed: int, producer: int, producers: int, total: int
) -> Iterator[dict[str, Any]]:
    """The share of ``total`` events of one producer (indices ``producer``, ``+producers``...).

    Each producer has its own ``random.Random``, so the generated stream does not depend on
    how the producers interleave.
    """
    rng = random.Random(f"{seed}/{producer}")
    for i in range(producer, total, producers):
        yield make_observation(rng, i)


def split(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` near-equal non-negative counts."""
    q, r = divmod(total, parts)
    return [q + (1 if i < r else 0) for i in range(parts)]


# Common English function words, left out of lexical queries (BM25 baseline, FTS5 peer).
STOPWORDS = frozenset(
    """a about after all also am an and any are as at be been but by can could did do does for
    from had has have he her him his how i if in into is it its just me my no not of on or our
    she so than that the their them then there they this to too up was we were what when where
    which who why will with would you your""".split()
)


# ---------------------------------------------------------------------------- the floor

_dumps = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
).encode


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

    def close(self) -> None:
        self.conn.close()


# ------------------------------------------------------------------------------ measuring


def percentile(values: Sequence[float], p: float) -> float:
    """Linear-interpolated percentile (``p`` in 0..100); NaN for no values."""
    if not values:
        return math.nan
    xs = sorted(values)
    if len(xs) == 1:
        return float(xs[0])
    k = (len(xs) - 1) * p / 100.0
    lo = math.floor(k)
    hi = min(lo + 1, len(xs) - 1)
    return float(xs[lo] + (xs[hi] - xs[lo]) * (k - lo))


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else math.inf


def ratio(a: float, b: float) -> float:
    if not (math.isfinite(a) and math.isfinite(b)) or b == 0:
        return math.nan
    return a / b


def peak_rss_bytes() -> int:
    """Peak resident set size of this process so far (a high-water mark)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


def file_bytes(path: str) -> int:
    """Size of an SQLite database with its WAL (absent files count 0)."""
    total = 0
    for suffix in ("", "-wal"):
        try:
            total += os.path.getsize(path + suffix)
        except OSError:
            pass
    return total


def checkpoint(path: str) -> None:
    """Fold the WAL into the database file (from a second connection; the writer must idle).

    Lets ``file_bytes`` measure a journal that is still open.
    """
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


class Timer:
    """``with Timer() as t: ...`` then ``t.seconds``."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._t = 0.0

    def __enter__(self) -> Timer:
        self._t = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self._t


@dataclass
class Progress:
    """A single self-overwriting progress line on stderr (throttled; off when disabled)."""

    label: str
    total: int
    enabled: bool = True
    every_s: float = 0.5
    done: int = 0
    _last: float = field(default=0.0, repr=False)
    _start: float = field(default_factory=time.perf_counter, repr=False)

    def step(self, k: int = 1) -> None:
        self.done += k
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last >= self.every_s or self.done >= self.total:
            self._last = now
            el = now - self._start
            pct = 100.0 * self.done / self.total if self.total else 100.0
            sys.stderr.write(f"\r  {self.label}: {self.done}/{self.total} ({pct:5.1f}%) {el:6.1f}s")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write(
                f"\r  {self.label}: {self.done}/{self.total} done in"
                f" {time.perf_counter() - self._start:.1f}s\n"
            )
            sys.stderr.flush()


def note(msg: str, enabled: bool = True) -> None:
    """A progress message on stderr."""
    if enabled:
        sys.stderr.write(msg + "\n")
        sys.stderr.flush()


# -------------------------------------------------------------------------------- tables


def fmt(x: Any, digits: int = 3) -> str:
    """Human formatting: thousands separators for big numbers, n/a for None/NaN."""
    if x is None:
        return "n/a"
    if isinstance(x, bool):
        return "yes" if x else "NO"
    if isinstance(x, int):
        return f"{x:,}"
    if isinstance(x, float):
        if math.isnan(x):
            return "n/a"
        if math.isinf(x):
            return "inf"
        if abs(x) >= 1000:
            return f"{x:,.0f}"
        if abs(x) >= 100:
            return f"{x:.1f}"
        return f"{x:.{digits}f}"
    return str(x)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    cells = [[fmt(c) for c in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in cells:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))

    def line(vals: Sequence[str]) -> str:
        return "  ".join(
            v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(vals)
        ).rstrip()

    out = []
    if title:
        out.append(title)
    out.append(line(list(headers)))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(r) for r in cells)
    return "\n".join(out)


def finite_or_none(x: float) -> float | None:
    """JSON has no NaN/inf: such values become null."""
    return x if isinstance(x, int | float) and math.isfinite(x) else None


def jsonable(obj: Any) -> Any:
    """Deep copy with non-finite floats as None and datetimes as ISO strings."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [jsonable(v) for v in obj]
    if isinstance(obj, float):
        return finite_or_none(obj)
    if isinstance(obj, datetime):
        return obj.isoformat()
    return obj


def write_json(path: str, obj: Any) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(jsonable(obj), fh, indent=2, sort_keys=False)
        fh.write("\n")
