"""The contract every journal backend passes. Subclass and implement ``create_journal``."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime.errors import ClosedError, NousmemError, StaleHead
from nousmem.runtime.events import EventDraft
from nousmem.runtime.ids import IdGenerator
from nousmem.runtime.journal.base import CachedVector, Guard, Journal
from nousmem.runtime.journal.chain import ERASED_UNRECORDED
from nousmem.runtime.payloads import ErasurePayload, ObservationPayload, OutcomePayload
from tests.helpers import utterance_draft

T0 = datetime(2024, 1, 1, tzinfo=UTC)


class JournalContract:
    """Base class of the backend contract suite (as pyeventsourcing's persistence tests)."""

    ids = IdGenerator(seed=7)

    async def create_journal(self) -> Journal:
        raise NotImplementedError

    def draft(self, ns: str = "a", text: str = "hello", i: int = 0, **kw: object) -> EventDraft:
        draft = utterance_draft(self.ids, ns, text, T0 + timedelta(seconds=i))
        return replace(draft, **kw) if kw else draft  # type: ignore[arg-type]

    def erasure(self, erased: list[str], ns: str = "a", i: int = 50) -> EventDraft:
        """The record of an erasure of ``erased`` (what the runtime appends with it)."""
        t = T0 + timedelta(seconds=i)
        return EventDraft(
            id=self.ids.new(t),
            namespace=ns,
            kind="erasure",
            occurred_at=t,
            recorded_at=t,
            payload=ErasurePayload(
                reason="privacy", targets=tuple(erased), erased_ids=tuple(erased)
            ),
        )

    async def all_events(self, j: Journal, ns: str) -> list[object]:
        return [e async for e in j.read(ns)]

    async def test_append_assigns_gapless_seq_per_namespace(self) -> None:
        j = await self.create_journal()
        try:
            a = await j.append([self.draft("a", "one", 1), self.draft("a", "two", 2)])
            b = await j.append([self.draft("b", "three", 3)])
            c = await j.append([self.draft("a", "four", 4)])
            assert [e.seq for e in a] == [1, 2]
            assert [e.seq for e in b] == [1]
            assert c[0].seq == 3
            assert c[0].prev_hash == a[1].hash
            assert (await j.head("a")).seq == 3
            assert (await j.head("empty")).seq == 0
            assert await j.namespaces() == ["a", "b"]
        finally:
            await j.close()

    async def test_read_roundtrips_events_and_filters(self) -> None:
        j = await self.create_journal()
        try:
            written = await j.append([self.draft("a", f"t{i}", i) for i in range(5)])
            t = T0
            out = await j.append(
                [
                    EventDraft(
                        id=self.ids.new(t),
                        namespace="a",
                        kind="outcome",
                        occurred_at=t,
                        recorded_at=t,
                        payload=OutcomePayload(trace_id="x", outcome="success"),
                    )
                ]
            )
            got = await self.all_events(j, "a")
            assert got[:5] == written and got[5] == out[0]
            assert [e.seq async for e in j.read("a", after_seq=3)] == [4, 5, 6]
            assert [e.seq async for e in j.read("a", until_seq=2)] == [1, 2]
            assert [e.kind async for e in j.read("a", kinds=["outcome"])] == ["outcome"]
            assert await j.get("a", written[2].id) == written[2]
            assert await j.get("b", written[2].id) is None
            assert await j.locate(written[2].id) == "a"
            assert await j.locate("nope") is None
        finally:
            await j.close()

    async def test_batch_is_all_or_nothing(self) -> None:
        j = await self.create_journal()
        try:
            first = self.draft("a", "ok", 1)
            await j.append([first])
            dup = self.draft("a", "dup", 2)
            # The second draft reuses an existing id, so the whole batch must fail.
            bad = EventDraft(
                id=first.id,
                namespace="a",
                kind="observation",
                occurred_at=T0,
                recorded_at=T0,
                payload=ObservationPayload(type="utterance", content="again", source="user"),
            )
            with pytest.raises(NousmemError):
                await j.append([dup, bad])
            assert [e.payload.content for e in await self.all_events(j, "a")] == ["ok"]
            assert (await j.head("a")).seq == 1
            assert await j.search("a", '"dup"', limit=5) == []
            assert (await j.verify("a")).ok
        finally:
            await j.close()

    async def test_duplicate_ids_inside_one_batch_fail_the_batch(self) -> None:
        j = await self.create_journal()
        try:
            one = self.draft("a", "one", 1)
            twin = EventDraft(
                id=one.id,
                namespace="a",
                kind="observation",
                occurred_at=T0,
                recorded_at=T0,
                payload=ObservationPayload(type="utterance", content="twin", source="user"),
            )
            with pytest.raises(NousmemError):
                await j.append([one, twin])
            assert (await j.head("a")).seq == 0
            assert await self.all_events(j, "a") == []
        finally:
            await j.close()

    async def test_a_guard_refuses_a_batch_planned_before_a_guarded_event(self) -> None:
        j = await self.create_journal()
        try:
            await j.append([self.draft("a", "one", 1)])
            outcome = EventDraft(
                id=self.ids.new(T0),
                namespace="a",
                kind="outcome",
                occurred_at=T0,
                recorded_at=T0,
                payload=OutcomePayload(trace_id="x", outcome="success"),
            )
            await j.append([outcome])  # seq 2, not a guarded kind
            guard = Guard("a", 1, frozenset({"observation"}))
            ok = await j.append([self.draft("a", "two", 2)], guard=guard)
            assert [e.seq for e in ok] == [3]
            with pytest.raises(StaleHead, match="seq 3"):  # "two" is past the guard now
                await j.append([self.draft("a", "late", 3)], guard=guard)
            assert (await j.head("a")).seq == 3
            assert await j.search("a", '"late"', limit=5) == []
            # Guards are per namespace, and a fresh one passes.
            await j.append([self.draft("b", "other", 4)], guard=Guard("b", 0, guard.kinds))
            await j.append([self.draft("a", "now", 5)], guard=Guard("a", 3, guard.kinds))
            assert (await j.verify("a")).checked == 4
        finally:
            await j.close()

    async def test_concurrent_appends_never_fork(self) -> None:
        j = await self.create_journal()
        try:
            results = await asyncio.gather(
                *[
                    j.append([self.draft("a", f"c{i}", i), self.draft("a", f"d{i}", i)])
                    for i in range(50)
                ]
            )
            seqs = sorted(e.seq for batch in results for e in batch)
            assert seqs == list(range(1, 101))
            for batch in results:  # a batch stays contiguous
                assert batch[1].seq == batch[0].seq + 1
            report = await j.verify("a")
            assert report.ok and report.checked == 100
        finally:
            await j.close()

    async def test_verify_ok_and_counts(self) -> None:
        j = await self.create_journal()
        try:
            await j.append([self.draft("a", f"x{i}", i) for i in range(10)])
            r = await j.verify("a")
            assert r.ok and r.checked == 10 and r.bad_seq is None
            assert (await j.verify("nothing")).checked == 0
        finally:
            await j.close()

    async def test_search_respects_namespace_and_seq(self) -> None:
        j = await self.create_journal()
        try:
            await j.append([self.draft("a", "Alice moved to Berlin", 1)])
            await j.append([self.draft("a", "Alice likes pottery", 2)])
            await j.append([self.draft("b", "Bob moved to Berlin", 3)])
            hits = await j.search("a", '"berlin"', limit=10)
            assert [h.seq for h in hits] == [1]
            assert await j.search("a", '"pottery"', limit=10, max_seq=1) == []
            assert [h.seq for h in await j.search("b", '"berlin"', limit=10)] == [1]
        finally:
            await j.close()

    async def test_search_window_ranks_only_the_newest_matches(self) -> None:
        j = await self.create_journal()
        try:
            texts = ["kayak kayak kayak trip", "kayak", "kayak lesson", "tea", "kayak again"]
            evs = await j.append([self.draft("a", t, i) for i, t in enumerate(texts)])
            best = await j.search("a", '"kayak"', limit=10)
            assert best[0].seq == 1 and {h.seq for h in best} == {1, 2, 3, 5}
            assert [h.score for h in best] == sorted((h.score for h in best), reverse=True)
            assert best[0].event_id == evs[0].id
            newest = await j.search("a", '"kayak"', limit=10, window=2)
            assert {h.seq for h in newest} == {3, 5}  # the two newest matches only
            at_3 = await j.search("a", '"kayak"', limit=10, max_seq=3, window=2)
            assert {h.seq for h in at_3} == {2, 3}
            assert [h.seq for h in await j.search("a", '"kayak"', limit=1, window=9)] == [1]
            with pytest.raises(ValueError, match="window"):
                await j.search("a", '"kayak"', limit=10, window=0)
        finally:
            await j.close()

    async def test_search_as_of_a_position_ignores_rows_appended_after_it(self) -> None:
        j = await self.create_journal()
        try:
            texts = ["kayak trip on the lake", "kayak lesson", "tea by the lake", "lake kayak"]
            await j.append([self.draft("a", t, i) for i, t in enumerate(texts)])
            before = await j.search("a", '"kayak" OR "lake"', limit=10, max_seq=4)
            # Later rows change how common "kayak" and "lake" are, and the mean row length.
            more = ["kayak", "kayak kayak", "lake lake lake shore", "a long day " * 20]
            await j.append([self.draft("a", t, 10 + i) for i, t in enumerate(more)])
            after = await j.search("a", '"kayak" OR "lake"', limit=10, max_seq=4)
            assert after == before and len(before) == 4
            assert [h.seq for h in await j.search("a", '"kayak"', limit=10)][:1] == [6]
        finally:
            await j.close()

    async def test_erase_payload_keeps_chain(self) -> None:
        j = await self.create_journal()
        try:
            evs = await j.append([self.draft("a", f"secret {i}", i) for i in range(3)])
            record = self.erasure([evs[1].id])
            seqs, appended = await j.erase_and_append("a", [evs[1].id, "missing"], [record])
            assert (seqs, [e.seq for e in appended]) == ([2], [4])
            got = await self.all_events(j, "a")
            assert got[1].payload is None and got[1].erased
            assert got[1].payload_digest == evs[1].payload_digest
            assert (await j.verify("a")).ok
            assert [h.seq for h in await j.search("a", '"secret"', limit=10)] == [1, 3]
            assert await j.erase_payloads("a", [evs[1].id]) == []  # idempotent
            # Nothing held the files: the scrub is done, for this namespace and any other.
            assert not await j.scrub_pending("a") and not await j.scrub_pending("b")
        finally:
            await j.close()

    async def test_an_erased_payload_no_erasure_event_lists_fails_verify(self) -> None:
        j = await self.create_journal()
        try:
            evs = await j.append([self.draft("a", f"secret {i}", i) for i in range(4)])
            await j.append([self.draft("b", "other wall", 9)])
            assert await j.erase_payloads("a", [evs[1].id]) == [2]  # no record appended
            r = await j.verify("a")
            assert (r.ok, r.bad_seq, r.reason, r.checked) == (False, 2, ERASED_UNRECORDED, 1)
            # A record that lists other ids, or one of another namespace, does not count.
            await j.append([self.erasure([evs[0].id]), self.erasure([evs[1].id], ns="b")])
            assert (await j.verify("a")).bad_seq == 2
            # A record appended later (as the runtime appends it: after the erased rows) does.
            await j.append([self.erasure([evs[1].id])])
            assert (await j.verify("a")).ok
            assert (await j.verify("b")).ok
        finally:
            await j.close()

    async def test_an_erased_erasure_record_accounts_for_the_rows_before_it(self) -> None:
        j = await self.create_journal()
        try:
            evs = await j.append([self.draft("a", f"secret {i}", i) for i in range(3)])
            _, (first,) = await j.erase_and_append("a", [evs[1].id], [self.erasure([evs[1].id])])
            _, (second,) = await j.erase_and_append("a", [first.id], [self.erasure([first.id])])
            assert (first.seq, second.seq) == (4, 5)
            assert (await j.verify("a")).ok
            # The first record's list is gone, so any row before it may be one it erased:
            # verify cannot tell a silent erasure there (the documented limit).
            assert await j.erase_payloads("a", [evs[0].id]) == [1]
            assert (await j.verify("a")).ok
            # After it, every erased row still needs a record that lists it.
            (late,) = await j.append([self.draft("a", "late secret", 20)])
            assert await j.erase_payloads("a", [second.id, late.id]) == [5, 6]
            r = await j.verify("a")
            assert (r.ok, r.bad_seq, r.reason) == (False, 5, ERASED_UNRECORDED)
        finally:
            await j.close()

    async def test_closed_journal_refuses(self) -> None:
        j = await self.create_journal()
        await j.close()
        with pytest.raises(ClosedError):
            await j.append([self.draft()])
        with pytest.raises(ClosedError):
            await j.load_vectors("a", "m")
        with pytest.raises(ClosedError):
            await j.store_vectors("a", "m", [CachedVector(1, b"d", b"v")])

    # -- the dense vector cache (derived, outside the chain) ----------------------------------

    @staticmethod
    def vec(seq: int, tag: bytes = b"") -> CachedVector:
        return CachedVector(seq, b"digest" + tag + bytes([seq % 256]), bytes([seq % 256]) * 8)

    async def test_vector_cache_is_per_namespace_and_model_in_seq_order(self) -> None:
        j = await self.create_journal()
        try:
            await j.append([self.draft("a", f"t{i}", i) for i in range(4)])
            await j.append([self.draft("b", "other", 9)])
            head = await j.head("a")
            await j.store_vectors("a", "m1", [self.vec(3), self.vec(1), self.vec(2)])
            await j.store_vectors("a", "m2", [self.vec(2, b"x")])
            assert await j.load_vectors("a", "m1") == [self.vec(1), self.vec(2), self.vec(3)]
            assert await j.load_vectors("a", "m1", after_seq=1) == [self.vec(2), self.vec(3)]
            assert await j.load_vectors("a", "m2") == [self.vec(2, b"x")]
            assert await j.load_vectors("a", "m3") == []
            assert await j.load_vectors("b", "m1") == []
            # A row replaces the one of its (namespace, seq, model).
            await j.store_vectors("a", "m1", [self.vec(2, b"new")])
            assert await j.load_vectors("a", "m1", after_seq=1) == [
                self.vec(2, b"new"),
                self.vec(3),
            ]
            # Rows of no event of the namespace are skipped (seq 5 is past a's head; b has 1).
            await j.store_vectors("b", "m1", [self.vec(1), self.vec(2)])
            await j.store_vectors("a", "m1", [self.vec(5), self.vec(0)])
            assert await j.load_vectors("b", "m1") == [self.vec(1)]
            assert [r.seq for r in await j.load_vectors("a", "m1")] == [1, 2, 3]
            # Outside the chain: nothing was appended, and it still verifies.
            assert await j.head("a") == head
            assert (await j.verify("a")).checked == 4
        finally:
            await j.close()

    async def test_erasure_deletes_cached_vectors_of_every_model(self) -> None:
        j = await self.create_journal()
        try:
            evs = await j.append([self.draft("a", f"secret {i}", i) for i in range(3)])
            await j.append([self.draft("b", "b one", 7), self.draft("b", "b two", 8)])
            for model in ("m1", "m2"):
                await j.store_vectors("a", model, [self.vec(s) for s in (1, 2, 3)])
                await j.store_vectors("b", model, [self.vec(2)])
            seqs, _ = await j.erase_and_append("a", [evs[1].id], [self.erasure([evs[1].id])])
            assert seqs == [2]
            for model in ("m1", "m2"):
                assert [r.seq for r in await j.load_vectors("a", model)] == [1, 3]
                assert [r.seq for r in await j.load_vectors("b", model)] == [2]  # other wall
            # An erased event never gains a vector again (a read racing the erasure).
            await j.store_vectors("a", "m1", [self.vec(2), self.vec(3, b"again")])
            assert await j.load_vectors("a", "m1") == [self.vec(1), self.vec(3, b"again")]
            assert (await j.verify("a")).ok
        finally:
            await j.close()

    async def test_reindex_leaves_out_the_docs_of_erased_events(self) -> None:
        """A rebuild read its docs before an erasure (another process's) committed: the
        replacement index must not bring the erased text back."""
        j = await self.create_journal()
        try:
            evs = await j.append([self.draft("a", f"word{i} common", i) for i in range(3)])
            docs = [(e.id, e.seq, f"word{i} common") for i, e in enumerate(evs)]
            await j.erase_and_append("a", [evs[1].id], [self.erasure([evs[1].id])])
            await j.reindex("a", docs, upto_seq=3)
            assert await j.search("a", '"word1"', limit=5) == []
            assert [h.seq for h in await j.search("a", '"common"', limit=5)] == [1, 3]
        finally:
            await j.close()

    async def test_vector_cache_pages_through_many_rows(self) -> None:
        j = await self.create_journal()
        try:
            n = 2600  # more than one load page and one store transaction
            await j.append([self.draft("a", f"t{i}", i) for i in range(n)])
            await j.store_vectors("a", "m", [self.vec(s) for s in range(n, 0, -1)])
            got = await j.load_vectors("a", "m")
            assert [r.seq for r in got] == list(range(1, n + 1))
            assert got[1029] == self.vec(1030)
            assert [r.seq for r in await j.load_vectors("a", "m", after_seq=1500)] == list(
                range(1501, n + 1)
            )
        finally:
            await j.close()
