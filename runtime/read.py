"""The read path on the runtime: query and worldview (traces of reads: ``replay.py``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from nousmem.policies.planner import LENSES
from nousmem.policies.risk import mask_secrets
from nousmem.projections.models import CONTROL_CHARS as _CONTROL
from nousmem.projections.retrieval import MemoryContext, render_prompt, render_snippets
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview_models import WorldviewSnapshot
from nousmem.runtime.asof import AsOf, parse_as_of
from nousmem.runtime.canonical import payload_digest
from nousmem.runtime.core import RuntimeCore
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.dense import DenseIndex
from nousmem.runtime.dense_cache import VectorCache, embedder_name
from nousmem.runtime.errors import InvalidInput, StaleHead
from nousmem.runtime.fingerprint import config_digest, software_version
from nousmem.runtime.inputs import check_text
from nousmem.runtime.journal.base import Guard
from nousmem.runtime.payloads import RetrievalPayload
from nousmem.runtime.query import Embedder, QueryEngine, ReadPoint, Retrieval


class _ErasedMeanwhile(Exception):
    """A read overlapped an erasure before it took the erasure gate: it starts again."""


MAX_K = 10_000
"""The most snippets a query may ask for (``k``); the budget usually binds long before."""


def _check_lens(lens: object) -> str:
    if lens not in LENSES:
        raise InvalidInput(f"must be one of {', '.join(LENSES)}", field="lens")
    return str(lens)


class ReadPath(RuntimeCore):
    """``query``, ``worldview`` and ``set_embedder``."""

    _engine: QueryEngine | None = None

    @property
    def engine(self) -> QueryEngine:
        if self._engine is None:
            self._engine = QueryEngine(self._proj, self.journal, self.namespace)
        # Every view of the namespace shares its dense index (see ``set_embedder``).
        self._engine.dense = self._shared.dense.get(self.namespace)
        return self._engine

    def set_embedder(self, embedder: Embedder | None) -> None:
        """Enable (or, with None, disable) the dense channel with a user-supplied embedder.

        It applies to this namespace in every view of the opened journal. Observations are
        embedded in batches at the next read, then incrementally; a failing embedder costs
        that read its dense channel only (the trace says why, under ``suppressed``).

        An embedder with a ``name`` (validated here: a non-empty string of at most 200
        characters without control characters) has its vectors cached in the journal under
        that name, so a later process embeds only what is new. Bad input changes nothing.
        """
        if embedder is not None and not isinstance(embedder, Embedder):
            raise InvalidInput("must have an embed(texts) method", field="embedder")
        if embedder is None:
            self._shared.dense.pop(self.namespace, None)
            return
        name = embedder_name(embedder)
        cache = None if name is None else VectorCache(self.journal, self.namespace, name)
        self._shared.dense[self.namespace] = DenseIndex(embedder, cache)

    def _setup_digest(self) -> str:
        """Digest of what shapes this namespace's reads besides the journal."""
        dense = self._shared.dense.get(self.namespace)
        embedder = None
        if dense is not None:
            # The name was validated by set_embedder, and the vector cache holds it.
            e = dense.embedder
            embedder = (
                dense.cache.model
                if dense.cache is not None
                else f"unnamed:{type(e).__module__}.{type(e).__qualname__}"
            )
        return config_digest(self._proj.config, embedder)

    async def _position(self, as_of: datetime | int | str | None) -> AsOf:
        await self._refresh()
        return parse_as_of(
            as_of, head_seq=self._proj.applied_seq, naive=self.config.input.naive_datetimes
        )

    def _point(self, at: AsOf) -> ReadPoint:
        """A seq reads the journal prefix; a datetime reads everything with event time <= it."""
        return ReadPoint(seq=at.seq if at.seq is not None else self._proj.applied_seq, time=at.time)

    @reads_dates
    async def worldview(
        self,
        lens: str = "logical",
        *,
        as_of: datetime | int | str | None = None,
        entities: list[str] | None = None,
    ) -> WorldviewSnapshot:
        """Slots with their candidates and score components, through ``lens``."""
        self._check_open()
        lens = _check_lens(lens)
        if entities is not None and (
            not isinstance(entities, list | tuple) or not all(isinstance(e, str) for e in entities)
        ):
            raise InvalidInput("must be a list of entity names", field="entities")
        check_text(list(entities or ()), "entities")
        at = self._point(await self._position(as_of))
        now = at.time or self._proj.now(at.seq)
        return self._proj.worldview.snapshot(
            lens=lens,
            beliefs=self._proj.beliefs,
            state_of=self.engine.read_states(at, now),
            trust=self.config.trust.trust,
            as_of_seq=at.seq,
            as_of_time=at.time,
            now=now,
            entities=entities,
            expired=self.engine.expired_attribute,
        )

    def _validate_query(self, question: object, lens: object, budget: object, k: object) -> None:
        if not isinstance(question, str) or not question.strip():
            raise InvalidInput("must be a non-empty string", field="question")
        if len(question) > 4000:
            raise InvalidInput("must be at most 4000 characters", field="question")
        check_text(question, "question")
        _check_lens(lens)
        if not isinstance(budget, int) or isinstance(budget, bool) or not 16 <= budget <= 200_000:
            raise InvalidInput("must be an int between 16 and 200000", field="budget_tokens")
        if k is not None and (not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K):
            raise InvalidInput(f"must be an int between 1 and {MAX_K}, or None", field="k")

    def _context(
        self, r: Retrieval, question: str, lens: str, budget: int, trace_id: str | None
    ) -> MemoryContext:
        sections = {
            "worldview": r.worldview_text,
            "snippets": render_snippets(
                r.snippets, grouped=self._proj.config.retrieval.group_by_date
            ),
        }
        return MemoryContext(
            question=question,
            lens=lens,
            worldview=r.worldview,
            snippets=tuple(r.snippets),
            suppressed=tuple(r.suppressed),
            prompt_sections=sections,
            token_count=count_tokens(render_prompt(sections)),
            budget_tokens=budget,
            trace_id=trace_id,
            as_of_seq=r.as_of_seq,
            plan=r.plan.model_dump(mode="json"),
        )

    @reads_dates
    async def query(
        self,
        question: str,
        *,
        lens: str = "associative",
        budget_tokens: int = 1000,
        as_of: datetime | int | str | None = None,
        k: int | None = None,
        actor: str | None = None,
    ) -> MemoryContext:
        """Retrieve a context for ``question`` that fits ``budget_tokens``, and journal the
        read as a ``retrieval`` event whose id is ``context.trace_id``.

        ``actor`` is who asks, as an observation's ``actor`` is who speaks: the question's
        first person ("Where do I work?") is read as that entity.
        """
        self._check_open()
        self._validate_query(question, lens, budget_tokens, k)
        if actor is not None:
            # As an observation's actor is read: whitespace collapsed, no control characters.
            if not isinstance(actor, str) or not actor.strip():
                raise InvalidInput("must be a non-empty string or None", field="actor")
            actor = " ".join(actor.split())
            if len(actor) > 200:
                raise InvalidInput("must be at most 200 characters", field="actor")
            if _CONTROL.search(actor):
                raise InvalidInput("must not contain control characters", field="actor")
            check_text(actor, "actor")
            # Recorded in the trace's plan for good: a key here (an agent filling ``actor``
            # from an untrusted field) would stay in the journal. Masked, it names nobody.
            if mask_secrets(actor) != actor:
                raise InvalidInput("must not contain a secret", field="actor")
        # A pasted key or password is masked before anything reads or records the question:
        # the write path quarantines it, and the trace must not keep it either. The read
        # runs on the masked text, so its replay is the same read.
        masked = mask_secrets(question)
        if masked != question:
            question = masked
            self._log.info("query_secret_masked")
        # The second attempt holds this process's erasure gate from the start; another
        # process's erasure can still overlap it (rarely twice).
        for attempt in range(3):
            try:
                return await self._read_once(
                    question, lens, budget_tokens, k, as_of, attempt > 0, actor
                )
            except _ErasedMeanwhile:
                self._log.info("read overlapped an erasure; reading again")
        raise StaleHead("erasures by another process kept overlapping this read")

    async def _read_once(
        self,
        question: str,
        lens: str,
        budget_tokens: int,
        k: int | None,
        as_of: datetime | int | str | None,
        inside: bool,
        actor: str | None = None,
    ) -> MemoryContext:
        """One attempt at a read. ``inside``: hold the erasure gate from the start (else
        from assembly on, raising :class:`_ErasedMeanwhile` if an erasure overlapped)."""
        gate = self._erasure_gate
        held = False

        async def admit() -> None:
            nonlocal held
            if not held:
                await gate.enter_read()
                held = True
            if gate.epoch != epoch:
                # An erasure ran while this read planned and searched: its plan and hits may
                # name what was erased.
                raise _ErasedMeanwhile

        try:
            if inside:  # no erasure can overlap this attempt
                await gate.enter_read()
                held = True
            epoch = gate.epoch
            at = self._point(await self._position(as_of))
            return await self._query(question, lens, budget_tokens, k, at, admit, actor)
        finally:
            if held:
                gate.leave_read()

    async def _query(
        self,
        question: str,
        lens: str,
        budget_tokens: int,
        k: int | None,
        at: ReadPoint,
        admit: Callable[[], Awaitable[None]],
        actor: str | None = None,
    ) -> MemoryContext:
        # Assembly and the trace's commit run inside the erasure gate: an erasure either
        # finished before (its rebuilt projections are read) or waits for the trace, which
        # it then scans like any other record.
        seq = at.seq
        # What the read folded: another process's erasure committed after it (this
        # process's own wait at the gate) must not see its value recorded in the trace.
        folded = self._proj.applied_seq
        r = await self.engine.run(
            question,
            lens=lens,
            budget_tokens=budget_tokens,
            at=at,
            k=k,
            trust=self.config.trust.trust,
            admit=admit,
            actor=actor,
        )
        ctx = self._context(r, question, lens, budget_tokens, None)
        now = self._now()
        draft = self._draft(
            "retrieval",
            RetrievalPayload(
                question=question,
                lens=lens,
                budget_tokens=budget_tokens,
                k=k,
                as_of_seq=seq,
                as_of_time=at.time,
                plan=r.plan.model_dump(mode="json"),
                candidates=tuple(r.candidates),
                selected=tuple(s.id for s in r.snippets),
                worldview=tuple(r.worldview_shown),
                suppressed=tuple({"id": s.id, "reason": s.reason} for s in r.suppressed[:200]),
                activation=r.activation,
                context_digest=payload_digest(ctx.to_prompt()).hex(),
                token_count=ctx.token_count,
                config_digest=self._setup_digest(),
                version=software_version(),
            ),
            occurred_at=self._proj.now(seq) or now,
            recorded_at=now,
        )
        try:
            (event,) = await self._commit(
                [draft], Guard(self.namespace, folded, frozenset({"erasure"}))
            )
        except StaleHead:
            raise _ErasedMeanwhile from None  # read again, from the erased journal
        self._log.debug("query", trace_id=event.id, selected=len(r.snippets))
        return ctx.model_copy(update={"trace_id": event.id})
