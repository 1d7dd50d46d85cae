"""Privacy erasure: remove content from the journal and every projection, keep the chain.

The targeted events and everything derived from them lose their payloads (headers and
payload digests stay, so ``verify()`` still passes); one ``erasure`` event records what was
erased; projections are rebuilt without the content. Later belief revisions of a touched
dimension carried the erased values in their priors, so they are erased too and re-derived
from their own (surviving) inputs, as are surviving confirmations that no longer only
confirm. What is reached is planned in :mod:`.erasure_plan`, what is re-derived in
:mod:`.erasure_redo`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from nousmem.policies.risk import mask_secrets
from nousmem.policies.validators import ValidatorStack
from nousmem.projections.belief_models import match_key
from nousmem.runtime.canonical import payload_digest
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.erasure_match import mentions, names, redact_mentions
from nousmem.runtime.erasure_plan import (
    MergeLog,
    closure,
    quoted_claims,
    rederive_plan,
    references,
)
from nousmem.runtime.erasure_reads import quoted_texts, quotes_turn, read_notes
from nousmem.runtime.erasure_redo import outcomes, redos
from nousmem.runtime.errors import InvalidInput, StaleHead
from nousmem.runtime.events import KINDS, EventDraft
from nousmem.runtime.inputs import check_reason, check_text
from nousmem.runtime.journal.base import Guard
from nousmem.runtime.payloads import BeliefRevisedPayload, ErasurePayload
from nousmem.runtime.read import ReadPath
from nousmem.runtime.retry import GUARDED_RETRIES, backoff


class ErasureReceipt(BaseModel):
    """Every event and projection row an erasure touched."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    erasure_event_id: str
    erased_event_ids: tuple[str, ...]
    erased_seqs: tuple[int, ...]
    rederived_event_ids: tuple[str, ...] = ()
    projection_rows: dict[str, int]
    lexical_rows_removed: tuple[int, ...] = ()
    verified: bool
    storage_scrubbed: bool = True
    """False when the erased bytes could not yet be removed from the database files (a
    reader elsewhere held an old snapshot of the WAL for longer than the erasure waits): the
    journal and every read no longer hold them, the files still do until the next erasure
    or open of the journal folds the WAL (``await rt.journal.scrub_pending(namespace)``)."""

    def render(self) -> str:
        lines = [
            f"erasure event   {self.erasure_event_id}",
            f"events erased   {len(self.erased_event_ids)} (seqs {list(self.erased_seqs)})",
            f"re-derived      {len(self.rederived_event_ids)} belief revision(s)",
            f"lexical rows    {len(self.lexical_rows_removed)} removed",
        ]
        lines += [f"{k:<15} {v} row(s) purged" for k, v in sorted(self.projection_rows.items())]
        lines.append(f"chain verified  {'yes' if self.verified else 'NO'}")
        lines.append(
            "files scrubbed  "
            + (
                "yes"
                if self.storage_scrubbed
                else "NOT YET (a reader holds the WAL; the next"
                " erasure or open of the journal finishes it)"
            )
        )
        lines += [f"  erased {i}" for i in self.erased_event_ids]
        return "\n".join(lines)


ALL_KINDS = frozenset(KINDS)


class _Plan(NamedTuple):
    ordered: list[str]
    """Ids to erase, in journal order."""
    drafts: list[EventDraft]
    """The ``erasure`` record, then the re-derived revisions."""
    targets: frozenset[str]
    """Every id the plan erases (``ordered`` and those already erased)."""
    dims: frozenset[tuple[str, str]]
    """Belief dimensions whose later revisions quote erased evidence (under every name)."""
    dead: frozenset[str]
    """Belief candidate ids (under every name) only erased evidence supported."""
    quoted: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Erased turns' texts a read's question may hold (see quoted_texts)."""


_ID = re.compile(r"\b[0-9A-Z]{26}\b")  # an event id inside a record's text


def _tail_matters(tail: Sequence[Any], plan: _Plan, pat: re.Pattern[str] | None) -> bool:
    """Whether events appended after an erasure was planned could change its plan: they name
    the entity, cite or are caused by an erased record, revise (or assess) a touched belief,
    name a value only erased evidence held, or merge or erase themselves. Conservative: a
    false yes costs a new plan, a false no would leave content unerased."""
    for e in tail:
        p = e.payload
        if p is None:
            continue
        if e.kind in ("identity.merged", "erasure") or e.causation_id in plan.targets:
            return True
        if pat is not None and names(pat, p):
            return True
        if e.kind == "retrieval":
            # A read's selected ids quote nothing; the worldview values it showed and its
            # question (the user's turn, read before it was recorded) do.
            if plan.dead.intersection(p.worldview) or quotes_turn(p.question, *plan.quoted):
                return True
            if plan.dead and any(d in read_notes(p) for d in plan.dead):
                return True
            continue
        text = p.model_dump_json()
        if plan.targets.intersection(_ID.findall(text)) or any(d in text for d in plan.dead):
            return True
        claims = [p.revision] if e.kind == "belief.revised" else quoted_claims(e)
        if any((match_key(c.entity), c.attribute) in plan.dims for c in claims):
            return True
    return False


def _check_erasable(events: Sequence[Any], event_ids: Sequence[str]) -> None:
    by_id = {e.id: e for e in events}
    for i, eid in enumerate(event_ids):
        if eid not in by_id:
            raise InvalidInput(f"no event {eid!r} in this namespace", field=f"event_ids.{i}")
        if by_id[eid].kind == "erasure":
            # The record of an erasure is what proves it happened (and holds no content of
            # its own: entity names in its reason are already masked); without it,
            # projections cannot tell what was erased and rebuild on every read.
            raise InvalidInput("an erasure record cannot be erased", field=f"event_ids.{i}")


class Erasure(ReadPath):
    """``erase``."""

    validators: ValidatorStack  # the write planner's (a claim re-derived must pass it)

    @reads_dates
    async def erase(
        self,
        *,
        event_ids: Sequence[str] | None = None,
        entity: str | None = None,
        reason: str,
    ) -> ErasureReceipt:
        """Erase events (and what derives from them) or everything about an entity."""
        self._check_open()
        if (event_ids is None) == (entity is None):
            raise InvalidInput("give exactly one of event_ids or entity", field="event_ids")
        reason = mask_secrets(check_reason(reason))  # an erasure record is never erased
        if entity is not None and (not isinstance(entity, str) or not entity.strip()):
            raise InvalidInput("must be a non-empty string", field="entity")
        if entity is not None and not re.search(r"\w", entity):
            raise InvalidInput("an entity name needs at least one letter or digit", field="entity")
        if event_ids is not None and (
            isinstance(event_ids, str) or not isinstance(event_ids, Sequence) or not event_ids
        ):
            raise InvalidInput("must be a non-empty list of event ids", field="event_ids")
        for i, eid in enumerate(event_ids or ()):
            # As forget() refuses its targets: an id that is not a string (an unhashable one
            # would be a TypeError in the lookups below) is named by its position.
            if not isinstance(eid, str) or not eid:
                raise InvalidInput("must be a non-empty string", field=f"event_ids.{i}")
        check_text(entity, "entity")
        check_text(list(event_ids or ()), "event_ids")
        # No read is in flight while the journal is scanned for records that name what is
        # erased, and none starts before the projections are rebuilt (runtime/gate.py).
        async with self._erasure_gate.erasure():
            async with self._write_lock, self.journal.planning():
                await self._refresh(locked=True)
                events = [e async for e in self.journal.read(self.namespace)]
                if event_ids is not None:
                    _check_erasable(events, event_ids)
                pat = mentions(entity.strip()) if entity is not None else None
                plan = self._erasure_plan(events, event_ids, entity, reason)
                replans = tries = 0
                while True:
                    before = self._rows_snapshot()
                    # Whatever was appended since the scan (an observe() of this process,
                    # another process's writes, its reads' traces) may name what is erased:
                    # the commit checks in its own transaction that nothing was appended.
                    last = events[-1].seq if events else 0
                    try:
                        seqs, appended = await self.journal.erase_and_append(
                            self.namespace,
                            plan.ordered,
                            plan.drafts,
                            guard=Guard(self.namespace, last, ALL_KINDS),
                        )
                        break
                    except StaleHead:
                        tries += 1
                        tail = [e async for e in self.journal.read(self.namespace, after_seq=last)]
                        events += tail
                        # A tail that changes nothing (another process's reads, unrelated
                        # writes) only moves the guard: the same plan is committed at once,
                        # so a stream of them cannot starve the erasure. Else plan again.
                        if _tail_matters(tail, plan, pat):
                            replans += 1
                            if replans == GUARDED_RETRIES:
                                raise
                            self._log.info("erasure planning again", attempt=replans)
                            await backoff(replans)
                            await self._refresh(locked=True)
                            # All of it again: another erasure may have nulled payloads
                            # this process read before (they must not be re-derived).
                            events = [e async for e in self.journal.read(self.namespace)]
                            plan = self._erasure_plan(events, event_ids, entity, reason)
                        elif tries > 50 * GUARDED_RETRIES:
                            raise
                dense = self._shared.dense.get(self.namespace)
                if dense is not None:
                    dense.drop(plan.ordered)  # vectors of erased text must go too
                # Still under the write lock: a write queued behind the erasure must plan
                # against projections that no longer hold what was erased (and a close
                # waits for the receipt).
                await self._rebuild_locked(reindex=False)
                after = self._rows_snapshot()
                report = await self.verify()
                pending = await self.journal.scrub_pending(self.namespace)
        return ErasureReceipt(
            erasure_event_id=plan.drafts[0].id,
            erased_event_ids=tuple(plan.ordered),
            erased_seqs=tuple(sorted(seqs)),
            rederived_event_ids=tuple(e.id for e in appended[1:]),
            projection_rows={k: max(0, before[k] - after.get(k, 0)) for k in before},
            lexical_rows_removed=tuple(sorted(seqs)),
            verified=report.ok,
            storage_scrubbed=not pending,
        )

    def _erasure_plan(
        self,
        events: Sequence[Any],
        event_ids: Sequence[str] | None,
        entity: str | None,
        reason: str,
    ) -> _Plan:
        """What an erasure over ``events`` erases and appends (its record first)."""
        if event_ids is not None:
            seeds = set(event_ids)
        else:
            assert entity is not None
            pat = mentions(entity.strip())
            seeds = {
                e.id
                for e in events
                if e.payload is not None and e.kind != "erasure" and names(pat, e.payload)
            }
            reason = redact_mentions(pat, reason, "[erased entity]")
        log = MergeLog(events)
        targets, dims = closure(events, seeds, log)
        cfg = self.config
        redone = redos(
            events,
            targets,
            rederive_plan(events, targets),
            dims,
            log,
            schema=cfg.attributes,
            params=cfg.beliefs,
            router=cfg.router,
            min_confidence=self.validators.min_confidence(),
        )
        quoted = quoted_texts(events, targets)
        referring, dead = references(events, targets, redone, log, quoted)
        targets |= referring
        now = self._now()
        at = self._proj.last_occurred_at or now
        # Already-erased events are not erased again (nor listed as such).
        ordered = [e.id for e in events if e.id in targets and e.payload is not None]
        head = self._draft(
            "erasure",
            ErasurePayload(
                reason=reason.strip(),
                targets=tuple(sorted(seeds & set(event_ids or ()))) if event_ids else (),
                erased_ids=tuple(ordered),
                entity_digest=payload_digest(match_key(entity)).hex() if entity else None,
            ),
            occurred_at=at,
            recorded_at=now,
        )
        drafts = [head]
        results = outcomes(events, targets, redone, schema=cfg.attributes, params=cfg.beliefs)
        for redo, outcome in zip(redone, results, strict=True):
            payload = BeliefRevisedPayload(
                revision=redo.revision,
                outcome=outcome,
                valid_at=redo.valid_at,
                valid_label=redo.valid_label,
                rederived=True,
            )
            drafts.append(
                self._draft(
                    "belief.revised",
                    payload,
                    occurred_at=redo.occurred_at,
                    recorded_at=now,
                    # The original's cause, not this erasure: erasing that cause later (a
                    # policy whose claim it journaled, the observation of a confirmation)
                    # must take the copy with it too.
                    causation_id=redo.causation_id or head.id,
                )
            )
        return _Plan(
            ordered,
            drafts,
            frozenset(targets),
            frozenset(dims),
            frozenset(dead),
            quoted,
        )

    def _rows_snapshot(self) -> dict[str, int]:
        p = self._proj
        return {
            "beliefs": sum(len(p.beliefs.dimensions(n)) for n in p.beliefs.entities()),
            "documents": len(p.docs),
            "graph_edges": len(p.graph.edges()),
            "worldview_support": sum(len(v) for v in p.worldview.support.values()),
            "lifecycle": len(p.lifecycle.hidden()),
        }
