"""The journal's fast paths behave exactly like the plain definitions they replace.

Covers the hand-built canonical header, the timestamp formatter/parser, the direct event
constructor and the group commit of the SQLite backend (a bad batch still fails alone);
``verify()``'s chain walk has its own file, ``test_verify_walk.py``. Nothing here measures
time.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import blake3
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.runtime.canonical import (
    GENESIS,
    chain_hash,
    format_time,
    header_json,
    parse_time,
    payload_digest,
)
from nousmem.runtime.errors import JournalConflict
from nousmem.runtime.events import EVENT_CLASSES, EventDraft, build_event
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal import lexqueue
from nousmem.runtime.journal.chain import (
    seal,
)
from nousmem.runtime.journal.fts import FtsIndex
from nousmem.runtime.journal.sqlite import Durability, SqliteJournal
from nousmem.runtime.payloads import ObservationPayload
from tests.helpers import event_state, utterance_draft

T0 = datetime(2024, 1, 1, tzinfo=UTC)
_FMT = "%Y-%m-%dT%H:%M:%S.%fZ"
PINNED_TIP = "1c3e6c358890a7263f431b47d48445f19b2a9f6d12ea6e7d84fd5600d08a161d"


def _reference_header(**fields: Any) -> str:
    """DESIGN.md's definition, spelled out with the standard library only."""
    return json.dumps(
        fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def _reference_hash(prev: bytes, header: str, payload_json: str) -> bytes:
    digest = blake3.blake3(payload_json.encode("utf-8")).digest()
    return blake3.blake3(prev + header.encode("utf-8") + digest).digest()


# -- canonical header -------------------------------------------------------------------------

_text = st.text(st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    ['"', "\\", "\n\r\t\b\f", "\x00\x1f\x7f", "\u2028\u2029", "é日本🙂", "a\"b\\c'd"]
)


@settings(max_examples=400, deadline=None)
@given(
    id=_text,
    namespace=_text,
    kind=_text,
    seq=st.integers(min_value=-(2**70), max_value=2**70),
    occurred_at=_text,
    recorded_at=_text,
    causation_id=st.none() | _text,
)
def test_header_fast_path_is_byte_identical(**fields: Any) -> None:
    assert header_json(**fields) == _reference_header(**fields)


class _Str(str):
    pass


@pytest.mark.parametrize(
    "odd",
    [
        {"seq": True},
        {"id": _Str("x")},
        {"causation_id": _Str("c")},
        {"seq": 3, "kind": _Str("observation")},
    ],
)
def test_header_odd_types_take_the_encoder(odd: dict[str, Any]) -> None:
    fields: dict[str, Any] = {
        "id": "i",
        "namespace": "n",
        "kind": "k",
        "seq": 1,
        "occurred_at": "o",
        "recorded_at": "r",
        "causation_id": None,
    } | odd
    assert header_json(**fields) == _reference_header(**fields)


def test_chain_hash_matches_the_definition() -> None:
    header = _reference_header(seq=1, id="x")
    digest = payload_digest('{"a":1}')
    expected = blake3.blake3(GENESIS)
    expected.update(header.encode("utf-8"))
    expected.update(digest)
    assert chain_hash(GENESIS, header, digest) == expected.digest()


def test_sealed_rows_hash_as_designed_and_stay_stable() -> None:
    """New code must write (and so verify) exactly the chain the earlier code wrote."""
    t = datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
    drafts = [
        EventDraft(
            id=f"01HX{i:022d}",
            namespace='user/"ålice"\\',
            kind="observation",
            occurred_at=t + timedelta(minutes=i),
            recorded_at=t,
            payload=ObservationPayload(type="utterance", content=f"héllo {i} \n", source="user"),
            causation_id=None if i == 0 else f"01HX{i - 1:022d}",
            doc="x",
        )
        for i in range(3)
    ]
    rows = seal(drafts, {})
    prev = GENESIS
    for d, r in zip(drafts, rows, strict=True):
        header = _reference_header(
            causation_id=d.causation_id,
            id=d.id,
            kind=d.kind,
            namespace=d.namespace,
            occurred_at=d.occurred_at.strftime(_FMT),
            recorded_at=d.recorded_at.strftime(_FMT),
            seq=r[1],
        )
        assert r[9] == prev
        assert r[10] == _reference_hash(prev, header, d.payload_json)
        prev = r[10]
    # Pinned, so that the reference above cannot drift along with the code.
    assert rows[-1][10].hex() == PINNED_TIP


# -- timestamps -------------------------------------------------------------------------------


def test_format_and_parse_time_match_strftime_and_strptime() -> None:
    rng = random.Random(11)
    zones = [
        UTC,
        timezone(timedelta(0)),  # UTC, but not the UTC singleton
        timezone(timedelta(hours=5, minutes=30)),
        timezone(-timedelta(hours=8)),
    ]
    cases = [
        datetime(999, 12, 31, 23, 59, 59, tzinfo=UTC),
        datetime(1, 1, 1, tzinfo=UTC),
        datetime(1000, 1, 1, tzinfo=UTC),
        datetime(2024, 1, 1, tzinfo=timezone(timedelta(hours=1))),
        datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
    ]
    for _ in range(3000):
        cases.append(
            datetime(
                rng.choice([rng.randint(1, 9998), rng.randint(1970, 2100)]),
                rng.randint(1, 12),
                rng.randint(1, 28),
                rng.randint(0, 23),
                rng.randint(0, 59),
                rng.randint(0, 59),
                rng.choice([0, rng.randint(0, 999_999)]),
                tzinfo=rng.choice(zones),
            )
        )
    for t in cases:
        try:
            expected = t.astimezone(UTC).strftime(_FMT)
        except OverflowError:
            continue
        if t.astimezone(UTC).year < 1000:  # strftime's unpadded year: unreadable, refused
            with pytest.raises(ValueError, match="year 1000"):
                format_time(t)
            continue
        assert format_time(t) == expected
        if len(expected) == 27:  # four-digit years round-trip
            assert parse_time(expected) == datetime.strptime(expected, _FMT).replace(tzinfo=UTC)
    with pytest.raises(ValueError):
        format_time(datetime(2024, 1, 1))
    for bad in ("2024-13-01T00:00:00.000000Z", "2024-01-01 00:00:00.000000Z", "x"):
        with pytest.raises(ValueError):
            parse_time(bad)


def test_parse_time_agrees_with_strptime_on_edge_values() -> None:
    def outcome(parse: Any, s: str) -> Any:
        try:
            return parse(s)
        except ValueError:
            return "error"

    def reference(s: str) -> datetime:
        return datetime.strptime(s, _FMT).replace(tzinfo=UTC)

    for y, mo, d, h, mi, se in itertools.product(
        ["0000", "0999", "1000", "2024", "9999"],
        ["00", "02", "12", "13"],
        ["00", "28", "29", "31", "32"],
        ["00", "23", "24"],
        ["59", "60"],
        ["59", "60", "61"],
    ):
        s = f"{y}-{mo}-{d}T{h}:{mi}:{se}.000001Z"
        assert outcome(parse_time, s) == outcome(reference, s)


# -- events -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(EVENT_CLASSES))
def test_build_event_equals_model_construct(kind: str) -> None:
    payload: Any = None
    if kind == "observation":
        payload = ObservationPayload(type="utterance", content="hi", source="user")
    fields: dict[str, Any] = {
        "id": "01HXYZ",
        "namespace": "ns",
        "kind": kind,
        "seq": 4,
        "occurred_at": T0,
        "recorded_at": T0 + timedelta(seconds=1),
        "causation_id": "01HXYA",
        "payload": payload,
        "erased": payload is None,
    }
    chain = {"payload_digest": b"\x01" * 32, "prev_hash": b"\x02" * 32, "hash": b"\x03" * 32}
    built = build_event(**fields, **chain)
    constructed = EVENT_CLASSES[kind].model_construct(
        **fields, **{k: v.hex() for k, v in chain.items()}
    )
    assert event_state(built) == event_state(constructed)
    assert built == constructed
    assert built.model_dump() == constructed.model_dump()
    assert built.model_dump_json() == constructed.model_dump_json()


# -- SQLite group commit ----------------------------------------------------------------------


def _draft(ids: IdGenerator, ns: str, text: str, *, id: str | None = None) -> EventDraft:
    return utterance_draft(ids, ns, text, T0, id=id)


@pytest.mark.parametrize(
    ("durability", "stall", "groups"), [("full", None, 2), ("full", 2.0, 1), ("normal", 2.0, 1)]
)
async def test_bad_batch_in_a_group_fails_alone(
    tmp_path: Path, durability: Durability, stall: float | None, groups: int
) -> None:
    ids = IdGenerator(seed=1)
    j = await SqliteJournal.open(tmp_path / "g.db", durability=durability, inline_stall_ms=stall)
    try:
        first = (await j.append([_draft(ids, "a", "first")]))[0]
        before = j.commits
        results = await asyncio.gather(
            # Where every commit goes to the worker ("full" with no stall budget), an
            # uncontended journal starts the first caller's transaction at once and the
            # others share the next one. Where a group of one may commit on the loop's
            # thread, a transaction starts one loop iteration later, so all four are in
            # one group.
            j.append([_draft(ids, "a", "lead")]),
            j.append([_draft(ids, "a", "alpha")]),
            j.append([_draft(ids, "a", "dupe", id=first.id)]),
            j.append([_draft(ids, "a", "beta"), _draft(ids, "a", "gamma")]),
            return_exceptions=True,
        )
        assert j.commits == before + groups
        assert isinstance(results[2], JournalConflict)
        ok = [e for r in results if isinstance(r, list) for e in r]
        assert sorted(e.seq for e in ok) == [2, 3, 4, 5]
        assert (await j.verify("a")).checked == 5
        assert await j.search("a", '"dupe"', limit=5) == []
        assert [h.seq for h in await j.search("a", '"gamma"', limit=5)] == [5]
    finally:
        await j.close()


async def test_failed_batch_that_created_an_index_table_leaves_no_stale_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_enqueue = lexqueue.enqueue

    def enqueue(conn: Any, fts: FtsIndex, rows: Any) -> None:
        rows = list(rows)
        real_enqueue(conn, fts, rows)  # the queued rows (and a new table) go in, then it fails
        if any(text == "doomed" for *_, text in rows):
            raise RuntimeError("injected fault in the lexical index")

    ids = IdGenerator(seed=2)
    j = await SqliteJournal.open(tmp_path / "t.db", durability="normal")
    try:
        await j.append([_draft(ids, "a", "taken")])
        with monkeypatch.context() as m:
            m.setattr(lexqueue, "enqueue", enqueue)
            results = await asyncio.gather(
                j.append([_draft(ids, "a", "fine")]),
                j.append([_draft(ids, "fresh", "doomed")]),  # the first write to "fresh"
                return_exceptions=True,
            )
        assert isinstance(results[0], list) and isinstance(results[1], RuntimeError)
        assert (await j.head("fresh")).seq == 0
        await j.append([_draft(ids, "fresh", "survivor")])
        assert [h.seq for h in await j.search("fresh", '"survivor"', limit=5)] == [1]
        assert (await j.verify("fresh")).ok and (await j.verify("a")).checked == 2
    finally:
        await j.close()


async def test_sequential_appends_commit_one_by_one_and_concurrent_ones_share(
    tmp_path: Path,
) -> None:
    ids = IdGenerator(seed=4)
    j = await SqliteJournal.open(tmp_path / "s.db", durability="normal")
    try:
        for i in range(5):
            await j.append([_draft(ids, "a", f"s{i}")])
        assert j.commits == 5

        async def producer(p: int) -> None:
            for i in range(10):
                await j.append([_draft(ids, "a", f"p{p}-{i}")])

        await asyncio.gather(*(producer(p) for p in range(8)))
        # Producers that await each append keep sharing transactions (not 1, 7, 1, 7, ...).
        assert j.commits - 5 <= 12
        before = j.commits
        await asyncio.gather(*(j.append([_draft(ids, "a", f"c{i}")]) for i in range(40)))
        assert j.commits <= before + 2  # at most: the first alone, the rest together
        report = await j.verify("a")
        assert report.ok and report.checked == 45 + 80
    finally:
        await j.close()


async def test_close_waits_for_queued_appends(tmp_path: Path) -> None:
    ids = IdGenerator(seed=6)
    path = tmp_path / "c.db"
    j = await SqliteJournal.open(path, durability="normal")
    pending = [asyncio.ensure_future(j.append([_draft(ids, "a", f"q{i}")])) for i in range(10)]
    await asyncio.sleep(0)  # the appends are queued, their transaction not yet committed
    await j.close()
    assert all(len(p.result()) == 1 for p in pending)
    j2 = await SqliteJournal.open(path, durability="normal")
    try:
        report = await j2.verify("a")
        assert report.ok and report.checked == 10
    finally:
        await j2.close()


# -- ids --------------------------------------------------------------------------------------


def test_id_encoding_matches_the_reference_encoder() -> None:
    from nousmem.runtime.ids import _encode, _encode_id

    rng = random.Random(9)
    values = [0, 1, (1 << 48) - 1, (1 << 80) - 1, 1 << 80, -1, -(1 << 20)]
    for _ in range(20000):
        ms = rng.choice([*values, rng.getrandbits(48), rng.getrandbits(55), -rng.getrandbits(30)])
        rand = rng.choice([*values, rng.getrandbits(79), rng.getrandbits(80), rng.getrandbits(90)])
        assert _encode_id(ms, rand) == _encode(ms, 10) + _encode(rand, 16)
    gen = IdGenerator(seed=1)
    made = [gen.new(T0 + timedelta(milliseconds=i // 3)) for i in range(300)]
    assert made == sorted(made) and len(set(made)) == len(made)
    assert all(len(i) == 26 for i in made)
